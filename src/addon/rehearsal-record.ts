// What a rehearsal (Rehearse a match…) has seen so far, kept between its executions in the script
// properties: the match's own pointers are the document properties' (gh.*), which the rehearsal
// clears at its end, and an observation must outlive the execution that made it (each execution
// starts from fresh globals).
//
// Two kinds of key, so that no write can lose another's. The record (`genius-host.rehearsal`) says
// what the rehearsal is: its start writes it, its end adds the report, nothing else writes it. Each
// execution that saw something writes one key of its own (`genius-host.rehearsal.seen.<id>`), once.
// Triggers run side by side without the lock (an edit's trigger never takes it: edits.ts), so counts
// kept in one key, read and written back, would lose the firing of whichever wrote in between. The
// end reads them all in one call and folds them into the counts the report gives (folded). Each is
// a few hundred bytes; a rehearsal writes one a trigger's firing, far under the 500 KB in all.
/// <reference types="google-apps-script" />

import * as z from 'zod/mini';
import { OTHER_KEYS } from '../triggers/saved/pointers.js';

/** Every phase the host times lasts this long in a rehearsal. */
export const REHEARSAL_MINUTES = 3;
/**
 * A rehearsal reminds whoever has not answered this long before each deadline: a minute into a
 * phase of 3 minutes. The defaults (5 minutes before, for a phase under two hours: reminders.ts)
 * come before such a phase opens, so a rehearsal would never try the reminder email.
 */
export const REHEARSAL_REMINDER_MINUTES = 2;

const RECORD_KEY = OTHER_KEYS.rehearsal;
const SEEN_PREFIX = OTHER_KEYS.rehearsalSeenPrefix;
/** A minute trigger's firing more than this after the one before is a new run of it (a later deadline's). */
const MINUTE_RUN_GAP_MS = 10 * 60_000;

const RECORD = z.object({
  game: z.string(),
  startedAt: z.string(),
  /**
   * The host's address, the seat they play, and the ids of the host spreadsheet's tabs before the
   * rehearsal, kept at the end (by id: Start renames an ended match's log tab to archive it).
   */
  host: z.string(),
  seat: z.string(),
  tabs: z.array(z.number()),
  /** Check this account…'s items, run first: each is an observation of its own row. */
  check: z.array(z.object({ item: z.string(), works: z.boolean(), detail: z.string() })),
  /** The one-shot trigger's time as the start left it armed (null: none), for the first wake's delay. */
  armed: z.optional(z.nullable(z.string())),
  /** Set once the report is written (the report as text, for its dialog's copy button): later triggers record nothing. */
  done: z.optional(z.boolean()),
  report: z.optional(z.string()),
});

/** What one execution saw: the trigger that started it (or the edit it heard), when, and what its run did. */
const SEEN = z.object({
  kind: z.enum(['wake', 'minute', 'submit', 'other', 'edit', 'chain']),
  /** When the execution started, and when it had done its work (its arming included). */
  at: z.string(),
  end: z.string(),
  /** Seconds after the moment it was due, where the execution knows it (a form answer: the response's time). */
  late: z.optional(z.number()),
  /** The one-shot trigger's time as this execution left it armed (null: none; absent: not read). */
  armed: z.optional(z.nullable(z.string())),
  /** Whether it ran the pipeline (not busy), and its Sheets batchUpdates. */
  ran: z.optional(z.boolean()),
  writes: z.optional(z.number()),
  /** Its run failed: Google's words. */
  refused: z.optional(z.string()),
  /** An edit: what the event's `source` named (the host spreadsheet, the shared sheet, another file's id), and whether the range was the shared sheet's. */
  edit: z.optional(z.object({ source: z.string(), shared: z.boolean() })),
});

export type RehearsalStart = z.infer<typeof RECORD>;
export type Observation = z.infer<typeof SEEN>;

