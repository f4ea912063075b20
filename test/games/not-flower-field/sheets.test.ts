// Not Flower Field rendered: a worked position with a two-colour cell, a black cell, multipliers,
// a one-colour cell and an empty one, read back cell by cell from the requests.
import { describe, expect, it } from 'vitest';
import { PALETTE } from '../../../src/engine/core/view.js';
import { replayMatch, viewFor } from '../../../src/engine/index.js';
import { EmbeddedWorkbook } from '../../../src/workbook/workbook.js';
import { renderRequests, renderView } from '../../../src/sheets/index.js';
import { baseFile, matchOf } from '../../helpers/match.js';
import { locate, look, sheetOf } from '../../sheets/helpers.js';

// One round: C3 (×2) gets red and blue; D4 (×3) gets red, blue and yellow, so it turns black;
// A1 red only; C1 yellow only; H8 stays empty.
const match = matchOf(
  baseFile('not-flower-field', 4, {
    options: { rounds: 1 },
    submissions: [
      ...['red', 'blue', 'yellow', 'green'].map((colour, i) => ({
        phase: 'pregame',
        player: `p${i + 1}`,
        answers: { colour },
      })),
      { phase: 'round-1', player: 'p1', answers: { own: 'C3 D4 A1', others: 'blue B8, yellow G8, green H7' } },
      { phase: 'round-1', player: 'p2', answers: { own: 'C3 D4 B1', others: 'red B7, yellow G7, green H6' } },
      { phase: 'round-1', player: 'p3', answers: { own: 'D4 C1 E1', others: 'red B6, blue G6, green H5' } },
      { phase: 'round-1', player: 'p4', answers: { own: 'F1 G1 H1', others: 'red B5, blue G5, yellow H4' } },
    ],
  }),
);
const result = replayMatch(match);

/**
 * The field as drawn, without the marker of what round 1 changed (every placed cell: its double
 * line would cover the lines checked here; test/sheets/spectator-boards.test.ts checks it).
 */
function rendered() {
  const workbook = new EmbeddedWorkbook();
  const view = viewFor(result, 'public');
  const unmarked = view.boards.map((tab) => ({
    ...tab,
    grids: tab.grids.map((grid) => ({
      ...grid,
      cells: grid.cells.map((line) => line.map(({ changed: _changed, ...cell }) => cell)),
    })),
  }));
  renderView(workbook, { ...view, boards: unmarked }, { dropDefaultSheet: true });
  return { workbook, current: sheetOf(workbook, 'Current') };
}

const RED = PALETTE.red;
const BLUE = PALETTE.blue;

