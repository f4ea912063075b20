// Not committed: one game, one reading, day or live; where the busiest day's trigger minutes go.
import { gameById } from '../src/engine/index.js';
import { LIVE_PACE } from '../src/engine/core/game.js';
import { LATENCY } from '../src/triggers/latency.js';
import { costOf, deadlineToBoards, matchBudget } from '../test/reliability/cost.js';
import { DAY_CASES, LARGE_CASES, deadlinesAndSheets, emailsOf, setupOf } from '../test/reliability/scenarios.js';
import { Table } from '../test/sandbox/players.js';

const [game, kind = 'day'] = process.argv.slice(2);
const model = 'pessimistic' as const;
let c = (kind === 'day' ? DAY_CASES : LARGE_CASES).find((x) => x.game === game)!;
if (kind === 'live') {
  const pace = gameById(c.game).livePace ?? LIVE_PACE;
  const own = await import(`./games/${game}/sandbox.ts`).catch(() => ({}));
  const live = (own as { liveOptions?: Record<string, unknown> }).liveOptions;
  c = { ...c, minutes: pace.minutes, ...(live ? { options: { ...c.options, ...live } } : {}) };
}
const table = new Table(c.game, emailsOf(c));
table.google.onCall = (call, _i, when) => {
  if (when === 'after') table.google.clock.advance(costOf(call, model) / 1000);
};
const t0 = Date.now();
if (!table.startMatch(setupOf(c)).ok) throw new Error('start refused');
table.clockTriggers(30, LATENCY.oneShotDelay[model]);
table.playToEnd();
table.google.clock.advance(3600);
const clockLeft = table.google.triggers.some((t) => t.kind === 'CLOCK');
const ex = table.google.executions;
const b = matchBudget(ex, table.google.sheetsCalls, 'none', model, clockLeft);
const { deadlines, spreadsheets } = deadlinesAndSheets(table);
const boards = deadlineToBoards(ex, deadlines, spreadsheets).map((ms) => Math.round(ms / 1000));
console.log(`${game} ${kind}: ${ex.length} executions, busiest day ${b.dailyMinutes.toFixed(1)} min, worst ${b.worst.name} ${(b.worst.ms/1000).toFixed(0)} s, boards s ${boards.join(' ')}  (wall ${((Date.now()-t0)/1000).toFixed(0)} s)`);
// The busiest window: recompute.
const DAY = 86_400_000;
const trig = ex.filter((e) => e.trigger).sort((a, b) => a.at - b.at);
const cost = (e: (typeof ex)[number]) => 1000 + e.calls.reduce((n, call) => n + costOf(call, model), 0) + (e.lockWaitMs ?? 0) + (e.sleptMs ?? 0);
let best = 0, from = 0;
for (const e of trig) {
  const s = trig.filter((x) => x.at >= e.at && x.at < e.at + DAY).reduce((n, x) => n + cost(x), 0);
  if (s > best) { best = s; from = e.at; }
}
const win = trig.filter((x) => x.at >= from && x.at < from + DAY);
const by = new Map<string, { n: number; ms: number }>();
let waits = 0, starts = 0;
for (const e of win) {
  waits += (e.lockWaitMs ?? 0) + (e.sleptMs ?? 0); starts += 1000;
  for (const call of e.calls) {
    const v = by.get(call.name) ?? { n: 0, ms: 0 };
    v.n += 1; v.ms += costOf(call, model); by.set(call.name, v);
  }
}
console.log(`window from ${new Date(from).toISOString()}: ${win.length} executions ${(best/60000).toFixed(1)} min; starts ${(starts/60000).toFixed(1)}, waits ${(waits/60000).toFixed(1)}`);
for (const [name, v] of [...by].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(`  ${name.padEnd(45)} ${String(v.n).padStart(5)} ${(v.ms/60000).toFixed(2)} min`);
const byExec = new Map<string, { n: number; ms: number }>();
for (const e of win) { const v = byExec.get(e.name) ?? { n: 0, ms: 0 }; v.n++; v.ms += cost(e); byExec.set(e.name, v); }
console.log([...byExec].map(([k, v]) => `${k} ${v.n}× ${(v.ms/60000).toFixed(1)} min`).join('; '));
const top = [...win].sort((a, b) => cost(b) - cost(a)).slice(0, 6);
for (const e of top) console.log(`  ${new Date(e.at).toISOString()} ${e.name} ${(cost(e)/1000).toFixed(0)} s, ${e.calls.filter(x=>x.remote).length} remote`);
if (process.env.DUMP) { const e = ex[Number(process.env.DUMP)]; const m = new Map<string, number>(); for (const call of e.calls) m.set(call.name, (m.get(call.name) ?? 0) + 1); console.log(e.name, [...m]); }
