// The embedded workbook: an in-memory spreadsheet that applies the Sheets API requests the
// renderer uses, the way Google applies them, and refuses every other request with a clear error,
// so it can never silently disagree with Google. It backs `npm start`, `genius-host render`, the
// .xlsx and HTML exports, and the tests. Pure (no Node): it can also run in the Apps Script sandbox.
//
// What it follows from the API:
// - batchUpdate is atomic: if one request fails, none applies, and the error names the request;
// - updateCells writes only the fields its mask names; with `range`, cells the rows leave out are
//   cleared for those fields; with `start`, only the cells given are written; repeatCell writes
//   one cell's masked fields into every cell of a range;
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
// Stricter than Google where that is simpler (a merge overlapping an existing one is refused
// rather than replaced): the renderer never relies on the difference.

import type { CellData, GridRange, Request, SheetMetadata, SheetsApi, Workbook, WorkbookMetadata } from '../sheets/api.js';
import { CELL_SCHEMA, DIMENSION_SCHEMA, FieldError, SHEET_PROPERTIES_SCHEMA, copy, getPath, nodeAt, parseMask, setPath, validate } from './fields.js';

export class WorkbookError extends Error {}

/** The most characters a cell holds (Google Sheets' limit). */
export const MAX_CELL_CHARACTERS = 50_000;
/** The largest batchUpdate body the Sheets API recommends (its "Usage limits": a 2 MB maximum payload). */
export const MAX_REQUEST_BYTES = 2 * 1024 * 1024;

/** UTF-8 bytes of a JSON body, without Node's Buffer (this module also runs in Apps Script). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) { bytes += 4; i += 1; }
    else bytes += 3;
  }
  return bytes;
}

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

export interface DeveloperMetadataState {
  readonly metadataId: number;
  readonly metadataKey: string;
  metadataValue?: string;
  readonly visibility: 'DOCUMENT' | 'PROJECT';
}

const DEFAULT_ROWS = 1000;
const DEFAULT_COLUMNS = 26;
const DEFAULT_WIDTH = 100;
const DEFAULT_HEIGHT = 21;
const SUPPORTED = [
  'addSheet', 'updateSheetProperties', 'deleteSheet', 'updateCells', 'repeatCell', 'updateBorders', 'mergeCells',
  'unmergeCells', 'updateDimensionProperties', 'addProtectedRange', 'deleteProtectedRange',
  'createDeveloperMetadata', 'updateDeveloperMetadata',
] as const satisfies readonly (keyof Request)[];
type Supported = (typeof SUPPORTED)[number];

function isSupported(kind: string): kind is Supported {
  return (SUPPORTED as readonly string[]).includes(kind);
}

/** A request's body as the API types it, once it is known to be an object (a request from JSON may hold anything). */
function body<T extends object>(value: T | null | undefined, what = 'the request body'): T {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new WorkbookError(`${what} must be an object`);
  return value;
}

function blankSheet(sheetId: number, title: string, rows = DEFAULT_ROWS, columns = DEFAULT_COLUMNS): SheetState {
  return {
    sheetId, title, rowCount: rows, columnCount: columns, frozenRowCount: 0, frozenColumnCount: 0, hideGridlines: false,
    cells: [], columnWidths: new Array(columns).fill(DEFAULT_WIDTH), rowHeights: new Array(rows).fill(DEFAULT_HEIGHT),
    merges: [], protectedRanges: [], developerMetadata: [],
  };
}

function overlaps(a: Area, b: Area): boolean {
  return a.startRowIndex < b.endRowIndex && b.startRowIndex < a.endRowIndex && a.startColumnIndex < b.endColumnIndex && b.startColumnIndex < a.endColumnIndex;
}

function contains(outer: Area, inner: Area): boolean {
  return outer.startRowIndex <= inner.startRowIndex && inner.endRowIndex <= outer.endRowIndex
    && outer.startColumnIndex <= inner.startColumnIndex && inner.endColumnIndex <= outer.endColumnIndex;
}

