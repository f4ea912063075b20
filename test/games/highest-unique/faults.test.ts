// highest-unique: every Apps Script call of a mid-match resolution fails once in turn (quota refusal,
// time-out), and the next tick leaves the world a clean run leaves (test/reliability/faults.ts).
// FAULTS=all: every execution of a whole match.
import { expect, it } from 'vitest';
import { resolutionSweep, summary, wholeMatchSweep } from '../../reliability/fault-suite.js';
import type { MatchCase } from '../../reliability/scenarios.js';

const CASE: MatchCase = { game: 'highest-unique', players: 3, minutes: { default: 60 } };

// Up to 10 minutes, not the default minute: the scenario runs once clean, then once more for each of its calls failing, on 2 busy cores.
it('highest-unique: a mid-match resolution survives any one call failing; the next tick finishes it as a clean run does', () => {
  const result = resolutionSweep(CASE, 1);
  console.log(`[faults] ${result.label}: ${summary([result])}`);
  expect(result.runs).toBeGreaterThan(result.writes);
}, 600_000);

it.runIf(process.env.FAULTS === 'all')(
  'highest-unique: every execution of a whole match survives any one call failing',
  () => {
    const results = wholeMatchSweep(CASE);
    console.log(`[faults] highest-unique whole match: ${summary(results)}`);
    expect(results.length).toBeGreaterThan(5);
  },
  14_400_000,
);
