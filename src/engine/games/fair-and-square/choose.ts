// Step (1) of a turn: where every piece goes. A piece with a forced direction (from separation)
// moves one square that way; every other piece takes the first of its options, in letter order,
// that yields a destination inside the board, judged against the board at the start of the turn.
// A piece none of whose options yields a destination stays where it is.
//
// Interpretations (also in docs/games/fair-and-square.md):
// - Nearest means king-move distance; equal choices go to the square first in reading order.
// - `toward TARGET N` picks the nearest target square, then the square within N king-steps of the
//   piece (its own square included) nearest to that target. A piece already on its target
//   therefore stays: that counts as "its option led to its own square", so it did not move.
// - `away TARGET` considers only the up-to-eight neighbours, never staying.
// - `intercept TARGET` looks at the nearest matching enemy piece only (ties: its square first in
//   reading order, then the lower player number, then that player's earlier piece). If that
//   piece's destination this turn lies within 1 king-step, the interceptor goes there; otherwise
//   the option yields nothing and the next letter is tried.
// - Predictions can chain (A intercepts B, which intercepts C). When they go round in a circle,
//   each piece on the circle instead moves to a seeded random choice among its own square and the
//   destinations its other options yield (its intercept options, the ones that went round, are
//   left out). Pieces that depend on the circle without being on it use those random results.
//   With `intercept weaker` alone a circle cannot happen (ranks strictly fall along the chain);
//   it can with `intercept enemy`.

import type { Random } from '../../core/random.js';
import { type Board, SQUARES, distance, neighbour } from './board.js';
import { type Direction, type PieceOption, type PieceTarget, type PieceType } from './pieces.js';

/** A piece's fixed facts within one group's game. */
export interface PieceInfo {
  readonly owner: string;
  /** The owner's number 0–7. */
  readonly number: number;
  /** Index into the round's piece types. */
  readonly type: number;
  /** The piece's options in the order its owner plays them this round (priority applied). */
  readonly order: readonly number[];
}

/** The board at the start of a turn. */
export interface Position {
  readonly board: Board;
  readonly types: readonly PieceType[];
  readonly pieces: readonly PieceInfo[];
  /** Each piece's square, -1 once removed. */
  readonly cells: readonly number[];
  /** Owner of each captured square, null where none. */
  readonly captures: readonly (string | null)[];
}

const NONE = -1;
const CYCLE = -2;
const UNKNOWN = -3;

function rankOf(position: Position, piece: number): number {
  return position.types[position.pieces[piece].type].rank;
}

/** Whether `other` is a piece `me` can target: another player's piece still on the board, of the right rank. */
function isTarget(position: Position, me: number, other: number, target: PieceTarget): boolean {
  if (position.cells[other] < 0 || position.pieces[other].owner === position.pieces[me].owner) return false;
  if (target === 'weaker') return rankOf(position, other) < rankOf(position, me);
  if (target === 'stronger') return rankOf(position, other) > rankOf(position, me);
  return true;
}

/** The matching square nearest to `from`, first in reading order on ties; -1 when none. */
function nearestSquare(from: number, matches: (square: number) => boolean): number {
  let best = NONE;
  let bestDistance = Infinity;
  for (let square = 0; square < SQUARES; square++) {
    if (!matches(square)) continue;
    const d = distance(from, square);
    if (d < bestDistance) {
      best = square;
      bestDistance = d;
    }
  }
  return best;
}

/** The square within `reach` king-steps of `from` that is nearest to `goal`. */
function closestWithin(from: number, reach: number, goal: number): number {
  return nearestSquare(goal, (square) => distance(from, square) <= reach);
}

/** The destination one option yields (not intercept), or -1 for nothing. */
function optionDestination(position: Position, piece: number, option: PieceOption): number {
  const cell = position.cells[piece];
  const owner = position.pieces[piece].owner;
  switch (option.kind) {
    case 'hold':
      return position.board[cell] > 0 && position.captures[cell] !== owner ? cell : NONE;
    case 'stay':
      return cell;
    case 'step':
      return neighbour(cell, option.direction);
    case 'dash': {
      let at = cell;
      for (let step = 0; step < option.distance; step++) {
        const next = neighbour(at, option.direction);
        if (next < 0) break;
        at = next;
      }
      return at === cell ? NONE : at;
    }
    case 'toward': {
      const target = option.target;
      const goal =
        target === 'point'
          ? nearestSquare(cell, (square) => position.board[square] > 0 && position.captures[square] !== owner)
          : nearestSquare(cell, targetSquares(position, piece, target));
      return goal < 0 ? NONE : closestWithin(cell, option.distance, goal);
    }
    case 'away': {
      const threats = position.cells.filter((_, other) => isTarget(position, piece, other, option.target));
      if (threats.length === 0) return NONE;
      let best = NONE;
      let bestDistance = -1;
      for (let square = 0; square < SQUARES; square++) {
        if (distance(cell, square) !== 1) continue;
        const d = Math.min(...threats.map((t) => distance(square, t)));
        if (d > bestDistance) {
          best = square;
          bestDistance = d;
        }
      }
      return best;
    }
    case 'intercept':
      throw new Error('optionDestination: intercept depends on other pieces; use chooseMoves');
  }
}

