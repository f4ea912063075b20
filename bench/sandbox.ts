// npm run bench, section 6: the add-on itself (dist/Code.js) in the sandbox of test/sandbox, for a
// whole match of each game at its largest, a phase a day, and for a live session of each at its
// rules' pace (Game.livePace), under both readings of the cost model (src/triggers/google/latency.ts):
// sourced and pessimistic. The targets of issue 26 are checked on the pessimistic reading.

import { LIVE_PACE } from '../src/engine/core/game.js';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GAME_LIST, gameById } from '../src/engine/index.js';
import { LATENCY } from '../src/triggers/google/latency.js';
import { projectTriggerUse } from '../src/triggers/schedule/trigger-time.js';
import {
  DAILY_TRIGGER_TARGET_MINUTES,
  DEADLINE_TO_BOARDS_TARGET_MS,
  LIVE_SESSION_TARGET_MINUTES,
  LONGEST_EXECUTION_TARGET_MS,
  type MatchBudget,
  type Reading,
  budgetLine,
  costOf,
  deadlineToBoards,
  matchBudget,
  readOf,
} from '../test/reliability/cost.js';
import {
  DAY_CASES,
  LARGE_CASES,
  type MatchCase,
  deadlinesAndSheets,
  emailsOf,
  setupOf,
} from '../test/reliability/scenarios.js';
import { Table as SandboxTable } from '../test/sandbox/players.js';

/** What a game's own bench/games/<id>/sandbox.ts says of its sandbox matches; every part is optional. */
interface GameSandbox {
  /** Executions of its phase-a-day match before issue 26 (a minute trigger all match long); the target is an eighth. */
  readonly executionsBefore?: number;
  /** Options its live session plays with, over those of its largest case. */
  readonly liveOptions?: Readonly<Record<string, unknown>>;
  /** Its live session's trigger-minutes target, where not LIVE_SESSION_TARGET_MINUTES (issue 42). */
  readonly liveTargetMinutes?: number;
  /** Deadline to every board, worst seconds before issue 42: no deadline may reach its boards later. */
  readonly boardsBefore?: { readonly day: number; readonly live: number };
}

/** Each game's own sandbox figures (bench/games/<id>/sandbox.ts), by game id. */
const OWN: ReadonlyMap<string, GameSandbox> = new Map(
  await Promise.all(
    GAME_LIST.map(async (game): Promise<[string, GameSandbox]> => {
      const url = new URL(`games/${game.id}/sandbox.ts`, import.meta.url);
      return [game.id, existsSync(fileURLToPath(url)) ? ((await import(url.href)) as GameSandbox) : {}];
    }),
  ),
);

/** Each game's largest match at the pace its rules give, with the options its live session plays. */
const LIVE_CASES: readonly MatchCase[] = LARGE_CASES.map((c) => {
  const pace = gameById(c.game).livePace ?? LIVE_PACE;
  const live = OWN.get(c.game)?.liveOptions;
  const options = live ? { ...c.options, ...live } : c.options;
  return { ...c, minutes: pace.minutes, ...(options ? { options } : {}) };
});

interface Played {
  readonly c: MatchCase;
  readonly executions: number;
  readonly budget: MatchBudget;
  readonly boards: number[];
  readonly mostWrites: number;
  readonly hostMost: number;
  readonly otherMost: number;
  readonly mostKb: number;
  readonly refused: number;
  readonly reminded: number;
  /** Replays of each execution that replayed the match (its run report: at most two, src/triggers/execution/pipeline.ts). */
  readonly replays: number[];
}

