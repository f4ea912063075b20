// The match's store in its spreadsheet (src/triggers/saved/sheet-store.ts) and the lease between machines
// (src/node/lease-swap.ts), on the sandbox's spreadsheet (the embedded workbook, as the loopback server
// serves it), in this process: every interleaving of two runners is under the test's control here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leaseMemoryFile } from '../../src/node/host-ports.js';
import { LeaseLock, LeaseLost, type LeaseTarget } from '../../src/node/lease-swap.js';
import type { Request } from '../../src/sheets/api.js';
import { FREE, LEASE_ID, LEASE_KEY, leaseIn } from '../../src/triggers/saved/store-lease.js';
import type { Clock, Spreadsheet } from '../../src/triggers/google/ports.js';
import { STORE_TAB, SheetStore } from '../../src/triggers/saved/sheet-store.js';
import { SheetFile } from '../sandbox/sheets.js';

/** The Spreadsheet port and the lease's target on one sandbox spreadsheet; `before` runs before each call. */
function portOf(
  file: SheetFile,
  before: (call: string, requests?: readonly Request[]) => void = () => {},
): Spreadsheet & LeaseTarget {
  return {
    id: file.id,
    url: file.url,
    getMetadata: () => {
      before('get');
      return file.workbook.getMetadata();
    },
    batchUpdate: (requests: readonly Request[]) => {
      before('batchUpdate', requests);
      file.batchUpdate(requests);
    },
    batchUpdateReplies: (requests: readonly Request[]) => {
      before('batchUpdate', requests);
      return file.batchUpdate(requests).replies;
    },
    readValues: (range: string) => {
      before('values');
      return (file.values(range, 'FORMULA').values ?? []).map((row) => row.map(String));
    },
  };
}

function fakeClock(start = '2026-11-24T10:00:00.000Z'): Clock & { advance(ms: number): void } {
  let now = Date.parse(start);
  return {
    now: () => new Date(now).toISOString(),
    sleep: (ms) => void (now += ms),
    advance: (ms) => void (now += ms),
  };
}

const leaseValue = (file: SheetFile) => leaseIn(file.workbook.getMetadata()).value;

