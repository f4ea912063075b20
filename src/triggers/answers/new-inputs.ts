// The pipeline's first step (execution/pipeline.ts): what is new since the log was written. The
// form responses not yet logged (an answer's form, or every form that may hold one when a poll is
// due: formsDue), and the public rows' edits the edit trigger recorded (row-edits.ts), answered as
// entries: the pipeline adds them (Inputs, the log as read and what this execution adds to it).
// Nothing here replays the match: what is read here is all in the first replay.

import type { MatchFile } from '../../engine/index.js';
import type { HostContext } from '../saved/context.js';
import { collectForms, formsPollMs, formsToRead } from './form-responses.js';
import { collectEdits, readRows } from './row-edits.js';
import { type LogEntry, entryUids } from '../saved/match-log.js';
import { chainNames, chainOn } from '../../engine/core/chain.js';
import { KEY } from '../saved/pointers.js';
import type { RowsPointer } from './public-rows.js';

/**
 * What started an execution:
 * - `tick`: the minute trigger; it reads the forms only when that is due (see formsDue), and most
 *   ticks end on one Properties read (see quietUntil);
 * - `answer`: the form-submit trigger; it draws only the sender's sheet while the phase stays;
 * - `menu`: a menu item (Resolve overdue now, a host's entry, a start): a full run;
 * - `rerender`: Re-render: every sheet and form written again from the log.
 */
export type RunKind = 'tick' | 'answer' | 'menu' | 'rerender';

/** The match with log entries added. */
function withEntries(match: MatchFile, entries: readonly LogEntry[]): MatchFile {
  if (entries.length === 0) return match;
  const submissions = [...match.submissions];
  const decisions = [...match.decisions];
  const events = [...(match.events ?? [])];
  for (const entry of entries) {
    if (entry.kind === 'submission') submissions.push(entry.value);
    else if (entry.kind === 'decision') decisions.push(entry.value);
    else events.push(entry.value);
  }
  return { ...match, submissions, decisions, ...(events.length > 0 ? { events } : {}) };
}

/** The log as read, and the entries this execution adds to it (appended in one write, step 4). */
export class Inputs {
  readonly entries: LogEntry[] = [];
  /**
   * `head`: the link of the log's last row, which the next entry is logged after (a chained
   * match's: src/engine/core/chain.ts); absent for a match logged before the chain.
   */
  constructor(
    public match: MatchFile,
    private head?: string,
  ) {}

  /**
   * `more` named as any host would name them (entryUids: two hosts logging one thing log one id),
   * and each linked after the entry before it, so the replay that shows a player their receipt
   * reads the entry exactly as the log will hold it.
   */
  add(more: readonly LogEntry[]): void {
    if (more.length === 0) return;
    let named = entryUids(more, this.match);
    if (this.head !== undefined) {
      const linked = chainOn(named, this.head, chainNames(this.match));
      named = linked.entries;
      this.head = linked.head;
    }
    this.entries.push(...named);
    this.match = withEntries(this.match, named);
  }
}

/** What step 1 read, for the steps after it. */
export interface Collected {
  /** The form responses and the rows' edits, as entries to log (the pipeline adds them, in this order). */
  readonly entries: readonly LogEntry[];
  /** The answers' asks this execution saw (removed once what they asked for is logged). */
  readonly asks: string[];
  /** Every form that may hold an answer was read (a poll). */
  readonly pollForms: boolean;
  /** The players whose form may hold an answer not yet read (formsToRead). */
  readonly mayHold: string[];
  /** Forms the poll left to step 3, which closes and reads them once more (the edge passed: collectInputs): read there. */
  readonly deferred: string[];
  /** The edit keys consumed, and the rows pointer to keep once their entries are logged. */
  readonly edits: { readonly consumed: string[]; readonly pointer: RowsPointer | null };
}

