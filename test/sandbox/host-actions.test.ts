// The host's side of the add-on, run by the built bundle in the sandbox: starting (and refusing a
// bad setup), the menu (extend, undo, decide, re-render, export), the lock, publishing's fallback,
// the public-row time rule, identity (another player's form, an unverified sender, another
// player's row), and the sandbox itself (only the fakes as globals; an unimplemented
// call names itself).
import { GAME_LIST } from '../../src/engine/index.js';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { MatchEvent, Question } from '../../src/engine/core/game.js';
import { ANSWERS_TAB } from '../../src/triggers/answers/public-rows.js';
import { MatchLog, type LogEntry } from '../../src/triggers/saved/match-log.js';
import { HOST, Table, logOf, spreadsheetOf } from './players.js';
import { SERVICE_NAMES, Sandbox } from './sandbox.js';
import { publishedLinkOf } from './services.js';
import { PHASES, PLAYERS, SANDBOX_GAME, calmMinutes } from '../helpers/sandbox-game.js';

const START = '2026-11-21T18:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();

/**
 * The openings' notices a match logs (src/triggers/messages/opening-notices.ts): each phase's opening emails every
 * player it waits for, and each email is logged as a message, keyed by the phase and its opening.
 */
const opened = (phase: string, minutes: number) =>
  ['p1', 'p2', 'p3', 'p4'].map((player) => `open:${phase}@${at(minutes)} ${player}`);
const noticesOf = (events: readonly MatchEvent[] | undefined) =>
  (events ?? []).flatMap((e) => (e.type === 'message' ? [`${e.key} ${e.player}`] : []));
const withoutNotices = (events: readonly MatchEvent[] | undefined) =>
  (events ?? []).filter((e) => e.type !== 'message');

function setup(extra: Record<string, unknown> = {}) {
  return {
    game: SANDBOX_GAME.id,
    players: PLAYERS,
    startAt: START,
    timeZone: 'Europe/London',
    minutes: calmMinutes(),
    deadlines: {},
    ...extra,
  };
}

function started(options: { refusePublishing?: boolean; refuseResponderRestriction?: boolean } = {}): Table {
  const table = new Table(
    SANDBOX_GAME.id,
    PLAYERS.map((p) => p.email),
  );
  Object.assign(table.google.options, options);
  const result = table.startMatch(setup());
  expect(result.ok).toBe(true);
  return table;
}

