// genius-host login --client CLIENT.json: the one-time OAuth sign-in in the browser, for a host who
// runs genius-host as their own Google account rather than a service account. As "OAuth 2.0 for
// iOS & Desktop Apps" (developers.google.com/identity/protocols/oauth2/native-app) describes it:
// a Desktop app client, the authorization code flow with PKCE (S256) and a random state, and a
// loopback IP redirect (http://127.0.0.1:PORT) served here for the one redirect. The refresh
// token is saved under the user's config directory (src/node/credentials.ts). Node-only.

import { randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage, isRecord } from '../engine/core/guards.js';
import { InputError } from './errors.js';
import { readTextFile } from './json-text.js';
import { configFromEnv } from './bridge.js';
import { loginFile, saveLogin } from './credentials.js';
import { SCOPES, directTo } from './rest.js';

/** The port a server listening on TCP was given (server.address() is a string only for a pipe). */
function portOf(address: AddressInfo | string | null): number {
  if (address === null || typeof address === 'string') throw new Error('internal: the sign-in server is not on TCP');
  return address.port;
}
/** How long the sign-in waits for the browser. */
const WAIT_MS = 5 * 60_000;

interface ClientFile {
  readonly client_id: string;
  readonly client_secret: string;
}

/** The OAuth client file the Cloud console downloads ("Desktop app": its fields under `installed`). */
function readClient(file: string): ClientFile {
  const where =
    '(the OAuth client file: Google Cloud console → APIs & Services → Credentials → OAuth client ID → Desktop app → Download JSON)';
  let json: unknown;
  try {
    // Read as every file the command reads, up to 64 MB (`--client /dev/zero` stops at once).
    json = JSON.parse(readTextFile(file, 'not an OAuth client file').text);
  } catch (error) {
    throw new InputError(`${error instanceof InputError ? error.message : `${file}: not valid JSON`} ${where}`);
  }
  const o = isRecord(json) ? json : {};
  if (o.type === 'service_account')
    throw new InputError(
      `${file} is a service account's key, not an OAuth client: use it as GOOGLE_APPLICATION_CREDENTIALS instead (no login needed)`,
    );
  if (o.web !== undefined)
    throw new InputError(
      `${file} is a "Web application" OAuth client; genius-host login needs a "Desktop app" client (its redirect is this machine's loopback address)`,
    );
  const installed = isRecord(o.installed) ? o.installed : {};
  const { client_id, client_secret } = installed;
  if (typeof client_id !== 'string' || !client_id || typeof client_secret !== 'string' || !client_secret)
    throw new InputError(`${file} is not a Desktop app OAuth client file (no installed.client_id and client_secret)`);
  return { client_id, client_secret };
}

/** Google's endpoints, or the local server's under GENIUS_HOST_GOOGLE_ROOT_URL (tests). */
function endpoints(): { oauth2AuthBaseUrl?: string; oauth2TokenUrl?: string } {
  const root = configFromEnv().rootUrl;
  return root ? { oauth2AuthBaseUrl: `${root}o/oauth2/v2/auth`, oauth2TokenUrl: `${root}token` } : {};
}

/** Serves one redirect on 127.0.0.1; resolves with its query once it came. */
function redirectServer(): Promise<{ server: Server; uri: string; query: Promise<URLSearchParams> }> {
  return new Promise((ready) => {
    let answer: (query: URLSearchParams) => void = () => {};
    const query = new Promise<URLSearchParams>((resolve) => (answer = resolve));
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!url.searchParams.has('code') && !url.searchParams.has('error')) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        url.searchParams.has('code')
          ? '<p>genius-host is signed in. You can close this tab.</p>'
          : '<p>genius-host was not signed in. The command line says why.</p>',
      );
      answer(url.searchParams);
    });
    server.listen(0, '127.0.0.1', () => ready({ server, uri: `http://127.0.0.1:${portOf(server.address())}`, query }));
  });
}

