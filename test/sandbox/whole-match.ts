// The whole add-on, as built (dist/Code.js), in a node:vm sandbox of Apps Script fakes: for every
// game the host starts a match through the sidebar's function, players answer through their forms
// and rows (some invalid, some twice, some late, one with another player's account), time passes,
// triggers fire late, twice or not at all, and in the end every spreadsheet shows exactly what a
// replay of the exported match file shows.
import type { TriggerRecord } from './services.js';
import { expect } from 'vitest';
import type { Audience, View } from '../../src/engine/core/view.js';
import { loadMatchText, replayMatch, viewFor } from '../../src/engine/index.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { renderView } from '../../src/sheets/index.js';
import { receiptOf } from '../../src/engine/core/receipt.js';
import { chainBreak, checkReceipts, isChained } from '../../src/engine/core/receipt-check.js';
import { publishedMatch } from '../../src/engine/core/publish.js';
import { checkPrivacy, workbookTexts } from '../helpers/privacy.js';
import { currentEmails } from '../../src/engine/core/email.js';
import { budgetLine, matchBudget } from '../reliability/cost.js';
import { DEFAULT_FAULTS, type Faults, Table, logOf } from './players.js';
import type { SheetFile } from './sheets.js';

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jo', 'Kai', 'Lea'];

export interface Case {
  readonly game: string;
  readonly players: number;
  readonly minutes: Record<string, number>;
  readonly options?: Record<string, unknown>;
  readonly faults?: Faults;
  /** An anonymous match: the players are the people NAMES, playing under aliases (test/sandbox/anonymous.test.ts). */
  readonly anonymous?: boolean;
  /** Run on the table before the match starts (a Discord webhook set from the menu). */
  readonly beforeStart?: (table: Table) => void;
}

interface TabShape {
  title: string;
  cells: unknown;
  merges: unknown;
  rowHeights: unknown;
  columnWidths: unknown;
  frozenRowCount: number;
  rowCount: number;
  columnCount: number;
}

/** What a tab shows: every cell, merge, size and frozen row (ids aside). */
function tabContent(tab: TabShape) {
  return {
    cells: tab.cells,
    merges: tab.merges,
    rows: tab.rowCount,
    columns: tab.columnCount,
    heights: tab.rowHeights,
    widths: tab.columnWidths,
    frozen: tab.frozenRowCount,
  };
}

/**
 * Plain data equal as vitest's toEqual sees it: a member that is null or undefined is as good as
 * missing (an empty cell is null in one file and absent in another), an array's holes as nulls.
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameContent(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) if (!sameContent(x[key], y[key])) return false;
  for (const key in y) if (!(key in x) && y[key] !== null && y[key] !== undefined) return false;
  return true;
}

/**
 * The view as `file` drew it: with how long the open phase had left at its drawing (the Status
 * tab's *Closes in* row, StatusView.asOf), which a replay now cannot know, taken from the file; the
 * rest of the view is the replay's.
 */
export function asDrawn(view: View, file: SheetFile): View {
  const rows = file.workbook.sheetByTitle('Status')?.cells ?? [];
  const drawn = rows.find((row) => row?.[0]?.userEnteredValue?.stringValue === 'Closes in')?.[1]?.userEnteredValue;
  const { asOf: _now, ...status } = view.status;
  return {
    ...view,
    status: drawn?.stringValue ? { ...status, asOf: { at: '', closesIn: '', text: drawn.stringValue } } : status,
  };
}

/**
 * A match's triggers (src/triggers/schedule/clock-triggers.ts): the form-submit and edit triggers, the hourly safety
 * net, and at most one more clock trigger, the one-shot or the minute trigger armed for what is due.
 */
export function expectMatchTriggers(triggers: readonly TriggerRecord[]): void {
  expect(
    triggers
      .filter((t) => t.kind !== 'CLOCK')
      .map((t) => t.kind)
      .sort(),
  ).toEqual(['ON_EDIT', 'ON_FORM_SUBMIT']);
  const clocks = triggers.filter((t) => t.kind === 'CLOCK');
  expect(clocks.filter((t) => t.hours === 1)).toHaveLength(1);
  expect(clocks.filter((t) => t.hours !== 1).length).toBeLessThanOrEqual(1);
}