describe('starting a match', () => {
  it('refuses a bad player list with the field and changes nothing', () => {
    const table = new Table(SANDBOX_GAME.id, []);
    const twice = setup({ players: [PLAYERS[0], PLAYERS[1], { ...PLAYERS[2], name: 'ann' }, PLAYERS[3]] });
    expect(table.run('startMatch', twice)).toEqual({
      ok: false,
      errors: [{ field: 'players[2].name', message: '"ann" is also players[0]\'s name; names must differ' }],
    });
    const noEmail = setup({ players: [PLAYERS[0], { name: 'Ben', email: '' }, PLAYERS[2], PLAYERS[3]] });
    expect(table.run('startMatch', noEmail)).toMatchObject({ ok: false, errors: [{ field: 'players[1].email' }] });
    expect(table.run('startMatch', setup({ players: PLAYERS.slice(0, 2) }))).toMatchObject({
      ok: false,
      errors: [
        {
          field: 'players',
          message: `${SANDBOX_GAME.title} takes ${SANDBOX_GAME.playerCount.min}–${SANDBOX_GAME.playerCount.max} players, got 2`,
        },
      ],
    });
    expect(table.run('startMatch', setup({ options: { rounds: 0 } }))).toMatchObject({
      ok: false,
      errors: [{ field: 'options.rounds' }],
    });
    expect(table.run('startMatch', setup({ startAt: 'soon' }))).toMatchObject({
      ok: false,
      errors: [{ field: 'startAt' }],
    });
    expect(table.google.forms.size).toBe(0);
    expect(table.google.triggers).toEqual([]);
    expect(table.google.sheets.size).toBe(1);
    // The sidebar's check runs the same validation.
    expect(table.run('checkMatchSetup', twice, table.google.clock.iso())).toMatchObject({
      ok: false,
      errors: [{ field: 'players[2].name' }],
    });
  });

  it('creates the log, a form per player, the shared sheet and a private sheet per player, and links', () => {
    const table = started();
    const { google } = table;
    const match = logOf(table.sandbox);
    expect(match.players.map((p) => p.form)).toEqual([...google.forms.keys()]);
    const links = google.host.sheet('Links');
    // The spectators' link is the one Drive gives for the published revision (Revision.publishedLink).
    expect(links.cells[1][1]?.userEnteredValue?.stringValue).toBe(publishedLinkOf(table.sharedId()));
    for (const player of match.players) {
      const form = google.forms.get(player.form!)!;
      expect(form.destination).toBe(google.host.id);
      expect(form.accepting).toBe(false); // the first phase is answered in public (the game's colour row)
      expect(form.closedMessage).toMatch(/answered in public/);
      const shared = google.files.get(table.sharedId())!;
      expect(shared.permissions.find((p) => p.emailAddress === player.email)).toMatchObject({
        role: 'writer',
        notified: true,
      });
    }
    // Drive's sharing email tells the players; the add-on's only mail is the first phase's opening
    // notice to each player it waits for (src/triggers/messages/opening-notices.ts).
    expect(google.mail.map((m) => [m.to, m.subject])).toEqual(
      match.players.map((p) => [
        p.email,
        expect.stringMatching(/^Not Flower Field: Pregame: colour choice is open, answer by /),
      ]),
    );
    const answers = google.spreadsheet(table.sharedId()).sheet(ANSWERS_TAB);
    expect(answers.cells[0][1]?.userEnteredValue?.stringValue).toBe('Your colour (Pregame: colour choice)');
    // A second start of another match while this one runs is refused.
    expect(table.run('startMatch', setup({ players: PLAYERS.slice(0, 3) }))).toMatchObject({
      ok: false,
      errors: [{ field: '', message: expect.stringMatching(/still running/) }],
    });
    // The same setup again (a double click, or Start pressed again after an error late in the
    // setup) answers with this match's links and makes nothing new.
    const files = google.files.size;
    const again = table.startMatch(setup()) as { ok: boolean; links: { players: unknown[] } };
    expect(again.ok).toBe(true);
    expect(again.links.players).toHaveLength(4);
    expect(google.files.size).toBe(files);
    expect(google.sharingEmails).toHaveLength(8);
  });

  it('falls back to view-by-link when publishing is refused, and tells the host', () => {
    const table = started({ refusePublishing: true });
    const shared = table.google.files.get(table.sharedId())!;
    expect(shared.published).toBe(false);
    expect(shared.permissions).toContainEqual(expect.objectContaining({ type: 'anyone', role: 'reader' }));
    const links = table.google.host.sheet('Links');
    expect(links.cells[1][2]?.userEnteredValue?.stringValue).toMatch(/Publishing to the web was refused/);
  });
});

describe('the public rows', () => {
  it('a row typed before the deadline counts although the tick comes minutes late (stamped with the time of its edit)', () => {
    const table = started();
    const { google } = table;
    google.clock.set(at(29.5));
    google.typeInSheet(table.sharedId(), 'ann@example.com', ANSWERS_TAB, 1, 1, 'red');
    google.clock.set(at(36)); // the deadline was at 30 minutes; this tick is 6 minutes late
    table.fire('CLOCK');
    const match = logOf(table.sandbox);
    expect(match.submissions).toEqual([
      {
        phase: PHASES[0],
        player: 'p1',
        at: at(29.5),
        answers: { colour: 'red' },
        via: 'row',
        response: expect.stringMatching(/^edit:/),
        // The edit event names no one but the trigger's owner (docs/google.md, "Public rows"): on Host actions.
        editedBy: 'unknown',
        uid: expect.stringMatching(/^edit:/),
        // Each entry of a chained log names the one before it (docs/matchfile.md, "The chain").
        after: expect.any(String),
      },
    ]);
    expect(table.state().closed[0].movers).toEqual(['p1']);
    // Round 1 has no public question: the row says so, and typing there is not read.
    expect(google.spreadsheet(table.sharedId()).sheet(ANSWERS_TAB).cells[0][1]?.userEnteredValue?.stringValue).toMatch(
      /Nothing to answer here in Round 1/,
    );
  });

  it('a colour typed as a number or formula stays text (the answer cells are plain text)', () => {
    const table = started();
    table.google.clock.set(at(2));
    table.google.typeInSheet(table.sharedId(), 'ben@example.com', ANSWERS_TAB, 2, 1, '=IMPORTXML("x")');
    table.google.clock.set(at(5));
    table.fire('CLOCK');
    const sub = logOf(table.sandbox).submissions[0];
    expect(sub.answers.colour).toBe('=IMPORTXML("x")');
    expect(table.state().rejected[0].reason).toMatch(/is not on offer/);
  });
});

