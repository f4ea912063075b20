// Start split across executions (issue 26): every start call within 4 minutes on the pessimistic
// latencies, for a large match of this game (twenty calls to Google a player's files).
import { describe, expect, it } from 'vitest';
import { LATENCY } from '../../../src/triggers/google/latency.js';
import { costOf } from '../../reliability/cost.js';
import { emailsOf, setupOf } from '../../reliability/scenarios.js';
import { Table } from '../../sandbox/players.js';

describe('Start split across executions', () => {
  it('on a slow day at Google (the pessimistic latencies) every start call stays within 4 minutes', () => {
    const c = { game: 'pasture', players: 10, minutes: { default: 1440 } };
    const table = new Table(c.game, emailsOf(c));
    // The fake clock runs as the calls take: the start sees its own time pass.
    table.google.onCall = (call, _index, when) => {
      if (when === 'after') table.google.clock.advance(costOf(call, 'pessimistic') / 1000);
    };
    expect(table.startMatch(setupOf(c)).ok).toBe(true);
    const calls = table.google.executions.filter((e) => e.name === 'startMatch');
    const ms = calls.map(
      (e) => LATENCY.executionStart.pessimistic + e.calls.reduce((n, call) => n + costOf(call, 'pessimistic'), 0),
    );
    // Five players' files were one call: some twenty calls to Google each, over 4 minutes in all.
    expect(Math.max(...ms)).toBeLessThanOrEqual(240_000);
    expect(calls.length).toBeGreaterThan(3);
  });
});
