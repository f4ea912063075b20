// The template's Welcome tab (npm run template, scripts/template.mjs): what a host does next, in
// the order the README's For hosts gives it, as one batchUpdate on the new spreadsheet's one tab.
// Apart, so scripts/host-screenshots.ts draws the same tab.

/** The Welcome tab's lines: what a host does next, in order (the README's For hosts says the same), and which build this is (dist/build.json). */
export function welcome({ version, build }) {
  return [
    'genius-host: host The Genius-style games from a Google spreadsheet',
    'This is the template. Make your own copy first: File → Make a copy. Your copy carries genius-host with it; there is nothing to install.',
    '1. Open your copy. A menu "Genius Host" appears beside Help after a few seconds (reload the page if it does not).',
    '2. Genius Host → Set up genius-host…. Google asks you to authorise the script. Choose your account. On "Google hasn\'t verified this app", press Advanced, then "Go to genius-host (unsafe)" (your copy\'s script; its name may start with "Copy of"), then Allow: the script is the copy you own, run by your account.',
    '3. The setup runs Check this account… (what Google lets your account do), asks whether your account is personal or Google Workspace, and offers a rehearsal.',
    '4. Genius Host → Rehearse a match…: a short match on your own account, with bots, which reports whether Google behaves as genius-host expects.',
    '5. Genius Host → New match…: the game, the players and the schedule, then Start the match.',
    `This template is genius-host ${version} (build ${build}). A newer version is a new copy of the newest template; a match already running in a copy goes on in that copy, on its version.`,
    'Genius Host → About genius-host tells which version a copy runs and links to the host guide.',
  ];
}

/** The width of the Welcome tab's one column, in pixels. */
const WIDTH = 820;

/** The batchUpdate that turns the new spreadsheet's one tab into Welcome: text only, never a formula. */
export function welcomeRequests(sheetId, lines) {
  const cell = (text, bold) => ({
    userEnteredValue: { stringValue: text },
    userEnteredFormat: {
      wrapStrategy: 'WRAP',
      verticalAlignment: 'TOP',
      textFormat: { bold, fontSize: bold ? 14 : 11 },
    },
  });
  return [
    { updateSheetProperties: { properties: { sheetId, title: 'Welcome' }, fields: 'title' } },
    {
      updateCells: {
        start: { sheetId, rowIndex: 0, columnIndex: 0 },
        rows: lines.map((text, i) => ({ values: [cell(text, i === 0)] })),
        fields: 'userEnteredValue,userEnteredFormat(wrapStrategy,verticalAlignment,textFormat)',
      },
    },
    {
      updateDimensionProperties: {
        range: { sheetId, dimension: 'COLUMNS', startIndex: 0, endIndex: 1 },
        properties: { pixelSize: WIDTH },
        fields: 'pixelSize',
      },
    },
    // Each row as tall as its wrapped lines (about 110 characters a line at 11 pt in 820 px).
    ...lines.map((text, i) => ({
      updateDimensionProperties: {
        range: { sheetId, dimension: 'ROWS', startIndex: i, endIndex: i + 1 },
        properties: { pixelSize: i === 0 ? 32 : 6 + 18 * Math.ceil(text.length / 110) },
        fields: 'pixelSize',
      },
    })),
  ];
}

/**
 * The Welcome tab as an .xlsx file (exceljs), for Drive to convert on upload: npm run template makes
 * the template through Drive alone, since clasp's sign-in may not call the Sheets API
 * (docs/google.md, "The template"). The same text, bold title, wrapping and sizes as welcomeRequests.
 */
export async function welcomeXlsx(lines) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Welcome');
  // Excel's column width is in characters of the default font: 7-pixel digits and 5 of padding.
  sheet.getColumn(1).width = Math.round(((WIDTH - 5) / 7) * 100) / 100;
  lines.forEach((text, i) => {
    const row = sheet.getRow(i + 1);
    const cell = row.getCell(1);
    // A plain string: exceljs writes a formula only when given { formula }.
    cell.value = text;
    cell.font = { bold: i === 0, size: i === 0 ? 14 : 11 };
    cell.alignment = { wrapText: true, vertical: 'top' };
    // Row heights are in points (3/4 of a pixel).
    row.height = (i === 0 ? 32 : 6 + 18 * Math.ceil(text.length / 110)) * 0.75;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
