// Close early when everyone is ready, and Pause / Resume the match (issue 18), run by the built
// bundle in the sandbox: the execution logs the close, the menu logs the pause and the resume, the
// forms and the Status tabs follow, and every sheet ends as a replay of the exported file shows.
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import { loadMatchText, replayMatch, viewFor } from '../../src/engine/index.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { renderView } from '../../src/sheets/index.js';
import { ANSWERS_TAB } from '../../src/triggers/answers/public-rows.js';
import { type Faults, Table, logOf, privatePart } from './players.js';
import { asDrawn, expectRenderedLike } from './whole-match.js';
import { KINDS, PHASES, SANDBOX_GAME, calmMinutes } from '../helpers/sandbox-game.js';

const START = '2026-11-21T18:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();
const PLAYERS = ['Ann', 'Ben', 'Cara'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));
/** No invalid answers and every trigger fires once, unless a test fires one again itself. */
const CALM: Faults = { invalidEvery: 1000, missSubmitEvery: 1000, doubleSubmitEvery: 1000, tickLateSeconds: [0] };

function started(extra: Record<string, unknown> = {}): Table {
  const table = new Table(
    SANDBOX_GAME.id,
    PLAYERS.map((p) => p.email),
    CALM,
  );
  const result = table.startMatch({
    game: SANDBOX_GAME.id,
    players: PLAYERS,
    startAt: START,
    timeZone: 'Europe/London',
    minutes: calmMinutes(),
    deadlines: {},
    ...extra,
  });
  expect(result.ok).toBe(true);
  return table;
}

/** `player` answers the open phase as the game's bot would: public answers in their row, the rest by form (with `done`, the form's Done? answer). */
function answer(table: Table, player: string, minutes: number, done?: string): void {
  table.google.clock.set(at(minutes));
  const result = table.state();
  const phase = result.open!.phase;
  const game = SANDBOX_GAME;
  const answers = game.bots[game.defaultBot]({
    state: result.state,
    phase,
    player,
    ctx: result.ctx,
    random: result.ctx.random(`schedule/${player}/${phase.id}`),
  })!;
  const questions = phase.questions[player];
  if (questions.some((q) => q.public)) table.typeRow(player, answers, questions);
  const asked =
    done === undefined ? questions : [...questions, { id: 'done', label: 'Done?', help: '', kind: 'choice' as const }];
  if (questions.some((q) => !q.public))
    expect(table.sendForm(player, { ...privatePart(answers, questions), ...(done ? { done } : {}) }, asked)).toBe(true);
}

function tick(table: Table, minutes: number): void {
  table.google.clock.set(at(minutes));
  table.fire('CLOCK');
}

function texts(table: Table, file: 'public' | 'host', tab: string): string {
  const sheet = file === 'host' ? table.google.host : table.google.spreadsheet(table.sharedId());
  return sheet
    .sheet(tab)
    .cells.flat()
    .map((c) => c?.userEnteredValue?.stringValue ?? '')
    .join('\n');
}

/** The exported file replays to the state the add-on shows, and every sheet shows that replay. */
function expectAsReplayOfExport(table: Table): void {
  const loaded = loadMatchText(table.run('exportMatchFile') as string);
  if (!loaded.ok) throw new Error(loaded.error);
  const now = table.google.clock.iso();
  const replayed = replayMatch(loaded.value, { now });
  const live = table.state();
  expect(replayed.state).toEqual(live.state);
  expect(replayed.closed.map((c) => c.timing)).toEqual(live.closed.map((c) => c.timing));
  expect(replayed.rejected).toEqual(live.rejected);
  table.run('rerender');
  const audiences: Audience[] = ['host', 'public', ...loaded.value.players.map((p) => `player:${p.id}` as Audience)];
  for (const audience of audiences) {
    const fresh = new EmbeddedWorkbook('expected');
    const file =
      audience === 'host'
        ? table.google.host
        : audience === 'public'
          ? table.google.spreadsheet(table.sharedId())
          : table.google.spreadsheet(table.playerFile(audience.slice(7)).sheet);
    // A player's sheet opens with what to do, their form's link among it (as draw.ts gives it).
    const formUrl = audience.startsWith('player:')
      ? table.google.forms.get(table.playerFile(audience.slice(7)).form)!.url
      : undefined;
    renderView(fresh, asDrawn(viewFor(replayed, audience, formUrl ? { formUrl } : {}), file), {
      dropDefaultSheet: true,
    });
    expectRenderedLike(file, fresh, audience);
  }
}

