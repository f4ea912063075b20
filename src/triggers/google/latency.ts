// What each thing an execution does takes on Google's side: the one table the sidebar's
// projection (schedule/trigger-time.ts), Check this account… (src/addon/trigger-use.ts) and the tests' and
// the bench's cost model (test/reliability/cost.ts) all read, so they cannot drift apart
// (test/reliability/latency.test.ts holds the cost model to it).
//
// Two readings of every figure: `sourced`, the public measurement or document it comes from, and
// `pessimistic`, the worst public figure (or, where nothing public exists, a figure chosen well
// above any reported one). Where no public measurement exists the source says so, and both
// readings take a pessimistic figure. The sidebar projects with the pessimistic reading; the bench
// runs both.

import { hasNumberFor } from '../../engine/core/guards.js';

export type LatencyModel = 'sourced' | 'pessimistic';

export interface Latency {
  /** Milliseconds, as sourced and at the worst. */
  readonly sourced: number;
  readonly pessimistic: number;
  /** Where the figures come from (a public measurement or document, or "no public measurement"). */
  readonly source: string;
}

const SHEETS_MEASURED =
  '10 sequential Sheets API writes took 11.87 s from Cloud Run, 1.19 s each (github.com/piotr-agier/google-drive-mcp pull 203); pessimistic: 1.5 s';
const PROPERTIES_MEASURED =
  'The properties service over 100 runs: getProperty 20-84 ms (average 30), setProperty 43-231 ms (average 62) (ziritione.org/post/apps_script_performance); sourced: the average, pessimistic: the maximum';
const NO_FORMS =
  'no public measurement of the Forms service found (searched: docs, pages, issues); taken as server round trips like the Sheets API';

/** Every latency the model uses. */
export const LATENCY = {
  /**
   * An execution starting: the runtime started, the 319 KB bundle loaded, the first service
   * reached. Nothing public gives it; a quiet tick at 0.2 s (the old model) was never sourced.
   */
  executionStart: {
    sourced: 500,
    pessimistic: 1000,
    source:
      "no public measurement of an execution's start and bundle load found (searched: docs, pages, issues); taken at 0.5 s, pessimistic 1 s (issue 26)",
  },
  propertyRead: { sourced: 30, pessimistic: 90, source: PROPERTIES_MEASURED },
  propertyWrite: { sourced: 62, pessimistic: 240, source: PROPERTIES_MEASURED },
  /** One Sheets API call (a batchUpdate, a metadata or values read), before its bytes. */
  sheetsCall: { sourced: 1200, pessimistic: 1500, source: SHEETS_MEASURED },
  /** Each KB a batchUpdate sends (Google applying the cells). */
  sheetsWritePerKb: {
    sourced: 5,
    pessimistic: 10,
    source:
      'no public measurement per KB found; 5 ms (200 KB/s), pessimistic 10 ms (issue 26); Google recommends at most 2 MB a request (developers.google.com/sheets/api/limits)',
  },
  sheetsReadPerKb: { sourced: 2, pessimistic: 5, source: 'no public measurement per KB found; half the write figure' },
  formChange: { sourced: 300, pessimistic: 1500, source: `${NO_FORMS}: 300 ms a change, pessimistic 1.5 s (issue 26)` },
  formOpen: { sourced: 800, pessimistic: 1500, source: `${NO_FORMS}: 800 ms to open a form, pessimistic 1.5 s` },
  formResponses: {
    sourced: 800,
    pessimistic: 1500,
    source: `${NO_FORMS}: 800 ms to read a form's responses, pessimistic 1.5 s`,
  },
  spreadsheetApp: {
    sourced: 300,
    pessimistic: 600,
    source: 'no public measurement found; 300 ms to reach the bound spreadsheet, pessimistic 600 ms',
  },
  flush: {
    sourced: 700,
    pessimistic: 1000,
    source:
      'adding flush() took a 4,000-cell write from under 50 ms to 610 ms (a Stack Overflow answer, ruby-bash.developreference.com/article/29263774); pessimistic 1 s',
  },
  createFile: {
    sourced: 3000,
    pessimistic: 5000,
    source: 'no public measurement found; 3 s a new file, pessimistic 5 s',
  },
  driveCall: { sourced: 1200, pessimistic: 1500, source: `a Drive API call as a Sheets one: ${SHEETS_MEASURED}` },
  drivePermission: {
    sourced: 2000,
    pessimistic: 3000,
    source: 'no public measurement found; sharing also sends an email: 2 s, pessimistic 3 s',
  },
  /** Taking or releasing the document lock when it is free (waits are counted as they happen). */
  lock: { sourced: 200, pessimistic: 500, source: 'no public measurement found; 200 ms, pessimistic 500 ms' },
  /** A trigger listed, created or deleted (the script service). */
  triggerChange: {
    sourced: 1000,
    pessimistic: 1500,
    source: 'no public measurement found; 1 s a trigger listed, created or deleted, pessimistic 1.5 s',
  },
  mailSend: { sourced: 1000, pessimistic: 1500, source: 'no public measurement found; an email handed to Gmail, 1 s' },
  mailQuota: { sourced: 300, pessimistic: 600, source: 'no public measurement found; a quota read, 300 ms' },
  fetch: { sourced: 1000, pessimistic: 2000, source: "no public measurement found; a POST to Discord's webhook, 1 s" },
  /** Calls answered inside the script process (handles, builders, response fields). */
  local: { sourced: 5, pessimistic: 5, source: 'assumption: answered in the script process, 5 ms' },
  /**
   * How late a one-shot clock trigger (`.at(date)`) starts after its time. Google documents no
   * precision for `at`; for `after` it says the actual duration "might vary, but won't be less
   * than your specified minimum", and for `nearMinute`, `atHour` and `atDate` a window of ±15
   * minutes (ClockTriggerBuilder). Sourced: a minute; pessimistic: the documented 15 minutes.
   */
  oneShotDelay: {
    sourced: 60_000,
    pessimistic: 15 * 60_000,
    source:
      'ClockTriggerBuilder documents no precision for at(date), "won\'t be less than" for after(), and ±15 minutes for nearMinute/atHour/atDate (developers.google.com/apps-script/reference/script/clock-trigger-builder)',
  },
} as const satisfies Record<string, Latency>;

type LatencyName = keyof typeof LATENCY;

/** Every latency in one reading, in milliseconds. */
export function latencies(model: LatencyModel): Record<LatencyName, number> {
  const picked = Object.fromEntries(Object.entries(LATENCY).map(([name, l]) => [name, l[model]]));
  if (!hasNumberFor(picked, LATENCY)) throw new Error(`internal: a latency has no ${model} reading`);
  return picked;
}
