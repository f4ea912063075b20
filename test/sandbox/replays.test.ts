// One execution, one pipeline (src/triggers/execution/pipeline.ts): it replays the match once as of now, and
// once more only when what that replay called for (a form closed and read again, a ready close, the
// host's entry) added something to the log. Every sandbox scenario checks the bound (Sandbox.run,
// MAX_REPLAYS); these check the count where it is exact, and the execution's own record of state
// kept in one property (src/triggers/saved/execution-state.ts).
import { describe, expect, it } from 'vitest';
import type { ExecutionRecord } from './calls.js';
import { botAnswers } from '../reliability/scenarios.js';
import { Table, logOf, privatePart } from './players.js';
import { MAX_REPLAYS } from './sandbox.js';
import { KINDS, PHASES, SANDBOX_GAME, calmMinutes } from '../helpers/sandbox-game.js';

const START = '2026-11-21T18:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();
const PLAYERS = ['Ann', 'Ben', 'Cara'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));
/** No faults: every answer valid, every trigger fires once, ticks on time. */
const CALM = { invalidEvery: 10_000, missSubmitEvery: 10_000, doubleSubmitEvery: 10_000, tickLateSeconds: [5] };

/** A match started at 17:45 (its forms all read then), opening at 18:00: 30 minutes of the first phase, then 60 each (calmMinutes). */
function started(game: string, extra: Record<string, unknown> = {}): Table {
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
    minutes: calmMinutes(),
    deadlines: {},
    ...extra,
  };
  expect(table.startMatch(setup).ok).toBe(true);
  return table;
}

/** The executions since `from` that ran the pipeline (a quiet tick reports none: it reads one property). */
function ran(table: Table, from = 0): ExecutionRecord[] {
  return table.google.executions.slice(from).filter((e) => e.replays !== undefined && e.error === undefined);
}

describe('replays per execution', () => {
  it('a whole match: every execution replays at most twice, and most once', () => {
    const table = started(SANDBOX_GAME.id);
    table.playToEnd();
    const counts = ran(table).map((e) => e.replays!);
    expect(counts.length).toBeGreaterThan(10);
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_REPLAYS);
    // With no answer coming in while an execution runs, nothing it reads after its replay moves the match.
    expect(counts.filter((n) => n === 1).length).toBeGreaterThan(counts.length / 2);
  });

  it('an answer whose trigger did not fire, read when its form closes at the deadline: one more input, one more replay', () => {
    const table = started(SANDBOX_GAME.id);
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const open = table.state().open!;
    expect(open.phase.id).toBe(PHASES[1]);
    // A tick reads every form every two hours anyway (since the start, here): the deadline comes before that.
    expect(table.submitOnly('p1', { own: 'A1 B2 C3', others: 'blue D4, yellow E5' }, open.phase.questions.p1)).toBe(
      true,
    );
    const before = table.google.executions.length;
    table.google.clock.set(at(91));
    table.fire('CLOCK');
    const [tick] = ran(table, before);
    // The first replay closes round-1; its forms are closed and read once more, which finds the answer.
    expect(tick.replays).toBe(2);
    expect(logOf(table.sandbox).submissions.map((s) => s.player)).toEqual(['p1']);
    expect(table.state().receipts[0].status).toBe('accepted');
  });

  it('answers read before a reminder that make every player ready: the next execution logs the close, at once', () => {
    const table = started(SANDBOX_GAME.id, { closeWhenReady: { [KINDS[0]]: true, [KINDS[1]]: true } });
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).toBe(PHASES[1]);
    // Every player answers; no form-submit trigger fires.
    table.google.clock.set(at(40));
    for (const player of ['p1', 'p2', 'p3']) {
      const bot = botAnswers(table, player)!;
      expect(table.submitOnly(player, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
    }
    // The tick at the reminder (5 minutes before the deadline at 90) reads the forms of the players
    // it would remind, after its first replay: they are all ready, and nobody is reminded.
    table.google.clock.set(at(85.5));
    const before = table.google.executions.length;
    table.fire('CLOCK');
    expect(ran(table, before)[0].replays).toBe(2);
    // No reminder: the only mail is the phases' opening notices (src/triggers/messages/opening-notices.ts).
    expect(table.google.mail.filter((m) => !/ is open, answer by /.test(m.subject))).toEqual([]);
    expect(table.google.mail.filter((m) => / closes in /.test(m.subject))).toEqual([]);
    expect((logOf(table.sandbox).events ?? []).filter((e) => e.type === 'close')).toEqual([]);
    // The ticks do not rest on it: the next one logs the close and opens round 2.
    expect(table.google.properties.has('gh.quiet')).toBe(false);
    table.google.clock.set(at(86.5));
    table.fire('CLOCK');
    expect(logOf(table.sandbox).events?.filter((e) => e.type === 'close')).toEqual([
      // After the openings' notices, the close names the entry before it (a chained log's `after`).
      {
        type: 'close',
        phase: PHASES[1],
        at: at(86.5),
        uid: expect.stringMatching(new RegExp(`^close:${PHASES[1]}`)),
        after: expect.any(String),
      },
    ]);
    expect(table.state().open?.phase.id).toBe(PHASES[2]);
  });

  it("a menu item's prompt and its run share the replay while nothing moved in between", () => {
    const table = started(SANDBOX_GAME.id);
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    // The new deadline, then the reason every host action asks for.
    table.google.promptAnswers.push({ button: 'OK', text: '+2h' }, { button: 'OK', text: 'a player asked' });
    const before = table.google.executions.length;
    table.run('extendDeadline');
    const [menu] = ran(table, before);
    // The prompt's replay is the run's first; the host's entry is the one more input.
    expect(menu.replays).toBe(2);
    expect(logOf(table.sandbox).events?.filter((e) => e.type === 'extend')).toHaveLength(1);
  });
});

