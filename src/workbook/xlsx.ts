// A workbook as an .xlsx file (exceljs): values, fills, fonts, alignment, lines, merges, column
// widths, row heights, frozen rows, notes and sheet protection, drawn from the embedded workbook.

// Types only at the top: exceljs itself is loaded when a file is written, so every other command
// of the CLI starts without it (it is a quarter of a second of each start).
import type ExcelJS from 'exceljs';
import { columnLetters } from '../engine/core/coords.js';
import type { CellData } from '../sheets/api.js';
import { type Line, SheetModel, alignmentOf, fillOf, textColourOf } from './sheet-model.js';
import type { EmbeddedWorkbook, SheetState } from './workbook.js';

const STYLE: Readonly<Record<string, ExcelJS.BorderStyle>> = {
  DOTTED: 'dotted',
  DASHED: 'dashed',
  SOLID: 'thin',
  SOLID_MEDIUM: 'medium',
  SOLID_THICK: 'thick',
  DOUBLE: 'double',
};

const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;

function edge(line: Line | null): Partial<ExcelJS.Border> | undefined {
  return line ? { style: STYLE[line.style] ?? 'thin', color: { argb: argb(line.colour) } } : undefined;
}

/** exceljs takes a width of exactly 9 for "no width set" and leaves such a column out of the file. */
const EXCELJS_DEFAULT_WIDTH = 9;

/** Pixels → Excel's column width in characters of the default font (7-pixel digits, 5 of padding). */
export function excelWidth(px: number): number {
  const width = Math.max(0, Math.round(((px - 5) / 7) * 100) / 100);
  return width === EXCELJS_DEFAULT_WIDTH ? width + 0.01 : width;
}

/**
 * How a tab prints: everything drawn, one page wide (as many pages down as it takes), turned
 * to landscape when the tab is wider than it is tall, the frozen header rows repeated on each page.
 * (Sheets keeps no print settings in a spreadsheet: its API has no field for them.)
 */
function printSetup(sheet: Readonly<SheetState>): Partial<ExcelJS.PageSetup> {
  const width = sheet.columnWidths.reduce((sum, px) => sum + px, 0);
  const height = sheet.rowHeights.reduce((sum, px) => sum + px, 0);
  return {
    printArea: `A1:${columnLetters(Math.max(1, sheet.columnCount) - 1)}${Math.max(1, sheet.rowCount)}`,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    orientation: width > height ? 'landscape' : 'portrait',
    horizontalCentered: true,
    margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    ...(sheet.frozenRowCount > 0 ? { printTitlesRow: `1:${sheet.frozenRowCount}` } : {}),
  };
}

function valueOf(cell: CellData | null): ExcelJS.CellValue {
  const value = cell?.userEnteredValue;
  if (!value) return null;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (typeof value.numberValue === 'number') return value.numberValue;
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  return null;
}

/** exceljs's name for each horizontal alignment the embedded workbook keeps. */
const HORIZONTAL = { LEFT: 'left', CENTER: 'center', RIGHT: 'right' } as const;

/** A cell's font and alignment as exceljs takes them. */
function styleOf(data: CellData | null): { font: Partial<ExcelJS.Font>; alignment: Partial<ExcelJS.Alignment> } {
  const format = data?.userEnteredFormat;
  const colour = textColourOf(format ?? undefined);
  const font: Partial<ExcelJS.Font> = {
    name: format?.textFormat?.fontFamily ?? 'Arial',
    size: format?.textFormat?.fontSize ?? 10,
    ...(format?.textFormat?.bold ? { bold: true } : {}),
    ...(format?.textFormat?.italic ? { italic: true } : {}),
    ...(format?.textFormat?.underline ? { underline: true } : {}),
    ...(format?.textFormat?.strikethrough ? { strike: true } : {}),
    ...(colour ? { color: { argb: argb(colour) } } : {}),
  };
  const vertical =
    format?.verticalAlignment === 'TOP' ? 'top' : format?.verticalAlignment === 'MIDDLE' ? 'middle' : 'bottom';
  const alignment: Partial<ExcelJS.Alignment> = {
    horizontal: HORIZONTAL[alignmentOf(data)],
    vertical,
    ...(format?.wrapStrategy === 'WRAP' || format?.wrapStrategy === 'LEGACY_WRAP' ? { wrapText: true } : {}),
  };
  return { font, alignment };
}

