// The Store (google/ports.ts) kept in the host spreadsheet: a hidden, protected tab, one key a row (column A
// the key, column B its value, both written as text). A match hosted from a machine keeps its
// pointers here, so the match moves with its spreadsheet: the add-on copies its document
// properties here when it hands the match to a machine, and back when it takes it again
// (host/handover.ts). Why a tab and not developer metadata: see docs/google.md, "From a machine".
//
// Reading is one values.get of the tab; writes are kept until the next call to Google of any kind
// (the Node ports call flush first: src/node/host-ports.ts), at the end of an execution, or before
// a fresh read, and then go in one batchUpdate: an execution's pointer writes cost one or two
// Sheets writes instead of one each, and still reach the spreadsheet before anything that relies
// on them (a form made, a sheet drawn).
//
// Two writers lose nothing (the add-on claiming the match back while a machine writes, say): a
// new key is APPENDED (appendCells: "after the last row with data", wherever that is when the
// batch applies), never written at a row read before, so two writers adding keys keep both. A key
// already in the tab is changed in its own row, and a removed key keeps its row, marked REMOVED
// (its row is reused when the key comes back), so rows never move and a row only ever holds one
// key. Read, the last row of a key wins: the same key appended by two writers reads as the later.

import { errorMessage, present } from '../../engine/core/guards.js';
import type { Request } from '../../sheets/api.js';
import { freeSheetId, idsFrom, takenSheetIds } from '../../sheets/ids.js';
import type { Spreadsheet, Store } from '../google/ports.js';

export const STORE_TAB = 'genius-host store';
const STORE_NOTE =
  'genius-host keeps what one execution leaves the next here while the match is hosted from a machine. Do not edit.';
/** The rows a new tab is made with (appendCells adds more when they run out). */
const FIRST_ROWS = 200;
/** Column A of a removed key's row: this, then the key (no key has a space). */
const REMOVED = 'removed: ';

interface Slot {
  /** The key's last row (0-based), or null for a key appended since the tab was read (its row is Google's to choose). */
  readonly row: number | null;
  /** Its value; null: removed. */
  readonly value: string | null;
}

export class SheetStore implements Store {
  /** Every key as last read or written (removed ones too, to reuse their rows); null until read. */
  private copy: Map<string, Slot> | null = null;
  /** Rows to write at the next flush: [column A, column B]. */
  private readonly pending = new Map<number, [string, string]>();
  /** Rows to append at the next flush, by key: [column A, column B]. */
  private readonly appends = new Map<string, [string, string]>();
  /** Keys set since the last flush that the tab never held: removed again, they are just not sent. */
  private readonly fresh = new Set<string>();
  private tab: { sheetId: number } | null = null;
  /** A flush is being sent. */
  private writing = false;

  constructor(private readonly sheet: Spreadsheet) {}

  /** Reads every key again (the writes kept so far go first). */
  refresh(): void {
    this.flush();
    const rows = this.sheet.readValues(`'${STORE_TAB}'!A1:B`);
    const copy = new Map<string, Slot>();
    rows.forEach((row, i) => {
      const cell = row[0] ?? '';
      if (cell === '') return;
      // The last row of a key wins (two writers may each have appended it).
      if (cell.startsWith(REMOVED)) copy.set(cell.slice(REMOVED.length), { row: i, value: null });
      else copy.set(cell, { row: i, value: row[1] ?? '' });
    });
    this.copy = copy;
  }

  /** Forgets every write not yet sent and what was read (a runner that lost the lease must write none of it). */
  discard(): void {
    this.fresh.clear();
    this.pending.clear();
    this.appends.clear();
    this.copy = null;
  }

  private all(): Map<string, Slot> {
    if (!this.copy) {
      try {
        this.refresh();
      } catch (error) {
        // values.get of a tab that does not exist is refused ("Unable to parse range"): no keys yet.
        if (!/Unable to parse range|not found|no sheet/i.test(errorMessage(error))) throw error;
        this.copy = new Map();
      }
    }
    return present(this.copy ?? undefined, 'the store tab as read');
  }

  get(key: string): string | null {
    return this.all().get(key)?.value ?? null;
  }

  peek(key: string): string | null {
    this.copy = null;
    return this.get(key);
  }

  peekKeys(): string[] {
    this.copy = null;
    return this.keys();
  }

  keys(): string[] {
    return [...this.all()].filter(([, slot]) => slot.value !== null).map(([key]) => key);
  }

  set(key: string, value: string): void {
    this.write(key, value, [key, value]);
  }

  remove(key: string): void {
    const all = this.all();
    if (all.get(key)?.value == null) return;
    if (this.fresh.delete(key)) {
      all.delete(key);
      this.appends.delete(key);
      return;
    }
    this.write(key, null, [`${REMOVED}${key}`, '']);
  }

