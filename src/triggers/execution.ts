// One execution of the add-on (the minute tick, a form submission, a menu item), under the document
// lock. It does the same steps whatever started it:
//
//   1. read the log (the match file) and collect what is new: form responses not yet logged (a
//      tick reads the forms only every few minutes, and only those that may hold one: see formsDue
//      and formsToRead), and the public rows' edits the edit trigger recorded (edits.ts);
//   2. replay as of now: whatever phase is overdue closes, by the deadlines and the submissions'
//      own times, so a late, doubled or missed trigger changes nothing; a phase every player is
//      ready for closes by a `close` event logged first (closeWhenReady); while the host's pause
//      goes on nothing closes and the ticks rest;
//   3. if a form must change (a phase closed), stop it accepting and read it once more, so nothing
//      sent before the change is lost or credited to the wrong phase;
//   3½. send the reminders and Discord posts due now (messages.ts), to log with the rest;
//   4. append the new entries to the log (the log first: it is the truth), each with its own id,
//      after whatever rows are there (log.ts: a second host at once doubles nothing);
//   5. render each spreadsheet whose view changed, one batchUpdate each;
//   6. show each form the questions of the open phase, and reset the public rows;
//   7. note until when the ticks have nothing to do (unless an answer or an edit came in
//      meanwhile), and, for a menu item, flush.

import { currentEmails } from '../engine/core/email.js';
import type { Submission } from '../engine/core/game.js';
import { fingerprint } from '../engine/core/hash.js';
import { readyClose } from '../engine/core/ready.js';
import type { Audience, View } from '../engine/core/view.js';
import { type MatchFile, type ReplayResult, replayMatch, viewFor } from '../engine/index.js';
import { GAMES } from '../engine/games/index.js';
import type { Request } from '../sheets/api.js';
import { batchBytes, renderRequests, splitRequests, utf8Length } from '../sheets/index.js';
import { collectForms, formsToRead } from './collect.js';
import { collectEdits, readRows } from './edits.js';
import { type HostContext, withLock } from './context.js';
import { closeChangingForms, formSpecs, updateForms } from './forms-sync.js';
import { discordRefusing, linksOf, linksTabRequests } from './links.js';
import { type LogEntry, entryUids } from './log.js';
import { playersToRemind, sendMessages } from './messages.js';
import { formsEveryMinutes, phaseEdge, quietUntil } from './quiet.js';
import { KEY, type QuietPointer } from './pointers.js';
import { type Runner, elsewhereMessage, hostedElsewhere } from './runner.js';
import type { Spreadsheet } from './ports.js';
import { type RowsPointer, type RowsSetup, answersTabRequests, publicByForm, rowsSetupFor } from './rows.js';

/** How often the sheets an answer changes only a little (other players' Status tabs) are drawn, besides every change of phase. */
const OTHERS_EVERY_MINUTES = 180;
/** The longest a tick waits for a deadline or a phase's opening (the ticks come every minute). */
const SHARP_WAIT_MS = 60_000;
/** How long before a deadline a machine reads the public rows (see readRows in edits.ts). */
const ROWS_LEAD_MS = 2_000;

/**
 * What started an execution:
 * - `tick`: the minute trigger; it reads the forms only when that is due (see formsDue), and most
 *   ticks end on one Properties read (see quietUntil);
 * - `answer`: the form-submit trigger; it draws only the sender's sheet while the phase stays;
 * - `menu`: a menu item (Resolve overdue now, a host's entry, a start): a full run;
 * - `rerender`: Re-render: every sheet and form written again from the log.
 */
export type RunKind = 'tick' | 'answer' | 'menu' | 'rerender';

/** One spreadsheet write. */
export interface WriteReport {
  readonly target: string;
  readonly requests: number;
  readonly bytes: number;
  /** batchUpdates it took, when more than one (a render over 2 MB: src/sheets/chunk.ts). */
  readonly batches?: number;
}

export interface RunReport {
  /** False when another execution held the lock: it (or the next tick) does the work. */
  readonly ran: boolean;
  readonly logged: number;
  readonly open: string | null;
  readonly over: boolean;
  /** Every Sheets write of this execution, the log's first. */
  readonly writes: readonly WriteReport[];
  readonly formsUpdated: number;
  /** Set when the match is hosted by the other runner (handover.ts): this one did nothing. */
  readonly elsewhere?: Runner;
}

