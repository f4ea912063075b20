// peg-domain: a move arriving by form resolves the turn in the same execution, and a turn with no
// move times out at the next tick; each survives any one Apps Script call failing once (quota
// refusal, time-out): the next execution leaves the world a clean run leaves (see faults.ts).
// (The registry's sweep, test/reliability/fault-games.ts, skips its deadline sweep: cases.ts.)
// By default a seeded sample of each execution's writes fails (faults.ts: `sample`, one of each
// neighbourhood); FAULTS=classes: every write; FAULTS=all: every call index of a move by form (the
// whole match: the registry's sweep).
import { expect, it } from 'vitest';
import { EARLY_FORMS_EVERY_MINUTES } from '../../../src/triggers/answers/form-responses.js';
import { privatePart } from '../../sandbox/players.js';
import { resolutionSweep, summary } from '../../reliability/fault-suite.js';
import { refusalsExpected, sampledSweep, sampledSweepMode } from '../../reliability/faults.js';
import { SMALL_CASES, at, botAnswers, startedTable } from '../../reliability/scenarios.js';

const CASE = SMALL_CASES.find((c) => c.game === 'peg-domain')!;

/** A table at the start of a turn, some turns in, and the player to move. */
function atTurn(turns: number) {
  const table = startedTable(CASE);
  for (let i = 0; i < turns; i++) table.playPhase();
  const open = table.state().open!;
  // The mover answers the turn's questions; the other player may only answer `remove`.
  const mover = Object.keys(open.phase.questions).find((p) => open.phase.questions[p].some((q) => q.id !== 'remove'))!;
  return { table, open, mover };
}

// Up to 10 minutes, not the default minute: the scenario runs once clean, then once more for each of its calls failing, on 2 busy cores.
it('peg-domain: a move sent by form resolves the turn, whichever call fails; the next tick finishes it', () => {
  const { table, open, mover } = atTurn(3);
  const bot = botAnswers(table, mover)!;
  const sent = at(table.google.clock.iso(), 30);
  const result = sampledSweep({
    label: `peg-domain ${open.phase.id}: ${mover}'s move by form`,
    table,
    act: (t) => {
      t.google.clock.set(sent);
      expect(t.submitOnly(mover, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
      t.sandbox.fire('ON_FORM_SUBMIT');
    },
    // The tick once the forms are due to be read again (every other minute in a turn: quiet.ts,
    // EARLY_FORMS_EVERY_MINUTES), for an answer whose own execution failed before it asked.
    after: (t) => {
      t.google.clock.set(at(sent, 60 * (EARLY_FORMS_EVERY_MINUTES + 1)));
      t.sandbox.fire('CLOCK');
    },
  });
  console.log(`[faults] ${result.label}: ${summary([result])}`);
  expect(result.runs).toBeGreaterThan(refusalsExpected(result, sampledSweepMode()));
}, 600_000);

// Up to 10 minutes, not the default minute: the scenario runs once clean, then once more for each of its calls failing, on 2 busy cores.
it('peg-domain: a turn with no move times out at the tick, whichever call fails; the next tick finishes it', () => {
  const { table, open } = atTurn(2);
  const deadline = open.timing.deadline!;
  const result = sampledSweep({
    label: `peg-domain ${open.phase.id}: time-out`,
    table,
    act: (t) => {
      t.google.clock.set(at(deadline, 20));
      t.sandbox.fire('CLOCK');
    },
    after: (t) => {
      t.google.clock.set(at(deadline, 80));
      t.sandbox.fire('CLOCK');
    },
  });
  console.log(`[faults] ${result.label}: ${summary([result])}`);
  expect(result.runs).toBeGreaterThan(refusalsExpected(result, sampledSweepMode()));
}, 600_000);

it.runIf(process.env.FAULTS === 'all')(
  'peg-domain: every call index of a move by form',
  () => {
    const move = resolutionSweep(CASE, 2, 'all');
    console.log(`[faults] ${move.label}: ${summary([move])}`);
    expect(move.runs).toBeGreaterThan(move.writes);
  },
  14_400_000,
);
