// The embedded workbook's sheet-shape operations: adding, moving, resizing, freezing and deleting
// sheets, row and column sizes, and merges (with the frozen-rows rule they share).

import type { SheetsApi } from '../sheets/api.js';
import { a1Range } from '../sheets/a1.js';
import { DIMENSION_SCHEMA, SHEET_PROPERTIES_SCHEMA, nodeAt, parseMask, validate } from './fields.js';
import {
  type Area,
  DEFAULT_COLUMNS,
  DEFAULT_HEIGHT,
  DEFAULT_ROWS,
  DEFAULT_WIDTH,
  type SheetState,
  WorkbookError,
  blankSheet,
  contains,
  overlaps,
  type BatchWork,
} from './sheet-state.js';

export function addSheet(batch: BatchWork, request: SheetsApi.Schema$AddSheetRequest): void {
  batch.only(request, ['properties']);
  const props = request.properties ?? {};
  validate(props, SHEET_PROPERTIES_SCHEMA, 'properties');
  const grid = props.gridProperties ?? {};
  let sheetId = props.sheetId ?? undefined;
  if (sheetId === undefined) {
    sheetId = Math.max(0, ...batch.sheets.map((s) => s.sheetId)) + 1;
  } else {
    if (!Number.isInteger(sheetId) || sheetId < 0)
      throw new WorkbookError(`properties.sheetId must be a whole number ≥ 0, got ${sheetId}`);
    if (batch.sheets.some((s) => s.sheetId === sheetId))
      throw new WorkbookError(`a sheet with id ${sheetId} already exists`);
  }
  const title = props.title ?? freeDefaultTitle(batch);
  batch.titleFree(title);
  const sheet = blankSheet(sheetId, title, grid.rowCount ?? DEFAULT_ROWS, grid.columnCount ?? DEFAULT_COLUMNS);
  batch.checkSize(sheet.rowCount, sheet.columnCount);
  const at = props.index ?? batch.sheets.length;
  if (!Number.isInteger(at) || at < 0 || at > batch.sheets.length)
    throw new WorkbookError(`properties.index ${at} is outside 0–${batch.sheets.length}`);
  batch.sheets.splice(at, 0, sheet);
  batch.own.add(sheet);
  setFrozen(sheet, grid.frozenRowCount ?? 0, grid.frozenColumnCount ?? 0);
  sheet.hideGridlines = grid.hideGridlines ?? false;
}

/** The first "SheetN" title no sheet has, as Google names a sheet added without a title. */
function freeDefaultTitle(batch: BatchWork): string {
  for (let n = batch.sheets.length + 1; ; n++) {
    if (!batch.sheets.some((s) => s.title.toLowerCase() === `sheet${n}`)) return `Sheet${n}`;
  }
}

export function updateSheetProperties(batch: BatchWork, request: SheetsApi.Schema$UpdateSheetPropertiesRequest): void {
  batch.only(request, ['properties', 'fields']);
  const props = request.properties ?? {};
  validate(props, SHEET_PROPERTIES_SCHEMA, 'properties');
  const sheet = batch.sheet(props.sheetId);
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
    batch.titleFree(title, sheet);
    sheet.title = title;
  }
  // A field in the mask but left out of the request is reset to its default, as the API does.
  const grid = (key: 'rowCount' | 'columnCount' | 'frozenRowCount' | 'frozenColumnCount', fallback: number) =>
    leaves.has(`gridProperties.${key}`) ? (props.gridProperties?.[key] ?? fallback) : undefined;
  // The request is checked as a whole: the new size against the new frozen rows, not the old.
  const rows = grid('rowCount', DEFAULT_ROWS) ?? sheet.rowCount;
  const columns = grid('columnCount', DEFAULT_COLUMNS) ?? sheet.columnCount;
  const frozenRows = grid('frozenRowCount', 0) ?? sheet.frozenRowCount;
  const frozenColumns = grid('frozenColumnCount', 0) ?? sheet.frozenColumnCount;
  batch.checkSize(rows, columns);
  if (rows !== sheet.rowCount || columns !== sheet.columnCount) resize(sheet, rows, columns);
  setFrozen(sheet, frozenRows, frozenColumns);
  if (leaves.has('gridProperties.hideGridlines')) sheet.hideGridlines = props.gridProperties?.hideGridlines ?? false;
  if (leaves.has('index')) {
    const from = batch.sheets.indexOf(sheet);
    const to = props.index ?? batch.sheets.length;
    if (!Number.isInteger(to) || to < 0 || to > batch.sheets.length)
      throw new WorkbookError(`properties.index ${to} is outside 0–${batch.sheets.length}`);
    // "Before the move" indexes: the sheet goes before the sheet that is at `to` now.
    batch.sheets.splice(from, 1);
    batch.sheets.splice(to > from ? to - 1 : to, 0, sheet);
  }
}

