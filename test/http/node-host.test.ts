// The Node host over real HTTP: the built genius-host command (a child process, as a user runs it)
// calls Google's REST APIs through Google's client packages, pointed at a loopback server
// (test/http/google-server.ts) with GENIUS_HOST_GOOGLE_ROOT_URL, authenticated by a service
// account key file made for the test.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import {
  EXAMPLE_GAME,
  GAME_LIST,
  type MatchFile,
  audiencesOf,
  loadMatch,
  replayMatch,
  replayOutput,
  stringifyMatchFile,
} from '../../src/engine/index.js';
import { renderAudience } from '../../src/cli/outputs.js';
import type { SheetState } from '../../src/workbook/workbook.js';
import { MatchLog } from '../../src/triggers/saved/match-log.js';
import { type SheetFile, spreadsheetPort } from '../sandbox/sheets.js';
import { ACCOUNT, LoopbackGoogle } from './google-server.js';
import { type CliRun, runGeniusHost } from './cli-run.js';

const root = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'gh-node-host-'));

/** Runs the built command with `env` added (and no credential from the machine it runs on). */
function run(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return runGeniusHost(args, {
    HOME: dir,
    GOOGLE_APPLICATION_CREDENTIALS: '',
    METADATA_SERVER_DETECTION: 'none',
    GENIUS_HOST_GOOGLE_RETRY_MS: '5',
    ...env,
  });
}

const examplePath = (name: string) => join(root, 'examples', `${name}.json`);
/** Every registered game's examples: examples/<id>.json, or examples/<id>-<variant>.json. */
const EXAMPLES = readdirSync(join(root, 'examples'))
  .filter((file) => GAME_LIST.some((game) => file === `${game.id}.json` || file.startsWith(`${game.id}-`)))
  .map((file) => file.replace(/\.json$/, ''));
