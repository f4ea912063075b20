// A cost model of an Apps Script execution, from what the sandbox counts: every service call
// with the bytes it sends and receives, and the script's own computing time. Each constant is
// conservative (the slow end of what is reported, or an assumption above it) and says where it
// comes from. Apps Script's limits it is held against:
//   - 6 minutes per execution ("Script runtime", developers.google.com/apps-script/guides/services/quotas);
//   - 60 write and 60 read requests per minute per user per project for the Sheets API, refilled
//     every minute; over it a request fails with 429 (developers.google.com/sheets/api/limits);
//   - per day: 90 minutes of trigger runtime and 50,000 Properties reads and writes for a consumer
//     account (6 hours and 500,000 for Google Workspace) (the quotas page above).
import type { CallRecord, ExecutionRecord } from '../sandbox/calls.js';

export interface CallCost {
  /** Milliseconds per call. */
  readonly fixed: number;
  /** Milliseconds per KB sent or received. */
  readonly perKb?: number;
  readonly source: string;
}

const MEASURED_SHEETS =
  'about 1.1 s per Sheets API write round trip, measured from Cloud Run (10 sequential writes 11.87 s, github.com/piotr-agier/google-drive-mcp pull 203); charged at the slow end';
const ASSUMED_KB =
  'assumption: 5 ms per KB (200 KB/s) for Google to apply a batch of cell updates; Google recommends at most 2 MB a request (developers.google.com/sheets/api/limits)';
const MEASURED_PROPERTIES =
  'PropertiesService measured at 20-84 ms (avg 30) a getProperty and 43-231 ms (avg 62) a setProperty over 100 runs (ziritione.org/post/apps_script_performance); charged at the maximum';
const ASSUMED_FORMS =
  'assumption (no public measurement found): FormApp calls are server round trips like Sheets, charged at 300 ms a change, 800 ms to open a form';
const ASSUMED_DRIVE = 'assumption: a Drive API call as a Sheets one; sharing also sends an email, 2 s';
const ASSUMED_LOCAL =
  'assumption: calls answered inside the script process (handles, builders, Ui, response fields) at 5 ms';

