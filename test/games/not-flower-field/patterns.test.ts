// The five patterns on hand-drawn boards; every expected count below is worked out by hand in the
// comment beside it.
import { describe, expect, it } from 'vitest';
import { findPatterns, scorePlayer } from '../../../src/engine/games/not-flower-field/patterns.js';
import { draw, ones } from './draw.js';

function counts(rows: string[], colour: string, multipliers?: (size: number) => number[]) {
  const { board, size } = draw(rows);
  return scorePlayer(board, size, colour, multipliers ? multipliers(size) : ones(size));
}

describe('pattern 1: black between two of yours', () => {
  it('counts a straight line and both Ls around one black cell', () => {
    // The black B2 (row 1, col 2 zero-based) has red on its left, right and below:
    // {left, right} straight, {left, below} L, {right, below} L: three instances.
    const s = counts(['. . . .', '. R # R', '. . R .', '. . . .'], 'red');
    expect(s.counts[0]).toBe(3);
    // Pattern 5: left red has 3 empty neighbours, right red 2, lower red 3 → 8 pairs.
    expect(s.counts[4]).toBe(8);
    // Pattern 3: the diagonal red pairs share the black cell and an empty cell: no instance.
    expect(s.counts[2]).toBe(0);
    expect(s.total).toBe(4 * (3 + 8));
  });

  it('needs the middle to be black, and the ends to hold your colour (a two-colour cell counts)', () => {
    expect(counts(['R B R', '. . .', '. . .'], 'red').counts[0]).toBe(0);
    expect(counts(['RB # R', '. . .', '. . .'], 'red').counts[0]).toBe(1);
    expect(counts(['RB # R', '. . .', '. . .'], 'blue').counts[0]).toBe(0);
  });
});

describe('pattern 2: four different colours in a line, yours on an end', () => {
  it('counts a row of four distinct single colours for the end colours only', () => {
    const rows = ['R B Y G', '. . . .', '. . . .', '. . . .'];
    expect(counts(rows, 'red').counts[1]).toBe(1);
    expect(counts(rows, 'green').counts[1]).toBe(1);
    expect(counts(rows, 'blue').counts[1]).toBe(0);
  });

  it('chooses one colour per cell: two-colour cells help, a forced clash does not', () => {
    // R, {B,Y}, B, G: {B,Y} gives Y, B gives B, G gives G → distinct.
    expect(counts(['R BY B G', '. . . .', '. . . .', '. . . .'], 'red').counts[1]).toBe(1);
    // R, {B,Y}, B, Y: {B,Y} must give B or Y, both taken by the single cells → no.
    expect(counts(['R BY B Y', '. . . .', '. . . .', '. . . .'], 'red').counts[1]).toBe(0);
    // Black counts as the colour black.
    expect(counts(['R # B Y', '. . . .', '. . . .', '. . . .'], 'red').counts[1]).toBe(1);
    // An empty cell has no colour to give.
    expect(counts(['R . B Y', '. . . .', '. . . .', '. . . .'], 'red').counts[1]).toBe(0);
  });

  it('with your colour on both ends, the other end must give something else', () => {
    expect(counts(['R Y G R', '. . . .', '. . . .', '. . . .'], 'red').counts[1]).toBe(0);
    // {R,B} at the start can give B while the end gives R: one instance, counted once.
    expect(counts(['RB Y G R', '. . . .', '. . . .', '. . . .'], 'red').counts[1]).toBe(1);
  });

  it('counts columns as well as rows, and each line of four once', () => {
    // Column A reads R, B, Y, G; row 1 reads R . . . → only the column counts.
    const s = counts(['R . . .', 'B . . .', 'Y . . .', 'G . . .'], 'red');
    expect(s.counts[1]).toBe(1);
    // On a 5-wide row R B Y G R both windows count: R B Y G (red start) and B Y G R (red end).
    expect(counts(['R B Y G R', '. . . . .', '. . . . .', '. . . . .', '. . . . .'], 'red').counts[1]).toBe(2);
  });
});

