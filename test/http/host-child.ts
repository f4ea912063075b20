// genius-host host's execution in a process of its own, against the loopback server of the test
// that started it, on the test's clock: each line on stdin is a time (ISO); the child runs one
// execution of the tick at that time (the command's own steps: refuse a match Apps Script hosts,
// re-key the add-on's item maps once, run the tick) and prints its report as a JSON line. The
// ports are genius-host host's (src/node/host-ports.ts) with the REST Forms and Files ports; only
// the clock is the test's (a sleep moves it instead of waiting).
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { adoptItemMaps } from '../../src/node/adopt-forms.js';
import { GoogleCalls } from '../../src/node/bridge.js';
import { machinePorts } from '../../src/node/host-ports.js';
import { machineParts } from '../../src/node/machine-parts.js';
import { MatchHost } from '../../src/triggers/host/match-host.js';
import { KEY } from '../../src/triggers/saved/pointers.js';
import type { Clock } from '../../src/triggers/google/ports.js';

const hostId = process.argv[2];
let now = 0;
const clock: Clock = { now: () => new Date(now).toISOString(), sleep: (ms) => void (now += Math.max(0, ms)) };
const google = new GoogleCalls(undefined, fileURLToPath(new URL('../../dist/google-worker.mjs', import.meta.url)));
const { ports, store, lock } = machinePorts(google, hostId, machineParts(google), clock);
const host = new MatchHost(ports);

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  now = Date.parse(line.trim());
  const before = { ...google.counts } as Record<string, number>;
  try {
    if (store.peek(KEY.runner) !== 'machine') throw new Error('hosted by Apps Script');
    if (store.get(KEY.itemsKeyedBy) === null && lock.tryAcquire(0)) {
      try {
        adoptItemMaps(google, store);
      } finally {
        lock.release();
      }
    }
    const report = host.run('tick');
    const calls = Object.fromEntries(Object.entries(google.counts).map(([k, n]) => [k, (n ?? 0) - (before[k] ?? 0)]));
    process.stdout.write(`${JSON.stringify({ report, calls, now: clock.now() })}\n`);
  } catch (error) {
    process.stdout.write(
      `${JSON.stringify({ error: (error as Error).message, stack: process.env.GH_DEBUG ? (error as Error).stack : undefined })}\n`,
    );
  }
}
google.close();
