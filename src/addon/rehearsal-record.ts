// What a rehearsal (Rehearse a match…) has seen so far, kept between its executions. One key of the
// script properties, typed: the match's own pointers are the document properties' (gh.*), which
// the rehearsal clears at its end, and a trigger's observation must outlive the execution that made
// it (each execution starts from fresh globals). A few hundred bytes: far under the 9 KB a value.
/// <reference types="google-apps-script" />

import * as z from 'zod/mini';

const RECORD_KEY = 'genius-host.rehearsal';

/** How often a trigger fired during the rehearsal, and how late (seconds) after it was due. */
const firing = z.object({
  count: z.number(),
  /** Seconds after the moment it was due (its armed time, the response, the minute before), least and most. */
  least: z.optional(z.number()),
  most: z.optional(z.number()),
  /** The last time it fired (ISO), to time the next one. */
  last: z.optional(z.string()),
});

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
  wake: z.optional(firing),
  minute: z.optional(firing),
  submit: z.optional(firing),
  edit: z.optional(
    z.object({
      count: z.number(),
      /** What the event's `source` named: the host spreadsheet, the shared sheet, or another file's id. */
      source: z.string(),
      /** Whether the edited range was the shared sheet's (the file the trigger is installed on). */
      shared: z.boolean(),
    }),
  ),
  /** Executions that ran the pipeline, their Sheets batchUpdates, the first refusal seen, and the first refusal over a quota (documented, not a difference). */
  runs: z.object({
    count: z.number(),
    writes: z.number(),
    refused: z.optional(z.string()),
    quota: z.optional(z.string()),
  }),
  /** Set once the report is written (the report as text, for its dialog's copy button): later triggers record nothing. */
  done: z.optional(z.boolean()),
  report: z.optional(z.string()),
});

export type RehearsalRecord = z.infer<typeof RECORD>;
export type Firing = z.infer<typeof firing>;

function store(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getScriptProperties();
}

/** The rehearsal under way (or ended, not yet cleared), or null. */
export function readRecord(): RehearsalRecord | null {
  const text = store().getProperty(RECORD_KEY);
  if (text === null) return null;
  try {
    const parsed = RECORD.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeRecord(record: RehearsalRecord): void {
  store().setProperty(RECORD_KEY, JSON.stringify(record));
}

export function clearRecord(): void {
  store().deleteProperty(RECORD_KEY);
}

/** A trigger's firing added to its record: `late` seconds after it was due (undefined: not known). */
export function fired(before: Firing | undefined, at: string, late: number | undefined): Firing {
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
