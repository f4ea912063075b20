// One execution of the add-on (a clock tick, a form submission, a menu item), under the document
// lock: one pipeline, whatever started it (docs/architecture.md, "One execution").
//
//   1. read    the log, the execution's own record (once: each step is given the part it needs),
//              and what is new: form responses not yet logged, the public rows' edits
//              (answers/new-inputs.ts answers them; the pipeline adds them, and each step's after);
//   2. replay  once, as of now: whatever phase is overdue closes, by the deadlines and the
//              submissions' own times, so a late, doubled or missed trigger changes nothing;
//   3. decide  from that replay alone (decide.ts): a `close` when every player is ready, the forms
//              to close and read once more before they change, the forms to read before a
//              reminder. With the host's entry and the bots' answers, what that reads is one more
//              input, and one more replay: never a loop; then the reminders and Discord posts due
//              now are sent (messages/messages.ts);
//   4. write   the log first (it is the truth), each entry with its own id, after whatever rows
//              are there (saved/match-log.ts: a second host at once doubles nothing);
//   5. draw    each spreadsheet whose view changed, one batchUpdate each, and each form the open
//              phase's questions (drawing/draw.ts);
//   6. arm     what is due next (schedule/next-due.ts decides when, and arms it), and, for a menu
//              item, flush.
//
// Every replay goes through ctx.replay, which counts them: RunReport.replays is at most two. A
// menu item that shows the match in a prompt first (Extend deadline…) replays it for the prompt:
// that replay is step 2's while it stands (the run read only submissions since, and no deadline
// or opening passed: ctx.standing), and the host's entry is built against what the host saw. When
// the match moved while the host typed, step 2 is the execution's second replay, and the entry,
// which would need a third, is refused at once.

import { fingerprint } from '../../engine/core/hash.js';
import type { ReplayResult } from '../../engine/index.js';
import { utf8Length } from '../../sheets/index.js';
import { type HostContext, withLock } from '../saved/context.js';
import type { ExecutionState } from '../saved/execution-state.js';
import { afterReads, carryOut, decide } from './decide.js';
import { type WantedForm, formSpecs } from '../drawing/forms-sync.js';
import { type WriteReport, draw, redrawLinks } from '../drawing/draw.js';
import { readRows } from '../answers/row-edits.js';
import { botAnswers } from '../answers/bot-answers.js';
import { type Collected, Inputs, type RunKind, collectInputs } from '../answers/new-inputs.js';
import type { LogEntry } from '../saved/match-log.js';
import { type MessagesSent, playersToRemind, sendMessages } from '../messages/messages.js';
import { KEY } from '../saved/pointers.js';
import { armNextRun, openFormsAhead } from '../schedule/next-due.js';
import { armNearEdge, disarmed, wakeRan } from '../schedule/clock-triggers.js';
import { type Runner, elsewhereMessage, hostedElsewhere } from '../saved/runner.js';
import { retireIfOver } from '../schedule/retire.js';

export type { RunKind } from '../answers/new-inputs.js';
export type { WriteReport } from '../drawing/draw.js';

/** The longest a tick waits for a deadline or a phase's opening (near one, the minute trigger runs: schedule/clock-triggers.ts). */
const SHARP_WAIT_MS = 60_000;
/** How long before a deadline a machine reads the public rows (see readRows in answers/row-edits.ts). */
const ROWS_LEAD_MS = 2_000;

export interface RunReport {
  /** False when another execution held the lock: it (or the next tick) does the work. */
  readonly ran: boolean;
  readonly logged: number;
  readonly open: string | null;
  readonly over: boolean;
  /** Every Sheets write of this execution, the log's first. */
  readonly writes: readonly WriteReport[];
  readonly formsUpdated: number;
  /** Set when the match is hosted by the other runner (host/handover.ts): this one did nothing. */
  readonly elsewhere?: Runner;
  /** How many times this execution replayed the match (ctx.replay): at most two. */
  readonly replays: number;
}

export const BUSY: RunReport = {
  ran: false,
  logged: 0,
  open: null,
  over: false,
  writes: [],
  formsUpdated: 0,
  replays: 0,
};
const NOTHING: RunReport = { ...BUSY, ran: true };

/** Why a host's entry typed while the match moved is refused (see replayAndDecide). */
const MOVED_WHILE_TYPING =
  'The match moved while you were typing (a phase opened or closed, or another entry was logged). Nothing was changed: choose it again from the menu to see where the match stands now.';