function targetSquares(position: Position, piece: number, target: PieceTarget): (square: number) => boolean {
  const squares = new Set<number>();
  position.cells.forEach((cell, other) => {
    if (isTarget(position, piece, other, target)) squares.add(cell);
  });
  return (square) => squares.has(square);
}

/** The nearest matching enemy piece for `intercept` (see the comment at the top), or -1. */
function nearestPiece(position: Position, piece: number, target: PieceTarget): number {
  const cell = position.cells[piece];
  let best = NONE;
  for (let other = 0; other < position.pieces.length; other++) {
    if (!isTarget(position, piece, other, target)) continue;
    if (best < 0) {
      best = other;
      continue;
    }
    const a = position.cells[other];
    const b = position.cells[best];
    // Pieces are indexed by player number, then placement order: a strict < keeps that order.
    if ((distance(cell, a) - distance(cell, b) || a - b) < 0) best = other;
  }
  return best;
}

export interface Choices {
  /** Each piece's destination (-1 for removed pieces). */
  readonly destinations: readonly number[];
  /** Pieces whose predictions went round in a circle, each circle with the random squares chosen. */
  readonly cycles: readonly { readonly pieces: readonly number[]; readonly squares: readonly number[] }[];
}

/** Where every piece goes this turn. Pieces are indexed by player number, then placement order. */
export function chooseMoves(position: Position, forced: readonly (Direction | null)[], random: Random): Choices {
  const count = position.pieces.length;
  const destinations = new Array<number>(count).fill(UNKNOWN);
  const onStack = new Array<boolean>(count).fill(false);
  const stack: number[] = [];
  const inCycle = new Set<number>();
  const cycles: { pieces: number[]; squares: number[] }[] = [];

  const optionsOf = (piece: number): PieceOption[] => {
    const info = position.pieces[piece];
    const options = position.types[info.type].options;
    return info.order.map((i) => options[i]);
  };

  const randomDestination = (piece: number): number => {
    const squares = new Set<number>([position.cells[piece]]);
    for (const option of optionsOf(piece)) {
      if (option.kind === 'intercept') continue;
      const square = optionDestination(position, piece, option);
      if (square >= 0) squares.add(square);
    }
    return random.pick([...squares].sort((a, b) => a - b));
  };

  const evaluate = (piece: number): number => {
    const cell = position.cells[piece];
    const direction = forced[piece];
    if (direction) {
      const next = neighbour(cell, direction);
      return next < 0 ? cell : next;
    }
    for (const option of optionsOf(piece)) {
      let square: number;
      if (option.kind === 'intercept') {
        const prey = nearestPiece(position, piece, option.target);
        const predicted = prey < 0 ? NONE : destinationOf(prey);
        if (inCycle.has(piece)) return CYCLE;
        square = predicted >= 0 && distance(cell, predicted) <= 1 ? predicted : NONE;
      } else {
        square = optionDestination(position, piece, option);
      }
      if (square >= 0) return square;
    }
    return cell;
  };

  function destinationOf(piece: number): number {
    if (destinations[piece] !== UNKNOWN) return destinations[piece];
    if (onStack[piece]) {
      const members = stack.slice(stack.indexOf(piece));
      for (const member of members) inCycle.add(member);
      cycles.push({ pieces: members, squares: [] });
      return CYCLE;
    }
    onStack[piece] = true;
    stack.push(piece);
    let square = evaluate(piece);
    stack.pop();
    onStack[piece] = false;
    if (inCycle.has(piece)) {
      square = randomDestination(piece);
      for (const cycle of cycles) {
        const at = cycle.pieces.indexOf(piece);
        if (at >= 0) cycle.squares[at] = square;
      }
    }
    destinations[piece] = square;
    return square;
  }

  for (let piece = 0; piece < count; piece++) {
    if (position.cells[piece] < 0) destinations[piece] = NONE;
    else destinationOf(piece);
  }
  return { destinations, cycles };
}
