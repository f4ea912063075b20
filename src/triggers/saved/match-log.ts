// The match log: a match file kept in a hidden, protected tab of the host spreadsheet, one entry a
// row, so a new submission is an append and never a rewrite. Column A names the entry (`match` for
// the head: game, seed, players, options, schedule; then `submission`, `decision`, `event`),
// columns B onwards hold its JSON in chunks (a cell holds at most 50,000 characters). Reading the
// rows back in order gives the match file; it is the add-on's only state. A match of a season may
// also have a `season` row: the ledger of the matches before it, derived at its Start (season/kept.ts).
//
// Two hosts may write at once (a machine and the add-on, two machines; docs/architecture.md, "Two
// hosts at once"), so an append never names a row: Sheets' appendCells adds the rows after the last
// row with data, whatever another writer added meanwhile. Every entry carries its own id (`uid`,
// from what it is: entryUids), an entry the log already held when read is not appended again, and
// replay keeps the first of entries sharing an id, so a second host doubles nothing.
//
// A match with a secret keeps its log as a hash chain (src/engine/core/chain.ts): each entry carries
// the link of the row before it (`after`), set when the execution adds it (answers/new-inputs.ts) from the head
// read() found: the link of the last row. Two hosts at once may log two entries after the same row;
// the chain then forks there, which `genius-host verify` reads as entries logged side by side.

import type { Decision, MatchEvent, Submission } from '../../engine/core/game.js';
import { matchHead } from '../../engine/core/matchfile.js';
import { type ChainEntry, chainNames, chainOn, chainStart, linkOf } from '../../engine/core/chain.js';
import { type MatchFile, type SeasonLedger, loadMatch } from '../../engine/index.js';
import type { Request } from '../../sheets/api.js';
import { splitRequests } from '../../sheets/chunk.js';
import { freeSheetId, idsFrom, takenSheetIds } from '../../sheets/ids.js';
import type { Spreadsheet } from '../google/ports.js';

export const LOG_TAB = 'genius-host match log';
const CHUNK = 40_000;
const MAX_CHUNKS = 25;
const LAST_COLUMN = 'Z';
/** Empty rows a new log starts with (appendCells adds rows when they run out). */
const GROW_BY = 500;
const LOG_NOTE = 'genius-host keeps the match here: every submission, decision and host event. Do not edit.';

export type LogEntry =
  | { readonly kind: 'submission'; readonly value: Submission }
  | { readonly kind: 'decision'; readonly value: Decision }
  | { readonly kind: 'event'; readonly value: MatchEvent };

/** Whether a row's kind is an entry's. */
function isEntryKind(kind: string): kind is ChainEntry['kind'] {
  return kind === 'submission' || kind === 'decision' || kind === 'event';
}

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) out.push(text.slice(i, i + CHUNK));
  if (out.length > MAX_CHUNKS)
    throw new Error(`a log entry of ${text.length} characters is more than the log can hold in one row`);
  return out.length > 0 ? out : [''];
}

function rowOf(kind: string, value: unknown) {
  return {
    values: [kind, ...chunks(JSON.stringify(value))].map((text) => ({ userEnteredValue: { stringValue: text } })),
  };
}

/**
 * `entries` each with its `uid` (docs/matchfile.md, "Entry ids"), as any host logging the same
 * thing after `match` would name it: a form response by its id, a public row's edit by its record
 * (cell and time), a close by its phase and the reopens before it, a message by its key, player
 * and how many tries of it came before. A host's own action has its id already (drawn when the
 * host acted: host/match-host.ts); an entry without any keeps none.
 */
export function entryUids(entries: readonly LogEntry[], match: MatchFile): LogEntry[] {
  let reopens = (match.events ?? []).filter((e) => e.type === 'reopen').length;
  const tries = new Map<string, number>();
  const tryKey = (e: { channel: string; key: string; player?: string }) =>
    JSON.stringify([e.channel, e.key, e.player ?? '']);
  for (const e of match.events ?? []) if (e.type === 'message') tries.set(tryKey(e), (tries.get(tryKey(e)) ?? 0) + 1);
  return entries.map((entry): LogEntry => {
    if (entry.value.uid !== undefined) {
      if (entry.kind === 'event' && entry.value.type === 'reopen') reopens += 1;
      return entry;
    }
    if (entry.kind === 'submission') {
      const s = entry.value;
      if (s.via === 'form' && s.response !== undefined)
        return { kind: 'submission', value: { ...s, uid: `response:${s.response}` } };
      // A row's edit: its response is the edit's record (`edit:<time>.<id>`).
      if (s.via === 'row' && s.response !== undefined) return { kind: 'submission', value: { ...s, uid: s.response } };
      return entry;
    }
    if (entry.kind === 'event') {
      const e = entry.value;
      if (e.type === 'close') return { kind: 'event', value: { ...e, uid: `close:${e.phase}:${reopens}` } };
      if (e.type === 'message') {
        const n = tries.get(tryKey(e)) ?? 0;
        tries.set(tryKey(e), n + 1);
        return { kind: 'event', value: { ...e, uid: `message:${e.channel}:${e.key}:${e.player ?? ''}:${n}` } };
      }
    }
    return entry;
  });
}

