// Rehearse a match… in the sandbox: a whole short match of every game on the host's own account,
// the host answering their form and typing in their row as a person would, the clock triggers
// running as Apps Script runs them; then the Rehearsal report, keyed to docs/google.md, and nothing
// left behind but the host spreadsheet and its report tab. With each refusal Check this account…
// models, that row of the report says differs, with what was seen.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Answers } from '../../src/engine/core/game.js';
import { GAME_LIST, REHEARSAL_GAME } from '../../src/engine/index.js';
import { BEHAVIOURS } from '../../src/addon/rehearsal-report.js';
import { HOST, Table, privatePart } from './players.js';
import type { GoogleOptions } from './services.js';
import { sampleOf } from '../helpers/depth.js';

const NO_FAULTS = { invalidEvery: 1e9, missSubmitEvery: 1e9, doubleSubmitEvery: 1e9, tickLateSeconds: [0] };
const RECORD_KEY = 'genius-host.rehearsal';
const SEEN_PREFIX = `${RECORD_KEY}.seen.`;

interface Record {
  readonly done?: boolean;
  readonly report?: string;
  readonly tabs: number[];
}

const recordOf = (t: Table): Record | null => {
  const text = t.google.scriptProperties.get(RECORD_KEY);
  return text ? (JSON.parse(text) as Record) : null;
};

/** Each report row (verdict, docs/google.md key, what was seen) by its behaviour's id, read from the report tab. */
function reportOf(t: Table): Map<string, { verdict: string; key: string; seen: string }> {
  const tab = t.google.host.sheet('Rehearsal report');
  const text = (row: number, col: number) => tab.cells[row]?.[col]?.userEnteredValue?.stringValue ?? '';
  // The behaviours' rows come after the title, a line and the header, in BEHAVIOURS' order.
  return new Map(
    BEHAVIOURS.map((b, i) => [b.id, { verdict: text(3 + i, 0), key: text(3 + i, 2), seen: text(3 + i, 3) }]),
  );
}

/** The form-submit trigger, as Apps Script fires it: a failed execution (a quota) is its own, not the sender's. */
function fireSubmit(t: Table): void {
  try {
    t.sandbox.fire('ON_FORM_SUBMIT');
  } catch (error) {
    if (!t.google.executions.at(-1)?.error) throw error;
  }
}

/** What the host answers to the open phase: what the game's bot would (null: nothing to answer). */
function hostAnswers(t: Table): Answers | null {
  const result = t.state();
  const open = result.open;
  if (!open?.phase.questions.p1) return null;
  const bot = result.game.bots[result.game.defaultBot];
  return bot({
    state: result.state,
    phase: open.phase,
    player: 'p1',
    ctx: result.ctx,
    random: result.ctx.random(`host/${open.phase.id}`),
  });
}

/**
 * Starts a rehearsal of `game` from its dialog, then plays the host's seat (the game's bot chooses
 * what to write) through their form and their row until the rehearsal has written its report.
 * `firstWait`: seconds the host leaves the first phase that asks them something unanswered.
 */
function rehearse(
  game: string,
  options: Partial<Omit<GoogleOptions, 'dist'>> = {},
  firstWait = 0,
  prepare?: (t: Table) => void,
): Rehearsed {
  const t = new Table(game, [HOST], NO_FAULTS, '2026-11-21T17:00:00.000Z');
  Object.assign(t.google.options, options);
  prepare?.(t);
  const said = t.run('startRehearsal', game) as string;
  expect(said).toMatch(/^Started\. Answer your form/);
  t.clockTriggers();
  const answered = new Set<string>();
  let botAnswers = 0;
  let firstSeen: number | undefined;
  for (let step = 0; step < 2000 && !recordOf(t)?.done; step++) {
    const result = t.state();
    botAnswers = result.match.submissions.filter((s) => s.via === 'bot').length;
    const open = result.open;
    const questions = open?.phase.questions.p1;
    if (open && questions) firstSeen ??= t.google.clock.now();
    const waiting =
      firstSeen !== undefined && answered.size === 0 && t.google.clock.now() < firstSeen + firstWait * 1000;
    if (open && questions && !answered.has(open.phase.id) && !waiting) {
      answered.add(open.phase.id);
      const answers = hostAnswers(t);
      if (answers) {
        if (questions.some((q) => q.public)) t.typeRow('p1', answers, questions);
        if (questions.some((q) => !q.public) && t.submitOnly('p1', privatePart(answers, questions), questions))
          fireSubmit(t);
      }
    }
    t.google.clock.advance(20);
  }
  expect(recordOf(t)?.done, `${game}: the rehearsal did not end`).toBe(true);
  return Object.assign(t, { botAnswers });
}

