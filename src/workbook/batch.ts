// One batchUpdate of the embedded workbook: the sheets it works on, the checks every request shares
// (only the fields the workbook applies, a sheet by id, a range inside the grid), and the dispatch
// of each request to its handler: sheet-shape operations (batch-sheets.ts), cell operations
// (batch-cells.ts), protections and developer metadata (batch-metadata.ts).

import { a1Range } from '../sheets/a1.js';
import type { CellData, GridRange, Request } from '../sheets/api.js';
import {
  addSheet,
  deleteSheet,
  mergeCells,
  unmergeCells,
  updateDimension,
  updateSheetProperties,
} from './batch-sheets.js';
import { appendCells, repeatCell, updateBorders, updateCells } from './batch-cells.js';
import {
  addProtectedRange,
  createDeveloperMetadata,
  deleteDeveloperMetadata,
  deleteProtectedRange,
  updateDeveloperMetadata,
} from './batch-metadata.js';
import { copy } from './fields.js';
import { type Area, type BatchWork, type SheetState, type Supported, WorkbookError, body } from './sheet-state.js';

/**
 * One batch. It works on its own list of sheets and copies a sheet the first time it touches it,
 * and a row of cells the first time it writes one, so a failing request leaves the workbook's
 * sheets as they were (the batch is atomic) while a batch that rewrites two tabs of a forty-tab
 * spreadsheet copies two tabs, not forty, and a tab's cells only where it writes them.
 */
export class Batch implements BatchWork {
  readonly sheets: SheetState[];
  readonly own = new Set<SheetState>();
  /** The rows of each sheet it copied that are the batch's own (a row the batch has not written is the workbook's). */
  private readonly ownRows = new Map<SheetState, Set<number>>();

  constructor(
    original: readonly SheetState[],
    /** A new protected range's id, when the request names none (the workbook's own draw). */
    readonly drawId: () => number,
  ) {
    this.sheets = original.slice();
  }

  /** The batch's own copy of a sheet, made on first use. */
  writable(sheet: SheetState): SheetState {
    if (this.own.has(sheet)) return sheet;
    // Everything but the cells copied now; the list of rows shared until a row is written (row()).
    // Spread from the sheet first so the copy keeps its fields in their order (what an export lists).
    const { cells, ...rest } = sheet;
    const mine: SheetState = { ...sheet, ...copy(rest), cells: cells.slice() };
    this.sheets[this.sheets.indexOf(sheet)] = mine;
    this.own.add(mine);
    this.ownRows.set(mine, new Set());
    return mine;
  }

  /** A row of one of the batch's own sheets to write cells into: the batch's own copy, made on first use. */
  row(sheet: SheetState, index: number): (CellData | null)[] {
    if (!this.own.has(sheet)) throw new Error('internal: a row of a sheet the batch has not made its own');
    const owned = this.ownRows.get(sheet);
    // A sheet the batch added is its own, every row of it.
    if (!owned) return (sheet.cells[index] ??= []);
    if (!owned.has(index)) {
      sheet.cells[index] = (sheet.cells[index] ?? []).slice();
      owned.add(index);
    }
    return sheet.cells[index];
  }

