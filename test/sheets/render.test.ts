// The renderer over hand-made views: lines and fences, merges, many grids in a tab, a 67×40
// canvas, player text that looks like a formula, and re-rendering into a workbook that already
// holds the previous render.
import { describe, expect, it } from 'vitest';
import type { BoardTab, Grid, GridCell, View } from '../../src/engine/core/view.js';
import { EXAMPLE_GAME, newMatch, playMatch, replayMatch, viewFor } from '../../src/engine/index.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import type { Request } from '../../src/sheets/api.js';
import {
  PROTECTION_NOTE,
  layoutView,
  renderRequests,
  renderView,
  sheetIdsFor,
  splitText,
} from '../../src/sheets/index.js';
import { locate, look, sheetOf } from './helpers.js';

const letters = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
const numbers = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

function grid(
  title: string,
  rows: number,
  cols: number,
  cell: (r: number, c: number) => GridCell = () => ({}),
  labels = cols > 26 ? numbers : letters,
): Grid {
  return {
    title,
    columnLabels: labels(cols),
    rowLabels: numbers(rows),
    cells: Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => cell(r, c))),
  };
}

function viewOf(boards: BoardTab[], extra: Partial<View> = {}): View {
  return {
    title: 'Test (public)',
    boards,
    scoreboard: {
      title: 'Scores',
      header: ['Player', 'Points'],
      rows: [
        ['Ann', 3],
        ['Ben', 1],
      ],
    },
    legend: [{ symbol: 'X', fill: '#D55E00', meaning: 'a mark' }],
    sections: [],
    audience: 'public',
    status: {
      game: 'Test',
      headline: 'Step 1 is open',
      phase: { id: 'step-1', title: 'Step 1' },
      submitted: ['Ann'],
      waitingFor: ['Ben'],
      pendingDecisions: [],
    },
    log: null,
    ...extra,
  };
}

function render(view: View, workbook = new EmbeddedWorkbook()) {
  const requests = renderRequests(view, workbook.getMetadata(), { dropDefaultSheet: true });
  workbook.batchUpdate(requests);
  return { workbook, requests };
}

const kinds = (requests: readonly Request[]) => requests.map((r) => Object.keys(r)[0]);

describe('lines', () => {
  // A fence between rows 2 and 3 (asked for by row 2 only) and a red one between B and C in rows 1–2.
  const fenced = grid('Pasture', 4, 4, (r, c) => ({
    text: String(r * 4 + c),
    borders: {
      ...(r === 1 ? { bottom: { weight: 'thick' as const } } : {}),
      ...(r < 2 && c === 2 ? { left: { weight: 'medium' as const, colour: '#D55E00' } } : {}),
    },
  }));

  it('draws a fence as one run across the grid, on both sides of the line', () => {
    const { workbook, requests } = render(viewOf([{ tab: 'Current', title: 'Pasture', grids: [fenced] }]));
    const sheet = sheetOf(workbook, 'Current');
    const a2 = locate(sheet, 'A', '2');
    const d3 = locate(sheet, 'D', '3');
    const fences = requests.filter((r) => r.updateBorders?.innerHorizontal?.style === 'SOLID_THICK');
    expect(fences).toHaveLength(1);
    expect(fences[0].updateBorders!.range).toMatchObject({
      startRowIndex: a2.row,
      endRowIndex: a2.row + 2,
      startColumnIndex: a2.cols[0],
      endColumnIndex: d3.cols[0] + 1,
    });
    for (const col of [a2.cols[0], d3.cols[0]]) {
      expect(sheet.cells[a2.row]?.[col]?.userEnteredFormat?.borders?.bottom?.style).toBe('SOLID_THICK');
      expect(sheet.cells[a2.row + 1]?.[col]?.userEnteredFormat?.borders?.top?.style).toBe('SOLID_THICK');
    }
    const b1 = locate(sheet, 'B', '1');
    expect(look(sheet, b1.row, b1.cols[0]).lines.right).toEqual({ style: 'SOLID_MEDIUM', colour: '#D55E00' });
    const b3 = locate(sheet, 'B', '3');
    expect(look(sheet, b3.row, b3.cols[0]).lines.right).toEqual({ style: 'SOLID', colour: '#CCCCCC' });
  });

  it('keeps the stronger line when the two cells beside it ask for different ones', () => {
    const clash = grid('Clash', 1, 2, (_, c) => ({
      borders: c === 0 ? { right: { weight: 'thick' } } : { left: { weight: 'medium', colour: '#0072B2' } },
    }));
    const { workbook } = render(viewOf([{ tab: 'Current', title: 'Clash', grids: [clash] }]));
    const sheet = sheetOf(workbook, 'Current');
    const a1 = locate(sheet, 'A', '1');
    expect(look(sheet, a1.row, a1.cols[0]).lines.right).toEqual({ style: 'SOLID_THICK', colour: '#000000' });
  });
});

