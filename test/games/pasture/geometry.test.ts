// Fences and pastures: the notation, the default halving plan, and the straight-line walk.
import { describe, expect, it } from 'vitest';
import {
  type Rect,
  crossingKey,
  fenceWords,
  formatFence,
  formatRect,
  halvings,
  parseFence,
  pastureGrid,
  splitRect,
  splits,
  walk,
} from '../../../src/engine/games/pasture/geometry.js';
import { applyStartingFences } from '../../../src/engine/games/pasture/options.js';

const rect = (top: number, left: number, bottom: number, right: number): Rect => ({ top, left, bottom, right });
const cell = (name: string) => ({ row: Number(name.slice(1)) - 1, col: name.charCodeAt(0) - 65 });

describe('fence notation', () => {
  it('reads V:G, H:7 and the same in words, forgiving case and spaces', () => {
    const g = { ok: true, value: { dir: 'V', after: 6 } };
    const seven = { ok: true, value: { dir: 'H', after: 6 } };
    for (const text of [
      'V:G',
      'v:g',
      'V G',
      'vg',
      'V-G',
      'between columns G and H',
      'Between columns H and G',
      'vertical fence between columns G and H',
    ]) {
      expect(parseFence(text), text).toEqual(g);
    }
    for (const text of ['H:7', 'h 7', 'between rows 7 and 8', 'horizontal, between rows 8 and 7'])
      expect(parseFence(text), text).toEqual(seven);
    expect(formatFence({ dir: 'V', after: 6 })).toBe('V:G');
    expect(formatFence({ dir: 'H', after: 6 })).toBe('H:7');
    expect(fenceWords({ dir: 'V', after: 6 })).toBe('between columns G and H');
    expect(fenceWords({ dir: 'H', after: 12 })).toBe('between rows 13 and 14');
  });

  it('says what is wrong with a fence that cannot be read', () => {
    const error = (text: string) => {
      const result = parseFence(text);
      return result.ok ? null : result.error;
    };
    expect(error('diagonal')).toBe(
      '"diagonal" is not a fence: write V:G (between columns G and H) or H:7 (between rows 7 and 8)',
    );
    expect(error('V:7')).toBe(
      '"V:7": a vertical fence lies between two columns, named by the left one\'s letter (V:G is between G and H)',
    );
    expect(error('H:G')).toBe(
      '"H:G": a horizontal fence lies between two rows, named by the upper one\'s number (H:7 is between 7 and 8)',
    );
    expect(error('V:N')).toBe('"V:N" is not between two columns of the board (a vertical fence goes from V:A to V:M)');
    expect(error('H:14')).toBe(
      '"H:14" is not between two rows of the board (a horizontal fence goes from H:1 to H:13)',
    );
    expect(error('H:0')).toBe('"H:0" is not between two rows of the board (a horizontal fence goes from H:1 to H:13)');
    expect(error('between columns G and I')).toBe(
      '"between columns G and I": columns G and I are not next to each other; a fence lies between two neighbouring columns',
    );
    expect(error('between columns 3 and 4')).toBe('"between columns 3 and 4": name two columns by letter');
    expect(error('vertical between rows 3 and 4')).toBe(
      '"vertical between rows 3 and 4": a vertical fence lies between columns, not rows',
    );
  });
});

describe('pastures', () => {
  it('are named as spreadsheet ranges and split strictly inside only', () => {
    const left = rect(0, 0, 13, 6);
    expect(formatRect(left)).toBe('A1:G14');
    expect(splits(left, { dir: 'V', after: 5 })).toBe(true);
    expect(splits(left, { dir: 'V', after: 6 })).toBe(false);
    expect(splits(left, { dir: 'H', after: 12 })).toBe(true);
    expect(splits(left, { dir: 'H', after: 13 })).toBe(false);
    expect(splitRect(left, { dir: 'H', after: 6 }).map(formatRect)).toEqual(['A1:G7', 'A8:G14']);
  });

  it('default plan: halves, the left or top part taking the extra column or row', () => {
    const names = (r: Rect) => halvings(r).map(formatFence);
    expect(names(rect(0, 0, 13, 6))).toEqual(['V:D', 'H:7']); // 7 wide: A–D | E–G; 14 high: 7 | 7
    expect(names(rect(0, 0, 4, 6))).toEqual(['V:D', 'H:3']); // 5 high: rows 1–3 | 4–5
    expect(names(rect(0, 7, 13, 13))).toEqual(['V:K', 'H:7']); // H–N: H–K | L–N
    expect(names(rect(2, 3, 3, 4))).toEqual(['V:D', 'H:3']); // 2×2
    expect(names(rect(0, 0, 13, 0))).toEqual(['H:7']); // one column wide: only horizontal
    expect(names(rect(4, 2, 4, 9))).toEqual(['V:F']); // one row high (C5:J5): only vertical
    expect(names(rect(4, 2, 4, 2))).toEqual([]); // a single cell cannot be split
  });

  it('starting fences split every pasture they cross, or only the named one', () => {
    const both = applyStartingFences(['V:G', 'H:7']);
    expect(both.pastures.map(formatRect)).toEqual(['A1:G7', 'H1:N7', 'A8:G14', 'H8:N14']);
    const one = applyStartingFences(['V:G', 'H:7 in A1']);
    expect(one.pastures.map(formatRect)).toEqual(['A1:G7', 'H1:N14', 'A8:G14']);
    expect(applyStartingFences(['V:G', 'V:G']).issues).toEqual([
      { index: 1, message: 'V:G splits no pasture (it lies on an edge or an earlier fence)' },
    ]);
    expect(applyStartingFences(['V:G', 'V:C in J4']).issues).toEqual([
      { index: 1, message: 'V:C does not split the pasture H1:N14 that holds J4' },
    ]);
    expect(applyStartingFences([]).pastures.map(formatRect)).toEqual(['A1:N14']);
  });
});

describe('walking a straight line', () => {
  const pastures = applyStartingFences(['V:G', 'V:J']).pastures; // A–G | H–J | K–N
  const grid = pastureGrid(pastures);
  const gate = (a: string, b: string) => crossingKey(cell(a), cell(b));

  it('stops on the last cell before a fence without a gate, in either direction', () => {
    expect(walk(cell('C5'), cell('L5'), grid, new Set())).toEqual(cell('G5'));
    expect(walk(cell('L5'), cell('A5'), grid, new Set())).toEqual(cell('K5'));
    expect(walk(cell('C5'), cell('C14'), grid, new Set())).toEqual(cell('C14'));
  });

  it('passes a fence only where a gate lies on exactly that crossing', () => {
    expect(walk(cell('C5'), cell('L5'), grid, new Set([gate('H5', 'G5')]))).toEqual(cell('J5'));
    expect(walk(cell('C5'), cell('L5'), grid, new Set([gate('G5', 'H5'), gate('J5', 'K5')]))).toEqual(cell('L5'));
    expect(walk(cell('C5'), cell('L5'), grid, new Set([gate('G6', 'H6'), gate('J5', 'K5')]))).toEqual(cell('G5'));
  });
});