/** The ids of a match's entries. */
function uidsOf(match: MatchFile): Set<string> {
  const out = new Set<string>();
  for (const entry of [...match.submissions, ...match.decisions, ...(match.events ?? [])])
    if (entry.uid !== undefined) out.add(entry.uid);
  return out;
}

/** Where the log tab's id is kept between executions (a document property: KEY.logTab). */
interface KeptTabId {
  get(): number | null;
  set(id: number): void;
}

export class MatchLog {
  /** The log tab's metadata as read() found it: append() needs it in the same execution. */
  private lastMeta: ReturnType<MatchLog['sheetMeta']> | null = null;
  /** The ids of the entries the log held when last read: append() writes none of them again. */
  private readIds = new Set<string>();

  /**
   * `kept`: the log tab's id as an earlier execution found it. With it, read() is one values read:
   * the host spreadsheet's metadata (a Sheets call) is read only where the tab must be found.
   * `tab`: the log's tab; an ended match's archived log (archive) is read under its own title.
   */
  constructor(
    private readonly sheet: Spreadsheet,
    private readonly kept?: KeptTabId,
    private readonly tab = LOG_TAB,
  ) {}

  private sheetMeta() {
    return (this.sheet.getMetadata().sheets ?? []).find((s) => s.properties?.title === this.tab);
  }

  exists(): boolean {
    return this.sheetMeta() !== undefined;
  }

  /** The rows as written: [kind, chunk, chunk, …]. */
  private rows(): string[][] {
    return this.sheet.readValues(`'${this.tab}'!A1:${LAST_COLUMN}`).filter((row) => row.length > 0 && row[0] !== '');
  }

  /**
   * The match file the log holds (a repeated entry left out: see withoutRepeats) and how many rows
   * of the tab it fills, or null when there is no log; throws when the log is damaged.
   */
  read(): { match: MatchFile; logRows: number; head?: string; season?: unknown } | null {
    const rows = this.keptRows() ?? this.foundRows();
    if (rows === null) return null;
    if (rows.length === 0 || rows[0][0] !== 'match')
      throw new Error(`the "${this.tab}" tab does not start with the match: it is damaged`);
    const file: Record<string, unknown> & { submissions: unknown[]; decisions: unknown[]; events: unknown[] } = {
      ...JSON.parse(rows[0].slice(1).join('')),
      submissions: [],
      decisions: [],
      events: [],
    };
    let season: unknown;
    rows.slice(1).forEach((row, i) => {
      let value: unknown;
      try {
        value = JSON.parse(row.slice(1).join(''));
      } catch {
        throw new Error(`row ${i + 2} of the "${this.tab}" tab is not valid JSON: the log is damaged`);
      }
      if (row[0] === 'submission') file.submissions.push(value);
      else if (row[0] === 'decision') file.decisions.push(value);
      else if (row[0] === 'event') file.events.push(value);
      else if (row[0] === 'season') season = value;
      else throw new Error(`row ${i + 2} of the "${this.tab}" tab has the unknown kind "${row[0]}"`);
    });
    const loaded = loadMatch(file);
    if (!loaded.ok) throw new Error(`the match log does not read as a match file: ${loaded.error}`);
    this.readIds = uidsOf(loaded.value);
    const head = chainHead(loaded.value, rows);
    return {
      match: loaded.value,
      logRows: rows.length,
      ...(head !== undefined ? { head } : {}),
      ...(season !== undefined ? { season } : {}),
    };
  }

  /** The rows, read by the kept tab id alone; null when none is kept or the read fails (the tab is then looked for). */
  private keptRows(): string[][] | null {
    const sheetId = this.kept?.get() ?? null;
    if (sheetId === null) return null;
    try {
      const rows = this.rows();
      this.lastMeta = { properties: { sheetId, title: this.tab } };
      return rows;
    } catch {
      // Renamed or deleted by hand, or a call that failed: found by the metadata, as without a kept id.
      return null;
    }
  }

  /** The tab found in the host spreadsheet's metadata, its id kept, and its rows; null when there is no log. */
  private foundRows(): string[][] | null {
    this.lastMeta = this.sheetMeta();
    const sheetId = this.lastMeta?.properties?.sheetId;
    if (sheetId === undefined || sheetId === null) return null;
    const rows = this.rows();
    if (this.kept && this.kept.get() !== sheetId) this.kept.set(sheetId);
    return rows;
  }