describe('the menu', () => {
  function toRound1(table: Table): void {
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).toBe(PHASES[1]);
  }

  it("Extend deadline… moves the open phase's deadline; an answer after the old one counts", () => {
    const table = started();
    toRound1(table);
    table.google.promptAnswers.push({ button: 'OK', text: '+2h' });
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('extendDeadline');
    expect(table.google.ui.alerts.at(-1)).toMatch(new RegExp(`Open now: ${PHASES[1]}`));
    const match = logOf(table.sandbox);
    expect(noticesOf(match.events)).toEqual([...opened(PHASES[0], 0), ...opened(PHASES[1], 30)]);
    expect(withoutNotices(match.events)).toEqual([
      {
        type: 'extend',
        phase: PHASES[1],
        deadline: at(151),
        at: at(31),
        uid: expect.stringMatching(/^host:/),
        after: expect.any(String),
      },
    ]);
    const form = table.google.forms.get(match.players[0].form!)!;
    expect(form.description).toMatch(/Open until Sat 21 Nov 2026, 20:31 Europe\/London \(UTC\+00:00\)\./);
    table.google.clock.set(at(100));
    table.sendForm(
      'p1',
      { own: 'A1 B2 C3', others: 'blue D4, yellow E5, green F6' },
      table.state().open!.phase.questions.p1,
    );
    expect(table.state().receipts.at(-1)?.status).toBe('accepted');
    // Cancelled prompts change nothing.
    table.google.promptAnswers.push({ button: 'CANCEL', text: '' });
    table.run('extendDeadline');
    // (The answer's execution at 100 minutes, past the new deadline's 60-minute reminder, logged the reminders it sent.)
    expect(logOf(table.sandbox).events?.filter((e) => e.type !== 'message')).toHaveLength(1);
    // A time that does not read is refused with an example.
    table.google.promptAnswers.push({ button: 'OK', text: 'tomorrow' });
    table.run('extendDeadline');
    expect(table.google.ui.alerts.at(-1)).toMatch(/is not a time: write \+2h/);
  });

  it('Undo last phase reopens the phase that closed last; forms follow', () => {
    const table = started();
    toRound1(table);
    const match = logOf(table.sandbox);
    expect(table.google.forms.get(match.players[0].form!)!.accepting).toBe(true);
    table.google.promptAnswers.push({ button: 'OK', text: '+1h' });
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('undoLastPhase');
    expect(noticesOf(logOf(table.sandbox).events)).toEqual([...opened(PHASES[0], 0), ...opened(PHASES[1], 30)]);
    expect(withoutNotices(logOf(table.sandbox).events)).toEqual([
      {
        type: 'reopen',
        phase: PHASES[0],
        deadline: at(91),
        at: at(31),
        uid: expect.stringMatching(/^host:/),
        after: expect.any(String),
      },
    ]);
    expect(table.state().open?.phase.id).toBe(PHASES[0]);
    expect(table.google.forms.get(match.players[0].form!)!.accepting).toBe(false);
    expect(
      table.google.spreadsheet(table.sharedId()).sheet(ANSWERS_TAB).cells[0][1]?.userEnteredValue?.stringValue,
    ).toMatch(/Your colour/);
    table.google.clock.set(at(92));
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).toBe(PHASES[1]);
  });

  it('Re-render rewrites a tab someone spoiled; Export gives the log as a match file; Help lists the links', () => {
    const table = started();
    const host = table.google.host;
    const current = host.sheet('Current');
    host.type(HOST, true, 'Current', 0, 0, 'spoiled');
    expect(host.sheet('Current').cells[0][0]?.userEnteredValue?.stringValue).toBe('spoiled');
    table.run('rerender');
    expect(host.sheet('Current').cells[0][0]).toEqual(current.cells[0][0]);
    const text = table.run('exportMatchFile') as string;
    expect(JSON.parse(text).players).toHaveLength(4);
    table.run('showHelp');
    expect(table.google.ui.dialogs.at(-1)?.html).toMatch(/ann@example.com|Ann<\/td>/);
  });

  it('a busy lock leaves the work to the next execution; nothing is lost', () => {
    const table = started();
    table.google.clock.set(at(9));
    table.google.typeInSheet(table.sharedId(), 'cara@example.com', ANSWERS_TAB, 3, 1, 'green');
    table.google.lockHeldElsewhere = true;
    table.google.clock.set(at(10));
    table.fire('CLOCK');
    expect(table.executions.at(-1)?.writes).toBe(0);
    expect(logOf(table.sandbox).submissions).toHaveLength(0);
    table.google.lockHeldElsewhere = false;
    table.google.clock.set(at(11));
    table.fire('CLOCK');
    expect(logOf(table.sandbox).submissions).toMatchObject([{ player: 'p3', answers: { colour: 'green' }, at: at(9) }]);
  });

  it('an answer sent while the tick is closing the form is read with its items and its phase', () => {
    const table = started();
    toRound1(table);
    const p1 = logOf(table.sandbox).players[0];
    const questions = table.state().open!.phase.questions.p1;
    table.google.clock.set(at(95)); // round 1 closed at 91
    table.google.beforeFormCloses = (formId) => {
      expect(formId).toBe(p1.form);
      table.google.submitForm(formId, p1.email!, {
        [questions[0].label]: 'A1 B2 C3',
        [questions[1].label]: 'blue D4, yellow E5, green F6',
      });
    };
    table.fire('CLOCK');
    expect(table.google.beforeFormCloses).toBeNull();
    const last = logOf(table.sandbox).submissions.at(-1)!;
    expect(last).toMatchObject({
      phase: PHASES[1],
      player: 'p1',
      at: at(95),
      answers: { own: 'A1 B2 C3', others: 'blue D4, yellow E5, green F6' },
      via: 'form',
    });
    expect(table.state().rejected.at(-1)?.reason).toMatch(/after the deadline of Round 1/);
    expect(table.state().open?.phase.id).toBe(PHASES[2]);
  });

  it('a doubled tick writes nothing the second time', () => {
    const table = started();
    toRound1(table);
    table.fire('CLOCK');
    expect(table.executions.at(-1)?.writes).toBe(0);
  });
});

