// A cost model of an Apps Script execution, from what the sandbox counts: its start (the runtime
// and the bundle loaded), every service call with the bytes it sends and receives, and the
// script's own computing time. Every latency is one of src/triggers/google/latency.ts, read as sourced or
// pessimistic (npm run bench runs both), each with its source there. Apps Script's limits it is
// held against:
//   - 6 minutes per execution ("Script runtime", developers.google.com/apps-script/guides/services/quotas);
//   - 60 write and 60 read requests per minute per user per project for the Sheets API, refilled
//     every minute; over it a request fails with 429 (developers.google.com/sheets/api/limits);
//   - per day: 90 minutes of trigger runtime and 50,000 Properties reads and writes for a consumer
//     account (6 hours and 500,000 for Google Workspace) (the quotas page above).
import type { CallRecord, ExecutionRecord } from '../sandbox/calls.js';
import { LATENCY, type Latency, type LatencyModel } from '../../src/triggers/google/latency.js';

export interface CallCost {
  /** Milliseconds per call. */
  readonly fixed: Latency;
  /** Milliseconds per KB sent or received. */
  readonly perKb?: Latency;
}

const L = LATENCY;

/**
 * A reading of the model: sourced, pessimistic, or an account's own figures (ms, by latency name:
 * a Rehearsal report's or About's, through npm run bench -- --latencies FILE), the pessimistic
 * figure where it has none.
 */
export type Reading = LatencyModel | { readonly measured: Partial<Record<keyof typeof LATENCY, number>> };

const NAME_OF = new Map<Latency, keyof typeof LATENCY>(
  (Object.entries(LATENCY) as [keyof typeof LATENCY, Latency][]).map(([name, l]) => [l, name]),
);

/** One latency under a reading (ms). */
export function readOf(l: Latency, reading: Reading): number {
  if (typeof reading === 'string') return l[reading];
  return reading.measured[NAME_OF.get(l)!] ?? l.pessimistic;
}

/**
 * Cost per call, by `Service.method`; the first matching rule applies. Every figure is one of
 * src/triggers/google/latency.ts, with its source there (the sidebar's projection reads the same table).
 */
const COSTS: readonly (readonly [RegExp, CallCost])[] = [
  [/^Sheets\.Spreadsheets\.batchUpdate$/, { fixed: L.sheetsCall, perKb: L.sheetsWritePerKb }],
  [/^Sheets\./, { fixed: L.sheetsCall, perKb: L.sheetsReadPerKb }],
  [/^Properties\.getProperty$|^Properties\.getKeys$/, { fixed: L.propertyRead }],
  [/^Properties\./, { fixed: L.propertyWrite }],
  [/^SpreadsheetApp\.flush$/, { fixed: L.flush }],
  [/^SpreadsheetApp\.create$|^FormApp\.create$/, { fixed: L.createFile }],
  [/^SpreadsheetApp\./, { fixed: L.spreadsheetApp }],
  // A trigger event's range read as a Sheets read.
  [/^Range\.getValues$/, { fixed: L.sheetsCall, perKb: L.sheetsReadPerKb }],
  [/^Sheet\.getFormUrl$/, { fixed: L.spreadsheetApp }],
  [/^FormApp\.openById$/, { fixed: L.formOpen }],
  [/^Form\.getResponses$/, { fixed: L.formResponses }],
  [/^(Form|FormItem|FormApp)\./, { fixed: L.formChange }],
  [/^Drive\.Permissions\.create$/, { fixed: L.drivePermission, perKb: L.sheetsWritePerKb }],
  [/^Drive\./, { fixed: L.driveCall, perKb: L.sheetsWritePerKb }],
  [/^ScriptApp\.|TriggerBuilder\.create$/, { fixed: L.triggerChange }],
  [/^Lock\./, { fixed: L.lock }],
  [/^MailApp\.sendEmail$/, { fixed: L.mailSend }],
  [/^MailApp\./, { fixed: L.mailQuota }],
  [/^UrlFetchApp\.fetch$/, { fixed: L.fetch, perKb: L.sheetsWritePerKb }],
  [/./, { fixed: L.local }],
];

/**
 * Apps Script's V8 against Node on this machine, for the script's own computing (replay, views,
 * requests, fingerprints): assumption, 3× slower (shared servers, no warm-up across executions).
 */
const SCRIPT_SLOWDOWN = 3;

/**
 * A call's cost, whether it succeeded or failed: a refused or timed-out call took its round trip,
 * and a retry (the same work done again by the next execution) is calls of its own, counted there.
 */
export function costOf(call: CallRecord, model: Reading = 'sourced'): number {
  const cost = COSTS.find(([pattern]) => pattern.test(call.name))![1];
  const fixed = readOf(cost.fixed, model);
  const local = readOf(L.local, model);
  if (!call.remote && fixed > local) return local;
  return fixed + (cost.perKb ? readOf(cost.perKb, model) : 0) * ((call.bytesOut + call.bytesIn) / 1024);
}