describe('layout', () => {
  it('wraps many small grids into bands, each with its title, none overlapping', () => {
    const grids = Array.from({ length: 32 }, (_, i) =>
      grid(`Group ${i + 1}`, 7, 7, (r, c) => ({ text: r === c ? String(i) : undefined })),
    );
    const { workbook, requests } = render(viewOf([{ tab: 'Current', title: 'Round 1 boards', grids }]));
    expect(workbook.batchUpdates).toBe(1);
    const sheet = sheetOf(workbook, 'Current');
    const titles = sheet.merges.filter((m) =>
      /^Group \d+$/.test(sheet.cells[m.startRowIndex]?.[m.startColumnIndex]?.userEnteredValue?.stringValue ?? ''),
    );
    expect(titles).toHaveLength(32);
    const bands = new Set(titles.map((m) => m.startRowIndex));
    expect(bands.size).toBeGreaterThan(1);
    expect(sheet.columnWidths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1400 + 40);
    for (let i = 0; i < 32; i++) {
      const cell = locate(sheet, 'G', '7', { first: 'A', second: 'B', nth: i });
      expect(sheet.cells[cell.row]?.[cell.cols[0]]?.userEnteredValue?.stringValue).toBe(String(i));
    }
    // Grids never share cells: every board cell is written once.
    expect(
      new Set(
        requests
          .filter((r) => r.updateBorders?.top?.style === 'SOLID_MEDIUM')
          .map((r) => JSON.stringify(r.updateBorders!.range)),
      ).size,
    ).toBe(32);
  });

  it('lays out a 67×40 canvas with its R/C numbers, square cells and one batchUpdate of bounded size', () => {
    // Segments as 8×8 blocks, each numbered and every other one blue, outlined by thick lines.
    const segment = (r: number, c: number) => Math.floor(r / 8) * 9 + Math.floor(c / 8);
    const canvas = grid('Canvas', 40, 67, (r, c) => ({
      text: String(segment(r, c) + 1),
      ...(segment(r, c) % 2 === 0 ? { fill: '#0072B2', textColour: '#FFFFFF' } : {}),
      borders: {
        ...(r % 8 === 0 ? { top: { weight: 'thick' as const } } : {}),
        ...(c % 8 === 0 ? { left: { weight: 'thick' as const } } : {}),
      },
    }));
    const { workbook, requests } = render(
      viewOf([
        { tab: 'Current', title: 'Canvas', grids: [canvas] },
        { tab: 'Round 1', title: 'Canvas', grids: [canvas] },
      ]),
    );
    const sheet = sheetOf(workbook, 'Current');
    const corner = locate(sheet, '67', '40', { first: '1', second: '2' });
    expect(look(sheet, corner.row, corner.cols[0]).text).toBe(String(segment(39, 66) + 1));
    expect(sheet.columnWidths[corner.cols[0]]).toBe(sheet.rowHeights[corner.row]);
    const blue = locate(sheet, '9', '9', { first: '1', second: '2' });
    expect(look(sheet, blue.row, blue.cols[0])).toMatchObject({ fill: '#0072B2', colour: '#FFFFFF', text: '11' });
    expect(look(sheet, blue.row, blue.cols[0]).lines).toMatchObject({
      top: { style: 'SOLID_THICK' },
      left: { style: 'SOLID_THICK' },
      right: { style: 'SOLID' },
    });
    const white = locate(sheet, '9', '1', { first: '1', second: '2' });
    expect(look(sheet, white.row, white.cols[0])).toMatchObject({ fill: null, text: '2' });
    expect(workbook.batchUpdates).toBe(1);
    // Formats shared by blocks of cells are written once each: what is left is about the text of each cell.
    expect(JSON.stringify({ requests }).length).toBeLessThan(2 * 40 * 67 * 60);
  });

  it("refuses a board tab named like one of the renderer's own tabs, and two tabs with one name", () => {
    expect(() => layoutView(viewOf([{ tab: 'Status', title: 'x', grids: [] }]))).toThrow(
      'board tab 1 is named "Status", a name the renderer keeps for its own tab',
    );
    expect(() =>
      layoutView(
        viewOf([
          { tab: 'Current', title: 'x', grids: [] },
          { tab: 'current', title: 'y', grids: [] },
        ]),
      ),
    ).toThrow('two tabs are named "current"');
  });

  it('orders tabs: the current board, the fixed tabs, then the other boards newest first', () => {
    const tabs = layoutView(
      viewOf(
        ['Current', 'Round 2', 'Round 1'].map((tab) => ({ tab, title: tab, grids: [grid(tab, 2, 2)] })),
        { sections: [{ title: 's', header: ['a'], rows: [] }], log: { title: 'log', header: ['a'], rows: [] } },
      ),
    );
    expect(tabs.map((t) => t.title)).toEqual([
      'Current',
      'Scoreboard',
      'Status',
      'Legend',
      'Details',
      'Log',
      'Round 2',
      'Round 1',
    ]);
  });
});

