// The one-time OAuth sign-in's saved credential (genius-host login): a refresh token for the host's
// own Google account, kept in the user's config directory, readable by the user alone. Node-only.

import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { InputError } from './errors.js';
import { parseJsonFile, readTextFile } from './json-text.js';
import { makeDirs } from './dirs.js';
import { homedir } from 'node:os';
import * as z from 'zod/mini';
import { dirname, join } from 'node:path';

/**
 * What genius-host login saves: the "authorized_user" shape gcloud's application-default login
 * writes too (client id and secret, refresh token).
 */
export interface SavedLogin {
  readonly type: 'authorized_user';
  readonly client_id: string;
  readonly client_secret: string;
  readonly refresh_token: string;
}
const filled = z.string().check(z.minLength(1));
/** A saved login as read back: the four fields filled (more may follow, as google-auth-library writes them). */
const SAVED_LOGIN = z.looseObject({
  type: z.literal('authorized_user'),
  client_id: filled,
  client_secret: filled,
  refresh_token: filled,
});

/** $XDG_CONFIG_HOME/genius-host (else ~/.config/genius-host), or %APPDATA%\genius-host on Windows. */
export function loginFile(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    process.platform === 'win32' && env.APPDATA
      ? env.APPDATA
      : env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'genius-host', 'credentials.json');
}

/** Saves the login, readable and writable by this user only (mode 0600, in a 0700 directory). */
export function saveLogin(login: SavedLogin, file = loginFile()): void {
  makeDirs(dirname(file), 0o700);
  writeFileSync(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  // writeFileSync's mode applies only to a new file.
  chmodSync(file, 0o600);
}

/**
 * The saved login, when there is one and GOOGLE_APPLICATION_CREDENTIALS does not name a credential
 * (an explicit key file comes first); null otherwise.
 */
export function savedLogin(env: NodeJS.ProcessEnv = process.env): SavedLogin | null {
  if (env.GOOGLE_APPLICATION_CREDENTIALS) return null;
  const file = loginFile(env);
  if (!existsSync(file)) return null;
  const login = SAVED_LOGIN.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!login.success)
    throw new Error(`${file} is not a genius-host login (run genius-host login --client CLIENT.json again)`);
  return login.data;
}

/** Where the README says how to make a key, appended to every complaint about one. */
const MAKE_A_KEY = "it must name a service account's key file (docs/machine-host.md: Hosting from a machine)";

/** Every complaint about the key file says which setting named it. */
const VARIABLE = 'GOOGLE_APPLICATION_CREDENTIALS';

/** The fields google-auth-library reads from each kind of credential file it takes, by `type`. */
const NEEDED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  service_account: ['client_email', 'private_key'],
  authorized_user: ['client_id', 'client_secret', 'refresh_token'],
};

/** Credentials that are not a key or a user's login (workload identity federation, impersonation). */
const UNCHECKED_TYPES: readonly string[] = [
  'external_account',
  'external_account_authorized_user',
  'impersonated_service_account',
];

/**
 * Checks the file GOOGLE_APPLICATION_CREDENTIALS names, before any call: not there, not JSON (at
 * which line and column), or JSON but not a credential (which field is missing) is one line naming
 * the file. Left to Google's client otherwise, it was a call that failed as if Google were out of
 * reach.
 */
export function checkKeyFile(env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (!file) return;
  let json: unknown;
  try {
    json = parseJsonFile(readTextFile(file, 'not a key file').text, file);
  } catch (error) {
    // The file's own problem (no such file, too large, not JSON at line:column), in one line.
    throw error instanceof InputError ? new InputError(`${VARIABLE}: ${error.message}; ${MAKE_A_KEY}`) : error;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new InputError(
      `${VARIABLE}: ${file} is JSON but not a key: it holds ${Array.isArray(json) ? 'a list' : json === null ? 'null' : `a ${typeof json}`}, not an object; ${MAKE_A_KEY}`,
    );
  const key = new Map<string, unknown>(Object.entries(json));
  if (key.has('installed') || key.has('web'))
    throw new InputError(
      `${VARIABLE}: ${file} is an OAuth client file, not a key: sign in with it once (genius-host login --client ${file}) and unset ${VARIABLE}, or name a service account's key file (docs/machine-host.md: Hosting from a machine)`,
    );
  const declared = key.get('type');
  if (typeof declared === 'string' && UNCHECKED_TYPES.includes(declared)) return;
  // Any other `type`, or none, is read as a service account's key (google-auth-library's fromJSON).
  const type = declared === 'authorized_user' ? 'authorized_user' : 'service_account';
  const needed = NEEDED_FIELDS[type];
  const missing = needed.filter((field) => {
    const value = key.get(field);
    return typeof value !== 'string' || value === '';
  });
  if (missing.length > 0)
    throw new InputError(
      `${VARIABLE}: ${file} is JSON but not a ${type === 'service_account' ? "service account's key" : 'login'}: it has no ${missing.join(' and no ')}; ${MAKE_A_KEY}`,
    );
}
