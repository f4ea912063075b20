// Fault sweeps: one execution of the add-on (a tick that closes a phase, a form submission, the
// host's start) is run from the same saved world again and again, each time with one Apps Script
// call failing once, as Apps Script surfaces it (an exception out of the call: a quota refusal
// before the call takes effect, a time-out after it did). The execution ends there; the next one
// (the next tick) must leave exactly the world a clean run leaves: the same log entries (none
// twice, none lost), the same spreadsheets, forms, properties and sharing.
//
// Which points are run. After a failed call the execution is over, so the world it leaves is
// decided by the writes that completed before it (every call is deterministic, reads change
// nothing, and no trigger path of the add-on catches an exception: the test checks each run ended
// with the injected error). Calls between two writes are therefore equivalent; `classes` runs one
// point per class (a quota refusal of each write, so the writes before it completed, and a
// time-out of the last write, so all did) and counts every call it stands for; `all` runs every
// remote call as a quota refusal and every write as a time-out too.
//
// `sample` (the resolution sweeps' default: sampledSweep, fault-suite.ts) runs fewer of the writes:
// a resolution repeats the same few writes player after player (close each form, rebuild it),
// and the refusal of the ninth player's form title fails the same way as the first's. Each write
// is known by its neighbourhood (the write before it, itself, the write after it); one write of each
// neighbourhood is refused, chosen by a seeded draw (the sweep's label, and FAULTS_SEED when set:
// the same points every run), and the last write times out. So every kind of write, and every
// change from one kind to the next, still fails once. FAULTS=classes runs every write as before.
import { expect } from 'vitest';
import { logOf, type Table } from '../sandbox/players.js';
import { type CallKind, type CallRecord, type FaultPlan, callKind, faultMessage } from '../sandbox/calls.js';
import type { Snapshot } from '../sandbox/services.js';
import { type WorldDigest, differences, digestWorld } from './world.js';
import { KEY } from '../../src/triggers/saved/pointers.js';
import { LOG_TAB } from '../../src/triggers/saved/match-log.js';

export interface FaultScenario {
  readonly label: string;
  /** The table, positioned just before the execution under test. */
  readonly table: Table;
  /** Starts the execution under test (the first execution it starts is the one that fails). */
  readonly act: (table: Table) => void;
  /** What happens next: the next tick, players answering… (the same in the clean run). */
  readonly after: (table: Table) => void;
  /**
   * Whether a failure of `call` ends the execution (default: every call). False for calls the
   * add-on catches and works around (publishing, which falls back to view-by-link).
   */
  readonly expectAbort?: (call: CallRecord) => boolean;
  /** Whether `compare` also takes messages sent at least once: then it is used for a run that sends too. */
  readonly comparesMessages?: boolean;
  /**
   * Whether the match log is read by a kept tab id, whose refusal the add-on rides over (default:
   * yes). False for Start, whose first read of the log has no kept id: there a refusal stops it.
   */
  readonly logTabKept?: boolean;
  /** Checks the world after a faulted run beyond equality (default: equal to the clean run). */
  readonly compare?: (
    clean: WorldDigest,
    faulted: WorldDigest,
    table: Table,
    plan: FaultPlan,
    call: CallRecord,
  ) => void;
}

export interface SweepResult {
  readonly label: string;
  /** Calls of the execution under test, and those that reach Google's servers. */
  readonly calls: number;
  readonly remoteCalls: number;
  readonly writes: number;
  /** Fault points the runs stand for: every remote call refused, every write timed out. */
  readonly points: number;
  /** Faulted executions actually run. */
  readonly runs: number;
  /** The neighbourhoods its writes fall in: `sample` refuses one write of each. */
  readonly neighbourhoods: number;
  readonly ms: number;
  /** What the faulted runs faulted, as `kind mode` (`read quota`, `mail late`, …): see faultsBeyondWrites. */
  readonly faulted: readonly string[];
  /** The kinds of remote call the execution made (clean). */
  readonly called: readonly CallKind[];
}

export type SweepMode = 'sample' | 'classes' | 'all';

function sweepMode(): SweepMode {
  return process.env.FAULTS === 'all' ? 'all' : 'classes';
}

/**
 * The mode of the sweeps that sample by default: FAULTS=all or FAULTS=classes runs more, and so does
 * the deep run (npm run test:deep: every class of fault point, test/helpers/depth.ts).
 */
export function sampledSweepMode(): SweepMode {
  if (process.env.FAULTS === 'all' || process.env.FAULTS === 'classes') return process.env.FAULTS;
  return process.env.GENIUS_TEST_DEPTH === 'deep' ? 'classes' : 'sample';
}

/**
 * What a sweep's faulted runs must outnumber: its writes (each refused, and the last timed out too),
 * or sampled, its neighbourhoods (one write of each refused).
 */
