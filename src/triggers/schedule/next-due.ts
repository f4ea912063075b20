// The next run: the one module that decides when the next execution has something to do, and
// arms it, as the pipeline's last step (armNextRun, called by execution/pipeline.ts). The clock
// ticks may rest until the next form reading, deadline, reminder or phase opening, whichever comes
// first, cut short by work left over. Two things record that moment: the quiet pointer (KEY.quiet,
// which a tick that starts early reads, one Properties read, to end at once) and the clock
// triggers themselves (clock-triggers.ts: a one-shot trigger at the moment, or the minute trigger
// near a deadline).

import type { ReplayResult } from '../../engine/index.js';
import { formsEveryMinutes, formsPollMs, formsToRead } from '../answers/form-responses.js';
import type { HostContext } from '../saved/context.js';
import { KEY, type QuietPointer } from '../saved/pointers.js';
import { setClockTriggers } from './clock-triggers.js';

/** The longest the ticks rest with nothing ahead (an answer, an edit or the host's menu wakes them). */
const QUIET_AT_MOST_MS = 24 * 60 * 60_000;

/** The open phase's deadline, or the next phase's opening, when it is ahead. */
function phaseEdge(result: ReplayResult, now: string): string | null {
  const open = result.open;
  if (!open) return null;
  if (result.paused) return result.paused.endsAt ?? null;
  const opensAt = open.timing.opensAt;
  if (opensAt !== undefined && Date.parse(opensAt) > Date.parse(now)) return opensAt;
  return open.timing.deadline !== undefined && Date.parse(open.timing.deadline) > Date.parse(now)
    ? open.timing.deadline
    : null;
}

/**
 * Until when the ticks have nothing to do after this run, or null when the next must look: the
 * next form reading (see formsDue; none while no form may hold an answer: `polledAt` null), the
 * open phase's deadline, its next reminder (while someone is awaited) or the next phase's opening. A
 * phase that may end on a move (a Peg Domain turn) has its forms read more often (formsPollMs). Public rows need
 * no tick: each edit wakes the ticks itself (answers/row-edits.ts).
 */
function quietUntil(ctx: HostContext, result: ReplayResult, now: string, ahead: Ahead): string | null {
  const formsEvery = formsEveryMinutes(ctx);
  const pollMs = formsPollMs(ctx, result.match);
  const polledAt = formsToRead(ctx, result.match).length > 0 ? ahead.polledAt : null;
  const until = restUntil(result, now, { polledAt, pollMs, remindAt: ahead.remindAt });
  // A machine hears of nothing between its runs: it looks again when its forms are due at the latest (public rows too).
  return until !== null && ctx.ports.machine
    ? new Date(Math.min(Date.parse(until), Date.parse(now) + formsEvery * 60_000)).toISOString()
    : until;
}

function restUntil(
  result: ReplayResult,
  now: string,
  { polledAt, pollMs, remindAt }: { polledAt: string | null; pollMs: number; remindAt: string | null },
): string | null {
  // No form reading is due while no form may hold an answer (every form closed and read since);
  // with nothing else ahead (the match over, or waiting for the host), a tick looks once a day.
  const times = polledAt === null ? [Date.parse(now) + QUIET_AT_MOST_MS] : [Date.parse(polledAt) + pollMs];
  // While the host's pause goes on nothing closes: the ticks rest (the host's Resume wakes them),
  // until the match's paused time runs out and the pause ends by itself (the guardrails).
  if (result.paused?.endsAt !== undefined) times.push(Date.parse(result.paused.endsAt));
  const open = result.paused ? null : result.open;
  if (open) {
    const opensAt = open.timing.opensAt;
    if (opensAt !== undefined && Date.parse(opensAt) > Date.parse(now)) {
      times.push(Date.parse(opensAt));
    } else {
      // A phase that may end on a move: its forms are read every run on a machine (pollMs 0).
      const early = result.game.closesEarly !== undefined;
      if (early && pollMs === 0) return null;
      if (open.timing.deadline !== undefined) {
        const deadline = Date.parse(open.timing.deadline);
        times.push(deadline);
        // A poll due less than a poll's interval before the deadline is left to the deadline, which
        // reads every form: the ticks rest until it, and the one before it waits for it (sharp).
        if (early && polledAt !== null && deadline - times[0] < pollMs) times[0] = deadline;
      }
      if (remindAt !== null) times.push(Date.parse(remindAt));
    }
  }
  return new Date(Math.min(...times)).toISOString();
}

