// Trigger time at the floor (issue 26): an execution only when something is due, and no work done
// twice. These check the add-on's share of it in the sandbox, on a small match of this game (its
// forms open every round after a pregame that asks nothing); npm run bench measures the whole
// matches (bench/results.md).
import { describe, expect, it } from 'vitest';
import { OPEN_PHASE_CLOSED_MESSAGE } from '../../../src/forms/index.js';
import { botAnswers } from '../../reliability/scenarios.js';
import { Table, logOf, privatePart } from '../../sandbox/players.js';

const START = '2026-11-21T18:00:00.000Z';
const PLAYERS = ['Ann', 'Ben', 'Cara', 'Dev'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));
/** No faults: every answer valid, every trigger fires once, ticks on time. */
const CALM = { invalidEvery: 10_000, missSubmitEvery: 10_000, doubleSubmitEvery: 10_000, tickLateSeconds: [5] };

function started(game: string, minutes: Record<string, number> = { default: 60, pregame: 30 }): Table {
  const table = new Table(
    game,
    PLAYERS.map((p) => p.email),
    CALM,
    '2026-11-21T17:45:00.000Z',
  );
  const setup = {
    game,
    players: PLAYERS,
    startAt: START,
    timeZone: 'Europe/London',
    minutes,
    deadlines: {},
  };
  expect(table.startMatch(setup).ok).toBe(true);
  return table;
}

/** The spreadsheets an execution wrote to. */
function written(table: Table, index: number): Set<string> {
  return new Set(
    table.google.executions[index].calls
      .filter((c) => c.name === 'Sheets.Spreadsheets.batchUpdate' && !c.failed)
      .map((c) => c.spreadsheet!),
  );
}

