// A match handed from the add-on to machines (genius-host host's ports, in this process: see
// machine.ts), where every interleaving is under the test's control: a second machine starting at
// any call of the first never resolves a phase twice; a crashed machine's lease lapses and the next
// one finishes its work; a call failing anywhere loses nothing. (Whole matches hosted from Node,
// over HTTP: test/http/host.test.ts.)
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import { EXAMPLE_GAME, type MatchFile, replayMatch, viewFor } from '../../src/engine/index.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { renderView } from '../../src/sheets/index.js';
import { chainBreak } from '../../src/engine/core/receipt-check.js';
import { leaseIn } from '../../src/triggers/saved/store-lease.js';
import type { RunReport } from '../../src/triggers/host/match-host.js';
import { type Machine, machineFor } from './machine.js';
import { asDrawn } from './whole-match.js';
import { DEFAULT_FAULTS, type PhaseAnswered, Table, logOf } from './players.js';
import type { SheetFile } from './sheets.js';
import { formOnlyGame } from '../helpers/some-game.js';

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve'];

/** A table whose clock trigger is a machine's execution and whose form answers wake nothing (a machine has no triggers). */
class MachineTable extends Table {
  machine: Machine | null = null;
  /** Each machine execution's calls, by kind (README: what hosting from a machine costs). */
  readonly executionCalls: { calls: Record<string, number>; closed: boolean }[] = [];

  override fire(kind: 'CLOCK' | 'ON_FORM_SUBMIT'): void {
    if (kind === 'ON_FORM_SUBMIT') return;
    if (!this.machine) throw new Error('no machine hosts the match');
    const before = { ...this.machine.calls };
    const closedBefore = this.state().closed.length;
    this.machine.tick();
    const calls = Object.fromEntries(
      Object.entries(this.machine.calls)
        .map(([k, n]) => [k, n - (before[k] ?? 0)] as const)
        .filter(([, n]) => n > 0),
    );
    this.executionCalls.push({ calls, closed: this.state().closed.length > closedBefore });
  }

  /** As `--every 60s` does: ticks in the minutes before the deadline (the last one waits for it), then the late answers and the tick after. */
  override passDeadline(answered: PhaseAnswered): void {
    const clock = this.google.clock;
    for (const before of [90, 30]) {
      const when = Date.parse(answered.deadline ?? '') - before * 1000;
      if (clock.now() < when) {
        clock.set(new Date(when).toISOString());
        this.fire('CLOCK');
      }
    }
    super.passDeadline(answered);
  }

  /**
   * The host's menu entries are the add-on's, and it hosts no match a machine hosts: the host takes
   * the match back, answers, and hands it over again.
   */
  override run(name: string, ...args: unknown[]): unknown {
    if (
      !this.machine ||
      !['answerHostDecision', 'extendDeadline', 'undoLastPhase', 'correctPlayerEmail'].includes(name)
    )
      return super.run(name, ...args);
    super.run('hostFromAppsScript');
    const out = super.run(name, ...args);
    super.run('hostFromMachine');
    this.machine = machineFor(this, this.machine.holder);
    return out;
  }
}

