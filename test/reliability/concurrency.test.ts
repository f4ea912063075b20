// Two executions at once. LockService.getDocumentLock() serialises executions, but a second one
// may start while the first holds the lock: it waits (and runs after), or its wait times out (it
// does nothing; the next tick catches up). Code here is synchronous, so the second execution is
// run at a lock boundary of the first (before it acquires, after it acquires, before it
// releases, after it releases); one that starts while the lock is held gets what a timed-out wait
// gets. Pairs: a tick and a form submission, two ticks, a tick and a menu item; every pairing must
// leave the world a sequential run leaves (each phase resolved once, nothing logged twice, no
// Sheets write repeated). A form answer arriving at any point of a resolution is logged once, for
// the phase its form showed. A menu prompt is a long gap outside the lock: a tick that closes the
// phase while the host types must not make their answer apply to another phase.
import { expect, it } from 'vitest';
import { DEEP, sampleOf } from '../helpers/depth.js';
import { logOf, privatePart, type Table } from '../sandbox/players.js';
import { differences, digestWorld } from './world.js';
import { type MatchCase, SMALL_CASES, at, beforeResolution, botAnswers, startedTable } from './scenarios.js';
import { EXAMPLE_GAME, newMatch, playMatch, replayMatch } from '../../src/engine/index.js';
import { chainBreak } from '../../src/engine/core/receipt-check.js';

// Locks are the host's, not a game's: the example game's small match.
const CASE = SMALL_CASES.find((c) => c.game === EXAMPLE_GAME.id)!;

/**
 * The small match of the first registered game whose second phase is answered in public (on the
 * shared sheet's answers tab): a bot match of it shows its phases.
 */
function publicSecondPhase(): MatchCase {
  const found = SMALL_CASES.find((c) => {
    const fresh = newMatch(c.game, { seed: 'public', players: c.players });
    if (!fresh.ok) return false;
    const second = replayMatch(playMatch(fresh.value)).closed[1];
    return second !== undefined && Object.values(second.phase.questions).some((qs) => qs.some((q) => q.public));
  });
  if (!found) throw new Error('no registered game answers its second phase in public');
  return found;
}

type Boundary = 'before acquire' | 'after acquire' | 'before release' | 'after release';
const BOUNDARIES: readonly Boundary[] = ['before acquire', 'after acquire', 'before release', 'after release'];

/** Runs `a`; at `boundary` of its lock, runs `b` (which, while the lock is held, times out). */
function interleave(table: Table, a: () => void, b: () => void, boundary: Boundary): void {
  const [name, when] = (
    {
      'before acquire': ['Lock.tryLock', 'before'],
      'after acquire': ['Lock.tryLock', 'after'],
      'before release': ['Lock.releaseLock', 'before'],
      'after release': ['Lock.releaseLock', 'after'],
    } as const
  )[boundary];
  let fired = false;
  table.google.onCall = (call, _index, moment) => {
    if (fired || call.name !== name || moment !== when) return;
    fired = true;
    b();
  };
  try {
    a();
  } finally {
    table.google.onCall = null;
  }
  expect(fired, `${boundary} of the first execution`).toBe(true);
}

/** Sheets API writes by the script since execution number `from`. */
function sheetsWrites(table: Table, from: number): number {
  return table.google.executions
    .slice(from)
    .reduce((n, e) => n + e.calls.filter((c) => c.name === 'Sheets.Spreadsheets.batchUpdate').length, 0);
}

/** Every pair of executions that may meet at the lock: the first runs, the second comes at one of its boundaries. */
const ALL_PAIRS: readonly [string, string][] = [
  ['tick', 'submit'],
  ['submit', 'tick'],
  ['tick', 'tick'],
  ['tick', 'Resolve overdue now'],
  ['Resolve overdue now', 'tick'],
  ['tick', 'Re-render'],
  ['Re-render', 'submit'],
];