type Rehearsed = Table & { readonly botAnswers: number };

/** Nothing the rehearsal made is left: its files trashed, no trigger, no tab but the report, no match property. */
function expectCleanedUp(t: Table): void {
  const left = [...t.google.files.values()].filter((f) => f.byScript && !f.trashed);
  expect(left.map((f) => f.id)).toEqual([]);
  expect(t.google.triggers).toEqual([]);
  const tabs = t.google.host.workbook.tabs.filter((tab) => tab.title !== 'Rehearsal report');
  expect(tabs.map((tab) => tab.sheetId).sort()).toEqual([...recordOf(t)!.tabs].sort());
  expect([...t.google.properties.keys()].filter((k) => k.startsWith('gh.'))).toEqual([]);
}

describe('Rehearse a match…', () => {
  // A sample of the games (test/helpers/depth.ts); npm run test:deep rehearses every one.
  it.each(sampleOf('rehearsal', GAME_LIST, 2).map((g) => [g.id]))(
    '%s: runs to its report, with bots on every seat but the host’s, and cleans up everything it made',
    (game) => {
      const t = rehearse(game);
      const report = reportOf(t);
      expect([...report.values()].map((r) => r.key)).toEqual(BEHAVIOURS.map((b) => b.key));
      // On the sandbox's Google, as the documents describe it, nothing differs.
      expect([...report].filter(([, r]) => r.verdict === 'differs')).toEqual([]);
      for (const key of ['forms-publish', 'forms-respondent-email', 'forms-submit-trigger', 'sheets-batch-update'])
        expect(report.get(key)?.verdict, key).toBe('confirmed');
      expect(report.get('forms-respondent-email')?.seen).toContain(HOST);
      expect(report.get('drive-publish')?.verdict).toBe('confirmed');
      expect(report.get('spectators-link')).toMatchObject({ verdict: 'not tried', key: 'drive-publish' });
      expect(report.get('spectators-link')?.seen).toMatch(/Apps Script cannot open a link signed out/);
      expect(report.get('discord-post')?.seen).toMatch(/no Discord webhook is set/);
      // The bots' answers were logged as theirs; their seats' addresses are nobody's: nothing shared or sent to them.
      expect(t.botAnswers).toBeGreaterThan(0);
      expect(t.google.sharingEmails.filter((e) => e.email.endsWith('.invalid'))).toEqual([]);
      expect(t.google.mail.filter((m) => m.to.endsWith('.invalid'))).toEqual([]);
      const text = recordOf(t)!.report!;
      expect(text).toMatch(/^Rehearsal report: /);
      expect(text).toMatch(/Trashed \d+ files/);
      expectCleanedUp(t);
    },
    600_000,
  );

  it("bot seats share nothing: no responder, permission or link on a bot's form, and their answers are logged as the bots'", () => {
    // Drive refuses a responder with no Google account (a .invalid address); before, Start asked
    // for one and then opened the bot's form to anyone with the link.
    const t = rehearse(REHEARSAL_GAME.id);
    const formFiles = [...t.google.forms.keys()].map((id) => t.google.files.get(id)!);
    expect(formFiles.length).toBeGreaterThan(1);
    for (const file of formFiles) {
      expect(file.permissions.filter((p) => p.view === 'published' || p.type === 'anyone')).toEqual([]);
      expect(file.permissions.filter((p) => (p.emailAddress ?? '').endsWith('.invalid'))).toEqual([]);
    }
    // Counted from the log while the match ran (via: "bot").
    expect(t.botAnswers).toBeGreaterThan(0);
  }, 600_000);

  it('arms a one-shot trigger from inside a trigger execution and reports whether and how late it fired', () => {
    const fired = reportOf(rehearse(REHEARSAL_GAME.id)).get('triggers-from-trigger');
    expect(fired).toMatchObject({ verdict: 'confirmed', key: 'triggers-from-trigger' });
    expect(fired?.seen).toMatch(/^fired 1×, \d+ s after its time$/);
    // Where Google disables triggers made by triggers (Issue Tracker 150756612), it says so.
    const t = rehearse(REHEARSAL_GAME.id, { triggersFromTriggersDisabled: true });
    const disabled = reportOf(t).get('triggers-from-trigger');
    expect(disabled?.verdict).toBe('differs');
    expect(disabled?.seen).toMatch(/never fired/);
    // The account's next matches run on the minute trigger Start makes (arming.ts).
    expect(t.google.properties.get('genius-host.menu-triggers')).toMatch(/never came/);
    expectCleanedUp(t);
  }, 600_000);

  it("the edit event's source is the host spreadsheet: the report says so, and the match heard the host's row edits", () => {
    const t = rehearse(REHEARSAL_GAME.id);
    const report = reportOf(t);
    expect(report.get('edits-source')).toEqual({
      verdict: 'confirmed',
      key: 'edits-source',
      seen: 'source named this spreadsheet (the host’s), not the shared sheet edited',
    });
    expect(report.get('edits-trigger')?.verdict).toBe('confirmed');
    expect(report.get('edits-trigger')?.seen).toMatch(
      /heard \d+ edits? of the shared sheet; the match logged your row/,
    );
  }, 600_000);

  it('its dialog offers the registry’s rehearsal game; once over, it gives the report as text with a copy button', () => {
    const t = new Table(REHEARSAL_GAME.id, [HOST], NO_FAULTS, '2026-11-21T17:00:00.000Z');
    t.run('rehearseMatch');
    const offer = t.google.ui.dialogs.at(-1)!;
    expect(offer.title).toBe('Rehearse a match');
    expect(offer.html).toContain(`<option value="${REHEARSAL_GAME.id}" selected>`);
    for (const game of GAME_LIST) expect(offer.html).toContain(`<option value="${game.id}"`);
    expect(offer.html).toMatch(/no webhook set/);
    // Under way: the dialog says so, and ends it on demand.
    t.run('startRehearsal', REHEARSAL_GAME.id);
    expect(() => t.run('startRehearsal', REHEARSAL_GAME.id)).toThrow(/A rehearsal is under way already/);
    t.run('rehearseMatch');
    expect(t.google.ui.dialogs.at(-1)!.html).toMatch(/is under way since[^]*End it now and write the report/);
    t.run('endRehearsalNow');
    // Ended before the host answered: what the match never reached is not tried, and nothing is left.
    const report = reportOf(t);
    expect(report.get('forms-respondent-email')).toMatchObject({ verdict: 'not tried' });
    expect(report.get('drive-file-scope')?.verdict).toBe('confirmed');
    expectCleanedUp(t);
    t.run('rehearseMatch');
    const shown = t.google.ui.dialogs.at(-1)!;
    expect(shown.title).toBe('Rehearsal report');
    expect(shown.html).toContain('Copy the report');
    expect(shown.html).toContain(`Rehearsal report: ${REHEARSAL_GAME.title}`);
    expect(shown.html).toContain(
      '[not tried] Your answer arrived with your own address (docs/google.md: forms-respondent-email)',
    );
    // Rehearse again forgets it: the next press offers a new rehearsal.
    t.run('forgetRehearsal');
    t.run('rehearseMatch');
    expect(t.google.ui.dialogs.at(-1)!.title).toBe('Rehearse a match');
  }, 600_000);

  it('with every refusal Check this account… models, each shows as differs with what was seen', () => {
    const t = rehearse(REHEARSAL_GAME.id, {
      refusePublishing: true,
      refuseLinkSharing: true,
      refuseResponderRestriction: true,
      refuseVerifiedEmails: true,
    });
    const report = reportOf(t);
    const differs = (key: string) => {
      expect(report.get(key)?.verdict, key).toBe('differs');
      return report.get(key)!.seen;
    };
    expect(differs('drive-publish')).toMatch(/Publish a spreadsheet to the web: .*publish/i);
    // In the host's words: what was tried and what to do name no API, scope or document anchor;
    // every differs says what to do; where to send it is said honestly (no public address yet).
    const tab = t.google.host.sheet('Rehearsal report');
    const cell = (row: number, col: number) => tab.cells[row]?.[col]?.userEnteredValue?.stringValue ?? '';
    expect(cell(1, 0)).toMatch(/no public address for reports yet/);
    expect(cell(2, 2)).toBe('For the maintainers');
    for (let i = 0; i < BEHAVIOURS.length; i++) {
      const row = 3 + i;
      for (const col of [1, 4])
        expect(cell(row, col), `${row},${col}`).not.toMatch(
          /\bAPI\b|scope|batchUpdate|google\.md|drive\.file|trigger/i,
        );
      if (cell(row, 0) === 'differs') expect(cell(row, 4), cell(row, 1)).toMatch(/\w/);
    }
    expect(differs('drive-link-sharing')).toMatch(/Share a spreadsheet with anyone who has the link: /);
    expect(differs('forms-responders')).toMatch(/Open a form to one player's account only: /);
    expect(differs('forms-email-collection')).toMatch(/Collect verified email addresses \(read back\): /);
    expectCleanedUp(t);
  }, 600_000);

  it('the reminder email is tried: a host who leaves a phase unanswered until then is reminded, and the report says it was accepted', () => {
    const t = rehearse(REHEARSAL_GAME.id, {}, 100);
    // One reminder; the host's other emails are the openings' notices (docs/notices.md), which the report's reminder row does not count.
    const toHost = t.google.mail.filter((m) => m.to === HOST);
    expect(toHost.filter((m) => / closes in /.test(m.subject))).toHaveLength(1);
    expect(toHost.filter((m) => !/ closes in /.test(m.subject)).map((m) => m.subject)).toEqual(
      toHost.filter((m) => / is open/.test(m.subject)).map((m) => m.subject),
    );
    expect(reportOf(t).get('mail-reminder')).toEqual({
      verdict: 'confirmed',
      key: 'mail-reminder',
      seen: '1 accepted',
    });
    // Answered at once, no reminder is due, and the report says why.
    const quick = reportOf(rehearse(REHEARSAL_GAME.id)).get('mail-reminder');
    expect(quick).toMatchObject({ verdict: 'not tried' });
    expect(quick?.seen).toMatch(/you answered each phase before its reminder \(2 minutes before the deadline/);
  }, 600_000);

  it('a legacy form (no publish state) shows as differs', () => {
    const t = rehearse(REHEARSAL_GAME.id, { legacyForms: true });
    expect(reportOf(t).get('forms-publish')).toMatchObject({ verdict: 'differs' });
    expect(reportOf(t).get('forms-publish')?.seen).toMatch(/legacy/);
  }, 600_000);

  it('a quiet tick of a match no rehearsal watches reads its quiet pointer alone, as before rehearsals were built; a rehearsal’s quiet tick is observed', () => {
    const start = '2026-11-21T18:00:00.000Z';
    const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
    const players = ['Ann', 'Ben', 'Cara', 'Dev'].map((name) => ({ name, email: `${name.toLowerCase()}@example.com` }));
    const t = new Table(
      REHEARSAL_GAME.id,
      players.map((p) => p.email),
      NO_FAULTS,
      start,
    );
    const setup = {
      game: REHEARSAL_GAME.id,
      players,
      startAt: start,
      timeZone: 'Europe/London',
      minutes: { default: 60 },
    };
    expect(t.startMatch(setup).ok).toBe(true);
    t.google.clock.set(at(31));
    t.run('onTick');
    expect(JSON.parse(t.google.properties.get('gh.quiet')!)).not.toHaveProperty('rehearsal');
    // Each clock trigger's handler, with nothing due: the document properties' one read (the quiet
    // pointer), no lock, and never the script properties (where the rehearsal's record is).
    const properties = (name: string) => name.startsWith('Properties');
    for (const [minutes, handler] of [
      [32, 'onTick'],
      [33, 'onMinute'],
      [34, 'onWake'],
    ] as const) {
      t.google.clock.set(at(minutes));
      t.run(handler);
      const calls = t.google.executions.at(-1)!.calls.map((c) => c.name);
      expect(calls.filter(properties), handler).toEqual([
        'PropertiesService.getDocumentProperties',
        'Properties.getProperty',
      ]);
      expect(
        calls.filter((name) => name.startsWith('Lock.')),
        handler,
      ).toEqual([]);
    }

    // A rehearsal's quiet pointer says it is watched, and its quiet ticks are observed.
    const r = new Table(REHEARSAL_GAME.id, [HOST], NO_FAULTS, '2026-11-21T17:00:00.000Z');
    r.run('startRehearsal', REHEARSAL_GAME.id);
    r.run('onMinute');
    expect(JSON.parse(r.google.properties.get('gh.quiet')!)).toMatchObject({ rehearsal: true });
    const seen = () => [...r.google.scriptProperties.keys()].filter((k) => k.startsWith(SEEN_PREFIX)).length;
    const before = seen();
    r.google.clock.advance(5);
    r.run('onMinute');
    expect(r.google.executions.at(-1)!.calls.map((c) => c.name)).not.toContain('Lock.tryLock');
    expect(seen()).toBe(before + 1);
  }, 600_000);

  it('two triggers at once lose nothing: the host’s row edit heard in the middle of a minute tick counts, and so does the tick', () => {
    const t = new Table(REHEARSAL_GAME.id, [HOST], NO_FAULTS, '2026-11-21T17:00:00.000Z');
    t.run('startRehearsal', REHEARSAL_GAME.id);
    t.clockTriggers();
    const asksRow = () => t.state().open?.phase.questions.p1?.some((q) => q.public) === true;
    for (let step = 0; step < 200 && !asksRow(); step++) t.google.clock.advance(20);
    expect(asksRow(), 'a phase that asks for the host’s row').toBe(true);
    const questions = t.state().open!.phase.questions.p1;
    const answers = hostAnswers(t)!;
    const edits = questions.filter((q) => q.public).length;
    // The host types their row while a minute tick runs (as it is about to take the lock): the edit
    // trigger's execution runs inside the tick's, as two executions at once do.
    let typed = false;
    t.google.onCall = (call, _index, when) => {
      if (typed || when !== 'before' || call.name !== 'Lock.tryLock') return;
      if (t.google.executions.at(-1)?.name !== 'onMinute') return;
      typed = true;
      t.typeRow('p1', answers, questions);
    };
    for (let step = 0; step < 30 && !typed; step++) t.google.clock.advance(20);
    t.google.onCall = null;
    expect(typed).toBe(true);
    const minutes = t.google.executions.filter((e) => e.name === 'onMinute').length;
    t.run('endRehearsalNow');
    const report = reportOf(t);
    expect(report.get('edits-trigger')?.seen).toMatch(new RegExp(`^heard ${edits} edits? of the shared sheet`));
    expect(report.get('triggers-minute')?.seen).toMatch(new RegExp(`^fired ${minutes}×`));
  }, 600_000);

  it('the report shows how long each kind of call took on this account, beside what genius-host plans for', () => {
    // Google, as slow as this account finds it: reading a form's responses takes 0.4 s, a Sheets
    // API write 0.9 s, everything else no time (the sandbox's clock moved within the call, as a
    // real call's round trip moves the script's clock).
    const slow: { readonly [call: string]: number } = {
      'Form.getResponses': 400,
      'Sheets.Spreadsheets.batchUpdate': 900,
    };
    const t = rehearse(REHEARSAL_GAME.id, {}, 0, (table) => {
      table.google.onCall = (call, _index, when) => {
        const ms = slow[call.name];
        if (when === 'before' && ms) table.google.clock.jump(table.google.clock.now() + ms);
      };
    });
    t.google.onCall = null;
    const report = recordOf(t)!.report!;
    expect(report).toMatch(
      /^Reading a form: 0\.4 s usually, 0\.4 s 9 times in 10, 0\.4 s at worst here \(\d+ times\); genius-host plans for 3\.0 s \(public figures: 1\.6 s\)\.$/m,
    );
    expect(report).toMatch(
      /^Reading or writing a spreadsheet: [\d.]+ s usually, [\d.]+ s 9 times in 10, 0\.9 s at worst here/m,
    );
    // The tab shows the same lines; the figures for the maintainers' bench are in the copied text only.
    const tab = t.google.host.sheet('Rehearsal report');
    const cells = tab.cells.flatMap((row) => (row ?? []).map((c) => c?.userEnteredValue?.stringValue ?? ''));
    expect(cells.some((c) => c.startsWith('Reading a form: 0.4 s usually'))).toBe(true);
    const bench = /^For the maintainers' bench: (.*)$/m.exec(report)?.[1];
    expect(JSON.parse(bench!)).toMatchObject({
      formRead: { median: 400, p90: 400, most: 400 },
      sheetsCall: { most: 900 },
    });
    // The summary is one property, and a quiet tick did not write it (it stays one Properties read).
    expect(JSON.parse(t.google.properties.get('genius-host.latency')!)).toHaveProperty('formRead.count');
  }, 600_000);

  it('every row of the report is a row of docs/google.md, by its key', () => {
    const doc = readFileSync(new URL('../../docs/google.md', import.meta.url), 'utf8');
    expect(BEHAVIOURS.filter(({ key }) => !doc.includes(`<a id="${key}"></a>`)).map((b) => b.key)).toEqual([]);
  });
});
