// Every long hostile answer (LONG_STRINGS) to every question of every phase a scenario cuts at: in
// full (refused for its length), just under the length every answer is read up to (so the game's
// own parser sees it), and split into a list. The security test checks what each does; npm run
// bench times each (bench/bench.ts), since how long one takes depends on the machine.

import type { PhaseSpec, Submission } from '../../src/engine/core/game.js';
import type { MatchRun } from '../../src/engine/core/replay.js';
import { MAX_ANSWER_LENGTH } from '../../src/engine/core/submission.js';
import { LONG_STRINGS } from './hostile.js';
import { type Scenario, phaseAt, runTo } from './scenario.js';

export interface LongAnswer {
  /** The match as it stands at the phase, to offer the submission to. */
  readonly run: MatchRun;
  readonly submission: Submission;
  /** Its index in the match file, for the offer. */
  readonly index: number;
  readonly label: string;
  readonly question: string;
}

function questionIds(phase: PhaseSpec, player: string): string[] {
  return Object.hasOwn(phase.questions, player) ? phase.questions[player].map((q) => q.id) : [];
}

/** Each long answer, one at a time: the caller offers it to `run` before asking for the next. */
export function* longAnswers(scenario: Scenario): Generator<LongAnswer> {
  for (const checkpoint of scenario.checkpoints.filter((c) => c < scenario.phases.length)) {
    const phase = phaseAt(scenario, checkpoint);
    const { run, next } = runTo(scenario, checkpoint, 0);
    let index = next;
    // One player for each different set of questions (a captain, a mover, a remover, …).
    const signatures = new Map(Object.keys(phase.questions).map((p) => [questionIds(phase, p).join(','), p]));
    for (const player of signatures.values()) {
      const valid = (scenario.byPhase.get(phase.id) ?? []).find((s) => s.player === player)?.answers ?? {};
      for (const question of questionIds(phase, player)) {
        for (const { label, text } of LONG_STRINGS) {
          for (const value of [text, text.slice(0, MAX_ANSWER_LENGTH - 10), text.split(' ')]) {
            const submission = {
              phase: phase.id,
              player,
              ...(run.timing.opensAt ? { at: run.timing.opensAt } : {}),
              answers: { ...valid, [question]: value },
            };
            yield { run, submission, index: index++, label, question };
          }
        }
      }
    }
  }
}
