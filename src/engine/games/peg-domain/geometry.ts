// Peg Domain geometry: the 16×12 pallets and the 9×9 domain, cells by index (row * cols + col,
// core/coords.ts), and the clockwise rotations a cut-out may be placed with.

import { type BoardShape, cellAt, cellIndex } from '../../core/coords.js';

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
    case 1:
      return [dc, -dr];
    case 2:
      return [-dr, -dc];
    case 3:
      return [-dc, dr];
    default:
      return [dr, dc];
  }
}

/**
 * Where each pallet square of a cut-out lands when its anchor (the first-named peg) is put on
 * domain square `at` and the cut-out is turned `rotation` degrees clockwise about the anchor.
 * Squares off the domain come back as null, with the row/column they would have had.
 */
export function landingSquares(
  cells: readonly number[],
  anchor: number,
  at: number,
  rotation: Rotation,
): { cell: number; row: number; col: number; index: number | null }[] {
  const quarter = ROTATIONS.indexOf(rotation);
  const from = cellAt(anchor, PALLET);
  const to = cellAt(at, DOMAIN);
  return cells.map((cell) => {
    const square = cellAt(cell, PALLET);
    const [dr, dc] = rotateOffset(square.row - from.row, square.col - from.col, quarter);
    const row = to.row + dr;
    const col = to.col + dc;
    const inside = row >= 0 && row < DOMAIN.rows && col >= 0 && col < DOMAIN.cols;
    return { cell, row, col, index: inside ? cellIndex({ row, col }, DOMAIN) : null };
  });
}
