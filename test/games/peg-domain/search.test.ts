// The legal-move search, checked against an independent brute force on random boards, on hand-made
// dead ends, with Peg Subtraction, and for speed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '../../../src/engine/core/random.js';
import { PALLET, PALLET_CELLS, rotateOffset } from '../../../src/engine/games/peg-domain/geometry.js';
import { generatePallet, readPallet } from '../../../src/engine/games/peg-domain/options.js';
import {
  type Pallet,
  isLivePeg,
  isOnPallet,
  palletFrom,
  palletName,
} from '../../../src/engine/games/peg-domain/pallet.js';
import { parseCut, parsePlace, placeCutout } from '../../../src/engine/games/peg-domain/parse.js';
import {
  type SearchBoard,
  WINDOWS,
  WindowScan,
  findLegalMove,
  hasLegalMove,
  rotationOf,
} from '../../../src/engine/games/peg-domain/search.js';
import { PALLET_T, name9, sq } from './helpers.js';

const pegsOf = (rows: readonly string[]) => (readPallet(rows) as { pegs: boolean[] }).pegs;

/**
 * Brute force, written independently of the windows: for every live peg as the anchor, every
 * rotation and every domain square for it, walk the pallet from the anchor through squares whose
 * landing square is inside the domain and free of pegs; a legal move exists when the walk
 * reaches a second peg.
 */
function bruteForce(board: SearchBoard): boolean {
  const { pallet, domainPegs } = board;
  for (let anchor = 0; anchor < PALLET_CELLS; anchor++) {
    if (!isLivePeg(pallet, anchor)) continue;
    for (let quarter = 0; quarter < 4; quarter++) {
      for (let at = 0; at < 81; at++) {
        const lands = (cell: number) => {
          const [dr, dc] = rotateOffset(
            Math.floor(cell / 16) - Math.floor(anchor / 16),
            (cell % 16) - (anchor % 16),
            quarter,
          );
          const row = Math.floor(at / 9) + dr;
          const col = (at % 9) + dc;
          return row >= 0 && row < 9 && col >= 0 && col < 9 && !domainPegs[row * 9 + col];
        };
        if (!lands(anchor)) continue;
        const seen = new Set([anchor]);
        const queue = [anchor];
        while (queue.length > 0) {
          const cell = queue.shift() as number;
          const r = Math.floor(cell / 16);
          const c = cell % 16;
          for (const [nr, nc] of [
            [r - 1, c],
            [r + 1, c],
            [r, c - 1],
            [r, c + 1],
          ]) {
            const next = nr * 16 + nc;
            if (nr < 0 || nr >= PALLET.rows || nc < 0 || nc >= PALLET.cols || seen.has(next)) continue;
            if (!isOnPallet(pallet, next) || !lands(next)) continue;
            if (pallet.pegs[next]) return true;
            seen.add(next);
            queue.push(next);
          }
        }
      }
    }
  }
  return false;
}

/** The move found, written as a player would, must pass the same checks as a player's answer. */
function expectPlayable(board: SearchBoard, subtract = false): void {
  const found = findLegalMove(board, { subtract });
  if (!found) throw new Error('no move found');
  const scan = new WindowScan(board).load(found.window);
  const squares = scan.path(found.pegs[0], found.pegs[1], found.subtract);
  const cut = parseCut(squares.map((s) => palletName(scan.under[s])).join(' '), board.pallet);
  const place = parsePlace(`${name9(squares[0])} ${rotationOf(WINDOWS[found.window])}`);
  if (!cut.ok || !place.ok) throw new Error(`${cut.ok ? '' : cut.error} ${place.ok ? '' : place.error}`);
  const pegs = board.domainPegs.map((p, i) => p && i !== found.subtract);
  expect(placeCutout(cut.value, place.value, pegs)).toEqual({ ok: true, value: squares });
}

function randomBoard(seed: string, cutShare: number, pegShare: number): SearchBoard {
  const random = new Random(seed);
  const pallet = palletFrom(pegsOf(generatePallet(random)));
  const cutIn = pallet.cutIn.map(() => (random.chance(cutShare) ? 1 : 0));
  return { pallet: { ...pallet, cutIn }, domainPegs: Array.from({ length: 81 }, () => random.chance(pegShare)) };
}

/** PALLET_T with everything cut but the L B2 C2 D2 D3 and the other pegs, which are left isolated. */
function onlyTheL(): Pallet {
  const pallet = palletFrom(pegsOf(PALLET_T));
  const keep = new Set(['B2', 'C2', 'D2', 'D3']);
  const cutIn = pallet.cutIn.map((_, i) => (pallet.pegs[i] || keep.has(palletName(i)) ? 0 : 1));
  return { ...pallet, cutIn };
}

describe('legal-move search', () => {
  it('agrees with a brute force on random boards, and what it finds is a playable move', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.double({ min: 0, max: 0.97, noNaN: true }),
        fc.double({ min: 0, max: 0.8, noNaN: true }),
        (seed, cut, pegs) => {
          const board = randomBoard(seed, cut, pegs);
          const expected = bruteForce(board);
          expect(hasLegalMove(board)).toBe(expected);
          if (expected) expectPlayable(board);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('finds nothing when every remaining piece is blocked, and a move on a fresh pallet', () => {
    const empty = new Array<boolean>(81).fill(false);
    expect(hasLegalMove({ pallet: palletFrom(pegsOf(PALLET_T)), domainPegs: empty })).toBe(true);
    // Only the L tetromino is left; a domain with pegs on every other square has no room for it.
    const checker = Array.from({ length: 81 }, (_, i) => (Math.floor(i / 9) + (i % 9)) % 2 === 0);
    expect(hasLegalMove({ pallet: onlyTheL(), domainPegs: checker })).toBe(false);
    expect(hasLegalMove({ pallet: onlyTheL(), domainPegs: empty })).toBe(true);
  });

  it('with Peg Subtraction, counts a move that needs one domain peg lifted, and names that peg', () => {
    // Free: E5 F5 G5. The L needs a fourth square: lifting G6 makes room (E5 F5 G5 G6).
    const domainPegs = Array.from(
      { length: 81 },
      (_, i) => !['E5', 'F5', 'G5', 'G6'].includes(name9(i)) || name9(i) === 'G6',
    );
    const board = { pallet: onlyTheL(), domainPegs };
    expect(hasLegalMove(board)).toBe(false);
    expect(hasLegalMove(board, { subtract: true })).toBe(true);
    expect(name9(findLegalMove(board, { subtract: true })?.subtract as number)).toBe('G6');
    expectPlayable(board, true);
    expect(bruteForce({ ...board, domainPegs: domainPegs.map((p, i) => p && i !== sq('G6')) })).toBe(true);
  });

  // How long the search takes on a full pallet is a target of npm run bench (bench/bench.ts: under
  // 50 ms, the median), not of this test.
  it('finds no move on a domain pegged like a chessboard, having tried every window', () => {
    const checker = Array.from({ length: 81 }, (_, i) => (Math.floor(i / 9) + (i % 9)) % 2 === 0);
    const boards = Array.from({ length: 15 }, (_, k) => ({
      pallet: palletFrom(pegsOf(generatePallet(new Random(`speed-${k}`)))),
      domainPegs: checker,
    }));
    for (const board of boards) expect(hasLegalMove(board)).toBe(false);
  });
});
