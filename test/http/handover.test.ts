// Handing a match from the sandbox's Apps Script (the built add-on, dist/Code.js) to a machine
// (the built genius-host host, a child process, over HTTP to the loopback server holding the very
// same spreadsheet) and back: who hosts the match is said in both stores, the runner that does not
// host it does nothing, and the lease keeps a machine's run and the add-on's take-back apart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE, LEASE_ID, LEASE_KEY, leaseIn } from '../../src/triggers/saved/store-lease.js';
import { STORE_TAB } from '../../src/triggers/saved/sheet-store.js';
import { HOST, Table, logOf } from '../sandbox/players.js';
import { ACCOUNT, LoopbackGoogle } from './google-server.js';
import { type CliRun, runGeniusHost } from './cli-run.js';
import { EXAMPLE_GAME } from '../../src/engine/index.js';

const dir = mkdtempSync(join(tmpdir(), 'gh-handover-'));

function run(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return runGeniusHost(args, {
    HOME: dir,
    GOOGLE_APPLICATION_CREDENTIALS: '',
    METADATA_SERVER_DETECTION: 'none',
    GENIUS_HOST_GOOGLE_RETRY_MS: '5',
    ...env,
  });
}

const START = '2026-11-21T18:00:00.000Z';
const PLAYERS = ['Ann', 'Ben', 'Cara'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));
const OUR_HANDLERS = ['onTick', 'onFormSubmitted', 'onRowEdited'];

function startedTable(): Table {
  const table = new Table(
    EXAMPLE_GAME.id,
    PLAYERS.map((p) => p.email),
  );
  const result = table.startMatch({
    game: EXAMPLE_GAME.id,
    players: PLAYERS,
    startAt: START,
    timeZone: 'Europe/London',
    minutes: { default: 60 },
    deadlines: {},
  });
  expect(result.ok).toBe(true);
  return table;
}

/** What the add-on keeps about its own triggers, which a handover removes and the take-back arms afresh. */
const TRIGGER_STATE = new Set(['gh.quiet', 'gh.armed']);
/** A spreadsheet's metadata the add-on kept (known-metadata.ts): its own, never handed to a machine, whose draws would make it stale. */
const keptMetadata = (key: string) => key.startsWith('gh.meta.');

