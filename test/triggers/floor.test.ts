// Trigger time at the floor (issue 26): an execution only when something is due, and no work done
// twice. These check the add-on's share of it in the sandbox, on the calm match of the sandbox's
// game (test/helpers/sandbox-game.ts: its forms open every phase after a first that asks nothing
// by form); npm run bench measures the whole matches (bench/results.md).
import { describe, expect, it } from 'vitest';
import { OPEN_PHASE_CLOSED_MESSAGE } from '../../src/forms/index.js';
import { LATENCY } from '../../src/triggers/google/latency.js';
import { botAnswers } from '../reliability/scenarios.js';
import { type Table, logOf, privatePart } from '../sandbox/players.js';
import { PLAYERS, calmMinutes } from '../helpers/sandbox-game.js';
import { calmMatch } from '../sandbox/calm-match.js';

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
    const table = calmMatch();
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

describe('forms the deadline closed, read and left to a later execution (issue 42)', () => {
  it('are neither closed nor read again by it: their pointers say so', () => {
    const table = calmMatch();
    table.playPhase();
    // Round 1's forms are open; its deadline closes and reads them, changes one, leaves the rest.
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no deadline');
    table.google.onCall = (call, _index, when) => {
      if (when === 'after' && /^(FormItem|Form)\.set/.test(call.name)) table.google.clock.advance(60);
    };
    table.passDeadline(answered);
    table.google.onCall = null;
    const open = table.state().open!;
    const left = table
      .players()
      .filter((p) => JSON.parse(table.google.properties.get(`gh.form.${p.form}`)!).phase !== open.phase.id);
    expect(left.length).toBeGreaterThan(0);
    for (const p of left) expect(JSON.parse(table.google.properties.get(`gh.form.${p.form}`)!).open).toBe(false);
    // An answer meanwhile: its execution reads its sender's form alone, and opens each form left
    // (one call each; before, each was closed and read once more first: three calls more).
    const player = table.players().find((p) => !left.includes(p))!.id;
    const bot = botAnswers(table, player)!;
    const before = table.google.executions.length;
    expect(table.sendForm(player, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
    const execution = table.google.executions.slice(before).find((e) => e.name === 'onFormSubmitted')!;
    const calls = execution.calls.map((c) => c.name);
    expect(calls.filter((name) => name === 'Form.getResponses')).toHaveLength(1);
    expect(calls.filter((name) => name === 'Form.setAcceptingResponses')).toHaveLength(left.length);
    for (const p of table.players()) expect(table.google.forms.get(p.form!)!.accepting).toBe(true);
  });
});

describe('the forms read on their own trigger, not on a poll', () => {
  it('with nothing due, a tick hours after an answer whose trigger did not fire reads no form; the deadline reads it', () => {
    const table = calmMatch(calmMinutes(1440));
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
    const table = calmMatch();
    // The first phase asks nothing by form: its forms are closed already. The second's are open until its deadline.
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
    const table = calmMatch();
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
    const table = calmMatch();
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

describe('answers while a one-shot trigger is late', () => {
  it('keep the one-shot trigger whose time has passed but has not run; the execution it starts arms afresh', () => {
    const table = calmMatch();
    // A one-shot trigger as late as the pessimistic model has it (src/triggers/google/latency.ts).
    table.clockTriggers(30, LATENCY.oneShotDelay.pessimistic);
    // Round 1, far from its deadline (no minute trigger: arming.ts).
    table.google.clock.set('2026-11-21T18:40:00.000Z');
    const triggerCalls = (from: number) =>
      table.google.executions.slice(from).flatMap((e) => e.calls.filter((c) => /^ScriptApp\./.test(c.name)));
    // Three players answer, three minutes apart: the first answer's one-shot trigger (a minute on)
    // is past its time at the second, and runs only 15 minutes after it. (The last player's
    // answer would make every player ready: the phase closes, and what is due next is armed.)
    let afterFirst = 0;
    for (const [i, p] of table.players().slice(0, 3).entries()) {
      const bot = botAnswers(table, p.id)!;
      expect(table.sendForm(p.id, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
      if (i === 0) afterFirst = table.google.executions.length;
      table.google.clock.advance(180);
    }
    const first = table.google.executions[afterFirst - 1];
    expect(first.name).toBe('onFormSubmitted');
    expect(first.calls.map((c) => c.name)).toContain('ClockTriggerBuilder.create');
    const wake = table.google.triggers.find((t) => t.handler === 'onWake')!;
    expect(wake.at).toBeLessThan(table.google.clock.now());
    // The later answers kept it: no trigger listed, deleted or made.
    expect(table.google.executions.slice(afterFirst).map((e) => e.name)).toEqual(Array(2).fill('onFormSubmitted'));
    expect(triggerCalls(afterFirst)).toEqual([]);
    // It runs, draws what the answers left (the host's and the public sheet), and arms the next due
    // moment afresh: the trigger that started it has run.
    const before = table.google.executions.length;
    table.google.clock.set(new Date(wake.at! + LATENCY.oneShotDelay.pessimistic + 60_000).toISOString());
    const woken = table.google.executions.slice(before).find((e) => e.name === 'onWake')!;
    expect(written(table, table.google.executions.indexOf(woken)).has(table.sharedId())).toBe(true);
    expect(woken.calls.map((c) => c.name)).toContain('ClockTriggerBuilder.create');
    const next = table.google.triggers.filter((t) => t.handler === 'onWake');
    expect(next).toHaveLength(1);
    expect(next[0].at).toBeGreaterThan(woken.at);
    expect(table.google.executions.filter((e) => e.error)).toEqual([]);
  });
});

describe('a one-shot trigger that runs into another execution', () => {
  it('leaves the one holding the lock to arm afresh, not to keep the trigger that has run', () => {
    const table = calmMatch();
    table.clockTriggers(30, LATENCY.oneShotDelay.pessimistic);
    table.google.clock.set('2026-11-21T18:40:00.000Z');
    const answer = (p: string) => {
      const bot = botAnswers(table, p)!;
      expect(table.sendForm(p, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
    };
    const [first, second] = table.players();
    answer(first.id);
    const wake = table.google.triggers.find((t) => t.handler === 'onWake')!;
    // The second answer comes just before that trigger runs (15 minutes late), and its execution
    // is slow: the one-shot trigger runs meanwhile and finds the lock taken.
    const runs = wake.at! + LATENCY.oneShotDelay.pessimistic;
    table.google.clock.set(new Date(runs - 10_000).toISOString());
    let slowed = false;
    const before = table.google.executions.length;
    table.google.onCall = (call, _index, when) => {
      if (when !== 'after' || slowed || call.name !== 'Sheets.Spreadsheets.batchUpdate') return;
      slowed = true;
      table.google.clock.set(new Date(runs + 1000).toISOString());
    };
    answer(second.id);
    table.google.onCall = null;
    const woken = table.google.executions.slice(before).filter((e) => e.name === 'onWake');
    expect(woken).toHaveLength(1);
    expect(woken[0].calls.some((c) => c.name === 'Lock.tryLock')).toBe(true);
    // The answer's execution armed a new one-shot trigger, still to run.
    const next = table.google.triggers.filter((t) => t.handler === 'onWake');
    expect(next).toHaveLength(1);
    expect(next[0].id).not.toBe(wake.id);
    expect(table.google.clockRan[next[0].id]).toBeUndefined();
  });
});

describe('a deadline when the forms are due to be read anyway', () => {
  it('reads each form once: the close reads what the poll would have, and every answer counts for its phase', () => {
    // Phases of a day (the forms' read once a day is FORMS_EVERY_MINUTES of src/triggers/answers/form-responses.ts).
    const table = calmMatch(calmMinutes(1440));
    table.clockTriggers(30);
    table.google.clock.set('2026-11-21T18:31:00.000Z');
    const open = table.state().open!;
    const deadline = Date.parse(open.timing.deadline!);
    // Two players answer; the first one's form-submit trigger does not fire (only the forms' read finds it).
    const [first, second] = table.players();
    for (const [i, p] of [first, second].entries()) {
      const bot = botAnswers(table, p.id)!;
      const send = i === 0 ? table.submitOnly.bind(table) : table.sendForm.bind(table);
      expect(send(p.id, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
      table.google.clock.advance(60);
    }
    // The forms were last all read a day before the deadline: their daily read falls due with it.
    table.google.clock.set(new Date(deadline - 30 * 60_000).toISOString());
    const state = JSON.parse(table.google.properties.get('gh.state')!) as Record<string, unknown>;
    const polledAt = new Date(deadline - 24 * 60 * 60_000).toISOString();
    table.google.properties.set('gh.state', JSON.stringify({ ...state, polledAt }));
    const before = table.google.executions.length;
    table.google.clock.set(new Date(deadline + 3 * 60_000).toISOString());
    const closing = table.google.executions
      .slice(before)
      .find((e) => e.calls.some((c) => c.name === 'Form.setAcceptingResponses'))!;
    const reads = closing.calls.filter((c) => c.name === 'Form.getResponses').length;
    expect(reads).toBe(table.players().length);
    // And the day's read counts as done: the next is a day on.
    const after = JSON.parse(table.google.properties.get('gh.state')!) as { polledAt: string };
    expect(Date.parse(after.polledAt)).toBeGreaterThanOrEqual(deadline);
    // Both answers count, for the phase they answered, on time.
    const answered = table.state().receipts.filter((r) => r.phase === open.phase.id);
    expect(answered.map((r) => [r.player, r.status]).sort()).toEqual(
      [first.id, second.id].map((id) => [id, 'accepted']).sort(),
    );
    expect(table.google.executions.filter((e) => e.error)).toEqual([]);
  });
});