/** Every Sheets write the sandbox has seen so far. */
function sheetWrites(table: Table): number {
  return [...table.google.sheets.values()].reduce((n, f) => n + f.writes.length, 0);
}

/** Round 1 open, and `player` has answered it through their form with no form-submit trigger fired. */
function answeredUnlogged(table: Table, player: string): void {
  table.google.clock.set(at(31));
  table.fire('CLOCK');
  const bot = botAnswers(table, player)!;
  expect(table.submitOnly(player, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
}

/** The host's answers to the next prompts; `whileTyping` runs as the first prompt shows, as another execution would. */
function hostTypes(table: Table, answers: readonly string[], whileTyping?: () => void): void {
  table.google.promptAnswers.push(...answers.map((text) => ({ button: 'OK' as const, text })));
  if (!whileTyping) return;
  table.google.onCall = (call, _i, moment) => {
    if (call.name !== 'Ui.prompt' || moment !== 'before') return;
    table.google.onCall = null;
    whileTyping();
  };
}

// These used to replay three times: the prompt's replay, a second when the run found the match
// moved from it (an answer read or logged meanwhile, a deadline passed), and a third for the entry.
describe('a menu item that shows the match in a prompt: its replay is the first while it stands', () => {
  it('Extend deadline…, whose run reads an answer not logged yet: two replays, the answer and the extension logged', () => {
    const table = started(SANDBOX_GAME.id);
    answeredUnlogged(table, 'p1');
    table.google.clock.set(at(50));
    hostTypes(table, ['+2h', 'a player asked']);
    const before = table.google.executions.length;
    table.run('extendDeadline');
    expect(ran(table, before)[0].replays).toBe(2);
    const log = logOf(table.sandbox);
    expect(log.submissions.map((s) => s.player)).toEqual(['p1']);
    expect(log.events?.filter((e) => e.type === 'extend')).toEqual([
      expect.objectContaining({ phase: PHASES[1], deadline: at(170), reason: 'a player asked' }),
    ]);
    expect(table.state().open?.timing.deadline).toBe(at(170));
  });

  it("Undo last phase, while an answer's own run logs it: two replays, the answer and the reopening logged", () => {
    const table = started(SANDBOX_GAME.id);
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    table.google.clock.set(at(50));
    const bot = botAnswers(table, 'p2')!;
    hostTypes(table, ['+1h', ''], () => {
      expect(table.submitOnly('p2', privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
      table.fire('ON_FORM_SUBMIT');
    });
    const before = table.google.executions.length;
    table.run('undoLastPhase');
    const runs = ran(table, before);
    expect(runs.map((e) => e.name).sort()).toEqual(['onFormSubmitted', 'undoLastPhase']);
    expect(runs.find((e) => e.name === 'undoLastPhase')!.replays).toBe(2);
    const log = logOf(table.sandbox);
    expect(log.submissions.map((s) => s.player)).toEqual(['p2']);
    expect(log.events?.filter((e) => e.type === 'reopen')).toEqual([
      expect.objectContaining({ phase: PHASES[0], deadline: at(110) }),
    ]);
    expect(table.state().open?.phase.id).toBe(PHASES[0]);
  });

  it('Extend deadline… when the deadline passed while the host typed: refused at once, nothing drawn; the next tick closes the phase', () => {
    const table = started(SANDBOX_GAME.id);
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    table.google.clock.set(at(89));
    const written = { sheets: 0, forms: 0 };
    hostTypes(table, ['+2h', ''], () => {
      table.google.clock.set(at(90.5));
      written.sheets = sheetWrites(table);
      written.forms = [...table.google.forms.values()].filter((f) => !f.accepting).length;
    });
    table.run('extendDeadline');
    expect(table.google.ui.alerts.at(-1)).toMatch(/Round 1 closed at its deadline .* while you were typing/);
    // The run that replayed it a second time did nothing more: no form closed, no sheet written.
    expect(sheetWrites(table)).toBe(written.sheets);
    expect([...table.google.forms.values()].filter((f) => !f.accepting)).toHaveLength(written.forms);
    // Nothing logged but the phases' opening notices (messages, src/triggers/messages/opening-notices.ts).
    expect((logOf(table.sandbox).events ?? []).filter((e) => e.type !== 'message')).toEqual([]);
    table.google.clock.set(at(91));
    table.fire('CLOCK');
    expect(sheetWrites(table)).toBeGreaterThan(written.sheets);
    expect(table.state().open?.phase.id).toBe(PHASES[2]);
  });
});

describe('a host entry typed while the match moved', () => {
  it('that would still be valid is refused all the same, with nothing done: it would take a third replay', () => {
    const table = started(SANDBOX_GAME.id);
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    table.google.clock.set(at(50));
    // Another host pauses the match while this one types a new deadline (the pause's reason first).
    const written = { sheets: 0 };
    hostTypes(table, ['', '+2h', ''], () => {
      table.run('pauseMatch');
      written.sheets = sheetWrites(table);
    });
    table.run('extendDeadline');
    expect(table.google.ui.alerts.at(-1)).toMatch(/moved while you were typing.*Nothing was changed/);
    // The phases' opening notices are logged as messages (src/triggers/messages/opening-notices.ts); the one host entry is the pause.
    expect(
      logOf(table.sandbox)
        .events?.map((e) => e.type)
        .filter((t) => t !== 'message'),
    ).toEqual(['pause']);
    expect(sheetWrites(table)).toBe(written.sheets);
  });
});

describe("the execution's record", () => {
  it('is one property; a match kept under the four keys before it goes on without drawing anything again', () => {
    const table = started(SANDBOX_GAME.id);
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const props = table.google.properties;
    const state = JSON.parse(props.get('gh.state')!) as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual(['drawnAt', 'polledAt', 'rendered', 'seen']);
    for (const key of ['gh.polled', 'gh.seen', 'gh.drawn-at', 'gh.rendered']) expect(props.has(key)).toBe(false);
    // As an add-on before this one kept it.
    props.delete('gh.state');
    props.set('gh.polled', JSON.stringify({ at: state.polledAt, ask: '' }));
    props.set('gh.seen', String(state.seen));
    props.set('gh.drawn-at', String(state.drawnAt));
    props.set('gh.rendered', JSON.stringify(state.rendered));
    props.delete('gh.quiet');
    const writes = () => [...table.google.sheets.values()].reduce((n, f) => n + f.writes.length, 0);
    const written = writes();
    table.google.clock.set(at(32));
    table.fire('CLOCK');
    // Read from the keys before: where the match stands and what each sheet shows is known.
    expect(writes()).toBe(written);
    // The next execution that changes the record writes it whole, as one property.
    table.google.clock.set(at(91));
    table.fire('CLOCK');
    expect(writes()).toBeGreaterThan(written);
    expect(JSON.parse(props.get('gh.state')!)).toMatchObject({ polledAt: at(91), drawnAt: at(91) });
    for (const key of ['gh.polled', 'gh.seen', 'gh.drawn-at', 'gh.rendered']) expect(props.has(key)).toBe(false);
  });
});
