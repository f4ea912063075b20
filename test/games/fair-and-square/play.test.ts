// A group's game on worked boards: battles, separation and its fallbacks, hold counts, captures,
// a capture interrupted by a visitor, and a take-over.
import { describe, expect, it } from 'vitest';
import { neighbour } from '../../../src/engine/games/fair-and-square/board.js';
import { playGroup } from '../../../src/engine/games/fair-and-square/play.js';
import { EMPTY_ROWS, boardOf, setupOf, sq, typesOf } from './worked.js';

const NOTHING = boardOf(...EMPTY_ROWS);
const types = typesOf([
  { name: 'Sitter', rank: 1, options: ['stay'] },
  { name: 'Big', rank: 3, options: ['step E'] },
  { name: 'Small', rank: 1, options: ['step W'] },
  { name: 'Keeper', rank: 3, options: ['hold', 'stay'] },
  { name: 'Visitor', rank: 3, options: ['step W'] },
  { name: 'Holder', rank: 1, options: ['hold', 'step E'] },
]);

describe('battles', () => {
  it('from turn 2, only the highest rank remains on a square shared by different players', () => {
    const turns = playGroup(setupOf(NOTHING, types, ['a Big B4', 'b Small F4'], 3));
    expect(turns[1].cells).toEqual([sq('C4'), sq('E4')]);
    expect(turns[2].events).toEqual([{ kind: 'battle', square: sq('D4'), removed: [1] }]);
    expect(turns[2].cells).toEqual([sq('D4'), -1]);
    expect(turns[3].cells).toEqual([sq('E4'), -1]);
  });

  it('never on turn 1: the pieces separate instead', () => {
    const turns = playGroup(setupOf(NOTHING, types, ['a Big B4', 'b Small D4'], 2));
    expect(turns[1].cells).toEqual([sq('C4'), sq('C4')]);
    expect(turns[1].events.map((e) => e.kind)).toEqual(['separation']);
    const [first, second] = turns[1].forced;
    expect(first).not.toBe(second);
    expect(['N', 'E', 'S', 'W']).toContain(first);
    expect(turns[2].cells.every((c) => c >= 0)).toBe(true);
  });

  it("removes every lower-ranked piece on the square, its owner's own included; equal ranks do not fight", () => {
    const turns = playGroup(setupOf(NOTHING, types, ['a Big B4', 'a Small F4', 'b Sitter D4', 'b Big B3'], 2));
    expect(turns[2].events.find((e) => e.kind === 'battle')).toEqual({
      kind: 'battle',
      square: sq('D4'),
      removed: [1, 2],
    });
    const equal = playGroup(setupOf(NOTHING, types, ['a Big B4', 'b Visitor F4'], 2));
    expect(equal[2].cells).toEqual([sq('D4'), sq('D4')]);
    expect(equal[2].events.map((e) => e.kind)).toEqual(['separation']);
  });
});

