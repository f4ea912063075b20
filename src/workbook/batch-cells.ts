// The embedded workbook's cell operations: updateCells (with a range or a start), appendCells,
// repeatCell and updateBorders, each writing only the fields its mask names, checked against the schema.

import type { CellData, GridRange, SheetsApi } from '../sheets/api.js';
import { CELL_SCHEMA, copy, getPath, nodeAt, parseMask, setPath, validate } from './fields.js';
import {
  type Area,
  DEFAULT_HEIGHT,
  MAX_CELL_CHARACTERS,
  type SheetState,
  WorkbookError,
  body,
  compactCell,
  type BatchWork,
} from './sheet-state.js';

export function updateCells(batch: BatchWork, request: SheetsApi.Schema$UpdateCellsRequest): void {
  batch.only(request, ['range', 'start', 'rows', 'fields']);
  if ((request.range === undefined) === (request.start === undefined))
    throw new WorkbookError('give exactly one of "range" and "start"');
  const paths = parseMask(request.fields, CELL_SCHEMA);
  const rows = request.rows ?? [];
  if (!Array.isArray(rows)) throw new WorkbookError('"rows" must be a list');
  const { sheet, area } =
    request.range !== undefined
      ? rangeFor(batch, request.range, rows)
      : startFor(batch, body(request.start, '"start"'), rows);
  const clears = request.range !== undefined;
  for (let r = area.startRowIndex; r < area.endRowIndex; r++) {
    const values = rows[r - area.startRowIndex]?.values ?? [];
    for (let c = area.startColumnIndex; c < area.endColumnIndex; c++) {
      const source: CellData | undefined = values[c - area.startColumnIndex];
      if (source === undefined && !clears) continue;
      writeCell(
        batch.row(sheet, r),
        c,
        source ?? {},
        paths,
        `rows[${r - area.startRowIndex}].values[${c - area.startColumnIndex}]`,
      );
    }
  }
}

/**
 * appendCells: the rows go after the last row holding a value, wherever that is when the batch
 * applies (another writer's rows stay), with rows added to the grid when they run out. Google's
 * AppendCellsRequest: "Adds new cells after the last row with data in a sheet, inserting new rows
 * into the sheet if necessary" (docs/google.md). Stricter than Google where the document says
 * nothing: a row wider than the grid is refused, and a table's `tableId` is not modelled.
 */
export function appendCells(batch: BatchWork, request: SheetsApi.Schema$AppendCellsRequest): void {
  batch.only(request, ['sheetId', 'rows', 'fields']);
  const paths = parseMask(request.fields, CELL_SCHEMA);
  const rows = request.rows ?? [];
  if (!Array.isArray(rows)) throw new WorkbookError('"rows" must be a list');
  const sheet = batch.sheet(request.sheetId);
  const width = Math.max(0, ...rows.map((row) => row?.values?.length ?? 0));
  if (width > sheet.columnCount)
    throw new WorkbookError(
      `rows of ${width} cells do not fit in the ${sheet.columnCount} columns of '${sheet.title}'`,
    );
  let top = sheet.cells.length;
  while (top > 0 && !(sheet.cells[top - 1] ?? []).some((cell) => cell?.userEnteredValue !== undefined)) top--;
  const needed = top + rows.length;
  if (needed > sheet.rowCount) {
    sheet.rowHeights = [...sheet.rowHeights, ...new Array<number>(needed - sheet.rowCount).fill(DEFAULT_HEIGHT)];
    sheet.rowCount = needed;
  }
  rows.forEach((row, r) => {
    (row?.values ?? []).forEach((source, c) =>
      writeCell(batch.row(sheet, top + r), c, source ?? {}, paths, `rows[${r}].values[${c}]`),
    );
  });
}

/** updateCells with a range: the rows must fit in it. */
function rangeFor(
  batch: BatchWork,
  range: GridRange | null,
  rows: readonly SheetsApi.Schema$RowData[],
): { sheet: SheetState; area: Area } {
  const found = batch.area(range);
  const height = found.area.endRowIndex - found.area.startRowIndex;
  const width = found.area.endColumnIndex - found.area.startColumnIndex;
  if (rows.length > height)
    throw new WorkbookError(`${rows.length} rows do not fit in the ${height} rows of the range`);
  rows.forEach((row, r) => {
    const cells = row?.values?.length ?? 0;
    if (cells > width) throw new WorkbookError(`rows[${r}] has ${cells} cells; the range is ${width} wide`);
  });
  return found;
}

