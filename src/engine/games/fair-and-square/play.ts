// One group's game: 15 turns on its board, in exactly the order of docs/games/fair-and-square.md, "Rules".
//   (1) forced pieces move one square their way, the rest choose by their options (choose.ts);
//   (2) all move at once;
//   (3) from turn 2, on a square holding pieces of different players and different ranks, only
//       the highest-ranked pieces remain (whoever owns the lower ones, the owner's own included);
//   (4) pieces still sharing a square are each given a different random direction: the free
//       orthogonal squares if there are enough for all of them, else the free squares of all
//       eight; if even those are too few, the free squares go to pieces drawn at random and each
//       other piece doubles up on a neighbouring square holding a piece of its own player (a
//       direction not yet given at this square where possible); a piece with neither gets no
//       direction and chooses by its options next turn. "Free" is judged on the board after
//       the battles. The direction is the piece's forced move next turn;
//   (5) a piece that did not move and stands on a point square with no other player's piece adds
//       one to its hold count, a piece that moved starts again from 0, and a count reaching the
//       square's value captures it for the piece's owner (taking it over from anyone else). A
//       piece that did not move but shares its point square with another player's piece keeps its
//       count unchanged (separation will move it next turn anyway).
// Randomness comes from one seeded stream per group, drawn in turn order, square by square in
// reading order.

import type { Random } from '../../core/random.js';
import { type Board, neighbour } from './board.js';
import { type PieceInfo, type Position, chooseMoves } from './choose.js';
import { DIRECTION_NAMES, type Direction, ORTHOGONAL, type PieceType } from './pieces.js';

export interface GroupSetup {
  readonly board: Board;
  readonly types: readonly PieceType[];
  /** The group's players, whose points are tracked turn by turn (with or without pieces). */
  readonly players: readonly string[];
  readonly pieces: readonly PieceInfo[];
  /** Each piece's starting square. */
  readonly starts: readonly number[];
  readonly turns: number;
  readonly random: Random;
}

export type SeparationRule = 'orthogonal' | 'all eight' | 'doubling up';

export type TurnEvent =
  | { readonly kind: 'cycle'; readonly pieces: readonly number[]; readonly squares: readonly number[] }
  | { readonly kind: 'battle'; readonly square: number; readonly removed: readonly number[] }
  | {
      readonly kind: 'separation';
      readonly square: number;
      readonly pieces: readonly number[];
      readonly directions: readonly (Direction | null)[];
      readonly rule: SeparationRule;
    }
  | { readonly kind: 'capture'; readonly square: number; readonly player: string; readonly from: string | null };

/** The board after a turn (turn 0: as placed). */
export interface TurnRecord {
  readonly turn: number;
  /** Each piece's square, -1 once removed. */
  readonly cells: readonly number[];
  readonly holds: readonly number[];
  /** Forced moves for the next turn. */
  readonly forced: readonly (Direction | null)[];
  readonly captures: readonly (string | null)[];
  /** Points captured so far by each player of the group. */
  readonly points: Readonly<Record<string, number>>;
  readonly events: readonly TurnEvent[];
}

