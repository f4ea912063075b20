// What the fault sweeps fault (issue 45): not only writes. Reads, emails (MailApp) and fetches
// (UrlFetchApp: Discord) are refused, time out and answer late too, and each sweep lists the kinds
// it faulted. A reminder tick with Discord on is swept here (it reads, writes, emails and posts),
// and every kind of call a whole match makes is among the kinds the sweeps fault.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { CALL_KINDS, callKind } from '../sandbox/calls.js';
import { DEFAULT_FAULTS, Table } from '../sandbox/players.js';
import { EMAILS, smallMatchSetup } from '../sandbox/small-match.js';
import { summary } from './fault-suite.js';
import { sweep } from './faults.js';

const WEBHOOK =
  'https://discord.com/api/webhooks/123456789012345678/faultSweepToken_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN';

function startWithDiscord(): Table {
  const table = new Table(EXAMPLE_GAME.id, EMAILS, { ...DEFAULT_FAULTS, invalidEvery: 1000 });
  table.google.discord.webhooks.add(WEBHOOK);
  table.google.promptAnswers.push({ button: 'OK', text: WEBHOOK });
  table.run('discordWebhook');
  const setup = smallMatchSetup();
  expect(table.startMatch(setup).ok).toBe(true);
  table.clockTriggers(30);
  table.google.clock.set('2026-11-21T18:00:30.000Z');
  table.fire('CLOCK');
  return table;
}

describe('the fault sweeps fault every kind of call', () => {
  it('a reminder tick with Discord on: reads, writes, emails and posts each refused, timed out and answered late', () => {
    const table = startWithDiscord();
    table.google.clock.set('2026-11-21T18:55:10.000Z');
    const result = sweep(
      {
        label: 'reminder tick',
        table,
        act: (t) => t.sandbox.fire('CLOCK'),
        after: (t) => {
          t.google.clock.set('2026-11-21T18:57:00.000Z');
          t.sandbox.fire('CLOCK');
        },
      },
      'sample',
    );
    console.log(`[faults] ${result.label}: ${summary([result])}; faulted ${result.faulted.join(', ')}`);
    expect(result.called).toEqual([...CALL_KINDS].sort());
    for (const kind of CALL_KINDS)
      for (const mode of ['quota', 'timeout', 'late']) expect(result.faulted).toContain(`${kind} ${mode}`);
    // And every kind of call a whole match makes (start, answers, ticks, reminders, posts) is one of them.
    table.playToEnd();
    const made = new Set(table.google.executions.flatMap((e) => e.calls.filter((c) => c.remote).map(callKind)));
    for (const kind of made) expect(result.faulted, kind).toContain(`${kind} quota`);
  }, 600_000);
});