/** When the next execution has something to do (nextDue), as armNextRun records it. */
interface NextDue {
  /** Until when nothing is due (no execution need look before), or null when the next must look. */
  readonly at: string | null;
  /** `at` is a deadline or a phase's opening, which the tick before it waits for. */
  readonly sharp: boolean;
  /** The open phase (the quiet tick's report). */
  readonly open: string | null;
  /** The next deadline or phase opening, around which the minute trigger runs (clock-triggers.ts), or null. */
  readonly edge: string | null;
}

/** What else keeps the next execution from resting: work left over, a post to try again, sheets left to draw. */
export interface LeftOver {
  /** Something must be done by the next execution at once (forms left changing, a reminder left to a tick, Re-render). */
  readonly now: boolean;
  /** When a refused Discord post is due to be tried again. */
  readonly retryAt: string | null;
  /** When the sheets left undrawn are due (see draw). */
  readonly drawAt: string | null;
}

/** What the execution knows of what comes next, beside the replay: each read or worked out once by an earlier step. */
export interface Ahead {
  /** When every form that may hold an answer was last read (now, when this execution read them all). */
  readonly polledAt: string;
  /** When the ticks must next look for a reminder (messages/messages.ts: only while someone is awaited), or null. */
  readonly remindAt: string | null;
  /** A rehearsal watches the match (ExecutionState.rehearsal): the quiet pointer carries it. */
  readonly rehearsal: boolean;
}

/**
 * The pipeline's last step: works out what is due next, and arms it. `handled`: the answers' asks
 * and the edits this execution logged; any other that came in while it ran wakes the ticks.
 */
export function armNextRun(
  ctx: HostContext,
  result: ReplayResult,
  now: string,
  ahead: Ahead,
  left: LeftOver,
  handled: ReadonlySet<string>,
): void {
  const due = nextDue(ctx, result, now, ahead, left);
  // The triggers first: where a trigger call fails, no quiet pointer is left for a tick to rest on.
  setClockTriggers(ctx, { at: due.at, edge: due.edge });
  // An answer or an edit that came in meanwhile: the next execution soon.
  if (restPointer(ctx, due, ahead.rehearsal, handled) === null && due.at !== null)
    setClockTriggers(ctx, { at: null, edge: due.edge });
}

/** Writes the quiet pointer for `due`; answers until when the ticks rest (null: the next looks). */
function restPointer(ctx: HostContext, due: NextDue, rehearsal: boolean, handled: ReadonlySet<string>): string | null {
  const quiet =
    due.at === null
      ? null
      : JSON.stringify({
          until: due.at,
          ask: '',
          open: due.open,
          ...(due.sharp ? { sharp: true } : {}),
          ...(due.edge !== null ? { edge: due.edge } : {}),
          ...(rehearsal ? { rehearsal: true } : {}),
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

/** The next due moment after this execution: the rest quietUntil allows, cut short by what was left over. */
function nextDue(ctx: HostContext, result: ReplayResult, now: string, ahead: Ahead, left: LeftOver): NextDue {
  const open = result.open?.phase.id ?? null;
  let until = left.now ? null : quietUntil(ctx, result, now, ahead);
  // A refused Discord post: the tick when it is due to be tried again looks.
  if (until !== null && left.retryAt !== null) until = earlier(until, left.retryAt);
  // Sheets left to draw later: the tick when they are due looks (the next one, after an answer).
  if (until !== null && left.drawAt !== null)
    until = Date.parse(left.drawAt) <= Date.parse(now) ? null : earlier(until, left.drawAt);
  const edge = phaseEdge(result, now);
  return { at: until, sharp: until !== null && edge !== null && Date.parse(until) === Date.parse(edge), open, edge };
}

function earlier(a: string, b: string): string {
  return new Date(Math.min(Date.parse(a), Date.parse(b))).toISOString();
}

/**
 * The tick waiting for a deadline opens, while it waits, every form that may hold an answer (each
 * open is a call to Forms): the deadline closes and reads each, and the boards come after that.
 * Answers whether it opened any. Read from the properties before the lock, whose copy is dropped
 * when the lock is taken (src/addon/services.ts), so nothing read here goes stale.
 */
export function openFormsAhead(ctx: HostContext): boolean {
  const { forms } = ctx.ports;
  if (!forms.prepare || ctx.ports.machine) return false;
  const prefix = KEY.form('');
  const ids = ctx.pointers.store
    .keys()
    .filter((k) => k.startsWith(prefix))
    .map((k) => k.slice(prefix.length))
    .filter((id) => ctx.pointers.form(id).open !== false);
  if (ids.length === 0) return false;
  forms.prepare(ids);
  return true;
}