/** The host's entry (Extend deadline…, a decision…), built against the match as it stands; it throws to refuse. */
export type HostEntry = (result: ReplayResult, now: string) => LogEntry;

/** What started an execution, beyond its kind (src/addon/main.ts). */
export interface Started {
  /** A form answer's form, when the event told (see onFormSubmitted): only that form is read. */
  readonly formUrl?: string;
  /** The one-shot clock trigger (onWake): it has run, so this execution arms afresh (schedule/clock-triggers.ts). */
  readonly woken?: boolean;
}

/** The trigger's entry: a quiet tick ends on one Properties read; the rest runs under the lock. */
export function run(ctx: HostContext, kind: RunKind, started: Started = {}): RunReport {
  const { pointers } = ctx;
  const { formUrl, woken = false } = started;
  // A form submission first asks for its form to be read (a key per form, written without the
  // lock: two answers at once write two keys; without the form, the key asks for every form). If
  // this execution cannot wait for the lock, or fails before it has read the form, the next
  // execution sees the ask and reads it. It also wakes the ticks (drops their quiet pointer).
  if (kind === 'answer') {
    pointers.store.set(`${KEY.askPrefix}${fingerprint(formUrl ?? '*')}`, formUrl ?? '');
    pointers.store.remove(KEY.quiet);
  }
  // Most ticks of a match have nothing to do: they end here, after reading one property, without
  // the lock or the log (a tick a minute is 1,440 executions a day; see quietUntil). An answer or
  // an edit drops the pointer, so the tick after it looks.
  if (kind === 'tick') {
    const quiet = pointers.peekQuiet();
    if (quiet) ctx.rehearsal = quiet.rehearsal === true;
    const wait = quiet ? Date.parse(quiet.until) - Date.parse(ctx.ports.clock.now()) : 0;
    if (quiet && wait > 0) {
      // The one-shot trigger armed a lead before a deadline started this: the minute trigger runs from now on.
      armNearEdge(ctx, quiet.edge ?? null, woken);
      // The tick in the minute before a deadline (or a phase's opening) waits for it and closes
      // the phase at once, rather than up to a minute later: every board shows the result sooner,
      // for at most a minute of trigger time a phase.
      if (!quiet.sharp || wait > SHARP_WAIT_MS) return { ...NOTHING, open: quiet.open, over: quiet.open === null };
      // A machine reads the public rows just before the deadline (it has no edit trigger), under
      // the lock it then keeps for the run.
      const lead = ctx.ports.machine ? Math.min(wait, ROWS_LEAD_MS) : 0;
      // The forms the deadline closes and reads are opened while it waits (schedule/next-due.ts).
      const left = openFormsAhead(ctx) ? Date.parse(quiet.until) - Date.parse(ctx.ports.clock.now()) : wait;
      // Slept even when the opens took the whole wait (0 ms): the run's work starts once it wakes.
      ctx.ports.clock.sleep(Math.max(0, left - lead));
      if (lead > 0)
        return withLock(ctx, BUSY, () => {
          if (hostedElsewhere(ctx) === null) readRows(ctx);
          const left = Date.parse(quiet.until) - Date.parse(ctx.ports.clock.now());
          if (left > 0) ctx.ports.clock.sleep(left);
          return runLocked(ctx, kind);
        });
    }
  }
  // A tick or an answer finding another execution at work does not wait for it: the holder, or
  // the next tick (woken: see the asks above and the check before the quiet pointer is written),
  // does the same work. The host's menu waits (30 s), as the host is waiting too.
  const report = withLock(
    ctx,
    BUSY,
    () => {
      if (woken) wakeRan(ctx);
      return runLocked(ctx, kind);
    },
    kind === 'tick' || kind === 'answer' ? 0 : undefined,
  );
  // The one-shot trigger ran into another execution: the holder must not keep it as still to come
  // (schedule/clock-triggers.ts, plan). With nothing recorded it sets both kinds afresh.
  if (woken && !report.ran) disarmed(ctx);
  return report;
}

/** Handed to the other runner (host/handover.ts): a leftover trigger does nothing, a host's entry is refused. */
function refusedHere(ctx: HostContext, kind: RunKind): RunReport | null {
  const elsewhere = hostedElsewhere(ctx);
  if (elsewhere === null) return null;
  if (kind === 'menu' || kind === 'rerender') throw new Error(elsewhereMessage(elsewhere));
  return { ...BUSY, elsewhere };
}

