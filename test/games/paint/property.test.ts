// Properties over random bot matches: the no-touch rule always holds, painted segments never
// change, the counts and final scores are what the canvas says, and replay is deterministic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/engine/core/replay.js';
import { replayOutput } from '../../../src/engine/core/replay-output.js';
import { simulate } from '../../../src/engine/core/simulate.js';
import { paint } from '../../../src/engine/games/paint/index.js';
import { TEAMS, type TeamId } from '../../../src/engine/games/paint/options.js';
import { countsOf, type PaintState } from '../../../src/engine/games/paint/state.js';
import { newMatch, samplePlayers } from '../../../src/engine/index.js';

function playedMatch(seed: string, bots: readonly string[], garnets: readonly number[], touch: string) {
  const players = samplePlayers(12).map((p, i) => ({ ...p, garnets: garnets[i] }));
  const fresh = newMatch('paint', { seed, players, options: { touch } });
  if (!fresh.ok) throw new Error(fresh.error);
  return simulate(paint, fresh.value, {
    bots: Object.fromEntries(players.map((p, i) => [p.id, bots[i]])),
    answerDecisions: true,
  });
}

describe('random bot matches', () => {
  it('keep every rule of the canvas and replay deterministically', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom('random', 'team'), { minLength: 12, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }),
        fc.constantFrom('orthogonal', 'king'),
        (seed, bots, garnets, touch) => {
          const played = playedMatch(seed, bots, garnets, touch);
          const result = replay<PaintState>(paint, played);
          const { state } = result;
          const { canvas } = state;
          expect(result.rejected).toEqual([]);
          expect(state.rounds).toHaveLength(3);

          let before = new Array(canvas.count).fill(null);
          for (const record of state.rounds) {
            record.colours.forEach((team, k) => {
              if (before[k] !== null) expect(team).toBe(before[k]);
              if (team === null) return;
              for (const other of canvas.touching[k]) expect(record.colours[other - 1]).not.toBe(team);
            });
            for (const { segment, team } of record.painted) {
              const votes = record.tallies.find((t) => t.segment === segment)!.votes;
              for (const rival of TEAMS) if (rival !== team) expect(votes[team]).toBeGreaterThan(votes[rival]);
            }
            expect(record.counts).toEqual(countsOf(canvas, record.colours));
            before = [...record.colours];
          }

          const final = result.final!;
          expect(final).not.toBeNull();
          const counts = countsOf(canvas, state.colours);
          expect(final.scores).toEqual(Object.fromEntries(TEAMS.map((t) => [t, counts[t].segments])));
          expect(final.detail.pixels).toEqual(Object.fromEntries(TEAMS.map((t) => [t, counts[t].pixels])));
          expect(final.losers).toHaveLength(1);
          expect(final.winners).not.toContain(final.losers[0]);
          expect(state.teams[final.losers[0] as TeamId]).toContain(final.eliminationCandidate);
          for (const player of played.players) {
            const spent = state.rounds
              .flatMap((r) => r.garnetChanges)
              .filter((c) => c.player === player.id)
              .reduce((n, c) => n + c.garnets, 0);
            expect(state.garnets[player.id]).toBe(player.garnets + spent);
            expect(state.garnets[player.id]).toBeGreaterThanOrEqual(0);
          }

          const again = replay<PaintState>(paint, JSON.parse(JSON.stringify(played)));
          expect(again.state).toEqual(state);
          expect(replayOutput(again)).toEqual(replayOutput(result));
        },
      ),
      { numRuns: 30 },
    );
  });

  // How fast a full 12-player bot match replays is a target of npm run bench (bench/bench.ts), not of a test.
});
