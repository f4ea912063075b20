// Which clock triggers run next: an execution happens only when something is due (issue 26).
//
//   - an hourly trigger, always installed (host/start-match.ts): the safety net. A one-shot trigger Google
//     loses costs at most an hour, and the execution it starts arms again;
//   - one one-shot trigger (`.at(date)`) at the next moment something is due: a reminder, a form
//     reading, sheets left to draw, a Discord post to try again, or "now", after an answer or an
//     edit (the host's and the public sheet are drawn by the next execution);
//   - around a deadline or a phase's opening, where Google promises no exact minute for a one-shot
//     trigger (docs/google.md, "Trigger timing"), a minute trigger from MINUTE_LEAD_MS before it
//     until the execution that closes it, then removed: the tick in the minute before the
//     deadline waits for it (see run in execution/pipeline.ts).
//
// What is armed is kept in one property (KEY.armed), so an execution that changes nothing calls
// no trigger method. A machine (src/node) has no triggers: its scheduler keeps the moment in
// memory and `genius-host host` sleeps until it.

import { LATENCY } from '../google/latency.js';
import type { HostContext } from '../saved/context.js';
import { menuTriggersOnly, useMenuTriggers } from '../saved/menu-triggers.js';
import { KEY } from '../saved/pointers.js';

/**
 * How long before a deadline (or a phase's opening) the minute trigger starts: longer than a
 * one-shot trigger's pessimistic delay (LATENCY.oneShotDelay, 15 minutes), so the one-shot trigger
 * armed for it turns the minute trigger on before the deadline however late it starts.
 */
export const MINUTE_LEAD_MS = LATENCY.oneShotDelay.pessimistic + 5 * 60_000;
/** After an answer or an edit, the next execution: a minute on (answers in a burst share it). */
export const SOON_MS = 60_000;
/**
 * How long past its time an armed one-shot trigger that has not run is still taken to be coming:
 * Google promises no precision for `at(date)` (LATENCY.oneShotDelay, docs/google.md "Trigger
 * timing"), so a time passed is most often a trigger about to run. Replacing it costs four trigger
 * calls; keeping it costs nothing. Later than the pessimistic delay and a margin, it is taken as
 * lost and armed again (the hourly trigger covers a loss before then).
 */
export const ONE_SHOT_LOST_MS = LATENCY.oneShotDelay.pessimistic + 5 * 60_000;

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
  /** The open phase's deadline or the next phase's opening, when ahead (phaseEdge in next-due.ts). */
  readonly edge: string | null;
}

const NONE: Armed = { wake: null, minute: false };

/**
 * What is recorded as armed, or null when nothing is (a start, a handover, a failed trigger call:
 * see change). `fresh`: as it stands now, not as the execution's copy of the properties has it.
 */