describe('answers', () => {
  it("a form answer is acknowledged in the player's own sheet by the same execution", () => {
    const table = started();
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const questions = table.state().open!.phase.questions.p2;
    table.google.clock.set(at(40));
    table.sendForm('p2', { own: 'A1 A1 C3', others: 'red D4, yellow E5, green F6' }, questions);
    const sheet = table.google.spreadsheet(table.playerFile('p2').sheet).sheet('Log');
    const texts = sheet.cells
      .flat()
      .map((c) => c?.userEnteredValue?.stringValue ?? '')
      .join('\n');
    expect(texts).toMatch(/rejected/);
    expect(texts).toMatch(/A1 is named twice/);
    // Nobody else's sheet shows it.
    const other = table.google.spreadsheet(table.playerFile('p1').sheet).sheet('Log');
    expect(other.cells.flat().some((c) => /A1 A1 C3/.test(c?.userEnteredValue?.stringValue ?? ''))).toBe(false);
  });
});

describe('the sandbox', () => {
  it('gives the script only the fakes, and an unimplemented call names itself', () => {
    const sandbox = new Sandbox({ owner: HOST, start: START });
    const entries = [
      'GeniusHost',
      'answerHostDecision',
      'checkAccountTrigger',
      'checkMatchSetup',
      'checkThisAccount',
      'correctPlayerEmail',
      'discordWebhook',
      'endRehearsalNow',
      'exportMatchFile',
      'extendDeadline',
      'finishSetup',
      'forgetRehearsal',
      'hostFromAppsScript',
      'hostFromMachine',
      'newMatchDefaults',
      'onFormSubmitted',
      'onInstall',
      'onMinute',
      'onOpen',
      'onRowEdited',
      'onTick',
      'onWake',
      'pauseMatch',
      'projectTriggerTime',
      'rehearsalChain',
      'rehearseMatch',
      'replayMatchJson',
      'rerender',
      'resolveOverdueNow',
      'resumeMatch',
      'setAccountKind',
      'setupCheckAccount',
      'setupState',
      'showAbout',
      'showDeathMatch',
      'showHelp',
      'showNewMatch',
      'showNextMatch',
      'showSetup',
      'substitutePlayer',
      'startMatch',
      'startRehearsal',
      'undoLastPhase',
    ];
    expect(sandbox.globals().filter((g) => !g.startsWith('__zod_'))).toEqual([...SERVICE_NAMES, ...entries].sort());
    expect(() => vm.runInContext('SpreadsheetApp.getActiveSheet()', sandbox.context)).toThrow(
      'SpreadsheetApp.getActiveSheet is not implemented by the sandbox',
    );
    expect(() => vm.runInContext('Math.random()', sandbox.context)).toThrow('Math.random called');
    expect(vm.runInContext('new Date().toISOString()', sandbox.context)).toBe(START);
    sandbox.call('showNewMatch');
    expect(sandbox.google.ui.sidebars[0]).toMatch(/google\.script\.run/);
    const defaults = sandbox.call<{ games: { id: string }[]; timeZone: string }>('newMatchDefaults');
    expect(defaults.games.map((g) => g.id)).toEqual(GAME_LIST.map((g) => g.id));
  });
});

