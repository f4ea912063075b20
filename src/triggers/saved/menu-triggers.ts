// Whether a match runs on menu-made triggers: where Google was seen not to fire triggers made
// inside a trigger's execution, the account is marked and the next Start runs the match on a
// minute trigger made from the host's menu (schedule/clock-triggers.ts then makes no trigger).
// Kept here, beside the pointers, so both the schedule and the Links tab (drawing/links.ts) read it.

import type { HostContext } from './context.js';
import { KEY } from './pointers.js';

/**
 * Set where triggers made inside a trigger's execution were seen not to fire (a public report says
 * V8 disables them: Issue Tracker 150756612, docs/google.md triggers-from-trigger): by the
 * rehearsal's report, or by the first one-shot trigger taken as lost. From the next Start (a call
 * from the host's own menu, whose triggers fire) a minute trigger runs the match and no execution
 * makes a trigger. The host's setting, not a match's: outside `gh.`, so it outlives the match.
 */
const MENU_TRIGGERS = KEY.menuTriggers;

/** This match was started on the minute trigger (a `gh.` key: it goes with the match). */
const MENU_MINUTE = KEY.menuMinute;

/** Whether the next Start installs the minute trigger (the account's setting), and records that it did. */
export function startOnMenuTriggers(ctx: HostContext): boolean {
  const on = !ctx.ports.machine && ctx.pointers.text(MENU_TRIGGERS) !== null;
  if (on) ctx.pointers.setText(MENU_MINUTE, 'on');
  else ctx.pointers.remove(MENU_MINUTE);
  return on;
}

/** Whether this match runs on the minute trigger Start made, so no execution makes a trigger. */
export function menuTriggersOnly(ctx: HostContext): boolean {
  return !ctx.ports.machine && ctx.pointers.text(MENU_MINUTE) !== null;
}

/** Why the account runs on menu-made triggers from now on (said on the Links tab at the next Start). */
export function useMenuTriggers(ctx: HostContext, why: string): void {
  if (ctx.pointers.text(MENU_TRIGGERS) === null) ctx.pointers.setText(MENU_TRIGGERS, why);
}

/** The host's warning while the account runs on menu-made triggers, or null. */
export function menuTriggersNote(ctx: HostContext): string | null {
  const why = ctx.pointers.text(MENU_TRIGGERS);
  return why === null || !menuTriggersOnly(ctx)
    ? null
    : `Google did not run a wake-up genius-host set while running on its own (${why}), so this match runs on a check every minute, set when you pressed Start: each phase still closes within about a minute of its deadline, at some 1,440 short runs a day of your trigger time.`;
}
