// Properties of Highest Unique over random matches: the scores are what the rules say (recounted
// here the plain way), replay is deterministic, bots only send valid numbers, and the odds bot's
// chance of winning with a number is the one a full enumeration of the other players' picks gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/engine/core/replay.js';
import { replayOutput } from '../../../src/engine/core/replay-output.js';
import { simulate } from '../../../src/engine/core/simulate.js';
import { winChance } from '../../../src/engine/games/highest-unique/bots.js';
import { highestUnique } from '../../../src/engine/games/highest-unique/index.js';
import type { HuState } from '../../../src/engine/games/highest-unique/state.js';
import { baseFile, matchOf } from '../../helpers/match.js';

/** The rules read literally: for each number sent exactly once, the highest such scores for its sender. */
function recount(rounds: readonly (readonly (number | null)[])[], players: number): number[] {
  const points = new Array<number>(players).fill(0);
  for (const picks of rounds) {
    for (let n = 100; n >= 1; n--) {
      const senders = picks.flatMap((pick, i) => (pick === n ? [i] : []));
      if (senders.length === 1) {
        points[senders[0]] += n;
        break;
      }
    }
  }
  return points;
}

const matchArb = fc
  .record({
    players: fc.integer({ min: 3, max: 12 }),
    rounds: fc.integer({ min: 1, max: 6 }),
    highest: fc.integer({ min: 2, max: 12 }),
    seed: fc.string({ minLength: 1, maxLength: 8 }),
  })
  .chain((shape) =>
    fc.record({
      shape: fc.constant(shape),
      // Each player's answer each round: a number in range, out of range, or nothing.
      picks: fc.array(
        fc.array(fc.option(fc.integer({ min: 0, max: shape.highest + 1 }), { nil: null }), {
          minLength: shape.players,
          maxLength: shape.players,
        }),
        { minLength: shape.rounds, maxLength: shape.rounds },
      ),
    }),
  );

describe('random matches', () => {
  it('score what the rules say, rank by points then rounds scored, and replay the same every time', () => {
    fc.assert(
      fc.property(matchArb, ({ shape, picks }) => {
        const submissions = picks.flatMap((round, r) =>
          round.flatMap((pick, i) =>
            pick === null ? [] : [{ phase: `round-${r + 1}`, player: `p${i + 1}`, answers: { pick: String(pick) } }],
          ),
        );
        const match = matchOf(
          baseFile('highest-unique', shape.players, {
            seed: shape.seed,
            options: { rounds: shape.rounds, highest: shape.highest },
            submissions,
          }),
        );
        const result = replay<HuState>(highestUnique, match);
        const again = replay<HuState>(highestUnique, JSON.parse(JSON.stringify(match)));
        expect(again.state).toEqual(result.state);
        expect(replayOutput(again)).toEqual(replayOutput(result));

        // An answer out of range picks nothing.
        const valid = picks.map((round) => round.map((p) => (p !== null && p >= 1 && p <= shape.highest ? p : null)));
        const expected = recount(valid, shape.players);
        const final = result.final!;
        expect(match.players.map((p) => final.scores[p.id])).toEqual(expected);
        expect(result.rejected).toHaveLength(
          picks.flat().filter((p) => p !== null).length - valid.flat().filter((p) => p !== null).length,
        );

        // Exactly one winner with the most points, one loser with the fewest, the loser the elimination candidate.
        const best = Math.max(...expected);
        const worst = Math.min(...expected);
        expect(final.scores[final.winners[0]]).toBe(best);
        expect(final.scores[final.losers[0]]).toBe(worst);
        expect(final.eliminationCandidate).toBe(final.losers[0]);
        expect(final.winners[0]).not.toBe(final.losers[0]);
        const scored = final.detail.roundsScored as Record<string, number>;
        for (const id of Object.keys(final.scores)) {
          if (final.scores[id] === best) expect(scored[id]).toBeLessThanOrEqual(scored[final.winners[0]]);
          if (final.scores[id] === worst) expect(scored[id]).toBeGreaterThanOrEqual(scored[final.losers[0]]);
        }
        expect(final.awards.reduce((sum, a) => sum + a.garnets, 0)).toBe(1);
      }),
      { numRuns: 150 },
    );
  });

  it('played by bots: every number sent is valid, and the file replays to the same end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.constantFrom('random', 'odds'),
        (players, seed, bot) => {
          const match = matchOf(baseFile('highest-unique', players, { seed }));
          const played = simulate(highestUnique, match, { bots: bot });
          const result = replay<HuState>(highestUnique, played);
          expect(result.rejected).toEqual([]);
          expect(result.state.rounds).toHaveLength(5);
          expect(result.state.rounds.every((r) => Object.values(r.picks).every((p) => p !== null))).toBe(true);
          const again = replay<HuState>(highestUnique, JSON.parse(JSON.stringify(played)));
          expect(replayOutput(again)).toEqual(replayOutput(result));
        },
      ),
      { numRuns: 30 },
    );
  });
});

/** The chance by listing every way the others can pick (a number 1..highest, or 0 for nothing). */
function enumerate(pick: number, others: number, numbers: number[], none: number): number {
  const highest = numbers.length - 1;
  let total = 0;
  const choices = [0, ...Array.from({ length: highest }, (_, i) => i + 1)];
  const walk = (sent: number[], p: number) => {
    if (sent.length === others) {
      const count = (n: number) => sent.filter((s) => s === n).length;
      const higherUnique = choices.some((n) => n > pick && count(n) === 1);
      if (count(pick) === 0 && !higherUnique) total += p;
      return;
    }
    for (const n of choices) walk([...sent, n], p * (n === 0 ? none : numbers[n]));
  };
  walk([], 1);
  return total;
}

describe('the odds bot', () => {
  it('reckons the chance of a number being the unique high one as a full enumeration does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 6, maxLength: 6 }),
        fc.nat(4),
        (highest, others, weights, pickAt) => {
          const raw = [0, ...weights.slice(0, highest)];
          const noneWeight = weights[5];
          const total = raw.reduce((a, b) => a + b, 0) + noneWeight;
          const numbers = raw.map((w) => w / total);
          const none = noneWeight / total;
          const pick = (pickAt % highest) + 1;
          expect(winChance(pick, others, { numbers, none })).toBeCloseTo(enumerate(pick, others, numbers, none), 10);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('on even odds, by hand: two others, 10 wins 81 times in 100 and 9 wins 65', () => {
    const even = { numbers: [0, ...new Array<number>(10).fill(0.1)], none: 0 };
    // 10: neither other sends 10 (0.9²). 9: neither sends 9, and 10 is sent by both or neither (0.8² + 0.1²).
    expect(winChance(10, 2, even)).toBeCloseTo(0.81, 12);
    expect(winChance(9, 2, even)).toBeCloseTo(0.65, 12);
  });
});
