// Who hosts a match: the add-on on Apps Script (its triggers) or a machine (genius-host host).
// Each store names the runner (KEY.runner, written by host/handover.ts); a runner whose store names
// the other does nothing.

import type { HostContext } from './context.js';
import { KEY } from './pointers.js';

/** Who hosts a match: Apps Script (its triggers) or a machine (genius-host host). */
export type Runner = 'apps-script' | 'machine';

/** The runner the match's store names when it is not this one (host/handover.ts), else null. */
export function hostedElsewhere(ctx: HostContext): Runner | null {
  const claimed: Runner = ctx.pointers.store.get(KEY.runner) === 'machine' ? 'machine' : 'apps-script';
  return claimed === (ctx.ports.machine ? 'machine' : 'apps-script') ? null : claimed;
}

/** What a runner says when the other one hosts the match. */
export function elsewhereMessage(elsewhere: Runner): string {
  return elsewhere === 'machine'
    ? 'This match is hosted from a machine (genius-host host) now, so the add-on changes nothing: choose Genius Host → Host from Apps Script again to take it back, then try again.'
    : "this match is hosted by Apps Script: in the host spreadsheet choose Genius Host → Host from a machine… first (it hands the match over and stops the add-on's triggers)";
}
