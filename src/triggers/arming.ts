// Which clock triggers run next: an execution happens only when something is due (issue 26).
//
//   - an hourly trigger, always installed (start.ts): the safety net. A one-shot trigger Google
//     loses costs at most an hour, and the execution it starts arms again;
//   - one one-shot trigger (`.at(date)`) at the next moment something is due: a reminder, a form
//     reading, sheets left to draw, a Discord post to try again, or "now", after an answer or an
//     edit (the host's and the public sheet are drawn by the next execution);
//   - around a deadline or a phase's opening, where Google promises no exact minute for a one-shot
//     trigger (docs/google.md, "Trigger timing"), a minute trigger from MINUTE_LEAD_MS before it
//     until the execution that closes it, then removed: the tick in the minute before the
//     deadline waits for it (see run in execution.ts).
//
// What is armed is kept in one property (KEY.armed), so an execution that changes nothing calls
// no trigger method. A machine (src/node) has no triggers: its scheduler keeps the moment in
// memory and `genius-host host` sleeps until it.

import { LATENCY } from './latency.js';
import type { HostContext } from './context.js';
import { KEY } from './pointers.js';

/**
 * How long before a deadline (or a phase's opening) the minute trigger starts: longer than a
 * one-shot trigger's pessimistic delay (LATENCY.oneShotDelay, 15 minutes), so the one-shot trigger
 * armed for it turns the minute trigger on before the deadline however late it starts.
 */
export const MINUTE_LEAD_MS = LATENCY.oneShotDelay.pessimistic + 5 * 60_000;
/** After an answer or an edit, the next execution: a minute on (answers in a burst share it). */
export const SOON_MS = 60_000;

/** What the last execution armed. */
export interface Armed {
  /** The one-shot trigger's time, or null for none. */
  readonly wake: string | null;
  readonly minute: boolean;
}

/** What is due next, as an execution ends. */
export interface Due {
  /** The next moment something is due, or null: look again soon (an answer, an edit, work left). */
  readonly at: string | null;
  /** The open phase's deadline or the next phase's opening, when ahead (phaseEdge in quiet.ts). */
  readonly edge: string | null;
}

const NONE: Armed = { wake: null, minute: false };

/** What is recorded as armed, or null when nothing is (a start, a handover, a failed trigger call: see change). */
function readArmed(ctx: HostContext): Armed | null {
  const text = ctx.pointers.text(KEY.armed);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return NONE;
    const wake = 'wake' in value && typeof value.wake === 'string' ? value.wake : null;
    return { wake, minute: 'minute' in value && value.minute === true };
  } catch {
    return NONE;
  }
}

/** Whether `edge` is near enough for the minute trigger. */
function nearEdge(edge: string | null, now: number): boolean {
  return edge !== null && Date.parse(edge) - now <= MINUTE_LEAD_MS;
}

/** What to arm for `due` at `now` (ms), given what is armed: pure. */
export function plan(due: Due, now: number, armed: Armed): Armed {
  const minute = nearEdge(due.edge, now);
  // The minute trigger runs an execution every minute: no one-shot trigger is needed beside it.
  if (minute) return { wake: null, minute };
  const times: number[] = [];
  if (due.at === null) {
    // Look again soon, unless a one-shot trigger already comes sooner than that.
    const kept = armed.wake !== null ? Date.parse(armed.wake) : NaN;
    times.push(kept > now && kept <= now + SOON_MS ? kept : now + SOON_MS);
  } else times.push(Math.max(now, Date.parse(due.at)));
  if (due.edge !== null) times.push(Date.parse(due.edge) - MINUTE_LEAD_MS);
  return { wake: new Date(Math.min(...times)).toISOString(), minute };
}

/**
 * The one function an execution calls as it ends (execution.ts): arms the triggers for what is
 * due next, changing only what differs from what is armed.
 */
export function armNext(ctx: HostContext, due: Due): void {
  const armed = readArmed(ctx);
  const next = plan(due, Date.parse(ctx.ports.clock.now()), armed ?? NONE);
  change(ctx, armed, next);
}

/**
 * A tick that ends on its quiet pointer (run in execution.ts) whose rest ends at a deadline within
 * MINUTE_LEAD_MS: the one-shot trigger armed for that lead started it, and the minute trigger
 * must run from now on. One more property read, only in that window.
 */
export function armNearEdge(ctx: HostContext, edge: string | null): void {
  if (!nearEdge(edge, Date.parse(ctx.ports.clock.now()))) return;
  const armed = readArmed(ctx);
  if (!armed?.minute) change(ctx, armed, { wake: null, minute: true });
}

/**
 * An edit recorded without the lock (edits.ts): the next execution soon, unless one is armed
 * sooner. Two at once may both arm: one execution more, nothing lost.
 */
export function wakeSoon(ctx: HostContext): void {
  const armed = readArmed(ctx);
  const now = Date.parse(ctx.ports.clock.now());
  const wake = armed?.wake ?? null;
  if (armed?.minute || (wake !== null && Date.parse(wake) <= now + SOON_MS)) return;
  change(ctx, armed, { wake: new Date(now + SOON_MS).toISOString(), minute: false });
}

/** Forgets what was armed (the triggers were removed or installed afresh: start.ts, handover.ts). */
export function disarmed(ctx: HostContext): void {
  ctx.pointers.remove(KEY.armed);
}

/** Sets the triggers `next` says, where they differ from `armed` (null: nothing recorded, so both kinds are set). */
function change(ctx: HostContext, armed: Armed | null, next: Armed): void {
  if (armed !== null && armed.wake === next.wake && armed.minute === next.minute) return;
  const { scheduler } = ctx.ports;
  // Forgotten first: a trigger call that fails below (a quota, a time-out) may have removed the old
  // trigger and made no new one, and what is recorded must never claim a trigger that is gone. With
  // nothing recorded and no quiet pointer to rest on, the next tick runs in full and sets both kinds
  // afresh (the pointer is written again after this: arm.ts).
  if (armed !== null) {
    ctx.pointers.remove(KEY.armed);
    ctx.pointers.remove(KEY.quiet);
  }
  if (armed === null || armed.wake !== next.wake) scheduler.wakeAt(next.wake);
  if (armed === null || armed.minute !== next.minute) scheduler.everyMinute(next.minute);
  ctx.pointers.setText(KEY.armed, JSON.stringify(next));
}