function occupancy(cells: readonly number[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  cells.forEach((cell, piece) => {
    if (cell < 0) return;
    const list = map.get(cell);
    if (list) list.push(piece);
    else map.set(cell, [piece]);
  });
  return map;
}

function pointsOf(
  board: Board,
  captures: readonly (string | null)[],
  players: readonly string[],
): Record<string, number> {
  const points: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
  captures.forEach((owner, square) => {
    if (owner !== null) points[owner] = (points[owner] ?? 0) + board[square];
  });
  return points;
}

/** Step (3): the battles; removes losers from `cells` and reports them. */
function battle(cells: number[], setup: GroupSetup, events: TurnEvent[]): void {
  const rank = (piece: number) => setup.types[setup.pieces[piece].type].rank;
  for (const [square, group] of [...occupancy(cells)].sort((a, b) => a[0] - b[0])) {
    const owners = new Set(group.map((p) => setup.pieces[p].owner));
    const ranks = group.map(rank);
    if (owners.size < 2 || new Set(ranks).size < 2) continue;
    const top = Math.max(...ranks);
    const removed = group.filter((p) => rank(p) < top);
    for (const piece of removed) cells[piece] = -1;
    events.push({ kind: 'battle', square, removed });
  }
}

/** Step (4): directions for pieces sharing a square. */
function separate(cells: readonly number[], setup: GroupSetup, events: TurnEvent[]): (Direction | null)[] {
  const forced = new Array<Direction | null>(cells.length).fill(null);
  const occupants = occupancy(cells);
  const random = setup.random;
  for (const [square, group] of [...occupants].sort((a, b) => a[0] - b[0])) {
    if (group.length < 2) continue;
    const freeAmong = (directions: readonly Direction[]) =>
      directions.filter((d) => {
        const next = neighbour(square, d);
        return next >= 0 && !occupants.has(next);
      });
    const orthogonal = freeAmong(ORTHOGONAL);
    const all = freeAmong(DIRECTION_NAMES);
    let directions: (Direction | null)[];
    let rule: SeparationRule;
    if (orthogonal.length >= group.length) {
      rule = 'orthogonal';
      directions = random.shuffle(orthogonal).slice(0, group.length);
    } else if (all.length >= group.length) {
      rule = 'all eight';
      directions = random.shuffle(all).slice(0, group.length);
    } else {
      rule = 'doubling up';
      directions = new Array<Direction | null>(group.length).fill(null);
      const free = random.shuffle(all);
      random.shuffle(group.map((_, slot) => slot)).forEach((slot, n) => {
        if (n < free.length) {
          directions[slot] = free[n];
          return;
        }
        const owner = setup.pieces[group[slot]].owner;
        const ownSquares = DIRECTION_NAMES.filter((d) => {
          const next = neighbour(square, d);
          return next >= 0 && (occupants.get(next) ?? []).some((p) => setup.pieces[p].owner === owner);
        });
        const unused = ownSquares.filter((d) => !directions.includes(d));
        const pool = unused.length > 0 ? unused : ownSquares;
        directions[slot] = pool.length > 0 ? random.pick(pool) : null;
      });
    }
    group.forEach((piece, slot) => {
      forced[piece] = directions[slot];
    });
    events.push({ kind: 'separation', square, pieces: group, directions, rule });
  }
  return forced;
}

/** Step (5): hold counts and captures. */
function holdAndCapture(
  before: readonly number[],
  cells: readonly number[],
  holds: number[],
  captures: (string | null)[],
  setup: GroupSetup,
  events: TurnEvent[],
): void {
  const occupants = occupancy(cells);
  cells.forEach((cell, piece) => {
    if (cell < 0) {
      holds[piece] = 0;
      return;
    }
    if (cell !== before[piece]) {
      holds[piece] = 0;
      return;
    }
    const value = setup.board[cell];
    const owner = setup.pieces[piece].owner;
    if (value === 0 || (occupants.get(cell) ?? []).some((p) => setup.pieces[p].owner !== owner)) return;
    holds[piece] += 1;
    if (holds[piece] >= value && captures[cell] !== owner) {
      events.push({ kind: 'capture', square: cell, player: owner, from: captures[cell] });
      captures[cell] = owner;
    }
  });
}

/** Plays one group's game and returns the board after every turn, turn 0 first. */
export function playGroup(setup: GroupSetup): TurnRecord[] {
  let cells = setup.starts.slice();
  let forced = new Array<Direction | null>(cells.length).fill(null);
  const holds = new Array<number>(cells.length).fill(0);
  const captures = new Array<string | null>(setup.board.length).fill(null);
  const record = (turn: number, events: TurnEvent[]): TurnRecord => ({
    turn,
    cells: cells.slice(),
    holds: holds.slice(),
    forced: forced.slice(),
    captures: captures.slice(),
    points: pointsOf(setup.board, captures, setup.players),
    events,
  });
  const turns = [record(0, [])];

  for (let turn = 1; turn <= setup.turns; turn++) {
    const events: TurnEvent[] = [];
    const position: Position = { board: setup.board, types: setup.types, pieces: setup.pieces, cells, captures };
    const choices = chooseMoves(position, forced, setup.random);
    for (const cycle of choices.cycles) events.push({ kind: 'cycle', ...cycle });
    const before = cells;
    cells = choices.destinations.slice();
    if (turn >= 2) battle(cells, setup, events);
    forced = separate(cells, setup, events);
    holdAndCapture(before, cells, holds, captures, setup, events);
    turns.push(record(turn, events));
  }
  return turns;
}