describe('pattern 3: diagonal pair with two different colours beside', () => {
  it('counts a 2×2 square whose other two cells give two colours', () => {
    expect(counts(['R B', 'Y R'], 'red').counts[2]).toBe(1);
    expect(counts(['B R', 'R Y'], 'red').counts[2]).toBe(1);
  });

  it('refuses when the shared neighbours can only give the same colour or are empty', () => {
    expect(counts(['R B', 'B R'], 'red').counts[2]).toBe(0);
    expect(counts(['R .', 'B R'], 'red').counts[2]).toBe(0);
  });

  it('counts a square once even when both diagonals qualify', () => {
    // Falling diagonal R..R with {R,B} and R beside → B and R: yes. Rising diagonal {R,B}..R
    // with R and R beside → no. One square, one instance.
    expect(counts(['R RB', 'R R'], 'red').counts[2]).toBe(1);
    // Both diagonals two-colour: R/B and B/R squares: R B / B R for red? neighbours B,B → no;
    // RB RB / RB RB: falling pair red, beside {R,B},{R,B} → R and B: yes; counted once.
    expect(counts(['RB RB', 'RB RB'], 'red').counts[2]).toBe(1);
  });
});

describe('pattern 4: S or Z tetromino', () => {
  it('finds every rotation of S and Z', () => {
    expect(counts(['. R R', 'R R .', '. . .'], 'red').counts[3]).toBe(1);
    expect(counts(['R R .', '. R R', '. . .'], 'red').counts[3]).toBe(1);
    expect(counts(['R . .', 'R R .', '. R .'], 'red').counts[3]).toBe(1);
    expect(counts(['. R .', 'R R .', 'R . .'], 'red').counts[3]).toBe(1);
  });

  it('does not take an L, a T, a line or a square for an S', () => {
    expect(counts(['R . .', 'R . .', 'R R .'], 'red').counts[3]).toBe(0);
    expect(counts(['R R R', '. R .', '. . .'], 'red').counts[3]).toBe(0);
    expect(counts(['R R R R', '. . . .', '. . . .', '. . . .'], 'red').counts[3]).toBe(0);
    expect(counts(['R R .', 'R R .', '. . .'], 'red').counts[3]).toBe(0);
  });

  it('counts overlapping tetrominoes separately (they differ by a cell)', () => {
    // . R R R / R R R . holds S at columns 0-2 and S at columns 1-3, plus Z? rows: top .RRR,
    // bottom RRR. : S(0): (0,1)(0,2)(1,0)(1,1) yes; S(1): (0,2)(0,3)(1,1)(1,2) yes;
    // Z(0): (0,0)... no ((0,0) empty); Z(1): (0,1)(0,2)(1,2)(1,3): (1,3) empty → no.
    expect(counts(['. R R R', 'R R R .', '. . . .', '. . . .'], 'red').counts[3]).toBe(2);
  });
});

describe('pattern 5: yours beside an empty cell', () => {
  it('counts each adjacent pair once, at the edges too', () => {
    // A corner red cell has two neighbours on the board, both empty.
    expect(counts(['R . .', '. . .', '. . .'], 'red').counts[4]).toBe(2);
    // A black or coloured neighbour is not empty.
    expect(counts(['R #', 'B .'], 'red').counts[4]).toBe(0);
    // A two-colour cell holding red counts for red and for blue.
    expect(counts(['RB .', '. .'], 'blue').counts[4]).toBe(2);
  });
});

describe('multipliers', () => {
  it('multiply a pattern by the product of its cells’ multipliers', () => {
    const { board, size } = draw(['R B Y G', '. . . .', '. . . .', '. . . .']);
    const multipliers = ones(size);
    multipliers[1] = 2; // B1
    multipliers[3] = 3; // D1
    const line = findPatterns(board, size, 'red', multipliers).filter((i) => i.pattern === 2);
    expect(line).toEqual([{ pattern: 2, cells: [0, 1, 2, 3], multiplier: 6, points: 24 }]);
    // Red's pattern 5 pair A1–A2 touches no multiplier: 4 points. Total 24 + 4.
    expect(scorePlayer(board, size, 'red', multipliers).total).toBe(28);
  });
});
