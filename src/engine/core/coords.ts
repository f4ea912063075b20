// Board coordinates as the rules write them.
//
// Columns are letters from A, rows numbers from 1; A1 is the top-left cell. Boards wider than 26
// columns (the Paint canvas) use R<row>C<col>, both 1-based. Parsing forgives case and spaces
// ("c 12" is C12) and says exactly what is wrong when it cannot read a coordinate.

import { mention, quote } from './quote.js';
import { type Result, ok, err } from './result.js';

/** A cell by zero-based row and column. */
export interface Cell {
  readonly row: number;
  readonly col: number;
}

/** The size of a board and how its coordinates are written. */
export interface BoardShape {
  readonly rows: number;
  readonly cols: number;
  /** `letters` (A1) or `rc` (R1C1); defaults to letters up to 26 columns, rc beyond. */
  readonly style?: 'letters' | 'rc';
}

function styleOf(shape: BoardShape): 'letters' | 'rc' {
  return shape.style ?? (shape.cols > 26 ? 'rc' : 'letters');
}

/** 0 → "A", 25 → "Z", 26 → "AA". */
export function columnLetters(col: number): string {
  let n = col + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** "A" → 0, "aa" → 26; -1 when the text is not letters. */
export function columnIndex(letters: string): number {
  const up = letters.toUpperCase();
  if (!/^[A-Z]+$/.test(up)) return -1;
  let n = 0;
  for (const ch of up) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function formatCell(cell: Cell, shape: BoardShape): string {
  return styleOf(shape) === 'rc' ? `R${cell.row + 1}C${cell.col + 1}` : `${columnLetters(cell.col)}${cell.row + 1}`;
}

/** The column range and row range in words, for error messages: "columns A–H, rows 1–8". */
export function describeBounds(shape: BoardShape): string {
  if (styleOf(shape) === 'rc') return `rows 1–${shape.rows}, columns 1–${shape.cols}`;
  return `columns A–${columnLetters(shape.cols - 1)}, rows 1–${shape.rows}`;
}

function inBounds(cell: Cell, shape: BoardShape): boolean {
  return cell.row >= 0 && cell.row < shape.rows && cell.col >= 0 && cell.col < shape.cols;
}

const RC_PATTERN = /^R\s*(\d+)\s*C\s*(\d+)$/i;
const LETTERS_PATTERN = /^([A-Z]+)\s*(\d+)$/i;

/** Reads one coordinate, e.g. "C12", "c 12", "R12C40". */
export function parseCell(text: string, shape: BoardShape): Result<Cell> {
  const raw = text.trim();
  if (raw === '') return err('no coordinate given');
  const compact = raw.replace(/\s+/g, ' ');
  const style = styleOf(shape);
  const rc = RC_PATTERN.exec(compact);
  if (rc && style === 'rc') {
    return checkBounds({ row: Number(rc[1]) - 1, col: Number(rc[2]) - 1 }, raw, shape);
  }
  const letters = LETTERS_PATTERN.exec(compact);
  if (letters) {
    if (style === 'rc') {
      return err(`${quote(raw)} is not a coordinate on this board: write R<row>C<column>, e.g. R12C40`);
    }
    return checkBounds({ row: Number(letters[2]) - 1, col: columnIndex(letters[1]) }, raw, shape);
  }
  const example = style === 'rc' ? 'R12C40' : 'C12';
  return err(
    `${quote(raw)} is not a coordinate: write ${style === 'rc' ? 'R<row>C<column>' : 'a column letter and a row number'}, e.g. ${example}`,
  );
}

function checkBounds(cell: Cell, raw: string, shape: BoardShape): Result<Cell> {
  if (!inBounds(cell, shape)) {
    return err(`${mention(raw.toUpperCase().replace(/\s+/g, ''))} is off the board (${describeBounds(shape)})`);
  }
  return ok(cell);
}

/**
 * Reads every coordinate in a free-text list ("A1 B2, c 3"). Separators are spaces, commas,
 * semicolons and "and"; anything else that is not a coordinate is reported.
 */
export function parseCellList(text: string, shape: BoardShape): Result<Cell[]> {
  const tokens = splitCoordinates(text, shape);
  if (!tokens.ok) return tokens;
  const cells: Cell[] = [];
  for (const token of tokens.value) {
    const cell = parseCell(token, shape);
    if (!cell.ok) return cell;
    cells.push(cell.value);
  }
  return ok(cells);
}

/** Splits a list into coordinate tokens, keeping "c 12" together as one token. */
function splitCoordinates(text: string, shape: BoardShape): Result<string[]> {
  const pattern = styleOf(shape) === 'rc' ? /R\s*\d+\s*C\s*\d+/gi : /[A-Z]+\s*\d+/gi;
  const tokens: string[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const gap = text.slice(last, match.index);
    const junk = gap.replace(/[\s,;/|&+]+|\band\b/gi, '');
    if (junk !== '') return err(`could not read ${quote(junk)} as a coordinate`);
    tokens.push(match[0]);
    last = match.index + match[0].length;
  }
  const tail = text.slice(last).replace(/[\s,;/|&+.]+|\band\b/gi, '');
  if (tail !== '') return err(`could not read ${quote(tail)} as a coordinate`);
  return ok(tokens);
}

export function sameCell(a: Cell, b: Cell): boolean {
  return a.row === b.row && a.col === b.col;
}

// Boards held as flat arrays (a square per index, row by row): index = row * cols + col.

/** The index of `cell` on a board of `shape`. */
export function cellIndex(cell: Cell, shape: BoardShape): number {
  return cell.row * shape.cols + cell.col;
}

/** The cell at `index` on a board of `shape`. */
export function cellAt(index: number, shape: BoardShape): Cell {
  return { row: Math.floor(index / shape.cols), col: index % shape.cols };
}

/** The name of the square at `index` as the rules write it: "C12", or "R3C40" on a wide board. */
export function indexName(index: number, shape: BoardShape): string {
  return formatCell(cellAt(index, shape), shape);
}

/** The indices of the up to four orthogonal neighbours of `index` that lie on the board. */
export function orthogonalIndices(index: number, shape: BoardShape): number[] {
  return neighbourIndices(index, shape, 1);
}

/** The indices of the up to eight king-move neighbours ("touching, even diagonally"). */
export function kingIndices(index: number, shape: BoardShape): number[] {
  return neighbourIndices(index, shape, 2);
}

function neighbourIndices(index: number, shape: BoardShape, reach: 1 | 2): number[] {
  const { row, col } = cellAt(index, shape);
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if ((dr === 0 && dc === 0) || Math.abs(dr) + Math.abs(dc) > reach) continue;
      const next = { row: row + dr, col: col + dc };
      if (inBounds(next, shape)) out.push(cellIndex(next, shape));
    }
  }
  return out;
}
