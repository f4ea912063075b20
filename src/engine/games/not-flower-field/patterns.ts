// The five Not Flower Field patterns (docs/games/not-flower-field.md, "Rules"). Each instance is worth 4 points times
// the product of its cells' multipliers, and instances count once per distinct set of cells.

import { type Board, type CellColours, holds, isBlack, isEmpty } from './board.js';

export const PATTERN_NAMES = [
  'black between two of yours',
  'four different colours in a line',
  'diagonal pair with two different colours beside',
  'S or Z tetromino',
  'yours beside an empty cell',
] as const;

const POINTS_PER_PATTERN = 4;

export interface PatternInstance {
  /** 1–5, as numbered in docs/games/not-flower-field.md, "Rules". */
  readonly pattern: 1 | 2 | 3 | 4 | 5;
  /** Cell indices, ascending. */
  readonly cells: readonly number[];
  readonly multiplier: number;
  readonly points: number;
}

export interface ScoreBreakdown {
  readonly total: number;
  readonly instances: readonly PatternInstance[];
  /** Instances per pattern number (index 0 is pattern 1). */
  readonly counts: readonly number[];
}

/**
 * Whether one distinct colour can be chosen from each cell (a system of distinct
 * representatives). Cells hold at most two colours, so trying every choice is cheap.
 */
function distinctColoursPossible(cells: readonly CellColours[], exclude: readonly string[] = []): boolean {
  const choose = (at: number, used: string[]): boolean => {
    if (at === cells.length) return true;
    for (const colour of cells[at]) {
      if (used.includes(colour)) continue;
      used.push(colour);
      if (choose(at + 1, used)) return true;
      used.pop();
    }
    return false;
  };
  return choose(0, [...exclude]);
}

/** S and Z tetrominoes in all rotations: a rotation by 180° gives the same shape, so four. */
const S_Z_SHAPES: readonly (readonly [number, number][])[] = [
  [
    [0, 1],
    [0, 2],
    [1, 0],
    [1, 1],
  ], // S, lying
  [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 2],
  ], // Z, lying
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
  ], // S, standing
  [
    [0, 1],
    [1, 0],
    [1, 1],
    [2, 0],
  ], // Z, standing
];

/** How the pattern checks read the board: cells by row and column, and the player's colour. */
interface Look {
  readonly colour: string;
  at(row: number, col: number): CellColours;
  idx(row: number, col: number): number;
  inside(row: number, col: number): boolean;
  mine(row: number, col: number): boolean;
}

const ORTHOGONAL: [number, number][] = [
  [-1, 0],
  [0, 1],
  [1, 0],
  [0, -1],
];

/** The instances of the five patterns anchored on the cell at row, col (the black middle of pattern 1, else where a line, square or shape starts). */
function patternsAt(
  row: number,
  col: number,
  { colour, at, idx, inside, mine }: Look,
  add: (pattern: PatternInstance['pattern'], cells: number[]) => void,
): void {
  // 1. a black middle cell with two of the player's cells orthogonally beside it.
  if (isBlack(at(row, col))) {
    const ends = ORTHOGONAL.map(([dr, dc]) => [row + dr, col + dc]).filter(([r, c]) => mine(r, c));
    for (let i = 0; i < ends.length; i++) {
      for (let j = i + 1; j < ends.length; j++) {
        add(1, [idx(ends[i][0], ends[i][1]), idx(row, col), idx(ends[j][0], ends[j][1])]);
      }
    }
  }
  // 2. four in a row or column with four distinct colours, the player's on an end.
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
  ]) {
    if (!inside(row + 3 * dr, col + 3 * dc)) continue;
    const line = [0, 1, 2, 3].map((k) => at(row + k * dr, col + k * dc));
    const fromStart = holds(line[0], colour) && distinctColoursPossible(line.slice(1), [colour]);
    const fromEnd = holds(line[3], colour) && distinctColoursPossible(line.slice(0, 3), [colour]);
    if (fromStart || fromEnd)
      add(
        2,
        [0, 1, 2, 3].map((k) => idx(row + k * dr, col + k * dc)),
      );
  }
  // 3. a diagonal pair of the player's cells whose two shared neighbours take two different colours.
  if (inside(row + 1, col + 1)) {
    const tl = at(row, col),
      tr = at(row, col + 1),
      bl = at(row + 1, col),
      br = at(row + 1, col + 1);
    const falling = holds(tl, colour) && holds(br, colour) && distinctColoursPossible([tr, bl]);
    const rising = holds(tr, colour) && holds(bl, colour) && distinctColoursPossible([tl, br]);
    if (falling || rising) add(3, [idx(row, col), idx(row, col + 1), idx(row + 1, col), idx(row + 1, col + 1)]);
  }
  // 4. S or Z tetromino of the player's cells.
  for (const shape of S_Z_SHAPES) {
    if (shape.every(([dr, dc]) => mine(row + dr, col + dc)))
      add(
        4,
        shape.map(([dr, dc]) => idx(row + dr, col + dc)),
      );
  }
  // 5. one of the player's cells beside an empty cell.
  for (const [dr, dc] of [
    [0, 1],
    [1, 0],
  ]) {
    if (!inside(row + dr, col + dc)) continue;
    const a = at(row, col),
      b = at(row + dr, col + dc);
    if ((isEmpty(a) && holds(b, colour)) || (isEmpty(b) && holds(a, colour)))
      add(5, [idx(row, col), idx(row + dr, col + dc)]);
  }
}

export function findPatterns(
  board: Board,
  size: number,
  colour: string,
  multipliers: readonly number[],
): PatternInstance[] {
  const at = (row: number, col: number) => board[row * size + col];
  const inside = (row: number, col: number) => row >= 0 && row < size && col >= 0 && col < size;
  const look: Look = {
    colour,
    at,
    idx: (row, col) => row * size + col,
    inside,
    mine: (row, col) => inside(row, col) && holds(at(row, col), colour),
  };
  const found = new Map<string, PatternInstance>();
  const add = (pattern: PatternInstance['pattern'], cells: number[]) => {
    const sorted = [...cells].sort((a, b) => a - b);
    const key = `${pattern}:${sorted.join(',')}`;
    if (found.has(key)) return;
    const multiplier = sorted.reduce((product, cell) => product * multipliers[cell], 1);
    found.set(key, { pattern, cells: sorted, multiplier, points: POINTS_PER_PATTERN * multiplier });
  };
  for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) patternsAt(row, col, look, add);
  return [...found.values()];
}

export function scorePlayer(
  board: Board,
  size: number,
  colour: string,
  multipliers: readonly number[],
): ScoreBreakdown {
  const instances = findPatterns(board, size, colour, multipliers);
  const counts = [0, 0, 0, 0, 0];
  let total = 0;
  for (const instance of instances) {
    counts[instance.pattern - 1]++;
    total += instance.points;
  }
  return { total, instances, counts };
}
