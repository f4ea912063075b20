// Worked positions for every rule of docs/games/pasture.md ("Rules"), each small enough to check by hand.
import { describe, expect, it } from 'vitest';
import { formatFence, formatRect } from '../../../src/engine/games/pasture/geometry.js';
import { pasture } from '../../../src/engine/games/pasture/index.js';
import { boardOf, nameOf, orders, plans, play, players, reasons, start } from './helpers.js';

const positionsAfter = (result: ReturnType<typeof play>, round = 1) =>
  Object.fromEntries(Object.entries(result.state.rounds[round - 1].positions).map(([id, cell]) => [id, nameOf(cell)]));

describe('movement', () => {
  // Pastures: A1:G7 and A8:G14 (a fence between rows 7 and 8 on the left), H1:J14, K1:N14.
  const fences = ['V:G', 'V:J', 'H:7 in A1'];

  it('stops before a fence without a gate, passes where a gate lies, and two fences need two gates', () => {
    const result = play({
      players: 6,
      options: { fences },
      submissions: [
        ...start({ p1: 'C5', p2: 'D6', p3: 'A1', p4: 'B9', p5: 'B10', p6: 'N1' }),
        ...orders(1, {
          p1: { move: 'K5', gate: 'G4 H4' }, // a gate on the wrong row does not help: stops at G5
          p2: { move: 'H6' }, // through p3's gate
          p3: { move: 'A14', gate: 'H6 G6' }, // blocked by the fence between rows 7 and 8: stops at A7
          p4: { move: 'M9', gate: 'G9 H9' }, // passes the first fence, stops before the second at J9
          p5: { move: 'M10', gate: 'G10 H10' }, // passes both: its own gate and p6's
          p6: { move: 'N14', gate: 'J10 K10' }, // no fence on its way
        }),
      ],
    });
    expect(result.rejected).toEqual([]);
    expect(positionsAfter(result)).toEqual({ p1: 'G5', p2: 'H6', p3: 'A7', p4: 'J9', p5: 'M10', p6: 'N14' });
    expect(result.state.gatesLeft).toEqual({ p1: 0, p2: 1, p3: 0, p4: 0, p5: 0, p6: 0 });
  });

  it('moves every sheep at once against the fences of the start of the round, and sheep may share a cell', () => {
    const result = play({
      players: 2,
      submissions: [
        ...start({ p1: 'C3', p2: 'C3' }),
        ...plans(1, [['p1', 'V:C']]),
        ...orders(1, { p1: { move: 'F3', votes: 'P1' }, p2: { move: 'C9' } }),
      ],
    });
    // V:C is built after movement, so p1 walks through where it will stand.
    expect(positionsAfter(result)).toEqual({ p1: 'F3', p2: 'C9' });
    expect(result.state.pastures.map(formatRect)).toContain('D1:G14');
  });

  it("refuses a target off the sheep's row and column: the sheep stays and the other parts count", () => {
    const result = play({
      players: 2,
      submissions: [
        ...start({ p1: 'C5', p2: 'J5' }),
        ...plans(1, [['p1', 'H:9']]),
        ...orders(1, { p1: { move: 'E9', votes: 'P1' } }),
      ],
    });
    expect(result.receipts[3].status).toBe('partial');
    expect(reasons(result)).toEqual([
      "move: E9 is neither in your sheep's row (5) nor its column (C); a sheep moves only along its row or column, so it stays",
    ]);
    expect(positionsAfter(result).p1).toBe('C5');
    expect(result.state.rounds[0].results[0].tallies).toEqual([
      { plan: 'P1', fence: { dir: 'H', after: 8 }, dominant: 1, influence: 0 },
    ]);
  });
});

describe('the default plan', () => {
  it('halves a one-column pasture horizontally and a one-row pasture vertically, and leaves a single cell alone', () => {
    // A1:A14 (one wide), B1:N1 (one high, 13 wide), B2:N14 (13×13), then a single cell at A1.
    const result = play({
      players: 2,
      options: { fences: ['V:A', 'H:1 in B1'] },
      submissions: start({ p1: 'A3', p2: 'D1' }),
    });
    const built = Object.fromEntries(
      result.state.rounds[0].results.map((r) => [formatRect(r.pasture), r.passed && formatFence(r.passed.fence)]),
    );
    expect(built['A1:A14']).toBe('H:7');
    expect(built['B1:N1']).toBe('V:H'); // B–H (7 columns) | I–N (6)
    expect(['V:H', 'H:8']).toContain(built['B2:N14']); // left B–H, or top rows 2–8

    const single = play({
      players: 2,
      options: { fences: ['V:A', 'H:1 in A1'] },
      submissions: start({ p1: 'A1', p2: 'D1' }),
    });
    const cell = single.state.rounds[0].results.find((r) => formatRect(r.pasture) === 'A1:A1')!;
    expect(cell).toMatchObject({ passed: null, decidedBy: 'single cell', tallies: [] });
  });

  it('draws the direction of an ordinary halving from the seed, and the odd size favours the left or top', () => {
    const drawn = new Set<string>();
    for (let i = 0; i < 16; i++) {
      const result = play({ players: 2, seed: `halving-${i}`, submissions: start({ p1: 'A1', p2: 'N1' }) });
      const left = result.state.rounds[0].results[0];
      expect(left.decidedBy).toBe('default plan');
      drawn.add(formatFence(left.passed!.fence));
      expect(play({ players: 2, seed: `halving-${i}`, submissions: start({ p1: 'A1', p2: 'N1' }) }).state).toEqual(
        result.state,
      );
    }
    expect([...drawn].sort()).toEqual(['H:7', 'V:D']); // A1:G14 is 7 wide: A–D | E–G
  });
});