describe('a Not Flower Field board', () => {
  it('draws a cell holding two colours as two half-cells, each with its colour and letter', () => {
    const { current } = rendered();
    const c3 = locate(current, 'C', '3');
    expect(c3.cols).toHaveLength(2);
    const [left, right] = c3.cols.map((col) => look(current, c3.row, col));
    expect([left.fill, left.text, left.colour]).toEqual([RED, 'R', '#FFFFFF']);
    expect([right.fill, right.text, right.colour]).toEqual([BLUE, 'B×2', '#FFFFFF']);
    expect(left.merged).toBeNull();
    expect(left.note).toBe('C3: red (Ann) and blue (Ben); patterns through it score ×2');
  });

  it('merges the halves of one-colour cells in a split column, and keeps whole squares elsewhere', () => {
    const { current } = rendered();
    const c1 = locate(current, 'C', '1');
    const cell = look(current, c1.row, c1.cols[0]);
    expect([cell.fill, cell.text, cell.colour]).toEqual([PALETTE.yellow, 'Y', '#000000']);
    expect(cell.merged).toEqual({
      startRowIndex: c1.row,
      endRowIndex: c1.row + 1,
      startColumnIndex: c1.cols[0],
      endColumnIndex: c1.cols[0] + 2,
    });
    const a1 = locate(current, 'A', '1');
    expect(a1.cols).toHaveLength(1);
    expect(look(current, a1.row, a1.cols[0])).toMatchObject({ fill: RED, text: 'R', colour: '#FFFFFF' });
    // Square cells: a whole column is as wide as the two halves, and as wide as a row is high.
    const widths = [
      current.columnWidths[a1.cols[0]],
      current.columnWidths[c1.cols[0]] + current.columnWidths[c1.cols[1]],
      current.rowHeights[a1.row],
    ];
    expect(new Set(widths).size).toBe(1);
  });

  it('draws black cells black with a white symbol, and multiplier cells with a thick outline', () => {
    const { current } = rendered();
    const d4 = locate(current, 'D', '4');
    const black = look(current, d4.row, d4.cols[0]);
    expect([black.fill, black.text, black.colour, black.bold]).toEqual(['#000000', '■×3', '#FFFFFF', true]);
    expect(black.note).toBe('D4: black (three colours met here); patterns through it score ×3');
    for (const side of ['top', 'right', 'bottom', 'left'] as const)
      expect(black.lines[side]?.style).toBe('SOLID_THICK');
    const c3 = locate(current, 'C', '3');
    const [left, right] = c3.cols.map((col) => look(current, c3.row, col));
    expect([left.lines.top?.style, left.lines.left?.style, left.lines.bottom?.style, right.lines.right?.style]).toEqual(
      ['SOLID_THICK', 'SOLID_THICK', 'SOLID_THICK', 'SOLID_THICK'],
    );
    // The thick line is set on both sides: the cell above C3 has it as its bottom.
    const c2 = locate(current, 'C', '2');
    expect(current.cells[c2.row]?.[c2.cols[0]]?.userEnteredFormat?.borders?.bottom?.style).toBe('SOLID_THICK');
    expect(current.cells[c3.row]?.[c3.cols[0]]?.userEnteredFormat?.borders?.top?.style).toBe('SOLID_THICK');
  });

  it('says under the field whose each colour is and what black and ×2, ×3 mean, so no Legend is needed', () => {
    const view = viewFor(result, 'public');
    expect(view.boards[0].grids[0].caption).toBe(
      'R red is Ann, B blue is Ben, Y yellow is Cara, G green is Dev. A cell of two colours is drawn in two halves; ■ is a black cell (a third colour arrived), which stays black. ×2, ×3 in a thick outline: a pattern through that cell scores 2 times, 3 times as much.',
    );
    // Every cell reads as colour letters, ■, and a multiplier written ×2: no superscripts.
    for (const tab of view.boards)
      for (const cell of tab.grids[0].cells.flat()) expect(cell.text ?? '').toMatch(/^([RBYG]{1,2}|■)?(×[23])?$/);
    // The pattern counts are headed by the patterns' names, not P1…P5 looked up in the Legend.
    const patterns = view.sections.find((t) => t.title.startsWith('Patterns'));
    expect(patterns?.header).toEqual([
      'Player',
      'Black between two of yours',
      'Four different colours in a line',
      'Diagonal pair with two different colours beside',
      'S or Z tetromino',
      'Yours beside an empty cell',
      'Points',
    ]);
    const { current } = rendered();
    const caption = current.cells
      .flat()
      .find((cell) => cell?.userEnteredValue?.stringValue?.startsWith('R red is Ann'));
    expect(caption).toBeDefined();
  });

  it('leaves empty cells white with thin grey lines inside the grid and a medium frame around it', () => {
    const { current } = rendered();
    const h8 = locate(current, 'H', '8');
    const empty = look(current, h8.row, h8.cols[0]);
    expect([empty.fill, empty.text]).toEqual([null, '']);
    expect(empty.lines.top).toEqual({ style: 'SOLID', colour: '#CCCCCC' });
    expect(empty.lines.right).toEqual({ style: 'SOLID_MEDIUM', colour: '#333333' });
    expect(empty.lines.bottom).toEqual({ style: 'SOLID_MEDIUM', colour: '#333333' });
  });

  it('labels columns A–H and rows 1–8 as the rules write coordinates, and freezes the labels', () => {
    const { current } = rendered();
    const a1 = locate(current, 'A', '1');
    const labelRow = a1.row - 1;
    const labels = current.cells[labelRow].map((cell) => cell?.userEnteredValue?.stringValue).filter(Boolean);
    expect(labels).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    const rows = current.cells
      .slice(labelRow + 1, labelRow + 9)
      .map((line) => line?.[a1.cols[0] - 1]?.userEnteredValue?.stringValue)
      .filter(Boolean);
    expect(rows).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(current.frozenRowCount).toBe(labelRow + 1);
  });

  it('writes every text as a string value and every count as a number, never a formula', () => {
    const requests = renderRequests(viewFor(result, 'host'), { sheets: [] });
    const json = JSON.stringify(requests);
    expect(json).not.toContain('formulaValue');
    const update = requests.find(
      (r) =>
        r.updateCells &&
        requests.find((a) => a.addSheet?.properties?.title === 'Scoreboard')?.addSheet?.properties?.sheetId ===
          r.updateCells.range?.sheetId,
    );
    const values = update!
      .updateCells!.rows!.flatMap((row) => row.values ?? [])
      .map((v) => v.userEnteredValue)
      .filter(Boolean);
    expect(values).toContainEqual({ stringValue: 'Ann' });
    expect(values.some((v) => typeof v?.numberValue === 'number')).toBe(true);
  });

  it('has a legend with each colour, the two-colour half cell, black and the multipliers', () => {
    const { workbook } = rendered();
    const legend = sheetOf(workbook, 'Legend');
    const texts = legend.cells
      .flatMap((line) => (line ?? []).map((cell) => cell?.userEnteredValue?.stringValue))
      .filter(Boolean);
    expect(texts).toEqual(
      expect.arrayContaining([
        'R',
        'red: Ann',
        'B',
        '■',
        '×2',
        '×3',
        'a cell holding two colours, drawn as two halves',
      ]),
    );
    const halves = legend.cells.findIndex(
      (line) => line?.[0]?.userEnteredValue?.stringValue === 'R' && line?.[1]?.userEnteredValue?.stringValue === 'B',
    );
    expect(halves).toBeGreaterThan(0);
    expect(look(legend, halves, 1).fill).toBe(BLUE);
  });
});