/**
 * Whether a tick reads every form that may hold an answer. Reading a form is two Forms calls: for
 * twenty players the largest part of a tick, and of the daily trigger time (90 minutes for a
 * personal account). A form's answers come in through the form-submit trigger, which reads that
 * form; a deadline closes the forms that change and reads them once more. So a tick reads them
 * only to catch a submit trigger that did not fire (every FORMS_EVERY_MINUTES), and every other
 * minute in a game whose phases may end on a move (a Peg Domain turn, where a missed trigger must
 * not cost the next player much of their time: formsPollMs in form-responses.ts; a form closed and read, as
 * while the match is paused or over, is not read).
 */
function formsDue(polledAt: string | undefined, pollMs: number, now: string): boolean {
  return polledAt === undefined || Date.parse(now) - Date.parse(polledAt) >= pollMs;
}

/**
 * The players whose forms the asks name, or 'all' when one names no form this match knows (an
 * answer whose event did not say, or a form URL in another spelling).
 */
function askedForms(ctx: HostContext, match: MatchFile, asks: readonly string[]): string[] | 'all' {
  const players = asks.map((key) => askedPlayer(ctx, match, ctx.pointers.store.get(key) ?? ''));
  return players.every((id): id is string => id !== undefined) ? [...new Set(players)] : 'all';
}

/** The player whose form an ask's URL names (by the form's id, or its pointer's URLs), if any. */
function askedPlayer(ctx: HostContext, match: MatchFile, url: string): string | undefined {
  if (url === '') return undefined;
  return match.players.find((p) => {
    const ref = ctx.pointers.player(p.id)?.form;
    return (
      p.form !== undefined && (url.includes(p.form) || (ref !== undefined && (url === ref.url || url === ref.editUrl)))
    );
  })?.id;
}

/**
 * Step 1: the forms answers asked to be read (or all that may hold one, when a poll is due: from
 * `polledAt`, when every form was last read), then the public rows' edits. Answers what it read as
 * entries for the pipeline to add; nothing here adds to the log.
 */
export function collectInputs(
  ctx: HostContext,
  kind: RunKind,
  match: MatchFile,
  now: string,
  polledAt: string | undefined,
): Collected {
  // What was left for this execution: the forms answers asked to be read (made before this read:
  // under the lock, the store is fresh), and the edge the last one rested before (its quiet
  // pointer's: schedule/next-due.ts; dropped by an answer or the host's menu).
  const asks = ctx.pointers.store.keys().filter((k) => k.startsWith(KEY.askPrefix));
  const edge = ctx.pointers.quiet()?.edge;
  const asked = askedForms(ctx, match, asks);
  const pollForms =
    kind === 'menu' ||
    kind === 'rerender' ||
    asked === 'all' ||
    (kind === 'tick' && formsDue(polledAt, formsPollMs(ctx, match), now));
  const mayHold = formsToRead(ctx, match);
  // A poll at a deadline reads each form once. The open phase's deadline, or the next phase's
  // opening, has passed since the last execution looked (its edge): every form that may hold an
  // answer then changes, and step 3 closes it and reads it once more (execution/decide.ts), even
  // if not closed. So an answer sent before the deadline is read and credited to the phase its
  // form showed, as by this read, only into the second replay.
  const edgePassed = edge !== undefined && Date.parse(edge) <= Date.parse(now);
  const deferred = pollForms && edgePassed ? mayHold : [];
  const read = pollForms ? mayHold.filter((id) => !deferred.includes(id)) : asked;
  const forms = read.length > 0 ? collectForms(ctx, match, read) : [];
  if (ctx.ports.machine) readRows(ctx);
  // The edits are read against the log as read: the form responses beside them are neither rows
  // nor edits, so they change nothing collectEdits looks at.
  const edits = collectEdits(ctx, match);
  return {
    entries: [...forms, ...edits.entries],
    asks,
    pollForms,
    mayHold,
    deferred,
    edits: { consumed: edits.consumed, pointer: edits.pointer },
  };
}