/** What steps 2 and 3 come to: the replay to draw, what was closed or held, what was sent. */
interface Decided {
  readonly result: ReplayResult;
  /** What each form should show as `result` stands (the messages logged change none of it). */
  readonly specs: ReadonlyMap<string, WantedForm>;
  readonly closed: ReadonlyMap<string, string>;
  readonly held: ReadonlySet<string>;
  readonly messages: MessagesSent;
  /** The host's entry was refused (its message is thrown once the rest is done). */
  readonly refused: unknown;
  /** Every player is ready by what was read after the first replay: the next execution logs the close, at once. */
  readonly readyNext: boolean;
  /** What the run is once the host's entry is built: a refused one leaves a plain menu run (a Re-render asked for with it is not done). */
  readonly kind: RunKind;
}

/**
 * Steps 2 and 3: the replay as of now, the host's entry built against it, what it calls for done
 * as one more input, and a second replay only if that added anything. `bots`: the seats the
 * add-on plays (ExecutionState.bots, as the run read it).
 */
function replayAndDecide(
  ctx: HostContext,
  kind: RunKind,
  inputs: Inputs,
  collected: Collected,
  now: string,
  build: HostEntry | undefined,
  bots: readonly string[],
): Decided {
  // A menu item's prompt replayed the match already: while that replay stands (standing, in
  // saved/context.ts) it is this one, and what the run read since is one more input for the second.
  const standing = ctx.standing(inputs.match, now);
  const first = standing ?? ctx.replay(inputs.match, now);
  const replayed = standing === null ? inputs.match : null;
  let refused: unknown = undefined;
  let entry: LogEntry | null = null;
  try {
    entry = build ? build(first, now) : null;
  } catch (error) {
    refused = error;
  }
  // The match moved while the host typed, so this replay is the execution's second: the entry
  // would need a third. Refused at once, nothing done; what moved it (a tick at a deadline, an
  // answer's run, another host) draws it.
  if (build && ctx.replays > 1) throw refused ?? new Error(MOVED_WHILE_TYPING);
  const ran: RunKind = refused === undefined ? kind : 'menu';
  const plan = decide(ctx, first, now, {
    everyForm: ran === 'rerender',
    moved: entry?.kind === 'event',
    // A tick that did not poll the forms reads those of the players a reminder would email.
    remind: ran === 'tick' && !collected.pollForms ? playersToRemind(first, now) : [],
    mayHold: collected.mayHold,
    deferred: collected.deferred,
  });
  const read = carryOut(ctx, inputs.match, plan);
  // One more input, in this order: the host's entry, the answers of the seats the add-on plays (a
  // rehearsal: answers/bot-answers.ts), the forms the plan read, and the plan's own entries.
  inputs.add([...(entry ? [entry] : []), ...botAnswers(first, bots, now), ...read, ...plan.entries]);
  const second = inputs.match === replayed ? first : ctx.replay(inputs.match, now);
  // What each form should show as the match now stands: for the held forms here, and the drawing.
  const specs = formSpecs(ctx, second);
  const { held, readyNext } = afterReads(ctx, first, second, specs, plan.close, now);
  // The reminders and Discord posts due now, sent before the log holds them (messages/messages.ts). Replay
  // ignores them, so the views only gain them in the host's log.
  const messages = sendMessages(ctx, second, now, ran === 'tick' || ran === 'menu');
  inputs.add(messages.entries);
  const result: ReplayResult = messages.entries.length > 0 ? { ...second, match: inputs.match } : second;
  return { result, specs, closed: plan.close, held, messages, refused, kind: ran, readyNext };
}

/** Step 4: the log first, then the Links tab if Discord's refusals started or ended; then the asks and edits it logged are let go. */
function writeLog(
  ctx: HostContext,
  inputs: Inputs,
  before: ReplayResult['match'],
  collected: Collected,
): WriteReport[] {
  const writes: WriteReport[] = [];
  if (inputs.entries.length > 0) {
    ctx.log.append(inputs.entries);
    writes.push({ target: 'log', requests: 1, bytes: utf8Length(JSON.stringify(inputs.entries)) });
  }
  writes.push(...redrawLinks(ctx, before, inputs.match));
  // Only once the edits are in the log: an execution that stops before the append leaves them to
  // the next one (and one that stops after it, before their removal, is not logged twice: each
  // submission carries its edit's id).
  if (collected.edits.pointer) ctx.pointers.setRows(collected.edits.pointer);
  for (const key of [...collected.edits.consumed, ...collected.asks]) ctx.pointers.store.remove(key);
  return writes;
}