function a1(area: Area): string {
  const col = (n: number) => {
    let s = '';
    for (let x = n + 1; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
    return s;
  };
  return `${col(area.startColumnIndex)}${area.startRowIndex + 1}:${col(area.endColumnIndex - 1)}${area.endRowIndex}`;
}

/** A cell without its empty parts (a border list or format left with nothing), or null when nothing is left. */
function compactCell(cell: CellData): CellData | null {
  const format = cell.userEnteredFormat;
  if (format?.borders && Object.keys(format.borders).length === 0) delete format.borders;
  if (format && Object.keys(format).length === 0) delete cell.userEnteredFormat;
  return Object.keys(cell).length > 0 ? cell : null;
}

/** Leaves out zero, false and empty values and lists, as the API's JSON does. */
function compact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(compact) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const v = compact(inner);
    if (v === 0 || v === false || v === '' || v === undefined || v === null) continue;
    if (typeof v === 'object' && Object.keys(v as object).length === 0) continue;
    out[key] = v;
  }
  return out as T;
}

export class EmbeddedWorkbook implements Workbook {
  private sheets: SheetState[];
  /** How many batchUpdate calls have been applied (the renderer must send one per render). */
  batchUpdates = 0;

  /**
   * A new spreadsheet has one blank tab: "Sheet1" with id 0 in English, as in Google Sheets, which
   * names it in the owner's language (the sandbox makes some with "Feuille 1").
   */
  constructor(readonly title = 'Untitled spreadsheet', firstTab: { readonly title: string; readonly id: number } = { title: 'Sheet1', id: 0 }) {
    this.sheets = [blankSheet(firstTab.id, firstTab.title)];
  }

