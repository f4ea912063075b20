// The pipeline's last step (execution/pipeline.ts): arm what is due next. The quiet pointer tells a tick that
// starts early that it may rest (one Properties read), and the clock triggers (clock-triggers.ts) are set for
// the moment itself: a one-shot trigger, or the minute trigger near a deadline.

import { armNext } from './clock-triggers.js';
import type { HostContext } from '../saved/context.js';
import { KEY, type QuietPointer } from '../saved/pointers.js';
import type { NextDue } from './next-due.js';

/**
 * Until `due.at` the ticks rest (`null`: the next looks). `handled`: the answers' asks and the
 * edits this execution logged; any other that came in while it ran wakes the ticks.
 */
export function arm(ctx: HostContext, due: NextDue, handled: ReadonlySet<string>): void {
  // The triggers first: where a trigger call fails, no quiet pointer is left for a tick to rest on.
  armNext(ctx, { at: due.at, edge: due.edge });
  // An answer or an edit that came in meanwhile: the next execution soon.
  if (restPointer(ctx, due, handled) === null && due.at !== null) armNext(ctx, { at: null, edge: due.edge });
}

/** Writes the quiet pointer for `due`; answers until when the ticks rest (null: the next looks). */
function restPointer(ctx: HostContext, due: NextDue, handled: ReadonlySet<string>): string | null {
  const quiet =
    due.at === null
      ? null
      : JSON.stringify({
          until: due.at,
          ask: '',
          open: due.open,
          ...(due.sharp ? { sharp: true } : {}),
          ...(due.edge !== null ? { edge: due.edge } : {}),
          ...(ctx.pointers.state().rehearsal ? { rehearsal: true } : {}),
        } satisfies QuietPointer);
  if (ctx.pointers.text(KEY.quiet) === quiet) return due.at;
  if (quiet === null) {
    ctx.pointers.remove(KEY.quiet);
    return null;
  }
  ctx.pointers.setText(KEY.quiet, quiet);
  // An answer or an edit that came in while this ran dropped the pointer before this wrote it
  // (each drops it after recording itself): seen now, the ticks must not rest on it.
  if (
    ctx.pointers.store
      .peekKeys()
      .some((k) => (k.startsWith(KEY.editPrefix) || k.startsWith(KEY.askPrefix)) && !handled.has(k))
  ) {
    ctx.pointers.remove(KEY.quiet);
    return null;
  }
  return due.at;
}