describe('separation', () => {
  it('three pieces in a corner: two free orthogonal squares are too few, so all eight are used', () => {
    const turns = playGroup(setupOf(NOTHING, types, ['a Sitter A1', 'b Sitter A1', 'c Sitter A1'], 3));
    const event = turns[1].events[0];
    expect(event).toMatchObject({ kind: 'separation', square: sq('A1'), pieces: [0, 1, 2], rule: 'all eight' });
    expect([...turns[1].forced].sort()).toEqual(['E', 'S', 'SE']);
    expect([...turns[2].cells].sort((x, y) => x - y)).toEqual([sq('B1'), sq('A2'), sq('B2')].sort((x, y) => x - y));
    expect(turns[2].events).toEqual([]);
    expect(turns[3].cells).toEqual(turns[2].cells);
  });

  it("too few free squares even of all eight: the rest double up on their own player's square, or get none", () => {
    for (const seed of ['d1', 'd2', 'd3', 'd4', 'd5', 'd6']) {
      const turns = playGroup(
        setupOf(NOTHING, types, ['a Sitter A1', 'a Sitter B2', 'b Sitter A1', 'c Sitter A1'], 2, seed),
      );
      const event = turns[1].events[0];
      expect(event).toMatchObject({ kind: 'separation', square: sq('A1'), pieces: [0, 2, 3], rule: 'doubling up' });
      if (event.kind !== 'separation') throw new Error('expected a separation');
      const free = event.directions.filter((d) => d === 'S' || d === 'E');
      expect(free.sort()).toEqual(['E', 'S']);
      const left = event.pieces[event.directions.findIndex((d) => d !== 'S' && d !== 'E')];
      // Only a has a piece next door (on B2): a doubles up there; b or c gets no direction.
      expect(turns[1].forced[left]).toBe(left === 0 ? 'SE' : null);
      if (left === 0) expect(turns[2].cells[0]).toBe(sq('B2'));
      else expect(turns[2].cells[left]).toBe(sq('A1'));
    }
  });

  it('gives directions only to free squares on the board', () => {
    const turns = playGroup(setupOf(NOTHING, types, ['a Sitter D4', 'b Sitter D4', 'b Sitter D3', 'c Sitter E4'], 1));
    const event = turns[1].events[0];
    if (event.kind !== 'separation') throw new Error('expected a separation');
    expect(event.rule).toBe('orthogonal');
    for (const direction of event.directions) expect(['S', 'W']).toContain(direction);
    expect(neighbour(sq('D4'), event.directions[0]!)).not.toBe(neighbour(sq('D4'), event.directions[1]!));
  });
});

describe('hold counts and captures', () => {
  const three = boardOf('.......', '.......', '.......', '...3...', '.......', '.......', '.......');

  it('a piece that does not move captures a square after as many turns as it is worth', () => {
    const turns = playGroup(setupOf(three, types, ['a Keeper D4'], 4));
    expect(turns.map((t) => t.holds[0])).toEqual([0, 1, 2, 3, 4]);
    expect(turns[2].captures[sq('D4')]).toBeNull();
    expect(turns[3].events).toEqual([{ kind: 'capture', square: sq('D4'), player: 'a', from: null }]);
    expect(turns[3].points).toEqual({ a: 3 });
  });

  it('a capture interrupted by a visitor of equal rank: no count while shared, then both are moved on', () => {
    const turns = playGroup(setupOf(three, types, ['a Keeper D4', 'b Visitor F4'], 4));
    expect(turns[2].cells).toEqual([sq('D4'), sq('D4')]);
    expect(turns.map((t) => t.holds[0])).toEqual([0, 1, 1, 0, 0]);
    expect(turns[3].cells[0]).not.toBe(sq('D4'));
    expect(turns.every((t) => t.captures[sq('D4')] === null)).toBe(true);
  });

  it('a weaker visitor loses the battle first, so the count goes on', () => {
    const weak = typesOf([
      { name: 'Keeper', rank: 3, options: ['hold', 'stay'] },
      { name: 'Pest', rank: 1, options: ['step W'] },
      { name: 'Sitter', rank: 1, options: ['stay'] },
    ]);
    const turns = playGroup(setupOf(three, weak, ['a Keeper D4', 'b Pest F4'], 3));
    expect(turns[2].events[0]).toEqual({ kind: 'battle', square: sq('D4'), removed: [1] });
    expect(turns.map((t) => t.holds[0])).toEqual([0, 1, 2, 3]);
    expect(turns[3].captures[sq('D4')]).toBe('a');
  });

  it('a take-over: a later capture by another player takes the square', () => {
    const one = boardOf('.......', '.......', '.......', '..1....', '.......', '.......', '.......');
    const turns = playGroup(setupOf(one, types, ['a Holder C4', 'b Holder A4'], 4));
    expect(turns[1].events).toEqual([{ kind: 'capture', square: sq('C4'), player: 'a', from: null }]);
    expect(turns[2].cells).toEqual([sq('D4'), sq('C4')]);
    expect(turns[3].events).toEqual([{ kind: 'capture', square: sq('C4'), player: 'b', from: 'a' }]);
    expect(turns.slice(1).map((t) => [t.points.a, t.points.b])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [0, 1],
    ]);
    // b has captured it, so hold yields nothing: it steps on, and the square stays b's.
    expect(turns[4].cells[1]).toBe(sq('D4'));
    expect(turns[4].captures[sq('C4')]).toBe('b');
  });
});