/** The spreadsheet shows what a fresh render of the audience's view shows, tab for tab. */
export function expectRenderedLike(file: SheetFile, expected: EmbeddedWorkbook, label: string): void {
  for (const tab of expected.tabs) {
    const drawn = file.workbook.sheetByTitle(tab.title);
    expect(drawn, `${label}: tab ${tab.title}`).toBeDefined();
    // A plain comparison first (a whole match makes this one for every tab of every file, and
    // vitest's, which explains a difference, costs ten times as much); on a difference, vitest's.
    if (sameContent(tabContent(drawn!), tabContent(tab))) continue;
    // Empty cells as missing on both sides, as sameContent sees them: the difference is the content's.
    const plain = (t: TabShape) => JSON.parse(JSON.stringify(tabContent(t), (_k, v) => (v === null ? undefined : v)));
    expect(plain(drawn!), `${label}: tab ${tab.title}`).toEqual(plain(tab));
    expect.fail(`${label}: tab ${tab.title} differs from a fresh render`);
  }
}

/** The spreadsheet each audience reads in the sandbox (Paint's teams have none: their players' sheets hold it). */
function workbookOf(table: Table, audience: Audience): EmbeddedWorkbook | null {
  const google = table.google;
  if (audience === 'host') return google.host.workbook;
  if (audience === 'public') return google.spreadsheet(table.sharedId()).workbook;
  if (audience.startsWith('player:'))
    return google.spreadsheet(table.playerFile(audience.slice('player:'.length)).sheet).workbook;
  return null;
}

/**
 * Privacy of the files as they stand: nothing private in the shared sheet (which is the
 * published copy: Drive publishes its head revision) or another player's sheet (with `views`,
 * nor any text only another audience's view holds: once every file is drawn); the host
 * spreadsheet, which receives every form's responses, shared with no one and not published; each
 * player's sheet shared with that player alone and not published.
 */
/** `openForms`: the forms are open to anyone with the link, as a world that refuses to keep them to their players leaves them (the host was told). */
export function checkFilesPrivate(table: Table, label: string, views: boolean, openForms = false): number {
  const google = table.google;
  const result = table.state();
  const hostFile = google.files.get(google.host.id)!;
  expect(
    hostFile.permissions.map((p) => p.role),
    `${label}: the host spreadsheet's permissions`,
  ).toEqual(['owner']);
  expect(hostFile.published, `${label}: the host spreadsheet is not published`).toBe(false);
  // A seat given to a substitute is shared with the substitute's account alone (Substitute a player…).
  const emails = currentEmails(result.match);
  for (const player of result.match.players) {
    const file = google.files.get(table.playerFile(player.id).sheet)!;
    expect(file.published, `${label}: ${player.id}'s sheet is not published`).toBe(false);
    expect(
      file.permissions.filter((p) => p.role !== 'owner').map((p) => p.emailAddress),
      `${label}: ${player.id}'s sheet is shared with them alone`,
    ).toEqual([emails.get(player.id)]);
  }
  const forms = new Set(openForms ? result.match.players.map((p) => table.playerFile(p.id).form) : []);
  for (const file of google.files.values())
    expect(
      file.permissions.some((p) => p.type === 'anyone' || p.type === 'domain') &&
        file.id !== table.sharedId() &&
        !forms.has(file.id),
      `${label}: ${file.id} open to anyone`,
    ).toBe(false);
  return checkPrivacy(result, (audience) => workbookOf(table, audience), { views });
}

