// Helpers to read rendered boards back: find a board cell by its rules' coordinates.
import type { CellData } from '../../src/sheets/api.js';
import { SheetModel, displayText, fillOf, textColourOf } from '../../src/workbook/sheet-model.js';
import type { EmbeddedWorkbook, SheetState } from '../../src/workbook/workbook.js';

export function sheetOf(workbook: EmbeddedWorkbook, title: string): Readonly<SheetState> {
  const sheet = workbook.sheetByTitle(title);
  if (!sheet) throw new Error(`no tab "${title}" (tabs: ${workbook.tabs.map((t) => t.title).join(', ')})`);
  return sheet;
}

const text = (cell: CellData | null | undefined) => displayText(cell);

/**
 * Where a board cell sits: the sheet row, and its sheet columns (one, or two for a split column).
 * Finds the row of column labels (`first` of the grid, e.g. "A", then the next labels), then the
 * row label in the column just left of the first column label. `nth` picks among several grids.
 */
export function locate(
  sheet: Readonly<SheetState>,
  column: string,
  row: string,
  labels: { first: string; second: string; nth?: number } = { first: 'A', second: 'B' },
): { row: number; cols: number[] } {
  const found: { labelRow: number; firstCol: number }[] = [];
  for (let r = 0; r < sheet.rowCount; r++) {
    for (let c = 0; c < sheet.columnCount; c++) {
      if (text(sheet.cells[r]?.[c]) !== labels.first) continue;
      const next = [c + 1, c + 2].find((x) => text(sheet.cells[r]?.[x]) === labels.second);
      if (next !== undefined) found.push({ labelRow: r, firstCol: c });
    }
  }
  const grid = found[labels.nth ?? 0];
  if (!grid) throw new Error(`no grid with column labels ${labels.first}, ${labels.second} in "${sheet.title}"`);
  const labelCol = grid.firstCol - 1;
  let sheetRow = -1;
  for (let r = grid.labelRow + 1; r < sheet.rowCount && sheetRow < 0; r++)
    if (text(sheet.cells[r]?.[labelCol]) === row) sheetRow = r;
  // The label column of a grid may itself be split (two half columns): look one further left too.
  if (sheetRow < 0)
    for (let r = grid.labelRow + 1; r < sheet.rowCount && sheetRow < 0; r++)
      if (text(sheet.cells[r]?.[labelCol - 1]) === row) sheetRow = r;
  let col = -1;
  for (let c = grid.firstCol; c < sheet.columnCount && col < 0; c++)
    if (text(sheet.cells[grid.labelRow]?.[c]) === column) col = c;
  if (sheetRow < 0 || col < 0) throw new Error(`no cell ${column}${row} in "${sheet.title}"`);
  const model = new SheetModel(sheet);
  const merge = model.mergeAt(grid.labelRow, col);
  const width = merge ? merge.endColumnIndex - merge.startColumnIndex : 1;
  // A split column has its label merged across both halves.
  return { row: sheetRow, cols: Array.from({ length: width }, (_, i) => col + i) };
}

/** What a reader sees in one sheet cell. */
export function look(sheet: Readonly<SheetState>, row: number, col: number) {
  const model = new SheetModel(sheet);
  const cell = model.cell(row, col);
  return {
    text: text(cell),
    fill: fillOf(cell?.userEnteredFormat ?? undefined),
    colour: textColourOf(cell?.userEnteredFormat ?? undefined) ?? '#000000',
    bold: cell?.userEnteredFormat?.textFormat?.bold === true,
    note: cell?.note ?? null,
    merged: model.mergeAt(row, col) ?? null,
    hidden: model.isHidden(row, col),
    lines: model.lines(row, col),
  };
}