describe('close early when everyone is ready', () => {
  it("the sidebar writes the game's defaults; a phase closes once every player is ready, logged once, and the next opens then", () => {
    const table = started();
    expect(logOf(table.sandbox).schedule?.closeWhenReady).toEqual({ [KINDS[0]]: true, [KINDS[1]]: true });
    // The colour choice, in public rows: the tick after the last row logs the rows and the close.
    answer(table, 'p1', 5);
    answer(table, 'p2', 6);
    tick(table, 7);
    expect(table.state().open?.phase.id).toBe(PHASES[0]);
    answer(table, 'p3', 8);
    tick(table, 9);
    // Each phase's opening emails its awaited players, logged as messages (src/triggers/messages/opening-notices.ts):
    // the openings of pregame and round 1 alone; the host's and the schedule's entries apart.
    expect(
      (logOf(table.sandbox).events ?? []).flatMap((e) => (e.type === 'message' ? [e.key.split('@')[0]] : [])),
    ).toEqual([...Array(3).fill('open:pregame'), ...Array(3).fill('open:round-1')]);
    expect(logOf(table.sandbox).events?.filter((e) => e.type !== 'message')).toEqual([
      // Each entry of a chained log names the one before it (`after`: docs/matchfile.md, The chain).
      { type: 'close', phase: PHASES[0], at: at(9), uid: `close:${PHASES[0]}:0`, after: expect.any(String) },
    ]);
    const round1 = table.state().open!;
    expect(round1.phase.id).toBe(PHASES[1]);
    expect(round1.timing).toEqual({ opensAt: at(9), deadline: at(69) });
    const form = table.google.forms.get(table.playerFile('p1').form)!;
    expect(form.accepting).toBe(true);
    expect(form.description).toMatch(
      /Open until Sat 21 Nov 2026, 19:09 Europe\/London \(UTC\+00:00\)\. It closes earlier, as soon as every player is done: has an answer accepted whole, not marked Not yet\./,
    );
    expect(texts(table, 'public', 'Status')).toMatch(
      /Closes early\nas soon as every player has an answer accepted whole/,
    );

    // The form asks Done? last; Ben answers Not yet: his answer counts, and the round waits for him.
    expect(table.state().open!.phase.questions.p1.map((q) => q.id)).not.toContain('done');
    const items = form.items.map((i) => i.title);
    expect(items.at(-1)).toBe('Done?');
    answer(table, 'p2', 15, 'Not yet');
    // Round 1 by forms: the last answer's own execution closes the round; a doubled trigger logs nothing more.
    answer(table, 'p1', 20);
    answer(table, 'p2', 21);
    expect(table.state().open?.phase.id).toBe(PHASES[1]);
    answer(table, 'p3', 22);
    table.fire('ON_FORM_SUBMIT');
    expect(logOf(table.sandbox).events?.filter((e) => e.type !== 'message')).toEqual([
      // Each entry of a chained log names the one before it (`after`: docs/matchfile.md, The chain).
      { type: 'close', phase: PHASES[0], at: at(9), uid: `close:${PHASES[0]}:0`, after: expect.any(String) },
      { type: 'close', phase: PHASES[1], at: at(22), uid: `close:${PHASES[1]}:0`, after: expect.any(String) },
    ]);
    expect(table.state().closed.map((c) => [...c.movers].sort())).toEqual([
      ['p1', 'p2', 'p3'],
      ['p1', 'p2', 'p3'],
    ]);
    // Ben's Not yet is in his receipts: counted, and why the round waited.
    expect(
      table
        .state()
        .receipts.filter((r) => r.player === 'p2' && r.phase === PHASES[1])
        .map((r) => r.notDone ?? false),
    ).toEqual([true, false]);
    expect(table.state().open?.timing).toEqual({ opensAt: at(22), deadline: at(82) });
    expect(table.google.forms.get(table.playerFile('p3').form)!.description).toMatch(/^Round 2\./);
    expectAsReplayOfExport(table);
  });

  it('where the host turned it off, every player ready changes nothing: the phase closes at its deadline', () => {
    const table = started({ closeWhenReady: { [KINDS[0]]: false, [KINDS[1]]: false } });
    for (const [i, p] of ['p1', 'p2', 'p3'].entries()) answer(table, p, 5 + i);
    tick(table, 9);
    expect(table.state().open?.phase.id).toBe(PHASES[0]);
    // Only pregame's opening notices are logged (messages, src/triggers/messages/opening-notices.ts): no close.
    expect((logOf(table.sandbox).events ?? []).filter((e) => e.type !== 'message')).toEqual([]);
    tick(table, 31);
    expect(table.state().closed[0].timing.closedAt).toBe(at(30));
  });
});

describe("the sidebar's projection", () => {
  it('counts every phase that closes when ready as closing the moment it opens: the sandbox game, a phase a day, becomes six phases a day', () => {
    const table = new Table(
      SANDBOX_GAME.id,
      PLAYERS.map((p) => p.email),
      CALM,
    );
    const setup = {
      game: SANDBOX_GAME.id,
      players: PLAYERS,
      startAt: '2030-01-01T18:00:00.000Z',
      timeZone: 'Europe/London',
      minutes: { default: 1440 },
      deadlines: {},
    };
    const off = table.run('projectTriggerTime', {
      ...setup,
      closeWhenReady: { [KINDS[0]]: false, [KINDS[1]]: false },
    }) as {
      phasesPerDay: number;
      minutesPerDay: number;
    };
    const on = table.run('projectTriggerTime', setup) as { phasesPerDay: number; minutesPerDay: number; fits: boolean };
    expect(off.phasesPerDay).toBe(1);
    expect(on.phasesPerDay).toBe(6);
    expect(on.minutesPerDay).toBeGreaterThan(off.minutesPerDay);
    expect(on.fits).toBe(true);
  });
});