describe('voting', () => {
  // p1, p2, p3 stand in A1:G14 and p4, p5 in H1:N14; P1 and P2 split the left pasture, P3 the right.
  const setup = (
    votes: Record<string, Record<string, string>>,
    options: Record<string, unknown> = {},
    garnets: Record<string, number> = {},
  ) =>
    play({
      players: players(5, garnets),
      options,
      submissions: [
        ...start({ p1: 'C3', p2: 'D4', p3: 'E5', p4: 'J3', p5: 'K4' }),
        ...plans(1, [
          ['p1', 'H:7'],
          ['p2', 'V:C'],
          ['p4', 'H:5'],
        ]),
        ...orders(1, votes),
      ],
    });
  const left = (result: ReturnType<typeof play>) => result.state.rounds[0].results[0];

  it('passes the plan with the most Dominant Votes', () => {
    const result = setup({
      p1: { votes: 'P1' },
      p2: { votes: 'P1' },
      p3: { votes: 'P2' },
      p4: { votes: 'P2' },
      p5: { votes: 'P2' },
    });
    expect(left(result)).toMatchObject({ passed: { plan: 'P1' }, decidedBy: 'dominant votes' });
    expect(left(result).tallies.map((t) => [t.plan, t.dominant, t.influence])).toEqual([
      ['P1', 2, 0],
      ['P2', 1, 2],
    ]);
    expect(result.state.rounds[0].results[1]).toMatchObject({ passed: { plan: 'P3' }, decidedBy: 'only plan' });
  });

  it('breaks a Dominant tie by Influence Votes, then by the earliest plan', () => {
    const influence = setup({ p1: { votes: 'P1' }, p2: { votes: 'P2' }, p4: { votes: 'P2' } });
    expect(left(influence)).toMatchObject({ passed: { plan: 'P2' }, decidedBy: 'influence votes' });
    const earliest = setup({ p1: { votes: 'P1' }, p2: { votes: 'P2' }, p4: { votes: 'P1 P2' } });
    expect(left(earliest)).toMatchObject({ passed: { plan: 'P1' }, decidedBy: 'earliest plan' });
    const nobody = setup({});
    expect(left(nobody)).toMatchObject({ passed: { plan: 'P1' }, decidedBy: 'earliest plan' });
  });

  it("follows the host's tiebreak option, ending with the seeded draw", () => {
    const swapped = setup(
      { p1: { votes: 'P1' }, p2: { votes: 'P2' }, p4: { votes: 'P2' } },
      { tiebreak: ['earliest', 'influence'] },
    );
    expect(left(swapped)).toMatchObject({ passed: { plan: 'P1' }, decidedBy: 'earliest plan' });
    for (const tiebreak of [['random'], ['influence']]) {
      const drawn = setup({ p1: { votes: 'P1' }, p2: { votes: 'P2' }, p4: { votes: 'P1 P2' } }, { tiebreak });
      expect(left(drawn)).toMatchObject({ decidedBy: 'seeded draw', drawnAmong: ['P1', 'P2'] });
      expect(setup({ p1: { votes: 'P1' }, p2: { votes: 'P2' }, p4: { votes: 'P1 P2' } }, { tiebreak }).state).toEqual(
        drawn.state,
      );
    }
    // Across seeds the draw picks either plan.
    const winners = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const result = play({
        players: 5,
        seed: `draw-${i}`,
        options: { tiebreak: ['random'] },
        submissions: [
          ...start({ p1: 'C3', p2: 'D4', p3: 'E5', p4: 'J3', p5: 'K4' }),
          ...plans(1, [
            ['p1', 'H:7'],
            ['p2', 'V:C'],
          ]),
        ],
      });
      winners.add(left(result).passed!.plan);
    }
    expect([...winners].sort()).toEqual(['P1', 'P2']);
  });

  it('counts bought extra votes as Dominant wherever the buyer stands, at 1 garnet each', () => {
    const result = setup(
      { p1: { votes: 'P1' }, p2: { votes: 'P1' }, p3: { votes: 'P2' }, p4: { votes: 'P1', extra: 'P2, P2' } },
      {},
      { p4: 3 },
    );
    expect(result.rejected).toEqual([]);
    expect(left(result).tallies.map((t) => [t.plan, t.dominant, t.influence])).toEqual([
      ['P1', 2, 1],
      ['P2', 3, 0],
    ]);
    expect(left(result)).toMatchObject({ passed: { plan: 'P2' }, decidedBy: 'dominant votes' });
    expect(result.state.spent.p4).toBe(2);
    expect(result.final!.awards).toContainEqual({
      player: 'p4',
      garnets: -2,
      tokensOfLife: 0,
      note: 'Garnets spent during the game: 2 extra votes',
    });
  });
});

