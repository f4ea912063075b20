// The pipeline's fifth step (execution/pipeline.ts): drawing what changed. Each spreadsheet whose view
// changed is rendered in one batchUpdate (several for one over 2 MB), and each form shows the
// open phase's questions; an answer's execution draws only its sender's sheet (see draw).

import { currentEmails } from '../../engine/core/email.js';
import { errorMessage } from '../../engine/core/guards.js';
import type { Audience, View } from '../../engine/core/view.js';
import { type MatchFile, type ReplayResult, seasonWith, viewFor, viewKey } from '../../engine/index.js';
import { seasonTables } from '../../engine/season/season-tables.js';
import type { Request, WorkbookMetadata } from '../../sheets/api.js';
import { type SizedPart, renderRequests, splitSized, utf8Length } from '../../sheets/index.js';
import type { HostContext } from '../saved/context.js';
import { type WantedForm, updateForms } from './forms-sync.js';
import type { ExecutionState } from '../saved/execution-state.js';
import { discordRefusing, linksOf, linksTabRequests } from './links.js';
import type { RunKind } from '../answers/new-inputs.js';
import type { LogEntry } from '../saved/match-log.js';
import { KEY, type PlayerPointer } from '../saved/pointers.js';
import { CURRENT_LABEL } from '../saved/season-logs.js';
import {
  type RowsPointer,
  type RowsSetup,
  answersTabRequests,
  publicByForm,
  rowsSetupFor,
} from '../answers/public-rows.js';

/** How often the sheets an answer changes only a little (other players' Status tabs) are drawn, besides every change of phase. */
const OTHERS_EVERY_MINUTES = 180;

/** One spreadsheet write. */
export interface WriteReport {
  readonly target: string;
  readonly requests: number;
  readonly bytes: number;
  /** batchUpdates it took, when more than one (a render over 2 MB: src/sheets/chunk.ts). */
  readonly batches?: number;
}

/** How a public answers tab is drawn in this run: cleared for a new phase, drawn again keeping what was typed, or left alone. */
type AnswersTabDraw = 'reset' | 'keep' | null;

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

/** The Links tab warns while Discord is refusing posts: drawn again when that starts or ends. */
export function redrawLinks(ctx: HostContext, before: MatchFile, after: MatchFile): WriteReport[] {
  if (discordRefusing(before) === discordRefusing(after) || !ctx.pointers.shared()) return [];
  const host = ctx.metadata.sheet(ctx.ports.files.host(), { keep: false });
  const requests = linksTabRequests(host, linksOf(ctx, after));
  host.batchUpdate(requests);
  return [{ target: 'links', requests: requests.length, bytes: utf8Length(JSON.stringify({ requests })) }];
}

export interface DrawInput {
  readonly kind: RunKind;
  readonly result: ReplayResult;
  /** What each form should show as `result` stands (formSpecs in forms-sync.ts, made once by the pipeline). */
  readonly specs: ReadonlyMap<string, WantedForm>;
  /** The execution's own record as the run read it (nothing before the drawing changes it). */
  readonly kept: ExecutionState;
  /** What this run logged. */
  readonly entries: readonly LogEntry[];
  /** The forms this run closed (see execution/decide.ts). */
  readonly closed: ReadonlyMap<string, string>;
  /** The forms left as they are for the next execution (see afterReads in execution/decide.ts). */
  readonly held: ReadonlySet<string>;
  readonly now: string;
  readonly startedAt: number;
  /** The ledger of the season's matches before this one, as its log keeps it (season/kept.ts): read with the log, no call of its own. */
  readonly season?: unknown;
}

/**
 * Renders the spreadsheets and shows the forms where the match moved (or everything, for
 * Re-render). `unfinished`: part was left to the next execution.
 */
