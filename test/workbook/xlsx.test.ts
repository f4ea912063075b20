// The .xlsx export reopens (with exceljs) to what the embedded workbook holds: tabs in order,
// values, fills, merges, frozen rows and protection, for every game.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { GAME_LIST, newMatch, playMatch, replayMatch, samplePlayers } from '../../src/engine/index.js';
import { renderAudience } from '../../src/cli/outputs.js';
import { SheetModel, fillOf } from '../../src/workbook/sheet-model.js';
import type { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { excelWidth, workbookXlsx } from '../../src/workbook/xlsx.js';
import { gameSeating } from '../helpers/some-game.js';

async function reopen(workbook: EmbeddedWorkbook): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await workbookXlsx(workbook)) as unknown as ExcelJS.Buffer);
  return book;
}

async function expectSame(workbook: EmbeddedWorkbook): Promise<number> {
  const book = await reopen(workbook);
  expect(book.worksheets.map((w) => w.name)).toEqual(workbook.tabs.map((t) => t.title));
  let cells = 0;
  for (const sheet of workbook.tabs) {
    const ws = book.getWorksheet(sheet.title)!;
    const model = new SheetModel(sheet);
    for (let r = 0; r < sheet.rowCount; r++) {
      for (let c = 0; c < sheet.columnCount; c++) {
        if (model.isHidden(r, c)) continue;
        const data = model.cell(r, c);
        const cell = ws.getCell(r + 1, c + 1);
        const value = data?.userEnteredValue;
        const expected = value?.stringValue ?? value?.numberValue ?? null;
        expect(cell.value ?? null, `${sheet.title}!R${r + 1}C${c + 1}`).toEqual(expected);
        if (typeof expected === 'string') expect(cell.type).toBe(ExcelJS.ValueType.String);
        const fill = fillOf(data?.userEnteredFormat ?? undefined);
        const xfill = cell.fill?.type === 'pattern' ? cell.fill.fgColor?.argb : undefined;
        expect(xfill ?? null, `fill of ${sheet.title}!R${r + 1}C${c + 1}`).toEqual(fill ? `FF${fill.slice(1)}` : null);
        cells += 1;
      }
    }
    const merges = sheet.merges
      .map(
        (m) =>
          `${ws.getCell(m.startRowIndex + 1, m.startColumnIndex + 1).address}:${ws.getCell(m.endRowIndex, m.endColumnIndex).address}`,
      )
      .sort();
    expect(
      Object.values((ws as unknown as { _merges: Record<string, { range: string }> })._merges)
        .map((m) => m.range)
        .sort(),
    ).toEqual(merges);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: sheet.frozenRowCount, showGridLines: false });
    expect((ws as unknown as { sheetProtection?: { sheet?: boolean } }).sheetProtection?.sheet).toBe(true);
    expect(ws.getColumn(1).width).toBeGreaterThan(0);
  }
  return cells;
}

describe('the .xlsx export', () => {
  for (const game of GAME_LIST) {
    it(`${game.title}: reopens to the same tabs, values, fills, merges, frozen rows and protection`, async () => {
      const fresh = newMatch(game.id, { seed: 'xlsx' });
      if (!fresh.ok) throw new Error(fresh.error);
      const result = replayMatch(playMatch(fresh.value, { answerDecisions: true }));
      const { workbook } = renderAudience(result, 'host');
      expect(await expectSame(workbook)).toBeGreaterThan(100);
    });
  }

  it('never writes a width exceljs would drop as "default" (exactly 9)', () => {
    expect(excelWidth(68)).not.toBe(9);
    expect(excelWidth(68)).toBeCloseTo(9, 1);
  });

  it('keeps formula-like player names as text', async () => {
    const players = samplePlayers(4).map((p, i) => ({
      ...p,
      name: ['=IMPORTXML("https://x","//a")', '+1', '-1', '@x'][i],
    }));
    const fresh = newMatch(gameSeating(4).id, { seed: 'names', players });
    if (!fresh.ok) throw new Error(fresh.error);
    const { workbook } = renderAudience(replayMatch(playMatch(fresh.value)), 'public');
    const book = await reopen(workbook);
    const texts: unknown[] = [];
    book.worksheets.forEach((ws) =>
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          texts.push(cell.value);
        }),
      ),
    );
    expect(texts).toEqual(expect.arrayContaining(players.map((p) => p.name)));
  });
});
