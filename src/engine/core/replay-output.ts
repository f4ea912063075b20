// What `genius-host replay` prints of a replay (docs/matchfile.md, "The replay command"): the
// rounds as each game sums them up, refusals, pending decisions, the final result, and what is
// still open.

import type { DecisionRequest, Final, RoundSummary } from './game.js';
import type { Pause } from './deadlines.js';
import type { Rejection, ReplayResult } from './replay.js';

/** The JSON object `genius-host replay` prints (docs/matchfile.md, "The replay command"). */
export interface ReplayOutput {
  readonly game: string;
  readonly rounds: RoundSummary[];
  readonly rejected: readonly Rejection[];
  readonly pending: readonly DecisionRequest[];
  readonly final: Final | null;
  /** The phase still open (a match replayed mid-way), or null. */
  readonly open: { readonly phase: string; readonly deadline?: string; readonly submitted: readonly string[] } | null;
  /** The host's pause going on (left out when there is none). */
  readonly paused?: Pause;
}

export function replayOutput(result: ReplayResult): ReplayOutput {
  return {
    game: result.match.game,
    rounds: result.game.rounds(result.state, result.ctx),
    rejected: result.rejected,
    pending: result.pending,
    final: result.final,
    open: result.open
      ? {
          phase: result.open.phase.id,
          ...(result.open.timing.deadline ? { deadline: result.open.timing.deadline } : {}),
          submitted: [...result.open.moves.keys()],
        }
      : null,
    ...(result.paused ? { paused: result.paused } : {}),
  };
}
