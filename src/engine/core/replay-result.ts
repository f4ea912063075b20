// What a replay answers (replay.ts): the state of the match, what closed and what is open, every
// receipt and refusal, the host's pending decisions and, at the end, the final result.

import type { AnyGame, DecisionRequest, Final, GameContext, PhaseSpec, PhaseTiming } from './game.js';
import type { MatchFile } from './matchfile.js';
import type { Pause } from './deadlines.js';

export interface Receipt {
  /** Position in the match file's `submissions`. */
  readonly index: number;
  readonly phase: string;
  readonly player: string;
  readonly at?: string;
  readonly status: 'accepted' | 'partial' | 'rejected';
  /** Why it was refused, or which parts were refused. */
  readonly reasons: readonly string[];
  /** What the game told the player about answers that count (never a refusal). */
  readonly notes?: readonly string[];
  /** A later valid submission of the same player replaced this one. */
  superseded: boolean;
  /** Sent past the player's MAX_SUBMISSIONS_PER_PHASE: logged, not read (its answers are not shown). */
  readonly overLimit?: true;
  /** The player answered the done question `Not yet`: this answer counts, but the phase waits for them (see MatchRun.ready). */
  readonly notDone?: true;
}

export interface Rejection {
  readonly phase: string;
  readonly player: string;
  readonly reason: string;
  /** Position in `submissions`; absent for host decisions. */
  readonly submission?: number;
}

export interface ClosedPhase {
  readonly phase: PhaseSpec;
  readonly timing: PhaseTiming;
  /** Who had a move that counted. */
  readonly movers: readonly string[];
}

export interface OpenPhase<M = unknown> {
  readonly phase: PhaseSpec;
  readonly timing: PhaseTiming;
  readonly moves: ReadonlyMap<string, M>;
  /** The players who are ready (see MatchRun.ready): when every player who may answer is, the phase may close early. */
  readonly ready: readonly string[];
}

export interface ReplayResult<S = unknown, M = unknown> {
  readonly match: MatchFile;
  readonly game: AnyGame;
  readonly ctx: GameContext<unknown>;
  readonly state: S;
  readonly closed: readonly ClosedPhase[];
  readonly open: OpenPhase<M> | null;
  readonly receipts: readonly Receipt[];
  readonly rejected: readonly Rejection[];
  readonly pending: readonly DecisionRequest[];
  /** Every host decision the end asked for, answered or not (the Host actions list names each by its question); absent in results built by hand. */
  readonly asked?: readonly DecisionRequest[];
  /** Null while the match is unfinished or waits on a host decision. */
  readonly final: Final | null;
  /** The host's pause still going on (as of `now`), or null. */
  readonly paused: Pause | null;
}

export interface ReplayOptions {
  /** The current time; phases whose deadline has not passed stay open. Omit for a complete record. */
  readonly now?: string;
}