function handedOver(game: string, players: number): MachineTable {
  const emails = NAMES.slice(0, players).map((n) => `${n.toLowerCase()}@example.com`);
  const table = new MachineTable(game, emails, { ...DEFAULT_FAULTS, tickAfterMissed: false });
  const started = table.startMatch({
    game,
    players: NAMES.slice(0, players).map((name, i) => ({ name, email: emails[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60, pregame: 30 },
    deadlines: {},
  });
  expect(started.ok).toBe(true);
  table.run('hostFromMachine');
  expect(table.google.properties.get('gh.runner')).toBe('machine');
  expect(table.google.triggers).toEqual([]);
  table.machine = machineFor(table, 'machine-1');
  return table;
}

/**
 * The log's entries, a public row's without its edit id (a random id per read, which also orders
 * the rows one read saw at the same time) and a host action's without its own (drawn when the host
 * acts), a row's time `rowsAt` when given, and sorted: what two runs that logged the same must share. The log is a hash chain whose
 * every entry names the one logged before it (`after`), so the chain is checked whole here, and the
 * links left out of the comparison: they hash those random ids and that order.
 */
function entriesOf(match: MatchFile, rowsAt?: string): string[] {
  expect(chainBreak(match), 'the log is one unbroken chain').toBeNull();
  const chained = <T extends { readonly after?: string }>(e: T) => {
    expect(e.after, 'each entry names the one logged before it').toEqual(expect.any(String));
    return { ...e, after: 'chained' };
  };
  const rows = match.submissions
    .map(chained)
    .map((s) =>
      s.via === 'row'
        ? JSON.stringify({ ...s, response: 'edit', uid: 'edit', ...(rowsAt === undefined ? {} : { at: rowsAt }) })
        : JSON.stringify(s),
    );
  const own = <T extends { readonly uid?: string; readonly after?: string }>(entry: T) => {
    const e = chained(entry);
    return JSON.stringify(e.uid?.startsWith('host:') ? { ...e, uid: 'host' } : e);
  };
  return [...rows.sort(), ...match.decisions.map(own), ...(match.events ?? []).map(own)];
}

function fileOf(table: Table, audience: Audience): SheetFile {
  if (audience === 'host') return table.google.host;
  if (audience === 'public') return table.google.spreadsheet(table.sharedId());
  return table.google.spreadsheet(table.playerFile(audience.slice('player:'.length)).sheet);
}

/** Every audience's spreadsheet shows, tab for tab, what a fresh render of the replayed log shows. */
function expectSheetsLikeReplay(table: Table): void {
  const match = logOf(table.sandbox);
  const result = replayMatch(match, { now: table.google.clock.iso() });
  const audiences: Audience[] = ['host', 'public', ...match.players.map((p) => `player:${p.id}` as Audience)];
  for (const audience of audiences) {
    const fresh = new EmbeddedWorkbook('expected');
    const file = fileOf(table, audience);
    // A player's sheet links their own form (src/triggers/drawing/draw.ts): the URL its pointer holds.
    const player = audience.startsWith('player:') ? audience.slice('player:'.length) : null;
    const pointer = player ? table.google.properties.get(`gh.player.${player}`) : undefined;
    const formUrl: string | undefined = pointer ? JSON.parse(pointer).form.url : undefined;
    renderView(fresh, asDrawn(viewFor(result, audience, formUrl ? { formUrl } : {}), file), {
      dropDefaultSheet: true,
    });
    for (const tab of fresh.tabs)
      expect(file.workbook.sheetByTitle(tab.title)?.cells, `${audience}: ${tab.title}`).toEqual(tab.cells);
  }
}

describe('two machines', () => {
  it('at once: the second finds the lease held and does nothing; the world is as one machine leaves it', () => {
    const table = handedOver(EXAMPLE_GAME.id, 3);
    const { google } = table;
    table.answerPhase();
    const state = table.state();
    const deadline = state.open?.timing.deadline;
    if (!deadline) throw new Error('no deadline');
    google.clock.set(new Date(Date.parse(deadline) + 20_000).toISOString());
    const snapshot = google.snapshot();

    // One machine alone.
    table.machine = machineFor(table, 'alone');
    expect(table.machine.tick().ran).toBe(true);
    const alone = { log: logOf(table.sandbox), calls: { ...table.machine.calls } };

    // The same, with a second machine starting at each of the first one's calls.
    const calls = Object.values(alone.calls).reduce((a, b) => a + b, 0);
    let refusals = 0;
    expect(calls).toBeGreaterThan(5);
    for (let at = 1; at < calls; at += Math.max(1, Math.floor(calls / 8))) {
      google.restore(snapshot);
      const first = machineFor(table, 'first');
      const second = machineFor(table, 'second');
      let n = 0;
      let secondRan: boolean | null = null;
      first.before = () => {
        if (++n !== at || secondRan !== null) return;
        first.before = null;
        secondRan = second.tick().ran;
        first.before = null;
      };
      expect(first.tick().ran).toBe(true);
      // Under the lease the second gives up; before it (the first call reads the store) it may win instead.
      if (secondRan === true) expect(at).toBeLessThanOrEqual(2);
      expect(entriesOf(logOf(table.sandbox))).toEqual(entriesOf(alone.log));
      if (secondRan === false) refusals += 1;
    }
    expect(refusals).toBeGreaterThan(3);
  });

  it("a crashed machine's lease lapses once the next machine has seen it stand still for 10 minutes; that machine then does its work, once", () => {
    const table = handedOver(EXAMPLE_GAME.id, 3);
    const { google } = table;
    table.answerPhase();
    const deadline = table.state().open?.timing.deadline;
    if (!deadline) throw new Error('no deadline');
    google.clock.set(new Date(Date.parse(deadline) + 20_000).toISOString());
    const before = logOf(table.sandbox);

    const crashed = machineFor(table, 'crashed');
    let n = 0;
    let dead = false;
    crashed.before = (call) => {
      // It dies in the middle of its run, holding the lease, after reading the forms: no call of it reaches Google again.
      if (call.startsWith('forms.') && ++n === 2) dead = true;
      if (dead) throw new Error('the machine lost power');
    };
    expect(() => crashed.tick()).toThrow(/lost power/);
    expect(JSON.parse(leaseIn(google.host.workbook.getMetadata()).value ?? '{}').holder).toBe('crashed');

    const next = machineFor(table, 'next');
    // Its first look starts its watch of the lease (its own clock: no time is in the lease).
    expect(next.tick()).toMatchObject({ ran: false });
    google.clock.advance(9 * 60);
    expect(next.tick()).toMatchObject({ ran: false });
    google.clock.advance(61);
    const report = next.tick();
    expect(report.ran).toBe(true);
    const after = logOf(table.sandbox);
    expect(after.submissions.length).toBeGreaterThan(before.submissions.length);
    expect(replayMatch(after, { now: google.clock.iso() }).open?.phase.id).not.toBe(
      replayMatch(before, { now: before.startAt }).open?.phase.id,
    );
    // Nothing twice: every form response once.
    const ids = after.submissions.filter((s) => s.via === 'form').map((s) => s.response);
    expect(new Set(ids).size).toBe(ids.length);
    expectSheetsLikeReplay(table);
  });

  it('a call failing in the middle of a run loses nothing: the next run finishes the work', () => {
    const table = handedOver(EXAMPLE_GAME.id, 3);
    const { google } = table;
    table.answerPhase();
    const deadline = table.state().open?.timing.deadline;
    if (!deadline) throw new Error('no deadline');
    google.clock.set(new Date(Date.parse(deadline) + 20_000).toISOString());
    const snapshot = google.snapshot();
    const clean = machineFor(table, 'clean');
    clean.tick();
    const expected = logOf(table.sandbox);
    const total = Object.values(clean.calls).reduce((a, b) => a + b, 0);
    for (let failAt = 2; failAt <= total; failAt++) {
      google.restore(snapshot);
      const machine = machineFor(table, `fail-${failAt}`);
      let n = 0;
      machine.before = (call) => {
        if (++n === failAt) throw new Error(`HTTP 500 on ${call}`);
      };
      let first: RunReport | null = null;
      try {
        first = machine.tick();
      } catch {
        // Failed (after its retries, in genius-host host): the next execution does the work.
      }
      machine.before = null;
      if (!first?.ran || first.logged === 0) {
        // A failing lease call reads as a lease not taken (busy); a failure after it, as an error.
        google.clock.advance(60);
        expect(machine.tick().ran, `failing call ${failAt}: the next execution`).toBe(true);
      }
      // The same entries (a public row read again a minute later carries that read's time).
      const strip = (m: MatchFile) => entriesOf(m, 'read');
      expect(strip(logOf(table.sandbox)), `failing call ${failAt}`).toEqual(strip(expected));
      expectSheetsLikeReplay(table);
    }
  });
});

/**
 * Two hosts of one match at once (docs/architecture.md, "Two hosts at once"), each step of one
 * interleaved with the other's run: whatever Sheets does with their writes, the log replays as one
 * host's run left it, no entry lost and none twice.
 */
describe('two hosts at once', () => {
  /** A match handed to machines with a phase answered and its deadline just passed; what one machine alone logs from there. */
  function overdue(game = EXAMPLE_GAME.id) {
    const table = handedOver(game, 3);
    const { google } = table;
    table.answerPhase();
    const deadline = table.state().open?.timing.deadline;
    if (!deadline) throw new Error('no deadline');
    google.clock.set(new Date(Date.parse(deadline) + 20_000).toISOString());
    const snapshot = google.snapshot();
    const alone = machineFor(table, 'alone');
    expect(alone.tick().ran).toBe(true);
    const expected = logOf(table.sandbox);
    const calls = Object.values(alone.calls).reduce((a, b) => a + b, 0);
    google.restore(snapshot);
    return { table, snapshot, expected, calls };
  }

  /** Whether the lease names `holder` now. */
  const holds = (table: MachineTable, holder: string) =>
    leaseIn(table.google.host.workbook.getMetadata()).lease?.holder === holder;

  /** Where a replay of `match` stands now: the phases closed, the open one, every receipt. */
  const standing = (table: MachineTable, match: MatchFile) => {
    const r = replayMatch(match, { now: table.google.clock.iso() });
    return {
      closed: r.closed.map((c) => c.phase.id),
      open: r.open?.phase.id,
      receipts: r.receipts.map((x) => [x.player, x.phase, x.status]).sort(),
    };
  };

  /** Whether two logs hold the same entries (repeats ignored, as replay ignores them) and replay to the same standing. */
  const sameLog = (table: MachineTable, a: MatchFile, b: MatchFile) =>
    JSON.stringify(entriesOf(a).sort()) === JSON.stringify(entriesOf(b).sort()) &&
    JSON.stringify(standing(table, a)) === JSON.stringify(standing(table, b));

  /** The log as its replay reads it equals `expected`: the same entries (repeats ignored), the same standing. */
  function expectOneHostsLog(table: MachineTable, expected: MatchFile, where: string): void {
    const log = logOf(table.sandbox);
    expect(entriesOf(log).sort(), where).toEqual(entriesOf(expected).sort());
    expect(standing(table, log), where).toEqual(standing(table, expected));
  }

  it('the add-on and a machine both hosting (its properties name no runner): the host pauses the match in the add-on at steps all through the machine’s run', () => {
    const { table, snapshot, calls } = overdue();
    const { google } = table;
    // Both think they host: the add-on's properties name no runner (as when it took a match back from
    // a machine it thought had crashed), the store tab names the machine.
    google.properties.delete('gh.runner');
    // The host's pause is the add-on's alone (no read of the machine's finds it again), and the
    // public rows the machine's alone (the add-on, handed over, has no edit trigger any more).
    const hostPauses = () => {
      table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
      table.run('pauseMatch');
      expect(google.ui.alerts.at(-1)).toMatch(/Open now: /);
    };
    const halfway = google.snapshot();
    // One host after the other, in either order.
    hostPauses();
    expect(machineFor(table, 'after').tick().ran).toBe(true);
    const pauseFirst = logOf(table.sandbox);
    google.restore(halfway);
    expect(machineFor(table, 'before').tick().ran).toBe(true);
    hostPauses();
    const machineFirst = logOf(table.sandbox);
    for (const log of [pauseFirst, machineFirst]) expect(log.events?.filter((e) => e.type === 'pause')).toHaveLength(1);
    expect(entriesOf(machineFirst).length).toBeGreaterThan(entriesOf(pauseFirst).length);
    let tried = 0;
    for (let at = 1; at < calls; at += Math.max(1, Math.floor(calls / 10))) {
      google.restore(halfway);
      const machine = machineFor(table, `machine-${at}`);
      let n = 0;
      machine.before = () => {
        if (++n !== at) return;
        machine.before = null;
        hostPauses();
      };
      try {
        expect(machine.tick().ran).toBe(true);
      } catch (error) {
        // The add-on redrew a spreadsheet the machine then drew from what it had read before: Sheets
        // refuses that batch whole, and the machine's next execution draws again.
        expect(String(error)).toMatch(/already exists/);
        google.clock.advance(60);
        expect(machine.tick().ran).toBe(true);
      }
      expect(n, `the add-on ran at call ${at}`).toBeGreaterThanOrEqual(at);
      const log = logOf(table.sandbox);
      const like = [pauseFirst, machineFirst].filter((one) => sameLog(table, log, one));
      expect(like, `the add-on at the machine's call ${at}: the log is one of the two orders'`).toHaveLength(1);
      tried += 1;
    }
    expect(tried).toBeGreaterThan(5);
    google.restore(snapshot);
  }, 300_000);

  it('two machines, one with a clock 12 minutes fast: it never takes the lease, at steps all through the other’s run', () => {
    const { table, expected, snapshot, calls } = overdue();
    const { google } = table;
    for (let at = 1; at < calls; at += Math.max(1, Math.floor(calls / 12))) {
      google.restore(snapshot);
      const first = machineFor(table, 'first');
      const fast = machineFor(table, 'fast', { skewMs: 12 * 60_000 });
      let n = 0;
      let fastRan: boolean | null = null;
      first.before = () => {
        if (!holds(table, 'first') || ++n !== at) return;
        first.before = null;
        fastRan = fast.tick().ran;
      };
      expect(first.tick().ran).toBe(true);
      if (n < at) break;
      expect(fastRan, `the fast machine at call ${at}`).toBe(false);
      expectOneHostsLog(table, expected, `the fast machine at call ${at}`);
    }
  });

  it('two machines, one run longer than the lease: it keeps the lease, and the other, looking every 3 minutes, never runs', () => {
    // Answers by form only: their times are the forms', whenever a run reads them.
    const { table, expected } = overdue(formOnlyGame(3).id);
    const { google } = table;
    const long = machineFor(table, 'long');
    const other = machineFor(table, 'other');
    const ran: boolean[] = [];
    // Each call of the long run takes 3 minutes (Google slow, the machine busy): the run lasts far longer than the lease.
    long.before = () => {
      if (!holds(table, 'long')) return;
      google.clock.advance(3 * 60);
      ran.push(other.tick().ran);
    };
    expect(long.tick().ran).toBe(true);
    long.before = null;
    expect(ran.length * 3).toBeGreaterThan(30);
    expect(ran.every((r) => !r)).toBe(true);
    expectOneHostsLog(table, expected, 'a long run');
  });

  it('a machine that lost its lease (stopped for 11 minutes mid-run) writes nothing more; the one that took it over does the work once', () => {
    const { table, expected, snapshot, calls } = overdue(formOnlyGame(3).id);
    const { google } = table;
    const formAnswers = (m: MatchFile) => m.submissions.filter((s) => s.via === 'form').map((s) => s.uid);
    let stopped = 0;
    for (let at = 1; at < calls; at += Math.max(1, Math.floor(calls / 12))) {
      google.restore(snapshot);
      const frozen = machineFor(table, 'frozen');
      const next = machineFor(table, 'next');
      let n = 0;
      // Every spreadsheet's tabs and cells, the host's first.
      const world = () =>
        JSON.stringify(
          [google.host, ...google.sheets.values()].map((f) => [f.id, f.workbook.tabs.map((t) => [t.title, t.cells])]),
        );
      let taken: string | null = null;
      frozen.before = () => {
        if (!holds(table, 'frozen') || ++n !== at) return;
        frozen.before = null;
        // The other machine looks, the frozen one's process stops for 11 minutes, the other looks again and takes over.
        expect(next.tick().ran).toBe(false);
        google.clock.advance(11 * 60);
        expect(next.tick().ran).toBe(true);
        taken = world();
      };
      let lost: unknown = null;
      try {
        frozen.tick();
      } catch (error) {
        lost = error;
      }
      if (taken === null) break;
      // Back, the frozen run stopped at its next call (or had none left): every spreadsheet is as the other left it.
      if (lost !== null) {
        expect(String(lost)).toMatch(/took the lease over/);
        stopped += 1;
      }
      expect(world() === taken, `frozen at call ${at}: a write after the lease was lost`).toBe(true);
      // Every form answer once; the phase resolved once.
      const log = logOf(table.sandbox);
      expect(formAnswers(log).sort(), `frozen at call ${at}`).toEqual(formAnswers(expected).sort());
      const now = google.clock.iso();
      expect(replayMatch(log, { now }).closed.map((c) => c.phase.id)).toEqual(
        replayMatch(expected, { now }).closed.map((c) => c.phase.id),
      );
    }
    expect(stopped).toBeGreaterThan(3);
  }, 300_000);

  it('fencing: a machine asleep with its write on the way (its lease checked, its clock stopped) has that write refused whole once another took over; the new holder writes', () => {
    // Around the renewal: the old holder's guard passed and its own clock did not move (a laptop
    // asleep, whose monotonic clock leaves the sleep out), so only the token can stop its write.
    const { table, expected, snapshot, calls } = overdue(formOnlyGame(3).id);
    const { google } = table;
    const formAnswers = (m: MatchFile) => m.submissions.filter((s) => s.via === 'form').map((s) => s.uid);
    const hostFile = () =>
      JSON.stringify([
        google.host.workbook.tabs.map((t) => [t.title, t.cells]),
        google.host.workbook.getMetadata().sheets?.map((s) => s.developerMetadata),
      ]);
    let refused = 0;
    for (let at = 1; at < calls; at += 1) {
      google.restore(snapshot);
      const asleep = machineFor(table, 'asleep');
      const next = machineFor(table, 'next');
      let n = 0;
      let taken: string | null = null;
      asleep.sending = (call, fileId) => {
        // Only its writes to the host spreadsheet: the log, the store, the host's tabs.
        if (call !== 'batchUpdate' || fileId !== google.host.id || !holds(table, 'asleep') || ++n !== at) return;
        asleep.sending = null;
        expect(next.tick().ran).toBe(false);
        google.clock.advance(11 * 60);
        expect(next.tick().ran, `asleep at its write ${at}`).toBe(true);
        expect(leaseIn(google.host.workbook.getMetadata()).token).toBe(1);
        taken = hostFile();
      };
      let lost: unknown = null;
      try {
        asleep.tick();
      } catch (error) {
        lost = error;
      }
      if (taken === null) break;
      expect(String(lost), `asleep at its write ${at}`).toMatch(/took the lease over/);
      refused += 1;
      // Nothing of the refused write landed: the host spreadsheet is exactly as the new holder left it.
      expect(hostFile() === taken, `asleep at its write ${at}: its write landed after the lease was taken over`).toBe(
        true,
      );
      const log = logOf(table.sandbox);
      expect(formAnswers(log).sort(), `asleep at its write ${at}`).toEqual(formAnswers(expected).sort());
      // The new holder's writes land: its next run writes under token 1.
      google.clock.advance(60);
      const again = next.tick();
      expect(again.ran).toBe(true);
      expect(next.lock.token).toBeNull();
    }
    expect(refused).toBeGreaterThan(2);
  }, 300_000);

  it('Host from Apps Script again, giving a stopped machine’s lease back after 10 minutes, raises the fence: the machine’s write on its way is refused whole', () => {
    const { table } = overdue(formOnlyGame(3).id);
    const { google } = table;
    const hostFile = () => JSON.stringify(google.host.workbook.tabs.map((t) => [t.title, t.cells]));
    const asleep = machineFor(table, 'asleep');
    let taken: string | null = null;
    asleep.sending = (call, fileId) => {
      if (call !== 'batchUpdate' || fileId !== google.host.id || !holds(table, 'asleep')) return;
      asleep.sending = null;
      // The host takes the match back while the machine sleeps: refused at first (a run under way), then, 10 minutes on, the lease is given back.
      table.run('hostFromAppsScript');
      expect(google.ui.alerts.at(-1)).toMatch(/A machine is in the middle of a run/);
      google.clock.advance(11 * 60);
      table.run('hostFromAppsScript');
      expect(google.ui.alerts.at(-1)).toMatch(/Apps Script hosts the match again/);
      expect(leaseIn(google.host.workbook.getMetadata())).toMatchObject({ value: 'free', token: 1 });
      taken = hostFile();
    };
    expect(() => asleep.tick()).toThrow(/took the lease over/);
    expect(taken).not.toBeNull();
    expect(hostFile() === taken, 'the machine wrote after Apps Script took the match back').toBe(true);
  });
});