/** Step 6: when the forms were last all read (`polledAt`: as the run read it), and what is due next, armed. */
function armStep(
  ctx: HostContext,
  kind: RunKind,
  now: string,
  state: ExecutionState,
  collected: Collected,
  decided: Decided,
  drawn: { unfinished: boolean; deferredUntil: string | null },
): void {
  const { mayHold, pollForms } = collected;
  // A deadline that closed and read every form that may have held an answer read them all too.
  const readAll = pollForms || (mayHold.length > 0 && mayHold.every((id) => decided.closed.has(id)));
  // Recorded here rather than by armNextRun: a finished match (below) arms nothing but still read them.
  if (readAll) ctx.pointers.updateState({ polledAt: now });
  // A finished match with nothing left to do: no trigger left to run (schedule/retire.ts), nothing to arm.
  const leftOver =
    drawn.unfinished || decided.messages.retry || decided.messages.wakeAt !== null || drawn.deferredUntil !== null;
  if (retireIfOver(ctx, decided.result, leftOver)) return;
  const ahead = {
    polledAt: readAll ? now : (state.polledAt ?? now),
    remindAt: decided.messages.remindAt,
    rehearsal: state.rehearsal === true,
  };
  const left = {
    now: drawn.unfinished || kind === 'rerender' || decided.messages.retry || decided.readyNext,
    retryAt: decided.messages.wakeAt,
    drawAt: drawn.deferredUntil,
  };
  armNextRun(ctx, decided.result, now, ahead, left, new Set([...collected.edits.consumed, ...collected.asks]));
}

/**
 * The pipeline at the top of this file, under the lock. `build`: the host's entry, built against
 * the first replay (refused, the rest is done and its error thrown).
 */
export function runLocked(ctx: HostContext, kind: RunKind, build?: HostEntry): RunReport {
  const elsewhere = refusedHere(ctx, kind);
  if (elsewhere) return elsewhere;
  // The execution's own record, read once (from the copy of the properties refusedHere has just
  // read): each step is given the part it needs. Nothing before the drawing changes it.
  const state = ctx.pointers.state();
  ctx.rehearsal = state.rehearsal === true;
  // The host's menu changes what the ticks must do: they look again until this run says otherwise.
  if (kind === 'menu' || kind === 'rerender') ctx.pointers.remove(KEY.quiet);
  const read = ctx.log.read();
  if (!read) return { ...NOTHING, replays: ctx.replays };
  const now = ctx.ports.clock.now();
  const startedAt = Date.parse(now);

  const inputs = new Inputs(read.match, read.head);
  const collected = collectInputs(ctx, kind, read.match, now, state.polledAt);
  inputs.add(collected.entries);
  const decided = replayAndDecide(ctx, kind, inputs, collected, now, build, state.bots ?? []);
  const ran = decided.kind;
  const writes = writeLog(ctx, inputs, read.match, collected);
  const { result, closed, held } = decided;
  const drawn = draw(ctx, {
    kind: ran,
    result,
    specs: decided.specs,
    kept: state,
    entries: inputs.entries,
    closed,
    held,
    now,
    startedAt,
    ...(read.season !== undefined ? { season: read.season } : {}),
  });
  writes.push(...drawn.writes);
  armStep(ctx, ran, now, state, collected, decided, drawn);
  // The writes go through the Sheets API and Forms, which need no flush (SpreadsheetApp.flush
  // applies SpreadsheetApp's own pending changes, and the add-on makes none); a menu item flushes
  // anyway before it answers the host.
  if ((ran === 'menu' || ran === 'rerender') && (writes.length > 0 || drawn.formsUpdated > 0)) ctx.ports.flush();
  if (decided.refused !== undefined) throw decided.refused;
  return {
    ran: true,
    logged: inputs.entries.length,
    open: result.open?.phase.id ?? null,
    over: result.open === null,
    writes,
    formsUpdated: drawn.formsUpdated,
    replays: ctx.replays,
  };
}