/** updateCells with a start: the area the rows cover from there. */
function startFor(
  batch: BatchWork,
  start: SheetsApi.Schema$GridCoordinate,
  rows: readonly SheetsApi.Schema$RowData[],
): { sheet: SheetState; area: Area } {
  batch.only(start, ['sheetId', 'rowIndex', 'columnIndex']);
  const sheet = batch.sheet(start.sheetId);
  const top = start.rowIndex ?? 0;
  const left = start.columnIndex ?? 0;
  const width = Math.max(0, ...rows.map((row) => row?.values?.length ?? 0));
  return batch.area(
    {
      sheetId: sheet.sheetId,
      startRowIndex: top,
      endRowIndex: top + rows.length,
      startColumnIndex: left,
      endColumnIndex: left + width,
    },
    'start + rows',
  );
}

export function repeatCell(batch: BatchWork, request: SheetsApi.Schema$RepeatCellRequest): void {
  batch.only(request, ['range', 'cell', 'fields']);
  const paths = parseMask(request.fields, CELL_SCHEMA);
  const { sheet, area } = batch.area(request.range);
  const cell = request.cell ?? {};
  for (let r = area.startRowIndex; r < area.endRowIndex; r++) {
    for (let c = area.startColumnIndex; c < area.endColumnIndex; c++)
      writeCell(batch.row(sheet, r), c, cell, paths, 'cell');
  }
}

/**
 * Sets the lines of a range: its outer sides on the cells along them, inner lines on the cells
 * on both sides. A side left out stays as it is; style NONE clears it.
 */
export function updateBorders(batch: BatchWork, request: SheetsApi.Schema$UpdateBordersRequest): void {
  const sides = ['top', 'bottom', 'left', 'right', 'innerHorizontal', 'innerVertical'] as const;
  batch.only(request, ['range', ...sides]);
  const { sheet, area } = batch.area(request.range);
  const borderSchema = nodeAt(CELL_SCHEMA, ['userEnteredFormat', 'borders', 'top']);
  for (const side of sides) validate(request[side], borderSchema, side);
  type Side = 'top' | 'bottom' | 'left' | 'right';
  // Each cell gets one new copy with all its sides changed (the old cell may still be the workbook's).
  const set = (r: number, c: number, lines: readonly (readonly [Side, SheetsApi.Schema$Border])[]) => {
    const line = batch.row(sheet, r);
    const borders = { ...line[c]?.userEnteredFormat?.borders };
    for (const [side, value] of lines) {
      if (value.style === 'NONE') delete borders[side];
      else borders[side] = copy(value);
    }
    line[c] = compactCell({ ...line[c], userEnteredFormat: { ...line[c]?.userEnteredFormat, borders } });
  };
  const { top, bottom, left, right, innerHorizontal, innerVertical } = request;
  const { startRowIndex: first, endRowIndex: end, startColumnIndex: firstColumn, endColumnIndex: endColumn } = area;
  for (let r = first; r < end; r++) {
    for (let c = firstColumn; c < endColumn; c++) {
      const lines: [Side, SheetsApi.Schema$Border][] = [];
      if (top && r === first) lines.push(['top', top]);
      if (bottom && r === end - 1) lines.push(['bottom', bottom]);
      if (left && c === firstColumn) lines.push(['left', left]);
      if (right && c === endColumn - 1) lines.push(['right', right]);
      if (innerHorizontal && r > first) lines.push(['top', innerHorizontal]);
      if (innerHorizontal && r < end - 1) lines.push(['bottom', innerHorizontal]);
      if (innerVertical && c > firstColumn) lines.push(['left', innerVertical]);
      if (innerVertical && c < endColumn - 1) lines.push(['right', innerVertical]);
      if (lines.length > 0) set(r, c, lines);
    }
  }
}

/** Writes the masked fields of `source` into a cell of a row (a field the source leaves out is cleared), each checked against the schema. */
function writeCell(
  line: (CellData | null)[],
  col: number,
  source: CellData,
  paths: readonly string[][],
  where: string,
): void {
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
    throw new WorkbookError(
      `${where}.userEnteredValue holds ${Object.keys(entered).join(' and ')}; a value is exactly one kind`,
    );
  }
  const text = entered?.stringValue ?? entered?.formulaValue;
  if (typeof text === 'string' && text.length > MAX_CELL_CHARACTERS) {
    throw new WorkbookError(
      `${where}.userEnteredValue: ${text.length} characters, over the ${MAX_CELL_CHARACTERS} a Google Sheets cell holds`,
    );
  }
  line[col] = Object.keys(cell).length > 0 ? cell : null;
}
