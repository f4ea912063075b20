// What the HTTP tests of hosting from Node share (host.test.ts, host-faults.test.ts): the sandbox's
// add-on starts a match and hands it to a machine; every execution after that is genius-host host's
// (test/http/host-child.ts: the command's ports with the REST Forms and Files ports, in a process of
// its own, on the test's clock) calling the loopback server, which serves the sandbox's own
// spreadsheets, forms and Drive. Players answer in the sandbox (their forms and their rows) as they
// would in Google.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import { GAME_LIST, loadMatch, replayMatch, viewFor } from '../../src/engine/index.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { renderView } from '../../src/sheets/index.js';
import type { RunReport } from '../../src/triggers/host/match-host.js';
import { DEFAULT_FAULTS, Table, logOf } from '../sandbox/players.js';
import type { SheetFile } from '../sandbox/sheets.js';
import { LoopbackGoogle, type ServerOptions } from './google-server.js';
import { type CliRun, runGeniusHost } from './cli-run.js';

const root = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'gh-host-'));
const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jo', 'Kai', 'Lea'];

export type Tick = { report?: RunReport; calls?: Record<string, number>; error?: string };
/** Executions that failed and were followed by one that did the work (the fault tests print them). */
export const failures: string[] = [];

/** genius-host host's executions in a child process, one per time written to it. */
export class HostChild {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly answers: ((tick: Tick) => void)[] = [];
  stderr = '';

  constructor(google: LoopbackGoogle, hostId: string, key: string, env: Record<string, string> = {}) {
    this.child = spawn(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), join(__dirname, 'host-child.ts'), hostId],
      {
        cwd: root,
        env: {
          ...process.env,
          HOME: dir,
          METADATA_SERVER_DETECTION: 'none',
          GENIUS_HOST_GOOGLE_ROOT_URL: google.rootUrl,
          GENIUS_HOST_GOOGLE_RETRY_MS: '5',
          GOOGLE_APPLICATION_CREDENTIALS: key,
          ...env,
        },
      },
    );
    this.child.stderr.on('data', (chunk) => (this.stderr += chunk));
    createInterface({ input: this.child.stdout }).on('line', (line) =>
      this.answers.shift()?.(JSON.parse(line) as Tick),
    );
  }

  tick(at: string): Promise<Tick> {
    return new Promise((resolve) => {
      this.answers.push(resolve);
      this.child.stdin.write(`${at}\n`);
    });
  }

  close(): void {
    this.child.stdin.end();
  }
}

/** The sandbox's table, for a match a machine hosts: form answers wake nothing, and the host's menu entries take the match back first. */
class HostedTable extends Table {
  override fire(kind: 'CLOCK' | 'ON_FORM_SUBMIT'): void {
    if (kind === 'CLOCK') throw new Error('a machine hosts this match: no clock trigger');
  }

  override run(name: string, ...args: unknown[]): unknown {
    if (
      !['answerHostDecision', 'extendDeadline', 'undoLastPhase', 'correctPlayerEmail', 'substitutePlayer'].includes(
        name,
      )
    )
      return super.run(name, ...args);
    super.run('hostFromAppsScript');
    const out = super.run(name, ...args);
    super.run('hostFromMachine');
    return out;
  }
}

function run(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return runGeniusHost(args, {
    HOME: dir,
    METADATA_SERVER_DETECTION: 'none',
    GENIUS_HOST_GOOGLE_RETRY_MS: '5',
    ...env,
  });
}

/** Every registered game, with four players where it seats four, else the nearest count it takes. */
export const CASES: readonly { game: string; players: number }[] = GAME_LIST.map((game) => ({
  game: game.id,
  players: Math.min(Math.max(4, game.playerCount.min), game.playerCount.max),
}));

/**
 * A started match handed to a machine, and the loopback server serving the sandbox's world; `setup`:
 * more of the setup (`anonymous`); `world`: the sandbox world's options (`refuseResponderRestriction`).
 */
