import { describe, expect, it } from 'vitest';
import { columnIndex, columnLetters, formatCell, parseCell, parseCellList } from '../../src/engine/core/coords.js';

const eight = { rows: 8, cols: 8 };
const canvas = { rows: 40, cols: 67 };

describe('coordinates', () => {
  it('reads letters and numbers, forgiving case and spaces', () => {
    expect(parseCell('C12', { rows: 14, cols: 14 })).toEqual({ ok: true, value: { row: 11, col: 2 } });
    expect(parseCell('c 12', { rows: 14, cols: 14 })).toEqual({ ok: true, value: { row: 11, col: 2 } });
    expect(parseCell('  a1 ', eight)).toEqual({ ok: true, value: { row: 0, col: 0 } });
  });

  it('reads R<row>C<col> on boards wider than 26 columns', () => {
    expect(parseCell('R12C40', canvas)).toEqual({ ok: true, value: { row: 11, col: 39 } });
    expect(parseCell('r 12 c 40', canvas)).toEqual({ ok: true, value: { row: 11, col: 39 } });
    expect(formatCell({ row: 11, col: 39 }, canvas)).toBe('R12C40');
  });

  it('says exactly what is wrong', () => {
    expect(parseCell('I3', eight)).toEqual({ ok: false, error: 'I3 is off the board (columns A–H, rows 1–8)' });
    expect(parseCell('A0', eight)).toEqual({ ok: false, error: 'A0 is off the board (columns A–H, rows 1–8)' });
    expect(parseCell('3C', eight)).toEqual({
      ok: false,
      error: '"3C" is not a coordinate: write a column letter and a row number, e.g. C12',
    });
    expect(parseCell('', eight)).toEqual({ ok: false, error: 'no coordinate given' });
    expect(parseCell('B7', canvas)).toEqual({
      ok: false,
      error: '"B7" is not a coordinate on this board: write R<row>C<column>, e.g. R12C40',
    });
    expect(parseCell('R41C1', canvas)).toEqual({
      ok: false,
      error: 'R41C1 is off the board (rows 1–40, columns 1–67)',
    });
  });

  it('reads lists with any separator and names what it could not read', () => {
    const list = parseCellList('A1 b2, c 3; D4 and E5', eight);
    expect(list.ok && list.value.map((c) => formatCell(c, eight))).toEqual(['A1', 'B2', 'C3', 'D4', 'E5']);
    expect(parseCellList('A1 ?? B2', eight)).toEqual({ ok: false, error: 'could not read "??" as a coordinate' });
    expect(parseCellList('A1 B9', eight)).toEqual({ ok: false, error: 'B9 is off the board (columns A–H, rows 1–8)' });
  });

  it('converts column letters both ways', () => {
    expect(columnLetters(0)).toBe('A');
    expect(columnLetters(25)).toBe('Z');
    expect(columnLetters(26)).toBe('AA');
    expect(columnIndex('aa')).toBe(26);
    expect(columnIndex('N')).toBe(13);
  });
});