/** The games with an example of their own id, in the registry's order: rendering and pulling do not depend on which. */
const SOME = GAME_LIST.map((game) => game.id).filter((id) => existsSync(examplePath(id)));
/** Pulling does not depend on the game: two games' logs (and a third under faults, below). */
const PULLED = [SOME[0], EXAMPLE_GAME.id];
function example(name: string): MatchFile {
  const loaded = loadMatch(JSON.parse(readFileSync(examplePath(name), 'utf8')));
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

/** A spreadsheet ID of the shape Google gives (44 characters). */
let ids = 0;
const newId = () => `1Loopback${String(++ids).padStart(4, '0')}${'x'.repeat(31)}`;

/** Tabs without their protections' ids: Sheets draws those at random (so does the embedded workbook). */
const undrawn = (tabs: readonly SheetState[]) =>
  tabs.map((tab) => ({ ...tab, protectedRanges: tab.protectedRanges.map(({ protectedRangeId: _drawn, ...p }) => p) }));

/** The tabs a render wrote: everything but the blank tab the spreadsheet was made with (protections without their drawn ids). */
const renderedTabs = (file: SheetFile) => undrawn(file.workbook.tabs.filter((tab) => tab.sheetId !== 0));

/** Writes `match` into a spreadsheet's match log as the add-on does: the log made at the start, then entries appended by later executions. */
function writeLog(file: SheetFile, match: MatchFile): void {
  const log = new MatchLog(spreadsheetPort(file));
  const half = Math.floor(match.submissions.length / 2);
  log.create({ ...match, submissions: match.submissions.slice(0, half), decisions: [], events: [] });
  if (!log.read()) throw new Error('no log');
  log.append([
    ...match.submissions.slice(half).map((value) => ({ kind: 'submission' as const, value })),
    ...match.decisions.map((value) => ({ kind: 'decision' as const, value })),
    ...(match.events ?? []).map((value) => ({ kind: 'event' as const, value })),
  ]);
}

// Each test has its own spreadsheets and looks only at the calls to them, so the tests of a block run at once.
const callsTo = (google: LoopbackGoogle, id: string) =>
  google.seen.filter((s) => s.path.includes(id)).map((s) => `${s.method} ${s.path} ${s.status}`);
const methodsTo = (google: LoopbackGoogle, id: string) =>
  google.seen.filter((s) => s.path.includes(id)).map((s) => `${s.method} ${s.status}`);

describe.concurrent('over HTTP, every call answered at once', () => {
  const google = new LoopbackGoogle();
  const env: Record<string, string> = {};

  beforeAll(async () => {
    env.GENIUS_HOST_GOOGLE_ROOT_URL = await google.start();
    env.GOOGLE_APPLICATION_CREDENTIALS = google.writeKeyFile(join(dir, 'key.json'));
  });
  afterAll(() => google.close());

  it.each(EXAMPLES)(
    'render %s --to-sheets: one read, one batchUpdate, and the spreadsheet equals the embedded render',
    async (name) => {
      const id = newId();
      const file = google.addSpreadsheet(id);
      const { code, stdout, stderr } = await run(
        ['render', examplePath(name), '--to-sheets', `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`],
        env,
      );
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(
        new RegExp(
          `the public workbook is in https://docs.google.com/spreadsheets/d/${id}/edit \\(one batchUpdate of \\d+ requests, \\d+ KB; Sheets API calls: 1 read, 1 write\\)`,
        ),
      );
      expect(callsTo(google, id)).toEqual([
        `GET /v4/spreadsheets/${id} 200`,
        `POST /v4/spreadsheets/${id}:batchUpdate 200`,
      ]);
      expect(file.writes).toHaveLength(1);
      const embedded = renderAudience(replayMatch(example(name)), 'public').workbook;
      expect(renderedTabs(file)).toEqual(undrawn(embedded.tabs));
    },
  );

  it("render --as a player writes that player's workbook, and rendering again leaves it equal", async () => {
    const id = newId();
    const file = google.addSpreadsheet(id);
    const result = replayMatch(example(EXAMPLE_GAME.id));
    const player = audiencesOf(result).find((a) => a.startsWith('player:')) as Audience;
    for (const time of [1, 2]) {
      const { code, stdout } = await run(
        ['render', examplePath(EXAMPLE_GAME.id), '--to-sheets', id, '--as', player],
        env,
      );
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^${EXAMPLE_GAME.title}: the Ann \\(p1\\) workbook is in `));
      expect(file.writes).toHaveLength(time);
      expect(renderedTabs(file)).toEqual(undrawn(renderAudience(result, player).workbook.tabs));
    }
  });

  it.each(PULLED)('pull of a spreadsheet whose log holds %s prints that match file', async (name) => {
    const id = newId();
    const match = example(name);
    writeLog(google.addSpreadsheet(id), match);
    const { code, stdout, stderr } = await run(['pull', '--spreadsheet', id], env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(stringifyMatchFile(match));
    const pulled = loadMatch(JSON.parse(stdout));
    expect(pulled.ok && replayOutput(replayMatch(pulled.value))).toEqual(replayOutput(replayMatch(match)));
    expect(callsTo(google, id)).toEqual([
      `GET /v4/spreadsheets/${id} 200`,
      `GET /v4/spreadsheets/${id}/values/'genius-host match log'!A1:Z 200`,
    ]);
  });

  it('pull of a spreadsheet without a match log says so', async () => {
    const id = newId();
    google.addSpreadsheet(id);
    const { code, stdout, stderr } = await run(['pull', '--spreadsheet', id], env);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toBe(
      `genius-host: spreadsheet ${id} keeps no match (it has no "genius-host match log" tab): is it the spreadsheet a match was started from?\n`,
    );
  });

  it('a spreadsheet not shared with the account, or not there, is one line saying what to do', async () => {
    const id = newId();
    google.addSpreadsheet(id, ['someone@example.com']);
    const refused = await run(['pull', '--spreadsheet', id], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `genius-host: spreadsheet ${id}: Google refused access (HTTP 403 PERMISSION_DENIED: The caller does not have permission); share it with ${ACCOUNT} as an editor\n`,
    );
    const missing = await run(['render', examplePath(SOME[0]), '--to-sheets', newId()], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^genius-host: spreadsheet 1Loopback\w+: not found \(HTTP 404 NOT_FOUND: Requested entity was not found\.\); the ID is the part of the spreadsheet's address between \/d\/ and \/edit\n$/,
    );
  });
});

describe.concurrent('over HTTP, every call failing first with 429 and then with 500', () => {
  const google = new LoopbackGoogle({ failEachCallWith: [429, 500] });
  const env: Record<string, string> = {};

  beforeAll(async () => {
    env.GENIUS_HOST_GOOGLE_ROOT_URL = await google.start();
    env.GOOGLE_APPLICATION_CREDENTIALS = google.writeKeyFile(join(dir, 'key-flaky.json'));
  });
  afterAll(() => google.close());

  it('render --to-sheets retries each call and the spreadsheet equals the embedded render', async () => {
    const id = newId();
    const file = google.addSpreadsheet(id);
    const { code, stderr } = await run(['render', examplePath(SOME[1]), '--to-sheets', id], env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(methodsTo(google, id)).toEqual(['GET 429', 'GET 500', 'GET 200', 'POST 429', 'POST 500', 'POST 200']);
    expect(file.writes).toHaveLength(1);
    expect(renderedTabs(file)).toEqual(undrawn(renderAudience(replayMatch(example(SOME[1])), 'public').workbook.tabs));
  });

  it('pull retries each call and loses nothing of the log', async () => {
    const id = newId();
    const match = example(SOME[2]);
    writeLog(google.addSpreadsheet(id), match);
    const { code, stdout, stderr } = await run(['pull', '--spreadsheet', id], env);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(stringifyMatchFile(match));
    expect(methodsTo(google, id)).toEqual(['GET 429', 'GET 500', 'GET 200', 'GET 429', 'GET 500', 'GET 200']);
  });
});

// Up to 3 minutes, not the default minute: each held try waits out the client's 10 s time-out, on 2 busy cores.
describe.concurrent(
  'over HTTP, every call taking effect but answered only after the client gave up',
  { timeout: 180_000 },
  () => {
    // The server holds each call's first try until the client gives up on it (its 10 s time-out), so
    // which try is late is decided by the server, not by a race between two timers: a try that is not
    // held back answers well within 10 s even on two loaded cores (at 3 s, a loaded machine's
    // ordinary answer once came too late, was tried again, and the calls counted differed).
    const google = new LoopbackGoogle({ slowFirstTryMs: 120_000 });
    const env: Record<string, string> = { GENIUS_HOST_GOOGLE_TIMEOUT_MS: '10000' };

    beforeAll(async () => {
      env.GENIUS_HOST_GOOGLE_ROOT_URL = await google.start();
      env.GOOGLE_APPLICATION_CREDENTIALS = google.writeKeyFile(join(dir, 'key-slow.json'));
    });
    afterAll(() => google.close());

    it('render --to-sheets: the batchUpdate that took effect is refused when tried again, so it renders again from what is there', async () => {
      const id = newId();
      const file = google.addSpreadsheet(id);
      const { code, stdout, stderr } = await run(['render', examplePath(SOME[0]), '--to-sheets', id], env);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(/Sheets API calls: 2 reads, 2 writes\)\n$/);
      // get (late), get; batchUpdate (applied, late), batchUpdate (refused: the tabs exist); get, batchUpdate (late), batchUpdate (applied again, same content).
      expect(methodsTo(google, id)).toEqual([
        'GET 200',
        'GET 200',
        'POST 200',
        'POST 400',
        'GET 200',
        'POST 200',
        'POST 200',
      ]);
      expect(renderedTabs(file)).toEqual(
        undrawn(renderAudience(replayMatch(example(SOME[0])), 'public').workbook.tabs),
      );
    });

    it('pull: each read tried again, nothing lost', async () => {
      const id = newId();
      const match = example(EXAMPLE_GAME.id);
      writeLog(google.addSpreadsheet(id), match);
      const { code, stdout } = await run(['pull', '--spreadsheet', id], env);
      expect(code).toBe(0);
      expect(stdout).toBe(stringifyMatchFile(match));
    });
  },
);

describe.concurrent('credentials', () => {
  const google = new LoopbackGoogle();
  const env: Record<string, string> = {};

  beforeAll(async () => {
    env.GENIUS_HOST_GOOGLE_ROOT_URL = await google.start();
  });
  afterAll(() => google.close());

  it('none at all is one line saying how to give one, and nothing is called', async () => {
    const id = newId();
    google.addSpreadsheet(id);
    const { code, stdout, stderr } = await run(['pull', '--spreadsheet', id], env);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toBe(
      "genius-host: no Google credential: GOOGLE_APPLICATION_CREDENTIALS is not set, there is no gcloud application-default login and this is not a Google Cloud runtime. Set GOOGLE_APPLICATION_CREDENTIALS to a service account's key file (docs/machine-host.md: Hosting from a machine), or sign in once as your own account: genius-host login --client CLIENT.json\n",
    );
    expect(callsTo(google, id)).toEqual([]);
  });

  it('a key file that is not there is one line naming it', async () => {
    const { code, stderr } = await run(['pull', '--spreadsheet', newId()], {
      ...env,
      GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'no-such-key.json'),
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^genius-host: GOOGLE_APPLICATION_CREDENTIALS: .*no-such-key\.json: no such file; it must name a service account's key file \(docs\/machine-host\.md: Hosting from a machine\)\n$/,
    );
  });

  it('a key Google refuses (deleted) is one line, after one call (401 is not retried)', async () => {
    const id = newId();
    google.addSpreadsheet(id);
    const key = google.writeKeyFile(join(dir, 'key-revoked.json'));
    google.revokeKey();
    const { code, stderr } = await run(['render', examplePath(SOME[0]), '--to-sheets', id], {
      ...env,
      GOOGLE_APPLICATION_CREDENTIALS: key,
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^genius-host: Google refused the credential \(HTTP 401 UNAUTHENTICATED: Request had invalid authentication credentials\.[^\n]*\)\. Set GOOGLE_APPLICATION_CREDENTIALS to a service account's key file \(docs\/machine-host\.md: Hosting from a machine\), and check that the key is not deleted or disabled\n$/,
    );
    expect(callsTo(google, id)).toEqual([`GET /v4/spreadsheets/${id} 401`]);
  });

  it('a root URL off this machine is refused before anything is sent', async () => {
    const { code, stderr } = await run(['pull', '--spreadsheet', newId()], {
      GENIUS_HOST_GOOGLE_ROOT_URL: 'http://example.com/',
      GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'key.json'),
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'genius-host: GENIUS_HOST_GOOGLE_ROOT_URL: "http://example.com/" is not on this machine (http://127.0.0.1:PORT/ only: the calls carry your credential)\n',
    );
  });
});
