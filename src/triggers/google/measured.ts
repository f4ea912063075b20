// Google measured where it runs: every call through the ports (ports.ts) timed by the clock of
// the place it runs, grouped by kind as the cost model names them (latency.ts), and kept as a
// small rolling summary per kind in one property, written once at the end of an execution. The
// Rehearsal report and About show it beside the model's figures; the sidebar's projection
// (schedule/trigger-time.ts) reads the account's own 90th percentiles once a kind has enough calls.
//
// Timing the ports adds no call to Google: it reads the clock (Date.now()) around each call.

import type { HostPorts, Spreadsheet, Store } from './ports.js';
import { LATENCY } from './latency.js';
import { isRecord } from '../../engine/core/guards.js';

type LatencyName = keyof typeof LATENCY;

/**
 * Each kind of port call: what a host reads, and what it is in the cost model (the latencies it is
 * made of, each counted so many times): a form read is its open and its responses, arming a wake
 * lists, deletes and creates a trigger.
 */
export const KINDS = {
  propertyRead: { words: 'Reading a setting of the script', model: { propertyRead: 1 } },
  propertyWrite: { words: 'Writing a setting of the script', model: { propertyWrite: 1 } },
  lock: { words: 'Releasing the lock', model: { lock: 1 } },
  spreadsheetApp: { words: 'Reaching this spreadsheet', model: { spreadsheetApp: 1 } },
  sheetsCall: { words: 'Reading or writing a spreadsheet', model: { sheetsCall: 1 } },
  flush: { words: 'Making writes visible', model: { flush: 1 } },
  createFile: { words: 'Making a new file', model: { createFile: 1 } },
  drivePermission: { words: 'Sharing or publishing a file', model: { drivePermission: 1 } },
  driveCall: { words: 'Listing who a file is shared with', model: { driveCall: 1 } },
  formRead: { words: 'Reading a form', model: { formOpen: 1, formResponses: 1 } },
  formChange: { words: 'Opening or closing a form', model: { formChange: 1 } },
  formShow: { words: 'Showing a form the next questions', model: { formChange: 7 } },
  triggerArm: { words: 'Setting the next wake-up', model: { triggerChange: 3 } },
  mailQuota: { words: 'Asking how many emails are left today', model: { mailQuota: 1 } },
  mailSend: { words: 'Sending an email', model: { mailSend: 1 } },
  fetch: { words: 'Posting to Discord', model: { fetch: 1 } },
} as const satisfies Record<string, { words: string; model: Partial<Record<LatencyName, number>> }>;

export type CallKind = keyof typeof KINDS;

const isKind = (name: string): name is CallKind => name in KINDS;
const isLatency = (name: string): name is LatencyName => name in LATENCY;
/** Every kind, in KINDS' order (the order a host reads them in). */
export const CALL_KINDS: readonly CallKind[] = Object.keys(KINDS).filter(isKind);
const KIND_NAMES = CALL_KINDS;

/** The latencies a kind is made of in the model, each with how many times. */
function modelParts(kind: CallKind): [LatencyName, number][] {
  const model: Readonly<Record<string, number>> = KINDS[kind].model;
  return Object.entries(model).flatMap(([name, times]): [LatencyName, number][] =>
    isLatency(name) ? [[name, times]] : [],
  );
}

/** How many of the latest calls of each kind the summary keeps (a property holds 9 KB). */
const KEEP = 30;
/** Calls of a kind the projection needs before it trusts the account's own figures over the model's. */
export const ENOUGH_CALLS = 20;

/** One kind's rolling summary: every call counted, the latest KEEP kept (ms), and their figures. */
export interface KindSummary {
  readonly count: number;
  readonly median: number;
  readonly p90: number;
  readonly most: number;
  readonly recent: readonly number[];
}
export type MeasuredSummary = Partial<Record<CallKind, KindSummary>>;

/** The calls of one execution so far, by kind (ms each). */
export type Samples = Partial<Record<CallKind, number[]>>;

/** A percentile of a list of figures (nearest rank). */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

/** The summary with one execution's calls added (nothing added: the same object). */
export function mergeSamples(summary: MeasuredSummary, samples: Samples): MeasuredSummary {
  const next: MeasuredSummary = { ...summary };
  for (const kind of KIND_NAMES) {
    const added = samples[kind];
    if (!added || added.length === 0) continue;
    const recent = [...(summary[kind]?.recent ?? []), ...added.map((ms) => Math.max(0, Math.round(ms)))].slice(-KEEP);
    next[kind] = {
      count: (summary[kind]?.count ?? 0) + added.length,
      median: percentile(recent, 0.5),
      p90: percentile(recent, 0.9),
      most: Math.max(...recent),
      recent,
    };
  }
  return next;
}