/** One match played to its end with the clock triggers as armed, the fake clock moved as `model` says the calls take. */
function play(c: MatchCase, model: Reading): Played {
  const table = new SandboxTable(c.game, emailsOf(c));
  // From the start on (its calls included: a start call sees its own time pass and leaves the rest
  // to the next, start.ts), the fake clock runs as the model says the calls take.
  table.google.onCall = (call, _index, when) => {
    if (when === 'after') table.google.clock.advance(costOf(call, model) / 1000);
  };
  const started = table.startMatch(setupOf(c));
  if (!started.ok) throw new Error(`${c.game}: the start was refused: ${JSON.stringify(started.errors)}`);
  table.clockTriggers(30, readOf(LATENCY.oneShotDelay, model));
  table.playToEnd();
  // What the end left over runs within the hour; then whether a clock trigger is left (retire.ts).
  table.google.clock.advance(60 * 60);
  const clockLeft = table.google.triggers.some((t) => t.kind === 'CLOCK');
  const hostId = table.google.host.id;
  let hostMost = 0;
  let otherMost = 0;
  let mostWrites = 0;
  let mostKb = 0;
  for (const e of table.google.executions.filter((x) => x.name !== 'startMatch')) {
    const writes = e.calls.filter((call) => call.name === 'Sheets.Spreadsheets.batchUpdate' && !call.failed);
    const per = new Map<string, number>();
    for (const w of writes) per.set(w.spreadsheet!, (per.get(w.spreadsheet!) ?? 0) + 1);
    hostMost = Math.max(hostMost, per.get(hostId) ?? 0);
    otherMost = Math.max(otherMost, ...[...per].filter(([id]) => id !== hostId).map(([, n]) => n));
    mostWrites = Math.max(mostWrites, writes.length);
    mostKb = Math.max(
      mostKb,
      writes.reduce((n, w) => n + w.bytesOut, 0),
    );
  }
  const { deadlines, spreadsheets } = deadlinesAndSheets(table);
  return {
    c,
    executions: table.google.executions.length,
    budget: matchBudget(table.google.executions, table.google.sheetsCalls, 'measured', model, clockLeft),
    boards: deadlineToBoards(table.google.executions, deadlines, spreadsheets),
    mostWrites,
    hostMost,
    otherMost,
    mostKb,
    refused: table.google.triggersRefused.length,
    reminded: table.google.mail.length,
    replays: table.google.executions.flatMap((e) => (e.replays !== undefined && e.replays > 0 ? [e.replays] : [])),
  };
}

const sec = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** What the sidebar projects for the case (a game on its turn clock on it), on the model or on an account's figures. */
function projected(c: MatchCase, model: Reading = 'pessimistic'): number {
  const clock = gameById(c.game).livePace?.turnClock;
  return projectTriggerUse({
    ...(typeof model === 'object' ? { measured: model.measured } : {}),
    players: c.players,
    minutes: clock ? { default: 1440 } : c.minutes,
    ...(clock ? { turnClock: clock } : {}),
  }).minutesPerDay;
}

/** npm run bench -- --game ID [--live | --day]: one game's sandbox matches, pessimistic only (a developer's check). */
export interface SandboxOnly {
  readonly game: string;
  readonly day: boolean;
  readonly live: boolean;
}

type Say = (text?: string) => void;
type Table = (header: string[], rows: (string | number)[][]) => void;

/**
 * The section: its tables, and every missed target pushed onto `failures`. `measured`: an account's
 * own figures (npm run bench -- --latencies FILE): the matches run on them alone, the targets are
 * not judged (they are the pessimistic reading's).
 */