describe('scoring', () => {
  it('shares the grass of each pasture, doubling each round, discarding the remainder', () => {
    // All grass 1 except G7 = 5. Round 1: A1:G7 holds 48 + 5 = 53 grass for three sheep: 17 each
    // (remainder 2); p4 alone in H1:N7 (49). Round 2 (×2): V:C cuts A1:G7 after p1 walks to D3, so
    // D1:G7 holds (27 + 5) × 2 = 64 for three: 21 each (remainder 1); H1:N3 holds 21 × 2 = 42.
    const result = play({
      players: 4,
      options: { board: boardOf(1, { G7: 5 }), rounds: 2 },
      submissions: [
        ...start({ p1: 'C3', p2: 'D3', p3: 'E3', p4: 'J2' }),
        ...plans(1, [
          ['p1', 'H:7'],
          ['p4', 'H:7'],
        ]),
        ...orders(1, { p1: { votes: 'P1' } }),
        ...plans(2, [
          ['p1', 'V:C'],
          ['p4', 'H:3'],
        ]),
        ...orders(2, { p1: { move: 'D3', votes: 'P1' } }),
      ],
    });
    expect(result.rejected).toEqual([]);
    expect(result.state.rounds.map((r) => r.scores)).toEqual([
      { p1: 17, p2: 17, p3: 17, p4: 49 },
      { p1: 21, p2: 21, p3: 21, p4: 42 },
    ]);
    expect(result.final).toMatchObject({
      scores: { p1: 38, p2: 38, p3: 38, p4: 91 },
      winners: ['p4'],
      losers: ['p1', 'p2', 'p3'],
      eliminationCandidate: null,
    });
    expect(result.final!.awards).toEqual([
      { player: 'p4', garnets: 2, tokensOfLife: 0, note: 'Highest total score (91 points)' },
      { player: 'p1', garnets: 1, tokensOfLife: 0, note: 'Next highest total score (38 points)' },
      { player: 'p2', garnets: 1, tokensOfLife: 0, note: 'Next highest total score (38 points)' },
      { player: 'p3', garnets: 1, tokensOfLife: 0, note: 'Next highest total score (38 points)' },
    ]);
    const summary = pasture.rounds(result.state, result.ctx as never);
    expect(summary[1]).toMatchObject({
      round: 2,
      passed: [
        { pasture: 'A1:G7', plan: 'P1', fence: 'V:C', words: 'between columns C and D' },
        { pasture: 'H1:N7', plan: 'P2', fence: 'H:3', words: 'between rows 3 and 4' },
        { pasture: 'A8:G14', plan: 'default' },
        { pasture: 'H8:N14', plan: 'default' },
      ],
      pastures: [
        { pasture: 'D1:G7', grass: 64, sheep: ['p1', 'p2', 'p3'] },
        { pasture: 'H1:N3', grass: 42, sheep: ['p4'] },
      ],
      totals: { p1: 38, p2: 38, p3: 38, p4: 91 },
    });
  });

  it('gives everyone +2 when all tie, and names no loser', () => {
    const result = play({ players: 2, submissions: start({ p1: 'A1', p2: 'A1' }) });
    expect(result.final).toMatchObject({ winners: ['p1', 'p2'], losers: [] });
    expect(result.final!.awards.map((a) => a.garnets)).toEqual([2, 2]);
  });

  it('places a sheep with no starting cell by the seeded draw', () => {
    const result = play({ players: 2, submissions: start({ p1: 'A1' }) });
    expect(result.state.placedAtRandom).toEqual(['p2']);
    expect(play({ players: 2, submissions: start({ p1: 'A1' }) }).state.positions).toEqual(result.state.positions);
  });
});
