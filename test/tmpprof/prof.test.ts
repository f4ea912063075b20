import { it } from 'vitest';
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { checkMessagesMatch } from '../sandbox/messages.js';
it('prof', async () => {
  const s = new Session();
  s.connect();
  const post = (m: string, p?: object) => new Promise<any>((res, rej) => s.post(m, p ?? {}, (e, r) => (e ? rej(e) : res(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  const t = Date.now();
  checkMessagesMatch({ game: process.env.PG ?? 'pasture', players: 5, minutes: { default: 60, plans: 30 }, options: { rounds: 3 } } as any);
  console.log('ms', Date.now() - t);
  const { profile } = await post('Profiler.stop');
  writeFileSync('/tmp/prof/p.cpuprofile', JSON.stringify(profile));
}, 600_000);
