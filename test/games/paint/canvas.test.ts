import { describe, expect, it } from 'vitest';
import { Random } from '../../../src/engine/core/random.js';
import { checkCanvas, measureCanvas } from '../../../src/engine/games/paint/canvas.js';
import { generateCanvas } from '../../../src/engine/games/paint/generate.js';
import { loadMatch } from '../../../src/engine/index.js';
import { baseFile } from '../../helpers/match.js';
import { TEAM_IDS } from './helpers.js';

const WORKED = [
  [1, 1, 2, 2, 2],
  [1, 3, 3, 2, 4],
  [5, 5, 3, 4, 4],
];

const QUADRANTS = [
  [1, 1, 2, 2],
  [1, 1, 2, 2],
  [3, 3, 4, 4],
  [3, 3, 4, 4],
];

function problemWith(options: Record<string, unknown>): string {
  const loaded = loadMatch(baseFile('paint', 12, { options }));
  return loaded.ok ? 'accepted' : loaded.error;
}

describe('a given canvas', () => {
  it('is measured once: areas, first pixels, the touch graph and the painting order', () => {
    const canvas = measureCanvas(WORKED, 'orthogonal');
    expect(canvas).toMatchObject({ width: 5, height: 3, count: 5 });
    expect(canvas.areas).toEqual([3, 4, 3, 3, 2]);
    expect(canvas.firstPixels).toEqual([0, 2, 6, 9, 10]);
    expect(canvas.touching).toEqual([
      [2, 3, 5],
      [1, 3, 4],
      [1, 2, 4, 5],
      [2, 3],
      [1, 3],
    ]);
    // Largest first; 1, 3 and 4 share an area and go in reading order of their first pixels.
    expect(canvas.order).toEqual([2, 1, 3, 4, 5]);
  });

  it('counts diagonal neighbours as touching only with touch "king"', () => {
    expect(measureCanvas(QUADRANTS, 'orthogonal').touching).toEqual([
      [2, 3],
      [1, 4],
      [1, 4],
      [2, 3],
    ]);
    expect(measureCanvas(QUADRANTS, 'king').touching).toEqual([
      [2, 3, 4],
      [1, 3, 4],
      [1, 2, 4],
      [1, 2, 3],
    ]);
  });

  it('is accepted when valid, with the teams as given', () => {
    expect(checkCanvas(WORKED)).toBeNull();
    expect(problemWith({ canvas: WORKED, teams: TEAM_IDS, touch: 'king' })).toBe('accepted');
  });

  it('is refused naming the first offending pixel', () => {
    expect(problemWith({ canvas: [[1, 1], [1]] })).toBe(
      'options.canvas[1]: row 2 has 1 pixel but row 1 has 2; every row must be as wide',
    );
    expect(problemWith({ canvas: [[1, 3, 2]] })).toBe(
      'options.canvas[0][1]: R1C2 holds segment 3 before any pixel of segment 2; number segments 1…N in reading order of their first pixel',
    );
    expect(problemWith({ canvas: [[2, 1]] })).toMatch(
      /^options\.canvas\[0\]\[0\]: R1C1 holds segment 2 before any pixel of segment 1/,
    );
    expect(problemWith({ canvas: [[1, 2, 1]] })).toBe(
      "options.canvas[0][2]: R1C3 of segment 1 is cut off from the segment's first pixel R1C1; a segment must be one piece, joined side to side",
    );
    // Corners do not join a segment, whatever the touch rule.
    expect(
      problemWith({
        canvas: [
          [1, 2],
          [2, 1],
        ],
        touch: 'king',
      }),
    ).toMatch(/^options\.canvas\[1\]\[0\]: R2C1 of segment 2 is cut off from the segment's first pixel R1C2/);
    expect(problemWith({ canvas: [[1, 0]] })).toBe('options.canvas[0][1]: segment numbers start at 1');
    expect(problemWith({ touch: 'hex' })).toMatch(/^options\.touch: /);
  });

  it("refuses teams that are not three teams of four of this match's players", () => {
    expect(problemWith({ teams: { ...TEAM_IDS, red: ['p1', 'p2', 'p3', 'zed'] } })).toBe(
      'options.teams.red[3]: "zed" is not a player of this match',
    );
    expect(problemWith({ teams: { ...TEAM_IDS, blue: ['p5', 'p6', 'p7', 'p1'] } })).toBe(
      'options.teams.blue[3]: "p1" is already on team red',
    );
    expect(problemWith({ teams: { ...TEAM_IDS, yellow: ['p9', 'p10', 'p11'] } })).toBe(
      'options.teams.yellow: team yellow has 3 players; each team has 4',
    );
  });
});

describe('the default canvas', () => {
  it('is 67 × 40, about 40 contiguous segments of varied sizes, numbered in reading order', () => {
    for (const seed of ['a', 'b', 'genius', 'demo-paint']) {
      const rows = generateCanvas(new Random(seed));
      expect(rows).toHaveLength(40);
      expect(rows.every((row) => row.length === 67)).toBe(true);
      expect(checkCanvas(rows)).toBeNull();
      const canvas = measureCanvas(rows, 'orthogonal');
      expect(canvas.count).toBeGreaterThanOrEqual(34);
      expect(canvas.count).toBeLessThanOrEqual(42);
      expect(Math.max(...canvas.areas)).toBeGreaterThanOrEqual(4 * Math.min(...canvas.areas));
    }
  });

  // How quickly a canvas is generated is a target of npm run bench (bench/bench.ts), not of this test.
  it('is the same for the same seed, and different for another', () => {
    expect(generateCanvas(new Random('s'))).toEqual(generateCanvas(new Random('s')));
    expect(generateCanvas(new Random('s'))).not.toEqual(generateCanvas(new Random('t')));
  });

  it('is generated from the seed at setup and left out of the options (teams are drawn into them)', () => {
    const loaded = loadMatch(baseFile('paint', 12));
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.value.options.canvas).toBeUndefined();
    const teams = loaded.value.options.teams as Record<string, string[]>;
    expect(Object.values(teams).map((t) => t.length)).toEqual([4, 4, 4]);
    expect(new Set(Object.values(teams).flat()).size).toBe(12);
  });
});