  /** Applies the one request of `kind` that `request` holds; answers its reply (empty for most kinds, as Google's). */
  apply(kind: Supported, request: Request): object | void {
    switch (kind) {
      case 'addSheet':
        return addSheet(this, body(request.addSheet));
      case 'updateSheetProperties':
        return updateSheetProperties(this, body(request.updateSheetProperties));
      case 'deleteSheet':
        return deleteSheet(this, body(request.deleteSheet));
      case 'updateCells':
        return updateCells(this, body(request.updateCells));
      case 'appendCells':
        return appendCells(this, body(request.appendCells));
      case 'repeatCell':
        return repeatCell(this, body(request.repeatCell));
      case 'updateBorders':
        return updateBorders(this, body(request.updateBorders));
      case 'mergeCells':
        return mergeCells(this, body(request.mergeCells));
      case 'unmergeCells':
        return unmergeCells(this, body(request.unmergeCells));
      case 'updateDimensionProperties':
        return updateDimension(this, body(request.updateDimensionProperties));
      case 'addProtectedRange':
        return addProtectedRange(this, body(request.addProtectedRange));
      case 'deleteProtectedRange':
        return deleteProtectedRange(this, body(request.deleteProtectedRange));
      case 'createDeveloperMetadata':
        return createDeveloperMetadata(this, body(request.createDeveloperMetadata));
      case 'updateDeveloperMetadata':
        return updateDeveloperMetadata(this, body(request.updateDeveloperMetadata));
      case 'deleteDeveloperMetadata':
        return deleteDeveloperMetadata(this, body(request.deleteDeveloperMetadata));
    }
  }

  /** Refuses any field of `body` but `keys` (a field the workbook does not apply must not pass silently). */
  only(body: object, keys: readonly string[]): void {
    for (const key of Object.keys(body)) {
      if (!keys.includes(key)) throw new WorkbookError(`"${key}" is not supported by the embedded workbook`);
    }
  }

  /** A sheet by id, as the batch's own copy: every change to a sheet goes through here. */
  sheet(sheetId: number | null | undefined): SheetState {
    const id = sheetId ?? 0;
    const sheet = this.sheets.find((s) => s.sheetId === id);
    if (!sheet) throw new WorkbookError(`no sheet with id ${id}`);
    return this.writable(sheet);
  }

  /** A GridRange with its unbounded sides filled in, checked against the grid. */
  area(range: GridRange | null | undefined, what = 'range'): { sheet: SheetState; area: Area } {
    if (range === null || range === undefined || typeof range !== 'object')
      throw new WorkbookError(`${what} is required`);
    const r = range;
    this.only(r, ['sheetId', 'startRowIndex', 'endRowIndex', 'startColumnIndex', 'endColumnIndex']);
    const sheet = this.sheet(r.sheetId);
    const area: Area = {
      startRowIndex: r.startRowIndex ?? 0,
      endRowIndex: r.endRowIndex ?? sheet.rowCount,
      startColumnIndex: r.startColumnIndex ?? 0,
      endColumnIndex: r.endColumnIndex ?? sheet.columnCount,
    };
    for (const [key, value] of Object.entries(area)) {
      if (!Number.isInteger(value) || value < 0) throw new WorkbookError(`${what}.${key} must be a whole number ≥ 0`);
    }
    if (area.startRowIndex > area.endRowIndex || area.startColumnIndex > area.endColumnIndex)
      throw new WorkbookError(`${what} ends before it starts`);
    if (area.endRowIndex > sheet.rowCount || area.endColumnIndex > sheet.columnCount) {
      throw new WorkbookError(
        `${what} ('${sheet.title}'!${a1Range(area)}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`,
      );
    }
    return { sheet, area };
  }

  titleFree(title: string, except?: SheetState): void {
    if (title.trim() === '') throw new WorkbookError('a sheet title cannot be blank');
    if (title.length > 100) throw new WorkbookError(`sheet title "${title}" is longer than 100 characters`);
    if (this.sheets.some((s) => s !== except && s.title.toLowerCase() === title.toLowerCase())) {
      throw new WorkbookError(`A sheet with the name "${title}" already exists. Please enter another name.`);
    }
  }

  checkSize(rows: number, columns: number): void {
    if (!Number.isInteger(rows) || rows < 1)
      throw new WorkbookError(`rowCount must be a whole number ≥ 1, got ${rows}`);
    if (!Number.isInteger(columns) || columns < 1)
      throw new WorkbookError(`columnCount must be a whole number ≥ 1, got ${columns}`);
    if (columns > 18278)
      throw new WorkbookError(`columnCount ${columns} is more than the 18278 columns a sheet can have`);
  }
}
