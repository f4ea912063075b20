// Start split across executions (issue 26): every start call within 4 minutes on the pessimistic
// latencies, for a large match of this game (twenty calls to Google a player's files).
import { describe, expect, it } from 'vitest';
import { LATENCY } from '../../../src/triggers/latency.js';
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

/** Calls that change a form's questions (FormApp: an item added, moved, deleted or set). */
const itemCalls = (e: { calls: readonly { name: string }[] }) =>
  e.calls.filter((call) => /^FormItem\.|^Form\.(add|move|delete)/.test(call.name)).length;

describe('Start makes the forms ready, not the triggers', () => {
  it("on a slow day at Google the start calls show every form its first phase's questions, the triggers none, and answers map back", () => {
    const c = { game: 'pasture', players: 10, minutes: { default: 1440 } };
    const table = new Table(c.game, emailsOf(c));
    table.google.onCall = (call, _index, when) => {
      if (when === 'after') table.google.clock.advance(costOf(call, 'pessimistic') / 1000);
    };
    expect(table.startMatch(setupOf(c)).ok).toBe(true);
    const starts = table.google.executions.filter((e) => e.name === 'startMatch');
    // The first drawing (after the log) leaves forms late in its call: the next start calls show them.
    expect(starts.reduce((n, e) => n + itemCalls(e), 0)).toBeGreaterThan(0);
    const state = JSON.parse(table.google.properties.get('gh.state')!) as { formsLeft?: boolean };
    expect(state.formsLeft).toBeUndefined();
    // Every start call stays within Apps Script's limit, with a margin (see the test above).
    for (const e of starts)
      expect(
        LATENCY.executionStart.pessimistic + e.calls.reduce((n, call) => n + costOf(call, 'pessimistic'), 0),
      ).toBeLessThanOrEqual(240_000);
    // The triggers, from now until the pregame's answers come in, change no form's questions.
    const before = table.google.executions.length;
    table.fire('CLOCK');
    table.google.clock.advance(3600);
    table.fire('CLOCK');
    expect(table.google.executions.slice(before).map(itemCalls)).toEqual([0, 0]);
    // An answer sent through a form made ready at the start counts for its question.
    const open = table.state().open!;
    const player = table.players()[0].id;
    const questions = open.phase.questions[player];
    expect(questions.map((q) => q.id)).toEqual(['start']);
    expect(table.sendForm(player, { start: 'C12' }, questions)).toBe(true);
    const receipts = table.state().receipts.filter((r) => r.player === player);
    expect(receipts.map((r) => r.status)).toEqual(['accepted']);
  });
});