// Up to 5 minutes, not the default minute: a second execution is run at every lock boundary of the first, each from a fresh match, on 2 busy cores.
it('a tick, a form submission and menu items interleaved at every lock boundary resolve the phase once and log everything once', () => {
  const { table, answered } = beforeResolution(CASE, 1);
  const deadline = answered.deadline;
  // Ann sends her answer again just before the deadline; its form-submit trigger fires late,
  // together with the tick that closes the phase.
  table.google.clock.set(at(deadline, -5));
  const ann = botAnswers(table, 'p1')!;
  expect(table.submitOnly('p1', privatePart(ann.answers, ann.questions), ann.questions)).toBe(true);
  const snapshot = table.google.snapshot();
  const run =
    (name: string, ...args: unknown[]) =>
    () =>
      void table.sandbox.call(name, ...args);
  const tick = run('onTick', { triggerUid: 'tick' });
  const submit = run('onFormSubmitted', { triggerUid: 'submit' });
  const executions: Record<string, () => void> = {
    tick,
    submit,
    'Resolve overdue now': () => {
      table.google.promptAnswers.push({ button: 'OK', text: 'the tick is late' });
      run('resolveOverdueNow')();
    },
    'Re-render': run('rerender'),
  };
  // A sample of the pairs by default (test/helpers/depth.ts); npm run test:deep interleaves every one.
  const pairs: [string, string][] = sampleOf('lock pairs', ALL_PAIRS, 3);

  const finish = () => {
    table.google.clock.set(at(deadline, 90));
    table.sandbox.fire('CLOCK');
  };
  /** A sequential run of `order`, then the next tick: the world, its log, its Sheets writes. */
  const sequential = (order: string[], wait?: { boundary: Boundary; ms: number }) => {
    table.google.restore(snapshot);
    table.google.clock.set(at(deadline, 30));
    const from = table.google.executions.length;
    if (wait) interleave(table, executions[order[0]], () => table.google.clock.advance(wait.ms / 1000), wait.boundary);
    for (const name of wait ? order.slice(1) : order) executions[name]();
    finish();
    return { world: digestWorld(table.google), log: logOf(table.sandbox), writes: sheetsWrites(table, from) };
  };
  let covered = 0;
  for (const [first, second] of pairs) {
    // Before the first acquires, the second runs first; after it releases, second; a second
    // whose wait timed out did nothing, and the next tick does what it would have.
    const orders = {
      'before acquire': sequential([second, first]),
      'after release': sequential([first, second]),
      'timed out': sequential([first]),
    };
    for (const boundary of BOUNDARIES) {
      const label = `${first}, with ${second} at ${boundary}`;
      const ordered = boundary === 'before acquire' || boundary === 'after release' ? boundary : 'timed out';
      table.google.restore(snapshot);
      table.google.clock.set(at(deadline, 30));
      const start = table.google.executions.length;
      interleave(table, executions[first], executions[second], boundary);
      const timedOut = boundary === 'after acquire' || boundary === 'before release';
      const secondRecord = table.google.executions[start + 1];
      // While the first holds the lock, the second's wait times out: it does nothing (a menu
      // item says so), and the next tick does its work.
      if (timedOut) {
        // Nothing written but, for a form submission, its ask that the forms be read (made before the lock).
        expect(
          secondRecord.calls.some((c) => c.name === 'Sheets.Spreadsheets.batchUpdate'),
          label,
        ).toBe(false);
        expect(secondRecord.calls.filter((c) => c.name === 'Properties.setProperty').length, label).toBe(
          second === 'submit' ? 1 : 0,
        );
        if (!['tick', 'submit'].includes(second))
          expect(table.google.ui.alerts.at(-1), label).toMatch(/Another genius-host execution is running/);
      }
      finish();
      const log = logOf(table.sandbox);
      const world = digestWorld(table.google);
      const writes = sheetsWrites(table, start);
      // A timed-out wait lasts its whole timeout, and the sandbox has one clock: the first went on
      // that much later (a phase's opening notices are logged and mailed at the time they go out,
      // docs/notices.md). The reference is the first alone, its clock moved as much at that point.
      const waited = timedOut ? (secondRecord.lockWaitMs ?? 0) : 0;
      const reference = waited > 0 ? sequential([first], { boundary, ms: waited }) : orders[ordered];
      expect(chainBreak(log), `${label}: the log's chain`).toBeNull();
      expect(log, `${label}: the log`).toEqual(reference.log);
      expect(
        new Set(log.submissions.map((s) => s.response).filter(Boolean)).size,
        `${label}: a response logged twice`,
      ).toBe(log.submissions.filter((s) => s.response).length);
      expect(differences(reference.world, world), label).toEqual([]);
      expect(writes, `${label}: Sheets writes`).toBeLessThanOrEqual(reference.writes);
      covered += 1;
    }
  }
  console.log(
    `[concurrency] ${covered} interleavings of ${pairs.length} pairs at ${BOUNDARIES.length} lock boundaries`,
  );
}, 300_000);