/**
 * Draws the cell at (r, c) and, when it starts a merged area, every cell of the area: each carries
 * the area's look, so Excel draws its outer lines.
 */
function drawCell(ws: ExcelJS.Worksheet, model: SheetModel, r: number, c: number): void {
  const data = model.cell(r, c);
  const merge = model.mergeAt(r, c);
  const lines = model.lines(r, c);
  if (!data && !lines.top && !lines.right && !lines.bottom && !lines.left) return;
  const fill = fillOf(data?.userEnteredFormat ?? undefined);
  const { font, alignment } = styleOf(data);
  const bottom = merge ? merge.endRowIndex : r + 1;
  const right = merge ? merge.endColumnIndex : c + 1;
  for (let rr = r; rr < bottom; rr++) {
    for (let cc = c; cc < right; cc++) {
      const cell = ws.getCell(rr + 1, cc + 1);
      cell.font = font;
      cell.alignment = alignment;
      if (fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(fill) } };
      const border: Partial<ExcelJS.Borders> = {};
      const top = rr === r ? edge(lines.top) : undefined;
      const bot = rr === bottom - 1 ? edge(lines.bottom) : undefined;
      const lef = cc === c ? edge(lines.left) : undefined;
      const rig = cc === right - 1 ? edge(lines.right) : undefined;
      if (top) border.top = top;
      if (bot) border.bottom = bot;
      if (lef) border.left = lef;
      if (rig) border.right = rig;
      if (Object.keys(border).length > 0) cell.border = border;
    }
  }
  const cell = ws.getCell(r + 1, c + 1);
  const value = valueOf(data);
  if (value !== null) cell.value = value;
  if (data?.note) cell.note = data.note;
}

async function addSheet(book: ExcelJS.Workbook, sheet: Readonly<SheetState>): Promise<void> {
  const model = new SheetModel(sheet);
  const frozen = sheet.frozenRowCount > 0 || sheet.frozenColumnCount > 0;
  const ws = book.addWorksheet(sheet.title, {
    views: [
      {
        state: frozen ? 'frozen' : 'normal',
        ySplit: sheet.frozenRowCount,
        xSplit: sheet.frozenColumnCount,
        showGridLines: !sheet.hideGridlines,
      },
    ],
  });
  ws.columns = sheet.columnWidths.map((px) => ({ width: excelWidth(px) }));
  sheet.rowHeights.forEach((px, r) => {
    ws.getRow(r + 1).height = px * 0.75;
  });
  ws.pageSetup = { ...ws.pageSetup, ...printSetup(sheet) };

  for (let r = 0; r < sheet.rowCount; r++) {
    for (let c = 0; c < sheet.columnCount; c++) if (!model.isHidden(r, c)) drawCell(ws, model, r, c);
  }
  for (const m of sheet.merges)
    ws.mergeCellsWithoutStyle(m.startRowIndex + 1, m.startColumnIndex + 1, m.endRowIndex, m.endColumnIndex);
  if (protectsWhole(sheet)) await ws.protect('', { selectLockedCells: true, selectUnlockedCells: true });
}

/**
 * Whether a protected range covers the whole sheet: it becomes sheet protection (no password: it
 * guards against slips, as in Sheets, not against the owner).
 */
function protectsWhole(sheet: Readonly<SheetState>): boolean {
  return sheet.protectedRanges.some(
    (p) =>
      p.range.startRowIndex === undefined &&
      p.range.endRowIndex === undefined &&
      p.range.startColumnIndex === undefined &&
      p.range.endColumnIndex === undefined,
  );
}

/** The workbook as .xlsx bytes. */
export async function workbookXlsx(workbook: EmbeddedWorkbook): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const book = new excel.Workbook();
  book.creator = 'genius-host';
  book.title = workbook.title;
  // A fixed date: the same match gives the same file.
  book.created = new Date(0);
  book.modified = new Date(0);
  for (const sheet of workbook.tabs) await addSheet(book, sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}
