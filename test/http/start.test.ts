// genius-host start SETUP.json --spreadsheet ID over real HTTP: the built command (a child process,
// as a user runs it) starts a match as the sidebar does, through the Forms, Drive and Sheets REST
// ports, against the loopback server (test/http/google-server.ts) backed by the sandbox's world.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Table } from '../sandbox/players.js';
import type { GoogleOptions } from '../sandbox/services.js';
import { LoopbackGoogle, type ServerOptions } from './google-server.js';
import { HttpError } from './workspace-server.js';
import { type CliRun, runGeniusHost } from './cli-run.js';
import { EXAMPLE_GAME } from '../../src/engine/index.js';

const dir = mkdtempSync(join(tmpdir(), 'gh-start-'));
const PLAYERS = ['Ann', 'Ben', 'Cara'].map((name) => ({ name, email: `${name.toLowerCase()}@example.com` }));
const HOST_ID = '1HostSpreadsheetForStartxxxxxxxxxxxxxxxxxxx';

function setupFile(name: string, setup: object): string {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(setup, null, 2));
  return file;
}

const SETUP = {
  game: EXAMPLE_GAME.id,
  players: PLAYERS,
  startAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
  timeZone: 'Europe/London',
  minutes: { default: 60 },
};

async function server(
  options: ServerOptions = {},
  world: Partial<GoogleOptions> = {},
): Promise<{ google: LoopbackGoogle; env: Record<string, string> }> {
  const google = new LoopbackGoogle({ ...options, world });
  const rootUrl = await google.start();
  google.addSpreadsheet(HOST_ID);
  const env = {
    GENIUS_HOST_GOOGLE_ROOT_URL: rootUrl,
    GENIUS_HOST_GOOGLE_RETRY_MS: '5',
    GENIUS_HOST_GOOGLE_TIMEOUT_MS: '1500',
    GOOGLE_APPLICATION_CREDENTIALS: google.writeKeyFile(join(dir, `key-${new URL(rootUrl).port}.json`)),
  };
  return { google, env };
}

function run(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return runGeniusHost(args, { HOME: dir, METADATA_SERVER_DETECTION: 'none', ...env });
}

/** What Start made in the world: the forms and spreadsheets (besides the host's), and who each is shared with. */
function made(google: LoopbackGoogle) {
  const world = google.workspace.world;
  const forms = [...world.forms.values()];
  const sheets = [...world.sheets.values()].filter((s) => s.title !== 'Host spreadsheet');
  return { world, forms, sheets };
}