  /** A key's row written in place when its row is known, else appended (once a flush: the latest value). */
  private write(key: string, value: string | null, cells: [string, string]): void {
    const all = this.all();
    const slot = all.get(key);
    if (!slot) this.fresh.add(key);
    const row = slot?.row ?? null;
    all.set(key, { row, value });
    if (row !== null) this.pending.set(row, cells);
    else this.appends.set(key, cells);
  }

  /** Sets many keys and removes every other one (a store copied in): one batchUpdate. */
  replaceAll(entries: Readonly<Record<string, string>>): void {
    for (const key of this.keys()) if (!(key in entries)) this.remove(key);
    for (const [key, value] of Object.entries(entries)) this.set(key, value);
    this.flush();
  }

  /** Whether writes are waiting for the next flush (none while one is being sent: its own call must not send them again). */
  get dirty(): boolean {
    return !this.writing && (this.pending.size > 0 || this.appends.size > 0);
  }

  /** Writes what is kept, in one batchUpdate (making the tab the first time). */
  flush(): void {
    if (!this.dirty) return;
    this.writing = true;
    try {
      this.send();
    } finally {
      this.writing = false;
    }
  }

  private send(): void {
    const requests: Request[] = [];
    const known = this.tab;
    const tab = known ?? this.findTab(requests);
    const cellsOf = (cells: [string, string]) => ({
      values: cells.map((text) => (text === '' ? {} : { userEnteredValue: { stringValue: text } })),
    });
    for (const [row, cells] of [...this.pending].sort((a, b) => a[0] - b[0])) {
      requests.push({
        updateCells: {
          start: { sheetId: tab.sheetId, rowIndex: row, columnIndex: 0 },
          rows: [cellsOf(cells)],
          fields: 'userEnteredValue',
        },
      });
    }
    if (this.appends.size > 0)
      requests.push({
        appendCells: {
          sheetId: tab.sheetId,
          rows: [...this.appends.values()].map(cellsOf),
          fields: 'userEnteredValue',
        },
      });
    try {
      this.sheet.batchUpdate(requests);
    } catch (error) {
      // A try that made the tab and timed out, retried: the retry is refused (the tab exists), but the
      // first try was applied whole (a batchUpdate is all or nothing), these rows with it.
      if (!known && this.tab && this.madeEarlier(this.tab.sheetId)) {
        this.sent();
        return;
      }
      // Nothing was written: kept for the next flush.
      this.tab = known;
      throw error;
    }
    this.sent();
  }

  /** The kept writes went; the rows the appended keys took are Google's to choose, so a later change of one appends again. */
  private sent(): void {
    this.fresh.clear();
    this.pending.clear();
    this.appends.clear();
  }

  /** Whether the store tab with this id exists now (after a failed call that was to make it). */
  private madeEarlier(sheetId: number): boolean {
    try {
      return (this.sheet.getMetadata().sheets ?? []).some(
        (s) => s.properties?.sheetId === sheetId && s.properties.title === STORE_TAB,
      );
    } catch {
      return false;
    }
  }

  /** The tab's id and size (one metadata read), or the requests that make it. */
  private findTab(requests: Request[]): { sheetId: number } {
    const metadata = this.sheet.getMetadata();
    const found = (metadata.sheets ?? []).find((s) => s.properties?.title === STORE_TAB)?.properties;
    if (found && typeof found.sheetId === 'number') {
      this.tab = { sheetId: found.sheetId };
      return this.tab;
    }
    const sheetId = freeSheetId(takenSheetIds(metadata), idsFrom(0x570e00), STORE_TAB);
    this.tab = { sheetId };
    requests.push(
      {
        addSheet: {
          properties: {
            sheetId,
            title: STORE_TAB,
            hidden: true,
            gridProperties: { rowCount: FIRST_ROWS, columnCount: 2 },
          },
        },
      },
      { addProtectedRange: { protectedRange: { range: { sheetId }, description: STORE_NOTE } } },
    );
    return this.tab;
  }

  /** The tab's sheet id, making the tab if there is none (the lease lives on it: store-lease.ts). */
  ensureTab(): number {
    // Writes kept so far make the tab themselves (and must not be sent before it exists).
    if (!this.tab && this.dirty) this.flush();
    if (this.tab) return this.tab.sheetId;
    const requests: Request[] = [];
    const tab = this.findTab(requests);
    if (requests.length > 0) {
      try {
        this.sheet.batchUpdate(requests);
      } catch (error) {
        // As in write: a timed-out try that made the tab, refused when retried.
        if (this.madeEarlier(tab.sheetId)) return tab.sheetId;
        this.tab = null;
        throw error;
      }
    }
    return tab.sheetId;
  }
}
