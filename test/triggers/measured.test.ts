// Google measured where it runs (src/triggers/google/measured.ts): the ports timed by the clock, the
// rolling summary kept in one property, and the sidebar's projection reading the account's own
// 90th percentiles once a kind has enough calls.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ENOUGH_CALLS,
  KINDS,
  type CallKind,
  type MeasuredSummary,
  measurePorts,
  measuredLatencies,
  measuredLines,
  mergeSamples,
  parseSummary,
  saveSamples,
} from '../../src/triggers/google/measured.js';
import { KEY } from '../../src/triggers/saved/pointers.js';
import { projectTriggerUse } from '../../src/triggers/schedule/trigger-time.js';
import type { HostPorts, Store } from '../../src/triggers/google/ports.js';
import { Table } from '../sandbox/players.js';
import { gameSeating } from '../helpers/some-game.js';

/** A summary of `count` calls of one kind, each taking `ms`. */
const saved = (kind: CallKind, count: number, ms: number): MeasuredSummary =>
  mergeSamples({}, { [kind]: Array.from({ length: count }, () => ms) });

/** A store in memory that counts its writes. */
function memoryStore(): Store & { writes: number; data: Map<string, string> } {
  const data = new Map<string, string>();
  const store = {
    data,
    writes: 0,
    get: (k: string) => data.get(k) ?? null,
    peek: (k: string) => data.get(k) ?? null,
    peekKeys: () => [...data.keys()],
    keys: () => [...data.keys()],
    set: (k: string, v: string) => {
      store.writes += 1;
      data.set(k, v);
    },
    remove: (k: string) => void data.delete(k),
  };
  return store;
}

describe('the rolling summary', () => {
  it('counts every call, keeps the latest 30, and its figures are in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.nat({ max: 60_000 }), { minLength: 1, maxLength: 25 }), { maxLength: 8 }),
        (runs) => {
          let summary: MeasuredSummary = {};
          for (const run of runs) summary = mergeSamples(summary, { formRead: run });
          const s = summary.formRead;
          const all = runs.flat();
          if (all.length === 0) {
            expect(s).toBeUndefined();
            return;
          }
          expect(s!.count).toBe(all.length);
          expect(s!.recent).toEqual(all.slice(-30));
          expect(s!.median).toBeLessThanOrEqual(s!.p90);
          expect(s!.p90).toBeLessThanOrEqual(s!.most);
          expect(s!.most).toBe(Math.max(...all.slice(-30)));
          // What a property holds reads back the same.
          expect(parseSummary(JSON.stringify(summary))).toEqual(summary);
        },
      ),
    );
  });

  it('a damaged or hand-edited property reads as nothing measured, kind by kind', () => {
    expect(parseSummary('{not json')).toEqual({});
    expect(parseSummary('[1,2]')).toEqual({});
    expect(
      parseSummary(JSON.stringify({ formRead: { count: 'many', recent: [1] }, nonsense: { count: 3, recent: [1] } })),
    ).toEqual({});
    const s = parseSummary(JSON.stringify({ formRead: { count: 40, recent: [100, -5, 'x', 300], median: 1e9 } }));
    expect(s.formRead).toMatchObject({ count: 40, recent: [100, 300], most: 300 });
  });

  it('says each kind in a host’s words beside what genius-host plans for', () => {
    expect(measuredLines(saved('formRead', 24, 400))).toEqual([
      'Reading a form: 0.4 s usually, 0.4 s 9 times in 10, 0.4 s at worst here (24 times); genius-host plans for 3.0 s (public figures: 1.6 s).',
    ]);
    expect(measuredLines({})).toEqual([]);
  });
});