/** The code Google's redirect brings, once it answers this sign-in (its `state`); a refusal, another sign-in or no answer in WAIT_MS is one line. */
async function browserAnswer(query: Promise<URLSearchParams>, state: string): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const params = await Promise.race([
    query,
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (params === null)
    throw new InputError(
      `login: no answer from the browser within ${WAIT_MS / 60_000} minutes; run genius-host login again`,
    );
  if (params.get('state') !== state)
    throw new InputError(
      'login: the browser answered for another sign-in (its state does not match); run genius-host login again',
    );
  const refused = params.get('error');
  if (refused)
    throw new InputError(
      `login: Google refused the sign-in (${refused}); run genius-host login again and allow every permission genius-host asks for`,
    );
  return params.get('code') ?? '';
}

/** What the token endpoint said when it refused a code: { error, error_description } (RFC 6749, 5.2), in gaxios's response. */
function tokenRefusal(error: unknown): string {
  const data = isRecord(error) && isRecord(error.response) && isRecord(error.response.data) ? error.response.data : {};
  const code = typeof data.error === 'string' ? data.error : errorMessage(error);
  return `${code}${typeof data.error_description === 'string' ? `: ${data.error_description}` : ''}`;
}

/** The sign-in: prints the address to open, waits for Google's redirect, saves the refresh token. */
export async function login(clientFile: string, say: (line: string) => void): Promise<number> {
  const client = readClient(clientFile);
  const { auth } = await import('@googleapis/sheets');
  const { server, uri, query } = await redirectServer();
  try {
    const root = configFromEnv().rootUrl;
    // A local root's token endpoint is called directly, never through the environment's proxy (rest.ts directTo).
    const oauth = new auth.OAuth2({
      clientId: client.client_id,
      clientSecret: client.client_secret,
      redirectUri: uri,
      endpoints: endpoints(),
      ...(root ? { transporterOptions: directTo(root) } : {}),
    });
    const { codeVerifier, codeChallenge } = await oauth.generateCodeVerifierAsync();
    const state = randomBytes(16).toString('hex');
    const url = oauth.generateAuthUrl({
      access_type: 'offline',
      // A refresh token every time, even for an account that allowed genius-host before.
      prompt: 'consent',
      scope: [...SCOPES],
      state,
      // google-auth-library (reached through @googleapis/sheets, not a dependency of our own) types
      // this as its CodeChallengeMethod enum; 'S256' is that enum's value.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- see above
      code_challenge_method: 'S256' as never,
      code_challenge: codeChallenge,
    });
    say(
      `Open this address in your browser, sign in with the Google account that hosts your matches, and allow genius-host:\n\n  ${url}\n`,
    );
    say(`Waiting for the browser (${WAIT_MS / 60_000} minutes)…`);
    const code = await browserAnswer(query, state);
    let tokens;
    try {
      tokens = (await oauth.getToken({ code, codeVerifier, redirect_uri: uri })).tokens;
    } catch (error) {
      throw new InputError(
        `login: Google refused the sign-in code (${tokenRefusal(error)}); run genius-host login again`,
      );
    }
    if (!tokens.refresh_token) throw new InputError('login: Google gave no refresh token; run genius-host login again');
    const granted = (tokens.scope ?? '').split(' ');
    const missing = SCOPES.filter((scope) => !granted.includes(scope));
    if (tokens.scope && missing.length > 0)
      throw new InputError(
        `login: some permissions were not allowed (${missing.join(', ')}); run genius-host login again and allow them all`,
      );
    const file = loginFile();
    saveLogin({
      type: 'authorized_user',
      client_id: client.client_id,
      client_secret: client.client_secret,
      refresh_token: tokens.refresh_token,
    });
    say(
      `Signed in. Saved to ${file} (readable by you only); genius-host now calls Google as that account. GOOGLE_APPLICATION_CREDENTIALS, when set, comes first.`,
    );
    return 0;
  } finally {
    server.close();
  }
}
