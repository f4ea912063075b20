// A player's pallet as play goes on, and the domain: which squares are still on each pallet
// (not cut out, not removed), which are pegs, and who owns each domain square.

import { indexName, kingIndices } from '../../core/coords.js';
import { DOMAIN, DOMAIN_CELLS, PALLET, PALLET_CELLS } from './geometry.js';

export interface Pallet {
  /** Pegs as the pallet started (with the Additional Peg, once placed). */
  readonly pegs: readonly boolean[];
  /** The turn each square was cut out in; 0 while it has not been. */
  readonly cutIn: readonly number[];
  /** The turn each square was removed in by the opponent; 0 if it has not been. */
  readonly removedIn: readonly number[];
}

export interface Domain {
  /** The owner of each square (player id), or null. */
  readonly owner: readonly (string | null)[];
  readonly peg: readonly boolean[];
}

export function palletFrom(pegs: readonly boolean[]): Pallet {
  return { pegs, cutIn: new Array<number>(PALLET_CELLS).fill(0), removedIn: new Array<number>(PALLET_CELLS).fill(0) };
}

export function isOnPallet(pallet: Pallet, index: number): boolean {
  return pallet.cutIn[index] === 0 && pallet.removedIn[index] === 0;
}

/** A peg still on the pallet. */
export function isLivePeg(pallet: Pallet, index: number): boolean {
  return pallet.pegs[index] && isOnPallet(pallet, index);
}

export function palletName(index: number): string {
  return indexName(index, PALLET);
}

export function domainName(index: number): string {
  return indexName(index, DOMAIN);
}

/** Why a pallet square is gone, for messages: "cut in turn 3", "removed in turn 4"; null if still there. */
export function goneReason(pallet: Pallet, index: number): string | null {
  if (pallet.cutIn[index] > 0) return `cut in turn ${pallet.cutIn[index]}`;
  if (pallet.removedIn[index] > 0) return `removed in turn ${pallet.removedIn[index]}`;
  return null;
}

/** A live peg touching `index`, even diagonally (the first in reading order), or undefined. */
export function touchingPeg(pallet: Pallet, index: number): number | undefined {
  return kingIndices(index, PALLET)
    .filter((n) => isLivePeg(pallet, n))
    .sort((a, b) => a - b)[0];
}

/** The domain at the start: columns A–D the first listed player's, F–I the second's, E nobody's. */
export function startingDomain(left: string, right: string): Domain {
  const owner: (string | null)[] = [];
  for (let i = 0; i < DOMAIN_CELLS; i++) {
    const col = i % DOMAIN.cols;
    owner.push(col < 4 ? left : col > 4 ? right : null);
  }
  return { owner, peg: new Array<boolean>(DOMAIN_CELLS).fill(false) };
}

export function countOwned(domain: Domain, player: string): number {
  return domain.owner.filter((o) => o === player).length;
}

export function countCut(pallet: Pallet): number {
  return pallet.cutIn.filter((t) => t > 0).length;
}

export function countRemoved(pallet: Pallet): number {
  return pallet.removedIn.filter((t) => t > 0).length;
}

/**
 * The squares a Rapid Removal centred on `centre` takes from `pallet` (as it stands when the
 * removal happens, at the end of the turn): its 3×3 area, sparing pegs, squares touching a peg
 * (even diagonally) and squares already gone.
 */
export function rapidArea(centre: number, pallet: Pallet): number[] {
  const area = [centre, ...kingIndices(centre, PALLET)].sort((a, b) => a - b);
  return area.filter((i) => isOnPallet(pallet, i) && !pallet.pegs[i] && touchingPeg(pallet, i) === undefined);
}
