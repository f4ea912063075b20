// Each option kind on a worked board, checked by hand. Distances are king moves; equal choices go
// to the square first in reading order (so "one step toward D1 from D4" is C3, not D3).
import { describe, expect, it } from 'vitest';
import { Random } from '../../../src/engine/core/random.js';
import { chooseMoves } from '../../../src/engine/games/fair-and-square/choose.js';
import type { Direction } from '../../../src/engine/games/fair-and-square/pieces.js';
import { EMPTY_ROWS, ROUND_TYPES, boardOf, positionOf, sq, typesOf } from './worked.js';

const NOTHING = boardOf(...EMPTY_ROWS);

function moves(position: ReturnType<typeof positionOf>, forced: (Direction | null)[] = [], seed = 'choose') {
  const all = position.pieces.map((_, i) => forced[i] ?? null);
  return chooseMoves(position, all, new Random(seed));
}

function destinations(position: ReturnType<typeof positionOf>, forced: (Direction | null)[] = []): string[] {
  return moves(position, forced).destinations.map((d) =>
    d < 0 ? '-' : `${String.fromCharCode(65 + (d % 7))}${Math.floor(d / 7) + 1}`,
  );
}

const custom = typesOf([
  { name: 'Sitter', rank: 1, options: ['stay'] },
  { name: 'Walker', rank: 1, options: ['step E', 'step S'] },
  { name: 'Runner', rank: 1, options: ['dash N 2', 'dash W 2'] },
  { name: 'Seeker', rank: 1, options: ['toward point 1'] },
  { name: 'Leaper', rank: 1, options: ['toward point 3'] },
  { name: 'Chaser', rank: 2, options: ['toward weaker 1', 'toward enemy 1', 'stay'] },
  { name: 'Big', rank: 3, options: ['stay'] },
  { name: 'Hunter', rank: 1, options: ['intercept enemy', 'step S'] },
]);

