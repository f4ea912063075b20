// The Not Flower Field board: each cell holds up to two distinct colours, or is black.
//
// A cell is a sorted list of colour names (palette order); a black cell is ['black']. Cells are
// indexed row * size + col.

const BLACK = 'black';

export type CellColours = readonly string[];
export type Board = readonly CellColours[];

export interface Placement {
  readonly index: number;
  readonly colour: string;
}

export function emptyBoard(size: number): Board {
  return Array.from({ length: size * size }, () => []);
}

export function isBlack(cell: CellColours): boolean {
  return cell.length === 1 && cell[0] === BLACK;
}

export function isEmpty(cell: CellColours): boolean {
  return cell.length === 0;
}

/** A cell "is colour X" when it holds X; a black cell is colour black. */
export function holds(cell: CellColours, colour: string): boolean {
  return cell.includes(colour);
}

/** Why `colour` may not be placed in `cell` at the start of a round, or null when it may. */
export function placementProblem(cell: CellColours, colour: string): 'black' | 'full' | 'same' | null {
  if (isBlack(cell)) return 'black';
  if (cell.length >= 2) return 'full';
  if (cell.includes(colour)) return 'same';
  return null;
}

export function canPlace(cell: CellColours, colour: string): boolean {
  return placementProblem(cell, colour) === null;
}

/**
 * Applies one round's placements at once: each cell's colours become the union of what it had
 * and what was placed (the same colour twice counts once); more than two colours make it black,
 * and black stays black.
 */
export function applyPlacements(board: Board, placements: readonly Placement[], palette: readonly string[]): Board {
  const added = new Map<number, Set<string>>();
  for (const { index, colour } of placements) {
    const set = added.get(index) ?? new Set<string>();
    set.add(colour);
    added.set(index, set);
  }
  return board.map((cell, index) => {
    const extra = added.get(index);
    if (!extra || isBlack(cell)) return cell;
    const union = new Set([...cell, ...extra]);
    if (union.size > 2) return [BLACK];
    return [...union].sort((a, b) => palette.indexOf(a) - palette.indexOf(b));
  });
}

/** Cells holding `colour` (black cells do not). */
export function countHolding(board: Board, colour: string): number {
  return board.filter((cell) => holds(cell, colour)).length;
}