export const BUSY: RunReport = { ran: false, logged: 0, open: null, over: false, writes: [], formsUpdated: 0 };
const NOTHING: RunReport = { ...BUSY, ran: true };

/** How a public answers tab is drawn in this run: cleared for a new phase, drawn again keeping what was typed, or left alone. */
type AnswersTabDraw = 'reset' | 'keep' | null;

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

/** `more` named as any host would name them (entryUids: two hosts logging one thing log one id), pushed onto `entries`; answers the match with them. */
function addEntries(entries: LogEntry[], match: MatchFile, more: readonly LogEntry[]): MatchFile {
  const named = entryUids(more, match);
  entries.push(...named);
  return withEntries(match, named);
}

/** What decides whether anything must be written: the log's size and where the match stands. */
function stateKey(result: ReplayResult): string {
  const m = result.match;
  return [
    m.submissions.length,
    m.decisions.length,
    // Messages change only the host's Log tab, which the run that logs them draws (see draw).
    m.events?.filter((e) => e.type !== 'message').length ?? 0,
    result.closed.length,
    result.open?.phase.id ?? '-',
    result.open?.timing.deadline ?? '-',
    result.pending.length,
    result.final ? 'final' : '',
  ].join('|');
}

/** The part of stateKey that says where the match stands (not how long the log is). */
function phaseOfKey(key: string): string {
  return key.split('|').slice(3).join('|');
}

/** The players with the emails the host last set (Correct a player's email…): a row's protection names its player's current account. */
function playersWithCurrentEmails(match: MatchFile): MatchFile['players'] {
  const emails = currentEmails(match);
  return match.players.map((p) => {
    const email = emails.get(p.id);
    return email === undefined ? p : { ...p, email };
  });
}

/**
 * The trigger's entry: a quiet tick ends on one Properties read; the rest runs under the lock.
 * `formUrl`: for a form answer, the form the response came from, when the event told (see
 * onFormSubmitted in src/addon/main.ts): only that form is read.
 */