/** The summary a property holds; anything damaged or hand-edited reads as nothing measured (it is only a measurement). */
export function parseSummary(text: string | null | undefined): MeasuredSummary {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(raw)) return {};
  const out: MeasuredSummary = {};
  for (const kind of KIND_NAMES) {
    const entry = raw[kind];
    if (!isRecord(entry)) continue;
    const { count, recent } = entry;
    if (typeof count !== 'number' || !Array.isArray(recent)) continue;
    const values = recent.filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0);
    const read = mergeSamples({}, { [kind]: values })[kind];
    if (!read || !Number.isFinite(count)) continue;
    out[kind] = { ...read, count: Math.max(values.length, Math.floor(count)) };
  }
  return out;
}

/**
 * The latencies the account's own calls give, for the kinds with at least ENOUGH_CALLS: each kind's
 * 90th percentile shared among the latencies it is made of, in the proportions of the pessimistic
 * model (a form read's 1.2 s: its open and its responses half each). Where two kinds give the same
 * latency, the larger.
 */
export function measuredLatencies(summary: MeasuredSummary): Partial<Record<LatencyName, number>> {
  const out: Partial<Record<LatencyName, number>> = {};
  for (const kind of KIND_NAMES) {
    const s = summary[kind];
    if (!s || s.count < ENOUGH_CALLS) continue;
    const parts = modelParts(kind);
    const planned = parts.reduce((sum, [name, times]) => sum + times * LATENCY[name].pessimistic, 0);
    // Each latency's share of the kind's figure, as the model shares it out.
    for (const [name] of parts) out[name] = Math.max(out[name] ?? 0, (s.p90 * LATENCY[name].pessimistic) / planned);
  }
  return out;
}

/** What the model says a kind takes, as sourced and at the worst (ms). */
export function modelled(kind: CallKind): { sourced: number; pessimistic: number } {
  const parts = modelParts(kind);
  const sum = (reading: 'sourced' | 'pessimistic') =>
    parts.reduce((total, [name, times]) => total + times * LATENCY[name][reading], 0);
  return { sourced: sum('sourced'), pessimistic: sum('pessimistic') };
}

/** Seconds as a host reads them: two decimals under a tenth, one under ten seconds, whole above. */
const seconds = (ms: number) =>
  `${ms < 100 ? (ms / 1000).toFixed(2) : ms < 10_000 ? (ms / 1000).toFixed(1) : Math.round(ms / 1000)} s`;

/** The summary in a host's words, a line a kind measured: "Reading a form: 0.4 s usually, 1.2 s at worst here (…)". */
export function measuredLines(summary: MeasuredSummary): string[] {
  return KIND_NAMES.flatMap((kind) => {
    const s = summary[kind];
    if (!s) return [];
    const m = modelled(kind);
    return [
      `${KINDS[kind].words}: ${seconds(s.median)} usually, ${seconds(s.p90)} 9 times in 10, ${seconds(s.most)} at worst here (${s.count} ${s.count === 1 ? 'time' : 'times'}); genius-host plans for ${seconds(m.pessimistic)} (public figures: ${seconds(m.sourced)}).`,
    ];
  });
}

/** The summary for the maintainers' bench (npm run bench -- --latencies FILE): each kind's figures, without the latest calls. */
export function benchFigures(summary: MeasuredSummary): Record<string, Omit<KindSummary, 'recent'>> {
  return Object.fromEntries(
    Object.entries(summary).map(([kind, s]) => [kind, { count: s.count, median: s.median, p90: s.p90, most: s.most }]),
  );
}

/**
 * The figures benchFigures gives (a report's or About's), read back as a summary the projection
 * and the cost model take; a field that is not as benchFigures writes it is named, with the rule.
 */
export function summaryFromFigures(raw: unknown): MeasuredSummary {
  if (!isRecord(raw) || Array.isArray(raw))
    throw new Error('the figures must be an object of kinds of call (as the Rehearsal report or About gives them)');
  const out: MeasuredSummary = {};
  for (const [kind, entry] of Object.entries(raw)) {
    if (!isKind(kind)) throw new Error(`${kind}: not a kind of call (one of ${KIND_NAMES.join(', ')})`);
    const figures = isRecord(entry) ? entry : {};
    const field = (name: string): number => {
      const value = figures[name];
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
        throw new Error(`${kind}.${name}: must be a number of milliseconds (a count for count), 0 or more`);
      return value;
    };
    out[kind] = { count: field('count'), median: field('median'), p90: field('p90'), most: field('most'), recent: [] };
  }
  return out;
}

/** Ports that time every call, and the calls timed so far. */
export interface MeasuredPorts {
  readonly ports: HostPorts;
  readonly samples: Samples;
}

/** A call timed under its kind, as measurePorts wraps each. */
type Timer = <A extends unknown[], R>(kind: CallKind, call: (...args: A) => R) => (...args: A) => R;