export async function handedOver(
  game: string,
  players: number,
  options: ServerOptions = {},
  setup: Readonly<Record<string, unknown>> = {},
  world: Readonly<Record<string, unknown>> = {},
) {
  const emails = NAMES.slice(0, players).map((n) => `${n.toLowerCase()}@example.com`);
  const table = new HostedTable(game, emails, { ...DEFAULT_FAULTS, tickAfterMissed: false });
  Object.assign(table.google.options, world);
  const started = table.startMatch({
    game,
    players: NAMES.slice(0, players).map((name, i) => ({ name, email: emails[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60, pregame: 30 },
    deadlines: {},
    ...setup,
  });
  expect(started.ok).toBe(true);
  table.run('hostFromMachine');
  const google = new LoopbackGoogle({ ...options, sandboxWorld: table.google });
  await google.start();
  const key = google.writeKeyFile(join(dir, `key-${game}-${new URL(google.rootUrl).port}.json`));
  return { table, google, key };
}

/**
 * Plays the match to its end (or for `steps` phases and decisions), the machine ticking as --every
 * 60s does around each deadline; every execution's answer.
 */
export async function playToEnd(
  game: string,
  table: HostedTable,
  machine: HostChild,
  beforeTick: (at: number, deadline: number) => void = () => {},
  tolerate = false,
  steps = Infinity,
): Promise<Tick[]> {
  const clock = table.google.clock;
  const ticks: Tick[] = [];
  const tickAt = async (ms: number, deadline: number) => {
    if (clock.now() >= ms) return;
    clock.set(new Date(ms).toISOString());
    beforeTick(ms, deadline);
    let tick = await machine.tick(clock.iso());
    if (tick.error !== undefined && tolerate) {
      // A call whose first try took effect but timed out can make the execution fail (a batchUpdate
      // refused when tried again): genius-host host logs it, and the next execution does the work.
      failures.push(tick.error);
      clock.advance(60);
      tick = await machine.tick(clock.iso());
    }
    expect(tick.error, `${game} at ${clock.iso()}: ${JSON.stringify(tick)}`).toBeUndefined();
    ticks.push(tick);
  };
  for (let guard = 0; ; guard++) {
    if (guard === 400) throw new Error(`${game} did not end`);
    if (guard === steps) return ticks;
    const answered = table.answerPhase();
    if (answered === 'over') return ticks;
    if (answered === 'decided') continue;
    // As --every 60s does: the minutes before the deadline (the last one waits for it), then after it.
    const deadline = answered.deadline ? Date.parse(answered.deadline) : clock.now() + 60_000;
    for (const offset of [-90, -30, 20]) await tickAt(deadline + offset * 1000, deadline);
  }
}

/** The pulled file replays to the end; every spreadsheet shows what its replay shows; every form response is logged once. */
export async function expectLikePulledReplay(
  game: string,
  table: HostedTable,
  google: LoopbackGoogle,
  key: string,
): Promise<void> {
  const pulled = await run(['pull', '--spreadsheet', table.google.host.id], {
    GENIUS_HOST_GOOGLE_ROOT_URL: google.rootUrl,
    GOOGLE_APPLICATION_CREDENTIALS: key,
  });
  expect(pulled.stderr).toBe('');
  const loaded = loadMatch(JSON.parse(pulled.stdout));
  if (!loaded.ok) throw new Error(loaded.error);
  expect(loaded.value).toEqual(logOf(table.sandbox));
  const result = replayMatch(loaded.value, { now: table.google.clock.iso() });
  expect(result.final).not.toBeNull();
  const audiences: Audience[] = ['host', 'public', ...loaded.value.players.map((p) => `player:${p.id}` as Audience)];
  for (const audience of audiences) {
    const fresh = new EmbeddedWorkbook('expected');
    renderView(fresh, viewFor(result, audience), { dropDefaultSheet: true });
    const file: SheetFile =
      audience === 'host'
        ? table.google.host
        : table.google.spreadsheet(
            audience === 'public' ? table.sharedId() : table.playerFile(audience.slice('player:'.length)).sheet,
          );
    for (const tab of fresh.tabs)
      expect(file.workbook.sheetByTitle(tab.title)?.cells, `${game} ${audience}: ${tab.title}`).toEqual(tab.cells);
  }
  const responses = [...table.google.forms.values()].reduce((n, f) => n + f.responses.length, 0);
  const fromForms = loaded.value.submissions.filter((s) => s.via === 'form').map((s) => s.response);
  expect(new Set(fromForms).size).toBe(responses);
  expect(fromForms).toHaveLength(responses);
}