function resize(sheet: SheetState, rows: number, columns: number): void {
  sheet.cells = sheet.cells.slice(0, rows).map((line) => (line ? line.slice(0, columns) : line));
  const sized = (list: number[], n: number, fallback: number) =>
    Array.from({ length: n }, (_, i) => list[i] ?? fallback);
  sheet.rowHeights = sized(sheet.rowHeights, rows, DEFAULT_HEIGHT);
  sheet.columnWidths = sized(sheet.columnWidths, columns, DEFAULT_WIDTH);
  const clip = (m: Area): Area => ({
    startRowIndex: m.startRowIndex,
    endRowIndex: Math.min(m.endRowIndex, rows),
    startColumnIndex: m.startColumnIndex,
    endColumnIndex: Math.min(m.endColumnIndex, columns),
  });
  sheet.merges = sheet.merges
    .map(clip)
    .filter(
      (m) =>
        m.endRowIndex - m.startRowIndex >= 1 &&
        m.endColumnIndex - m.startColumnIndex >= 1 &&
        (m.endRowIndex - m.startRowIndex) * (m.endColumnIndex - m.startColumnIndex) > 1,
    );
  sheet.rowCount = rows;
  sheet.columnCount = columns;
}

function setFrozen(sheet: SheetState, rows: number, columns: number): void {
  for (const [n, what, limit] of [
    [rows, 'frozenRowCount', sheet.rowCount],
    [columns, 'frozenColumnCount', sheet.columnCount],
  ] as const) {
    if (!Number.isInteger(n) || n < 0) throw new WorkbookError(`${what} must be a whole number ≥ 0`);
    if (n > 0 && n >= limit)
      throw new WorkbookError(
        `${what} ${n} would freeze every ${what === 'frozenRowCount' ? 'row' : 'column'} of '${sheet.title}'`,
      );
  }
  for (const m of sheet.merges) checkFrozen(sheet, m, rows, columns);
  sheet.frozenRowCount = rows;
  sheet.frozenColumnCount = columns;
}

function checkFrozen(sheet: SheetState, m: Area, rows = sheet.frozenRowCount, columns = sheet.frozenColumnCount): void {
  if (rows > 0 && m.startRowIndex < rows && m.endRowIndex > rows)
    throw new WorkbookError(
      `You can't merge frozen and non-frozen rows ('${sheet.title}'!${a1Range(m)}, ${rows} frozen)`,
    );
  if (columns > 0 && m.startColumnIndex < columns && m.endColumnIndex > columns)
    throw new WorkbookError(
      `You can't merge frozen and non-frozen columns ('${sheet.title}'!${a1Range(m)}, ${columns} frozen)`,
    );
}

export function deleteSheet(batch: BatchWork, request: SheetsApi.Schema$DeleteSheetRequest): void {
  batch.only(request, ['sheetId']);
  const sheet = batch.sheet(request.sheetId);
  if (batch.sheets.length === 1) throw new WorkbookError("You can't remove all the sheets in a document.");
  batch.sheets.splice(batch.sheets.indexOf(sheet), 1);
}

