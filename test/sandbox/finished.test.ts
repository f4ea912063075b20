// A finished match costs nothing (issue 42, src/triggers/schedule/retire.ts): the execution that finds the
// match over with nothing left to do removes its triggers, so none is left a day after the end and
// none fires; Undo last phase installs them again, and the reopened phase closes on its own.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { LATENCY } from '../../src/triggers/google/latency.js';
import { Table, logOf } from './players.js';

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev'];
const DAY_S = 24 * 60 * 60;

/** A match of the example game played to its end, the clock triggers running as Apps Script runs them. */
function finished(): Table {
  const emails = NAMES.map((n) => `${n.toLowerCase()}@example.com`);
  const table = new Table(EXAMPLE_GAME.id, emails);
  const setup = {
    game: EXAMPLE_GAME.id,
    players: NAMES.map((name, i) => ({ name, email: emails[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60 },
    deadlines: {},
  };
  expect(table.startMatch(setup).ok).toBe(true);
  table.clockTriggers(30, LATENCY.oneShotDelay.pessimistic);
  table.playToEnd();
  expect(table.state().final).not.toBeNull();
  return table;
}

/** The executions that started in the clock's window [from, to) (ms). */
const startedIn = (table: Table, from: number, to: number) =>
  table.google.executions.filter((e) => e.at >= from && e.at < to);

describe('a finished match', () => {
  it('leaves no trigger a day after its end, and none fires that day', () => {
    const table = finished();
    const end = table.google.clock.now();
    // Whatever the end left over (forms to change, a one-shot trigger's late run) is done within the hour.
    table.google.clock.advance(60 * 60);
    expect(table.google.triggers).toEqual([]);
    const quietFrom = table.google.clock.now();
    table.google.clock.advance(DAY_S);
    expect(startedIn(table, quietFrom, table.google.clock.now())).toEqual([]);
    expect(table.google.triggers).toEqual([]);
    // The match still shows its result: a leftover run did not undo or lose anything.
    expect(startedIn(table, end, quietFrom).every((e) => !e.error)).toBe(true);
    expect(table.google.properties.get('gh.retired')).toBe('all');
  });

  it('Undo last phase installs the triggers again; the reopened phase closes by them, and they go again', () => {
    const table = finished();
    table.google.clock.advance(60 * 60);
    expect(table.google.triggers).toEqual([]);
    const closedBefore = table.state().closed.length;
    table.google.promptAnswers.push({ button: 'OK', text: '+1h' });
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('undoLastPhase');
    expect(table.state().open).not.toBeNull();
    expect(table.google.triggers.map((t) => t.handler).sort()).toEqual(
      expect.arrayContaining(['onFormSubmitted', 'onRowEdited', 'onTick']),
    );
    expect(table.google.properties.get('gh.retired')).toBeUndefined();
    // Nobody answers: the reopened phase's new deadline (an hour on) closes it, on the clock triggers alone.
    table.google.clock.advance(2 * 60 * 60);
    const after = table.state();
    expect(after.open).toBeNull();
    expect(after.final).not.toBeNull();
    expect(after.closed.length).toBe(closedBefore);
    expect(logOf(table.sandbox).events?.some((e) => e.type === 'reopen')).toBe(true);
    table.google.clock.advance(60 * 60);
    expect(table.google.triggers).toEqual([]);
  });
});