export function sandboxSection(
  say: Say,
  table: Table,
  failures: string[],
  measured?: Extract<Reading, object>,
  only?: SandboxOnly,
): void {
  say('## The add-on in the sandbox: each game at its largest, a phase a day and live');
  say();
  say('The built bundle runs in `node:vm` against the Apps Script fakes of test/sandbox; every service call is');
  say('counted, and the fake clock runs as the cost model says the calls take (test/reliability/cost.ts, on the');
  say('latencies of src/triggers/google/latency.ts, each with its source), read two ways: **sourced** (the public');
  say('figures) and **pessimistic** (each at its worst public figure, or well above any where none exists). The');
  say(
    'clock triggers run as the add-on arms them (src/triggers/schedule/clock-triggers.ts): an hourly safety net, a one-shot',
  );
  say('trigger for the next moment something is due (run as late as the model says: a minute sourced, 15');
  say('minutes pessimistic), and a minute trigger from 20 minutes before each deadline to its close. "Trigger');
  say('minutes" is the busiest 24 hours of trigger time (every trigger execution, its start, lock waits and');
  say('waits for a deadline included); "projected" is what the sidebar shows (src/triggers/schedule/trigger-time.ts,');
  say('pessimistic), which must not be less. "Deadline to every board" is, for each deadline, the time until');
  say('every spreadsheet of the match had its first write after it. A live session is the whole match at its');
  say("rules' pace (Pasture: a 20-minute pregame and five 15-minute rounds; Peg Domain: 2-minute turns, 8");
  say('minutes of reserve; the others a round an hour).');
  say();
  const pessimistic: { day: Played[]; live: Played[] } = { day: [], live: [] };
  // Pessimistic first: the targets are judged on it. Each match's line goes to standard error as it ends.
  const readings: readonly [string, Reading][] = measured
    ? [['measured (the report’s figures)', measured]]
    : only
      ? [['pessimistic', 'pessimistic']]
      : [
          ['pessimistic', 'pessimistic'],
          ['sourced', 'sourced'],
        ];
  const chosen = (cases: readonly MatchCase[], wanted: boolean) =>
    only ? (wanted ? cases.filter((c) => c.game === only.game) : []) : cases;
  for (const [name, model] of readings) {
    const played = (c: MatchCase, kind: string) => {
      const p = play(c, model);
      console.error(
        `[${name}, ${kind}] ${budgetLine(`${c.game}, ${c.players} players`, p.budget)}; boards ${boardsCell(p.boards)}${only ? ` (each deadline, s: ${p.boards.map((ms) => (ms / 1000).toFixed(0)).join(' ')})` : ''}`,
      );
      return p;
    };
    const day = chosen(DAY_CASES, only?.day ?? true).map((c) => played(c, 'a phase a day'));
    const live = chosen(LIVE_CASES, only?.live ?? true).map((c) => played(c, 'live'));
    if (model === 'pessimistic') Object.assign(pessimistic, { day, live });
    say(`### ${name}: a phase a day`);
    say();
    table(
      [
        'game',
        'players',
        'executions (before issue 26)',
        'replays per execution that replayed: mean / most',
        'most Sheets writes in one',
        'batchUpdates per spreadsheet: host / others',
        'most KB sent in one',
        'longest execution (model)',
        'busiest minute: writes / reads',
        'trigger minutes, busiest day',
        'projected (sidebar)',
        'deadline to every board: median / worst (deadlines)',
      ],
      day.map((p) => [
        p.c.game,
        p.c.players,
        `${p.executions} (${OWN.get(p.c.game)?.executionsBefore ?? '-'})`,
        replaysCell(p.replays),
        p.mostWrites,
        `${p.hostMost} / ${p.otherMost}`,
        kb(p.mostKb),
        `${sec(p.budget.worst.ms)} (${p.budget.worst.name})`,
        `${p.budget.sheetsWritesPerMinute} / ${p.budget.sheetsReadsPerMinute}`,
        p.budget.dailyMinutes.toFixed(1),
        projected(p.c, model),
        boardsCell(p.boards),
      ]),
    );
    say(`### ${name}: a live session at the rules' pace`);
    say();
    table(
      [
        'game',
        'players',
        'pace (minutes by phase kind)',
        'executions',
        'longest execution',
        'trigger minutes, whole session',
        'deadline to every board: median / worst',
      ],
      live.map((p) => [
        p.c.game,
        p.c.players,
        paceOf(p.c),
        p.executions,
        `${sec(p.budget.worst.ms)} (${p.budget.worst.name})`,
        p.budget.dailyMinutes.toFixed(1),
        boardsCell(p.boards),
      ]),
    );
    say(`In words (${name}):`);
    say();
    for (const p of day)
      say(`- ${budgetLine(`${p.c.game}, ${p.c.players} players`, p.budget)}; ${p.reminded} reminder emails sent`);
    say();
  }
  if (!measured) targets(say, table, pessimistic, failures);
}

