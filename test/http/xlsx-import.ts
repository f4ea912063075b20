// Drive's import of an uploaded .xlsx into a Google spreadsheet (files.create with mimeType
// application/vnd.google-apps.spreadsheet: "If a file is created with a Google Doc MIME type, the
// uploaded content is imported", Drive API v3 File.mimeType), as far as the loopback server needs
// it: each worksheet becomes a tab of that name, in order, with its cells' text, bold and wrapping,
// its column widths and row heights. What Sheets makes of the rest of a workbook is not modelled.
import ExcelJS from 'exceljs';
import type { Request } from '../../src/sheets/api.js';
import type { SheetFile } from '../sandbox/sheets.js';

/** Fills `file` (a new spreadsheet with its one blank tab, id 0) from the workbook in `xlsx`. */
export async function xlsxToSpreadsheet(xlsx: Buffer, file: SheetFile): Promise<void> {
  const book = new ExcelJS.Workbook();
  // exceljs's typings name an older Buffer type.
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  const requests: Request[] = [];
  book.worksheets.forEach((sheet, n) => {
    const sheetId = n;
    requests.push(
      n === 0
        ? { updateSheetProperties: { properties: { sheetId, title: sheet.name }, fields: 'title' } }
        : { addSheet: { properties: { sheetId, title: sheet.name } } },
    );
    const rows: Request[] = [];
    sheet.eachRow({ includeEmpty: true }, (row, r) => {
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        const text = typeof cell.value === 'string' ? cell.value : cell.text;
        rows.push({
          updateCells: {
            start: { sheetId, rowIndex: r - 1, columnIndex: c - 1 },
            rows: [
              {
                values: [
                  {
                    userEnteredValue: { stringValue: text },
                    userEnteredFormat: {
                      wrapStrategy: cell.alignment?.wrapText ? 'WRAP' : 'OVERFLOW_CELL',
                      textFormat: { bold: cell.font?.bold === true },
                    },
                  },
                ],
              },
            ],
            fields: 'userEnteredValue,userEnteredFormat(wrapStrategy,textFormat)',
          },
        });
      });
      // Excel's row height is in points, Sheets' in pixels.
      if (row.height)
        rows.push({
          updateDimensionProperties: {
            range: { sheetId, dimension: 'ROWS', startIndex: r - 1, endIndex: r },
            properties: { pixelSize: Math.round(row.height / 0.75) },
            fields: 'pixelSize',
          },
        });
    });
    sheet.columns.forEach((column, c) => {
      // Excel's column width is in characters of the default font (7-pixel digits, 5 of padding).
      if (column.width)
        rows.push({
          updateDimensionProperties: {
            range: { sheetId, dimension: 'COLUMNS', startIndex: c, endIndex: c + 1 },
            properties: { pixelSize: Math.round(column.width * 7 + 5) },
            fields: 'pixelSize',
          },
        });
    });
    requests.push(...rows);
  });
  file.batchUpdate(requests, {});
}