describe('options', () => {
  const round1 = ROUND_TYPES[0];

  it('hold: stays on a point square its owner has not captured, otherwise tries the next letter', () => {
    const board = boardOf('.......', '.......', '.......', '...2..1', '.......', '.......', '.......');
    expect(destinations(positionOf(board, round1, ['a Fortress D4']))).toEqual(['D4']);
    expect(destinations(positionOf(board, round1, ['a Fortress D4'], { D4: 'b' }))).toEqual(['D4']);
    // Captured by its owner: B "toward point 1" aims at G4; E3, E4 and E5 are all 2 from it.
    expect(destinations(positionOf(board, round1, ['a Fortress D4'], { D4: 'a' }))).toEqual(['E3']);
    // Not on a point square: hold yields nothing.
    expect(destinations(positionOf(board, round1, ['a Fortress B4']))).toEqual(['C3']);
  });

  it('stay, step and dash, stopping at the edge; a piece whose options all yield nothing stays', () => {
    const position = positionOf(NOTHING, custom, [
      'a Sitter D4',
      'a Walker D4',
      'a Walker G4',
      'a Walker G7',
      'a Runner D4',
      'a Runner D2',
      'a Runner D1',
      'a Runner A1',
    ]);
    expect(destinations(position)).toEqual(['D4', 'E4', 'G5', 'G7', 'D2', 'D1', 'B1', 'A1']);
  });

  it('toward point: nearest point square (reading order on ties), then the reachable square nearest to it', () => {
    const d1 = boardOf('...1...', ...EMPTY_ROWS.slice(1));
    expect(destinations(positionOf(d1, custom, ['a Seeker D4', 'a Leaper D4', 'a Seeker D1']))).toEqual([
      'C3',
      'D1',
      'D1',
    ]);
    const twoPoints = boardOf('.......', '.......', '.......', '.1...1.', '.......', '.......', '.......');
    expect(destinations(positionOf(twoPoints, custom, ['a Seeker D4']))).toEqual(['C3']);
    // A point the owner captured is no target; one captured by someone else still is.
    expect(destinations(positionOf(twoPoints, custom, ['a Seeker D4'], { B4: 'a' }))).toEqual(['E3']);
    expect(destinations(positionOf(twoPoints, custom, ['a Seeker D4'], { B4: 'b' }))).toEqual(['C3']);
    // No target at all: nothing, so the piece stays.
    expect(destinations(positionOf(NOTHING, custom, ['a Seeker D4']))).toEqual(['D4']);
  });

  it("toward weaker and toward enemy look only at other players' pieces", () => {
    const position = positionOf(NOTHING, custom, ['a Chaser D4', 'a Sitter D5', 'b Sitter A4', 'b Big D6']);
    expect(destinations(position)[0]).toBe('C3');
    const noWeaker = positionOf(NOTHING, custom, ['a Chaser D4', 'a Sitter D5', 'b Big D6']);
    expect(destinations(noWeaker)[0]).toBe('C5');
    expect(destinations(positionOf(NOTHING, custom, ['a Chaser D4', 'a Sitter D5']))[0]).toBe('D4');
  });

  it('away stronger: the neighbour furthest from the nearest higher-ranked enemy; nothing without one', () => {
    const round2 = ROUND_TYPES[1];
    expect(destinations(positionOf(NOTHING, round2, ['a Sprinter D4', 'b Fortress D5']))[0]).toBe('C3');
    expect(destinations(positionOf(NOTHING, round2, ['a Sprinter D4', 'b Fortress B2', 'b Fortress F6']))[0]).toBe(
      'E3',
    );
    expect(destinations(positionOf(NOTHING, round2, ['a Sprinter D4', 'b Sprinter D5']))[0]).toBe('D4');
  });

  it("intercept weaker: onto the nearest weaker enemy's destination when it is within one step", () => {
    const board = boardOf('.......', '.......', '1......', '.......', '.......', '.......', '.......');
    // The Sprinter heads for A3: of B2, B3, B4 (all 1 from A3) B2 comes first. C3 is next to B2.
    expect(destinations(positionOf(board, round1, ['a Marauder C3', 'b Sprinter E3']))).toEqual(['B2', 'B2']);
    // Too far to intercept: C "toward weaker 1" instead (F6 and G6 are both 3 from E3).
    expect(destinations(positionOf(board, round1, ['a Marauder G7', 'b Sprinter E3']))).toEqual(['F6', 'B2']);
  });

  it('a forced direction overrides the options; off the board the piece stays', () => {
    const position = positionOf(NOTHING, round1, ['a Fortress D4', 'a Fortress A1']);
    expect(destinations(position, ['N', 'W'])).toEqual(['D3', 'A1']);
  });

  it("priority order: the options are tried in the player's order", () => {
    const board = boardOf('...1...', ...EMPTY_ROWS.slice(1));
    expect(destinations(positionOf(board, round1, ['a Traveller D4']))).toEqual(['C3']);
    expect(destinations(positionOf(board, round1, ['a Traveller D4 order=2,0,1']))).toEqual(['E4']);
  });
});

describe('interception cycles', () => {
  it("pieces predicting each other in a circle move at random among their options' squares or staying", () => {
    const position = positionOf(NOTHING, custom, ['a Hunter D4', 'b Hunter E4', 'c Hunter F4']);
    const seen = new Set<string>();
    for (const seed of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']) {
      const result = moves(position, [], seed);
      expect(result.cycles).toEqual([{ pieces: [0, 1], squares: [result.destinations[0], result.destinations[1]] }]);
      expect([sq('D4'), sq('D5')]).toContain(result.destinations[0]);
      expect([sq('E4'), sq('E5')]).toContain(result.destinations[1]);
      // c is not on the circle: it intercepts b wherever b's random move took it.
      expect(result.destinations[2]).toBe(result.destinations[1]);
      seen.add(result.destinations.join());
      expect(moves(position, [], seed)).toEqual(result);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('cannot happen with intercept weaker alone', () => {
    const round3 = ROUND_TYPES[2];
    const position = positionOf(NOTHING, round3, ['a Marauder D4', 'a Sprinter C4', 'b Marauder E4', 'b Sprinter F4']);
    expect(moves(position).cycles).toEqual([]);
  });
});