describe('one line a cell', () => {
  it('widens the squares until the longest cell text fits on one line, and never wraps a board cell', () => {
    const short = render(
      viewOf([{ tab: 'Current', title: 'Short', grids: [grid('Short', 3, 3, () => ({ text: '+3' }))] }]),
    ).workbook;
    const long = render(
      viewOf([
        {
          tab: 'Current',
          title: 'Long',
          grids: [grid('Long', 3, 3, (r, c) => ({ text: r === 1 && c === 1 ? '+3·2 5F+2' : '+3' }))],
        },
      ]),
    ).workbook;
    const sizeOf = (workbook: EmbeddedWorkbook) => {
      const sheet = sheetOf(workbook, 'Current');
      const b2 = locate(sheet, 'B', '2');
      const cell = sheet.cells[b2.row]?.[b2.cols[0]];
      return {
        width: sheet.columnWidths[b2.cols[0]],
        height: sheet.rowHeights[b2.row],
        wrap: cell?.userEnteredFormat?.wrapStrategy,
      };
    };
    expect(sizeOf(short)).toEqual({ width: 36, height: 36, wrap: 'CLIP' });
    const wide = sizeOf(long);
    expect(wide.width).toBeGreaterThan(56);
    expect(wide).toEqual({ width: wide.width, height: wide.width, wrap: 'CLIP' });
  });
});