describe('forms left to a later execution', () => {
  it('an answer meanwhile draws only its sender’s sheet (and the log), and finishes the forms', () => {
    const table = started('not-flower-field');
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no deadline');
    // Forms are slow today: the deadline's execution changes one form, then leaves the rest (forms-sync.ts).
    table.google.onCall = (call, _index, when) => {
      if (when === 'after' && /^(FormItem\.|Form\.add)/.test(call.name)) table.google.clock.advance(20);
    };
    table.passDeadline(answered);
    table.google.onCall = null;
    const open = table.state().open!;
    const forms = table.players().map((p) => JSON.parse(table.google.properties.get(`gh.form.${p.form}`)!));
    const shown = forms.filter((f: { phase?: string; key: string }) => f.phase === open.phase.id && f.key !== '');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(PLAYERS.length);
    // The first player's form shows the new phase: their answer comes in.
    const player = table.players()[0].id;
    const bot = botAnswers(table, player)!;
    const before = table.google.executions.length;
    expect(table.sendForm(player, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
    const answer = table.google.executions.findIndex((e, i) => i >= before && e.name === 'onFormSubmitted');
    expect([...written(table, answer)].sort()).toEqual([table.google.host.id, table.playerFile(player).sheet].sort());
    // It changed the forms left over too: every form shows the open phase, and nothing is left.
    for (const p of table.players())
      expect(JSON.parse(table.google.properties.get(`gh.form.${p.form}`)!)).toMatchObject({ phase: open.phase.id });
    expect(JSON.parse(table.google.properties.get('gh.state')!).formsLeft).toBeUndefined();
  });
});

describe('the forms read on their own trigger, not on a poll', () => {
  it('with nothing due, a tick hours after an answer whose trigger did not fire reads no form; the deadline reads it', () => {
    const table = started('not-flower-field', { default: 1440, pregame: 30 });
    table.google.clock.set('2026-11-21T18:31:00.000Z');
    table.fire('CLOCK');
    const open = table.state().open!;
    const deadline = open.timing.deadline!;
    const player = table.players()[0].id;
    const bot = botAnswers(table, player)!;
    expect(table.submitOnly(player, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
    // Three hours on (the hourly safety net): nothing is due, so no form is read (it read every
    // form that may hold an answer every 2 hours: twenty Forms reads for twenty players).
    table.google.clock.set('2026-11-21T21:31:00.000Z');
    const before = table.google.executions.length;
    table.fire('CLOCK');
    const forms = table.google.executions
      .slice(before)
      .flatMap((e) => e.calls.filter((c) => c.name.startsWith('Form')));
    expect(forms).toEqual([]);
    expect(logOf(table.sandbox).submissions).toEqual([]);
    // The deadline closes the forms and reads them once more: the answer counts, on time.
    table.google.clock.set(new Date(Date.parse(deadline) + 5_000).toISOString());
    table.fire('CLOCK');
    expect(logOf(table.sandbox).submissions.map((s) => s.player)).toEqual([player]);
    expect(table.state().receipts[0].status).toBe('accepted');
  });
});

describe('the deadline: the boards before the forms', () => {
  it('the forms are closed as they are, and each shows what follows once the sheets are drawn', () => {
    const table = started('not-flower-field');
    // The pregame asks nothing: its forms are closed already. Round 1's are open until its deadline.
    table.playPhase();
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no deadline');
    const before = table.google.executions.length;
    table.passDeadline(answered);
    const tick = table.google.executions
      .slice(before)
      .find((e) => e.calls.some((c) => c.name === 'Form.setAcceptingResponses'))!;
    const names = tick.calls.map((c) => c.name);
    const firstBoard = tick.calls.findIndex(
      (c) => c.name === 'Sheets.Spreadsheets.batchUpdate' && c.spreadsheet !== table.google.host.id,
    );
    expect(firstBoard).toBeGreaterThan(0);
    // Closed before the boards are drawn (setAcceptingResponses), without a Forms call for the message.
    expect(names.slice(0, firstBoard)).toContain('Form.setAcceptingResponses');
    expect(names.slice(0, firstBoard)).not.toContain('Form.setCustomClosedFormMessage');
    // Once drawn, every form shows the next phase's questions; its closed message, the same for
    // every phase, is not set again.
    const open = table.state().open!;
    for (const p of table.players()) {
      const form = table.google.forms.get(p.form!)!;
      expect(form.description).toContain(open.phase.title);
      expect(form.closedMessage).toBe(OPEN_PHASE_CLOSED_MESSAGE);
    }
    const changes = table.google.executions.slice(before).flatMap((e) => e.calls.map((c) => c.name));
    expect(changes).toContain('Form.setDescription');
    expect(changes).not.toContain('Form.setCustomClosedFormMessage');
  });
});

describe('a deadline whose boards took long', () => {
  it('leaves every form to the next execution, which changes them all', () => {
    const table = started('not-flower-field');
    table.playPhase();
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no deadline');
    // Google is slow with the first board: the forms' time is spent once the boards are drawn.
    let slowed = false;
    table.google.onCall = (call, _index, when) => {
      if (when === 'after' && !slowed && call.name === 'Sheets.Spreadsheets.batchUpdate') {
        if (call.spreadsheet === table.google.host.id) return;
        slowed = true;
        table.google.clock.advance(200);
      }
    };
    const before = table.google.executions.length;
    table.passDeadline(answered);
    table.google.onCall = null;
    const deadline = table.google.executions
      .slice(before)
      .find((e) => e.calls.some((c) => c.name === 'Form.setAcceptingResponses'))!;
    // It drew the boards and changed no form (it changed one past its time: 150 s, forms-sync.ts).
    expect(deadline.calls.some((c) => c.name === 'Sheets.Spreadsheets.batchUpdate')).toBe(true);
    expect(deadline.calls.filter((c) => /^(FormItem\.|Form\.add|Form\.setDescription)/.test(c.name))).toEqual([]);
    // The next execution (armed at once) changes every form.
    table.google.clock.advance(60);
    table.fire('CLOCK');
    const open = table.state().open!;
    for (const p of table.players())
      expect(JSON.parse(table.google.properties.get(`gh.form.${p.form}`)!)).toMatchObject({ phase: open.phase.id });
  });
});

describe('the tick waiting for a deadline', () => {
  it('opens the forms the deadline reads while it waits, so the boards come that much sooner', () => {
    const table = started('not-flower-field');
    table.playPhase();
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no deadline');
    // The reminder before the deadline (5 minutes before a phase of an hour), then the minute
    // trigger 30 seconds before the deadline: it waits for it, then closes the phase.
    table.google.clock.set(new Date(Date.parse(answered.deadline) - 60_000).toISOString());
    table.fire('CLOCK');
    table.google.clock.set(new Date(Date.parse(answered.deadline) - 30_000).toISOString());
    const before = table.google.executions.length;
    table.fire('CLOCK');
    const tick = table.google.executions.slice(before).find((e) => e.wokeAt !== undefined)!;
    const opens = tick.calls.filter((c) => c.name === 'FormApp.openById');
    expect(opens.length).toBe(table.players().length);
    for (const open of opens) expect(open.at!).toBeLessThan(tick.wokeAt!);
    // And the deadline's work was done: every form closed and read, the next phase open.
    expect(tick.calls.some((c) => c.name === 'Form.getResponses' && c.at! >= tick.wokeAt!)).toBe(true);
    expect(table.state().open?.phase.id).not.toBe(answered.phase);
  });
});
