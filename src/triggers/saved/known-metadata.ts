// What each spreadsheet's tabs are (its metadata: tabs, merges, protections and the renderer's
// fingerprints, src/sheets/api.ts), known without reading it where it can be. Every render needs a
// spreadsheet's metadata before its batchUpdate, and a read (spreadsheets.get) is a whole Sheets
// call. A batchUpdate asked for it answers the metadata after it (Spreadsheet.batchUpdateDescribed),
// so:
//   - within an execution, metadata read or answered once is not read again until a write that
//     answers none (or fails) makes it unknown;
//   - a player's and the public spreadsheet's metadata is kept between executions, one document
//     property each (KEY.metadata), where it fits one. The host spreadsheet's is not: Forms add
//     response tabs to it, the log is read from it anyway, and a machine's lease lives there.
// Kept metadata may be stale (the host renamed or deleted a tab by hand since): drawing/draw.ts does a
// write Google refuses with kept metadata again once, with metadata read afresh, and Re-render
// always reads afresh.

import { utf8Length } from '../../engine/core/utf8.js';
import type { Request, WorkbookMetadata } from '../../sheets/api.js';
import { KEY, type Pointers } from './pointers.js';
import type { Spreadsheet } from '../google/ports.js';

/** A property holds 9 KB, its key included ("Quotas for Google Services"): larger metadata is read each time instead. */
const PROPERTY_BYTES = 9 * 1024;

/**
 * Metadata as kept: a tab's merges cut to the first, since all the renderer asks of them is whether
 * a tab has any (src/sheets/requests.ts: its merges are undone before it is drawn again). A board's
 * merges are most of a player's metadata (30 KB of 31 in one game's sheets, measured).
 */
function compact(metadata: WorkbookMetadata): WorkbookMetadata {
  return {
    sheets: (metadata.sheets ?? []).map((sheet) =>
      sheet.merges && sheet.merges.length > 1 ? { ...sheet, merges: sheet.merges.slice(0, 1) } : sheet,
    ),
  };
}

export class KnownMetadata {
  /** By spreadsheet id: the metadata known in this execution, and whether it was kept from an earlier one. */
  private readonly known = new Map<string, { readonly metadata: WorkbookMetadata; readonly kept: boolean }>();

  constructor(private readonly pointers: Pointers) {}

  /**
   * `sheet` with its metadata known: getMetadata answers what this execution knows (or, with
   * `keep`, what an earlier one kept) before reading, and every batchUpdate answers the metadata
   * after it.
   */
  sheet(sheet: Spreadsheet, { keep }: { keep: boolean }): Spreadsheet {
    return {
      id: sheet.id,
      url: sheet.url,
      ...(sheet.firstSheetId !== undefined ? { firstSheetId: sheet.firstSheetId } : {}),
      readValues: (range) => sheet.readValues(range),
      getMetadata: () => this.of(sheet, keep),
      batchUpdate: (requests) => this.write(sheet, requests, keep),
    };
  }

  /** The metadata known for `sheet`, kept (with `keep`), or read now. */
  private of(sheet: Spreadsheet, keep: boolean): WorkbookMetadata {
    const known = this.known.get(sheet.id);
    if (known) return known.metadata;
    const kept = keep ? this.kept(sheet.id) : null;
    if (kept) {
      this.known.set(sheet.id, { metadata: kept, kept: true });
      return kept;
    }
    return this.read(sheet);
  }

  /** Reads the metadata afresh (Re-render, and the one retry of a refused write). */
  read(sheet: Spreadsheet): WorkbookMetadata {
    const metadata = sheet.getMetadata();
    this.known.set(sheet.id, { metadata, kept: false });
    return metadata;
  }

  /** Whether the metadata known for `sheet` came from an earlier execution, not from Google in this one. */
  isKept(sheet: Spreadsheet): boolean {
    return this.known.get(sheet.id)?.kept === true;
  }

  private write(sheet: Spreadsheet, requests: readonly Request[], keep: boolean): void {
    // Unknown until the write answers: one refused changed nothing, but one that timed out may have
    // applied, and the execution ends there. So the kept copy goes first, and a later execution
    // finds none to trust (no call is made after a failed one).
    this.known.delete(sheet.id);
    if (keep) this.pointers.remove(KEY.metadata(sheet.id));
    let after: WorkbookMetadata | null = null;
    if (sheet.batchUpdateDescribed) after = sheet.batchUpdateDescribed(requests);
    else sheet.batchUpdate(requests);
    if (!after) return;
    this.known.set(sheet.id, { metadata: after, kept: false });
    if (keep) this.keep(sheet.id, after);
  }

  private kept(id: string): WorkbookMetadata | null {
    const text = this.pointers.text(KEY.metadata(id));
    if (text === null) return null;
    try {
      const value: unknown = JSON.parse(text);
      // Only ever written by keep below; anything else is read afresh rather than trusted.
      if (typeof value === 'object' && value !== null && 'sheets' in value && Array.isArray(value.sheets)) {
        const sheets: WorkbookMetadata['sheets'] = value.sheets;
        return { sheets };
      }
    } catch {
      // Not JSON: read afresh.
    }
    return null;
  }

  private keep(id: string, metadata: WorkbookMetadata): void {
    const key = KEY.metadata(id);
    const text = JSON.stringify(compact(metadata));
    if (utf8Length(key) + utf8Length(text) <= PROPERTY_BYTES) this.pointers.setText(key, text);
  }
}