/** Cost per call, by `Service.method`; the first matching rule applies. */
const COSTS: readonly (readonly [RegExp, CallCost])[] = [
  [/^Sheets\.Spreadsheets\.batchUpdate$/, { fixed: 1200, perKb: 5, source: `${MEASURED_SHEETS}; ${ASSUMED_KB}` }],
  [
    /^Sheets\./,
    { fixed: 1200, perKb: 2, source: `${MEASURED_SHEETS}; reading at half the cost per KB of writing (assumption)` },
  ],
  [/^Properties\.getProperty$|^Properties\.getKeys$/, { fixed: 90, source: MEASURED_PROPERTIES }],
  [/^Properties\./, { fixed: 240, source: MEASURED_PROPERTIES }],
  [
    /^SpreadsheetApp\.flush$/,
    {
      fixed: 700,
      source:
        'adding flush() took a 4,000-cell write from under 50 ms to 610 ms ("What is faster: ScriptDb or SpreadsheetApp?", a Stack Overflow answer, ruby-bash.developreference.com/article/29263774)',
    },
  ],
  [/^SpreadsheetApp\.create$|^FormApp\.create$/, { fixed: 3000, source: 'assumption: creating a file, 3 s' }],
  [/^SpreadsheetApp\./, { fixed: 300, source: 'assumption: 300 ms to reach the bound spreadsheet' }],
  [
    /^Range\.getValues$/,
    { fixed: 1200, perKb: 2, source: `a trigger event's range read as a Sheets read: ${MEASURED_SHEETS}` },
  ],
  [/^Sheet\.getFormUrl$/, { fixed: 300, source: 'assumption: 300 ms, a SpreadsheetApp round trip' }],
  [/^FormApp\.openById$/, { fixed: 800, source: ASSUMED_FORMS }],
  [/^Form\.getResponses$/, { fixed: 800, source: ASSUMED_FORMS }],
  [/^(Form|FormItem|FormApp)\./, { fixed: 300, source: ASSUMED_FORMS }],
  [/^Drive\.Permissions\.create$/, { fixed: 2000, perKb: 5, source: ASSUMED_DRIVE }],
  [/^Drive\./, { fixed: 1200, perKb: 5, source: ASSUMED_DRIVE }],
  [/^ScriptApp\.|TriggerBuilder\.create$/, { fixed: 1000, source: 'assumption: a trigger change, 1 s' }],
  [/^Lock\./, { fixed: 200, source: 'assumption: 200 ms to take or release the lock when it is free' }],
  [
    /^MailApp\.sendEmail$/,
    { fixed: 1000, source: 'assumption (no public measurement found): an email handed to Gmail, 1 s' },
  ],
  [/^MailApp\./, { fixed: 300, source: 'assumption: a quota read, 300 ms' }],
  [
    /^UrlFetchApp\.fetch$/,
    { fixed: 1000, perKb: 5, source: "assumption: a POST to Discord's webhook and its answer, 1 s" },
  ],
  [/./, { fixed: 5, source: ASSUMED_LOCAL }],
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
export function costOf(call: CallRecord): number {
  const cost = COSTS.find(([pattern]) => pattern.test(call.name))![1];
  if (!call.remote && cost.fixed > 5) return 5;
  return cost.fixed + (cost.perKb ?? 0) * ((call.bytesOut + call.bytesIn) / 1024);
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

function executionCost(e: ExecutionRecord, scriptTime: ScriptTime): ExecutionCost {
  const serviceMs = e.calls.reduce((n, c) => n + costOf(c), 0);
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
  /** The dearest tick that ended on its quiet pointer (what most minutes of a match cost). */
  readonly quietTick: ExecutionCost | null;
  /** Trigger executions, and the time they spent waiting for the lock (ms, counted in dailyMinutes). */
  readonly triggerExecutions: number;
  readonly lockWaitMs: number;
  /**
   * Trigger minutes in the match's busiest 24 hours under the cost model: every trigger
   * execution the sandbox ran in them (with the minute ticks fired every minute: Table.minuteTicks),
   * and for the part of the 24 hours after the match's last execution, a quiet tick a minute.
   */
  readonly dailyMinutes: number;
}

const DAY_MS = 24 * 60 * 60_000;

/** Every game at its largest within a third of a personal account's 90 trigger minutes a day (issue: a third leaves room for other scripts and for a match played faster). */
export const DAILY_TRIGGER_TARGET_MINUTES = 30;
/** From a deadline to every spreadsheet showing what followed it, at worst. */
export const DEADLINE_TO_BOARDS_TARGET_MS = 3 * 60_000;

/** The budget of every execution the sandbox ran. */
export function matchBudget(
  executions: readonly ExecutionRecord[],
  sheetsCalls: readonly { at: number; write: boolean }[],
  scriptTime: ScriptTime = 'measured',
): MatchBudget {
  const costs = executions.map((e) => executionCost(e, scriptTime));
  const dearest = (list: readonly ExecutionCost[]) => list.reduce((a, b) => (b.ms > a.ms ? b : a));
  const quiet = costs.filter(
    (c, i) => c.name === 'onTick' && !executions[i].calls.some((call) => call.name.startsWith('Lock.')),
  );
  const quietTick = quiet.length > 0 ? dearest(quiet) : null;
  const triggered = costs.filter((c) => c.trigger).sort((a, b) => a.at - b.at);
  const end = Math.max(...costs.map((c) => c.at));
  let busiest = 0;
  for (let i = 0, j = 0, sum = 0; i < triggered.length; i++) {
    while (j < triggered.length && triggered[j].at < triggered[i].at + DAY_MS) sum += triggered[j++].ms;
    const uncovered = Math.max(0, triggered[i].at + DAY_MS - end) / 60_000;
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
 * time the last of them got its first write from an execution that started its work at or after
 * the deadline (ms). A deadline after which some spreadsheet got no write is left out (the match
 * ended there without a change to show).
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
      // A tick that waited for the deadline (Utilities.sleep, first thing) started its work then.
      if ((e.wokeAt ?? e.at) < deadline) continue;
      for (const call of e.calls) {
        if (call.name !== 'Sheets.Spreadsheets.batchUpdate' || call.failed || call.at === undefined) continue;
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