describe('pause and resume through the menu', () => {
  it('nothing closes while paused, the forms and the Status tabs say so, the ticks rest; Resume moves the deadlines and reopens the forms', () => {
    const table = started();
    // A pause in the colour choice: a row typed meanwhile is logged and refused, with the reason.
    table.google.clock.set(at(10));
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
    table.run('pauseMatch');
    expect(table.google.ui.alerts.at(-1)).toMatch(new RegExp(`Open now: ${PHASES[0]}`));
    table.google.clock.set(at(15));
    table.google.typeInSheet(table.sharedId(), 'ann@example.com', ANSWERS_TAB, 1, 1, 'red');
    tick(table, 16);
    expect(table.state().rejected.map((r) => r.reason)).toEqual([
      `arrived at ${at(15)}, while the host had paused the match (from ${at(10)}); nothing sent during a pause counts: send it again once the match goes on`,
    ]);
    expect(texts(table, 'public', 'Status')).toMatch(
      /Paused\nsince Sat 21 Nov 2026, 18:10 UTC \(18:10 Europe\/London, UTC\+00:00\): nothing closes and nothing sent counts until the host resumes/,
    );
    expect(texts(table, 'host', 'Current')).toMatch(
      /The match is paused \(since Sat 21 Nov 2026, 18:10 UTC \(18:10 Europe\/London, UTC\+00:00\)\)/,
    );
    // A second pause is refused and changes nothing.
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
    table.run('pauseMatch');
    expect(table.google.ui.alerts.at(-1)).toMatch(/paused already/);
    table.google.clock.set(at(20));
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
    table.run('resumeMatch');
    expect(table.state().open?.timing.deadline).toBe(at(40));
    tick(table, 41);
    expect(table.state().open?.timing).toEqual({ opensAt: at(40), deadline: at(100) });

    // A pause in round 1: every form closes, saying since when.
    table.google.clock.set(at(50));
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
    table.run('pauseMatch');
    const form = table.google.forms.get(table.playerFile('p1').form)!;
    expect(form.accepting).toBe(false);
    expect(form.closedMessage).toMatch(
      /^The host paused the match at Sat 21 Nov 2026, 18:50 Europe\/London \(UTC\+00:00\)\. Nothing sent during the pause counts\./,
    );
    const questions = table.state().open!.phase.questions.p1;
    expect(table.submitOnly('p1', { own: 'A1 B2 C3' }, questions)).toBe(false);
    // The old deadline passes: nothing closes, and the ticks rest without the lock, Sheets or Forms.
    tick(table, 101);
    tick(table, 102);
    expect(
      table.google.executions
        .at(-1)!
        .calls.map((c) => c.name)
        .filter((name) => /^(Sheets|Form|FormApp|Lock)\./.test(name)),
    ).toEqual([]);
    expect(table.state().open?.phase.id).toBe(PHASES[1]);
    table.google.clock.set(at(110));
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
    table.run('resumeMatch');
    // Paused 60 minutes: the deadline 100 moves to 160, and the form opens again with it.
    expect(table.state().paused).toBeNull();
    expect(table.state().open?.timing.deadline).toBe(at(160));
    expect(form.accepting).toBe(true);
    expect(form.description).toMatch(/Open until Sat 21 Nov 2026, 20:40 Europe\/London \(UTC\+00:00\)\./);
    answer(table, 'p1', 120);
    expect(table.state().receipts.at(-1)?.status).toBe('accepted');
    tick(table, 161);
    expect(table.state().closed[1].timing.closedAt).toBe(at(160));
    // The phases' opening notices and reminders are logged as messages (src/triggers/messages/opening-notices.ts).
    expect(logOf(table.sandbox).events?.filter((e) => e.type !== 'message')).toEqual([
      { type: 'pause', at: at(10), uid: expect.stringMatching(/^host:/), after: expect.any(String) },
      { type: 'resume', at: at(20), uid: expect.stringMatching(/^host:/), after: expect.any(String) },
      { type: 'pause', at: at(50), uid: expect.stringMatching(/^host:/), after: expect.any(String) },
      { type: 'resume', at: at(110), uid: expect.stringMatching(/^host:/), after: expect.any(String) },
    ]);
    // Resume when not paused is refused.
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
    table.run('resumeMatch');
    expect(table.google.ui.alerts.at(-1)).toMatch(/not paused/);
    expectAsReplayOfExport(table);
  });
});