export interface ExecutionCost {
  readonly name: string;
  readonly at: number;
  /** Started by a trigger: its time counts against the day's trigger time. */
  readonly trigger: boolean;
  /** Modelled milliseconds: service calls, time spent waiting for the lock, and the script's own time scaled. */
  readonly ms: number;
  /** Waiting for the document lock or for a deadline (part of ms): a wait is run time like any other ("Triggers total runtime"). */
  readonly lockWaitMs: number;
  readonly serviceMs: number;
  readonly scriptMs: number;
  readonly calls: number;
  readonly remoteCalls: number;
  readonly sheetsWrites: number;
  readonly sheetsReads: number;
  readonly sheetsBytesOut: number;
  readonly propertyCalls: number;
  readonly formCalls: number;
}

/**
 * Whether a budget charges the script's own time, measured on this machine's clock (`measured`: npm
 * run bench, whose targets include it), or leaves it out (`none`: the tests, whose budgets are then
 * the modelled calls and waits on the fake clock alone, the same on a loaded machine as on an idle
 * one; the script's share is a few seconds of an execution, bench/results.md "In words").
 */
export type ScriptTime = 'measured' | 'none';

function executionCost(e: ExecutionRecord, scriptTime: ScriptTime, model: Reading): ExecutionCost {
  // The execution's start and bundle load, then its calls.
  const serviceMs = readOf(L.executionStart, model) + e.calls.reduce((n, c) => n + costOf(c, model), 0);
  const scriptMs = scriptTime === 'none' ? 0 : Math.max(0, (e.ms ?? 0) - e.serviceMs) * SCRIPT_SLOWDOWN;
  const count = (f: (c: CallRecord) => boolean) => e.calls.filter(f).length;
  // Waiting (for the lock, or in Utilities.sleep for a deadline) is run time too.
  const lockWaitMs = (e.lockWaitMs ?? 0) + (e.sleptMs ?? 0);
  return {
    name: e.name,
    at: e.at,
    trigger: e.trigger === true,
    ms: serviceMs + scriptMs + lockWaitMs,
    lockWaitMs,
    serviceMs,
    scriptMs,
    calls: e.calls.length,
    remoteCalls: count((c) => c.remote),
    sheetsWrites: count((c) => c.name === 'Sheets.Spreadsheets.batchUpdate'),
    sheetsReads: count((c) => c.name.startsWith('Sheets.') && c.name !== 'Sheets.Spreadsheets.batchUpdate'),
    sheetsBytesOut: e.calls
      .filter((c) => c.name === 'Sheets.Spreadsheets.batchUpdate')
      .reduce((n, c) => n + c.bytesOut, 0),
    propertyCalls: count((c) => c.name.startsWith('Properties.')),
    formCalls: count((c) => /^(Form|FormItem|FormApp)\./.test(c.name) && c.remote),
  };
}

/** The most Sheets API calls (writes, or reads) in any 60 seconds of the fake clock. */
export function busiestMinute(calls: readonly { at: number; write: boolean }[], write: boolean): number {
  const times = calls
    .filter((c) => c.write === write)
    .map((c) => c.at)
    .sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= 60_000) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

export interface MatchBudget {
  readonly executions: number;
  readonly worst: ExecutionCost;
  /** The worst execution that is not the start (a resolution, a submission, a menu item). */
  readonly worstRunning: ExecutionCost;
  readonly sheetsWritesPerMinute: number;
  readonly sheetsReadsPerMinute: number;
  /** The dearest tick that ended on its quiet pointer (the hourly safety net's usual cost). */
  readonly quietTick: ExecutionCost | null;
  /** Trigger executions, and the time they spent waiting for the lock (ms, counted in dailyMinutes). */
  readonly triggerExecutions: number;
  readonly lockWaitMs: number;
  /**
   * Trigger minutes in the match's busiest 24 hours under the cost model: every trigger
   * execution the sandbox ran in them (the clock triggers run as installed: Table.clockTriggers),
   * and for the part of the 24 hours after the match's last execution, a quiet tick an hour while
   * a clock trigger is left (a finished match removes them: src/triggers/schedule/retire.ts).
   */
  readonly dailyMinutes: number;
}

const DAY_MS = 24 * 60 * 60_000;
/** The clock triggers' handlers (src/addon/triggers.ts): hourly, one-shot, every minute. */
const CLOCK_HANDLERS = new Set(['onTick', 'onWake', 'onMinute']);

/**
 * Every game at its largest, a phase a day, in its busiest 24 hours: a sixth of a personal
 * account's 90 minutes (issue 42; issue 26 asked a ninth, which FormApp's one call a change cannot reach).
 */
export const DAILY_TRIGGER_TARGET_MINUTES = 15;
/** A whole live session at the rules' pace (issue 26: half a personal account's day; Pasture's own is 80, issue 42). */
export const LIVE_SESSION_TARGET_MINUTES = 45;
/** The longest execution of any kind, Start included: a slow day at Google stays inside the 6 minutes. */
export const LONGEST_EXECUTION_TARGET_MS = 4 * 60_000;
/** From a deadline to every spreadsheet showing what followed it, at worst. */
export const DEADLINE_TO_BOARDS_TARGET_MS = 3 * 60_000;