describe('identity', () => {
  function inRound1(): { table: Table; questions: readonly Question[] } {
    const table = started();
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const open = table.state().open!;
    expect(open.phase.id).toBe(PHASES[1]);
    return { table, questions: open.phase.questions.p1 };
  }
  const texts = (table: Table, fileId: string) =>
    table.google
      .spreadsheet(fileId)
      .workbook.tabs.flatMap((t) => t.cells.flat().map((c) => c?.userEnteredValue?.stringValue ?? ''))
      .join('\n');
  const ANSWER = { own: 'A1 B2 C3', others: 'blue D4, yellow E5, green F6' };

  it("an answer from another Google account is refused by the form itself: each form opens to its player's account only", () => {
    const { table, questions } = inRound1();
    table.google.clock.set(at(40));
    // Ben, signed in as himself, has Ann's form link: Forms does not let him in.
    expect(table.sendForm('p1', ANSWER, questions, 'ben@example.com')).toBe(false);
    expect(table.stats.refusedByForm).toBe(1);
    expect(logOf(table.sandbox).submissions.filter((s) => s.via === 'form')).toEqual([]);
    // Ann's account, however her address is capitalised, is let in and her answer counts.
    expect(table.sendForm('p1', ANSWER, questions, 'ANN@Example.com')).toBe(true);
    expect(table.state().receipts.at(-1)).toMatchObject({ player: 'p1', status: 'accepted' });
  });

  it("where Forms refuses to restrict responders, an answer through another player's form is rejected and logged, shown to the form's owner and the host only", () => {
    const table = started({ refuseResponderRestriction: true });
    // The host is told, on the Links tab, what the match does instead.
    expect(texts(table, table.google.host.id)).toMatch(
      /Ann: Forms refused to open ann@example\.com's form to their account only[^\n]*anyone with its link can open it instead/,
    );
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const questions = table.state().open!.phase.questions.p1;
    table.google.clock.set(at(40));
    // Ben, signed in as himself, has Ann's form link.
    table.sendForm('p1', ANSWER, questions, 'ben@example.com');
    const match = logOf(table.sandbox);
    expect(match.submissions.at(-1)).toMatchObject({
      phase: PHASES[1],
      player: 'p1',
      from: 'ben@example.com',
      via: 'form',
    });
    const state = table.state();
    expect(state.receipts.at(-1)).toMatchObject({ player: 'p1', status: 'rejected' });
    expect(state.receipts.at(-1)!.reasons[0]).toMatch(/sent from ben@example\.com, which is not Ann's address/);
    expect(state.open!.moves.has('p1')).toBe(false);
    expect(texts(table, table.playerFile('p1').sheet)).toMatch(/which is not Ann's address/);
    // The next tick draws the rest: the host's log has it; no one else's sheet does.
    table.google.clock.set(at(41));
    table.fire('CLOCK');
    expect(texts(table, table.google.host.id)).toMatch(/which is not Ann's address/);
    for (const other of [table.sharedId(), table.playerFile('p2').sheet, table.playerFile('p3').sheet]) {
      // (A player's sheet opens with what to do, whose example is "e.g. A1 B2 C3": not Ben's answer.)
      expect(texts(table, other)).not.toMatch(/not Ann's address|(?<!e\.g\. )A1 B2 C3|blue D4, yellow E5, green F6/);
    }
    // Ann's own answer afterwards counts (her address in any case).
    table.google.clock.set(at(45));
    table.sendForm('p1', ANSWER, questions, 'ANN@Example.com');
    expect(table.state().receipts.at(-1)).toMatchObject({ player: 'p1', status: 'accepted' });
    expect(table.state().open!.moves.has('p1')).toBe(true);
  });

  it('an answer whose sender the form did not verify is rejected and logged', () => {
    const { table, questions } = inRound1();
    // Someone with edit rights to the form turned email collection off.
    table.google.forms.get(table.playerFile('p1').form)!.collectEmail = false;
    table.google.clock.set(at(40));
    expect(table.sendForm('p1', ANSWER, questions)).toBe(true);
    const sent = logOf(table.sandbox).submissions.at(-1)!;
    expect(sent).toMatchObject({ player: 'p1', via: 'form' });
    expect(sent.from).toBeUndefined();
    expect(table.state().receipts.at(-1)!.reasons[0]).toMatch(
      /the form did not verify the sender's email; Ann's form only takes answers from Ann's own Google account/,
    );
    expect(table.state().open!.moves.has('p1')).toBe(false);
    expect(texts(table, table.playerFile('p1').sheet)).toMatch(/did not verify/);
  });

  it('a row the player does not own cannot be typed in, and nothing is read from the attempt', () => {
    const table = started();
    table.google.clock.set(at(5));
    // Ben tries Ann's row (row 1), then his own (row 2).
    expect(() => table.google.typeInSheet(table.sharedId(), 'ben@example.com', ANSWERS_TAB, 1, 1, 'blue')).toThrow(
      /protected/,
    );
    table.google.typeInSheet(table.sharedId(), 'ben@example.com', ANSWERS_TAB, 2, 1, 'yellow');
    table.google.clock.set(at(6));
    table.fire('CLOCK');
    const submissions = logOf(table.sandbox).submissions;
    expect(submissions.map((s) => [s.player, s.answers.colour, s.via])).toEqual([['p2', 'yellow', 'row']]);
    // Nobody but Ann may type in her row; she may.
    for (const other of ['cara@example.com', 'dev@example.com']) {
      expect(() => table.google.typeInSheet(table.sharedId(), other, ANSWERS_TAB, 1, 1, 'blue')).toThrow(/protected/);
    }
    table.google.typeInSheet(table.sharedId(), 'ann@example.com', ANSWERS_TAB, 1, 1, 'blue');
    table.google.clock.set(at(7));
    table.fire('CLOCK');
    expect(logOf(table.sandbox).submissions.map((s) => [s.player, s.answers.colour])).toEqual([
      ['p2', 'yellow'],
      ['p1', 'blue'],
    ]);
  });
});

describe('quiet ticks', () => {
  it("a tick with nothing due ends without the lock or any Sheets or Forms call; a missed answer waits for the next reading of the forms (or the host's menu); a new deadline is kept", () => {
    const table = started();
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).toBe(PHASES[1]);
    const calls = () => table.google.executions.at(-1)!.calls.map((c) => c.name);
    table.google.clock.set(at(32));
    table.fire('CLOCK');
    expect(calls().filter((name) => /^(Sheets|Form|FormApp|Lock)\./.test(name))).toEqual([]);
    // An answer whose form-submit trigger never fires waits for the tick that reads the forms.
    table.google.clock.set(at(33));
    expect(
      table.submitOnly(
        'p1',
        { own: 'A1 B2 C3', others: 'blue D4, yellow E5, green F6' },
        table.state().open!.phase.questions.p1,
      ),
    ).toBe(true);
    table.google.clock.set(at(35));
    table.fire('CLOCK');
    expect(logOf(table.sandbox).submissions).toHaveLength(0);
    table.google.clock.set(at(41));
    table.fire('CLOCK');
    // Every form was closed and read at the deadline (at 30 minutes): the next reading is two
    // hours after it, or the next deadline's; the host's menu reads them at once.
    expect(logOf(table.sandbox).submissions).toHaveLength(0);
    // Extend deadline…: the menu's own run reads the forms and says until when the ticks may
    // rest; the old deadline passes quietly, the new one resolves the phase.
    table.google.promptAnswers.push({ button: 'OK', text: '+2h' });
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('extendDeadline');
    expect(logOf(table.sandbox).submissions.map((s) => s.player)).toEqual(['p1']);
    table.google.clock.set(at(31 + 60 + 1));
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).toBe(PHASES[1]);
    // At the deadline the tick resolves the phase.
    table.google.clock.set(at(31 + 60 + 120));
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).toBe(PHASES[2]);
  });
});

describe('emails as Google compares accounts', () => {
  const linksText = (table: Table) =>
    table.google.host
      .sheet('Links')
      .cells.flat()
      .map((c) => c?.userEnteredValue?.stringValue ?? '')
      .join('\n');

  it('a Gmail address typed with other dots, case or googlemail.com is the same player; the match keeps the address Drive reports', () => {
    const accounts = ['annlee@gmail.com', 'ben@example.com', 'cara@example.com', 'dev@example.com'];
    const table = new Table(SANDBOX_GAME.id, accounts);
    (table.google.options as { accounts?: readonly string[] }).accounts = accounts;
    const players = [{ ...PLAYERS[0], email: 'Ann.Lee@GoogleMail.com' }, ...PLAYERS.slice(1)];
    expect(table.startMatch(setup({ players })).ok).toBe(true);
    expect(logOf(table.sandbox).players[0].email).toBe('annlee@gmail.com');
    expect(linksText(table)).toMatch(/annlee@gmail\.com/);
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const questions = table.state().open!.phase.questions.p1;
    // Ann answers from her account written yet another way; the form verified it as she typed it.
    table.sendForm('p1', ANSWER_FOR_EMAILS, questions, 'ANN.LEE@gmail.com');
    expect(table.state().receipts.at(-1)).toMatchObject({ player: 'p1', status: 'accepted' });
  });

  it('two players with one Google account are refused at the start, naming the field', () => {
    const table = new Table(
      SANDBOX_GAME.id,
      PLAYERS.map((p) => p.email),
    );
    const players = [
      { ...PLAYERS[0], email: 'a.nn@gmail.com' },
      { ...PLAYERS[1], email: 'ANN@googlemail.com' },
      ...PLAYERS.slice(2),
    ];
    expect(table.run('startMatch', setup({ players }))).toMatchObject({
      ok: false,
      errors: [{ field: 'players[1].email', message: expect.stringMatching(/same Google account as players\[0\]/) }],
    });
  });

  it("Correct a player's email… opens the player's form to the corrected account, which Forms refused before", () => {
    const table = started();
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const questions = table.state().open!.phase.questions.p1;
    table.google.clock.set(at(40));
    // The host typed another address than Ann's account: her form, kept to that address, refuses her.
    expect(table.sendForm('p1', ANSWER_FOR_EMAILS, questions, 'ann.real@example.org')).toBe(false);
    table.google.promptAnswers.push({ button: 'OK', text: 'Ann ann.real@example.org' });
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('correctPlayerEmail');
    table.google.clock.set(at(41));
    expect(table.sendForm('p1', ANSWER_FOR_EMAILS, questions, 'ann.real@example.org')).toBe(true);
    expect(table.state().receipts.at(-1)).toMatchObject({ player: 'p1', status: 'accepted' });
  });

  it("where forms are open to anyone with the link, Correct a player's email… is logged; the open phase's refused answer from that account then counts, and replay agrees", () => {
    const table = started({ refuseResponderRestriction: true });
    table.google.clock.set(at(31));
    table.fire('CLOCK');
    const questions = table.state().open!.phase.questions.p1;
    table.google.clock.set(at(40));
    table.sendForm('p1', ANSWER_FOR_EMAILS, questions, 'ann.real@example.org');
    expect(table.state().receipts.at(-1)).toMatchObject({ player: 'p1', status: 'rejected' });
    // Wrong input first: no such player, not an email, another player's account.
    for (const [text, message] of [
      ['Zed zed@example.org', /No player "Zed"/],
      ['Ann ann-at-example', /is not an email address/],
      ['Ann BEN@example.com', /is Ben's Google account/],
      ['ann.real@example.org', /the player's name, then the email/],
    ] as const) {
      table.google.promptAnswers.push({ button: 'OK', text });
      // The reason is asked once the text names a player and an email.
      if (text.includes(' ')) table.google.promptAnswers.push({ button: 'OK', text: '' });
      table.run('correctPlayerEmail');
      expect(table.google.ui.alerts.at(-1)).toMatch(message);
    }
    // Only the openings' notices are logged: none of the refused corrections.
    expect(noticesOf(logOf(table.sandbox).events)).toEqual([...opened(PHASES[0], 0), ...opened(PHASES[1], 30)]);
    expect(withoutNotices(logOf(table.sandbox).events)).toEqual([]);
    table.google.clock.set(at(41));
    table.google.promptAnswers.push({ button: 'OK', text: 'Ann ann.real@example.org' });
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('correctPlayerEmail');
    expect(table.google.ui.prompts.at(-2)).toMatch(/Ann: ann@example\.com/);
    expect(withoutNotices(logOf(table.sandbox).events)).toEqual([
      {
        type: 'email',
        player: 'p1',
        email: 'ann.real@example.org',
        at: at(41),
        uid: expect.stringMatching(/^host:/),
        after: expect.any(String),
      },
    ]);
    expect(table.state().receipts.find((r) => r.player === 'p1')).toMatchObject({ status: 'accepted' });
    expect(table.state().open!.moves.has('p1')).toBe(true);
    expect(linksText(table)).toMatch(/ann\.real@example\.org/);
    // Her new account has what the old address had: her private sheet, the shared sheet, her row.
    const sharedWith = (fileId: string) =>
      table.google.files.get(fileId)!.permissions.map((p) => `${p.role} ${p.emailAddress ?? p.type}`);
    expect(sharedWith(table.playerFile('p1').sheet)).toContain('reader ann.real@example.org');
    expect(sharedWith(table.sharedId())).toContain('writer ann.real@example.org');
    const rowEditors = JSON.stringify(
      [...table.google.spreadsheet(table.sharedId()).protections.values()].map((p) => p.editors),
    );
    expect(rowEditors).toMatch(/ann\.real@example\.org/);
    expect(rowEditors).not.toMatch(/"ann@example\.com"/);
    // The old address no longer counts for Ann.
    table.google.clock.set(at(42));
    table.sendForm('p1', ANSWER_FOR_EMAILS, questions, 'ann@example.com');
    expect(table.state().receipts.at(-1)).toMatchObject({ player: 'p1', status: 'rejected' });
    const exported = JSON.parse(table.run('exportMatchFile') as string);
    // The exported file keeps the openings' notices the log holds, and the correction.
    expect(noticesOf(exported.events)).toEqual(noticesOf(logOf(table.sandbox).events));
    expect(withoutNotices(exported.events)).toEqual([
      {
        type: 'email',
        player: 'p1',
        email: 'ann.real@example.org',
        at: at(41),
        uid: expect.stringMatching(/^host:/),
        after: expect.any(String),
      },
    ]);
  });
});

const ANSWER_FOR_EMAILS = { own: 'A1 B2 C3', others: 'blue D4, yellow E5, green F6' };

describe('a match whose views are over 2 MB', () => {
  it('is drawn in several batchUpdates each under 2 MB, and a write refused part-way is finished by the next execution', () => {
    const table = started();
    const { google } = table;
    // 280 submissions logged for a phase that is not open, each with nine answers of about 1,000
    // characters: refused, and each shown whole in the host's log (about 2.6 MB of it).
    const players = logOf(table.sandbox).players;
    const long = (i: number) =>
      Object.fromEntries(
        Array.from({ length: 9 }, (_, q) => [`note${q + 1}`, `${i}.${q} ${'Grüße, answer text; '.repeat(49)}`]),
      );
    const entries: LogEntry[] = Array.from({ length: 280 }, (_, i) => ({
      kind: 'submission',
      value: {
        phase: 'no-such-phase',
        player: players[i % players.length].id,
        at: google.clock.iso(),
        answers: long(i),
      },
    }));
    // Logged as the add-on logs them (an appendCells each 40).
    const log = new MatchLog({
      ...spreadsheetOf(google.host),
      batchUpdate: (requests) => void google.host.batchUpdate(requests),
    });
    for (let i = 0; i < entries.length; i += 40) {
      log.read();
      log.append(entries.slice(i, i + 40));
    }
    // The host's second batchUpdate of the next execution is refused, once.
    let hostWrites = 0;
    google.onCall = (call, _index, when) => {
      if (
        when === 'before' &&
        call.name === 'Sheets.Spreadsheets.batchUpdate' &&
        call.spreadsheet === google.host.id &&
        ++hostWrites === 2
      ) {
        google.onCall = null;
        throw new Error('Exception: Service unavailable: Sheets');
      }
    };
    const before = google.host.writes.length;
    table.run('rerender');
    expect(google.ui.alerts.at(-1)).toBe('Genius Host: Exception: Service unavailable: Sheets');
    expect(google.host.writes.length - before).toBe(1);
    const logTab = () => JSON.stringify(google.host.sheet('Log').cells);
    expect(logTab()).not.toContain('279.8 Grüße');
    // The next execution, a minute tick, finishes the drawing: the host's log holds every answer.
    google.clock.advance(60);
    table.fire('CLOCK');
    expect(logTab()).toContain('279.8 Grüße');
    const writes = google.host.writes.slice(before + 1);
    expect(writes.length).toBeGreaterThan(1);
    for (const write of writes) expect(write.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(writes.reduce((sum, w) => sum + w.bytes, 0)).toBeGreaterThan(2 * 1024 * 1024);
  });
});
