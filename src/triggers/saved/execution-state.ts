// What an execution keeps for the next one about its own work, in one property (KEY.state). The
// log is the match: nothing here says what happened in it, only what the add-on did about it,
// which no replay can tell. Each field says why.
//
// The other properties stay apart for a reason of their own (docs/architecture.md, "State kept
// between executions"): the quiet pointer (one read a tick, dropped by answers without the lock),
// each answer's ask and each row edit (written without the lock, one key each so none is lost),
// each form's pointer and the public rows' (written step by step in a long change, so an execution
// stopped part-way leaves the next one the truth), and what a start made (files, shares, setup).

import * as z from 'zod/mini';

export const EXECUTION_STATE = z.object({
  polledAt: z.optional(z.string()),
  seen: z.optional(z.string()),
  drawnAt: z.optional(z.string()),
  rendered: z.optional(z.record(z.string(), z.string())),
  bots: z.optional(z.array(z.string())),
  rehearsal: z.optional(z.boolean()),
  formsLeft: z.optional(z.boolean()),
});

/** The execution's own record (one property, written under the lock). */
export interface ExecutionState {
  /** When every form that may hold an answer was last read: a read that found nothing leaves no trace in the log. */
  readonly polledAt?: string;
  /** Where the match stood (drawing/draw.ts, stateKey) when every sheet and form last showed it: what they show is not in the log. */
  readonly seen?: string;
  /** When every sheet was last drawn whole: the sheets an answer changes little are drawn only every few hours (drawing/draw.ts). */
  readonly drawnAt?: string;
  /** Each audience's view as last drawn, by fingerprint: an unchanged view is not written again, and the log does not say what was written. */
  readonly rendered?: Readonly<Record<string, string>>;
  /** The seats the add-on's bots answer for (Rehearse a match…, answers/bot-answers.ts): the log holds their answers, not who plays a seat. */
  readonly bots?: readonly string[];
  /**
   * A rehearsal watches this match (Rehearse a match…, src/addon/rehearsal.ts): each run says so
   * (HostContext.rehearsal), and the quiet pointer carries it, so a quiet tick of any other match
   * never reads the rehearsal's record.
   */
  readonly rehearsal?: boolean;
  /**
   * Some forms were left to a later execution (late in a long one: drawing/forms-sync.ts). Kept apart from
   * `seen`, so the sheets count as drawn once they are, and the next answers draw only their sender's.
   */
  readonly formsLeft?: boolean;
}