describe.concurrent('genius-host start SETUP.json --spreadsheet ID', () => {
  // Up to 2 minutes, not the default minute: the built command starts a whole match over HTTP (forms, sheets, sharing), one call at a time, on 2 busy cores.
  it('starts the match as the sidebar does: a form per player published to that player only with verified emails, sheets shared, the log written; a second run answers the links and makes nothing', async () => {
    const { google, env } = await server();
    const file = setupFile('setup', SETUP);
    const first = await run(['start', file, '--spreadsheet', HOST_ID], env);
    expect(first.stderr).toMatch(/Drawing the sheets and forms/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Not Flower Field: the match is running/);
    expect(first.stdout).toMatch(
      /Ann <ann@example.com>: form https:\/\/docs.google.com\/forms\/d\/e\/\S+\/viewform ; sheet https:\/\/docs.google.com\/spreadsheets\/d\/\S+\/edit/,
    );
    expect(first.stdout).not.toMatch(/Warnings/);
    const { world, forms, sheets } = made(google);
    expect(forms).toHaveLength(3);
    expect(sheets).toHaveLength(4);
    for (const [i, form] of forms.entries()) {
      expect(form.published).toBe(true);
      expect(form.emailCollection).toBe('VERIFIED');
      const responders = world.files.get(form.id)?.permissions.filter((p) => p.view === 'published') ?? [];
      expect(responders.map((p) => p.emailAddress)).toEqual([PLAYERS[i].email]);
      // Drawn closed until the match starts tomorrow: its title names the player, its description why.
      expect(form.title).toBe(`Not Flower Field: ${PLAYERS[i].name}'s answers`);
      expect(form.accepting).toBe(false);
      expect(form.description).not.toBe('');
    }
    // Every player is sent their private sheet (reader) and the shared sheet (writer), once.
    expect(world.sharingEmails.map((e) => e.email).sort()).toEqual([...PLAYERS, ...PLAYERS].map((p) => p.email).sort());
    const shared = sheets.find((s) => s.title.endsWith('the match (public)'));
    expect(shared && world.files.get(shared.id)?.writersCanShare).toBe(false);
    expect(shared && world.files.get(shared.id)?.published).toBe(true);
    const host = google.files.get(HOST_ID);
    expect(host?.workbook.tabs.map((t) => t.title)).toEqual(expect.arrayContaining(['Links']));

    const again = await run(['start', file, '--spreadsheet', HOST_ID], env);
    expect(again.code).toBe(0);
    expect(again.stdout.split('\n').slice(1)).toEqual(first.stdout.split('\n').slice(1));
    expect(made(google).forms).toHaveLength(3);
    expect(made(google).sheets).toHaveLength(4);
    expect(world.sharingEmails).toHaveLength(6);
    // The match is the machine's: pull reads it back as a match file.
    const pulled = await run(['pull', '--spreadsheet', HOST_ID], env);
    expect(pulled.code).toBe(0);
    expect((JSON.parse(pulled.stdout) as { players: { email: string }[] }).players.map((p) => p.email)).toEqual(
      PLAYERS.map((p) => p.email),
    );
    await google.close();
  }, 120_000);

  // Up to 2 minutes, not the default minute: the built command starts a whole match over HTTP (forms, sheets, sharing), one call at a time, on 2 busy cores.
  it("refusals give the sandbox's Start warnings, word for word", async () => {
    const refusals = {
      refuseSharingWith: ['ben@example.com'],
      refusePublishing: true,
      refuseResponderRestriction: true,
      refuseVerifiedEmails: true,
    };
    const { google, env } = await server({}, refusals);
    const result = await run(['start', setupFile('refused', SETUP), '--spreadsheet', HOST_ID], env);
    expect(result.code).toBe(0);
    const warnings = result.stdout
      .split('\n')
      .filter((l) => l.startsWith('  - '))
      .map((l) => l.slice(4));
    const table = new Table(
      EXAMPLE_GAME.id,
      PLAYERS.map((p) => p.email),
    );
    Object.assign(table.google.options, refusals);
    const sandbox = table.startMatch({ ...SETUP, startAt: '2026-11-22T18:00:00.000Z' }) as {
      links: { warnings: string[] };
    };
    // The same notes, quoting Google's own words: Apps Script puts its exception's name before them, REST does not.
    const appsScript = /GoogleJsonResponseException: API call to [\w.]+ failed with error: |Exception: /g;
    expect(warnings).toEqual(sandbox.links.warnings.map((w) => w.replace(appsScript, '')));
    expect(warnings.length).toBeGreaterThan(4);
    await google.close();
  }, 120_000);

  // Up to 2 minutes, not the default minute: the built command starts a whole match over HTTP (forms, sheets, sharing), one call at a time, on 2 busy cores.
  it('a run stopped part-way (a rate limit on one permission) is one line, and run again goes on where it stopped: one set of files, each shared once', async () => {
    const { google, env } = await server();
    let permissions = 0;
    // Not retried by the client (a 403), but one Drive's "Resolve errors" says may pass: thrown, not a refusal.
    google.interrupt = (method, path) => {
      if (method === 'POST' && path.endsWith('/permissions') && ++permissions === 4)
        throw new HttpError(403, 'User rate limit exceeded.', 'userRateLimitExceeded');
    };
    const file = setupFile('resumed', SETUP);
    const first = await run(['start', file, '--spreadsheet', HOST_ID], env);
    expect(first.code).toBe(1);
    expect(first.stderr.trim().split('\n').pop()).toMatch(
      /^genius-host: Setting up the match stopped part-way \(.*User rate limit exceeded\.\)\. Run the same command again: it goes on from where it stopped, with the same forms and sheets\.$/,
    );
    google.interrupt = null;
    const second = await run(['start', file, '--spreadsheet', HOST_ID], env);
    expect(second.code).toBe(0);
    expect(second.stdout).not.toMatch(/Warnings/);
    const { world, forms, sheets } = made(google);
    expect(forms).toHaveLength(3);
    expect(sheets).toHaveLength(4);
    expect(world.sharingEmails).toHaveLength(6);
    for (const form of forms)
      expect(world.files.get(form.id)?.permissions.filter((p) => p.view === 'published')).toHaveLength(1);
    await google.close();
  }, 120_000);

  it('a setup the sidebar refuses is refused in one line naming the field, before any call to Google', async () => {
    const { google, env } = await server();
    const result = await run(
      [
        'start',
        setupFile('bad', { ...SETUP, players: [{ name: 'Ann' }, ...PLAYERS.slice(1)] }),
        '--spreadsheet',
        HOST_ID,
      ],
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^genius-host: \S+bad\.json: players\[0\]\.email: an email is needed: Ann's form only takes answers from it/,
    );
    expect(google.seen).toEqual([]);
    await google.close();
  });

  // Each mode on its own server: a call failing twice waits a second before its third try (the
  // client's backoff), and a start is some 60 calls. A call carried out but answered after the
  // time-out is tried in test/http/rest-ports.test.ts, port by port.
  it.each([
    ['429 (quota)', { failEachCallWith: [429] }, {}],
    ['500 (server error)', { failEachCallWith: [500] }, {}],
  ] as const)(
    'every call failing once, %s: the match starts with one set of files, each shared once',
    async (_mode, options, extra) => {
      const { google, env } = await server(options);
      const result = await run(['start', setupFile(`faults-${_mode.slice(0, 3)}`, SETUP), '--spreadsheet', HOST_ID], {
        ...env,
        ...extra,
      });
      expect(result.stderr.split('\n').filter((l) => !/^(Setting up|Drawing)/.test(l))).toEqual(['']);
      expect(result.code).toBe(0);
      const { world, forms, sheets } = made(google);
      expect(forms).toHaveLength(3);
      expect(sheets).toHaveLength(4);
      expect(world.sharingEmails).toHaveLength(6);
      for (const form of forms) {
        expect(world.files.get(form.id)?.permissions.filter((p) => p.view === 'published')).toHaveLength(1);
        expect(form.published).toBe(true);
      }
      await google.close();
    },
    120_000,
  );
});
