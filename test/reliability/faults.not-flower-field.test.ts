// not-flower-field: every Apps Script call of a mid-match resolution fails once in turn (quota refusal,
// time-out), and the next tick leaves the world a clean run leaves (see faults.ts). FAULTS=all:
// every call index of that resolution, and every execution of a whole match.
import { expect, it } from 'vitest';
import { resolutionSweep, summary, wholeMatchSweep } from './fault-suite.js';
import { SMALL_CASES } from './scenarios.js';

const CASE = SMALL_CASES.find((c) => c.game === 'not-flower-field')!;

// Up to 10 minutes, not the default minute: the scenario runs once clean, then once more for each of its calls failing, on 2 busy cores.
it('not-flower-field: a mid-match resolution survives any one call failing; the next tick finishes it as a clean run does', () => {
  const result = resolutionSweep(CASE, 1);
  console.log(`[faults] ${result.label}: ${summary([result])}`);
  expect(result.runs).toBeGreaterThan(result.writes);
}, 600_000);

it.runIf(process.env.FAULTS === 'all')(
  'not-flower-field: every execution of a whole match survives any one call failing',
  () => {
    const results = wholeMatchSweep(CASE);
    console.log(`[faults] not-flower-field whole match: ${summary(results)}`);
    expect(results.length).toBeGreaterThan(5);
  },
  14_400_000,
);