export function draw(
  ctx: HostContext,
  input: DrawInput,
): { writes: WriteReport[]; formsUpdated: number; unfinished: boolean; deferredUntil: string | null } {
  const { kind, result, entries, closed, held, now, startedAt, kept } = input;
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
  const seenBefore = kept.seen ?? null;
  const phaseKept = seenBefore !== null && phaseOfKey(seenBefore) === phaseOfKey(seen);
  const senders = entries.flatMap((e): Audience[] => (e.kind === 'submission' ? [`player:${e.value.player}`] : []));
  const othersDueAt = kept.drawnAt === undefined ? -Infinity : Date.parse(kept.drawnAt) + OTHERS_EVERY_MINUTES * 60_000;
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
  // Forms left over by an earlier execution are changed even when nothing else moved.
  const formsLeft = kept.formsLeft === true;
  if (!(rewrite || seen !== seenBefore || rowsStale || closed.size > 0 || messagedOnly || formsLeft))
    return { writes: [], formsUpdated: 0, unfinished: false, deferredUntil: null };
  // Edits from the moment the tab's rewrite begins answer the new setup (see answers/public-rows.ts).
  const setup: RowsSetup = { ...rowsSetupFor(result.open?.phase ?? null, result.match), since: ctx.ports.clock.now() };
  const { next: _next, previous: _previous, readAt: _readAt, ...shown } = rows ?? { phase: null, questions: [] };
  // Before the tab changes, say what it is changing to (see RowsPointer.next).
  if (rowsMoved) {
    ctx.pointers.setRows({ ...shown, next: setup } satisfies RowsPointer);
    // A machine's next read of the rows starts afresh: the rows it clears here are not a player's change.
    if (ctx.ports.machine) ctx.pointers.remove(KEY.rowsRead);
  }
  const writes = render(ctx, result, {
    rendered: kept.rendered ?? {},
    rewrite,
    answersTab: rowsMoved ? 'reset' : rowsStale ? 'keep' : null,
    only,
    season: input.season,
  });
  // The setup before, while it asked something: an edit made on it before the rewrite answers it.
  if (rowsMoved)
    ctx.pointers.setRows({
      ...setup,
      ...(shown.phase !== null && shown.questions.length > 0 ? { previous: shown } : {}),
    } satisfies RowsPointer);
  const forms = updateForms(ctx, result, input.specs, {
    rewrite,
    closed,
    held,
    startedAt,
    drewAll: only === null && writes.length > 0,
  });
  // The sheets drawn whole count as drawn even with forms left over (formsLeft: the next execution
  // changes those), so the answers meanwhile draw only their sender's sheet, not every one.
  if (!only || forms.pending !== formsLeft)
    ctx.pointers.updateState({ ...(only ? {} : { seen, drawnAt: now }), formsLeft: forms.pending ? true : undefined });
  return { writes, formsUpdated: forms.updated, unfinished: forms.pending, deferredUntil: only ? deferredUntil : null };
}

/** A spreadsheet the start made, as its pointer keeps it: its id, and the blank tab it was created with. */
type MadeFile = { readonly id: string; readonly firstSheetId?: number };

/**
 * The spreadsheet an audience's view is drawn on, by its pointer (read once for the audience):
 * null for the host's, which the ports open. `player`: the player's pointer as render read it.
 */
function fileOf(ctx: HostContext, audience: Audience, player: PlayerPointer | null): MadeFile | null {
  if (audience === 'host') return null;
  if (audience === 'public') return ctx.pointers.requireShared();
  return (player ?? ctx.pointers.requirePlayer(audience.slice('player:'.length))).sheet;
}