describe('tables in bands', () => {
  it('starts a table of a later band where the columns above fit it, not under a wide column', () => {
    const text = (n: number) => 'x'.repeat(n);
    const wide = { title: 'Wide', header: ['a', 'b'], rows: [['1', text(60)]] };
    const middle = { title: 'Middle', header: ['m1', 'm2', 'm3'], rows: [[text(14), text(14), text(14)]] };
    const below = {
      title: 'Below',
      header: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'],
      rows: [[text(13), text(13), text(13), text(13), text(13), text(13)]],
    };
    const sheet = sheetOf(
      render(
        viewOf([{ tab: 'Current', title: 'Board', grids: [grid('Board', 1, 1)] }], { sections: [wide, middle, below] }),
      ).workbook,
      'Details',
    );
    const columnOf = (value: string) =>
      sheet.cells
        .flatMap((line) => (line ?? []).map((cell, c) => (cell?.userEnteredValue?.stringValue === value ? c : -1)))
        .find((c) => c >= 0)!;
    const rowOf = (value: string) =>
      sheet.cells.findIndex((line) => line?.some((cell) => cell?.userEnteredValue?.stringValue === value));
    expect(rowOf('c1')).toBeGreaterThan(rowOf('b') + 1);
    // Not under column b (380 px): every column of the lower table is close to what it needs.
    const widths = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((h) => sheet.columnWidths[columnOf(h)]);
    expect(Math.max(...widths)).toBeLessThan(150);
    expect(columnOf('c1')).toBeGreaterThan(columnOf('b'));
  });
});

describe('table swatches', () => {
  it('fills a table cell with its swatch colour and writes its text in black or white to suit', () => {
    const scoreboard = {
      title: 'Scores',
      header: ['Player', 'Colour'],
      rows: [
        ['Ann', 'blue'],
        ['Ben', 'yellow'],
      ],
      fills: [
        [null, '#0B3D78'],
        [null, '#FFF200'],
      ],
    };
    const sheet = sheetOf(
      render(viewOf([{ tab: 'Current', title: 'Board', grids: [grid('Board', 1, 1)] }], { scoreboard })).workbook,
      'Scoreboard',
    );
    const find = (text: string) => {
      const row = sheet.cells.findIndex((line) => line?.some((cell) => cell?.userEnteredValue?.stringValue === text));
      return look(
        sheet,
        row,
        sheet.cells[row]!.findIndex((cell) => cell?.userEnteredValue?.stringValue === text),
      );
    };
    expect(find('blue')).toMatchObject({ fill: '#0B3D78', colour: '#FFFFFF', bold: true });
    expect(find('yellow')).toMatchObject({ fill: '#FFF200', colour: '#000000', bold: true });
    expect(find('Ann').fill).toBeNull();
  });
});

describe('two-colour cells', () => {
  it('split a leading pair of letters one per half, keeping any further text with the second', () => {
    expect(splitText('RB')).toEqual(['R', 'B']);
    expect(splitText('RB ×2')).toEqual(['R', 'B ×2']);
    expect(splitText('RB×2')).toEqual(['R', 'B×2']);
    // Anything else stays whole in the left half: numbers are never cut in two.
    expect(splitText('12')).toEqual(['12', '']);
    expect(splitText('R')).toEqual(['R', '']);
    expect(splitText('red and blue')).toEqual(['red and blue', '']);
    expect(splitText(undefined)).toEqual(['', '']);
  });
});

describe('player text', () => {
  const names = ['=IMPORTXML("https://example.com","//a")', '+1', '-1', '@x'];

  it('goes in as a string value wherever it appears, never as a formula', () => {
    const view = viewOf(
      [
        {
          tab: 'Current',
          title: 'Board',
          grids: [grid('Board', 2, 2, (r, c) => ({ text: names[r * 2 + c], note: names[r * 2 + c] }))],
        },
      ],
      {
        scoreboard: { title: 'Scores', header: ['Player', 'Points'], rows: names.map((n, i) => [n, i]) },
        log: { title: 'Log', header: ['Player', 'Answers'], rows: names.map((n) => [n, `own: ${n}`]) },
        status: {
          game: 'Test',
          headline: 'open',
          phase: { id: 'step-1', title: 'Step 1' },
          submitted: names,
          waitingFor: [],
          pendingDecisions: [],
        },
      },
    );
    const { workbook, requests } = render(view);
    const json = JSON.stringify(requests);
    expect(json).not.toContain('formulaValue');
    const strings = new Set<string>();
    for (const sheet of workbook.tabs)
      for (const line of sheet.cells)
        for (const cell of line ?? [])
          if (cell?.userEnteredValue?.stringValue) strings.add(cell.userEnteredValue.stringValue);
    for (const name of names) expect(strings).toContain(name);
    expect(strings).toContain(names.join(', '));
  });
});