function replaysCell(replays: readonly number[]): string {
  if (replays.length === 0) return '-';
  return `${(replays.reduce((a, b) => a + b, 0) / replays.length).toFixed(2)} / ${Math.max(...replays)}`;
}

function boardsCell(boards: readonly number[]): string {
  if (boards.length === 0) return '-';
  const sorted = [...boards].sort((a, b) => a - b);
  return `${sec(sorted[Math.floor(sorted.length / 2)])} / ${sec(sorted[sorted.length - 1])} (${boards.length})`;
}

function paceOf(c: MatchCase): string {
  const clock = gameById(c.game).livePace?.turnClock;
  if (clock) return `turn ${clock.turnSeconds / 60} min, reserve ${clock.reserveSeconds / 60} min`;
  return Object.entries(c.minutes)
    .map(([kind, m]) => `${kind} ${m}`)
    .join(', ');
}

/** Issue 26's and issue 42's targets on the pessimistic reading, each measured / target. */
function targets(say: Say, table: Table, p: { day: Played[]; live: Played[] }, failures: string[]): void {
  say('### Targets of issues 26 and 42 (pessimistic), measured / target');
  say();
  const rows: (string | number)[][] = [];
  const check = (what: string, game: string, measured: number, target: number, unit: string, digits = 1) => {
    const met = measured <= target;
    rows.push([what, game, `${measured.toFixed(digits)} / ${target.toFixed(digits)} ${unit}`, met ? 'met' : 'MISSED']);
    if (!met)
      failures.push(`${game}: ${what} ${measured.toFixed(digits)} ${unit} (target ≤ ${target.toFixed(digits)})`);
  };
  for (const d of p.day) {
    const before = OWN.get(d.c.game)?.executionsBefore;
    if (before !== undefined) check('executions, a phase a day', d.c.game, d.executions, before / 8, 'executions', 0);
    check('replays in one execution (issue 25)', d.c.game, Math.max(0, ...d.replays), 2, 'replays', 0);
    check('trigger minutes, busiest day', d.c.game, d.budget.dailyMinutes, DAILY_TRIGGER_TARGET_MINUTES, 'min');
    if (d.budget.dailyMinutes > projected(d.c))
      failures.push(
        `${d.c.game}: ${d.budget.dailyMinutes.toFixed(1)} trigger minutes a day, more than the sidebar's ${projected(d.c)}`,
      );
    if (d.refused > 0) failures.push(`${d.c.game}: ${d.refused} triggers refused (the day's trigger time spent)`);
    if (d.otherMost > 1 || d.hostMost > 2)
      failures.push(
        `${d.c.game}: ${d.otherMost} batchUpdates to one spreadsheet in one execution (host ${d.hostMost})`,
      );
  }
  for (const l of p.live)
    check(
      'trigger minutes, live session',
      l.c.game,
      l.budget.dailyMinutes,
      OWN.get(l.c.game)?.liveTargetMinutes ?? LIVE_SESSION_TARGET_MINUTES,
      'min',
    );
  // No deadline reaches its boards later than before issue 42 (the reverted prebuild took one to 715 s).
  for (const [kind, list] of [
    ['day', p.day],
    ['live', p.live],
  ] as const)
    for (const x of list) {
      const before = OWN.get(x.c.game)?.boardsBefore?.[kind];
      if (before !== undefined && x.boards.length > 0)
        check(
          `deadline to every board, worst, no later than before (${kind})`,
          x.c.game,
          Math.max(...x.boards) / 1000,
          before,
          's',
          0,
        );
    }
  for (const x of [...p.day, ...p.live]) {
    if (x.boards.length > 0)
      check(
        'deadline to every board, worst',
        x.c.game,
        Math.max(...x.boards) / 60_000,
        DEADLINE_TO_BOARDS_TARGET_MS / 60_000,
        'min',
      );
    check(
      `longest execution (${x.budget.worst.name})`,
      x.c.game,
      x.budget.worst.ms / 60_000,
      LONGEST_EXECUTION_TARGET_MS / 60_000,
      'min',
      2,
    );
  }
  table(['target', 'game', 'measured / target', ''], rows);
}
