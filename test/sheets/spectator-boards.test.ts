// Boards a spectator reads without the Legend tab (issue 32, item 5): what the last resolution
// changed is marked on every game's boards, and their .xlsx tabs print one page wide. What only one
// game's boards do (swatches, canvas width, owners' marks, captions) is in test/games/<id>/spectator-boards.test.ts.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CHANGED_COLOUR, CHANGED_NOTE, type Grid, type GridCell, markChanges } from '../../src/engine/core/view.js';
import { EXAMPLE_GAME, GAME_LIST, gameById, viewFor } from '../../src/engine/index.js';
import { finished, rendered } from '../helpers/demo-match.js';
import { SheetModel, displayText } from '../../src/workbook/sheet-model.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { workbookXlsx } from '../../src/workbook/xlsx.js';
import { renderView } from '../../src/sheets/index.js';
import { sheetOf } from './helpers.js';

/** Every sheet cell side drawn with the changed-squares marker. */
function markerSides(workbook: EmbeddedWorkbook, tab: string): number {
  const sheet = sheetOf(workbook, tab);
  const model = new SheetModel(sheet);
  let count = 0;
  for (let r = 0; r < sheet.rowCount; r++)
    for (let c = 0; c < sheet.columnCount; c++) {
      const lines = model.lines(r, c);
      for (const line of [lines.top, lines.right, lines.bottom, lines.left])
        if (line?.style === 'DOUBLE' && line.colour === CHANGED_COLOUR) count += 1;
    }
  return count;
}

const GAMES = GAME_LIST.map((game) => game.id);

/**
 * The games whose board is redrawn each round, the earlier rounds kept on tabs of their own: what
 * changed has a board before to be compared with. A board that grows a row a round (a table of
 * every pick) has none.
 */
const REDRAWN = GAMES.filter((game) => viewFor(finished(game), 'public').boards.length > 1);

/**
 * One grid drawn alone on the Current tab of the example game's public view: the lines each of its
 * cells ends up with, found by the cell's text.
 */
function drawnLines(title: string, columnLabels: string[], rowLabels: string[], cells: GridCell[][]) {
  const workbook = new EmbeddedWorkbook();
  const view = viewFor(finished(EXAMPLE_GAME.id), 'public');
  const tab = { tab: 'Current', title, grids: [{ title, columnLabels, rowLabels, cells }] };
  renderView(workbook, { ...view, boards: [tab] }, { dropDefaultSheet: true });
  const sheet = sheetOf(workbook, 'Current');
  const model = new SheetModel(sheet);
  const at = (text: string) => {
    for (let r = 0; r < sheet.rowCount; r++)
      for (let c = 0; c < sheet.columnCount; c++) if (displayText(model.cell(r, c)) === text) return model.lines(r, c);
    throw new Error(`no cell ${text}`);
  };
  return { sheet, at };
}

describe('what changed this round', () => {
  const grid = (texts: string[][]): Grid => ({
    title: 'g',
    columnLabels: texts[0].map((_, c) => String(c)),
    rowLabels: texts.map((_, r) => String(r)),
    cells: texts.map((line) => line.map((text) => ({ text }))),
  });

  it('marks exactly the squares that read differently from the board before', () => {
    const before = grid([
      ['', '', ''],
      ['', 'x', ''],
    ]);
    const after = markChanges(
      grid([
        ['', 'y', ''],
        ['', 'x', 'z'],
      ]),
      before,
    );
    expect(after.cells.map((line) => line.map((cell) => cell.changed === true))).toEqual([
      [false, true, false],
      [false, false, true],
    ]);
    // A first board, or one of another shape, has nothing to compare with.
    expect(markChanges(after, undefined)).toBe(after);
    const fresh = grid([
      ['', 'y', ''],
      ['', 'x', 'z'],
    ]);
    expect(markChanges(fresh, grid([['']]))).toBe(fresh);
  });

  it('outlines each patch of changed squares with a double magenta line, on its outer sides only', () => {
    const cells = [0, 1, 2].map((r) =>
      [0, 1, 2].map((c) => ({ text: `${r}${c}`, ...(r === 1 && c > 0 ? { changed: true } : {}) })),
    );
    const { sheet, at } = drawnLines('Marked', ['A', 'B', 'C'], ['1', '2', '3'], cells);
    const marked = (line: { style: string; colour: string } | null) =>
      line?.style === 'DOUBLE' && line.colour === CHANGED_COLOUR;
    // B2 and C2 changed: B2's left, top and bottom, C2's top and bottom are outlined; not between them.
    expect([at('11').left, at('11').top, at('11').bottom, at('12').top, at('12').bottom].every(marked)).toBe(true);
    expect(marked(at('11').right)).toBe(false);
    expect(marked(at('10').left)).toBe(false);
    expect(marked(at('00').bottom)).toBe(false);
    // Said on the board itself, and in the legend.
    expect(sheet.cells.some((line) => line?.some((cell) => displayText(cell) === CHANGED_NOTE))).toBe(true);
  });

  it('draws a line the view puts over the marker (a gate) where both fall on one side', () => {
    const gate = { weight: 'thick', colour: '#FF1E1E', overMarker: true } as const;
    const fence = { weight: 'thick' } as const;
    // A1 changed; a gate on its right side and a plain fence on its bottom side, both on the patch's outline.
    const cells = [
      [
        { text: 'a1', changed: true, borders: { right: gate, bottom: fence } },
        { text: 'b1', borders: { left: gate } },
      ],
      [{ text: 'a2', borders: { top: fence } }, { text: 'b2' }],
    ];
    const { at } = drawnLines('Gate', ['A', 'B'], ['1', '2'], cells);
    expect(at('a1').right).toEqual({ style: 'SOLID_THICK', colour: '#FF1E1E' });
    // The fence is still outranked by the marker, as before.
    expect(at('a1').bottom).toEqual({ style: 'DOUBLE', colour: CHANGED_COLOUR });
  });

  // A game on its own turn clock may end on a move that changes nothing (Peg Domain's last player
  // finishing): its history tabs show the marks.
  it.each(REDRAWN)('%s: the boards mark what each resolution changed, and say so', (game) => {
    const view = viewFor(finished(game), 'public');
    const workbook = rendered(view);
    const tabs = gameById(game).turnClock !== undefined ? view.boards.map((tab) => tab.tab) : ['Current'];
    expect(tabs.reduce((sum, tab) => sum + markerSides(workbook, tab), 0)).toBeGreaterThan(0);
    expect(view.legend.some((item) => item.textColour === CHANGED_COLOUR)).toBe(true);
  });
});

describe('printing the .xlsx', () => {
  it.each(GAMES)('%s: every board tab has a print area and prints one page wide', async (game) => {
    const result = finished(game);
    const workbook = rendered(viewFor(result, 'public'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await workbookXlsx(workbook)) as unknown as ExcelJS.Buffer);
    const boards = viewFor(result, 'public').boards.map((tab) => tab.tab);
    for (const tab of boards) {
      const sheet = book.getWorksheet(tab);
      const state = sheetOf(workbook, tab);
      expect(sheet?.pageSetup.printArea, tab).toMatch(/^A1:[A-Z]+\d+$/);
      expect(sheet?.pageSetup.printArea?.endsWith(String(state.rowCount))).toBe(true);
      expect(sheet?.pageSetup).toMatchObject({ fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    }
  });
});
