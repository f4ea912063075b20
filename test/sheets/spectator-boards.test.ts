// Boards a spectator reads without the Legend tab (issue 32, item 5): what the last resolution
// changed is marked, every scoreboard with coloured players shows their swatches, Paint's canvas
// fits a 1,440 px screen, Peg Domain's owners are not letters, Fair and Square says its group rule,
// Pasture names who is in a one-cell pasture, and the .xlsx tabs print one page wide.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CHANGED_COLOUR, CHANGED_NOTE, type Grid, type View, markChanges } from '../../src/engine/core/view.js';
import { gameById, newMatch, playMatch, replayMatch, viewFor } from '../../src/engine/index.js';
import type { ReplayResult } from '../../src/engine/index.js';
import { formatRect, heightOf, widthOf } from '../../src/engine/games/pasture/geometry.js';
import type { PastureContext, PastureState } from '../../src/engine/games/pasture/state.js';
import { sheepIn } from '../../src/engine/games/pasture/state.js';
import { botNames } from '../../src/cli/demo.js';
import { SheetModel, displayText } from '../../src/workbook/sheet-model.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { workbookXlsx } from '../../src/workbook/xlsx.js';
import { renderView } from '../../src/sheets/index.js';
import { sheetOf } from './helpers.js';

const played = new Map<string, ReplayResult>();

/** The demo's match of the game (`genius-host start GAME`: its seed, its bots in turn), replayed; played once. */
function finished(game: string): ReplayResult {
  const known = played.get(game);
  if (known) return known;
  const fresh = newMatch(game, { seed: `demo-${game}` });
  if (!fresh.ok) throw new Error(fresh.error);
  const names = botNames(gameById(game));
  const bots = Object.fromEntries(fresh.value.players.map((p, i) => [p.id, names[i % names.length]]));
  const result = replayMatch(playMatch(fresh.value, { bots, answerDecisions: true }));
  played.set(game, result);
  return result;
}

function rendered(view: View): EmbeddedWorkbook {
  const workbook = new EmbeddedWorkbook();
  renderView(workbook, view, { dropDefaultSheet: true });
  return workbook;
}

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

const GAMES = ['pasture', 'paint', 'peg-domain', 'fair-and-square', 'not-flower-field'];

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
    const workbook = new EmbeddedWorkbook();
    const view = viewFor(finished('not-flower-field'), 'public');
    const tab = {
      tab: 'Current',
      title: 'Marked',
      grids: [{ title: 'Marked', columnLabels: ['A', 'B', 'C'], rowLabels: ['1', '2', '3'], cells }],
    };
    renderView(workbook, { ...view, boards: [tab] }, { dropDefaultSheet: true });
    const sheet = sheetOf(workbook, 'Current');
    const model = new SheetModel(sheet);
    const at = (text: string) => {
      for (let r = 0; r < sheet.rowCount; r++)
        for (let c = 0; c < sheet.columnCount; c++)
          if (displayText(model.cell(r, c)) === text) return model.lines(r, c);
      throw new Error(`no cell ${text}`);
    };
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
    const workbook = new EmbeddedWorkbook();
    const view = viewFor(finished('not-flower-field'), 'public');
    const tab = {
      tab: 'Current',
      title: 'Gate',
      grids: [{ title: 'Gate', columnLabels: ['A', 'B'], rowLabels: ['1', '2'], cells }],
    };
    renderView(workbook, { ...view, boards: [tab] }, { dropDefaultSheet: true });
    const sheet = sheetOf(workbook, 'Current');
    const model = new SheetModel(sheet);
    const at = (text: string) => {
      for (let r = 0; r < sheet.rowCount; r++)
        for (let c = 0; c < sheet.columnCount; c++)
          if (displayText(model.cell(r, c)) === text) return model.lines(r, c);
      throw new Error(`no cell ${text}`);
    };
    expect(at('a1').right).toEqual({ style: 'SOLID_THICK', colour: '#FF1E1E' });
    // The fence is still outranked by the marker, as before.
    expect(at('a1').bottom).toEqual({ style: 'DOUBLE', colour: CHANGED_COLOUR });
  });

  // Peg Domain's last turn is a player finishing, which changes nothing: its history tabs show the marks.
  it.each(GAMES)('%s: the boards mark what each resolution changed, and say so', (game) => {
    const view = viewFor(finished(game), 'public');
    const workbook = rendered(view);
    const tabs = game === 'peg-domain' ? view.boards.map((tab) => tab.tab) : ['Current'];
    expect(tabs.reduce((sum, tab) => sum + markerSides(workbook, tab), 0)).toBeGreaterThan(0);
    expect(view.legend.some((item) => item.textColour === CHANGED_COLOUR)).toBe(true);
  });
});