describe('re-rendering a spreadsheet that holds the last render', () => {
  // A scheduled match of the example game (a pregame, then numbered rounds, each with its own tab
  // once over): replayed "as of" a time, phases whose deadline has not passed stay open.
  const start = '2026-11-21T18:00:00.000Z';
  const fresh = newMatch(EXAMPLE_GAME.id, { seed: 'rerender', startAt: start });
  if (!fresh.ok) throw new Error(fresh.error);
  const played = playMatch({ ...fresh.value, schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} } });
  const at = (hours: number) => new Date(Date.parse(start) + hours * 3_600_000 - 1000).toISOString();
  // Pregame closes at +1h, round 1 at +2h, …: at +4h minus a second, rounds 1–2 are done and 3 is open.
  const afterRound2 = replayMatch(played, { now: at(4) });
  const afterRound3 = replayMatch(played, { now: at(5) });

  // Without the protections' ids: Sheets draws them at random (so does the embedded workbook).
  const snapshot = (workbook: EmbeddedWorkbook) =>
    JSON.parse(
      JSON.stringify(
        workbook.tabs.map((t) => ({
          ...t,
          protectedRanges: t.protectedRanges.map(({ protectedRangeId: _drawn, ...p }) => p),
        })),
      ),
    );

  it('adds the new round tab, rewrites the others in place, and ends exactly like a fresh render', () => {
    const workbook = new EmbeddedWorkbook();
    render(viewFor(afterRound2, 'host'), workbook);
    // The host's own tab (say, form responses) is never touched.
    workbook.batchUpdate([{ addSheet: { properties: { sheetId: 123, title: 'Form Responses 1' } } }]);
    const before = new Map(workbook.tabs.map((t) => [t.title, t.sheetId]));
    // Current shows round 2's board; the round tabs are the history before it.
    expect(workbook.tabs.map((t) => t.title)).toEqual([
      'Current',
      'Scoreboard',
      'Status',
      'Legend',
      'Rules',
      'Details',
      'Log',
      'Host actions',
      'Seed',
      'Round 1',
      'Form Responses 1',
    ]);

    const { requests } = render(viewFor(afterRound3, 'host'), workbook);
    expect(workbook.batchUpdates).toBe(3);
    expect(kinds(requests).filter((k) => k === 'addSheet')).toHaveLength(1);
    expect(workbook.tabs.map((t) => t.title)).toEqual([
      'Current',
      'Scoreboard',
      'Status',
      'Legend',
      'Rules',
      'Details',
      'Log',
      'Host actions',
      'Seed',
      'Round 2',
      'Round 1',
      'Form Responses 1',
    ]);
    for (const [title, id] of before) expect(workbook.sheetByTitle(title)?.sheetId).toBe(id);

    const direct = render(viewFor(afterRound3, 'host')).workbook;
    expect(snapshot(workbook).slice(0, -1)).toEqual(snapshot(direct));
  });

  it('changes nothing when the same view is rendered again, and adds no tab or protection', () => {
    const workbook = new EmbeddedWorkbook();
    render(viewFor(afterRound3, 'public'), workbook);
    const before = snapshot(workbook);
    const { requests } = render(viewFor(afterRound3, 'public'), workbook);
    expect(snapshot(workbook)).toEqual(before);
    expect(kinds(requests)).not.toContain('addSheet');
    expect(kinds(requests)).not.toContain('deleteSheet');
    expect(kinds(requests)).not.toContain('addProtectedRange');
    expect(
      workbook
        .getMetadata()
        .sheets?.every((s) => s.protectedRanges?.length === 1 && s.protectedRanges[0].description === PROTECTION_NOTE),
    ).toBe(true);
  });

  it('names no protection id (Sheets draws them) and knows a protected tab by its range and description, whatever its id', () => {
    const workbook = new EmbeddedWorkbook();
    const { requests } = render(viewFor(afterRound2, 'public'), workbook);
    const added = requests.flatMap((r) => (r.addProtectedRange ? [r.addProtectedRange.protectedRange] : []));
    expect(added.length).toBeGreaterThan(0);
    for (const protectedRange of added) expect(protectedRange).not.toHaveProperty('protectedRangeId');
    // A tab whose protection has an id nobody chose, rewritten with new content: not protected twice.
    const current = workbook.sheetByTitle('Current')!;
    const old = current.protectedRanges[0].protectedRangeId;
    workbook.batchUpdate([
      { deleteProtectedRange: { protectedRangeId: old } },
      {
        addProtectedRange: {
          protectedRange: {
            protectedRangeId: 987654321,
            range: { sheetId: current.sheetId },
            description: PROTECTION_NOTE,
          },
        },
      },
    ]);
    const again = render(viewFor(afterRound3, 'public'), workbook).requests;
    expect(again.filter((r) => r.addProtectedRange?.protectedRange?.range?.sheetId === current.sheetId)).toEqual([]);
    expect(workbook.sheetByTitle('Current')!.protectedRanges.map((p) => p.protectedRangeId)).toEqual([987654321]);
  });

  it("rewrites only the tabs whose content changed; a finished round's tab is left alone", () => {
    const workbook = new EmbeddedWorkbook();
    render(viewFor(afterRound2, 'public'), workbook);
    const ids = new Map(workbook.tabs.map((t) => [t.sheetId, t.title]));
    const { requests } = render(viewFor(afterRound3, 'public'), workbook);
    const rewritten = requests.flatMap((r) =>
      typeof r.updateCells?.range?.sheetId === 'number' ? [r.updateCells.range.sheetId] : [],
    );
    const titles = rewritten.map((id) => ids.get(id) ?? workbook.tabs.find((t) => t.sheetId === id)?.title);
    expect(titles).toContain('Current');
    expect(titles).toContain('Round 2');
    expect(titles).not.toContain('Round 1');
    expect(titles).not.toContain('Legend');
    // Still exactly what a fresh render gives.
    expect(snapshot(workbook)).toEqual(snapshot(render(viewFor(afterRound3, 'public')).workbook));
  });

  it('sends only tab positions when nothing changed, and rewrites everything when forced', () => {
    const workbook = new EmbeddedWorkbook();
    render(viewFor(afterRound3, 'host'), workbook);
    const again = renderRequests(viewFor(afterRound3, 'host'), workbook.getMetadata());
    expect(new Set(kinds(again))).toEqual(new Set(['updateSheetProperties']));
    expect(again.every((r) => r.updateSheetProperties?.fields === 'index')).toBe(true);
    const forced = renderRequests(viewFor(afterRound3, 'host'), workbook.getMetadata(), { force: true });
    expect(kinds(forced).filter((k) => k === 'updateCells')).toHaveLength(workbook.tabs.length);
    expect(kinds(forced)).toContain('updateDeveloperMetadata');
    expect(kinds(forced)).not.toContain('createDeveloperMetadata');
  });

  it('deletes a tab it made that the view no longer has, and clears what a shorter table left behind', () => {
    const long = viewOf([{ tab: 'Current', title: 'b', grids: [grid('b', 2, 2)] }], {
      sections: [{ title: 'extra', header: ['a'], rows: [['x']] }],
      scoreboard: {
        title: 'Scores',
        header: ['Player', 'Points'],
        rows: Array.from({ length: 12 }, (_, i) => [`P${i}`, i]),
      },
    });
    const short = viewOf([{ tab: 'Current', title: 'b', grids: [grid('b', 2, 2)] }]);
    const workbook = new EmbeddedWorkbook();
    render(long, workbook);
    workbook.batchUpdate([{ addSheet: { properties: { title: 'Notes of the host' } } }]);
    render(short, workbook);
    expect(workbook.tabs.map((t) => t.title)).toEqual([
      'Current',
      'Scoreboard',
      'Status',
      'Legend',
      'Notes of the host',
    ]);
    expect(snapshot(workbook).slice(0, -1)).toEqual(snapshot(render(short).workbook));
  });

  it('takes the next id derived from a title when another tab holds the first, and still knows the tab as its own', () => {
    const workbook = new EmbeddedWorkbook();
    const [first, second] = sheetIdsFor('Legend');
    workbook.batchUpdate([{ addSheet: { properties: { sheetId: first, title: 'Host notes' } } }]);
    const view = viewOf([{ tab: 'Current', title: 'b', grids: [grid('b', 2, 2)] }]);
    render(view, workbook);
    expect(workbook.sheetByTitle('Legend')?.sheetId).toBe(second);
    render(viewOf([{ tab: 'Current', title: 'b', grids: [grid('b', 2, 2)] }], { legend: [] }), workbook);
    expect(workbook.sheetByTitle('Legend')?.sheetId).toBe(second);
    expect(workbook.sheetByTitle('Host notes')?.sheetId).toBe(first);
  });

  it('gives tabs the same ids on every machine, derived from their titles', () => {
    const a = render(viewFor(afterRound3, 'public')).workbook;
    const b = render(viewFor(afterRound3, 'public')).workbook;
    expect(a.tabs.map((t) => t.sheetId)).toEqual(b.tabs.map((t) => t.sheetId));
    for (const tab of a.tabs) expect(tab.sheetId).toBe(sheetIdsFor(tab.title)[0]);
  });

  it('shows the open phase: who has submitted (names only) and who is awaited', () => {
    const { workbook } = render(viewFor(afterRound2, 'public'));
    const status = sheetOf(workbook, 'Status');
    const rows = status.cells
      .map((line) => (line ?? []).map((c) => c?.userEnteredValue?.stringValue ?? ''))
      .filter((line) => line[0]);
    expect(rows).toContainEqual(['Phase', 'Round 3', ...rows.find((r) => r[0] === 'Phase')!.slice(2)]);
    expect(rows.find((r) => r[0] === 'Submitted')?.[1]).toBe('Ann, Ben, Cara, Dev');
    expect(rows.find((r) => r[0] === 'Deadline')?.[1]).toBe('Sat 21 Nov 2026, 22:00 UTC');
  });
});