describe('the ports timed', () => {
  /** Ports whose every call takes the clock forward by what `took` says of it. */
  function slowPorts(took: Record<string, number>) {
    let now = 0;
    const tick = (name: string) => void (now += took[name] ?? 0);
    const store = memoryStore();
    const sheet = {
      id: 's',
      url: 'u',
      getMetadata: () => (tick('getMetadata'), { sheets: [] }),
      batchUpdate: () => tick('batchUpdate'),
      readValues: () => (tick('readValues'), []),
    };
    const ports = {
      clock: { now: () => new Date(now).toISOString(), sleep: (ms: number) => void (now += ms) },
      lock: { tryAcquire: () => (tick('tryAcquire'), true), release: () => tick('release') },
      store: {
        ...store,
        peek: (k: string) => (tick('peek'), store.peek(k)),
      },
      files: { host: () => (tick('host'), sheet), open: () => sheet },
      forms: { responses: () => (tick('responses'), []) },
      scheduler: { wakeAt: () => tick('wakeAt') },
      flush: () => tick('flush'),
      newId: () => 'id',
    } as unknown as HostPorts;
    return { ports, store, now: () => now };
  }

  it('files each call under its kind, by the clock of the place it runs; waits are not Google’s time', () => {
    const { ports, now } = slowPorts({ responses: 700, getMetadata: 1200, tryAcquire: 5000, peek: 40 });
    const { ports: timed, samples } = measurePorts(ports, now);
    timed.lock.tryAcquire(10_000);
    timed.forms.responses('f');
    timed.forms.responses('g', '2026-01-01T00:00:00Z');
    timed.files.host().getMetadata();
    timed.files.open('x').readValues('A1');
    timed.store.peek('k');
    timed.clock.sleep(3000);
    expect(samples).toEqual({ formRead: [700, 700], spreadsheetApp: [0], sheetsCall: [1200, 0], propertyRead: [40] });
  });

  it('saves once an execution, and not at all for one that reached only the properties (a quiet tick)', () => {
    const store = memoryStore();
    expect(saveSamples(store, KEY.latency, { propertyRead: [30] })).toBe(false);
    expect(saveSamples(store, KEY.latency, {})).toBe(false);
    expect(store.writes).toBe(0);
    expect(saveSamples(store, KEY.latency, { propertyRead: [30, 40], formRead: [500], sheetsCall: [900, 1100] })).toBe(
      true,
    );
    expect(store.writes).toBe(1);
    expect(parseSummary(store.data.get(KEY.latency))).toMatchObject({
      formRead: { count: 1, most: 500 },
      sheetsCall: { count: 2, most: 1100 },
      propertyRead: { count: 2 },
    });
  });
});

describe('the projection on the account’s own figures', () => {
  const input = { players: 12, minutes: { default: 1440 } };
  const model = projectTriggerUse(input).minutesPerDay;

  it('keeps the model’s figure until a kind has enough calls, then uses its 90th percentile', () => {
    // Forms a tenth as slow as the model plans: once 20 reads are timed, the projection falls.
    const few = measuredLatencies(saved('formRead', ENOUGH_CALLS - 1, 300));
    expect(few).toEqual({});
    expect(projectTriggerUse({ ...input, measured: few }).minutesPerDay).toBe(model);
    const enough = measuredLatencies(saved('formRead', ENOUGH_CALLS, 300));
    expect(enough).toEqual({ formOpen: 150, formResponses: 150 });
    expect(projectTriggerUse({ ...input, measured: enough }).minutesPerDay).toBeLessThan(model);
    // An account slower than the model plans for: the projection grows.
    const slow = measuredLatencies(saved('sheetsCall', 40, 4000));
    expect(projectTriggerUse({ ...input, measured: slow }).minutesPerDay).toBeGreaterThan(model);
  });

  it('the sidebar’s projection reads the summary the executions saved (in the bundle)', () => {
    // Some game for three (the projection's reading of the summary is no game's).
    const game = gameSeating(3).id;
    const table = new Table(game, ['a@example.com', 'b@example.com', 'c@example.com']);
    const setup = {
      game,
      players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
      minutes: { default: 1440 },
    };
    type Answer = { minutesPerDay: number; measuredKinds: number };
    const before = table.run('projectTriggerTime', setup) as Answer;
    expect(before.measuredKinds).toBe(0);
    // Every kind of call three times slower than the model plans for, timed often enough.
    const slow: MeasuredSummary = Object.assign(
      {},
      ...(Object.keys(KINDS) as CallKind[]).map((kind) => saved(kind, 25, 3 * 1500)),
    );
    table.google.properties.set(KEY.latency, JSON.stringify(slow));
    const after = table.run('projectTriggerTime', setup) as Answer;
    expect(after.measuredKinds).toBeGreaterThan(0);
    expect(after.minutesPerDay).toBeGreaterThan(before.minutesPerDay);
  }, 120_000);
});