describe('the store tab', () => {
  it('keeps every key as text, and another reader sees them after one batchUpdate', () => {
    const file = new SheetFile('1Store', 'Host', 'host@example.com');
    const store = new SheetStore(portOf(file));
    expect(store.keys()).toEqual([]);
    store.set('gh.shared', '{"id":"abc"}');
    store.set('gh.formula', '=1+1');
    store.set('gh.number', '0123');
    store.set('gh.gone', 'x');
    store.remove('gh.gone');
    expect(file.writes).toHaveLength(0);
    store.flush();
    expect(file.writes).toHaveLength(1);
    expect(file.hidden.has(file.sheet(STORE_TAB).sheetId)).toBe(true);
    expect(file.sheet(STORE_TAB).protectedRanges).toHaveLength(1);
    const other = new SheetStore(portOf(file));
    expect(Object.fromEntries(other.keys().map((k) => [k, other.get(k)]))).toEqual({
      'gh.shared': '{"id":"abc"}',
      'gh.formula': '=1+1',
      'gh.number': '0123',
    });
  });

  it('appends a new key, reuses a removed key’s own row when it comes back, grows the tab when full, and reads afresh with peek', () => {
    const file = new SheetFile('1Store2', 'Host', 'host@example.com');
    const store = new SheetStore(portOf(file));
    for (let i = 0; i < 250; i++) store.set(`k${i}`, `v${i}`);
    store.flush();
    expect(file.sheet(STORE_TAB).rowCount).toBeGreaterThanOrEqual(250);
    // Read again, the store knows each key's row: a remove marks it in place.
    store.refresh();
    store.remove('k3');
    store.set('new', 'here');
    store.flush();
    const reader = new SheetStore(portOf(file));
    expect(reader.keys()).toHaveLength(250);
    expect(reader.get('new')).toBe('here');
    expect(reader.get('k3')).toBeNull();
    // The removed key's row is its own: back, it takes it again, and the tab does not grow.
    reader.set('k3', 'back');
    reader.flush();
    expect(file.values(`'${STORE_TAB}'!A1:B`, 'FORMULA').values).toHaveLength(251);
    expect(new SheetStore(portOf(file)).get('k3')).toBe('back');
    store.set('k4', 'changed');
    store.flush();
    expect(reader.get('k4')).toBe('v4');
    expect(reader.peek('k4')).toBe('changed');
  });

  it('two writers adding different keys at once keep both, at every interleaving of their reads and writes', () => {
    // On the original store both took the first free row after what they had read: the second write replaced the first.
    const seeded = () => {
      const file = new SheetFile('1StoreTwo', 'Host', 'host@example.com');
      const seed = new SheetStore(portOf(file));
      seed.set('gh.shared', 'one');
      seed.set('gh.gone', 'x');
      seed.flush();
      // A removed key's row: the original store gave it to the next new key of each writer.
      seed.remove('gh.gone');
      seed.flush();
      return file;
    };
    const steps = ['read', 'set', 'flush'] as const;
    // Every order of A's three steps and B's three steps, each writer's in its own order.
    const orders: ('a' | 'b')[][] = [];
    const build = (a: number, b: number, order: ('a' | 'b')[]) => {
      if (a === 3 && b === 3) orders.push(order);
      if (a < 3) build(a + 1, b, [...order, 'a']);
      if (b < 3) build(a, b + 1, [...order, 'b']);
    };
    build(0, 0, []);
    expect(orders).toHaveLength(20);
    for (const order of orders) {
      const file = seeded();
      const writers = { a: new SheetStore(portOf(file)), b: new SheetStore(portOf(file)) };
      const done = { a: 0, b: 0 };
      for (const who of order) {
        const store = writers[who];
        const step = steps[done[who]++];
        if (step === 'read') store.refresh();
        else if (step === 'set') store.set(`gh.added.${who}`, `by ${who}`);
        else store.flush();
      }
      const reader = new SheetStore(portOf(file));
      expect(Object.fromEntries(reader.keys().map((k) => [k, reader.get(k)])), `order ${order.join('')}`).toEqual({
        'gh.shared': 'one',
        'gh.added.a': 'by a',
        'gh.added.b': 'by b',
      });
    }
  });

  it('the same key appended by two writers reads as the later one, and a remove then removes it whole', () => {
    const file = new SheetFile('1StoreSame', 'Host', 'host@example.com');
    const a = new SheetStore(portOf(file));
    const b = new SheetStore(portOf(file));
    expect([a.keys(), b.keys()]).toEqual([[], []]);
    a.set('gh.quiet', 'first');
    b.set('gh.quiet', 'second');
    a.flush();
    b.flush();
    const reader = new SheetStore(portOf(file));
    expect(reader.get('gh.quiet')).toBe('second');
    reader.remove('gh.quiet');
    reader.flush();
    expect(new SheetStore(portOf(file)).keys()).toEqual([]);
  });

  it('keeps its writes when a flush fails, and writes them with the next', () => {
    const file = new SheetFile('1Store3', 'Host', 'host@example.com');
    let fail = true;
    const store = new SheetStore(
      portOf(file, (call) => {
        if (call === 'batchUpdate' && fail) throw new Error('HTTP 500: Internal error encountered.');
      }),
    );
    store.set('a', '1');
    expect(() => store.flush()).toThrow(/500/);
    fail = false;
    store.set('b', '2');
    store.flush();
    const reader = new SheetStore(portOf(file));
    expect([reader.get('a'), reader.get('b')]).toEqual(['1', '2']);
  });

  it('takes a first write that made the tab and timed out, whose retry Sheets refused, as written', () => {
    const file = new SheetFile('1Store4', 'Host', 'host@example.com');
    // The client's first try is applied but its answer lost; the retry is refused (the tab exists).
    let lost = true;
    const port = portOf(file);
    const store = new SheetStore({
      ...port,
      batchUpdate: (requests: readonly Request[]) => {
        port.batchUpdate(requests);
        if (lost) {
          lost = false;
          throw new Error(`HTTP 400 INVALID_ARGUMENT: requests[0].addSheet: a sheet with id 1 already exists`);
        }
      },
    });
    store.set('a', '1');
    store.flush();
    store.set('b', '2');
    store.flush();
    const reader = new SheetStore(portOf(file));
    expect([reader.get('a'), reader.get('b')]).toEqual(['1', '2']);
    expect(file.workbook.getMetadata().sheets?.filter((s) => s.properties?.title === STORE_TAB)).toHaveLength(1);
  });

  it('fast-check: any sequence of sets, removes and flushes reads back as a map does', () => {
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('set' as const),
        key: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
        value: fc.string({ minLength: 1, maxLength: 8 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
      fc.record({ kind: fc.constant('flush' as const) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const file = new SheetFile('1Prop', 'Host', 'host@example.com');
        const store = new SheetStore(portOf(file));
        const model = new Map<string, string>();
        for (const o of ops) {
          if (o.kind === 'set') {
            store.set(o.key, o.value);
            model.set(o.key, o.value);
          } else if (o.kind === 'remove') {
            store.remove(o.key);
            model.delete(o.key);
          } else store.flush();
        }
        store.flush();
        const reader = new SheetStore(portOf(file));
        // Values are read back trimmed of nothing: what was set (a cell holds the text as given).
        expect(new Map(reader.keys().map((k) => [k, reader.get(k)]))).toEqual(model);
      }),
      { numRuns: 60 },
    );
  });
});

describe('the lease', () => {
  it('one runner at a time: the second is refused until the first gives it back', () => {
    const file = new SheetFile('1Lease', 'Host', 'host@example.com');
    const clock = fakeClock();
    const a = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'runner-a');
    const b = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'runner-b');
    expect(a.tryAcquire(0)).toBe(true);
    // No time in it: only who holds it and how many values they have written.
    expect(JSON.parse(leaseValue(file) ?? '')).toEqual({ holder: 'runner-a', renewal: 1 });
    expect(b.tryAcquire(0)).toBe(false);
    // Waiting: b looks again every 2 s of its clock, and gets it once a gives it back.
    expect(b.tryAcquire(5_000)).toBe(false);
    a.release();
    expect(leaseValue(file)).toBe(FREE);
    expect(b.tryAcquire(0)).toBe(true);
    expect(a.tryAcquire(0)).toBe(false);
  });

  it('the first lease of a spreadsheet whose store has writes waiting: the writes make the tab first', () => {
    const file = new SheetFile('1Lease0', 'Host', 'host@example.com');
    const clock = fakeClock();
    let flushing = false;
    const store: SheetStore = new SheetStore(
      portOf(file, (call) => {
        // As the machine's ports do: the store's writes go before any other write.
        if (call === 'batchUpdate' && !flushing && store.dirty) {
          flushing = true;
          try {
            store.flush();
          } finally {
            flushing = false;
          }
        }
      }),
    );
    store.set('gh.runner', 'machine');
    const lock = new LeaseLock(portOf(file), store, clock, 'first');
    expect(lock.tryAcquire(0)).toBe(true);
    expect(new SheetStore(portOf(file)).get('gh.runner')).toBe('machine');
  });

  it("a crashed runner's lease is taken over once its value has stood unchanged for 10 minutes of the taker's clock", () => {
    const file = new SheetFile('1Lease2', 'Host', 'host@example.com');
    const clock = fakeClock();
    const crashed = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'crashed');
    expect(crashed.tryAcquire(0)).toBe(true);
    const next = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'next');
    // The first look starts the watch; the time on the lease's holder's side plays no part.
    expect(next.tryAcquire(0)).toBe(false);
    clock.advance(10 * 60_000 - 1);
    expect(next.tryAcquire(0)).toBe(false);
    clock.advance(1);
    expect(next.tryAcquire(0)).toBe(true);
    expect(JSON.parse(leaseValue(file) ?? '').holder).toBe('next');
    // The crashed runner, back, cannot give away a lease it no longer holds.
    crashed.release();
    expect(JSON.parse(leaseValue(file) ?? '').holder).toBe('next');
  });

  it('runs of --once a minute (a new process each) carry what they saw in a file, and take a crashed lease over after 10 minutes', () => {
    const id = `1LeaseOnce-${process.pid}-${Date.now()}`;
    const env = { ...process.env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'gh-state-')) };
    const file = new SheetFile(id, 'Host', 'host@example.com');
    const clock = fakeClock();
    expect(new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'crashed').tryAcquire(0)).toBe(true);
    try {
      for (let minute = 0; minute < 10; minute++) {
        const run = new LeaseLock(
          portOf(file),
          new SheetStore(portOf(file)),
          clock,
          `run-${minute}`,
          leaseMemoryFile(id, env),
        );
        expect(run.tryAcquire(0), `minute ${minute}`).toBe(false);
        clock.advance(60_000);
      }
      expect(
        new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'run-10', leaseMemoryFile(id, env)).tryAcquire(
          0,
        ),
      ).toBe(true);
    } finally {
      // Kept in the user's own state folder, private to them.
      const dir = join(env.XDG_STATE_HOME, 'genius-host', 'leases');
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, `${id}.json`)).mode & 0o777).toBe(0o600);
      rmSync(env.XDG_STATE_HOME, { recursive: true, force: true });
    }
  });

  it('a file planted in the shared temporary folder does not let a --once run take a live lease (issue 45)', () => {
    const id = `1LeasePlant-${process.pid}-${Date.now()}`;
    const env = { ...process.env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'gh-state-')) };
    const file = new SheetFile(id, 'Host', 'host@example.com');
    const clock = fakeClock();
    expect(new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'live').tryAcquire(0)).toBe(true);
    const value = leaseValue(file);
    // Someone else on the machine writes "seen since an hour ago" where the lease's memory used to be.
    const planted = join(tmpdir(), `genius-host-lease-${id}.json`);
    writeFileSync(
      planted,
      JSON.stringify({ value, since: new Date(Date.parse(clock.now()) - 3_600_000).toISOString() }),
    );
    try {
      const run = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'once', leaseMemoryFile(id, env));
      expect(run.tryAcquire(0)).toBe(false);
    } finally {
      rmSync(planted, { force: true });
      rmSync(env.XDG_STATE_HOME, { recursive: true, force: true });
    }
  });

  it('a runner whose clock is 12 minutes fast never takes a live lease', () => {
    const file = new SheetFile('1LeaseSkew', 'Host', 'host@example.com');
    const clock = fakeClock();
    const fast: Clock = {
      now: () => new Date(Date.parse(clock.now()) + 12 * 60_000).toISOString(),
      sleep: (ms) => clock.sleep(ms),
    };
    const holder = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'holder');
    const skewed = new LeaseLock(portOf(file), new SheetStore(portOf(file)), fast, 'fast');
    expect(holder.tryAcquire(0)).toBe(true);
    // The holder runs for half an hour, writing every minute (each write guarded); the fast one looks every minute.
    for (let minute = 0; minute < 30; minute++) {
      expect(skewed.tryAcquire(0), `minute ${minute}`).toBe(false);
      clock.advance(60_000);
      holder.guard();
    }
    holder.release();
    expect(skewed.tryAcquire(0)).toBe(true);
  });

  it('a holder whose wall clock is set back an hour mid-run still renews by its own elapsed time: one writer at a time (issue 45)', () => {
    const file = new SheetFile('1LeaseBack', 'Host', 'host@example.com');
    const clock = fakeClock();
    let elapsed = 0;
    let back = 0;
    // The holder's wall clock goes back an hour after its take; its elapsed time goes on.
    const holderClock: Clock = {
      now: () => new Date(Date.parse(clock.now()) - back).toISOString(),
      sleep: (ms) => clock.sleep(ms),
      elapsedMs: () => elapsed,
    };
    const holder = new LeaseLock(portOf(file), new SheetStore(portOf(file)), holderClock, 'holder');
    const other = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'other');
    expect(holder.tryAcquire(0)).toBe(true);
    back = 3_600_000;
    for (let minute = 0; minute < 30; minute++) {
      expect(other.tryAcquire(0), `minute ${minute}`).toBe(false);
      clock.advance(60_000);
      elapsed += 60_000;
      holder.guard();
    }
    holder.release();
    expect(other.tryAcquire(0)).toBe(true);
  });

  it('a run longer than the lease keeps it: the holder renews it before its writes', () => {
    const file = new SheetFile('1LeaseLong', 'Host', 'host@example.com');
    const clock = fakeClock();
    const long = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'long');
    const other = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'other');
    expect(long.tryAcquire(0)).toBe(true);
    const values = new Set<string | null>();
    for (let second = 0; second < 25 * 60; second += 30) {
      clock.advance(30_000);
      long.guard();
      values.add(leaseValue(file));
      expect(other.tryAcquire(0)).toBe(false);
    }
    // Renewed every 2 minutes of its clock, each time a value never written before.
    expect(values.size).toBeGreaterThanOrEqual(12);
    expect([...values].every((v) => JSON.parse(v ?? '').holder === 'long')).toBe(true);
  });

  /** A write of `who` to the spreadsheet, through `lock` (as the machine's host spreadsheet sends every write): a tab named for it. */
  const writeTab = (file: SheetFile, lock: LeaseLock, who: string) =>
    lock.write([{ addSheet: { properties: { title: `written by ${who}` } } }], (requests) =>
      file.batchUpdate(requests),
    );
  const tabs = (file: SheetFile) => file.workbook.tabs.map((t) => t.title).filter((t) => t.startsWith('written'));

  it('fencing: a holder that slept past its lease (its renewal not due by its own clock) has its write refused whole; the new holder’s writes land', () => {
    const file = new SheetFile('1Fence', 'Host', 'host@example.com');
    const clock = fakeClock();
    // The sleeper's own clock stops while it sleeps (a laptop's monotonic clock leaves the sleep out).
    let elapsed = 0;
    const asleep: Clock = { ...clock, elapsedMs: () => elapsed };
    const sleeper = new LeaseLock(portOf(file), new SheetStore(portOf(file)), asleep, 'sleeper');
    const next = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'next');
    expect(sleeper.tryAcquire(0)).toBe(true);
    expect(sleeper.token).toBe(0);
    writeTab(file, sleeper, 'sleeper before');
    expect(next.tryAcquire(0)).toBe(false);
    clock.advance(11 * 60_000);
    expect(next.tryAcquire(0)).toBe(true);
    expect(next.token).toBe(1);
    // Awake, 30 seconds on by its own clock: no renewal is due, so nothing but the token stops it.
    elapsed += 30_000;
    sleeper.guard();
    expect(() => writeTab(file, sleeper, 'sleeper after')).toThrow(LeaseLost);
    writeTab(file, next, 'next');
    expect(tabs(file)).toEqual(['written by sleeper before', 'written by next']);
    // A lease given back keeps its token: the next holder writes under it, and the sleeper stays out.
    next.release();
    const third = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'third');
    expect(third.tryAcquire(0)).toBe(true);
    expect(third.token).toBe(1);
    writeTab(file, third, 'third');
    expect(tabs(file)).toEqual(['written by sleeper before', 'written by next', 'written by third']);
  });

  it('fencing: a take-over whose compare-and-set misses the holder’s renewal still fences it out; the holder gives the lease back, and the taker takes it at once', () => {
    const file = new SheetFile('1FenceRace', 'Host', 'host@example.com');
    const clock = fakeClock();
    let renewBefore: (() => void) | null = null;
    // The holder renews just before the taker's take-over batch arrives (both read the same value).
    const racing = portOf(file, (call, requests) => {
      if (call !== 'batchUpdate' || !JSON.stringify(requests ?? []).includes('taker')) return;
      const renew = renewBefore;
      renewBefore = null;
      renew?.();
    });
    const holder = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'holder');
    const taker = new LeaseLock(racing, new SheetStore(portOf(file)), clock, 'taker');
    expect(holder.tryAcquire(0)).toBe(true);
    expect(taker.tryAcquire(0)).toBe(false);
    clock.advance(11 * 60_000);
    renewBefore = () => holder.guard();
    expect(taker.tryAcquire(0)).toBe(false);
    expect(JSON.parse(leaseValue(file) ?? '').holder).toBe('holder');
    // The fence rose all the same: the holder's next write is refused, and it gives the lease back.
    expect(() => writeTab(file, holder, 'holder')).toThrow(LeaseLost);
    expect(leaseValue(file)).toBe(FREE);
    expect(taker.tryAcquire(0)).toBe(true);
    writeTab(file, taker, 'taker');
    expect(tabs(file)).toEqual(['written by taker']);
  });

  it('a holder that finds its lease taken over stops: it writes nothing more, not even what it kept to write', () => {
    const file = new SheetFile('1LeaseLost', 'Host', 'host@example.com');
    const clock = fakeClock();
    const store = new SheetStore(portOf(file));
    const frozen = new LeaseLock(portOf(file), store, clock, 'frozen');
    const next = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'next');
    expect(frozen.tryAcquire(0)).toBe(true);
    store.set('gh.late', 'written after the lease was lost');
    // The holder's process stops for 11 minutes (a laptop asleep): the other watches the lease stand still and takes it.
    expect(next.tryAcquire(0)).toBe(false);
    clock.advance(11 * 60_000);
    expect(next.tryAcquire(0)).toBe(true);
    const taken = leaseValue(file);
    // Back, the holder's next write renews first, finds the lease gone and stops.
    expect(() => frozen.guard()).toThrow(LeaseLost);
    expect(store.dirty).toBe(false);
    frozen.release();
    expect(leaseValue(file)).toBe(taken);
    expect(new SheetStore(portOf(file)).get('gh.late')).toBeNull();
  });

  it('a watcher that missed a give-back and a take never mistakes the new lease for the old one', () => {
    const file = new SheetFile('1LeaseABA', 'Host', 'host@example.com');
    const clock = fakeClock();
    const a = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'a');
    const watcher = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'w');
    expect(a.tryAcquire(0)).toBe(true);
    expect(watcher.tryAcquire(0)).toBe(false);
    clock.advance(9 * 60_000);
    a.release();
    expect(a.tryAcquire(0)).toBe(true);
    clock.advance(2 * 60_000);
    // Eleven minutes since the watcher first looked, but the value it sees now is a new one.
    expect(watcher.tryAcquire(0)).toBe(false);
  });

  it('compare-and-set: of two runners that read the same free lease, only the first to write it gets it', () => {
    const file = new SheetFile('1Lease3', 'Host', 'host@example.com');
    const clock = fakeClock();
    const warm = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'warm');
    expect(warm.tryAcquire(0)).toBe(true);
    warm.release();
    // b reads the lease, then a takes it before b's write arrives.
    const a = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'a');
    let reads = 0;
    const b = new LeaseLock(
      portOf(file, (call) => {
        if (call === 'get' && ++reads === 1) return;
        if (call === 'batchUpdate' && reads === 1) expect(a.tryAcquire(0)).toBe(true);
      }),
      new SheetStore(portOf(file)),
      clock,
      'b',
    );
    expect(b.tryAcquire(0)).toBe(false);
    expect(JSON.parse(leaseValue(file) ?? '').holder).toBe('a');
    // The reply said so: b's updateDeveloperMetadata matched nothing.
    const reply = file.batchUpdate([
      {
        updateDeveloperMetadata: {
          dataFilters: [
            { developerMetadataLookup: { metadataId: LEASE_ID, metadataKey: LEASE_KEY, metadataValue: FREE } },
          ],
          developerMetadata: { metadataValue: 'x' },
          fields: 'metadataValue',
        },
      },
    ]).replies[0];
    expect(reply).toEqual({ updateDeveloperMetadata: { developerMetadata: [] } });
  });

  it('two runners making the first lease at once: the fixed id lets one make it', () => {
    const file = new SheetFile('1Lease4', 'Host', 'host@example.com');
    const clock = fakeClock();
    const a = new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, 'a');
    // b has read that there is no lease; a makes it just before b's own creation arrives.
    const b = new LeaseLock(
      portOf(file, (call, requests) => {
        if (call === 'batchUpdate' && requests?.some((r) => r.createDeveloperMetadata))
          expect(a.tryAcquire(0)).toBe(true);
      }),
      new SheetStore(portOf(file)),
      clock,
      'b',
    );
    expect(b.tryAcquire(0)).toBe(false);
    expect(JSON.parse(leaseValue(file) ?? '').holder).toBe('a');
  });

  it('a compare-and-set whose answer is lost after it took effect still gives the lease (read again)', () => {
    const file = new SheetFile('1Lease5', 'Host', 'host@example.com');
    const clock = fakeClock();
    const store = new SheetStore(portOf(file));
    let lose = true;
    const target = portOf(file);
    const lossy: LeaseTarget = {
      getMetadata: () => target.getMetadata(),
      batchUpdateReplies: (requests) => {
        const replies = target.batchUpdateReplies(requests);
        if (lose) {
          lose = false;
          throw new Error('timed out');
        }
        return replies;
      },
    };
    const a = new LeaseLock(lossy, store, clock, 'a');
    expect(a.tryAcquire(0)).toBe(true);
    expect(JSON.parse(leaseValue(file) ?? '').holder).toBe('a');
  });

  it('fast-check: runners trying and giving back in any order never hold the lease together', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(2), { minLength: 1, maxLength: 60 }),
        fc.array(fc.boolean(), { maxLength: 60 }),
        (order, releases) => {
          const file = new SheetFile('1LeaseP', 'Host', 'host@example.com');
          const clock = fakeClock();
          // Each step lets one runner try (and, holding it, maybe give it back).
          const runners = ['r0', 'r1', 'r2'].map(
            (id) => new LeaseLock(portOf(file), new SheetStore(portOf(file)), clock, id),
          );
          const holding = new Set<number>();
          order.forEach((r, i) => {
            if (holding.has(r)) {
              if (releases[i]) {
                runners[r].release();
                holding.delete(r);
              }
              return;
            }
            if (runners[r].tryAcquire(0)) holding.add(r);
            expect(holding.size).toBeLessThanOrEqual(1);
            clock.advance(1000);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
