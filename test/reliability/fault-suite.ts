// The fault sweep of one game, as the test files run it: by default one mid-match resolution
// (a tick after a deadline), one write of each neighbourhood refused and the last timed out (the
// seeded sample of faults.ts); FAULTS=classes refuses every write; with FAULTS=all that resolution
// at every call index, and every execution of a whole match by class.
import { type SweepResult, sampledSweepMode, sweep, sweepEveryExecution } from './faults.js';
import { type MatchCase, at, beforeResolution, startedTable } from './scenarios.js';

export function resolutionSweep(c: MatchCase, phasesBefore: number, mode = sampledSweepMode()): SweepResult {
  const { table, answered } = beforeResolution(c, phasesBefore);
  const deadline = answered.deadline;
  return sweep(
    {
      label: `${c.game} ${answered.phase} closing`,
      table,
      act: (t) => {
        t.google.clock.set(at(deadline, 30));
        t.sandbox.fire('CLOCK');
      },
      after: (t) => {
        t.google.clock.set(at(deadline, 90));
        t.sandbox.fire('CLOCK');
      },
    },
    mode,
  );
}

export function wholeMatchSweep(c: MatchCase): SweepResult[] {
  const table = startedTable(c);
  const results = sweepEveryExecution(table, c.game);
  table.playToEnd();
  table.beforeRun = null;
  return results;
}

/** One line for the report: fault points covered, runs, time. */
export function summary(results: readonly SweepResult[]): string {
  const sum = (f: (r: SweepResult) => number) => results.reduce((n, r) => n + f(r), 0);
  return `${results.length} execution${results.length === 1 ? '' : 's'}, ${sum((r) => r.remoteCalls)} remote calls (${sum((r) => r.writes)} writes in ${sum((r) => r.neighbourhoods)} neighbourhoods): ${sum((r) => r.points)} fault points, ${sum((r) => r.runs)} faulted runs, ${(sum((r) => r.ms) / 1000).toFixed(1)} s`;
}
