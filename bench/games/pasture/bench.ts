// Pasture's own measurement for npm run bench (bench/kit.ts): the regression of
// test/security/regressions.test.ts, 100 000 letters as the starting cell (a regex that tried
// every start took seconds).
import { MatchRun } from '../../../src/engine/core/replay.js';
import { GAME_LIST, newMatch } from '../../../src/engine/index.js';
import type { BenchKit } from '../../kit.js';

export function bench({ say, table, time, median, ms, fail }: BenchKit): void {
  say('## Pasture: a 100 000-letter answer');
  say();
  // The regression itself: 100 000 letters as Pasture's starting cell.
  const pasture = GAME_LIST.find((g) => g.id === 'pasture')!;
  const fresh = newMatch('pasture', { seed: 'bench-long' });
  if (!fresh.ok) throw new Error(fresh.error);
  const run = new MatchRun(pasture, fresh.value);
  const letters = median(
    Array.from({ length: 5 }, (_, i) =>
      time(() => run.offer({ phase: 'start', player: 'p1', answers: { start: 'A'.repeat(100_000) } }, i)),
    ),
  );
  if (letters >= 100) fail(`Pasture: a 100 000-letter answer took ${ms(letters)} ms, median of 5 (target < 100 ms)`);
  table(
    ['answer', 'median of 5, ms', 'what happens'],
    [['100 000 letters as the starting cell', ms(letters), 'start: refused for its length before any game reads it']],
  );
}