/** The Forms port with its calls timed under their kinds (for measurePorts). */
function timedForms(forms: HostPorts['forms'], timed: Timer): HostPorts['forms'] {
  return {
    create: timed('createFile', (title) => forms.create(title)),
    setUp: timed('formShow', (...a: Parameters<typeof forms.setUp>) => forms.setUp(...a)),
    show: timed('formShow', (...a: Parameters<typeof forms.show>) => forms.show(...a)),
    startAccepting: timed('formChange', (...a: Parameters<typeof forms.startAccepting>) => forms.startAccepting(...a)),
    stopAccepting: timed('formChange', (...a: Parameters<typeof forms.stopAccepting>) => forms.stopAccepting(...a)),
    addResponder: timed('formChange', (id, email) => forms.addResponder(id, email)),
    responses: timed('formRead', (...a: Parameters<typeof forms.responses>) => forms.responses(...a)),
    ...(forms.prepare ? { prepare: forms.prepare.bind(forms) } : {}),
  };
}

/**
 * The ports with every call that reaches Google timed by `now` (milliseconds) and filed under its
 * kind. A call that throws is timed too (its round trip was made). Waits are not Google's time
 * and are not timed: the clock's sleep, and taking the lock (which may wait for another execution).
 */
export function measurePorts(ports: HostPorts, now: () => number): MeasuredPorts {
  const samples: Samples = {};
  const timed =
    <A extends unknown[], R>(kind: CallKind, call: (...args: A) => R) =>
    (...args: A): R => {
      const start = now();
      try {
        return call(...args);
      } finally {
        (samples[kind] ??= []).push(now() - start);
      }
    };
  const sheet = (s: Spreadsheet): Spreadsheet => ({
    id: s.id,
    url: s.url,
    ...(s.firstSheetId !== undefined ? { firstSheetId: s.firstSheetId } : {}),
    getMetadata: timed('sheetsCall', () => s.getMetadata()),
    batchUpdate: timed('sheetsCall', (requests) => s.batchUpdate(requests)),
    readValues: timed('sheetsCall', (range) => s.readValues(range)),
    ...(s.batchUpdateDescribed ? { batchUpdateDescribed: timed('sheetsCall', s.batchUpdateDescribed.bind(s)) } : {}),
  });
  const { store, files, forms, scheduler, mail, http, secrets } = ports;
  const measured: HostPorts = {
    ...ports,
    lock: { tryAcquire: (ms) => ports.lock.tryAcquire(ms), release: timed('lock', () => ports.lock.release()) },
    store: {
      get: (key) => store.get(key), // answered from the execution's copy (services.ts): no call
      peek: timed('propertyRead', (key) => store.peek(key)),
      peekKeys: timed('propertyRead', () => store.peekKeys()),
      set: timed('propertyWrite', (key, value) => store.set(key, value)),
      remove: timed('propertyWrite', (key) => store.remove(key)),
      keys: () => store.keys(),
    },
    files: {
      host: timed('spreadsheetApp', () => sheet(files.host())),
      create: timed('createFile', (title) => sheet(files.create(title))),
      open: (id) => sheet(files.open(id)),
      share: timed('drivePermission', (...a: Parameters<typeof files.share>) => files.share(...a)),
      sharedWith: timed('driveCall', (id) => files.sharedWith(id)),
      unshare: timed('drivePermission', (id, email) => files.unshare(id, email)),
      publish: timed('drivePermission', (id) => files.publish(id)),
    },
    forms: timedForms(forms, timed),
    scheduler: {
      install: (...a: Parameters<typeof scheduler.install>) => scheduler.install(...a),
      remove: () => scheduler.remove(),
      stopClock: () => scheduler.stopClock(),
      wakeAt: timed('triggerArm', (at) => scheduler.wakeAt(at)),
      everyMinute: timed('triggerArm', (on) => scheduler.everyMinute(on)),
    },
    flush: timed('flush', () => ports.flush()),
    ...(mail
      ? {
          mail: {
            remainingDailyQuota: timed('mailQuota', () => mail.remainingDailyQuota()),
            send: timed('mailSend', (message) => mail.send(message)),
          },
        }
      : {}),
    ...(http ? { http: { postJson: timed('fetch', (url, body) => http.postJson(url, body)) } } : {}),
    ...(secrets
      ? {
          secrets: {
            get: timed('propertyRead', (key) => secrets.get(key)),
            set: timed('propertyWrite', (key, value) => secrets.set(key, value)),
            remove: timed('propertyWrite', (key) => secrets.remove(key)),
          },
        }
      : {}),
  };
  return { ports: measured, samples };
}

/**
 * Adds an execution's calls to the summary in `store` under `key` (KEY.latency of saved/pointers.ts,
 * which names every saved key and sits above this folder, so the caller passes it): one write, and none when the execution
 * reached nothing but the properties (a quiet tick stays one Properties read). The summary is
 * read from the execution's copy of the properties (no call). Two executions saving at once may
 * lose one's calls: a measurement, not the match.
 */
export function saveSamples(store: Store, key: string, samples: Samples): boolean {
  const kinds = KIND_NAMES.filter((k) => (samples[k]?.length ?? 0) > 0);
  if (kinds.every((k) => k === 'propertyRead' || k === 'propertyWrite')) return false;
  const before = store.get(key);
  const next = JSON.stringify(mergeSamples(parseSummary(before), samples));
  if (next === before) return false;
  store.set(key, next);
  return true;
}
