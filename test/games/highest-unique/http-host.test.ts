// highest-unique hosted from Node over HTTP (test/http/hosting.ts): the sandbox's add-on starts the
// match and hands it to `genius-host host`, which plays it to the end against the loopback Google;
// every spreadsheet then equals a fresh render of the replay of the file `genius-host pull` prints.
import { expect, it } from 'vitest';
import { HostChild, type Tick, expectLikePulledReplay, handedOver, playToEnd } from '../../http/hosting.js';

// Up to 5 minutes, not the default minute: a whole match hosted by the built command over HTTP, one execution after another, on 2 busy cores.
it('highest-unique: genius-host host plays it to the end, and every spreadsheet equals the replay of the pulled file', async () => {
  const { table, google, key } = await handedOver('highest-unique', 4);
  const machine = new HostChild(google, table.google.host.id, key);
  let ticks: Tick[];
  try {
    ticks = await playToEnd('highest-unique', table, machine);
  } finally {
    machine.close();
  }
  expect(table.google.executions.filter((e) => e.trigger)).toEqual([]);
  await expectLikePulledReplay('highest-unique', table, google, key);
  await google.close();
  const writes = ticks.map((t) => t.calls?.batchUpdate ?? 0);
  console.log(
    `[host] highest-unique 4 players over HTTP: ${ticks.length} executions; most Sheets writes in one: ${Math.max(...writes)}`,
  );
  expect(Math.max(...writes)).toBeLessThanOrEqual(60);
}, 300_000);
