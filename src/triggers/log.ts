// The match log: a match file kept in a hidden, protected tab of the host spreadsheet, one entry a
// row, so a new submission is an append and never a rewrite. Column A names the entry (`match` for
// the head: game, seed, players, options, schedule; then `submission`, `decision`, `event`),
// columns B onwards hold its JSON in chunks (a cell holds at most 50,000 characters). Reading the
// rows back in order gives the match file; it is the add-on's only state.

import type { Decision, MatchEvent, Submission } from '../engine/core/game.js';
import { matchHead } from '../engine/core/matchfile.js';
import { type MatchFile, loadMatch } from '../engine/index.js';
import type { Request } from '../sheets/api.js';
import { freeSheetId, idsFrom, takenSheetIds } from '../sheets/ids.js';
import type { Spreadsheet } from './ports.js';

export const LOG_TAB = 'genius-host match log';
const CHUNK = 40_000;
const MAX_CHUNKS = 25;
const LAST_COLUMN = 'Z';
const GROW_BY = 500;
const LOG_NOTE = 'genius-host keeps the match here: every submission, decision and host event. Do not edit.';

export type LogEntry =
  | { readonly kind: 'submission'; readonly value: Submission }
  | { readonly kind: 'decision'; readonly value: Decision }
  | { readonly kind: 'event'; readonly value: MatchEvent };

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK));
  if (out.length > MAX_CHUNKS) throw new Error(`a log entry of ${text.length} characters is more than the log can hold in one row`);
  return out.length > 0 ? out : [''];
}

function rowOf(kind: string, value: unknown) {
  return { values: [kind, ...chunks(JSON.stringify(value))].map((text) => ({ userEnteredValue: { stringValue: text } })) };
}

export class MatchLog {
  /** The log tab's metadata as read() found it: append() needs it in the same execution. */
  private lastMeta: ReturnType<MatchLog['sheetMeta']> | null = null;

  constructor(private readonly sheet: Spreadsheet) {}

  private sheetMeta() {
    return (this.sheet.getMetadata().sheets ?? []).find((s) => s.properties?.title === LOG_TAB);
  }

  exists(): boolean {
    return this.sheetMeta() !== undefined;
  }

  /** The rows as written: [kind, chunk, chunk, …]. */
  private rows(): string[][] {
    return this.sheet.readValues(`'${LOG_TAB}'!A1:${LAST_COLUMN}`).filter((row) => row.length > 0 && row[0] !== '');
  }

  /**
   * The match file the log holds and how many rows of the tab it fills (append writes after them),
   * or null when there is no log; throws when the log is damaged.
   */
  read(): { match: MatchFile; logRows: number } | null {
    this.lastMeta = this.sheetMeta();
    if (!this.lastMeta) return null;
    const rows = this.rows();
    if (rows.length === 0 || rows[0][0] !== 'match') throw new Error(`the "${LOG_TAB}" tab does not start with the match: it is damaged`);
    const file: Record<string, unknown> & { submissions: unknown[]; decisions: unknown[]; events: unknown[] } = {
      ...JSON.parse(rows[0].slice(1).join('')),
      submissions: [],
      decisions: [],
      events: [],
    };
    rows.slice(1).forEach((row, i) => {
      let value: unknown;
      try {
        value = JSON.parse(row.slice(1).join(''));
      } catch {
        throw new Error(`row ${i + 2} of the "${LOG_TAB}" tab is not valid JSON: the log is damaged`);
      }
      if (row[0] === 'submission') file.submissions.push(value);
      else if (row[0] === 'decision') file.decisions.push(value);
      else if (row[0] === 'event') file.events.push(value);
      else throw new Error(`row ${i + 2} of the "${LOG_TAB}" tab has the unknown kind "${row[0]}"`);
    });
    const loaded = loadMatch(file);
    if (!loaded.ok) throw new Error(`the match log does not read as a match file: ${loaded.error}`);
    return { match: loaded.value, logRows: rows.length };
  }

  /** Creates the hidden, protected tab holding `match` (its head and any entries it already has). */
  create(match: MatchFile): void {
    if (this.exists()) throw new Error(`the "${LOG_TAB}" tab exists already`);
    const rows = [
      rowOf('match', matchHead(match)),
      ...match.submissions.map((s) => rowOf('submission', s)),
      ...match.decisions.map((d) => rowOf('decision', d)),
      ...(match.events ?? []).map((e) => rowOf('event', e)),
    ];
    const sheetId = freeSheetId(takenSheetIds(this.sheet.getMetadata()), idsFrom(0x4c0600), LOG_TAB);
    const requests: Request[] = [
      { addSheet: { properties: { sheetId, title: LOG_TAB, hidden: true, gridProperties: { rowCount: rows.length + GROW_BY, columnCount: MAX_CHUNKS + 1 } } } },
      { updateCells: { start: { sheetId, rowIndex: 0, columnIndex: 0 }, rows, fields: 'userEnteredValue' } },
      { addProtectedRange: { protectedRange: { range: { sheetId }, description: LOG_NOTE } } },
    ];
    this.sheet.batchUpdate(requests);
  }

  /** Appends entries after the `count` rows the log has (one batchUpdate). */
  append(entries: readonly LogEntry[], count: number): void {
    if (entries.length === 0) return;
    // The tab as read() found it (one read less per execution; nothing else writes it meanwhile:
    // the caller holds the lock), or as it is now.
    const meta = this.lastMeta ?? this.sheetMeta();
    this.lastMeta = null;
    const sheetId = meta?.properties?.sheetId;
    if (sheetId === undefined || sheetId === null) throw new Error(`the "${LOG_TAB}" tab is missing`);
    const rowCount = meta?.properties?.gridProperties?.rowCount ?? 0;
    const requests: Request[] = [];
    if (count + entries.length > rowCount) {
      requests.push({
        updateSheetProperties: { properties: { sheetId, gridProperties: { rowCount: count + entries.length + GROW_BY } }, fields: 'gridProperties.rowCount' },
      });
    }
    requests.push({
      updateCells: { start: { sheetId, rowIndex: count, columnIndex: 0 }, rows: entries.map((e) => rowOf(e.kind, e.value)), fields: 'userEnteredValue' },
    });
    this.sheet.batchUpdate(requests);
  }

  /** Renames the log of a finished match so a new one can start. */
  archive(label: string): void {
    const meta = this.sheetMeta();
    if (!meta?.properties) return;
    this.sheet.batchUpdate([{ updateSheetProperties: { properties: { sheetId: meta.properties.sheetId, title: `${LOG_TAB} (${label})` }, fields: 'title' } }]);
  }
}
