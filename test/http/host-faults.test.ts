// Hosting from Node over HTTP (test/http/hosting.ts) when every call fails once (429 or 500, and a
// time-out after a call took effect), and with two machines at the same moment.
import { expect, it, describe } from 'vitest';
import { EXAMPLE_GAME, replayMatch } from '../../src/engine/index.js';
import { logOf } from '../sandbox/players.js';
import { HostChild, expectLikePulledReplay, failures, handedOver, playToEnd } from './hosting.js';
import { sampleOf } from '../helpers/depth.js';

describe.concurrent('hosting from Node over HTTP when calls fail, and with two machines', () => {
  // One of the two failures by default, both in the deep run (test/helpers/depth.ts): the add-on tries both again the same way.
  it.each(sampleOf('failing statuses over HTTP', [429, 500], 1))(
    'every call failing once with %i, and the calls after the first deadline timing out once: nothing lost, nothing twice',
    async (status) => {
      const game = EXAMPLE_GAME.id;
      const { table, google, key } = await handedOver(game, 3, { failEachCallWith: [status] });
      const machine = new HostChild(google, table.google.host.id, key, { GENIUS_HOST_GOOGLE_TIMEOUT_MS: '300' });
      let first: number | null = null;
      try {
        // The execution after the first deadline: each call's first try is carried out but answered too late.
        await playToEnd(
          game,
          table,
          machine,
          (at, deadline) => {
            first ??= deadline;
            google.slowFirstTryMs = at > deadline && deadline === first ? 450 : 0;
          },
          true,
        );
      } finally {
        machine.close();
      }
      expect(google.seen.filter((s) => s.status === status).length).toBeGreaterThan(100);
      if (failures.length > 0)
        console.log(`[host] failed executions, each followed by one that did the work: ${failures.join(' | ')}`);
      google.slowFirstTryMs = 0;
      await expectLikePulledReplay(game, table, google, key);
      await google.close();
    },
    300_000,
  );

  it('two machines at the same moment: one resolves the phase, the other leaves it to it', async () => {
    const game = EXAMPLE_GAME.id;
    const { table, google, key } = await handedOver(game, 3);
    const first = new HostChild(google, table.google.host.id, key);
    const second = new HostChild(google, table.google.host.id, key);
    try {
      const answered = table.answerPhase();
      if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no phase waits');
      const at = new Date(Date.parse(answered.deadline) + 20_000).toISOString();
      table.google.clock.set(at);
      const both = await Promise.all([first.tick(at), second.tick(at)]);
      expect(both.map((t) => t.error)).toEqual([undefined, undefined]);
      // Exactly one logged the phase's answers; the other found the lease held, or came after and found nothing due.
      expect(both.filter((t) => (t.report?.logged ?? 0) > 0)).toHaveLength(1);
      const log = logOf(table.sandbox);
      const rows = log.submissions.filter((s) => s.via === 'row');
      expect(new Set(rows.map((s) => s.player)).size).toBe(rows.length);
      const closed = replayMatch(log, { now: at }).closed.map((c) => c.phase.id);
      expect(new Set(closed).size).toBe(closed.length);
    } finally {
      first.close();
      second.close();
    }
    await google.close();
  });
});