function readArmed(ctx: HostContext, fresh = false): Armed | null {
  const text = fresh ? ctx.pointers.store.peek(KEY.armed) : ctx.pointers.text(KEY.armed);
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

/**
 * Whether the one-shot trigger armed for `wake` will start an execution soon enough for "look
 * again soon": its time is within SOON_MS, or passed less than `lateMs` ago (it has not run: the
 * execution it starts forgets it, see wakeRan).
 */
function comingSoon(wake: string | null, now: number, lateMs: number): boolean {
  if (wake === null) return false;
  const at = Date.parse(wake);
  return at <= now + SOON_MS && at > now - lateMs;
}

/**
 * What to arm for `due` at `now` (ms), given what is armed: pure. `lateMs`: how long past its time
 * an armed one-shot trigger may still run (ONE_SHOT_LOST_MS; 0 on a machine, whose wake is its own loop).
 */
export function plan(due: Due, now: number, armed: Armed, lateMs = ONE_SHOT_LOST_MS): Armed {
  const minute = nearEdge(due.edge, now);
  // The minute trigger runs an execution every minute: no one-shot trigger is needed beside it.
  if (minute) return { wake: null, minute };
  const times: number[] = [];
  if (due.at === null) {
    // Look again soon, unless a one-shot trigger armed already comes sooner, or is late and has not
    // run yet: it starts an execution that looks (no quiet pointer is left to rest on), and
    // replacing it would arm a new one after every other answer of a burst.
    times.push(comingSoon(armed.wake, now, lateMs) ? Date.parse(armed.wake ?? '') : now + SOON_MS);
  } else times.push(Math.max(now, Date.parse(due.at)));
  if (due.edge !== null) times.push(Date.parse(due.edge) - MINUTE_LEAD_MS);
  return { wake: new Date(Math.min(...times)).toISOString(), minute };
}

/**
 * The one function an execution calls as it ends (execution/pipeline.ts): arms the triggers for what is
 * due next, changing only what differs from what is armed.
 */
export function setClockTriggers(ctx: HostContext, due: Due): void {
  // The minute trigger Start made runs everything: a trigger made here would never fire.
  if (menuTriggersOnly(ctx)) return;
  const now = Date.parse(ctx.ports.clock.now());
  let armed = readArmed(ctx);
  // A one-shot trigger past its time may have run while this execution held the lock, and found
  // it taken (run in execution/pipeline.ts forgets it then): read afresh before keeping it, one read more.
  if (armed?.wake && Date.parse(armed.wake) <= now) armed = readArmed(ctx, true);
  // Still armed, long past its time: the wake it was armed for never ran. If it was armed inside a
  // trigger's execution (any but Start's), such triggers may not fire here: the next match runs on
  // menu-made triggers (the hourly trigger carries this one).
  if (armed?.wake && now - Date.parse(armed.wake) > lateMs(ctx) && !ctx.ports.machine)
    useMenuTriggers(ctx, `the one armed for ${armed.wake} had not run by ${new Date(now).toISOString()}`);
  const next = plan(due, now, armed ?? NONE, lateMs(ctx));
  change(ctx, armed, next);
}

/** How long past its time an armed one-shot trigger may still run: a machine sleeps to the moment itself. */
function lateMs(ctx: HostContext): number {
  return ctx.ports.machine ? 0 : ONE_SHOT_LOST_MS;
}

/**
 * Under the lock, in the execution the one-shot trigger started (onWake, src/addon/main.ts): that
 * trigger has run, so what is recorded no longer counts it and this execution arms what is due
 * afresh. (A trigger that has run may stay listed: the next one armed removes it, see wakeAt in
 * src/addon/triggers.ts.)
 */
export function wakeRan(ctx: HostContext): void {
  const armed = readArmed(ctx);
  if (armed?.wake) ctx.pointers.setText(KEY.armed, JSON.stringify({ ...armed, wake: null } satisfies Armed));
}

/**
 * A tick that ends on its quiet pointer (run in execution/pipeline.ts) whose rest ends at a deadline within
 * MINUTE_LEAD_MS: the one-shot trigger armed for that lead started it, and the minute trigger
 * must run from now on. One more property read, only in that window.
 */
export function armNearEdge(ctx: HostContext, edge: string | null, woken: boolean): void {
  // Read only in that window: a quiet tick reads its quiet pointer alone.
  if (!nearEdge(edge, Date.parse(ctx.ports.clock.now())) || menuTriggersOnly(ctx)) return;
  const armed = readArmed(ctx);
  if (armed?.minute) return;
  // The one-shot trigger that started this has run: nothing to remove (it may stay listed until
  // the next one armed replaces it), two trigger calls fewer.
  const live = woken && armed !== null ? { ...armed, wake: null } : armed;
  change(ctx, armed, { wake: null, minute: true }, live);
}

/**
 * An edit recorded without the lock (answers/row-edits.ts): the next execution soon, unless one is armed
 * sooner. Two at once may both arm: one execution more, nothing lost.
 */
export function wakeSoon(ctx: HostContext): void {
  if (menuTriggersOnly(ctx)) return;
  const armed = readArmed(ctx);
  const now = Date.parse(ctx.ports.clock.now());
  if (armed?.minute || comingSoon(armed?.wake ?? null, now, lateMs(ctx))) return;
  change(ctx, armed, { wake: new Date(now + SOON_MS).toISOString(), minute: false });
}

/** Forgets what was armed (the triggers were removed or installed afresh: host/start-match.ts, host/handover.ts). */
export function disarmed(ctx: HostContext): void {
  ctx.pointers.remove(KEY.armed);
}

/**
 * Sets the triggers `next` says, where they differ from `armed` (null: nothing recorded, so both
 * kinds are set). `live`: what of `armed` is still installed and to come, where the caller knows better.
 */
function change(ctx: HostContext, armed: Armed | null, next: Armed, live = armed): void {
  if (armed !== null && armed.wake === next.wake && armed.minute === next.minute) return;
  const { scheduler } = ctx.ports;
  // Forgotten first: a trigger call that fails below (a quota, a time-out) may have removed the old
  // trigger and made no new one, and what is recorded must never claim a trigger that is gone. With
  // nothing recorded and no quiet pointer to rest on, the next tick runs in full and sets both kinds
  // afresh (the pointer is written again after this: next-due.ts).
  if (armed !== null) {
    ctx.pointers.remove(KEY.armed);
    ctx.pointers.remove(KEY.quiet);
  }
  if (live === null || live.wake !== next.wake) scheduler.wakeAt(next.wake);
  if (live === null || live.minute !== next.minute) scheduler.everyMinute(next.minute);
  ctx.pointers.setText(KEY.armed, JSON.stringify(next));
}
