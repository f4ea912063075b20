// Peg Domain geometry: the 16×12 pallets and the 9×9 domain, cells by index (row * cols + col),
// and the clockwise rotations a cut-out may be placed with.

import type { BoardShape } from '../../core/coords.js';

export const PALLET: BoardShape = { rows: 12, cols: 16, style: 'letters' };
export const DOMAIN: BoardShape = { rows: 9, cols: 9, style: 'letters' };
export const PALLET_CELLS = PALLET.rows * PALLET.cols;
export const DOMAIN_CELLS = DOMAIN.rows * DOMAIN.cols;
export const PEGS_PER_PALLET = 36;

/** Clockwise rotations in degrees, and their index (quarter turns). */
export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

/** A row/column offset turned `quarterTurns` times clockwise (rows grow downwards). */
export function rotateOffset(dr: number, dc: number, quarterTurns: number): [number, number] {
  switch (((quarterTurns % 4) + 4) % 4) {
    case 1: return [dc, -dr];
    case 2: return [-dr, -dc];
    case 3: return [-dc, dr];
    default: return [dr, dc];
  }
}

export function rowOf(index: number, shape: BoardShape): number {
  return Math.floor(index / shape.cols);
}

export function colOf(index: number, shape: BoardShape): number {
  return index % shape.cols;
}

/** The indices of the orthogonal neighbours of `index` that lie on the board. */
export function orthogonalIndices(index: number, shape: BoardShape): number[] {
  return neighbourIndices(index, shape, 1);
}

/** The up to eight king-move neighbours ("touching, even diagonally"). */
export function kingIndices(index: number, shape: BoardShape): number[] {
  return neighbourIndices(index, shape, 2);
}

function neighbourIndices(index: number, shape: BoardShape, reach: 1 | 2): number[] {
  const row = rowOf(index, shape);
  const col = colOf(index, shape);
  const out: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if ((dr === 0 && dc === 0) || Math.abs(dr) + Math.abs(dc) > reach) continue;
      const r = row + dr;
      const c = col + dc;
      if (r >= 0 && r < shape.rows && c >= 0 && c < shape.cols) out.push(r * shape.cols + c);
    }
  }
  return out;
}

/**
 * Where each pallet square of a cut-out lands when its anchor (the first-named peg) is put on
 * domain square `at` and the cut-out is turned `rotation` degrees clockwise about the anchor.
 * Squares off the domain come back as null, with the row/column they would have had.
 */
export function landingSquares(cells: readonly number[], anchor: number, at: number, rotation: Rotation): { cell: number; row: number; col: number; index: number | null }[] {
  const quarter = ROTATIONS.indexOf(rotation);
  const anchorRow = rowOf(anchor, PALLET);
  const anchorCol = colOf(anchor, PALLET);
  const atRow = rowOf(at, DOMAIN);
  const atCol = colOf(at, DOMAIN);
  return cells.map((cell) => {
    const [dr, dc] = rotateOffset(rowOf(cell, PALLET) - anchorRow, colOf(cell, PALLET) - anchorCol, quarter);
    const row = atRow + dr;
    const col = atCol + dc;
    const inside = row >= 0 && row < DOMAIN.rows && col >= 0 && col < DOMAIN.cols;
    return { cell, row, col, index: inside ? row * DOMAIN.cols + col : null };
  });
}