  getMetadata(): WorkbookMetadata {
    return {
      sheets: this.sheets.map((s, index): SheetMetadata => compact({
        properties: {
          sheetId: s.sheetId,
          title: s.title,
          index,
          sheetType: 'GRID',
          gridProperties: {
            rowCount: s.rowCount, columnCount: s.columnCount,
            frozenRowCount: s.frozenRowCount, frozenColumnCount: s.frozenColumnCount, hideGridlines: s.hideGridlines,
          },
        },
        merges: s.merges.map((m) => ({ sheetId: s.sheetId, ...m })),
        protectedRanges: s.protectedRanges.map((p) => copy(p)),
        developerMetadata: s.developerMetadata.map((m) => ({ ...copy(m), location: { locationType: 'SHEET', sheetId: s.sheetId } })),
      })),
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

  batchUpdate(requests: readonly Request[]): void {
    if (!Array.isArray(requests) || requests.length === 0) throw new WorkbookError('batchUpdate: at least one request is required');
    const bytes = utf8Bytes(JSON.stringify({ requests }));
    if (bytes > MAX_REQUEST_BYTES) throw new WorkbookError(`batchUpdate: the body is ${bytes} bytes, over the Sheets API's recommended maximum of ${MAX_REQUEST_BYTES} (2 MB); split the write`);
    const work = new Batch(this.sheets);
    requests.forEach((request, i) => {
      const kinds = Object.keys(request ?? {});
      if (kinds.length !== 1) throw new WorkbookError(`requests[${i}]: a request holds exactly one kind, got ${kinds.join(', ') || 'none'}`);
      const kind = kinds[0];
      if (!isSupported(kind)) {
        throw new WorkbookError(`requests[${i}].${kind}: not supported by the embedded workbook (it applies ${SUPPORTED.join(', ')})`);
      }
      try {
        work.apply(kind, request);
      } catch (error) {
        if (error instanceof WorkbookError || error instanceof FieldError) throw new WorkbookError(`requests[${i}].${kind}: ${error.message}`);
        throw error;
      }
    });
    this.sheets = work.sheets;
    this.batchUpdates += 1;
  }
}

/**
 * One batch. It works on its own list of sheets and copies a sheet the first time it touches it,
 * so a failing request leaves the workbook's sheets as they were (the batch is atomic) while a
 * batch that rewrites two tabs of a forty-tab spreadsheet copies two tabs, not forty.
 */
class Batch {
  private nextProtection = 1;
  readonly sheets: SheetState[];
  private readonly own = new Set<SheetState>();

  constructor(original: readonly SheetState[]) {
    this.sheets = original.slice();
  }

  /** The batch's own copy of a sheet, made on first use. */
  private writable(sheet: SheetState): SheetState {
    if (this.own.has(sheet)) return sheet;
    const mine = copy(sheet);
    this.sheets[this.sheets.indexOf(sheet)] = mine;
    this.own.add(mine);
    return mine;
  }

  /** Applies the one request of `kind` that `request` holds. */
  apply(kind: Supported, request: Request): void {
    switch (kind) {
      case 'addSheet': return this.addSheet(body(request.addSheet));
      case 'updateSheetProperties': return this.updateSheetProperties(body(request.updateSheetProperties));
      case 'deleteSheet': return this.deleteSheet(body(request.deleteSheet));
      case 'updateCells': return this.updateCells(body(request.updateCells));
      case 'repeatCell': return this.repeatCell(body(request.repeatCell));
      case 'updateBorders': return this.updateBorders(body(request.updateBorders));
      case 'mergeCells': return this.mergeCells(body(request.mergeCells));
      case 'unmergeCells': return this.unmergeCells(body(request.unmergeCells));
      case 'updateDimensionProperties': return this.updateDimension(body(request.updateDimensionProperties));
      case 'addProtectedRange': return this.addProtectedRange(body(request.addProtectedRange));
      case 'deleteProtectedRange': return this.deleteProtectedRange(body(request.deleteProtectedRange));
      case 'createDeveloperMetadata': return this.createDeveloperMetadata(body(request.createDeveloperMetadata));
      case 'updateDeveloperMetadata': return this.updateDeveloperMetadata(body(request.updateDeveloperMetadata));
    }
  }

  /** Refuses any field of `body` but `keys` (a field the workbook does not apply must not pass silently). */
  private only(body: object, keys: readonly string[]): void {
    for (const key of Object.keys(body)) {
      if (!keys.includes(key)) throw new WorkbookError(`"${key}" is not supported by the embedded workbook`);
    }
  }

  /** A sheet by id, as the batch's own copy: every change to a sheet goes through here. */
  private sheet(sheetId: number | null | undefined): SheetState {
    const id = sheetId ?? 0;
    const sheet = this.sheets.find((s) => s.sheetId === id);
    if (!sheet) throw new WorkbookError(`no sheet with id ${id}`);
    return this.writable(sheet);
  }

  /** A GridRange with its unbounded sides filled in, checked against the grid. */
  private area(range: GridRange | null | undefined, what = 'range'): { sheet: SheetState; area: Area } {
    if (range === null || range === undefined || typeof range !== 'object') throw new WorkbookError(`${what} is required`);
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
    if (area.startRowIndex > area.endRowIndex || area.startColumnIndex > area.endColumnIndex) throw new WorkbookError(`${what} ends before it starts`);
    if (area.endRowIndex > sheet.rowCount || area.endColumnIndex > sheet.columnCount) {
      throw new WorkbookError(`${what} ('${sheet.title}'!${a1(area)}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`);
    }
    return { sheet, area };
  }

  private titleFree(title: string, except?: SheetState): void {
    if (title.trim() === '') throw new WorkbookError('a sheet title cannot be blank');
    if (title.length > 100) throw new WorkbookError(`sheet title "${title}" is longer than 100 characters`);
    if (this.sheets.some((s) => s !== except && s.title.toLowerCase() === title.toLowerCase())) {
      throw new WorkbookError(`A sheet with the name "${title}" already exists. Please enter another name.`);
    }
  }

  private addSheet(request: SheetsApi.Schema$AddSheetRequest): void {
    this.only(request, ['properties']);
    const props = request.properties ?? {};
    validate(props, SHEET_PROPERTIES_SCHEMA, 'properties');
    const grid = props.gridProperties ?? {};
    let sheetId = props.sheetId ?? undefined;
    if (sheetId === undefined) {
      sheetId = Math.max(0, ...this.sheets.map((s) => s.sheetId)) + 1;
    } else {
      if (!Number.isInteger(sheetId) || sheetId < 0) throw new WorkbookError(`properties.sheetId must be a whole number ≥ 0, got ${sheetId}`);
      if (this.sheets.some((s) => s.sheetId === sheetId)) throw new WorkbookError(`a sheet with id ${sheetId} already exists`);
    }
    const title = props.title ?? this.freeDefaultTitle();
    this.titleFree(title);
    const sheet = blankSheet(sheetId, title, grid.rowCount ?? DEFAULT_ROWS, grid.columnCount ?? DEFAULT_COLUMNS);
    this.checkSize(sheet.rowCount, sheet.columnCount);
    const at = props.index ?? this.sheets.length;
    if (!Number.isInteger(at) || at < 0 || at > this.sheets.length) throw new WorkbookError(`properties.index ${at} is outside 0–${this.sheets.length}`);
    this.sheets.splice(at, 0, sheet);
    this.own.add(sheet);
    this.setFrozen(sheet, grid.frozenRowCount ?? 0, grid.frozenColumnCount ?? 0);
    sheet.hideGridlines = grid.hideGridlines ?? false;
  }

  /** The first "SheetN" title no sheet has, as Google names a sheet added without a title. */
  private freeDefaultTitle(): string {
    for (let n = this.sheets.length + 1; ; n++) {
      if (!this.sheets.some((s) => s.title.toLowerCase() === `sheet${n}`)) return `Sheet${n}`;
    }
  }

  private checkSize(rows: number, columns: number): void {
    if (!Number.isInteger(rows) || rows < 1) throw new WorkbookError(`rowCount must be a whole number ≥ 1, got ${rows}`);
    if (!Number.isInteger(columns) || columns < 1) throw new WorkbookError(`columnCount must be a whole number ≥ 1, got ${columns}`);
    if (columns > 18278) throw new WorkbookError(`columnCount ${columns} is more than the 18278 columns a sheet can have`);
  }

  private updateSheetProperties(request: SheetsApi.Schema$UpdateSheetPropertiesRequest): void {
    this.only(request, ['properties', 'fields']);
    const props = request.properties ?? {};
    validate(props, SHEET_PROPERTIES_SCHEMA, 'properties');
    const sheet = this.sheet(props.sheetId);
    const paths = parseMask(request.fields, SHEET_PROPERTIES_SCHEMA);
    // Expand whole-object paths to their leaves, then apply them in a safe order.
    const leaves = new Set<string>();
    for (const path of paths) {
      const node = nodeAt(SHEET_PROPERTIES_SCHEMA, path);
      if (typeof node === 'object' && !Array.isArray(node) && !('refuse' in node)) {
        for (const key of Object.keys(node)) leaves.add([...path, key].join('.'));
      } else {
        leaves.add(path.join('.'));
      }
    }
    if (leaves.has('sheetId')) throw new WorkbookError('fields: sheetId cannot be changed');
    if (leaves.has('title')) {
      const title = props.title;
      if (typeof title !== 'string') throw new WorkbookError('properties.title is required when "title" is in fields');
      this.titleFree(title, sheet);
      sheet.title = title;
    }
    // A field in the mask but left out of the request is reset to its default, as the API does.
    const grid = (key: 'rowCount' | 'columnCount' | 'frozenRowCount' | 'frozenColumnCount', fallback: number) => (leaves.has(`gridProperties.${key}`) ? props.gridProperties?.[key] ?? fallback : undefined);
    // The request is checked as a whole: the new size against the new frozen rows, not the old.
    const rows = grid('rowCount', DEFAULT_ROWS) ?? sheet.rowCount;
    const columns = grid('columnCount', DEFAULT_COLUMNS) ?? sheet.columnCount;
    const frozenRows = grid('frozenRowCount', 0) ?? sheet.frozenRowCount;
    const frozenColumns = grid('frozenColumnCount', 0) ?? sheet.frozenColumnCount;
    this.checkSize(rows, columns);
    if (rows !== sheet.rowCount || columns !== sheet.columnCount) this.resize(sheet, rows, columns);
    this.setFrozen(sheet, frozenRows, frozenColumns);
    if (leaves.has('gridProperties.hideGridlines')) sheet.hideGridlines = props.gridProperties?.hideGridlines ?? false;
    if (leaves.has('index')) {
      const from = this.sheets.indexOf(sheet);
      const to = props.index ?? this.sheets.length;
      if (!Number.isInteger(to) || to < 0 || to > this.sheets.length) throw new WorkbookError(`properties.index ${to} is outside 0–${this.sheets.length}`);
      // "Before the move" indexes: the sheet goes before the sheet that is at `to` now.
      this.sheets.splice(from, 1);
      this.sheets.splice(to > from ? to - 1 : to, 0, sheet);
    }
  }

  private resize(sheet: SheetState, rows: number, columns: number): void {
    sheet.cells = sheet.cells.slice(0, rows).map((line) => (line ? line.slice(0, columns) : line));
    const sized = (list: number[], n: number, fallback: number) => Array.from({ length: n }, (_, i) => list[i] ?? fallback);
    sheet.rowHeights = sized(sheet.rowHeights, rows, DEFAULT_HEIGHT);
    sheet.columnWidths = sized(sheet.columnWidths, columns, DEFAULT_WIDTH);
    const clip = (m: Area): Area => ({
      startRowIndex: m.startRowIndex, endRowIndex: Math.min(m.endRowIndex, rows),
      startColumnIndex: m.startColumnIndex, endColumnIndex: Math.min(m.endColumnIndex, columns),
    });
    sheet.merges = sheet.merges.map(clip).filter((m) => m.endRowIndex - m.startRowIndex >= 1 && m.endColumnIndex - m.startColumnIndex >= 1
      && (m.endRowIndex - m.startRowIndex) * (m.endColumnIndex - m.startColumnIndex) > 1);
    sheet.rowCount = rows;
    sheet.columnCount = columns;
  }

  private setFrozen(sheet: SheetState, rows: number, columns: number): void {
    for (const [n, what, limit] of [[rows, 'frozenRowCount', sheet.rowCount], [columns, 'frozenColumnCount', sheet.columnCount]] as const) {
      if (!Number.isInteger(n) || n < 0) throw new WorkbookError(`${what} must be a whole number ≥ 0`);
      if (n > 0 && n >= limit) throw new WorkbookError(`${what} ${n} would freeze every ${what === 'frozenRowCount' ? 'row' : 'column'} of '${sheet.title}'`);
    }
    for (const m of sheet.merges) this.checkFrozen(sheet, m, rows, columns);
    sheet.frozenRowCount = rows;
    sheet.frozenColumnCount = columns;
  }

  private checkFrozen(sheet: SheetState, m: Area, rows = sheet.frozenRowCount, columns = sheet.frozenColumnCount): void {
    if (rows > 0 && m.startRowIndex < rows && m.endRowIndex > rows) throw new WorkbookError(`You can't merge frozen and non-frozen rows ('${sheet.title}'!${a1(m)}, ${rows} frozen)`);
    if (columns > 0 && m.startColumnIndex < columns && m.endColumnIndex > columns) throw new WorkbookError(`You can't merge frozen and non-frozen columns ('${sheet.title}'!${a1(m)}, ${columns} frozen)`);
  }

  private deleteSheet(request: SheetsApi.Schema$DeleteSheetRequest): void {
    this.only(request, ['sheetId']);
    const sheet = this.sheet(request.sheetId);
    if (this.sheets.length === 1) throw new WorkbookError("You can't remove all the sheets in a document.");
    this.sheets.splice(this.sheets.indexOf(sheet), 1);
  }

  private updateCells(request: SheetsApi.Schema$UpdateCellsRequest): void {
    this.only(request, ['range', 'start', 'rows', 'fields']);
    if ((request.range === undefined) === (request.start === undefined)) throw new WorkbookError('give exactly one of "range" and "start"');
    const paths = parseMask(request.fields, CELL_SCHEMA);
    const rows = request.rows ?? [];
    if (!Array.isArray(rows)) throw new WorkbookError('"rows" must be a list');
    const { sheet, area } = request.range !== undefined ? this.rangeFor(request.range, rows) : this.startFor(body(request.start, '"start"'), rows);
    const clears = request.range !== undefined;
    for (let r = area.startRowIndex; r < area.endRowIndex; r++) {
      const values = rows[r - area.startRowIndex]?.values ?? [];
      for (let c = area.startColumnIndex; c < area.endColumnIndex; c++) {
        const source: CellData | undefined = values[c - area.startColumnIndex];
        if (source === undefined && !clears) continue;
        this.writeCell(sheet, r, c, source ?? {}, paths, `rows[${r - area.startRowIndex}].values[${c - area.startColumnIndex}]`);
      }
    }
  }

  /** updateCells with a range: the rows must fit in it. */
  private rangeFor(range: GridRange | null, rows: readonly SheetsApi.Schema$RowData[]): { sheet: SheetState; area: Area } {
    const found = this.area(range);
    const height = found.area.endRowIndex - found.area.startRowIndex;
    const width = found.area.endColumnIndex - found.area.startColumnIndex;
    if (rows.length > height) throw new WorkbookError(`${rows.length} rows do not fit in the ${height} rows of the range`);
    rows.forEach((row, r) => {
      const cells = row?.values?.length ?? 0;
      if (cells > width) throw new WorkbookError(`rows[${r}] has ${cells} cells; the range is ${width} wide`);
    });
    return found;
  }

  /** updateCells with a start: the area the rows cover from there. */
  private startFor(start: SheetsApi.Schema$GridCoordinate, rows: readonly SheetsApi.Schema$RowData[]): { sheet: SheetState; area: Area } {
    this.only(start, ['sheetId', 'rowIndex', 'columnIndex']);
    const sheet = this.sheet(start.sheetId);
    const top = start.rowIndex ?? 0;
    const left = start.columnIndex ?? 0;
    const width = Math.max(0, ...rows.map((row) => row?.values?.length ?? 0));
    return this.area({ sheetId: sheet.sheetId, startRowIndex: top, endRowIndex: top + rows.length, startColumnIndex: left, endColumnIndex: left + width }, 'start + rows');
  }

  private repeatCell(request: SheetsApi.Schema$RepeatCellRequest): void {
    this.only(request, ['range', 'cell', 'fields']);
    const paths = parseMask(request.fields, CELL_SCHEMA);
    const { sheet, area } = this.area(request.range);
    const cell = request.cell ?? {};
    for (let r = area.startRowIndex; r < area.endRowIndex; r++) {
      for (let c = area.startColumnIndex; c < area.endColumnIndex; c++) this.writeCell(sheet, r, c, cell, paths, 'cell');
    }
  }

  /**
   * Sets the lines of a range: its outer sides on the cells along them, inner lines on the cells
   * on both sides. A side left out stays as it is; style NONE clears it.
   */
  private updateBorders(request: SheetsApi.Schema$UpdateBordersRequest): void {
    const sides = ['top', 'bottom', 'left', 'right', 'innerHorizontal', 'innerVertical'] as const;
    this.only(request, ['range', ...sides]);
    const { sheet, area } = this.area(request.range);
    const borderSchema = nodeAt(CELL_SCHEMA, ['userEnteredFormat', 'borders', 'top']);
    for (const side of sides) validate(request[side], borderSchema, side);
    const set = (r: number, c: number, side: 'top' | 'bottom' | 'left' | 'right', value: SheetsApi.Schema$Border) => {
      const line = (sheet.cells[r] ??= []);
      const target: CellData = { ...line[c], userEnteredFormat: { ...line[c]?.userEnteredFormat, borders: { ...line[c]?.userEnteredFormat?.borders } } };
      const borders = target.userEnteredFormat?.borders ?? {};
      if (value.style === 'NONE') delete borders[side];
      else borders[side] = copy(value);
      line[c] = compactCell(target);
    };
    const { top, bottom, left, right, innerHorizontal, innerVertical } = request;
    const { startRowIndex: first, endRowIndex: end, startColumnIndex: firstColumn, endColumnIndex: endColumn } = area;
    for (let r = first; r < end; r++) {
      for (let c = firstColumn; c < endColumn; c++) {
        if (top && r === first) set(r, c, 'top', top);
        if (bottom && r === end - 1) set(r, c, 'bottom', bottom);
        if (left && c === firstColumn) set(r, c, 'left', left);
        if (right && c === endColumn - 1) set(r, c, 'right', right);
        if (innerHorizontal && r > first) set(r, c, 'top', innerHorizontal);
        if (innerHorizontal && r < end - 1) set(r, c, 'bottom', innerHorizontal);
        if (innerVertical && c > firstColumn) set(r, c, 'left', innerVertical);
        if (innerVertical && c < endColumn - 1) set(r, c, 'right', innerVertical);
      }
    }
  }

  /** Writes the masked fields of `source` into a cell (a field the source leaves out is cleared), each checked against the schema. */
  private writeCell(sheet: SheetState, row: number, col: number, source: CellData, paths: readonly string[][], where: string): void {
    const line = (sheet.cells[row] ??= []);
    // A plain JSON tree walked by field path: the schema check (validate) stands for its type.
    const target: Record<string, unknown> = { ...line[col] };
    for (const path of paths) {
      const value = getPath(source, path);
      if (value !== undefined) validate(value, nodeAt(CELL_SCHEMA, path), `${where}.${path.join('.')}`);
      setPath(target, path, copy(value));
    }
    const cell: CellData = target;
    const entered = cell.userEnteredValue;
    if (entered && Object.keys(entered).length > 1) {
      throw new WorkbookError(`${where}.userEnteredValue holds ${Object.keys(entered).join(' and ')}; a value is exactly one kind`);
    }
    const text = entered?.stringValue ?? entered?.formulaValue;
    if (typeof text === 'string' && text.length > MAX_CELL_CHARACTERS) {
      throw new WorkbookError(`${where}.userEnteredValue: ${text.length} characters, over the ${MAX_CELL_CHARACTERS} a Google Sheets cell holds`);
    }
    line[col] = Object.keys(cell).length > 0 ? cell : null;
  }

  private mergeCells(request: SheetsApi.Schema$MergeCellsRequest): void {
    this.only(request, ['range', 'mergeType']);
    const { sheet, area } = this.area(request.range);
    const type = request.mergeType ?? 'MERGE_ALL';
    let parts: Area[];
    if (type === 'MERGE_ALL') parts = [area];
    else if (type === 'MERGE_ROWS') {
      parts = Array.from({ length: area.endRowIndex - area.startRowIndex }, (_, i) => ({ ...area, startRowIndex: area.startRowIndex + i, endRowIndex: area.startRowIndex + i + 1 }));
    } else if (type === 'MERGE_COLUMNS') {
      parts = Array.from({ length: area.endColumnIndex - area.startColumnIndex }, (_, i) => ({ ...area, startColumnIndex: area.startColumnIndex + i, endColumnIndex: area.startColumnIndex + i + 1 }));
    } else throw new WorkbookError(`mergeType "${type}" is not one of MERGE_ALL, MERGE_ROWS, MERGE_COLUMNS`);
    for (const part of parts) {
      if ((part.endRowIndex - part.startRowIndex) * (part.endColumnIndex - part.startColumnIndex) < 2) {
        throw new WorkbookError(`a merge must cover at least two cells ('${sheet.title}'!${a1(part)})`);
      }
      const clash = sheet.merges.find((m) => overlaps(m, part));
      if (clash) throw new WorkbookError(`'${sheet.title}'!${a1(part)} overlaps the merge ${a1(clash)}; unmerge it first`);
      this.checkFrozen(sheet, part);
      sheet.merges.push(part);
      // Merging keeps only the top-left value.
      for (let r = part.startRowIndex; r < part.endRowIndex; r++) {
        for (let c = part.startColumnIndex; c < part.endColumnIndex; c++) {
          if (r === part.startRowIndex && c === part.startColumnIndex) continue;
          const cell = sheet.cells[r]?.[c];
          if (cell?.userEnteredValue) {
            const { userEnteredValue: _dropped, ...rest } = cell;
            sheet.cells[r][c] = Object.keys(rest).length > 0 ? rest : null;
          }
        }
      }
    }
  }

  private unmergeCells(request: SheetsApi.Schema$UnmergeCellsRequest): void {
    this.only(request, ['range']);
    const { sheet, area } = this.area(request.range);
    const partial = sheet.merges.find((m) => overlaps(m, area) && !contains(area, m));
    if (partial) throw new WorkbookError(`the merge ${a1(partial)} is only partly inside ${a1(area)}`);
    sheet.merges = sheet.merges.filter((m) => !contains(area, m));
  }

  private updateDimension(request: SheetsApi.Schema$UpdateDimensionPropertiesRequest): void {
    this.only(request, ['range', 'properties', 'fields']);
    const paths = parseMask(request.fields, DIMENSION_SCHEMA);
    const props = request.properties ?? {};
    validate(props, DIMENSION_SCHEMA, 'properties');
    const range = request.range ?? {};
    this.only(range, ['sheetId', 'dimension', 'startIndex', 'endIndex']);
    const sheet = this.sheet(range.sheetId);
    const rows = range.dimension === 'ROWS';
    if (!rows && range.dimension !== 'COLUMNS') throw new WorkbookError(`range.dimension must be ROWS or COLUMNS, got ${JSON.stringify(range.dimension)}`);
    const count = rows ? sheet.rowCount : sheet.columnCount;
    const from = range.startIndex ?? 0;
    const to = range.endIndex ?? count;
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > count || from > to) {
      throw new WorkbookError(`range ${from}–${to} is outside the ${count} ${rows ? 'rows' : 'columns'} of '${sheet.title}'`);
    }
    if (paths.length > 0) {
      const size = props.pixelSize;
      if (size === undefined || size === null || size < 0) throw new WorkbookError('properties.pixelSize must be a number ≥ 0');
      const list = rows ? sheet.rowHeights : sheet.columnWidths;
      for (let i = from; i < to; i++) list[i] = size;
    }
  }

  private addProtectedRange(request: SheetsApi.Schema$AddProtectedRangeRequest): void {
    this.only(request, ['protectedRange']);
    const range = request.protectedRange ?? {};
    this.only(range, ['protectedRangeId', 'range', 'description', 'warningOnly']);
    const { sheet, area } = this.area(range.range, 'protectedRange.range');
    let id = range.protectedRangeId ?? undefined;
    const all = this.sheets.flatMap((s) => s.protectedRanges);
    if (id === undefined) {
      while (all.some((p) => p.protectedRangeId === this.nextProtection)) this.nextProtection += 1;
      id = this.nextProtection;
    } else if (!Number.isInteger(id) || id < 0) {
      throw new WorkbookError(`protectedRange.protectedRangeId must be a whole number, got ${id}`);
    } else if (all.some((p) => p.protectedRangeId === id)) {
      throw new WorkbookError(`a protected range with id ${id} already exists`);
    }
    const given = body(range.range, 'protectedRange.range');
    const whole = given.startRowIndex === undefined && given.endRowIndex === undefined && given.startColumnIndex === undefined && given.endColumnIndex === undefined;
    sheet.protectedRanges.push({
      protectedRangeId: id,
      range: whole ? { sheetId: sheet.sheetId } : { sheetId: sheet.sheetId, ...area },
      ...(typeof range.description === 'string' ? { description: range.description } : {}),
      ...(range.warningOnly === true ? { warningOnly: true } : {}),
    });
  }

  private deleteProtectedRange(request: SheetsApi.Schema$DeleteProtectedRangeRequest): void {
    this.only(request, ['protectedRangeId']);
    for (const sheet of this.sheets) {
      const at = sheet.protectedRanges.findIndex((p) => p.protectedRangeId === request.protectedRangeId);
      if (at >= 0) {
        this.writable(sheet).protectedRanges.splice(at, 1);
        return;
      }
    }
    throw new WorkbookError(`no protected range with id ${request.protectedRangeId}`);
  }

  /** Only metadata located on a sheet, with an id, a key and a visibility (what the renderer writes). */
  private createDeveloperMetadata(request: SheetsApi.Schema$CreateDeveloperMetadataRequest): void {
    this.only(request, ['developerMetadata']);
    const meta = request.developerMetadata ?? {};
    this.only(meta, ['metadataId', 'metadataKey', 'metadataValue', 'location', 'visibility']);
    const location = meta.location ?? {};
    this.only(location, ['sheetId']);
    if (location.sheetId === undefined || location.sheetId === null) throw new WorkbookError('developerMetadata.location.sheetId is required (the embedded workbook keeps metadata on sheets only)');
    const sheet = this.sheet(location.sheetId);
    const id = meta.metadataId;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw new WorkbookError('developerMetadata.metadataId must be a positive whole number');
    if (typeof meta.metadataKey !== 'string' || meta.metadataKey === '') throw new WorkbookError('developerMetadata.metadataKey is required');
    const visibility = meta.visibility;
    if (visibility !== 'DOCUMENT' && visibility !== 'PROJECT') throw new WorkbookError('developerMetadata.visibility must be DOCUMENT or PROJECT');
    if (this.sheets.some((s) => s.developerMetadata.some((m) => m.metadataId === id))) {
      throw new WorkbookError(`Developer metadata with id ${id} already exists`);
    }
    sheet.developerMetadata.push({
      metadataId: id, metadataKey: meta.metadataKey, visibility,
      ...(typeof meta.metadataValue === 'string' ? { metadataValue: meta.metadataValue } : {}),
    });
  }

  /** Only a lookup by metadataId, and only the value. */
  private updateDeveloperMetadata(request: SheetsApi.Schema$UpdateDeveloperMetadataRequest): void {
    this.only(request, ['dataFilters', 'developerMetadata', 'fields']);
    if (request.fields !== 'metadataValue') throw new WorkbookError('fields: the embedded workbook updates only "metadataValue"');
    const filters = request.dataFilters;
    if (!Array.isArray(filters) || filters.length !== 1) throw new WorkbookError('dataFilters: give exactly one filter');
    this.only(filters[0], ['developerMetadataLookup']);
    const lookup = filters[0].developerMetadataLookup ?? {};
    this.only(lookup, ['metadataId']);
    const meta = request.developerMetadata ?? {};
    this.only(meta, ['metadataValue']);
    const holder = this.sheets.find((s) => s.developerMetadata.some((m) => m.metadataId === lookup.metadataId));
    const found = holder && this.writable(holder).developerMetadata.find((m) => m.metadataId === lookup.metadataId);
    if (!found) throw new WorkbookError(`no developer metadata with id ${lookup.metadataId}`);
    found.metadataValue = typeof meta.metadataValue === 'string' ? meta.metadataValue : undefined;
  }
}