export function mergeCells(batch: BatchWork, request: SheetsApi.Schema$MergeCellsRequest): void {
  batch.only(request, ['range', 'mergeType']);
  const { sheet, area } = batch.area(request.range);
  const type = request.mergeType ?? 'MERGE_ALL';
  let parts: Area[];
  if (type === 'MERGE_ALL') parts = [area];
  else if (type === 'MERGE_ROWS') {
    parts = Array.from({ length: area.endRowIndex - area.startRowIndex }, (_, i) => ({
      ...area,
      startRowIndex: area.startRowIndex + i,
      endRowIndex: area.startRowIndex + i + 1,
    }));
  } else if (type === 'MERGE_COLUMNS') {
    parts = Array.from({ length: area.endColumnIndex - area.startColumnIndex }, (_, i) => ({
      ...area,
      startColumnIndex: area.startColumnIndex + i,
      endColumnIndex: area.startColumnIndex + i + 1,
    }));
  } else throw new WorkbookError(`mergeType "${type}" is not one of MERGE_ALL, MERGE_ROWS, MERGE_COLUMNS`);
  for (const part of parts) {
    if ((part.endRowIndex - part.startRowIndex) * (part.endColumnIndex - part.startColumnIndex) < 2) {
      throw new WorkbookError(`a merge must cover at least two cells ('${sheet.title}'!${a1Range(part)})`);
    }
    const clash = sheet.merges.find((m) => overlaps(m, part));
    if (clash)
      throw new WorkbookError(
        `'${sheet.title}'!${a1Range(part)} overlaps the merge ${a1Range(clash)}; unmerge it first`,
      );
    checkFrozen(sheet, part);
    sheet.merges.push(part);
    // Merging keeps only the top-left value.
    for (let r = part.startRowIndex; r < part.endRowIndex; r++) {
      for (let c = part.startColumnIndex; c < part.endColumnIndex; c++) {
        if (r === part.startRowIndex && c === part.startColumnIndex) continue;
        const cell = sheet.cells[r]?.[c];
        if (cell?.userEnteredValue) {
          const { userEnteredValue: _dropped, ...rest } = cell;
          batch.row(sheet, r)[c] = Object.keys(rest).length > 0 ? rest : null;
        }
      }
    }
  }
}

export function unmergeCells(batch: BatchWork, request: SheetsApi.Schema$UnmergeCellsRequest): void {
  batch.only(request, ['range']);
  const { sheet, area } = batch.area(request.range);
  const partial = sheet.merges.find((m) => overlaps(m, area) && !contains(area, m));
  if (partial) throw new WorkbookError(`the merge ${a1Range(partial)} is only partly inside ${a1Range(area)}`);
  sheet.merges = sheet.merges.filter((m) => !contains(area, m));
}

export function updateDimension(batch: BatchWork, request: SheetsApi.Schema$UpdateDimensionPropertiesRequest): void {
  batch.only(request, ['range', 'properties', 'fields']);
  const paths = parseMask(request.fields, DIMENSION_SCHEMA);
  const props = request.properties ?? {};
  validate(props, DIMENSION_SCHEMA, 'properties');
  const range = request.range ?? {};
  batch.only(range, ['sheetId', 'dimension', 'startIndex', 'endIndex']);
  const sheet = batch.sheet(range.sheetId);
  const rows = range.dimension === 'ROWS';
  if (!rows && range.dimension !== 'COLUMNS')
    throw new WorkbookError(`range.dimension must be ROWS or COLUMNS, got ${JSON.stringify(range.dimension)}`);
  const count = rows ? sheet.rowCount : sheet.columnCount;
  const from = range.startIndex ?? 0;
  const to = range.endIndex ?? count;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > count || from > to) {
    throw new WorkbookError(
      `range ${from}–${to} is outside the ${count} ${rows ? 'rows' : 'columns'} of '${sheet.title}'`,
    );
  }
  if (paths.length > 0) {
    const size = props.pixelSize;
    if (size === undefined || size === null || size < 0)
      throw new WorkbookError('properties.pixelSize must be a number ≥ 0');
    const list = rows ? sheet.rowHeights : sheet.columnWidths;
    for (let i = from; i < to; i++) list[i] = size;
  }
}