/** How often a trigger fired during the rehearsal, and how late (seconds) after it was due. */
export interface Firing {
  readonly count: number;
  /** Seconds after the moment it was due (its armed time, the response, the minute before), least and most. */
  readonly least?: number;
  readonly most?: number;
  /** The last time it fired (ISO). */
  readonly last?: string;
}

/** The rehearsal with everything its executions saw, folded: what the report is worked out from. */
export interface RehearsalRecord extends RehearsalStart {
  readonly wake?: Firing;
  readonly minute?: Firing;
  readonly submit?: Firing;
  readonly edit?: { readonly count: number; readonly source: string; readonly shared: boolean };
  /** The one-shot trigger a trigger's execution armed (its time), and its firings, late after it. */
  readonly chain?: { readonly due: string; readonly firing?: Firing };
  /** Executions that ran the pipeline, their Sheets batchUpdates, the first refusal seen, and the first refusal over a quota (documented, not a difference). */
  readonly runs: {
    readonly count: number;
    readonly writes: number;
    readonly refused?: string;
    readonly quota?: string;
  };
}

function store(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getScriptProperties();
}

function parsed<T>(schema: z.ZodMiniType<T>, text: string | null | undefined): T | null {
  if (text === null || text === undefined) return null;
  try {
    const checked = schema.safeParse(JSON.parse(text));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

/** The rehearsal under way (or ended, not yet cleared), or null: one read. */
export function readRecord(): RehearsalStart | null {
  return parsed(RECORD, store().getProperty(RECORD_KEY));
}

/** Written by the start and by the end only (the executions between write their own keys: observe). */
export function writeRecord(record: RehearsalStart): void {
  store().setProperty(RECORD_KEY, JSON.stringify(record));
}

/** One execution's observation, under a key of its own: no other write can lose it, nor it another. */
export function observe(seen: Observation): void {
  store().setProperty(
    `${SEEN_PREFIX}${String(Date.parse(seen.at)).padStart(15, '0')}.${Utilities.getUuid()}`,
    JSON.stringify(seen),
  );
}

/**
 * The one-shot trigger a trigger's execution armed (Issue Tracker 150756612 reports such triggers
 * disabled under V8): its time, under the observations' prefix so they are cleared together.
 */
const CHAIN_KEY = `${SEEN_PREFIX}chain-armed`;
const CHAIN = z.object({ due: z.string() });

/** When the chain's one-shot trigger was armed for, or null: not armed yet. */
export function chainArmed(): string | null {
  return parsed(CHAIN, store().getProperty(CHAIN_KEY))?.due ?? null;
}

/** The handler of the one-shot trigger the rehearsal arms from inside a trigger's execution (main.ts: rehearsalChain). */
export const CHAIN_HANDLER = 'rehearsalChain';

/** Deletes the chain's one-shot trigger (once fired, or at the rehearsal's end). */
export function removeChainTrigger(): void {
  for (const trigger of ScriptApp.getProjectTriggers())
    if (trigger.getHandlerFunction() === CHAIN_HANDLER) ScriptApp.deleteTrigger(trigger);
}

export function recordChainArmed(due: string): void {
  store().setProperty(CHAIN_KEY, JSON.stringify({ due }));
}

/** The record with every observation folded in (one read of all the script properties). */
export function gathered(record: RehearsalStart): RehearsalRecord {
  const all = store().getProperties();
  const seen = Object.keys(all).flatMap((key) => {
    const one = key.startsWith(SEEN_PREFIX) ? parsed(SEEN, all[key]) : null;
    return one ? [one] : [];
  });
  const chain = parsed(CHAIN, all[CHAIN_KEY]);
  const record2 = folded(record, seen);
  if (!chain) return record2;
  let firing: Firing | undefined;
  for (const o of seen.filter((x) => x.kind === 'chain').sort((a, b) => Date.parse(a.at) - Date.parse(b.at)))
    firing = fired(firing, o.at, (Date.parse(o.at) - Date.parse(chain.due)) / 1000);
  return { ...record2, chain: { due: chain.due, ...(firing ? { firing } : {}) } };
}

/** Forgets the observations (the report, once written, says what they showed). */
export function clearObservations(): void {
  for (const key of store().getKeys()) if (key.startsWith(SEEN_PREFIX)) store().deleteProperty(key);
}

/** Forgets the rehearsal: its record and its observations. */
export function clearRecord(): void {
  clearObservations();
  store().deleteProperty(RECORD_KEY);
}

/**
 * The counts the report gives, from the observations in the order the executions started: each
 * firing's delay after its due moment (a wake: the one-shot time armed when it started, as the last
 * execution to end before it left it; a minute tick: the minute tick before it; a form answer: the
 * response), the pipeline's runs and writes, the first refusals, the edits heard.
 */
function folded(record: RehearsalStart, seen: readonly Observation[]): RehearsalRecord {
  const byStart = [...seen].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  let wake: Firing | undefined;
  let minute: Firing | undefined;
  let submit: Firing | undefined;
  let edit: RehearsalRecord['edit'];
  let runs: RehearsalRecord['runs'] = { count: 0, writes: 0 };
  let lastMinute: number | undefined;
  for (const o of byStart) {
    const at = Date.parse(o.at);
    if (o.kind === 'wake') {
      const due = armedAt(record, seen, at);
      wake = fired(wake, o.at, due !== null && due <= at ? (at - due) / 1000 : undefined);
    }
    if (o.kind === 'minute') {
      const gap =
        lastMinute !== undefined && at - lastMinute < MINUTE_RUN_GAP_MS ? (at - lastMinute) / 1000 : undefined;
      minute = fired(minute, o.at, gap);
      lastMinute = at;
    }
    if (o.kind === 'submit') submit = fired(submit, o.at, o.late);
    if (o.edit) edit = { count: (edit?.count ?? 0) + 1, ...o.edit };
    runs = { ...runs, count: runs.count + (o.ran ? 1 : 0), writes: runs.writes + (o.writes ?? 0) };
    if (o.refused !== undefined) runs = refusedRun(runs, o.refused);
  }
  return {
    ...record,
    ...(wake ? { wake } : {}),
    ...(minute ? { minute } : {}),
    ...(submit ? { submit } : {}),
    ...(edit ? { edit } : {}),
    runs,
  };
}

/** The one-shot time armed at `at` (ms): as the last execution to end before it left it, else as the start did; null: none known. */
function armedAt(record: RehearsalStart, seen: readonly Observation[], at: number): number | null {
  let armed = record.armed ?? null;
  let lastEnd = -Infinity;
  for (const o of seen) {
    const end = Date.parse(o.end);
    if (o.armed !== undefined && end <= at && end >= lastEnd) {
      armed = o.armed;
      lastEnd = end;
    }
  }
  return armed === null ? null : Date.parse(armed);
}

/**
 * A run that failed, kept: a refusal over a quota (Sheets' 60 writes a minute: a rehearsal of many
 * seats draws a burst) is Google as documented, and the next execution draws the rest; any other
 * refusal is a difference.
 */
function refusedRun(runs: RehearsalRecord['runs'], text: string): RehearsalRecord['runs'] {
  return /quota|too many times/i.test(text)
    ? { ...runs, quota: runs.quota ?? text }
    : { ...runs, refused: runs.refused ?? text };
}

/** A trigger's firing added to its record: `late` seconds after it was due (undefined: not known). */
function fired(before: Firing | undefined, at: string, late: number | undefined): Firing {
  const count = (before?.count ?? 0) + 1;
  const seconds = late === undefined ? undefined : Math.round(late);
  const least = seconds === undefined ? before?.least : Math.min(before?.least ?? seconds, seconds);
  const most = seconds === undefined ? before?.most : Math.max(before?.most ?? seconds, seconds);
  return {
    count,
    ...(least !== undefined ? { least } : {}),
    ...(most !== undefined ? { most } : {}),
    last: at,
  };
}