  /**
   * Creates the hidden, protected tab holding `match` (its head and any entries it already has),
   * and `season`, the ledger of the season's matches before it (season/kept.ts), in a row of its
   * own: derived, not part of the match file.
   */
  create(match: MatchFile, season?: SeasonLedger): void {
    if (this.exists()) throw new Error(`the "${LOG_TAB}" tab exists already`);
    const entries: LogEntry[] = [
      ...match.submissions.map((value) => ({ kind: 'submission' as const, value })),
      ...match.decisions.map((value) => ({ kind: 'decision' as const, value })),
      ...(match.events ?? []).map((value) => ({ kind: 'event' as const, value })),
    ];
    // A chained match's entries each after the one before (a start logs none; a copied match may).
    const logged =
      match.secret === undefined ? entries : chainOn(entries, chainStart(match), chainNames(match)).entries;
    const rows = [
      rowOf('match', matchHead(match)),
      ...(season ? [rowOf('season', season)] : []),
      ...logged.map((e) => rowOf(e.kind, e.value)),
    ];
    const sheetId = freeSheetId(takenSheetIds(this.sheet.getMetadata()), idsFrom(0x4c0600), LOG_TAB);
    const requests: Request[] = [
      {
        addSheet: {
          properties: {
            sheetId,
            title: LOG_TAB,
            hidden: true,
            gridProperties: { rowCount: rows.length + GROW_BY, columnCount: MAX_CHUNKS + 1 },
          },
        },
      },
      { updateCells: { start: { sheetId, rowIndex: 0, columnIndex: 0 }, rows, fields: 'userEnteredValue' } },
      { addProtectedRange: { protectedRange: { range: { sheetId }, description: LOG_NOTE } } },
    ];
    this.sheet.batchUpdate(requests);
  }

  /**
   * Appends entries after the last row with data (one batchUpdate of one appendCells; several
   * over 2 MB), leaving out any the log held when read, and any repeated among them. Rows another
   * writer added since the read stay where they are: appendCells writes after them.
   */
  append(entries: readonly LogEntry[]): void {
    const seen = new Set(this.readIds);
    const fresh = entries.filter((e) => {
      if (e.value.uid === undefined) return true;
      if (seen.has(e.value.uid)) return false;
      seen.add(e.value.uid);
      return true;
    });
    if (fresh.length === 0) return;
    // The tab as read() found it (one read less per execution; its id never changes), or as it is now.
    const meta = this.lastMeta ?? this.sheetMeta();
    const sheetId = meta?.properties?.sheetId;
    if (sheetId === undefined || sheetId === null) throw new Error(`the "${LOG_TAB}" tab is missing`);
    // Over 2 MB (many long answers at once), several appendCells in order: an entry of a part
    // refused is logged by the next execution, and one logged twice counts once (its id).
    const append: Request = {
      appendCells: { sheetId, rows: fresh.map((e) => rowOf(e.kind, e.value)), fields: 'userEnteredValue' },
    };
    for (const part of splitRequests([append])) this.sheet.batchUpdate(part);
    this.readIds = seen;
  }

  /** The titles of the archived logs of this spreadsheet's ended matches (archive), oldest first as the tabs stand. */
  archivedTabs(): string[] {
    return (this.sheet.getMetadata().sheets ?? [])
      .map((s) => s.properties?.title ?? '')
      .filter((title) => title.startsWith(`${LOG_TAB} (`));
  }

  /** Renames the log of a finished match so a new one can start. */
  archive(label: string): void {
    const meta = this.sheetMeta();
    if (!meta?.properties) return;
    this.sheet.batchUpdate([
      {
        updateSheetProperties: {
          properties: { sheetId: meta.properties.sheetId, title: `${LOG_TAB} (${label})` },
          fields: 'title',
        },
      },
    ]);
  }
}

/**
 * The link the next entry is logged after: the last row's (or the match's head when no entry is
 * logged yet); none for a match without a secret (logged before the chain).
 */
function chainHead(match: MatchFile, rows: readonly string[][]): string | undefined {
  if (match.secret === undefined) return undefined;
  const last = rows.length > 1 ? rows[rows.length - 1] : null;
  if (last === null || !isEntryKind(last[0])) return chainStart(match);
  // The row as written (read() parsed every row already, so this one reads).
  const value: unknown = JSON.parse(last.slice(1).join(''));
  // A row of this kind that loaded with the match (read() checked every row): an entry of its kind.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- see above
  return linkOf({ kind: last[0], value } as ChainEntry, chainNames(match));
}