describe('handing a match between Apps Script and a machine', () => {
  const google = new LoopbackGoogle();
  const env: Record<string, string> = {};

  beforeAll(async () => {
    env.GENIUS_HOST_GOOGLE_ROOT_URL = await google.start();
    env.GOOGLE_APPLICATION_CREDENTIALS = google.writeKeyFile(join(dir, 'key.json'));
  });
  afterAll(() => google.close());

  it('the machine refuses until the add-on hands the match over, neither runner acts while the other hosts, and the take-back waits for the lease', async () => {
    const table = startedTable();
    const host = table.google.host;
    // The loopback server serves the sandbox's own host spreadsheet, shared with the machine's account.
    google.files.set(host.id, host);
    google.sharedWith.set(host.id, new Set([ACCOUNT]));
    const tick = () => run(['host', '--spreadsheet', host.id, '--once'], env);

    // Apps Script hosts it: one line says what to press, and nothing is called but one read.
    const refused = await tick();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `genius-host: spreadsheet ${host.id}: this match is hosted by Apps Script: in the host spreadsheet choose Genius Host → Host from a machine… first (it hands the match over and stops the add-on's triggers)\n`,
    );

    // Host from a machine…: the properties are in the store tab, the add-on's triggers are gone.
    const properties = new Map(table.google.properties);
    table.run('hostFromMachine');
    expect(table.google.ui.alerts.at(-1)).toMatch(
      /ready to be hosted from a machine: .*genius-host host --spreadsheet/,
    );
    expect(table.google.triggers.filter((t) => OUR_HANDLERS.includes(t.handler))).toEqual([]);
    expect(table.google.properties.get('gh.runner')).toBe('machine');
    const tab = host.values(`'${STORE_TAB}'!A1:B`, 'FORMULA').values ?? [];
    const inTab = new Map(tab.filter((row) => row[0] !== '').map((row) => [String(row[0]), String(row[1] ?? '')]));
    expect(inTab.get('gh.runner')).toBe('machine');
    // All but the ticks' quiet pointer and what was armed: the add-on's triggers are gone (arming.ts).
    expect([...properties.keys()].filter(keptMetadata)).not.toEqual([]);
    for (const [key, value] of properties)
      expect(inTab.get(key)).toBe(TRIGGER_STATE.has(key) || keptMetadata(key) ? undefined : value);
    expect(host.hidden.has(host.sheet(STORE_TAB).sheetId)).toBe(true);

    // A trigger left behind does nothing; a host's menu entry is refused with what to press.
    const logRows = logOf(table.sandbox).submissions.length;
    table.google.clock.set('2026-11-21T20:30:00.000Z');
    table.run('onTick');
    expect(logOf(table.sandbox).submissions.length).toBe(logRows);
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('resolveOverdueNow');
    expect(table.google.ui.alerts.at(-1)).toMatch(
      /hosted from a machine \(genius-host host\) now.*Host from Apps Script again/,
    );

    // Another machine holds the lease: this one leaves the work to it, in one line.
    const storeSheet = host.sheet(STORE_TAB).sheetId;
    const held = JSON.stringify({ holder: 'other-machine', until: '2999-01-01T00:00:00.000Z' });
    host.batchUpdate([
      {
        createDeveloperMetadata: {
          developerMetadata: {
            metadataId: LEASE_ID,
            metadataKey: LEASE_KEY,
            metadataValue: held,
            location: { sheetId: storeSheet },
            visibility: 'DOCUMENT',
          },
        },
      },
    ]);
    const busy = await tick();
    expect(busy.code).toBe(0);
    expect(busy.stderr).toMatch(
      /^\S+ another runner holds the lease: it does this work \(1 getValues, 1 getSpreadsheet; \d+ ms\)\n$/,
    );
    expect(leaseIn(host.workbook.getMetadata()).value).toBe(held);

    // Host from Apps Script again while that machine runs: the claim changes at once, and the
    // add-on waits for the lease (30 s of its clock), then says to try again.
    table.run('hostFromAppsScript');
    expect(table.google.ui.alerts.at(-1)).toMatch(
      /A machine is in the middle of a run .*choose Host from Apps Script again in a minute/,
    );
    expect(table.google.properties.get('gh.runner')).toBe('machine');
    const claimed = new Map(
      (host.values(`'${STORE_TAB}'!A1:B`, 'FORMULA').values ?? []).map((row) => [String(row[0]), String(row[1] ?? '')]),
    );
    expect(claimed.get('gh.runner')).toBe('apps-script');

    // The machine's run ends (the lease given back): the take-back copies the store back and installs the triggers.
    host.batchUpdate([
      {
        updateDeveloperMetadata: {
          dataFilters: [{ developerMetadataLookup: { metadataId: LEASE_ID } }],
          developerMetadata: { metadataValue: FREE },
          fields: 'metadataValue',
        },
      },
    ]);
    table.run('hostFromAppsScript');
    expect(table.google.ui.alerts.at(-1)).toMatch(/^Genius Host: Apps Script hosts the match again/);
    expect(table.google.properties.has('gh.runner')).toBe(false);
    // The metadata kept before the handover is gone: the machine drew the sheets since.
    for (const [key, value] of properties)
      if (!TRIGGER_STATE.has(key)) expect(table.google.properties.get(key)).toBe(keptMetadata(key) ? undefined : value);
    expect(
      table.google.triggers
        .filter((t) => OUR_HANDLERS.includes(t.handler))
        .map((t) => t.handler)
        .sort(),
    ).toEqual([...OUR_HANDLERS].sort());
    expect(table.google.triggers.every((t) => t.owner === HOST)).toBe(true);

    // The machine refuses again; Apps Script resolves the overdue phase itself.
    expect((await tick()).code).toBe(1);
    table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    table.run('resolveOverdueNow');
    expect(table.google.ui.alerts.at(-1)).toMatch(/^Genius Host: Open now: /);
  });
});