// Up to 5 minutes, not the default minute: a second execution is run at every lock boundary of the first, each from a fresh match, on 2 busy cores.
it('a form answer arriving at any point of a resolution is logged once, for the phase its form showed', () => {
  const { table, answered } = beforeResolution(CASE, 1);
  const deadline = answered.deadline;
  const snapshot = table.google.snapshot();
  // The resolution's calls, clean.
  table.google.clock.set(at(deadline, 30));
  const from = table.google.executions.length;
  table.sandbox.fire('CLOCK');
  const calls = table.google.executions[from].calls;
  const nextPhase = table.state().open!.phase;
  let sent = 0;
  let refused = 0;
  // After every write in the deep run; by default after the first and the last of each run of
  // writes of one kind (where what the form shows can change), and after the resolution's last write.
  const writes = calls.flatMap((call, k) => (call.remote && call.writes ? [k] : []));
  const points = DEEP
    ? writes
    : writes.filter(
        (k, i) =>
          i === writes.length - 1 ||
          calls[k].name !== calls[writes[i - 1]]?.name ||
          calls[k].name !== calls[writes[i + 1]]?.name,
      );
  for (const k of points) {
    for (const waits of [true, false]) {
      table.google.restore(snapshot);
      table.google.clock.set(at(deadline, 30));
      let description = '';
      let accepted = false;
      // After the resolution's k-th call (a write), Ben presses Send on his form: its trigger
      // waits for the lock (runs once the tick ends) or times out (the next tick reads it).
      table.google.onCall = (_call, index, moment) => {
        if (index !== k || moment !== 'after' || table.google.current()?.name !== 'onTick') return;
        table.google.onCall = null;
        const form = table.google.forms.get(table.playerFile('p2').form)!;
        description = form.description;
        const state = table.state();
        const phase = [nextPhase, ...state.closed.map((c) => c.phase)].find((p) => description.startsWith(p.title));
        const bot = phase ? botAnswers(table, 'p2') : null;
        if (!phase || !bot || !form.accepting) return;
        accepted = table.submitOnly('p2', privatePart(bot.answers, bot.questions), bot.questions);
        if (accepted && !waits) table.sandbox.fire('ON_FORM_SUBMIT');
      };
      table.sandbox.fire('CLOCK');
      table.google.onCall = null;
      if (accepted && waits) table.sandbox.fire('ON_FORM_SUBMIT');
      table.google.clock.set(at(deadline, 90));
      table.sandbox.fire('CLOCK');
      const label = `Ben's answer after call ${k} (${calls[k].name}), its trigger ${waits ? 'waiting' : 'timing out'}`;
      const form = table.google.forms.get(table.playerFile('p2').form)!;
      const logged = logOf(table.sandbox).submissions.filter((s) => s.player === 'p2' && s.via === 'form');
      expect(logged.length, `${label}: Ben's responses logged`).toBe(form.responses.length);
      if (accepted) {
        const last = logged.at(-1)!;
        const phase = table
          .state()
          .closed.map((c) => c.phase)
          .concat(table.state().open ? [table.state().open!.phase] : [])
          .find((p) => p.id === last.phase)!;
        expect(
          description.startsWith(phase.title),
          `${label}: logged for ${last.phase}, the form said "${description.slice(0, 40)}"`,
        ).toBe(true);
        expect(
          Object.keys(last.answers).every((key) => !key.startsWith('item ')),
          label,
        ).toBe(true);
        sent += 1;
      } else {
        refused += 1;
      }
    }
  }
  console.log(
    `[concurrency] a form answer at each of ${sent + refused} points of a resolution: ${sent} sent and logged for the phase shown, ${refused} while the form was closed`,
  );
  expect(sent).toBeGreaterThan(0);
}, 300_000);

