// Every game of the registry, a shard a file: Apps Script calls of a mid-match resolution fail once in turn
// (quota refusal, time-out), and the next tick leaves the world a clean run leaves (see faults.ts).
// By default a seeded sample of the writes, one of each neighbourhood (faults.ts: `sample`);
// FAULTS=classes: every write; FAULTS=all: every call index of that resolution, and every
// execution of a whole match. The
// cases are each game's (test/helpers/game-cases.ts); a game whose phases close on a move sweeps
// those in its own test folder (test/games/<id>/faults.test.ts).
import { describe, expect, it } from 'vitest';
import { GAME_CASES } from '../helpers/game-cases.js';
import { shardOf } from '../helpers/shard.js';
import { resolutionSweep, summary, wholeMatchSweep } from './fault-suite.js';
import { refusalsExpected, sampledSweepMode } from './faults.js';
import { sampleOf } from '../helpers/depth.js';

/** The sweeps of the games of one shard (test/helpers/shard.ts): faults.shard-N.test.ts. */
export function faultSweeps(shard: number, of: number): void {
  // One game of the shard that sweeps its deadline (test/helpers/depth.ts); npm run test:deep sweeps every one.
  const inShard = shardOf(GAME_CASES, shard, of);
  const sweeping = inShard.filter((c) => c.deadlineSweep || process.env.FAULTS === 'all');
  const chosen = sweeping.length > 0 ? sampleOf(`fault sweeps, shard ${shard}`, sweeping, 1) : inShard;
  for (const { game, small, deadlineSweep } of chosen) {
    describe(game.title, () => {
      // Up to 10 minutes, not the default minute: the scenario runs once clean, then once more for each of its calls failing, on 2 busy cores.
      it.runIf(deadlineSweep)(
        `${game.id}: a mid-match resolution survives any one call failing; the next tick finishes it as a clean run does`,
        () => {
          const result = resolutionSweep(small, 1);
          console.log(`[faults] ${result.label}: ${summary([result])}`);
          // Every neighbourhood refused once and the last write timed out (every write, FAULTS=classes or all).
          expect(result.runs).toBeGreaterThan(refusalsExpected(result, sampledSweepMode()));
        },
        600_000,
      );

      it.runIf(process.env.FAULTS === 'all')(
        `${game.id}: every execution of a whole match survives any one call failing`,
        () => {
          const results = wholeMatchSweep(small);
          console.log(`[faults] ${game.id} whole match: ${summary(results)}`);
          expect(results.length).toBeGreaterThan(5);
        },
        14_400_000,
      );
    });
  }
}