export function playWhole(c: Case) {
  const emails = NAMES.slice(0, c.players).map((n) => `${n.toLowerCase()}@example.com`);
  const table = new Table(c.game, emails, c.faults ?? DEFAULT_FAULTS);
  const google = table.google;
  table.run('onOpen');
  // A fresh spreadsheet: Set up genius-host… comes first until the host has done it (setup.ts).
  expect(google.ui.menus[0].items.map(([caption]) => caption)).toEqual([
    'Set up genius-host…',
    '---',
    'New match…',
    'Next match…',
    'Death match…',
    'Resolve overdue now',
    'Re-render',
    'Extend deadline…',
    'Answer a host decision…',
    'Undo last phase',
    'Pause the match',
    'Resume the match',
    "Correct a player's email…",
    'Substitute a player…',
    'Export match file',
    'Discord webhook…',
    '---',
    'Host from a machine…',
    'Host from Apps Script again',
    '---',
    'Check this account…',
    'Rehearse a match…',
    'Help',
    'About genius-host',
  ]);
  c.beforeStart?.(table);
  const setup = {
    game: c.game,
    players: NAMES.slice(0, c.players).map((name, i) => ({ name, email: emails[i], garnets: i % 3 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: c.minutes,
    deadlines: {},
    ...(c.options ? { options: c.options } : {}),
    ...(c.anonymous ? { anonymous: true } : {}),
  };
  const started = table.startMatch(setup) as {
    ok: boolean;
    links: { players: { form: string; sheet: string }[]; spectators: string };
  };
  expect(started.ok).toBe(true);
  expectMatchTriggers(google.triggers);
  // Privacy after every phase (answers in, some drawn, the next phase maybe open), and at the end.
  let checked = 0;
  for (let phase = 0; ; phase++) {
    if (phase >= 400) throw new Error(`${c.game} did not end within 400 phases`);
    const played = table.playPhase();
    checked += checkFilesPrivate(table, `${c.game} after phase ${phase + 1}`, false);
    if (played === 'over') break;
  }
  expect(checked).toBeGreaterThan(50);
  return table;
}

/**
 * The match is over and every spreadsheet shows exactly what a replay of the exported match file
 * shows (rendered afresh); answers that replay and the log as the add-on reads it.
 */
export function expectSheetsShowExportedReplay(
  table: Table,
  label: string,
): { result: ReturnType<typeof replayMatch>; match: ReturnType<typeof logOf> } {
  const google = table.google;
  const exported = table.run('exportMatchFile') as string;
  expect(google.ui.dialogs.at(-1)?.title).toBe('Export match file');
  const loaded = loadMatchText(exported);
  if (!loaded.ok) throw new Error(loaded.error);
  const result = replayMatch(loaded.value, { now: google.clock.iso() });
  expect(result.open).toBeNull();
  expect(result.final).not.toBeNull();
  // The same file replayed as a complete record gives the same end.
  expect(replayMatch(loaded.value).final).toEqual(result.final);

  const match = logOf(table.sandbox);
  const audiences: Audience[] = ['host', 'public', ...match.players.map((p) => `player:${p.id}` as Audience)];
  for (const audience of audiences) {
    const fresh = new EmbeddedWorkbook('expected');
    renderView(fresh, viewFor(result, audience), { dropDefaultSheet: true });
    const file =
      audience === 'host'
        ? google.host
        : audience === 'public'
          ? google.spreadsheet(table.sharedId())
          : google.spreadsheet(table.playerFile(audience.slice(7)).sheet);
    expectRenderedLike(file, fresh, `${label} ${audience}`);
  }
  return { result, match };
}

/** Plays a whole match in the sandbox and checks everything the issue asks of it. */
export function checkWholeMatch(c: Case): void {
  const table = playWhole(c);
  const google = table.google;
  const { result, match } = expectSheetsShowExportedReplay(table, c.game);
  expect(checkFilesPrivate(table, `${c.game} at the end`, true)).toBeGreaterThan(20);

  // Every fault happened, and its answer is in the log with the reason replay gives.
  const reasons = result.rejected.map((r) => r.reason).join('\n');
  // Another account on a player's form: each form is open to its player's account only, so Forms
  // itself refuses it (where it let one in, replay refuses it with its reason).
  expect(table.stats.wrongAccountRefused).toBeGreaterThan(0);
  if (table.stats.wrongAddress > 0) expect(reasons).toMatch(/which is not \w+'s address/);
  expect(table.stats.missedTriggers + table.stats.doubledTriggers + table.stats.skippedTicks).toBeGreaterThan(2);
  if (table.stats.invalidSent > 0)
    expect(result.receipts.some((r) => r.status === 'rejected' && !/address|deadline|ended/.test(r.reasons[0]))).toBe(
      true,
    );
  if (table.stats.lateSent > 0) expect(reasons).toMatch(/after the deadline/);
  // Every response reached the log exactly once.
  const responses = [...google.forms.values()].reduce((n, f) => n + f.responses.length, 0);
  expect(match.submissions.filter((s) => s.via === 'form')).toHaveLength(responses);
  expect(
    new Set(
      match.submissions
        .filter((s) => s.via === 'form')
        .map((s) => s.response)
        .filter(Boolean),
    ).size,
  ).toBe(responses);
  // Every edit of a row reached the log at most once (each carries its edit's id).
  const rowIds = match.submissions.filter((s) => s.via === 'row').map((s) => s.response);
  expect(rowIds.every((id) => id?.startsWith('edit:'))).toBe(true);
  expect(new Set(rowIds).size).toBe(rowIds.length);

  // Sealed-move receipts: each player's sheet holds one receipt per submission of theirs in the
  // log, each the code of that submission (docs/matchfile.md, "Receipts"), and no other code.
  const exported = loadMatchText(table.run('exportMatchFile') as string);
  if (!exported.ok) throw new Error(exported.error);
  const codes = exported.value.submissions.map((s) => receiptOf(exported.value, s));
  expect(codes.length).toBeGreaterThan(match.players.length);
  for (const player of match.players) {
    const texts = workbookTexts(google.spreadsheet(table.playerFile(player.id).sheet).workbook);
    const own = exported.value.submissions.flatMap((s, i) => (s.player === player.id ? [codes[i]] : []));
    expect(
      codes.filter((code) => texts.has(code)),
      `${c.game}: ${player.id}'s sheet holds the receipts of their submissions`,
    ).toEqual(own);
  }
  // The log is a hash chain, whole (docs/matchfile.md, "The chain"); in the file published at the
  // end each player's receipts find their moves, with nothing changed under them.
  expect(isChained(exported.value)).toBe(true);
  expect(chainBreak(exported.value)).toBeNull();
  const published = replayMatch(publishedMatch(exported.value, result.final!));
  expect(published.match.submissions.map((s) => s.receipt)).toEqual(codes);
  for (const player of match.players) {
    const own = exported.value.submissions.flatMap((s, i) => (s.player === player.id ? [codes[i]] : []));
    for (const finding of checkReceipts(published, own)) {
      expect(finding.submission, `${c.game}: ${player.id}'s receipt ${finding.code}`).not.toBeNull();
      expect(finding.broken).toBeNull();
    }
  }

  // Privacy and plumbing: each player sheet is shared with its player only; forms are closed;
  // no trigger left (a finished match removes its triggers); no mail but the openings' notices; the
  // log tab hidden and protected.
  for (const player of match.players) {
    const sheet = google.files.get(table.playerFile(player.id).sheet)!;
    expect(sheet.permissions.filter((p) => p.role !== 'owner').map((p) => p.emailAddress)).toEqual([player.email]);
    // Each form: published, closed now, open to its player's account only, recording verified addresses.
    expect(google.forms.get(player.form!)!).toMatchObject({
      published: true,
      accepting: false,
      emailCollection: 'VERIFIED',
    });
    expect(
      google.files
        .get(player.form!)!
        .permissions.filter((p) => p.view === 'published')
        .map((p) => p.emailAddress),
    ).toEqual([player.email]);
  }
  expect(google.triggers).toEqual([]);
  // The only mail is to the match's players: each phase's opening notice to its awaited players
  // (src/triggers/messages/opening-notices.ts), and a reminder to one who had not answered near a
  // deadline its schedule reminds of (a Peg Domain turn's minute before it times out, with faults
  // holding an answer back).
  const addresses = new Set([...match.players.map((p) => p.email), ...currentEmails(match).values()]);
  expect(google.mail.filter((sent) => / is open/.test(sent.subject)).length).toBeGreaterThan(0);
  for (const sent of google.mail) {
    expect(addresses.has(sent.to), `${c.game}: mail to ${sent.to}`).toBe(true);
    expect(sent.subject, `${c.game}: mail to ${sent.to}`).toMatch(/ is open, answer by | closes in /);
  }
  const log = google.host.sheet('genius-host match log');
  expect(google.host.hidden.has(log.sheetId)).toBe(true);
  expect(log.protectedRanges).toHaveLength(1);
  expect(google.files.get(table.sharedId())!.published).toBe(true);
  expect(google.host.workbook.tabs.some((t) => t.title.startsWith('Form Responses'))).toBe(true);

  // Measured: Sheets writes and request bytes of the executions that closed a phase.
  const resolutions = table.executions.filter((e) => e.closed > 0 && e.name !== 'startMatch');
  const max = (f: (e: (typeof resolutions)[number]) => number) => Math.max(...resolutions.map(f));
  const mean = (f: (e: (typeof resolutions)[number]) => number) =>
    Math.round(resolutions.reduce((n, e) => n + f(e), 0) / resolutions.length);
  console.log(
    `[sandbox] ${c.game}: ${resolutions.length} resolutions; Sheets writes per resolution max ${max((e) => e.writes)}, mean ${mean((e) => e.writes)}; bytes max ${max((e) => e.bytes)}, mean ${mean((e) => e.bytes)}; time max ${Math.round(max((e) => e.ms))} ms, mean ${mean((e) => e.ms)} ms; executions ${table.executions.length}; stats ${JSON.stringify(table.stats)}`,
  );
  expect(max((e) => e.writes)).toBeLessThanOrEqual(3 + match.players.length);

  // The execution budget (test/reliability/cost.ts): every execution inside Apps Script's six
  // minutes under the cost model, and no minute over the Sheets API's 60 writes. Without the
  // script's own time, which is this machine's clock (npm run bench checks the budget with it).
  const budget = matchBudget(google.executions, google.sheetsCalls, 'none');
  console.log(`[budget] ${budgetLine(`${c.game} ${c.players} players`, budget)}`);
  expect(budget.worst.ms).toBeLessThan(360_000);
  expect(budget.sheetsWritesPerMinute).toBeLessThanOrEqual(60);
}