/**
 * The log holds nothing the host typed (no new deadline, no undo): its only events are the
 * openings' notices each phase's opening sends (docs/notices.md).
 */
function expectNothingTheHostTyped(table: Table): void {
  const events = logOf(table.sandbox).events ?? [];
  expect(events.filter((e) => e.type !== 'message')).toEqual([]);
  for (const e of events)
    expect(e, 'an opening notice').toMatchObject({ type: 'message', key: expect.stringMatching(/^open:/) });
}

// Up to 2 minutes, not the default minute: a match played to its second phase in the sandbox (node:vm), then two menu items each with a tick inside, on 2 busy cores.
it('a tick while the host types a new deadline or an undo does not move another phase', () => {
  const table = startedTable(CASE);
  table.playPhase();
  const open = table.state().open!;
  const deadline = open.timing.deadline!;
  // Extend deadline…: the prompt shows round 1; the host answers after it closed.
  table.google.clock.set(at(deadline, -60));
  table.google.promptAnswers.push({ button: 'OK', text: '+2h' });
  table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
  table.google.onCall = (call, _i, moment) => {
    if (call.name !== 'Ui.prompt' || moment !== 'before') return;
    table.google.onCall = null;
    table.google.clock.set(at(deadline, 30));
    table.sandbox.fire('CLOCK');
  };
  table.sandbox.call('extendDeadline');
  expect(table.google.ui.alerts.at(-1)).toMatch(new RegExp(`${open.phase.title} closed .*while you were typing`));
  expectNothingTheHostTyped(table);
  expect(table.state().open?.phase.id).not.toBe(open.phase.id);

  // Undo last phase: the prompt offers to reopen round 1; round 2 closes while the host types
  // (a minute and a half: a prompt left open past Apps Script's six minutes ends the execution).
  const second = table.state().open!;
  table.google.clock.set(at(second.timing.deadline!, -60));
  table.google.promptAnswers.push({ button: 'OK', text: '+1h' });
  table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
  table.google.onCall = (call, _i, moment) => {
    if (call.name !== 'Ui.prompt' || moment !== 'before') return;
    table.google.onCall = null;
    table.google.clock.set(at(second.timing.deadline!, 30));
    table.sandbox.fire('CLOCK');
  };
  table.sandbox.call('undoLastPhase');
  expect(table.google.ui.alerts.at(-1)).toMatch(new RegExp(`${second.phase.title} has closed too`));
  expectNothingTheHostTyped(table);
}, 120_000);

it('Re-render while a phase is answered in public keeps what the players typed (nothing logged for them)', () => {
  const table = startedTable(publicSecondPhase());
  const first = table.state().open!.phase.id;
  table.playPhase();
  const open = table.state().open!;
  expect(open.phase.id).not.toBe(first);
  const bot = botAnswers(table, 'p1')!;
  const typed = bot.questions.find((q) => q.public)!;
  // From when the tab shows the phase (the tick that opened it ran late), never back in time.
  const shown = table.google.clock.iso();
  table.google.clock.set(at(shown, 60));
  table.typeRow('p1', bot.answers, bot.questions);
  table.google.clock.set(at(shown, 120));
  table.sandbox.fire('CLOCK');
  const logged = logOf(table.sandbox).submissions;
  expect(logged.at(-1)).toMatchObject({ player: 'p1', via: 'row', answers: bot.answers });
  table.sandbox.call('rerender');
  table.google.clock.set(at(shown, 180));
  table.sandbox.fire('CLOCK');
  expect(logOf(table.sandbox).submissions).toEqual(logged);
  const row = table.google.spreadsheet(table.sharedId()).sheet('Your answers').cells[1];
  expect(row[1]?.userEnteredValue?.stringValue).toBe(String(bot.answers[typed.id]));
}, 60_000);
