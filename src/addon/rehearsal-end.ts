// The end of a rehearsal: its report worked out from what it saw (rehearsal-report.ts), everything
// it made removed (its files to the trash, its triggers, the match's tabs and pointers in this
// spreadsheet), then the Rehearsal report tab, which says both. The report's dialog gives it as
// plain text with a copy button, for a bug report (docs/google.md, "A host's rehearsal report").
/// <reference types="google-apps-script" />

import { type MatchFile, gameById, replayMatch } from '../engine/index.js';
import type { Request } from '../sheets/api.js';
import { escapeHtml } from '../sheets/escape-html.js';
import { type HostContext, hostContext } from '../triggers/saved/context.js';
import { WEBHOOK_SECRET } from '../triggers/messages/discord-webhook.js';
import { useMenuTriggers } from '../triggers/saved/menu-triggers.js';
import { errorText } from '../engine/core/redact.js';
import { driveFiles } from './advanced.js';
import {
  type RehearsalRecord,
  type RehearsalStart,
  clearObservations,
  clearRecord,
  gathered,
  readRecord,
  removeChainTrigger,
  writeRecord,
} from './rehearsal-record.js';
import { type Evidence, type ReportRow, reportRows, reportText } from './rehearsal-report.js';
import { appsScriptPorts, documentLock } from './services.js';
import { benchFigures, measuredLines, parseSummary } from '../triggers/google/measured.js';
import { KEY } from '../triggers/saved/pointers.js';

const REPORT_TAB = 'Rehearsal report';

/** How long Google took here for each kind of call (measured.ts), beside what genius-host plans for; then a blank line. */
function timedLines(summary: string | null): string[] {
  const lines = measuredLines(parseSummary(summary));
  return lines.length === 0
    ? []
    : [
        'How long Google took on this account, by this script’s own clock, beside what genius-host plans for:',
        ...lines,
        '',
      ];
}

/** Writes the report and removes what the rehearsal made; the record keeps the report's text. */
export function endRehearsal(): void {
  // Under the document lock, as every execution runs: no tick re-arms a trigger this removes. The
  // record is read under it too: of two executions that end the match at once, one writes the report.
  const lock = documentLock();
  if (!lock.tryLock(30_000)) return; // the next run that finds the match over ends it
  try {
    const start = readRecord();
    if (start && !start.done) endLocked(gathered(start), start);
  } finally {
    lock.releaseLock();
  }
}

function endLocked(record: RehearsalRecord, start: RehearsalStart): void {
  const ports = appsScriptPorts();
  const ctx = hostContext(ports);
  const match = ctx.log.read()?.match ?? null;
  const rows = reportRows(evidenceOf(ctx, record, match));
  // A one-shot trigger made inside a trigger never fired here: the next matches run on the minute
  // trigger Start makes from the host's own call (arming.ts).
  if (rows.some((r) => r.id === 'triggers-from-trigger' && r.verdict === 'differs'))
    useMenuTriggers(ctx, 'the rehearsal’s wake-up set from a running check never came');
  const cleanup = cleanUp(ctx, record, match);
  const title = `Rehearsal report: ${gameById(record.game).title}, ${record.startedAt} to ${ports.clock.now()}, as ${record.host}`;
  const timed = timedLines(ctx.ports.store.get(KEY.latency));
  writeReportTab(ctx, title, rows, [...timed, ...cleanup]);
  // The copied text also carries the figures as the maintainers' bench reads them (npm run bench -- --latencies FILE).
  const figures = benchFigures(parseSummary(ctx.ports.store.get(KEY.latency)));
  const forBench =
    Object.keys(figures).length > 0 ? ['', `For the maintainers' bench: ${JSON.stringify(figures)}`] : [];
  writeRecord({ ...start, done: true, report: reportText(title, rows, [...timed, ...cleanup, ...forBench]) });
  clearObservations();
}

function evidenceOf(ctx: HostContext, record: RehearsalRecord, match: MatchFile | null): Evidence {
  const protection = ctx.pointers.startedPlayer(record.seat).protection;
  const shared = ctx.pointers.shared();
  const closed = match ? replayMatch(match).closed : [];
  return {
    record,
    match,
    rowAsked: closed.some((c) => (c.phase.questions[record.seat] ?? []).some((q) => q.public)),
    ...(protection ? { form: protection } : {}),
    ...(shared
      ? {
          shared: {
            published: shared.published,
            spectators: shared.spectators,
            ...(shared.note ? { note: shared.note } : {}),
          },
        }
      : {}),
    webhook: ctx.ports.secrets?.get(WEBHOOK_SECRET) != null,
    bots: (match?.players ?? [])
      .filter((p) => p.id !== record.seat)
      .map((p) => {
        const started = ctx.pointers.startedPlayer(p.id);
        return {
          responders: started.protection?.responders ?? 'none',
          notes: (started.protection?.notes ?? []).length + (started.notes ?? []).length,
        };
      }),
  };
}

