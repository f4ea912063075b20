// A finished match costs nothing (issue 42). An account's daily trigger time is shared by every
// spreadsheet it hosts from, and a match that ended would otherwise keep its hourly trigger, a few
// minutes of every day, forever. So the execution that finds the match over, with nothing left to do
// (no board left to draw, no Discord post to try again), removes its clock triggers; once no form may
// hold an answer not read yet, it removes the form-submit and edit triggers too (nothing more can be
// answered). What it removed is kept in one property (KEY.retired), so the next execution calls no
// trigger method. Undo last phase (or anything that reopens the match, or leaves work over) installs
// them again here; a new match clears every match property and installs them (host/start-match.ts).
//
// Not on a machine (genius-host host has no triggers: it sleeps until what is armed), nor in a
// rehearsal, whose end removes everything it made itself (src/addon/rehearsal-end.ts).

import type { ReplayResult } from '../../engine/index.js';
import { disarmed } from './clock-triggers.js';
import { formsToRead } from '../answers/form-responses.js';
import type { HostContext } from '../saved/context.js';
import { KEY } from '../saved/pointers.js';

/** What a finished match has removed: its clock triggers, or every trigger. */
type Retired = 'clock' | 'all';

function retiredOf(ctx: HostContext): Retired | null {
  const text = ctx.pointers.text(KEY.retired);
  return text === 'clock' || text === 'all' ? text : null;
}

/**
 * Step 6 of an execution (execution/pipeline.ts), before arming: answers whether the match is over with
 * nothing left over, its triggers removed (then nothing is armed). `leftOver`: this execution
 * leaves work to a later one. Otherwise, triggers a finished match removed are installed again.
 */
export function retireIfOver(ctx: HostContext, result: ReplayResult, leftOver: boolean): boolean {
  if (ctx.ports.machine || ctx.rehearsal) return false;
  const retired = retiredOf(ctx);
  if (result.final === null || leftOver) {
    if (retired !== null) reinstall(ctx);
    return false;
  }
  // A form not yet closed and read again may still hold an answer: its trigger stays to read it.
  const want: Retired = formsToRead(ctx, result.match).length > 0 ? 'clock' : 'all';
  if (retired === 'all' || retired === want) return true;
  // Forgotten first, as clock-triggers.ts does: what is recorded must never claim a trigger that is gone.
  disarmed(ctx);
  ctx.pointers.remove(KEY.quiet);
  if (want === 'all') ctx.ports.scheduler.remove();
  else ctx.ports.scheduler.stopClock();
  ctx.pointers.setText(KEY.retired, want);
  return true;
}

/** The match goes on (Undo last phase, or work left): its triggers as a start installs them; arming adds the rest. */
function reinstall(ctx: HostContext): void {
  ctx.ports.scheduler.install(ctx.pointers.requireShared().id);
  disarmed(ctx);
  ctx.pointers.remove(KEY.retired);
}
