// Two machines hosting one match over HTTP (genius-host host's ports, each in a process of its own:
// test/http/host-child.ts) with clocks an hour apart, against the loopback server: the server
// checks, as each write is served, that its writer holds the lease right then, so "one writer at a
// time" is checked at every write whatever order the two processes' calls arrive in. The clocks are
// the test's (each tick names its time), and one machine is stopped by holding one of its calls at
// the server until the test lets it go: nothing here depends on which of two timers fires first.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME, replayMatch } from '../../src/engine/index.js';
import { LEASE_KEY, leaseIn } from '../../src/triggers/saved/store-lease.js';
import { logOf } from '../sandbox/players.js';
import { ACCOUNT, type LoopbackGoogle } from './google-server.js';
import { HostChild, handedOver } from './hosting.js';

const OTHER = 'genius-host-runner-2@genius-host-test.iam.gserviceaccount.com';
const HOUR = 3_600_000;

/**
 * Every write the server serves, checked as it is served: a write of the lease itself tells whose
 * process each holder id is; any other write must come from the account whose process holds the
 * lease right after it. Answers the writes that broke that.
 */
function oneWriterAtATime(google: LoopbackGoogle, hostId: string): { writes: string[]; broken: string[] } {
  const owner = new Map<string, string>();
  const writes: string[] = [];
  const broken: string[] = [];
  const host = google.files.get(hostId);
  if (!host) throw new Error('no host spreadsheet');
  google.served = ({ method, path, account, body }) => {
    if (method === 'GET') return;
    const holder = leaseIn(host.workbook.getMetadata()).lease?.holder ?? null;
    if (JSON.stringify(body ?? null).includes(`"${LEASE_KEY}"`)) {
      if (holder !== null && (owner.get(holder) ?? account) !== account)
        broken.push(`${account} wrote ${holder}'s lease`);
      if (holder !== null) owner.set(holder, account);
      return;
    }
    writes.push(account);
    if (holder === null || owner.get(holder) !== account)
      broken.push(
        `${account}: ${method} ${path} while the lease was ${holder === null ? 'free' : `${owner.get(holder)}'s`}`,
      );
  };
  return { writes, broken };
}

describe('two machines with clocks an hour apart, over HTTP', () => {
  it('one stopped mid-run past the lease: the other takes it over after 10 minutes of its own clock; the stopped one’s write is refused whole; one writer at a time throughout', async () => {
    const game = EXAMPLE_GAME.id;
    const { table, google, key } = await handedOver(game, 3);
    const hostId = table.google.host.id;
    for (const accounts of google.sharedWith.values()) accounts.add(OTHER);
    const otherKey = google.writeKeyFile(join(key, '..', `key-other-${new URL(google.rootUrl).port}.json`), OTHER);
    const { writes, broken } = oneWriterAtATime(google, hostId);
    // `behind`'s clock is an hour behind the world's; `ahead` keeps the world's time.
    const behind = new HostChild(google, hostId, key);
    const ahead = new HostChild(google, hostId, otherKey);
    const clock = table.google.clock;
    const behindAt = () => new Date(clock.now() - HOUR).toISOString();
    try {
      const answered = table.answerPhase();
      if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no phase waits');
      clock.set(new Date(Date.parse(answered.deadline) + 20_000).toISOString());
      const expected = logOf(table.sandbox);

      // `behind` reads the answers at its clock's time, before the deadline: it logs them (a write under its lease).
      const first = await behind.tick(behindAt());
      expect(first.error).toBeUndefined();
      expect(first.report?.logged ?? 0).toBeGreaterThan(0);
      // An hour on, `behind`'s clock passes the deadline: it starts to close the phase, and its first
      // write to the host spreadsheet under the lease is held at the server (the machine stopped, its request on the way).
      clock.advance(HOUR / 1000);
      let release: () => void = () => {};
      const letGo = new Promise<void>((resolve) => (release = resolve));
      const held = new Promise<void>((resolve) => {
        google.hold = ({ method, path, account, body }) => {
          if (account !== ACCOUNT || method !== 'POST' || !path.endsWith(`${hostId}:batchUpdate`)) return;
          if (JSON.stringify(body).includes(`"${LEASE_KEY}"`)) return;
          google.hold = null;
          resolve();
          return letGo;
        };
      });
      const stopped = behind.tick(behindAt());
      await held;
      // Meanwhile `ahead` looks at its own clock's minutes: held, held, then taken over (10 minutes unchanged).
      expect((await ahead.tick(clock.iso())).report?.ran).toBe(false);
      clock.advance(5 * 60);
      expect((await ahead.tick(clock.iso())).report?.ran).toBe(false);
      clock.advance(6 * 60);
      const took = await ahead.tick(clock.iso());
      expect(took.error).toBeUndefined();
      expect(took.report?.ran).toBe(true);
      expect(leaseIn(table.google.host.workbook.getMetadata()).token).toBe(1);
      const afterTakeOver = JSON.stringify(table.google.host.workbook.tabs.map((t) => [t.title, t.cells]));
      // `behind` wakes: its held write reaches Google after the take-over and is refused whole; it stops.
      release();
      expect((await stopped).error).toMatch(/took the lease over/);
      expect(JSON.stringify(table.google.host.workbook.tabs.map((t) => [t.title, t.cells]))).toBe(afterTakeOver);

      // Then both tick at the same moments, their clocks an hour apart, whatever order their calls arrive in.
      for (let i = 0; i < 3; i++) {
        clock.advance(60);
        const both = await Promise.all([behind.tick(behindAt()), ahead.tick(clock.iso())]);
        expect(both.map((t) => t.error)).toEqual([undefined, undefined]);
      }
      expect(broken).toEqual([]);
      // Both wrote, one after the other: `behind` before it stopped, `ahead` from its take-over on.
      expect(writes.indexOf(ACCOUNT)).toBeGreaterThanOrEqual(0);
      expect(writes.lastIndexOf(ACCOUNT)).toBeLessThan(writes.indexOf(OTHER));
      // The phase closed once, every answer logged once.
      const log = logOf(table.sandbox);
      expect(log.submissions.length).toBeGreaterThan(expected.submissions.length);
      const closed = replayMatch(log, { now: clock.iso() }).closed.map((c) => c.phase.id);
      expect(closed.length).toBeGreaterThan(0);
      expect(new Set(closed).size).toBe(closed.length);
      const uids = log.submissions.map((s) => s.uid);
      expect(new Set(uids).size).toBe(uids.length);
    } finally {
      behind.close();
      ahead.close();
      await google.close();
    }
  }, 300_000);
});
