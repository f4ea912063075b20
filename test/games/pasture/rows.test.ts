// Public rows through the shared sheet's edit trigger (src/triggers/answers/row-edits.ts, docs/google.md
// "Public rows"): the trigger fires on a person's edit and never on the add-on's own writes, runs as
// the host who installed it, and a row edited at any moment around a deadline counts as on time
// exactly when it was edited before the deadline (at it, as every answer: the engine's rule).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ReplayResult } from '../../../src/engine/index.js';
import { ANSWERS_TAB } from '../../../src/triggers/answers/public-rows.js';
import { botAnswers } from '../../reliability/scenarios.js';
import { HOST, Table, logOf } from '../../sandbox/players.js';

const START = '2026-11-21T18:00:00.000Z';
const PLAYERS = ['Ann', 'Ben'].map((name) => ({ name, email: `${name.toLowerCase()}@example.com`, garnets: 0 }));
const SETUP = {
  game: 'pasture',
  players: PLAYERS,
  startAt: START,
  timeZone: 'Europe/London',
  minutes: { default: 60, plans: 30 },
  deadlines: {},
  options: { rounds: 1 },
};
/** No faults: every answer valid, every trigger fires once, ticks on time. */
const CALM = { invalidEvery: 10_000, missSubmitEvery: 10_000, doubleSubmitEvery: 10_000, tickLateSeconds: [5] };

/** A Pasture match whose fence-plans phase is open, nobody having typed a plan yet. */
function atPlans(): { t: Table; plans: ReplayResult['open'] & object } {
  const t = new Table(
    'pasture',
    PLAYERS.map((p) => p.email),
    CALM,
    '2026-11-21T17:00:00.000Z',
  );
  expect(t.startMatch(SETUP).ok).toBe(true);
  t.playPhase();
  const open = t.state().open!;
  expect(open.phase.id).toBe('round-1/plans');
  return { t, plans: open };
}

/** Ann's fence plan as her bot would type it (valid: inside her pasture). */
function annPlan(t: Table): string {
  const bot = botAnswers(t, 'p1')!;
  return String(bot.answers.plan);
}

describe("the shared sheet's edit trigger", () => {
  it("fires on a person's edit of the answers tab, as the host who installed it, and never on the add-on's own writes", () => {
    const { t } = atPlans();
    // Start and every phase so far wrote the answers tab through the Sheets API: no edit execution.
    const edits = () => t.google.executions.filter((e) => e.name === 'onRowEdited');
    expect(edits()).toHaveLength(0);
    const trigger = t.google.triggers.find((x) => x.kind === 'ON_EDIT')!;
    expect(trigger).toMatchObject({ handler: 'onRowEdited', owner: HOST, source: t.sharedId() });
    let ranAs = '';
    t.google.onCall = () => {
      ranAs = t.google.currentUser;
    };
    // The event's `source` is the file the script is bound to, the host's ("Event objects"), not
    // the shared sheet whose edit fired it: the add-on must still hear the edit.
    let sourceId = '';
    let editedId = '';
    const fireEdit = t.google.onUserEdit!;
    t.google.onUserEdit = (trig, edit) => {
      const event = t.google.editEvent(trig, edit, t.google.eventHandles!) as {
        source: { getId(): string };
        range: { getSheet(): { getParent(): { getId(): string } } };
      };
      sourceId = event.source.getId();
      editedId = event.range.getSheet().getParent().getId();
      fireEdit(trig, edit);
    };
    const plan = annPlan(t);
    t.typeRow('p1', { plan }, t.state().open!.phase.questions.p1);
    t.google.onCall = null;
    t.google.onUserEdit = fireEdit;
    expect(edits()).toHaveLength(1);
    expect(ranAs).toBe(HOST);
    expect(sourceId).toBe(t.google.host.id);
    expect(editedId).toBe(t.sharedId());
    // It recorded the edit and woke the ticks; it read no row, took no lock and wrote no log.
    expect(
      edits()[0]
        .calls.map((c) => c.name)
        .filter((n) => /^(Sheets|Lock)\./.test(n)),
    ).toEqual([]);
    expect([...t.google.properties.keys()].filter((k) => k.startsWith('gh.edit.'))).toHaveLength(1);
    expect(t.google.properties.has('gh.quiet')).toBe(false);
    // The next tick logs it, with the time of the edit; no Sheets read of the rows.
    t.google.clock.advance(40);
    t.fire('CLOCK');
    const tick = t.google.executions.at(-1)!;
    expect(tick.calls.filter((c) => c.name === 'Sheets.Spreadsheets.Values.get')).toHaveLength(1); // the log, not the rows
    const row = logOf(t.sandbox).submissions.filter((s) => s.via === 'row');
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({
      player: 'p1',
      phase: 'round-1/plans',
      answers: { plan },
      at: new Date(edits()[0].at).toISOString(),
    });
    expect([...t.google.properties.keys()].filter((k) => k.startsWith('gh.edit.'))).toHaveLength(0);
    expect(t.google.spreadsheet(t.sharedId()).workbook.sheetByTitle(ANSWERS_TAB)).toBeDefined();
  });

  it('a row edited at any moment around a deadline counts as on time exactly when it was edited before the deadline', () => {
    const { t, plans } = atPlans();
    const deadline = Date.parse(plans.timing.deadline!);
    const snapshot = t.google.snapshot();
    const questions = plans.phase.questions.p1;
    const plan = annPlan(t);
    const check = (offsetMs: number, tickLateMs: number, earlyTick: boolean) => {
      t.google.restore(snapshot);
      // Ticks before the edit find nothing to do (the quiet pointer), whatever their timing.
      if (earlyTick) {
        t.google.clock.set(new Date(deadline + Math.min(offsetMs, 0) - 30_000).toISOString());
        t.fire('CLOCK');
      }
      t.google.clock.set(new Date(deadline + offsetMs).toISOString());
      t.typeRow('p1', { plan }, questions);
      // The first tick after both the edit and the deadline, however late.
      t.google.clock.set(new Date(Math.max(deadline, deadline + offsetMs) + tickLateMs).toISOString());
      t.fire('CLOCK');
      const result = t.state();
      const receipts = result.receipts.filter((r) => r.player === 'p1' && r.phase === 'round-1/plans');
      expect(receipts, `edit at deadline ${offsetMs >= 0 ? '+' : ''}${offsetMs} ms`).toHaveLength(1);
      const onTime = offsetMs <= 0;
      expect(
        receipts[0].status === 'accepted',
        `edit at deadline ${offsetMs >= 0 ? '+' : ''}${offsetMs} ms, tick ${tickLateMs} ms later`,
      ).toBe(onTime);
      if (!onTime) expect(receipts[0].reasons.join(' ')).toMatch(/after the deadline/);
      // The plan counted or not in the resolution the tick made: the phase closed with it.
      expect(result.closed.some((c) => c.phase.id === 'round-1/plans')).toBe(true);
    };
    for (const offset of [-600_000, -30_000, -1000, -1, 0, 1, 1000, 30_000, 600_000]) check(offset, 1, false);
    fc.assert(
      fc.property(
        fc.integer({ min: -180_000, max: 180_000 }),
        fc.integer({ min: 1, max: 900_000 }),
        fc.boolean(),
        (offset, late, early) => {
          check(offset, late, early);
        },
      ),
      { numRuns: 25 },
    );
  });
});
