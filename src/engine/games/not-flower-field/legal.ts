// Whether a player has a legal full placement: three cells for their own colour and one for each
// opponent's, all different, each cell eligible for the colour put there. This is a matching of
// colour slots to cells (Kuhn's augmenting paths), not a count of free cells: a board can have
// plenty of free cells that all already hold the one colour still to be placed.

import { type Board, canPlace } from './board.js';

export const OWN_CELLS = 3;

/** The colour of each slot a full placement fills: own colour three times, then each opponent's. */
export function slotsFor(own: string, opponents: readonly string[]): string[] {
  return [...Array<string>(OWN_CELLS).fill(own), ...opponents];
}

/**
 * A cell for each slot, or null when no full placement exists. `cellOrder` sets which cells are
 * tried first (a bot passes a shuffled order for a random legal placement); `excluded` cells are
 * not used.
 */
export function findFullPlacement(
  board: Board,
  slots: readonly string[],
  cellOrder: readonly number[] = board.map((_, i) => i),
  excluded: ReadonlySet<number> = new Set(),
): number[] | null {
  const eligible = slots.map((colour) =>
    cellOrder.filter((cell) => !excluded.has(cell) && canPlace(board[cell], colour)),
  );
  const slotOfCell = new Map<number, number>();
  const tryAssign = (slot: number, visited: Set<number>): boolean => {
    for (const cell of eligible[slot]) {
      if (visited.has(cell)) continue;
      visited.add(cell);
      const holder = slotOfCell.get(cell);
      if (holder === undefined || tryAssign(holder, visited)) {
        slotOfCell.set(cell, slot);
        return true;
      }
    }
    return false;
  };
  for (let slot = 0; slot < slots.length; slot++) {
    if (!tryAssign(slot, new Set())) return null;
  }
  const cells = new Array<number>(slots.length);
  for (const [cell, slot] of slotOfCell) cells[slot] = cell;
  return cells;
}

export function hasFullPlacement(board: Board, slots: readonly string[]): boolean {
  return findFullPlacement(board, slots) !== null;
}
