// The embedded workbook: an in-memory spreadsheet that applies the Sheets API requests the
// renderer uses, the way Google applies them, and refuses every other request with a clear error,
// so it can never silently disagree with Google. It backs `npm start`, `genius-host render`, the
// .xlsx and HTML exports, and the tests. Pure (no Node): it can also run in the Apps Script sandbox.
//
// What it follows from the API:
// - batchUpdate is atomic: if one request fails, none applies, and the error names the request;
// - updateCells writes only the fields its mask names; with `range`, cells the rows leave out are
//   cleared for those fields; with `start`, only the cells given are written; repeatCell writes
//   one cell's masked fields into every cell of a range; appendCells writes its rows after the
//   last row holding a value, adding rows to the grid when they run out;
// - updateBorders sets the sides it names and leaves the others; a range's outer lines go on the
//   cells along them, inner lines on the cells on both sides (the exports draw the stronger of
//   two sides, and the renderer always sets both, so where Google keeps a line cannot matter);
// - sheet `index` moves count "before the move" (moving a sheet right by one needs index + 2);
// - sheet titles are unique ignoring case; the last sheet cannot be deleted; ranges must lie in
//   the grid; merges may not overlap one another or cross the frozen rows or columns;
// - metadata comes back as the API sends it: zero, false and empty values are left out;
// - a cell holds at most 50,000 characters (Google Sheets refuses more: "Your input contains more
//   than the maximum of 50000 characters in a single cell"; docs/google.md); a batchUpdate body
//   over the Sheets API's recommended 2 MB ("Usage limits", developers.google.com/sheets/api/limits)
//   is refused here, so the renderer never leans on Google taking a larger one.
// - under test, every batchUpdate body is first checked against Google's own Sheets discovery
//   document (`checkRequests`, installed by test/schema-setup.ts): an unknown field, a wrong type,
//   a value outside an enum or two kinds in one request is refused as Google refuses it.
// Stricter than Google where that is simpler (a merge overlapping an existing one is refused
// rather than replaced): the renderer never relies on the difference.

import { utf8Length } from '../engine/core/utf8.js';
import type { CellData, Request, SheetMetadata, Workbook, WorkbookMetadata } from '../sheets/api.js';
import { Batch } from './batch.js';
import { FieldError, copy } from './fields.js';
import { SUPPORTED, type SheetState, WorkbookError, blankSheet, compact, isSupported } from './sheet-state.js';

export {
  type Area,
  type DeveloperMetadataState,
  type ProtectionState,
  type SheetState,
  WorkbookError,
} from './sheet-state.js';

/** The largest batchUpdate body the Sheets API recommends (its "Usage limits": a 2 MB maximum payload). */
const MAX_REQUEST_BYTES = 2 * 1024 * 1024;

/** Workbooks made so far: each draws protected-range ids from a sequence of its own. */
let workbooksMade = 0;

export class EmbeddedWorkbook implements Workbook {
  /**
   * A check of each batchUpdate body before it is applied (it throws to refuse), or null. The tests
   * install Google's Sheets schema here (test/schema-setup.ts); the command line leaves it null:
   * the discovery document is test data, kept out of dist/, and what the shipped renderer sends is
   * what the tests check.
   */
  static checkRequests: ((body: { readonly requests: readonly Request[] }) => void) | null = null;

  private sheets: SheetState[];
  /** How many batchUpdate calls have been applied (the renderer must send one per render). */
  batchUpdates = 0;
  private drawState = Math.imul(0x9e3779b9, ++workbooksMade) >>> 0 || 1;

  /**
   * The next id of a protected range added without one, in 1 … 2^31 − 1: Sheets draws those at
   * random, so the workbook does not count them up (a caller must read them back). A xorshift
   * sequence seeded per workbook: the workbook reads no clock and no Math.random.
   */
  private drawId(): number {
    let x = this.drawState;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.drawState = x >>> 0;
    return this.drawState & 0x7fffffff || 1;
  }

  /**
   * A new spreadsheet has one blank tab: "Sheet1" with id 0 in English, as in Google Sheets, which
   * names it in the owner's language (the sandbox makes some with "Feuille 1").
   */
  constructor(
    readonly title = 'Untitled spreadsheet',
    firstTab: { readonly title: string; readonly id: number } = { title: 'Sheet1', id: 0 },
  ) {
    this.sheets = [blankSheet(firstTab.id, firstTab.title)];
  }

  getMetadata(): WorkbookMetadata {
    return {
      sheets: this.sheets.map((s, index): SheetMetadata =>
        compact({
          properties: {
            sheetId: s.sheetId,
            title: s.title,
            index,
            sheetType: 'GRID',
            gridProperties: {
              rowCount: s.rowCount,
              columnCount: s.columnCount,
              frozenRowCount: s.frozenRowCount,
              frozenColumnCount: s.frozenColumnCount,
              hideGridlines: s.hideGridlines,
            },
          },
          merges: s.merges.map((m) => ({ sheetId: s.sheetId, ...m })),
          protectedRanges: s.protectedRanges.map((p) => copy(p)),
          developerMetadata: s.developerMetadata.map((m) => ({
            ...copy(m),
            location: { locationType: 'SHEET', sheetId: s.sheetId },
          })),
        }),
      ),
    };
  }

  /** The sheets in tab order, for the exporters (read only). */
  get tabs(): readonly Readonly<SheetState>[] {
    return this.sheets;
  }

  sheetByTitle(title: string): Readonly<SheetState> | undefined {
    return this.sheets.find((s) => s.title === title);
  }

  /** The cell at a position (null when empty). */
  cell(title: string, row: number, col: number): CellData | null {
    return this.sheetByTitle(title)?.cells[row]?.[col] ?? null;
  }

  /** Applies every request or none; answers one reply a request, in order (BatchUpdateSpreadsheetResponse.replies). */
  batchUpdate(requests: readonly Request[]): object[] {
    if (!Array.isArray(requests) || requests.length === 0)
      throw new WorkbookError('batchUpdate: at least one request is required');
    try {
      EmbeddedWorkbook.checkRequests?.({ requests });
    } catch (error) {
      throw new WorkbookError(error instanceof Error ? error.message : String(error));
    }
    const bytes = utf8Length(JSON.stringify({ requests }));
    if (bytes > MAX_REQUEST_BYTES)
      throw new WorkbookError(
        `batchUpdate: the body is ${bytes} bytes, over the Sheets API's recommended maximum of ${MAX_REQUEST_BYTES} (2 MB); split the write`,
      );
    const work = new Batch(this.sheets, () => this.drawId());
    const replies: object[] = [];
    requests.forEach((request, i) => {
      const kinds = Object.keys(request ?? {});
      if (kinds.length !== 1)
        throw new WorkbookError(`requests[${i}]: a request holds exactly one kind, got ${kinds.join(', ') || 'none'}`);
      const kind = kinds[0];
      if (!isSupported(kind)) {
        throw new WorkbookError(
          `requests[${i}].${kind}: not supported by the embedded workbook (it applies ${SUPPORTED.join(', ')})`,
        );
      }
      try {
        replies.push(work.apply(kind, request) ?? {});
      } catch (error) {
        if (error instanceof WorkbookError || error instanceof FieldError)
          throw new WorkbookError(`requests[${i}].${kind}: ${error.message}`);
        throw error;
      }
    });
    this.sheets = work.sheets;
    this.batchUpdates += 1;
    return replies;
  }
}
