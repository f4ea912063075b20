// Pastures and fences on the 14×14 board.
//
// A pasture is a rectangle of cells. Every fence splits one pasture along its full width or height
// (a guillotine cut), so the pastures always tile the board, and two orthogonally adjacent cells
// are separated by a fence exactly when they lie in different pastures. That is why the game keeps
// only the list of pastures: fences are the boundaries between them.

import { type BoardShape, type Cell, cellIndex, columnIndex, columnLetters, formatCell } from '../../core/coords.js';
import { mention, quote } from '../../core/quote.js';
import { type Result, err, ok } from '../../core/result.js';

export const SIZE = 14;
export const SHAPE: BoardShape = { rows: SIZE, cols: SIZE, style: 'letters' };

/** A pasture: rows top…bottom and columns left…right, inclusive and zero-based. */
export interface Rect {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/**
 * A fence line: `V` lies between column `after` and `after + 1` (V:G is after = 6), `H` between
 * row `after` and `after + 1` (H:7 is after = 6). Its extent is the pasture it splits.
 */
export interface Fence {
  readonly dir: 'V' | 'H';
  readonly after: number;
}

export const WHOLE_BOARD: Rect = { top: 0, left: 0, bottom: SIZE - 1, right: SIZE - 1 };

export function formatFence(fence: Fence): string {
  return fence.dir === 'V' ? `V:${columnLetters(fence.after)}` : `H:${fence.after + 1}`;
}

export function fenceWords(fence: Fence): string {
  return fence.dir === 'V'
    ? `between columns ${columnLetters(fence.after)} and ${columnLetters(fence.after + 1)}`
    : `between rows ${fence.after + 1} and ${fence.after + 2}`;
}

/** "A1:G14", as a spreadsheet writes a range. */
export function formatRect(rect: Rect): string {
  return `${formatCell({ row: rect.top, col: rect.left }, SHAPE)}:${formatCell({ row: rect.bottom, col: rect.right }, SHAPE)}`;
}

export function widthOf(rect: Rect): number {
  return rect.right - rect.left + 1;
}

export function heightOf(rect: Rect): number {
  return rect.bottom - rect.top + 1;
}

export function sameRect(a: Rect, b: Rect): boolean {
  return a.top === b.top && a.left === b.left && a.bottom === b.bottom && a.right === b.right;
}

export function contains(rect: Rect, cell: Cell): boolean {
  return cell.row >= rect.top && cell.row <= rect.bottom && cell.col >= rect.left && cell.col <= rect.right;
}

/** The pasture holding `cell` (-1 only if the pastures do not tile the board). */
export function pastureIndexAt(pastures: readonly Rect[], cell: Cell): number {
  return pastures.findIndex((rect) => contains(rect, cell));
}

/** Each cell's pasture index, row by row: one lookup per step of a walk. */
export function pastureGrid(pastures: readonly Rect[]): Int16Array {
  const grid = new Int16Array(SIZE * SIZE).fill(-1);
  pastures.forEach((rect, index) => {
    for (let row = rect.top; row <= rect.bottom; row++) {
      for (let col = rect.left; col <= rect.right; col++) grid[row * SIZE + col] = index;
    }
  });
  return grid;
}

/** True when `fence` cuts `rect` strictly inside, leaving cells on both sides. */
export function splits(rect: Rect, fence: Fence): boolean {
  return fence.dir === 'V'
    ? fence.after >= rect.left && fence.after < rect.right
    : fence.after >= rect.top && fence.after < rect.bottom;
}

/** The two pastures a fence makes: left then right, or top then bottom. */
export function splitRect(rect: Rect, fence: Fence): [Rect, Rect] {
  return fence.dir === 'V'
    ? [
        { ...rect, right: fence.after },
        { ...rect, left: fence.after + 1 },
      ]
    : [
        { ...rect, bottom: fence.after },
        { ...rect, top: fence.after + 1 },
      ];
}

/** Every fence that splits `rect`: vertical ones left to right, then horizontal ones top to bottom. */
export function fencesSplitting(rect: Rect): Fence[] {
  const out: Fence[] = [];
  for (let after = rect.left; after < rect.right; after++) out.push({ dir: 'V', after });
  for (let after = rect.top; after < rect.bottom; after++) out.push({ dir: 'H', after });
  return out;
}

/**
 * The default plan's possible halvings: vertical and horizontal, the left or top part taking the
 * extra column or row when the size is odd. One cell wide: only horizontal; one cell high: only
 * vertical; a single cell: none.
 */
export function halvings(rect: Rect): Fence[] {
  const out: Fence[] = [];
  if (widthOf(rect) > 1) out.push({ dir: 'V', after: rect.left + Math.ceil(widthOf(rect) / 2) - 1 });
  if (heightOf(rect) > 1) out.push({ dir: 'H', after: rect.top + Math.ceil(heightOf(rect) / 2) - 1 });
  return out;
}

export function compareRects(a: Rect, b: Rect): number {
  return a.top - b.top || a.left - b.left;
}

/** The pastures after building `fences` (pasture index → fence), in reading order. */
export function buildFences(pastures: readonly Rect[], fences: ReadonlyMap<number, Fence>): Rect[] {
  return pastures
    .flatMap((rect, index) => {
      const fence = fences.get(index);
      return fence ? splitRect(rect, fence) : [rect];
    })
    .sort(compareRects);
}

/** A crossing between two orthogonally adjacent cells, the same whichever side is named first. */
export function crossingKey(a: Cell, b: Cell): string {
  const [first, second] = a.row < b.row || (a.row === b.row && a.col < b.col) ? [a, b] : [b, a];
  return `${first.row},${first.col}|${second.row},${second.col}`;
}

export function areAdjacent(a: Cell, b: Cell): boolean {
  return Math.abs(a.row - b.row) + Math.abs(a.col - b.col) === 1;
}

/**
 * Where a sheep walking in a straight line from `from` toward `to` stops: it passes a fence only
 * where a gate (by `crossingKey`) lies on exactly that crossing, and otherwise stops on the last
 * cell before it. `to` must share `from`'s row or column.
 */
export function walk(from: Cell, to: Cell, grid: Int16Array, gates: ReadonlySet<string>): Cell {
  const dRow = Math.sign(to.row - from.row);
  const dCol = Math.sign(to.col - from.col);
  let here = from;
  while (here.row !== to.row || here.col !== to.col) {
    const next = { row: here.row + dRow, col: here.col + dCol };
    const fenced = grid[cellIndex(here, SHAPE)] !== grid[cellIndex(next, SHAPE)];
    if (fenced && !gates.has(crossingKey(here, next))) break;
    here = next;
  }
  return here;
}

const SHORT = /^([VH])\s*[:-]?\s*([A-Z]+|\d+)$/i;
const WORDS =
  /^(?:(vertical|horizontal)(?:\s+fence)?\s*,?\s*)?between\s+(columns?|rows?)\s+([A-Z]+|\d+)\s+and\s+([A-Z]+|\d+)$/i;
const HOW = 'write V:G (between columns G and H) or H:7 (between rows 7 and 8)';

function lineAfter(dir: 'V' | 'H', label: string): number {
  return dir === 'V' ? columnIndex(label) : /^\d+$/.test(label) ? Number(label) - 1 : -1;
}

function checkLine(dir: 'V' | 'H', after: number, raw: string): Result<Fence> {
  const last = SIZE - 2;
  if (after < 0 || after > last) {
    return err(
      dir === 'V'
        ? `${quote(raw)} is not between two columns of the board (a vertical fence goes from V:A to V:${columnLetters(last)})`
        : `${quote(raw)} is not between two rows of the board (a horizontal fence goes from H:1 to H:${last + 1})`,
    );
  }
  return ok({ dir, after });
}

/** Reads `V:G`, `H:7`, "between columns G and H" or "between rows 7 and 8". */
export function parseFence(text: string): Result<Fence> {
  const raw = text.trim().replace(/\s+/g, ' ');
  const short = SHORT.exec(raw);
  if (short) {
    const dir = short[1].toUpperCase() === 'V' ? 'V' : 'H';
    const isLetters = /^[A-Z]+$/i.test(short[2]);
    if (dir === 'V' && !isLetters)
      return err(
        `${quote(raw)}: a vertical fence lies between two columns, named by the left one's letter (V:G is between G and H)`,
      );
    if (dir === 'H' && isLetters)
      return err(
        `${quote(raw)}: a horizontal fence lies between two rows, named by the upper one's number (H:7 is between 7 and 8)`,
      );
    return checkLine(dir, lineAfter(dir, short[2]), raw);
  }
  const words = WORDS.exec(raw);
  if (words) {
    const dir = words[2].toLowerCase().startsWith('col') ? 'V' : 'H';
    const stated = words[1]?.toLowerCase();
    if (stated && (stated === 'vertical') !== (dir === 'V')) {
      return err(
        `${quote(raw)}: a ${stated} fence lies between ${stated === 'vertical' ? 'columns' : 'rows'}, not ${dir === 'V' ? 'columns' : 'rows'}`,
      );
    }
    const a = lineAfter(dir, words[3]);
    const b = lineAfter(dir, words[4]);
    const kind = dir === 'V' ? 'columns' : 'rows';
    if (a < 0 || b < 0) return err(`${quote(raw)}: name two ${kind} by ${dir === 'V' ? 'letter' : 'number'}`);
    if (Math.abs(a - b) !== 1)
      return err(
        `${quote(raw)}: ${kind} ${mention(words[3].toUpperCase())} and ${mention(words[4].toUpperCase())} are not next to each other; a fence lies between two neighbouring ${kind}`,
      );
    return checkLine(dir, Math.min(a, b), raw);
  }
  return err(`${quote(raw)} is not a fence: ${HOW}`);
}