describe('scoreboards', () => {
  // Pasture's players have no colour: its scoreboard's player numbers are what its boards show.
  it.each(['paint', 'peg-domain', 'fair-and-square', 'not-flower-field'])(
    "%s: every row shows the player's or team's colour as a swatch",
    (game) => {
      const { scoreboard } = viewFor(finished(game), 'public');
      expect(scoreboard.rows.length).toBeGreaterThan(0);
      scoreboard.rows.forEach((_, r) => {
        expect(scoreboard.fills?.[r]?.some((fill) => fill !== null && /^#[0-9A-F]{6}$/i.test(fill))).toBe(true);
      });
    },
  );
});

describe('single boards', () => {
  it("Paint's 67×40 canvas, with its row labels, fits a 1,440 px wide screen", () => {
    const sheet = sheetOf(rendered(viewFor(finished('paint'), 'public')), 'Current');
    const width = sheet.columnWidths.reduce((sum, px) => sum + px, 0);
    expect(width).toBeLessThanOrEqual(1440);
  });

  it("Peg Domain's owners are marked by shapes no reader takes for column letters", () => {
    const view = viewFor(finished('peg-domain'), 'public');
    const domain = view.boards[0].grids[0];
    const owned = domain.cells.flat().filter((cell) => cell.fill);
    expect(owned.length).toBeGreaterThan(0);
    for (const cell of owned) expect(cell.text ?? '').not.toMatch(/[A-Za-z]/);
    // The scoreboard and the legend show the same marks.
    const marks = new Set(owned.map((cell) => (cell.text ?? '').replace('●', '')));
    expect(view.scoreboard.rows.map((row) => row[1])).toEqual(expect.arrayContaining([...marks]));
    expect(view.legend.filter((item) => marks.has(item.symbol))).toHaveLength(marks.size);
  });

  it('Fair and Square says in words who plays on which board', () => {
    const view = viewFor(finished('fair-and-square'), 'public');
    expect(view.boards[0].caption).toMatch(/^Groups in round 3: numbers below 4 play on group 0’s board/);
    expect(view.boards.find((tab) => tab.tab === 'Round 1')?.caption).toMatch(/^Groups in round 1: even numbers/);
  });

  it('Pasture names who is in a one-cell pasture (the count has no room beside the name)', () => {
    const result = finished('pasture');
    const state = result.state as PastureState;
    const ctx = result.ctx as PastureContext;
    const view = viewFor(result, 'public');
    const last = state.rounds[state.rounds.length - 1];
    // Current shows the board now; each earlier round has its tab.
    const shots = [
      { tab: 'Current', pastures: state.pastures, positions: state.positions },
      ...state.rounds.filter((r) => r !== last).map((r) => ({ tab: `Round ${r.round}`, ...r })),
    ];
    let seen = 0;
    for (const shot of shots) {
      const sheep = view.boards.find((tab) => tab.tab === shot.tab)?.grids[1];
      for (const rect of shot.pastures) {
        const flock = sheepIn(rect, shot.positions, ctx);
        if (widthOf(rect) * heightOf(rect) !== 1 || flock.length !== 1) continue;
        seen += 1;
        const cell = sheep?.cells[rect.top][rect.left];
        expect(cell?.text, `${shot.tab} ${formatRect(rect)}`).toBe(ctx.playerName(flock[0]));
        expect(cell?.italic).toBe(true);
      }
    }
    expect(seen, 'the demo match has a one-cell pasture holding a sheep').toBeGreaterThan(0);
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