/** The blank tab a match's spreadsheet was created with, by the id recorded then (see renderRequests). */
function firstSheetOf(file: MadeFile | null): { defaultSheetId?: number } {
  return file?.firstSheetId !== undefined ? { defaultSheetId: file.firstSheetId } : {};
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
  {
    rendered: before,
    rewrite,
    answersTab,
    only,
    season,
  }: {
    /** Each audience's view as last drawn (ExecutionState.rendered). */
    rendered: Readonly<Record<string, string>>;
    rewrite: boolean;
    answersTab: AnswersTabDraw;
    only: ReadonlySet<Audience> | null;
    season: unknown;
  },
): WriteReport[] {
  const rendered = { ...before };
  const every: Audience[] = ['host', 'public', ...result.match.players.map((p): Audience => `player:${p.id}`)];
  const audiences = every.filter((a) => !only || only.has(a));
  const writes: WriteReport[] = [];
  // Drawn as of now (how long the phase has left), keyed without it: the clock alone redraws nothing.
  const now = ctx.ports.clock.now();
  const seasonTabs = audiences.some(hasSeasonTab) ? seasonTablesOf(result, season) : undefined;
  for (const audience of audiences) {
    // A player's sheet links their own form in its "What to do now" (core/views.ts).
    const player = audience.startsWith('player:') ? ctx.pointers.player(audience.slice('player:'.length)) : null;
    const drawn: View = viewFor(result, audience, { now, ...(player ? { formUrl: player.form.url } : {}) });
    const view: View = seasonTabs && hasSeasonTab(audience) ? { ...drawn, season: seasonTabs } : drawn;
    const key = viewKey(view);
    const extra = audience === 'public' && answersTab !== null && !publicByForm(result.match);
    if (!rewrite && !extra && rendered[audience] === key) continue;
    const file = fileOf(ctx, audience, player);
    const requestsFrom = (metadata: WorkbookMetadata): Request[] => [
      ...(rewrite || rendered[audience] !== key
        ? renderRequests(view, metadata, {
            dropDefaultSheet: audience !== 'host',
            ...firstSheetOf(file),
            force: rewrite,
          })
        : []),
      ...(extra
        ? answersTabRequests(metadata, playersWithCurrentEmails(result.match), result.open?.phase ?? null, {
            keepAnswers: answersTab === 'keep',
          })
        : []),
    ];
    const { requests, parts } = drawSheet(ctx, audience, file, requestsFrom, rewrite);
    rendered[audience] = key;
    writes.push({
      target: audience,
      requests,
      bytes: parts.reduce((sum, part) => sum + part.bytes, 0),
      ...(parts.length > 1 ? { batches: parts.length } : {}),
    });
  }
  ctx.pointers.updateState({ rendered });
  return writes;
}

/** The Season tab is the host's and the spectators', as the Seed tab (a player's sheet is their own match). */
const hasSeasonTab = (audience: Audience) => audience === 'host' || audience === 'public';

/** The Season tab's tables: the season before this match as its log keeps it, and this match as it stands; none outside a season. */
function seasonTablesOf(result: ReplayResult, kept: unknown) {
  const ledger = seasonWith(result, kept, CURRENT_LABEL);
  return ledger ? seasonTables(ledger) : undefined;
}

/**
 * Writes one audience's spreadsheet: the requests made from its metadata, in one batchUpdate
 * (several in order over 2 MB: the view counts as drawn only after the last). Its metadata is
 * known without a read where it can be (saved/known-metadata.ts), a player's and the public one's kept
 * from the last write; Re-render (`fresh`) reads it. Answers how many requests, and the batches sent.
 */
function drawSheet(
  ctx: HostContext,
  audience: Audience,
  file: MadeFile | null,
  requestsFrom: (metadata: WorkbookMetadata) => Request[],
  fresh: boolean,
): { requests: number; parts: SizedPart[] } {
  const raw = file ? ctx.ports.files.open(file.id) : ctx.ports.files.host();
  const sheet = ctx.metadata.sheet(raw, { keep: audience !== 'host' });
  const send = (metadata: WorkbookMetadata) => {
    const requests = requestsFrom(metadata);
    const parts = splitSized(requests);
    for (const part of parts) sheet.batchUpdate(part.requests);
    return { requests: requests.length, parts };
  };
  if (fresh) return send(ctx.metadata.read(raw));
  const metadata = sheet.getMetadata();
  const kept = ctx.metadata.isKept(raw);
  try {
    return send(metadata);
  } catch (error) {
    if (!kept || !STALE_REFUSAL.test(errorMessage(error))) throw error;
    return send(ctx.metadata.read(raw));
  }
}

/**
 * The refusals kept metadata earns when the host changed the spreadsheet by hand since its last
 * write: a request names a tab or protection deleted since (Google: "No grid with id: 123"; the
 * embedded workbook: "no sheet with id 123"), or adds a tab under a title taken since ("A sheet
 * with the name … already exists"). Google refuses the whole batchUpdate (400 INVALID_ARGUMENT,
 * nothing applied), so it is made once more with metadata read now: a render made from what the
 * spreadsheet holds is right whatever a part sent before did. Any other failure (a quota, a
 * time-out) ends the execution as before, and the next one reads afresh (saved/known-metadata.ts).
 */
const STALE_REFUSAL = /\bno (grid|sheet|protected range) with id\b|\balready exists\b/i;