/** Everything the rehearsal made, removed; one line a kind of thing, and each that could not be. */
function cleanUp(ctx: HostContext, record: RehearsalRecord, match: MatchFile | null): string[] {
  const lines: string[] = [];
  const failed: string[] = [];
  const attempt = (what: string, work: () => void) => {
    try {
      work();
      return true;
    } catch (error) {
      failed.push(`${what}: ${errorText(error)}`);
      return false;
    }
  };
  const seats = (match?.players ?? []).map((p) => ctx.pointers.startedPlayer(p.id));
  const forms = seats.flatMap((s) => (s.form ? [s.form.id] : []));
  const sheets = [...seats.flatMap((s) => (s.sheet ? [s.sheet.id] : [])), ctx.pointers.shared()?.id ?? ''];
  const before = ScriptApp.getProjectTriggers().length;
  attempt('the triggers', () => {
    ctx.ports.scheduler.remove();
    removeChainTrigger();
  });
  lines.push(`Removed ${before - ScriptApp.getProjectTriggers().length} triggers.`);
  // Each form unlinked first: its responses tab in this spreadsheet can then go.
  for (const id of forms) attempt(`unlink form ${id}`, () => FormApp.openById(id).removeDestination());
  const trashed = [...forms, ...sheets.filter((id) => id !== '')].filter((id) =>
    attempt(`trash ${id}`, () => driveFiles().update({ trashed: true }, id)),
  );
  lines.push(
    `Trashed ${trashed.length} files (${forms.length} forms and the sheets): Drive's trash keeps them 30 days.`,
  );
  const host = ctx.ports.files.host();
  const made = (host.getMetadata().sheets ?? []).filter(
    (s) => !record.tabs.includes(s.properties?.sheetId ?? 0) && s.properties?.title !== REPORT_TAB,
  );
  if (made.length > 0)
    attempt('the match tabs', () =>
      host.batchUpdate(made.map((s) => ({ deleteSheet: { sheetId: s.properties?.sheetId ?? 0 } }))),
    );
  lines.push(`Removed ${made.length} tabs of this spreadsheet and the match's properties.`);
  ctx.pointers.clear();
  return [...lines, ...failed.map((f) => `Not removed (remove it by hand): ${f}`)];
}

const VERDICT_COLOUR: Readonly<Record<ReportRow['verdict'], { red: number; green: number; blue: number }>> = {
  confirmed: { red: 0.09, green: 0.5, blue: 0.2 },
  differs: { red: 0.77, green: 0.13, blue: 0.12 },
  'not tried': { red: 0.4, green: 0.4, blue: 0.4 },
};

const text = (value: string, bold = false, colour?: { red: number; green: number; blue: number }) => ({
  userEnteredValue: { stringValue: value },
  userEnteredFormat: {
    wrapStrategy: 'WRAP',
    verticalAlignment: 'TOP',
    textFormat: { bold, ...(colour ? { foregroundColorStyle: { rgbColor: colour } } : {}) },
  },
});

/**
 * Where the report goes. genius-host has no public address yet (no repository or inbox to name):
 * said as it is, rather than a link that leads nowhere.
 */
const SEND_IT =
  'Please send this report to whoever gave you genius-host, even if every row says confirmed: choose Genius Host → Rehearse a match… and press Copy the report. genius-host has no public address for reports yet. A row that differs says what to do about it in its last column but one.';

/** The report tab's columns (result, what was tried, for the maintainers, what was seen, what to do), in pixels. */
const WIDTHS = [90, 300, 150, 480, 380];
/** About how many pixels a character of 10-point text takes, and a line's height: rows grow to their text. */
const CHAR_PX = 7;
const LINE_PX = 21;

/** One line across the columns (merged), or one row of the table. */
type Line = { readonly across: string; readonly bold?: boolean } | { readonly row: ReportRow | 'header' };

function rowHeight(texts: readonly string[]): number {
  const lines = texts.map((t, i) => Math.ceil((t.length * CHAR_PX) / (WIDTHS[i] - 8)) || 1);
  return Math.max(1, ...lines) * LINE_PX;
}

