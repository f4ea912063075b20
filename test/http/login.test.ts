// genius-host login --client CLIENT.json over real HTTP: the built command signs in through the
// loopback server's OAuth endpoints (test/http/oauth-server.ts) as a browser would, saves the
// refresh token (mode 0600) in the user's config directory, and later commands call Google as that
// account; a refused sign-in or a revoked token is one line. Proxy variables name a local port
// that answers nothing: the loopback server is called directly all the same (src/node/rest.ts
// directTo), the sign-in's token exchange included.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/node/rest.js';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { STORE_TAB } from '../../src/triggers/saved/sheet-store.js';
import { LoopbackGoogle } from './google-server.js';
import { CLIENT, USER } from './oauth-server.js';

const root = join(__dirname, '../..');
const bin = join(root, 'bin/genius-host.mjs');

function start(
  args: readonly string[],
  env: Record<string, string>,
): {
  child: ChildProcessWithoutNullStreams;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
  stderr: () => string;
} {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: root,
    env: { ...process.env, GOOGLE_APPLICATION_CREDENTIALS: '', METADATA_SERVER_DETECTION: 'none', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done, stderr: () => stderr };
}

/** Waits for the address the command asks the user to open. */
async function authAddress(stderr: () => string): Promise<string> {
  for (let i = 0; i < 200; i += 1) {
    const url = /^\s+(http\S+o\/oauth2\/v2\/auth\S+)$/m.exec(stderr())?.[1];
    if (url) return url;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no address to open: ${stderr()}`);
}

/** The browser: opens the address, signs in and consents (the server redirects at once), follows the redirect to the command. */
async function browse(address: string): Promise<string> {
  const consent = await fetch(address, { redirect: 'manual' });
  const back = consent.headers.get('location');
  if (!back) throw new Error(`no redirect: ${consent.status} ${await consent.text()}`);
  return (await fetch(back)).text();
}

describe('genius-host login', () => {
  const google = new LoopbackGoogle();
  const home = mkdtempSync(join(tmpdir(), 'gh-login-'));
  const clientFile = join(home, 'client_secret.json');
  const env: Record<string, string> = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    GENIUS_HOST_GOOGLE_RETRY_MS: '5',
  };
  const SHEET = '1LoginSpreadsheetxxxxxxxxxxxxxxxxxxxxxxxxxx';
  /** Connections the "proxy" received: it answers none. */
  const proxied: string[] = [];
  const proxy = createServer((socket) => {
    proxied.push(`${socket.remoteAddress}:${socket.remotePort}`);
    socket.destroy();
  });

  beforeAll(async () => {
    env.GENIUS_HOST_GOOGLE_ROOT_URL = await google.start();
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    Object.assign(env, {
      HTTPS_PROXY: url,
      HTTP_PROXY: url,
      https_proxy: url,
      http_proxy: url,
      NO_PROXY: '',
      no_proxy: '',
    });
    google.addSpreadsheet(SHEET, [USER]);
    writeFileSync(
      clientFile,
      JSON.stringify({
        installed: {
          ...CLIENT,
          auth_uri: 'https://accounts.google.com/o/oauth2/auth',
          token_uri: 'https://oauth2.googleapis.com/token',
          redirect_uris: ['http://localhost'],
        },
      }),
    );
  });
  afterAll(async () => {
    await google.close();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('signs in through the browser with PKCE, saves the refresh token for this user only, and render --to-sheets then runs as that account', async () => {
    const login = start(['login', '--client', clientFile], env);
    const address = new URL(await authAddress(login.stderr));
    expect(address.searchParams.get('code_challenge_method')).toBe('S256');
    expect(address.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(address.searchParams.get('scope')?.split(' ')).toEqual([...SCOPES]);
    expect(await browse(address.href)).toMatch(/signed in/);
    const { code, stderr } = await login.done;
    expect(code).toBe(0);
    const saved = join(home, 'config', 'genius-host', 'credentials.json');
    expect(stderr).toContain(`Signed in. Saved to ${saved} (readable by you only)`);
    expect(statSync(saved).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual({
      type: 'authorized_user',
      ...CLIENT,
      refresh_token: expect.stringMatching(/^1\/\//),
    });

    const render = await start(['render', join(root, `examples/${EXAMPLE_GAME.id}.json`), '--to-sheets', SHEET], env)
      .done;
    expect(render.stderr).toBe('');
    expect(render.code).toBe(0);
    expect(google.seen.filter((s) => s.path === '/token').map((s) => s.status)).toEqual([200, 200]);
    expect(google.files.get(SHEET)?.writes).toHaveLength(1);
    expect(proxied).toEqual([]);
  }, 60_000);

  it('a sign-in from a client in "Testing" expires after 7 days: host --every stops with one line saying why and what to do', async () => {
    // Every call refreshes the access token (it lasts a second), so the expiry shows at the next execution.
    google.oauth.accessTokenSeconds = 1;
    // The match is the machine's: its store tab says so (src/triggers/saved/sheet-store.ts).
    google.files.get(SHEET)!.batchUpdate([
      { addSheet: { properties: { sheetId: 0x5702e, title: STORE_TAB, hidden: true } } },
      {
        updateCells: {
          start: { sheetId: 0x5702e },
          rows: [{ values: ['gh.runner', 'machine'].map((v) => ({ userEnteredValue: { stringValue: v } })) }],
          fields: 'userEnteredValue',
        },
      },
    ]);
    const host = start(['host', '--spreadsheet', SHEET, '--every', '10s'], env);
    const guard = setTimeout(() => host.child.kill(), 100_000);
    for (let i = 0; i < 1200 && !/^\d{4}-\d\d-\d\dT\S+ /m.test(host.stderr()); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    // A week later (the first execution done), Google refuses the refresh token.
    google.oauth.passDays(8);
    const { code, stderr } = await host.done;
    clearTimeout(guard);
    google.oauth.accessTokenSeconds = 3599;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n').pop()).toBe(
      'genius-host: Google refused the saved sign-in (invalid_grant: Token has been expired or revoked.): it was revoked, or it expired, as every sign-in does after 7 days while the OAuth client\'s consent screen is "Testing"; publish the consent screen "In production" (docs/machine-host.md: Signing in as your own account), then run genius-host login --client CLIENT.json again',
    );
  }, 120_000);

  it('a revoked sign-in is one line saying to log in again', async () => {
    google.oauth.revokeAll();
    const { code, stderr } = await start(['pull', '--spreadsheet', SHEET], env).done;
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^genius-host: Google refused the saved sign-in \(invalid_grant: Token has been expired or revoked\.\): it was revoked, or it expired[^\n]*run genius-host login --client CLIENT.json again\n$/,
    );
  }, 60_000);

  it('a sign-in the user refuses in the browser is one line, and nothing is saved over the old one', async () => {
    google.oauth.refuse = 'access_denied';
    const saved = join(home, 'config', 'genius-host', 'credentials.json');
    const before = readFileSync(saved, 'utf8');
    const login = start(['login', '--client', clientFile], env);
    await browse(await authAddress(login.stderr));
    const { code, stderr } = await login.done;
    google.oauth.refuse = null;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n').pop()).toBe(
      'genius-host: login: Google refused the sign-in (access_denied); run genius-host login again and allow every permission genius-host asks for',
    );
    expect(readFileSync(saved, 'utf8')).toBe(before);
  }, 60_000);

  it('a service account key or a web client given as the client file is one line saying what to use', async () => {
    const key = join(home, 'key.json');
    google.writeKeyFile(key);
    const web = join(home, 'web.json');
    writeFileSync(web, JSON.stringify({ web: CLIENT }));
    const [a, b] = await Promise.all([
      start(['login', '--client', key], env).done,
      start(['login', '--client', web], env).done,
    ]);
    expect(a.stderr).toBe(
      `genius-host: ${key} is a service account's key, not an OAuth client: use it as GOOGLE_APPLICATION_CREDENTIALS instead (no login needed)\n`,
    );
    expect(b.stderr).toMatch(/is a "Web application" OAuth client; genius-host login needs a "Desktop app" client/);
  });
});
