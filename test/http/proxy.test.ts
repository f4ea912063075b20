// The loopback-only root (GENIUS_HOST_GOOGLE_ROOT_URL) ignores the environment's proxy: with
// HTTPS_PROXY, HTTP_PROXY (and their lower-case forms) naming a local port and no NO_PROXY, the
// built command still calls the loopback server directly, with a service account's key and with a
// saved sign-in (its token refresh too), and the "proxy" never hears from it: a test token never
// leaves the machine.
import { type Socket, createServer } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/node/rest.js';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { runGeniusHost } from './cli-run.js';
import { ACCOUNT, LoopbackGoogle } from './google-server.js';
import { CLIENT, USER } from './oauth-server.js';

const root = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'gh-proxy-'));
const SHEET = '1ProxySpreadsheetxxxxxxxxxxxxxxxxxxxxxxxxxx';

describe('the loopback root is called directly, whatever the proxy variables say', () => {
  const google = new LoopbackGoogle();
  /** Every connection the "proxy" received: it answers none (a proxy that is not there). */
  const contacted: string[] = [];
  /** What each connection asked the proxy for first (`CONNECT host:port`), once it said. */
  const asked: string[] = [];
  const proxy = createServer((socket: Socket) => {
    contacted.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.once('data', (data) => {
      asked.push(data.toString('latin1').split('\r\n')[0]);
      socket.destroy();
    });
    socket.on('error', () => {});
  });
  const env: Record<string, string> = {
    HOME: dir,
    METADATA_SERVER_DETECTION: 'none',
    GENIUS_HOST_GOOGLE_RETRY_MS: '5',
    NO_PROXY: '',
    no_proxy: '',
  };

  beforeAll(async () => {
    env.GENIUS_HOST_GOOGLE_ROOT_URL = await google.start();
    google.addSpreadsheet(SHEET, [ACCOUNT, USER]);
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    Object.assign(env, { HTTPS_PROXY: url, HTTP_PROXY: url, https_proxy: url, http_proxy: url });
  });
  afterAll(async () => {
    await google.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('with a service account key', async () => {
    const key = google.writeKeyFile(join(dir, 'key.json'));
    const render = await runGeniusHost(
      ['render', join(root, `examples/${EXAMPLE_GAME.id}.json`), '--to-sheets', SHEET],
      {
        ...env,
        GOOGLE_APPLICATION_CREDENTIALS: key,
      },
    );
    expect(render.stderr).toBe('');
    expect(render.code).toBe(0);
    expect(contacted).toEqual([]);
    expect(google.files.get(SHEET)?.writes).toHaveLength(1);
  }, 60_000);

  it("with genius-host login's saved sign-in, whose token is refreshed at the loopback token endpoint", async () => {
    const config = join(dir, 'config');
    mkdirSync(join(config, 'genius-host'), { recursive: true });
    const saved = { type: 'authorized_user', ...CLIENT, refresh_token: google.oauth.grant(SCOPES.join(' ')) };
    writeFileSync(join(config, 'genius-host', 'credentials.json'), JSON.stringify(saved), { mode: 0o600 });
    const pull = await runGeniusHost(['pull', '--spreadsheet', SHEET], {
      ...env,
      XDG_CONFIG_HOME: config,
      GOOGLE_APPLICATION_CREDENTIALS: '',
    });
    // The spreadsheet keeps no match: the one line says so, after calls that reached the server.
    expect(pull.stderr).toMatch(/^genius-host: spreadsheet 1ProxySpreadsheet\w* keeps no match/);
    expect(contacted).toEqual([]);
    expect(google.seen.filter((s) => s.path === '/token').map((s) => s.status)).toEqual([200]);
  }, 60_000);

  it('with GOOGLE_APPLICATION_CREDENTIALS naming an authorized_user file: its token too is refreshed at the loopback, not through the proxy (issue 45)', async () => {
    const file = join(dir, 'adc-user.json');
    const saved = { type: 'authorized_user', ...CLIENT, refresh_token: google.oauth.grant(SCOPES.join(' ')) };
    writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
    const before = google.seen.filter((s) => s.path === '/token').length;
    const pull = await runGeniusHost(['pull', '--spreadsheet', SHEET], {
      ...env,
      XDG_CONFIG_HOME: join(dir, 'no-login'),
      GOOGLE_APPLICATION_CREDENTIALS: file,
    });
    expect(pull.stderr).toMatch(/^genius-host: spreadsheet 1ProxySpreadsheet\w* keeps no match/);
    // The refresh reached the loopback's token endpoint, and nothing of Google's went to the proxy.
    // (Left: google-auth-library asks the metadata server, 169.254.169.254, whether it runs on
    // Google Cloud, through the proxy; no credential goes with that question.)
    expect(google.seen.filter((s) => s.path === '/token').length).toBe(before + 1);
    expect(asked.filter((line) => !line.startsWith('CONNECT 169.254.169.254:'))).toEqual([]);
  }, 60_000);
});