export function run(ctx: HostContext, kind: RunKind, formUrl?: string): RunReport {
  const { pointers } = ctx;
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
    const wait = quiet ? Date.parse(quiet.until) - Date.parse(ctx.ports.clock.now()) : 0;
    if (quiet && wait > 0) {
      // The tick in the minute before a deadline (or a phase's opening) waits for it and closes
      // the phase at once, rather than up to a minute later: every board shows the result sooner,
      // for at most a minute of trigger time a phase.
      if (!quiet.sharp || wait > SHARP_WAIT_MS) return { ...NOTHING, open: quiet.open, over: quiet.open === null };
      // A machine reads the public rows just before the deadline (it has no edit trigger), under
      // the lock it then keeps for the run.
      const lead = ctx.ports.machine ? Math.min(wait, ROWS_LEAD_MS) : 0;
      ctx.ports.clock.sleep(wait - lead);
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
  return withLock(ctx, BUSY, () => runLocked(ctx, kind), kind === 'tick' || kind === 'answer' ? 0 : undefined);
}

/**
 * Whether a tick reads every form that may hold an answer (formsToRead). Reading a form is two
 * Forms calls: for twenty players the largest part of a tick, and of the daily trigger time (90
 * minutes for a personal account). A form's answers come in through the form-submit trigger, which
 * reads that form; a deadline closes the forms that change and reads them once more
 * (closeChangingForms). So a tick reads them only to catch a submit trigger that did not fire
 * (every FORMS_EVERY_MINUTES), and every tick while the open phase may end on a move (a Peg Domain
 * turn, where a missed trigger must not cost the next player their time).
 */
function formsDue(ctx: HostContext, match: MatchFile, now: string): boolean {
  const polled = ctx.pointers.polled();
  if (polled === null || Date.parse(now) - Date.parse(polled.at) >= formsEveryMinutes(ctx) * 60_000) return true;
  // Replaying only for a game whose phases may end on a move: the others never poll here.
  if (GAMES.get(match.game)?.closesEarly === undefined) return false;
  const result = replayMatch(match, { now });
  return result.open !== null && result.paused === null;
}

/**
 * The players whose forms the asks name, or 'all' when one names no form this match knows (an
 * answer whose event did not say, or a form URL in another spelling).
 */
function askedForms(ctx: HostContext, match: MatchFile, asks: readonly string[]): string[] | 'all' {
  const out = new Set<string>();
  for (const key of asks) {
    const url = ctx.pointers.store.get(key) ?? '';
    const player =
      url === ''
        ? undefined
        : match.players.find((p) => {
            const ref = ctx.pointers.player(p.id)?.form;
            return (
              p.form !== undefined &&
              (url.includes(p.form) || (ref !== undefined && (url === ref.url || url === ref.editUrl)))
            );
          });
    if (!player) return 'all';
    out.add(player.id);
  }
  return [...out];
}

/**
 * A `close` event when the open phase closes when ready and every player who may answer is (ready.ts):
 * logged before the replay below, which then closes the phase at it and opens the next. Only for
 * a match whose schedule turns the option on somewhere (an extra replay otherwise saved).
 */
function closeWhenReady(match: MatchFile, now: string): LogEntry[] {
  if (!Object.values(match.schedule?.closeWhenReady ?? {}).some(Boolean)) return [];
  const close = readyClose(replayMatch(match, { now }), now);
  return close ? [{ kind: 'event', value: close }] : [];
}

/**
 * Step 1's forms: those answers asked to be read, or every form that may hold an answer when a
 * poll is due (see formsDue), each new response added with `add`.
 */
function readForms(
  ctx: HostContext,
  kind: RunKind,
  match: MatchFile,
  now: string,
  add: (more: readonly LogEntry[]) => void,
): { asks: string[]; pollForms: boolean; mayHold: string[] } {
  // The forms answers asked to be read (made before this read: under the lock, the store is fresh).
  const asks = ctx.pointers.store.keys().filter((k) => k.startsWith(KEY.askPrefix));
  const asked = askedForms(ctx, match, asks);
  const pollForms =
    kind === 'menu' || kind === 'rerender' || asked === 'all' || (kind === 'tick' && formsDue(ctx, match, now));
  const mayHold = formsToRead(ctx, match);
  // A tick due to send a reminder first reads the forms of the players it would remind: an answer
  // whose form-submit trigger did not fire must not earn its sender a reminder.
  const toRemind =
    kind === 'tick' && !pollForms
      ? playersToRemind(replayMatch(match, { now }), now).filter((id) => mayHold.includes(id))
      : [];
  if (pollForms) add(collectForms(ctx, match, mayHold));
  else {
    const read = [...new Set([...asked, ...toRemind])];
    if (read.length > 0) add(collectForms(ctx, match, read));
  }
  return { asks, pollForms, mayHold };
}

/** Handed to the other runner (handover.ts): a leftover trigger does nothing, a host's entry is refused. */
function refusedHere(ctx: HostContext, kind: RunKind): RunReport | null {
  const elsewhere = hostedElsewhere(ctx);
  if (elsewhere === null) return null;
  if (kind === 'menu' || kind === 'rerender') throw new Error(elsewhereMessage(elsewhere));
  return { ...BUSY, elsewhere };
}

/** The Links tab warns while Discord is refusing posts: drawn again when that starts or ends. */
function redrawLinks(ctx: HostContext, before: MatchFile, after: MatchFile): WriteReport[] {
  if (discordRefusing(before) === discordRefusing(after) || !ctx.pointers.shared()) return [];
  const host = ctx.ports.files.host();
  const requests = linksTabRequests(host, linksOf(ctx, after));
  host.batchUpdate(requests);
  return [{ target: 'links', requests: requests.length, bytes: utf8Length(JSON.stringify({ requests })) }];
}

/** The steps at the top of this file, under the lock. `entries`: the host's own, logged first. */
export function runLocked(ctx: HostContext, kind: RunKind, hostEntries: readonly LogEntry[] = []): RunReport {
  const elsewhere = refusedHere(ctx, kind);
  if (elsewhere) return elsewhere;
  // The host's menu changes what the ticks must do: they look again until this run says otherwise.
  if (kind === 'menu' || kind === 'rerender') ctx.pointers.remove(KEY.quiet);
  const read = ctx.log.read();
  if (!read) return NOTHING;
  const now = ctx.ports.clock.now();
  const startedAt = Date.parse(now);
  const rewrite = kind === 'rerender';

  // 1. Collect.
  const entries: LogEntry[] = [];
  let match = read.match;
  const add = (more: readonly LogEntry[]) => void (match = addEntries(entries, match, more));
  add(hostEntries);
  const { asks, pollForms, mayHold } = readForms(ctx, kind, match, now, add);
  if (ctx.ports.machine) readRows(ctx);
  const edits = collectEdits(ctx, match);
  add(edits.entries);
  add(closeWhenReady(match, now));

  // 2–3. Replay, closing and reading once more each form about to change.
  const { closed, result: replayed } = closeChangingForms(ctx, () => match, add, now, { everyForm: rewrite });
  // The reminders and Discord posts due now, sent before the log holds them (messages.ts). Replay
  // ignores them, so the views only gain them in the host's log.
  const messages = sendMessages(ctx, replayed, now, kind === 'tick' || kind === 'menu');
  add(messages.entries);
  const result: ReplayResult = messages.entries.length > 0 ? { ...replayed, match } : replayed;

  // 4. The log first.
  const writes: WriteReport[] = [];
  if (entries.length > 0) {
    ctx.log.append(entries);
    writes.push({ target: 'log', requests: 1, bytes: utf8Length(JSON.stringify(entries)) });
  }
  writes.push(...redrawLinks(ctx, read.match, match));
  // Only once the edits are in the log: an execution that stops before the append leaves them to
  // the next one (and one that stops after it, before their removal, is not logged twice: each
  // submission carries its edit's id).
  if (edits.pointer) ctx.pointers.setRows(edits.pointer);
  for (const key of [...edits.consumed, ...asks]) ctx.pointers.store.remove(key);

  // 5–6. Draw what changed.
  const drawn = draw(ctx, { kind, result, entries, closed, now, startedAt });
  writes.push(...drawn.writes);

  // 7. Until when the ticks may rest.
  // A deadline that closed and read every form that may have held an answer read them all too.
  const readAll = pollForms || (mayHold.length > 0 && mayHold.every((id) => closed.has(id)));
  if (readAll) ctx.pointers.setPolled({ at: now, ask: '' });
  const polledAt = readAll ? now : (ctx.pointers.polled()?.at ?? now);
  let until = drawn.unfinished || rewrite || messages.retry ? null : quietUntil(ctx, result, now, polledAt);
  // A refused Discord post: the tick when it is due to be tried again looks.
  if (until !== null && messages.wakeAt !== null)
    until = new Date(Math.min(Date.parse(until), Date.parse(messages.wakeAt))).toISOString();
  // Sheets left to draw later: the tick when they are due looks (the next one, after an answer).
  if (until !== null && drawn.deferredUntil !== null)
    until =
      Date.parse(drawn.deferredUntil) <= Date.parse(now)
        ? null
        : new Date(Math.min(Date.parse(until), Date.parse(drawn.deferredUntil))).toISOString();
  // `sharp`: the rest ends at a deadline or a phase's opening, which the tick before it waits for.
  const edge = phaseEdge(result, now);
  const sharp = until !== null && edge !== null && Date.parse(until) === Date.parse(edge);
  const quiet =
    until === null
      ? null
      : JSON.stringify({
          until,
          ask: '',
          open: result.open?.phase.id ?? null,
          ...(sharp ? { sharp } : {}),
        } satisfies QuietPointer);
  if (ctx.pointers.text(KEY.quiet) !== quiet) {
    if (quiet === null) ctx.pointers.remove(KEY.quiet);
    else {
      ctx.pointers.setText(KEY.quiet, quiet);
      // An answer or an edit that came in while this ran dropped the pointer before this wrote it
      // (each drops it after recording itself): seen now, the ticks must not rest on it.
      const done = new Set([...edits.consumed, ...asks]);
      if (
        ctx.pointers.store
          .peekKeys()
          .some((k) => (k.startsWith(KEY.editPrefix) || k.startsWith(KEY.askPrefix)) && !done.has(k))
      )
        ctx.pointers.remove(KEY.quiet);
    }
  }
  // The writes go through the Sheets API and Forms, which need no flush (SpreadsheetApp.flush
  // applies SpreadsheetApp's own pending changes, and the add-on makes none); a menu item flushes
  // anyway before it answers the host.
  if ((kind === 'menu' || kind === 'rerender') && (writes.length > 0 || drawn.formsUpdated > 0)) ctx.ports.flush();
  return {
    ran: true,
    logged: entries.length,
    open: result.open?.phase.id ?? null,
    over: result.open === null,
    writes,
    formsUpdated: drawn.formsUpdated,
  };
}

interface DrawInput {
  readonly kind: RunKind;
  readonly result: ReplayResult;
  /** What this run logged. */
  readonly entries: readonly LogEntry[];
  /** The forms this run closed (see closeChangingForms). */
  readonly closed: ReadonlyMap<string, string>;
  readonly now: string;
  readonly startedAt: number;
}

/**
 * Renders the spreadsheets and shows the forms where the match moved (or everything, for
 * Re-render). `unfinished`: part was left to the next execution.
 */
function draw(
  ctx: HostContext,
  input: DrawInput,
): { writes: WriteReport[]; formsUpdated: number; unfinished: boolean; deferredUntil: string | null } {
  const { kind, result, entries, closed, now, startedAt } = input;
  const rewrite = kind === 'rerender';
  const seen = stateKey(result);
  const rows = ctx.pointers.rows();
  const rowsMoved = !rows || rows.phase !== (result.open?.phase.id ?? null);
  const rowsStale = rowsMoved || rewrite;
  // While the phase stays where it was, an answer changes its sender's sheet (the receipt), the
  // host's and the public one, and every other player's Status tab (who has answered). A form
  // answer's execution draws the sender's sheet; the next tick draws the host's, the public one and
  // the sheets of whoever it logged something for; every other sheet is drawn every
  // OTHERS_EVERY_MINUTES and at every change of phase. Twenty answers in a minute would otherwise be
  // twenty writes to every spreadsheet (far over the Sheets API's 60 writes a minute), and drawing
  // every sheet every minute while answers come in is most of a day's trigger time.
  const seenBefore = ctx.pointers.text(KEY.seen);
  const phaseKept = seenBefore !== null && phaseOfKey(seenBefore) === phaseOfKey(seen);
  const senders = entries.flatMap((e) =>
    e.kind === 'submission' ? [`player:${(e.value as Submission).player}` as Audience] : [],
  );
  const drawnAt = ctx.pointers.text(KEY.drawnAt);
  const othersDueAt = drawnAt === null ? -Infinity : Date.parse(drawnAt) + OTHERS_EVERY_MINUTES * 60_000;
  let only: Set<Audience> | null = null;
  let deferredUntil: string | null = null;
  if (phaseKept && !rowsStale && kind === 'answer') {
    only = new Set(senders);
    deferredUntil = now;
  } else if (phaseKept && !rowsStale && kind === 'tick' && Date.parse(now) < othersDueAt) {
    only = new Set<Audience>(['host', 'public', ...senders]);
    deferredUntil = new Date(othersDueAt).toISOString();
  }
  // A run that logged only messages (reminders, Discord posts) draws the host's sheet, whose Log tab lists them.
  const messagedOnly =
    seen === seenBefore &&
    !rowsStale &&
    entries.length > 0 &&
    entries.every((e) => e.kind === 'event' && e.value.type === 'message');
  if (messagedOnly && only === null && !rewrite && closed.size === 0) only = new Set<Audience>(['host']);
  if (!(rewrite || seen !== seenBefore || rowsStale || closed.size > 0 || messagedOnly))
    return { writes: [], formsUpdated: 0, unfinished: false, deferredUntil: null };
  // Edits from the moment the tab's rewrite begins answer the new setup (see rows.ts).
  const setup: RowsSetup = { ...rowsSetupFor(result.open?.phase ?? null, result.match), since: ctx.ports.clock.now() };
  const { next: _next, previous: _previous, readAt: _readAt, ...shown } = rows ?? { phase: null, questions: [] };
  // Before the tab changes, say what it is changing to (see RowsPointer.next).
  if (rowsMoved) {
    ctx.pointers.setRows({ ...shown, next: setup } satisfies RowsPointer);
    // A machine's next read of the rows starts afresh: the rows it clears here are not a player's change.
    if (ctx.ports.machine) ctx.pointers.remove(KEY.rowsRead);
  }
  const writes = render(ctx, result, { rewrite, answersTab: rowsMoved ? 'reset' : rowsStale ? 'keep' : null, only });
  // The setup before, while it asked something: an edit made on it before the rewrite answers it.
  if (rowsMoved)
    ctx.pointers.setRows({
      ...setup,
      ...(shown.phase !== null && shown.questions.length > 0 ? { previous: shown } : {}),
    } satisfies RowsPointer);
  const forms = updateForms(ctx, result, formSpecs(ctx, result), { rewrite, closed, startedAt });
  // Drawn or changed in part: a later execution does the rest (the next, or the one due).
  if (!only && !forms.pending) {
    ctx.pointers.setText(KEY.seen, seen);
    ctx.pointers.setText(KEY.drawnAt, now);
  }
  return { writes, formsUpdated: forms.updated, unfinished: forms.pending, deferredUntil: only ? deferredUntil : null };
}

/** The blank tab a match's spreadsheet was created with, by the id recorded then (see renderRequests). */
function firstSheetOf(ctx: HostContext, audience: Audience): { defaultSheetId?: number } {
  if (audience === 'host') return {};
  const file =
    audience === 'public'
      ? ctx.pointers.requireShared()
      : ctx.pointers.requirePlayer(audience.slice('player:'.length)).sheet;
  return file.firstSheetId !== undefined ? { defaultSheetId: file.firstSheetId } : {};
}

function sheetFor(ctx: HostContext, audience: Audience): Spreadsheet {
  if (audience === 'host') return ctx.ports.files.host();
  if (audience === 'public') return ctx.ports.files.open(ctx.pointers.requireShared().id);
  return ctx.ports.files.open(ctx.pointers.requirePlayer(audience.slice('player:'.length)).sheet.id);
}

/**
 * Renders every view that changed since its last render (or all, with `rewrite`), one
 * batchUpdate per spreadsheet (several in order for one over 2 MB). Paint's team views are not rendered: each player's view already
 * holds their team's information. `answersTab`: how the public answers tab is drawn for the open
 * phase. `only`: just these audiences (a form answer's acknowledgement).
 */
function render(
  ctx: HostContext,
  result: ReplayResult,
  { rewrite, answersTab, only }: { rewrite: boolean; answersTab: AnswersTabDraw; only: ReadonlySet<Audience> | null },
): WriteReport[] {
  const rendered = ctx.pointers.rendered();
  const audiences = (['host', 'public', ...result.match.players.map((p) => `player:${p.id}`)] as Audience[]).filter(
    (a) => !only || only.has(a),
  );
  const writes: WriteReport[] = [];
  for (const audience of audiences) {
    const view: View = viewFor(result, audience);
    const key = fingerprint(JSON.stringify(view));
    const extra = audience === 'public' && answersTab !== null && !publicByForm(result.match);
    if (!rewrite && !extra && rendered[audience] === key) continue;
    const sheet = sheetFor(ctx, audience);
    const metadata = sheet.getMetadata();
    const requests: Request[] =
      rewrite || rendered[audience] !== key
        ? renderRequests(view, metadata, {
            dropDefaultSheet: audience !== 'host',
            ...firstSheetOf(ctx, audience),
            force: rewrite,
          })
        : [];
    if (extra)
      requests.push(
        ...answersTabRequests(metadata, playersWithCurrentEmails(result.match), result.open?.phase ?? null, {
          keepAnswers: answersTab === 'keep',
        }),
      );
    // Over 2 MB, several batchUpdates in order; the view counts as drawn only after the last.
    const parts = splitRequests(requests);
    for (const part of parts) sheet.batchUpdate(part);
    rendered[audience] = key;
    writes.push({
      target: audience,
      requests: requests.length,
      bytes: parts.reduce((sum, part) => sum + batchBytes(part), 0),
      ...(parts.length > 1 ? { batches: parts.length } : {}),
    });
  }
  ctx.pointers.setRendered(rendered);
  return writes;
}
