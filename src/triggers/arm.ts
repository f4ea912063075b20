// The pipeline's last step (execution.ts): arm what is due next. Today that is the quiet pointer
// the minute ticks read (one Properties read a tick, see run in execution.ts); a trigger set for
// the moment itself would take its place here, and nowhere else.

import type { HostContext } from './context.js';
import { KEY, type QuietPointer } from './pointers.js';
import type { NextDue } from './quiet.js';

/**
 * Until `due.at` the ticks rest (`null`: the next looks). `handled`: the answers' asks and the
 * edits this execution logged; any other that came in while it ran wakes the ticks.
 */
export function arm(ctx: HostContext, due: NextDue, handled: ReadonlySet<string>): void {
  const quiet =
    due.at === null
      ? null
      : JSON.stringify({
          until: due.at,
          ask: '',
          open: due.open,
          ...(due.sharp ? { sharp: true } : {}),
        } satisfies QuietPointer);
  if (ctx.pointers.text(KEY.quiet) === quiet) return;
  if (quiet === null) {
    ctx.pointers.remove(KEY.quiet);
    return;
  }
  ctx.pointers.setText(KEY.quiet, quiet);
  // An answer or an edit that came in while this ran dropped the pointer before this wrote it
  // (each drops it after recording itself): seen now, the ticks must not rest on it.
  if (
    ctx.pointers.store
      .peekKeys()
      .some((k) => (k.startsWith(KEY.editPrefix) || k.startsWith(KEY.askPrefix)) && !handled.has(k))
  )
    ctx.pointers.remove(KEY.quiet);
}
