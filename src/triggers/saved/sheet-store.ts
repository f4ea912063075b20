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
// on them (a form made, a sheet drawn). Only the holder of the lease writes (src/node/lease-swap.ts),
// so rows are never claimed by two writers.

import { errorMessage, present } from '../../engine/core/guards.js';
import type { Request } from '../../sheets/api.js';
import { freeSheetId, idsFrom, takenSheetIds } from '../../sheets/ids.js';
import type { Spreadsheet, Store } from '../google/ports.js';

export const STORE_TAB = 'genius-host store';
const STORE_NOTE =
  'genius-host keeps what one execution leaves the next here while the match is hosted from a machine. Do not edit.';
const GROW_BY = 200;

interface Slot {
  readonly row: number;
  readonly value: string;
}

export class SheetStore implements Store {
  /** Every key as last read, with its row (0-based); null until read. */
  private copy: Map<string, Slot> | null = null;
  /** Rows read empty (a removed key's), to reuse before growing. */
  private free: number[] = [];
  /** The row after the last one read or written. */
  private end = 0;
  /** Rows to write at the next flush: [key, value], or null for a row to empty. */
  private readonly pending = new Map<number, [string, string] | null>();
  private tab: { sheetId: number; rowCount: number } | null = null;
  /** A flush is being sent. */
  private writing = false;

  constructor(private readonly sheet: Spreadsheet) {}

  /** Reads every key again (the writes kept so far go first). */
  refresh(): void {
    this.flush();
    const rows = this.sheet.readValues(`'${STORE_TAB}'!A1:B`);
    const copy = new Map<string, Slot>();
    this.free = [];
    rows.forEach((row, i) => {
      const key = row[0] ?? '';
      if (key === '') this.free.push(i);
      else copy.set(key, { row: i, value: row[1] ?? '' });
    });
    this.end = rows.length;
    this.copy = copy;
  }

  /** Forgets every write not yet sent and what was read (a runner that lost the lease must write none of it). */
  discard(): void {
    this.pending.clear();
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
        this.free = [];
        this.end = 0;
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
    return [...this.all().keys()];
  }

  set(key: string, value: string): void {
    const all = this.all();
    const row = all.get(key)?.row ?? this.free.shift() ?? this.end++;
    all.set(key, { row, value });
    this.pending.set(row, [key, value]);
  }

  remove(key: string): void {
    const all = this.all();
    const slot = all.get(key);
    if (!slot) return;
    all.delete(key);
    this.free.push(slot.row);
    this.pending.set(slot.row, null);
  }

  /** Sets many keys and removes every other one (a store copied in): one batchUpdate. */
  replaceAll(entries: Readonly<Record<string, string>>): void {
    for (const key of this.keys()) if (!(key in entries)) this.remove(key);
    for (const [key, value] of Object.entries(entries)) this.set(key, value);
    this.flush();
  }

  /** Whether writes are waiting for the next flush (none while one is being sent: its own call must not send them again). */
  get dirty(): boolean {
    return !this.writing && this.pending.size > 0;
  }

  /** Writes what is kept, in one batchUpdate (making the tab the first time). */
  flush(): void {
    if (!this.dirty) return;
    this.writing = true;
    try {
      this.write();
    } finally {
      this.writing = false;
    }
  }

  private write(): void {
    const requests: Request[] = [];
    const known = this.tab;
    const knownRows = known?.rowCount;
    const tab = known ?? this.findTab(requests);
    const needed = Math.max(...this.pending.keys()) + 1;
    if (needed > tab.rowCount) {
      tab.rowCount = needed + GROW_BY;
      requests.push({
        updateSheetProperties: {
          properties: { sheetId: tab.sheetId, gridProperties: { rowCount: tab.rowCount } },
          fields: 'gridProperties.rowCount',
        },
      });
    }
    for (const [row, entry] of [...this.pending].sort((a, b) => a[0] - b[0])) {
      const cells = (entry ?? ['', '']).map((text) => (text === '' ? {} : { userEnteredValue: { stringValue: text } }));
      requests.push({
        updateCells: {
          start: { sheetId: tab.sheetId, rowIndex: row, columnIndex: 0 },
          rows: [{ values: cells }],
          fields: 'userEnteredValue',
        },
      });
    }
    try {
      this.sheet.batchUpdate(requests);
    } catch (error) {
      // A try that made the tab and timed out, retried: the retry is refused (the tab exists), but the
      // first try was applied whole (a batchUpdate is all or nothing), these rows with it.
      if (!known && this.tab && this.madeEarlier(this.tab.sheetId)) {
        this.pending.clear();
        return;
      }
      // Nothing was written: kept for the next flush.
      this.tab = known;
      if (known && knownRows !== undefined) known.rowCount = knownRows;
      throw error;
    }
    this.pending.clear();
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
  private findTab(requests: Request[]): { sheetId: number; rowCount: number } {
    const metadata = this.sheet.getMetadata();
    const found = (metadata.sheets ?? []).find((s) => s.properties?.title === STORE_TAB)?.properties;
    if (found && typeof found.sheetId === 'number') {
      this.tab = { sheetId: found.sheetId, rowCount: found.gridProperties?.rowCount ?? 0 };
      return this.tab;
    }
    const sheetId = freeSheetId(takenSheetIds(metadata), idsFrom(0x570e00), STORE_TAB);
    this.tab = { sheetId, rowCount: GROW_BY };
    requests.push(
      {
        addSheet: {
          properties: {
            sheetId,
            title: STORE_TAB,
            hidden: true,
            gridProperties: { rowCount: GROW_BY, columnCount: 2 },
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