function lineCells(line: Line): { cells: ReturnType<typeof text>[]; height: number } {
  if ('across' in line) return { cells: [text(line.across, line.bold)], height: LINE_PX };
  if (line.row === 'header')
    return {
      cells: ['Result', 'What was tried', 'For the maintainers', 'What was seen', 'What to do'].map((h) =>
        text(h, true),
      ),
      height: LINE_PX,
    };
  const r = line.row;
  return {
    cells: [
      text(r.verdict, true, VERDICT_COLOUR[r.verdict]),
      text(r.behaviour),
      text(r.key),
      text(r.seen),
      text(r.todo),
    ],
    height: rowHeight(['', r.behaviour, r.key, r.seen, r.todo]),
  };
}

/** The Rehearsal report tab, first in the spreadsheet: a title, a row a behaviour, then the cleanup. */
function writeReportTab(ctx: HostContext, title: string, rows: readonly ReportRow[], cleanup: readonly string[]): void {
  const host = ctx.ports.files.host();
  const tabs = host.getMetadata().sheets ?? [];
  const old = tabs.find((s) => s.properties?.title === REPORT_TAB)?.properties?.sheetId;
  const sheetId = Math.max(0, ...tabs.map((s) => s.properties?.sheetId ?? 0)) + 1;
  const lines: Line[] = [
    { across: title, bold: true },
    {
      across: SEND_IT,
    },
    { row: 'header' },
    ...rows.map((row) => ({ row })),
    { across: '' },
    ...cleanup.map((across) => ({ across })),
  ];
  const drawn = lines.map(lineCells);
  const dimension = (dim: 'ROWS' | 'COLUMNS', index: number, pixelSize: number): Request => ({
    updateDimensionProperties: {
      range: { sheetId, dimension: dim, startIndex: index, endIndex: index + 1 },
      properties: { pixelSize },
      fields: 'pixelSize',
    },
  });
  host.batchUpdate([
    ...(old !== undefined ? [{ deleteSheet: { sheetId: old } }] : []),
    {
      addSheet: {
        properties: {
          sheetId,
          title: REPORT_TAB,
          index: 0,
          gridProperties: { rowCount: lines.length + 5, columnCount: WIDTHS.length, frozenRowCount: 3 },
        },
      },
    },
    {
      updateCells: {
        start: { sheetId, rowIndex: 0, columnIndex: 0 },
        rows: drawn.map((d) => ({ values: d.cells })),
        fields: 'userEnteredValue,userEnteredFormat(wrapStrategy,verticalAlignment,textFormat)',
      },
    },
    ...lines.flatMap((line, i): Request[] =>
      'across' in line
        ? [
            {
              mergeCells: {
                range: {
                  sheetId,
                  startRowIndex: i,
                  endRowIndex: i + 1,
                  startColumnIndex: 0,
                  endColumnIndex: WIDTHS.length,
                },
                mergeType: 'MERGE_ALL',
              },
            },
          ]
        : [],
    ),
    ...WIDTHS.map((px, i) => dimension('COLUMNS', i, px)),
    ...drawn.flatMap((d, i) => (d.height > LINE_PX ? [dimension('ROWS', i, d.height)] : [])),
  ]);
}

/** The report of the last rehearsal as plain text, with a copy button. */
export function reportDialog(): void {
  const report = readRecord()?.report ?? 'No rehearsal report yet: Rehearse a match… starts one.';
  const html = `<div style="font-family:sans-serif;font-size:13px">
<p>The last rehearsal's report, as text to send to whoever gave you genius-host (it has no public address for reports yet):</p>
<textarea id="report" readonly style="box-sizing:border-box;width:100%;height:250px;font-family:monospace;font-size:11px">${escapeHtml(report)}</textarea>
<p><button onclick="var t=document.getElementById('report');t.select();document.execCommand('copy');this.textContent='Copied'">Copy the report</button>
<button onclick="google.script.run.withSuccessHandler(function(){google.script.host.close()}).forgetRehearsal()">Rehearse again</button></p></div>`;
  SpreadsheetApp.getUi().showModalDialog(
    HtmlService.createHtmlOutput(html).setWidth(620).setHeight(440),
    'Rehearsal report',
  );
}

/** Rehearse again: the last report is forgotten (its tab stays until the next rehearsal replaces it). */
export function forgetRehearsal(): void {
  clearRecord();
}
