// The embedded workbook's sheets as plain data (so a batch can work on a copy), with the checks and
// shapes every request handler shares: areas, A1 names, the API's compact JSON. Pure (no Node).

import type { CellData, GridRange, Request } from '../sheets/api.js';
import { isOneOf } from '../engine/core/guards.js';

export class WorkbookError extends Error {}

/** The most characters a cell holds (Google Sheets' limit). */
export const MAX_CELL_CHARACTERS = 50_000;

/** A range with every index filled in. */
export interface Area {
  readonly startRowIndex: number;
  readonly endRowIndex: number;
  readonly startColumnIndex: number;
  readonly endColumnIndex: number;
}

export interface ProtectionState {
  readonly protectedRangeId: number;
  readonly range: GridRange;
  readonly description?: string;
  readonly warningOnly?: boolean;
}

/** One sheet as the workbook holds it (plain data, so a batch can work on a copy). */
export interface SheetState {
  sheetId: number;
  title: string;
  rowCount: number;
  columnCount: number;
  frozenRowCount: number;
  frozenColumnCount: number;
  hideGridlines: boolean;
  /** cells[row][col]; missing is an empty cell. */
  cells: (CellData | null)[][];
  columnWidths: number[];
  rowHeights: number[];
  merges: Area[];
  protectedRanges: ProtectionState[];
  /** Developer metadata located on this sheet (deleted with it, as in Google Sheets). */
  developerMetadata: DeveloperMetadataState[];
}

/**
 * What a request's handler (batch-sheets.ts, batch-cells.ts, batch-metadata.ts) asks of the batch
 * it runs in (Batch in batch.ts, which dispatches to them): written here so that no handler imports
 * the dispatcher back.
 */
export interface BatchWork {
  readonly sheets: SheetState[];
  readonly own: Set<SheetState>;
  /** A new protected range's id, when the request names none (the workbook's own draw). */
  readonly drawId: () => number;
  /** The batch's own copy of a sheet, made on first use. */
  writable(sheet: SheetState): SheetState;
  /**
   * A row of an own sheet to write cells into, made the batch's own on first use. A cell is never
   * changed in place (the workbook may still hold it): a write puts a new cell in the row.
   */
  row(sheet: SheetState, index: number): (CellData | null)[];
  only(body: object, keys: readonly string[]): void;
  sheet(sheetId: number | null | undefined): SheetState;
  area(range: GridRange | null | undefined, what?: string): { sheet: SheetState; area: Area };
  titleFree(title: string, except?: SheetState): void;
  checkSize(rows: number, columns: number): void;
}

export interface DeveloperMetadataState {
  readonly metadataId: number;
  readonly metadataKey: string;
  metadataValue?: string;
  readonly visibility: 'DOCUMENT' | 'PROJECT';
}

export const DEFAULT_ROWS = 1000;
export const DEFAULT_COLUMNS = 26;
export const DEFAULT_WIDTH = 100;
export const DEFAULT_HEIGHT = 21;
export const SUPPORTED = [
  'addSheet',
  'updateSheetProperties',
  'deleteSheet',
  'updateCells',
  'appendCells',
  'repeatCell',
  'updateBorders',
  'mergeCells',
  'unmergeCells',
  'updateDimensionProperties',
  'addProtectedRange',
  'deleteProtectedRange',
  'createDeveloperMetadata',
  'updateDeveloperMetadata',
  'deleteDeveloperMetadata',
] as const satisfies readonly (keyof Request)[];
export type Supported = (typeof SUPPORTED)[number];

export function isSupported(kind: string): kind is Supported {
  return isOneOf(SUPPORTED, kind);
}

/** A request's body as the API types it, once it is known to be an object (a request from JSON may hold anything). */
export function body<T extends object>(value: T | null | undefined, what = 'the request body'): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new WorkbookError(`${what} must be an object`);
  return value;
}

export function blankSheet(sheetId: number, title: string, rows = DEFAULT_ROWS, columns = DEFAULT_COLUMNS): SheetState {
  return {
    sheetId,
    title,
    rowCount: rows,
    columnCount: columns,
    frozenRowCount: 0,
    frozenColumnCount: 0,
    hideGridlines: false,
    cells: [],
    columnWidths: new Array(columns).fill(DEFAULT_WIDTH),
    rowHeights: new Array(rows).fill(DEFAULT_HEIGHT),
    merges: [],
    protectedRanges: [],
    developerMetadata: [],
  };
}

export function overlaps(a: Area, b: Area): boolean {
  return (
    a.startRowIndex < b.endRowIndex &&
    b.startRowIndex < a.endRowIndex &&
    a.startColumnIndex < b.endColumnIndex &&
    b.startColumnIndex < a.endColumnIndex
  );
}

export function contains(outer: Area, inner: Area): boolean {
  return (
    outer.startRowIndex <= inner.startRowIndex &&
    inner.endRowIndex <= outer.endRowIndex &&
    outer.startColumnIndex <= inner.startColumnIndex &&
    inner.endColumnIndex <= outer.endColumnIndex
  );
}

/** A cell without its empty parts (a border list or format left with nothing), or null when nothing is left. */
export function compactCell(cell: CellData): CellData | null {
  const format = cell.userEnteredFormat;
  if (format?.borders && Object.keys(format.borders).length === 0) delete format.borders;
  if (format && Object.keys(format).length === 0) delete cell.userEnteredFormat;
  return Object.keys(cell).length > 0 ? cell : null;
}

/** Leaves out zero, false and empty values and lists, as the API's JSON does. */
export function compact<T>(value: T): T {
  // The same data with empty members left out, which the API's types all allow (each is optional).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- a list compacted item by item
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const v: unknown = compact(inner);
    if (v === 0 || v === false || v === '' || v === undefined || v === null) continue;
    if (typeof v === 'object' && Object.keys(v).length === 0) continue;
    out[key] = v;
  }
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- an object compacted key by key
  return out as T;
}