export function refusalsExpected(result: SweepResult, mode: SweepMode): number {
  return mode === 'sample' ? result.neighbourhoods : result.writes;
}

/** A number from a text (FNV-1a), to draw the sampled fault points the same way every run. */
function seededDraw(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/**
 * The writes `sample` refuses: one of each neighbourhood (the remote write before, the write, the
 * remote write after), drawn by `seed`; every other write stands in the same class as one run.
 */
function sampledWrites(calls: readonly CallRecord[], seed: string): Set<number> {
  const writes = calls.flatMap((call, index) => (call.remote && call.writes ? [index] : []));
  const byNeighbourhood = new Map<string, number[]>();
  writes.forEach((index, k) => {
    const key = [writes[k - 1], index, writes[k + 1]].map((i) => (i === undefined ? '-' : calls[i].name)).join(' > ');
    byNeighbourhood.set(key, [...(byNeighbourhood.get(key) ?? []), index]);
  });
  const chosen = new Set<number>();
  for (const [key, members] of byNeighbourhood)
    chosen.add(members[seededDraw(`${seed} ${process.env.FAULTS_SEED ?? ''} ${key}`) % members.length]);
  return chosen;
}

/** How many neighbourhoods the writes of an execution fall in (what `sample` refuses one of each). */
function neighbourhoodsOf(calls: readonly CallRecord[]): number {
  return sampledWrites(calls, '').size;
}

/**
 * The fault points to run for an execution that made `calls`. A call whose failure the add-on
 * catches (`caught`) is not equivalent to its neighbours, so `classes` runs it too.
 */
function plansFor(
  calls: readonly CallRecord[],
  mode: SweepMode,
  caught: (call: CallRecord) => boolean = () => false,
  seed = '',
): FaultPlan[] {
  const plans: FaultPlan[] = [];
  const sampled = mode === 'sample' ? sampledWrites(calls, seed) : null;
  let lastWrite = -1;
  calls.forEach((call, index) => {
    if (!call.remote) return;
    if (mode === 'all') {
      plans.push({ index, mode: 'quota' });
      if (call.writes) plans.push({ index, mode: 'timeout' });
      return;
    }
    if ((call.writes && (sampled?.has(index) ?? true)) || caught(call)) plans.push({ index, mode: 'quota' });
    if (call.writes) lastWrite = index;
  });
  if (mode !== 'all') {
    if (lastWrite >= 0) plans.push({ index: lastWrite, mode: 'timeout' });
    else {
      const first = calls.findIndex((c) => c.remote);
      if (first >= 0) plans.push({ index: first, mode: 'quota' });
    }
  }
  return [...plans, ...faultsBeyondWrites(calls, plans, mode)];
}

/**
 * Faults of every kind of call, not only writes (issue 45): each read refused once (`sample`: one
 * read of each service, Properties, Sheets, Forms…; else each read by its name), the first read
 * timed out and answered late, the last write answered late, and every email and fetch (which the
 * add-on catches: a reminder or a post tried again) refused, timed out and late.
 */
function faultsBeyondWrites(calls: readonly CallRecord[], planned: readonly FaultPlan[], mode: SweepMode): FaultPlan[] {
  const out: FaultPlan[] = [];
  const has = (index: number, mode: FaultPlan['mode']) =>
    [...planned, ...out].some((p) => p.index === index && p.mode === mode);
  const add = (index: number, mode: FaultPlan['mode']) => {
    if (index >= 0 && !has(index, mode)) out.push({ index, mode });
  };
  const names = new Set<string>();
  let firstRead = -1;
  let lastWrite = -1;
  calls.forEach((call, index) => {
    if (!call.remote || call.name === 'Lock.releaseLock') return;
    const kind = callKind(call);
    if (kind === 'write') lastWrite = index;
    const key = mode === 'sample' && kind === 'read' ? call.name.split('.')[0] : call.name;
    if (kind === 'read') {
      if (firstRead < 0) firstRead = index;
      if (!names.has(key)) add(index, 'quota');
    }
    if ((kind === 'mail' || kind === 'fetch') && !names.has(key))
      for (const fault of ['quota', 'timeout', 'late'] as const) add(index, fault);
    names.add(key);
  });
  add(firstRead, 'timeout');
  add(firstRead, 'late');
  add(lastWrite, 'late');
  return out;
}

/**
 * A fault the add-on rides out in the same execution: an email or a post it logs and tries again
 * (the quota's question, MailApp.getRemainingDailyQuota, ends the execution like a read), an
 * answer that came late.
 */
function ridden(call: CallRecord, plan: FaultPlan): boolean {
  return (
    plan.mode === 'late' ||
    call.name === 'MailApp.sendEmail' ||
    call.name === 'UrlFetchApp.fetch' ||
    // The timings an execution keeps at its end (src/triggers/google/measured.ts): a refusal is let go.
    call.key === KEY.latency ||
    // The form a form answer came from (src/addon/main.ts, onFormSubmitted): not known, every form
    // that may hold an answer is read.
    call.name === 'Sheet.getFormUrl'
  );
}

/**
 * The log read by its kept tab id (src/triggers/saved/match-log.ts, keptRows): a read that fails is taken as a
 * tab renamed by hand, and the tab is found again by the spreadsheet's metadata and read once more.
 */
function keptLogRead(call: CallRecord): boolean {
  return call.name === 'Sheets.Spreadsheets.Values.get' && (call.range?.startsWith(`'${LOG_TAB}'!`) ?? false);
}

/** How many fault points (remote calls refused, writes timed out) an execution has. */
function pointsOf(calls: readonly CallRecord[]): number {
  return calls.filter((c) => c.remote).length + calls.filter((c) => c.remote && c.writes).length;
}

/** The log's entries, one line each, to name what was lost or doubled. */
function logLines(table: Table): string[] {
  const match = logOf(table.sandbox);
  return [
    ...match.submissions.map((s) => `submission ${JSON.stringify(s)}`),
    ...match.decisions.map((d) => `decision ${JSON.stringify(d)}`),
    ...(match.events ?? []).map((e) => `event ${JSON.stringify(e)}`),
  ];
}

function runScenario(
  s: FaultScenario,
  snapshot: Snapshot,
  plan: FaultPlan | null,
): { failed: string | null; calls: readonly CallRecord[] } {
  const google = s.table.google;
  google.restore(snapshot);
  const before = google.executions.length;
  if (plan) google.armFault(plan);
  let failed: string | null = null;
  try {
    s.act(s.table);
  } catch (error) {
    failed = (error as Error).message;
  }
  const execution = google.executions[before];
  if (!execution) throw new Error(`${s.label}: act started no execution`);
  if (!plan && failed !== null) throw new Error(`${s.label}: the clean run failed: ${failed}`);
  s.after(s.table);
  return { failed, calls: execution.calls };
}

/** Runs the scenario clean, then once per fault point, and checks each against the clean run. */
export function sweep(s: FaultScenario, mode: SweepMode = sweepMode()): SweepResult {
  const started = performance.now();
  const snapshot = s.table.google.snapshot();
  const clean = runScenario(s, snapshot, null);
  const cleanWorld = digestWorld(s.table.google);
  const cleanLog = logLines(s.table);
  const plans = plansFor(clean.calls, mode, (call) => !(s.expectAbort?.(call) ?? true), s.label);
  const sends = clean.calls.some((c) => c.remote && (callKind(c) === 'mail' || callKind(c) === 'fetch'));
  for (const plan of plans) {
    const call = clean.calls[plan.index];
    const label = `${s.label}: ${call.name} (call ${plan.index}) ${{ quota: 'refused', timeout: 'timed out', late: 'answered late' }[plan.mode]}`;
    const run = runScenario(s, snapshot, plan);
    if (ridden(call, plan) || (s.logTabKept !== false && keptLogRead(call))) {
      // Not the end of the execution: the match must come out the same, what was sent still sent.
      expect(run.failed, `${label}: the execution failed`).toBeNull();
      // The log refused by its kept id is found by the metadata and read again, in this execution.
      if (keptLogRead(call) && plan.mode !== 'late')
        expect(
          run.calls.slice(plan.index + 1).map((c) => `${c.name} ${c.range ?? ''}`),
          `${label}: the log read again`,
        ).toEqual(expect.arrayContaining(['Sheets.Spreadsheets.get ', `${call.name} ${call.range}`]));
      if (s.compare && s.comparesMessages) s.compare(cleanWorld, digestWorld(s.table.google), s.table, plan, call);
      else sameMatch(cleanLog, logLines(s.table), label);
      continue;
    }
    // The execution ended at that call with the injected error: out of the entry point (a
    // trigger), or shown to the host (a menu item); nothing reached Google after it but letting
    // the lock go.
    if (plan.mode !== 'late' && (s.expectAbort?.(call) ?? true)) {
      const message = faultMessage(call.name, plan.mode);
      const shown = s.table.google.ui.alerts.some((a) => a.includes(message));
      expect(run.failed?.includes(message) || shown, `${label}: ended with ${run.failed ?? 'no error'}`).toBe(true);
      expect(
        run.calls
          .slice(plan.index + 1)
          .filter((c) => c.remote && c.name !== 'Lock.releaseLock')
          .map((c) => c.name),
        label,
      ).toEqual([]);
    }
    expect(
      run.calls.slice(0, plan.index + 1).map((c) => c.name),
      label,
    ).toEqual(clean.calls.slice(0, plan.index + 1).map((c) => c.name));
    // A sweep's own comparison first when it compares messages at least once too: it knows what its run may lose.
    const world = digestWorld(s.table.google);
    if (s.compare && s.comparesMessages) {
      s.compare(cleanWorld, world, s.table, plan, call);
      continue;
    }
    // An execution that emails or posts sends before it logs (the log is written once, at the end):
    // stopped after sending, the next one sends again. At least once: compared beside its messages.
    if (sends) {
      sameMatch(cleanLog, logLines(s.table), label);
      continue;
    }
    if (s.compare) {
      s.compare(cleanWorld, world, s.table, plan, call);
      continue;
    }
    const lines = logLines(s.table);
    expect(
      lines.filter((l) => !cleanLog.includes(l)),
      `${label}: logged beyond the clean run`,
    ).toEqual([]);
    expect(
      cleanLog.filter((l) => !lines.includes(l)),
      `${label}: lost`,
    ).toEqual([]);
    expect(lines, `${label}: the log`).toEqual(cleanLog);
    expect(differences(cleanWorld, world), label).toEqual([]);
  }
  s.table.google.restore(snapshot);
  return {
    label: s.label,
    calls: clean.calls.length,
    remoteCalls: clean.calls.filter((c) => c.remote).length,
    writes: clean.calls.filter((c) => c.remote && c.writes).length,
    points: pointsOf(clean.calls),
    runs: plans.length,
    neighbourhoods: neighbourhoodsOf(clean.calls),
    ms: Math.round(performance.now() - started),
    faulted: [...new Set(plans.map((p) => `${callKind(clean.calls[p.index])} ${p.mode}`))].sort(),
    called: [...new Set(clean.calls.filter((c) => c.remote).map(callKind))].sort(),
  };
}

/**
 * After a fault the add-on rode out: every entry of the clean run but the messages is logged, none
 * more; every email and post the clean run sent is sent (perhaps after a failed try, perhaps twice:
 * at least once), and none is skipped that the clean run did not skip.
 */
function sameMatch(cleanLog: readonly string[], lines: readonly string[], label: string): void {
  const isMessage = (l: string) => l.startsWith('event ') && l.includes('"type":"message"');
  expect(
    lines.filter((l) => !isMessage(l)),
    `${label}: the log beside its messages`,
  ).toEqual(cleanLog.filter((l) => !isMessage(l)));
  const messages = (log: readonly string[], status: string) =>
    new Set(
      log
        .filter(isMessage)
        .map(
          (l) =>
            JSON.parse(l.slice('event '.length)) as { channel: string; key: string; player?: string; status: string },
        )
        .filter((m) => m.status === status)
        .map((m) => `${m.channel} ${m.key} ${m.player ?? ''}`),
    );
  const sent = messages(lines, 'sent');
  expect(
    [...messages(cleanLog, 'sent')].filter((m) => !sent.has(m)),
    `${label}: sent in the clean run, not after the fault`,
  ).toEqual([]);
  const skipped = messages(cleanLog, 'skipped');
  expect(
    [...messages(lines, 'skipped')].filter((m) => !skipped.has(m)),
    `${label}: skipped after the fault`,
  ).toEqual([]);
}

/** A sweep in the mode of sampledSweepMode: a seeded sample of the writes by default. */
export function sampledSweep(s: FaultScenario): SweepResult {
  return sweep(s, sampledSweepMode());
}

/** The next execution after a failed one: the next minute's tick, or the host trying the menu item again. */
function retryOf(
  name: string,
  args: readonly unknown[],
  prompt: { button: 'OK' | 'CANCEL'; text: string } | undefined,
): (table: Table) => void {
  return (table) => {
    table.google.clock.advance(60);
    const menu = !['onTick', 'onFormSubmitted'].includes(name);
    if (menu) {
      if (prompt) table.google.promptAnswers.unshift({ ...prompt });
      table.sandbox.call(name, ...args);
      table.google.clock.advance(1);
    }
    table.sandbox.fire('CLOCK');
  };
}

/**
 * Sweeps every execution the table runs from now on (each from the world just before it), then
 * lets it run clean and the match go on. Returns the sweeps' results as they come.
 */
export function sweepEveryExecution(table: Table, label: string, mode: SweepMode = 'classes'): SweepResult[] {
  const results: SweepResult[] = [];
  table.beforeRun = (name, args) => {
    const prompt = table.google.promptAnswers[0];
    const at = table.google.clock.iso().slice(11, 19);
    results.push(
      sweep(
        {
          label: `${label} #${results.length + 1} ${name} at ${at}`,
          table,
          act: (t) => t.sandbox.call(name, ...args),
          after: retryOf(name, args, prompt),
        },
        mode,
      ),
    );
  };
  return results;
}