describe('renderView', () => {
  it('reads the metadata once and sends exactly one batchUpdate', () => {
    const workbook = new EmbeddedWorkbook();
    const report = renderView(workbook, viewOf([{ tab: 'Current', title: 'b', grids: [grid('b', 3, 3)] }]));
    expect(workbook.batchUpdates).toBe(1);
    expect(report.requests).toBeGreaterThan(10);
    expect(report.bytes).toBeGreaterThan(1000);
  });
});

describe('the blank tab a spreadsheet was created with', () => {
  it('is dropped by the id recorded when it was made, whatever its name; another tab of that name stays', () => {
    const view = viewOf([{ tab: 'Current', title: 'Board', grids: [grid('Board', 2, 2)] }]);
    const spanish = new EmbeddedWorkbook('es', { title: 'Hoja 1', id: 42 });
    renderView(spanish, view, { dropDefaultSheet: true, defaultSheetId: 42 });
    expect(spanish.tabs.map((t) => t.title)).not.toContain('Hoja 1');
    // Not told its id, the renderer drops only id 0 (a new spreadsheet's usual first tab).
    const kept = new EmbeddedWorkbook('es', { title: 'Hoja 1', id: 42 });
    renderView(kept, view, { dropDefaultSheet: true });
    expect(kept.tabs.map((t) => t.title)).toContain('Hoja 1');
  });
});
