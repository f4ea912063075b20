// A Fair and Square board: 7×7 squares, each 0 (plain) or a point value 1, 2 or 3. Squares are
// indexed row * 7 + col, so index order is reading order (top row first, left to right) and "ties
// go to the first in reading order" is "the lowest index".

import { type BoardShape, indexName } from '../../core/coords.js';
import type { Random } from '../../core/random.js';
import { DIRECTIONS, type Direction } from './pieces.js';

export const SIZE = 7;
export const SQUARES = SIZE * SIZE;
export const SHAPE: BoardShape = { rows: SIZE, cols: SIZE, style: 'letters' };

/** Point value of each square (0: none). */
export type Board = readonly number[];

export function squareName(index: number): string {
  return indexName(index, SHAPE);
}

function squareOf(row: number, col: number): number {
  return row >= 0 && row < SIZE && col >= 0 && col < SIZE ? row * SIZE + col : -1;
}

/** The square one step from `index` in `direction`, or -1 off the board. */
export function neighbour(index: number, direction: Direction): number {
  const [dr, dc] = DIRECTIONS[direction];
  return squareOf(Math.floor(index / SIZE) + dr, (index % SIZE) + dc);
}

/** King-move (Chebyshev) distance between two squares. */
export function distance(a: number, b: number): number {
  return Math.max(Math.abs(Math.floor(a / SIZE) - Math.floor(b / SIZE)), Math.abs((a % SIZE) - (b % SIZE)));
}

/** Reads 7 rows of 7 characters (`.` or 1–3); the schema has already checked the shape. */
export function parseBoard(rows: readonly string[]): Board {
  return rows
    .join('')
    .split('')
    .map((ch) => (ch === '.' ? 0 : Number(ch)));
}

export function boardRows(board: Board): string[] {
  const rows: string[] = [];
  for (let r = 0; r < SIZE; r++)
    rows.push(
      board
        .slice(r * SIZE, (r + 1) * SIZE)
        .map((v) => (v === 0 ? '.' : String(v)))
        .join(''),
    );
  return rows;
}

/**
 * Why no piece may start on `index`, or null when one may: not on a point square, not
 * orthogonally next to a 2 or 3, not diagonally next to a 3.
 */
export function startProblem(board: Board, index: number): string | null {
  const name = squareName(index);
  if (board[index] > 0)
    return `${name} is a point square (worth ${board[index]}); no piece may start on a point square`;
  for (const direction of ['N', 'E', 'S', 'W'] as const) {
    const next = neighbour(index, direction);
    if (next >= 0 && board[next] >= 2)
      return `${name} is orthogonally next to the ${board[next]} on ${squareName(next)}; no piece may start orthogonally next to a 2 or 3`;
  }
  for (const direction of ['NE', 'SE', 'SW', 'NW'] as const) {
    const next = neighbour(index, direction);
    if (next >= 0 && board[next] === 3)
      return `${name} is diagonally next to the 3 on ${squareName(next)}; no piece may start diagonally next to a 3`;
  }
  return null;
}

export function startSquares(board: Board): number[] {
  return board.map((_, i) => i).filter((i) => startProblem(board, i) === null);
}

/** The default point squares: one 3, two 2s and three 1s, no two touching (even diagonally). */
const DEFAULT_VALUES = [3, 2, 2, 1, 1, 1];

export function generateBoard(random: Random): Board {
  // Greedy over a shuffled order always succeeds: five placed squares block at most 45 of 49.
  const board = new Array<number>(SQUARES).fill(0);
  let placed = 0;
  for (const square of random.shuffle(board.map((_, i) => i))) {
    if (placed === DEFAULT_VALUES.length) break;
    if (board.some((value, other) => value > 0 && distance(square, other) <= 1)) continue;
    board[square] = DEFAULT_VALUES[placed++];
  }
  return board;
}
