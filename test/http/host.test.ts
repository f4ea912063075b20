// Whole matches of every game hosted from Node over HTTP (test/http/hosting.ts): in the end every
// spreadsheet equals a fresh render of the replay of the file `genius-host pull` prints.
import { expect, it, describe } from 'vitest';
import { replayMatch } from '../../src/engine/index.js';
import { logOf } from '../sandbox/players.js';
import { CASES, HostChild, type Tick, expectLikePulledReplay, handedOver, playToEnd } from './hosting.js';
import { sampleOf } from '../helpers/depth.js';

describe.concurrent('whole matches hosted from Node over HTTP', () => {
  // Up to 5 minutes, not the default minute: a whole match hosted by the built command over HTTP, one execution after another, on 2 busy cores.
  // A sample of the games (test/helpers/depth.ts); npm run test:deep hosts every one.
  it.each(sampleOf('hosted over HTTP', CASES, 1))(
    '$game: genius-host host plays it to the end, and every spreadsheet equals the replay of the pulled file',
    { timeout: 300_000 },
    async ({ game, players }) => {
      const { table, google, key } = await handedOver(game, players);
      const machine = new HostChild(google, table.google.host.id, key);
      let ticks: Tick[];
      try {
        ticks = await playToEnd(game, table, machine);
      } finally {
        machine.close();
      }
      expect(table.google.executions.filter((e) => e.trigger)).toEqual([]);
      await expectLikePulledReplay(game, table, google, key);
      await google.close();
      // Public rows typed before a deadline were read before it (2 s ahead): none counts as late.
      const match = logOf(table.sandbox);
      const lateRows = replayMatch(match, { now: table.google.clock.iso() }).rejected.filter(
        (r) =>
          r.submission !== undefined &&
          match.submissions[r.submission]?.via === 'row' &&
          /after the deadline/.test(r.reason),
      );
      expect(lateRows).toEqual([]);

      // What it cost, per execution (docs/machine-host.md: Hosting from a machine).
      const sum = (t: Tick, f: (k: string) => boolean) =>
        Object.entries(t.calls ?? {}).reduce((n, [k, v]) => n + (f(k) ? v : 0), 0);
      const reads = (t: Tick) => sum(t, (k) => k === 'getSpreadsheet' || k === 'getValues');
      const writes = (t: Tick) => sum(t, (k) => k === 'batchUpdate');
      const forms = (t: Tick) => sum(t, (k) => /Form|Responses|PublishState/.test(k));
      const max = (f: (t: Tick) => number) => Math.max(...ticks.map(f));
      console.log(
        `[host] ${game} ${players} players over HTTP: ${ticks.length} executions; most in one execution: ${max(reads)} Sheets reads, ${max(writes)} Sheets writes, ${max(forms)} Forms calls`,
      );
      expect(max(writes)).toBeLessThanOrEqual(60);
    },
  );
});