/** The budget of every execution the sandbox ran. */
export function matchBudget(
  executions: readonly ExecutionRecord[],
  sheetsCalls: readonly { at: number; write: boolean }[],
  scriptTime: ScriptTime = 'measured',
  model: Reading = 'sourced',
  /** Whether a clock trigger is left after the match's last execution (the hourly one ticks on). */
  clockLeft = true,
): MatchBudget {
  const costs = executions.map((e) => executionCost(e, scriptTime, model));
  const dearest = (list: readonly ExecutionCost[]) => list.reduce((a, b) => (b.ms > a.ms ? b : a));
  const quiet = costs.filter(
    (c, i) => CLOCK_HANDLERS.has(c.name) && !executions[i].calls.some((call) => call.name.startsWith('Lock.')),
  );
  const quietTick = quiet.length > 0 ? dearest(quiet) : null;
  const triggered = costs.filter((c) => c.trigger).sort((a, b) => a.at - b.at);
  const end = Math.max(...costs.map((c) => c.at));
  let busiest = 0;
  for (let i = 0, j = 0, sum = 0; i < triggered.length; i++) {
    while (j < triggered.length && triggered[j].at < triggered[i].at + DAY_MS) sum += triggered[j++].ms;
    // After the match's last execution, the hourly trigger alone (src/triggers/schedule/clock-triggers.ts), if left.
    const uncovered = clockLeft ? Math.max(0, triggered[i].at + DAY_MS - end) / 3_600_000 : 0;
    busiest = Math.max(busiest, sum + uncovered * (quietTick?.ms ?? 0));
    sum -= triggered[i].ms;
  }
  return {
    executions: costs.length,
    worst: dearest(costs),
    worstRunning: dearest(costs.filter((c) => c.name !== 'startMatch')),
    sheetsWritesPerMinute: busiestMinute(sheetsCalls, true),
    sheetsReadsPerMinute: busiestMinute(sheetsCalls, false),
    quietTick,
    triggerExecutions: triggered.length,
    lockWaitMs: triggered.reduce((n, c) => n + c.lockWaitMs, 0),
    dailyMinutes: busiest / 60_000,
  };
}

/**
 * For each deadline, how long until every spreadsheet of the match showed what followed it: the
 * time the last of them got its first write at or after the deadline (ms). A deadline after which
 * some spreadsheet got no write is left out (the match ended there without a change to show).
 *
 * An execution that began before the deadline counts from it on: one that ran across it (an
 * answer's run that began seconds before) may be the one that resolved it, reading the time after
 * its lock and its read of the log. Counting only executions that began after the deadline put
 * such a deadline's boards at the next deadline's: the reverted `prebuild` branch's 715 s (issue
 * 42) was an answer's run begun 6 s before the deadline that closed every form and wrote every
 * board within 210 s. The reading errs the other way only for a run that replayed just before the
 * deadline and wrote after it: every sheet it drew is then counted early, and a phase's change is
 * drawn on every sheet by the run that resolves it, so such a run sets the worst only if it drew
 * every sheet itself.
 */
export function deadlineToBoards(
  executions: readonly ExecutionRecord[],
  deadlines: readonly number[],
  spreadsheets: readonly string[],
): number[] {
  const out: number[] = [];
  for (const deadline of deadlines) {
    const firstWrite = new Map<string, number>();
    for (const e of executions) {
      for (const call of e.calls) {
        if (call.name !== 'Sheets.Spreadsheets.batchUpdate' || call.failed || call.at === undefined) continue;
        if (call.at < deadline) continue;
        const prior = firstWrite.get(call.spreadsheet!);
        if (prior === undefined || call.at < prior) firstWrite.set(call.spreadsheet!, call.at);
      }
    }
    if (spreadsheets.every((id) => firstWrite.has(id)))
      out.push(Math.max(...spreadsheets.map((id) => firstWrite.get(id)!)) - deadline);
  }
  return out;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** One line for the test output and the report. */
export function budgetLine(label: string, b: MatchBudget): string {
  const w = (c: ExecutionCost) =>
    `${c.name} ${s(c.ms)} (${c.remoteCalls} remote calls: ${c.sheetsWrites} Sheets writes, ${(c.sheetsBytesOut / 1024).toFixed(0)} KB, ${c.sheetsReads} reads, ${c.formCalls} Forms, ${c.propertyCalls} Properties; script ${s(c.scriptMs)}${c.lockWaitMs > 0 ? `; waiting for the lock or a deadline ${s(c.lockWaitMs)}` : ''})`;
  const quiet = b.quietTick ? `; quiet tick ${s(b.quietTick.ms)}` : '';
  return `${label}: ${b.executions} executions (${b.triggerExecutions} by triggers, ${s(b.lockWaitMs)} of them waiting for the lock or a deadline); longest ${w(b.worst)}; longest after the start ${w(b.worstRunning)}; busiest minute ${b.sheetsWritesPerMinute} Sheets writes, ${b.sheetsReadsPerMinute} reads${quiet}; ${b.dailyMinutes.toFixed(1)} min of trigger time in the busiest 24 hours`;
}
