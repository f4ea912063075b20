// The one-time OAuth sign-in's saved credential (genius-host login): a refresh token for the host's
// own Google account, kept in the user's config directory, readable by the user alone. Node-only.

import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { makeDirs } from './dirs.js';
import { homedir } from 'node:os';
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

/** $XDG_CONFIG_HOME/genius-host (else ~/.config/genius-host), or %APPDATA%\genius-host on Windows. */
export function loginFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = process.platform === 'win32' && env.APPDATA ? env.APPDATA : env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
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
  const login = JSON.parse(readFileSync(file, 'utf8')) as Partial<SavedLogin>;
  if (login.type !== 'authorized_user' || !login.client_id || !login.client_secret || !login.refresh_token)
    throw new Error(`${file} is not a genius-host login (run genius-host login --client CLIENT.json again)`);
  return login as SavedLogin;
}
