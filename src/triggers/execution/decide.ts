// The pipeline's third step (pipeline.ts): what the first replay calls for, decided from it and
// the pointers alone, then done as one more input. A phase every player is ready for closes by a
// `close` event; a form about to change is closed and read once more first, so nothing sent
// before the change is lost or credited to the wrong phase; a form whose player a reminder due
// now would email is read first, so an answer whose trigger did not fire earns no reminder.
// What this reads is added to the log and replayed once more: never a loop (see afterReads).

import { readyClose } from '../../engine/core/ready.js';
import type { MatchFile, ReplayResult } from '../../engine/index.js';
import { collectForms, formOf } from '../answers/form-responses.js';
import type { HostContext } from '../saved/context.js';
import { type WantedForm, formSpecs } from '../drawing/forms-sync.js';
import type { LogEntry } from '../saved/match-log.js';

/** What the first replay calls for. */
export interface Plan {
  /** The forms to close and read once more, by player, each with the closed message it is to show (set when it is shown: drawing/draw.ts). */
  readonly close: Map<string, string>;
  /** The forms to read without closing them (the players a reminder due now would email, and those the poll left here). */
  readonly read: readonly string[];
  /** Entries the replay calls for: a `close` when every player is ready (ready.ts). */
  readonly entries: readonly LogEntry[];
}

export interface PlanInput {
  /** Every form is closed, read and shown again (Re-render). */
  readonly everyForm: boolean;
  /** The host's entry added after the replay may move the phase: every form that may hold an answer is closed. */
  readonly moved: boolean;
  /**
   * The players a reminder due now would email (messages/messages.ts, playersToRemind, as the
   * first replay stands), when this run reads their forms first: a tick that did not poll the
   * forms. Empty otherwise.
   */
  readonly remind: readonly string[];
  /** The players whose form may hold an answer not read yet (formsToRead). */
  readonly mayHold: readonly string[];
  /** Forms the poll left to this step (a deadline passed: answers/new-inputs.ts): read here, closed or not. */
  readonly deferred: readonly string[];
}

/** The `close` event due now, for a match whose schedule closes some phase when every player is ready. */
function readyEntries(result: ReplayResult, now: string): LogEntry[] {
  if (!Object.values(result.match.schedule?.closeWhenReady ?? {}).some(Boolean)) return [];
  const close = readyClose(result, now);
  return close ? [{ kind: 'event', value: close }] : [];
}

/** The players among `players` whose form would show something else than it does: `specs`, what each form should show as the replay stands. */
function changing(
  ctx: HostContext,
  result: ReplayResult,
  specs: ReadonlyMap<string, WantedForm>,
  players: readonly string[],
): string[] {
  return result.match.players
    .filter((p) => {
      if (!players.includes(p.id)) return false;
      const wanted = specs.get(p.id);
      return wanted !== undefined && ctx.pointers.form(formOf(p)).key !== wanted.key;
    })
    .map((p) => p.id);
}

/**
 * Decides from the first replay. When the phase may move by this execution's own entries (a ready
 * close, the host's event) every form that may hold an answer is closed, so that the second replay
 * finds none left open that must change; otherwise only those whose questions change.
 */
export function decide(ctx: HostContext, result: ReplayResult, now: string, input: PlanInput): Plan {
  const entries = readyEntries(result, now);
  const players = result.match.players.map((p) => p.id);
  const specs = formSpecs(ctx, result);
  const toClose = input.everyForm
    ? players
    : entries.length > 0 || input.moved
      ? [...input.mayHold]
      : changing(ctx, result, specs, input.mayHold);
  const close = new Map(toClose.map((id) => [id, specs.get(id)?.spec.closedMessage ?? '']));
  const reminded = input.remind.filter((id) => input.mayHold.includes(id) && !close.has(id));
  const read = [...new Set([...reminded, ...input.deferred.filter((id) => !close.has(id))])];
  return { close, read, entries };
}

/**
 * Does the plan: closes its forms, and reads them and the others it names. Answers what came in
 * (the pipeline adds it, then the plan's entries); `match`: the log as the first replay read it.
 */
export function carryOut(ctx: HostContext, match: MatchFile, plan: Plan): LogEntry[] {
  const byId = new Map(match.players.map((p) => [p.id, p]));
  // Closed as they are: an open form's closed message already says its phase is being resolved
  // (src/forms), and the message of what follows is set once the sheets are drawn (showForm in
  // drawing/forms-sync.ts), so the deadline's boards wait for one Forms call less a form.
  for (const id of plan.close.keys()) {
    const player = byId.get(id);
    if (player) ctx.ports.forms.stopAccepting(formOf(player));
  }
  const read = [...plan.close.keys(), ...plan.read];
  return read.length > 0 ? collectForms(ctx, match, read) : [];
}

/**
 * What the second replay says: the forms to leave as they are, and whether every player is now
 * ready. `specs`: what each form should show as `second` stands (formSpecs, made once for this
 * and the drawing).
 *
 * Held: a form that may hold an answer not read yet, was not closed here, and would change.
 * Changing it now could credit an answer waiting in it to the wrong phase; the next execution
 * closes and reads it first (its own first replay sees it). Only an answer read here that moves
 * the match in a way the first replay could not tell does this.
 *
 * Ready next: the second replay has every player ready for a phase that closes when ready, by
 * answers read after the first (before a reminder), so the `close` is the next execution's to
 * log, at once (a third replay here would be a loop).
 */
export function afterReads(
  ctx: HostContext,
  first: ReplayResult,
  second: ReplayResult,
  specs: ReadonlyMap<string, WantedForm>,
  closed: ReadonlyMap<string, string>,
  now: string,
): { held: Set<string>; readyNext: boolean } {
  const open = second.match.players
    .filter((p) => p.form !== undefined && !closed.has(p.id) && ctx.pointers.form(p.form).open !== false)
    .map((p) => p.id);
  const held = new Set(changing(ctx, second, specs, open));
  return { held, readyNext: second !== first && readyEntries(second, now).length > 0 };
}
