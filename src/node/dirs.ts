// Making a directory and its parents, one level at a time. Node 20's `mkdirSync(dir, { recursive:
// true })` never returns for a path under /proc (it loops on ENOENT: `--out /proc/x` hung the
// command), so each missing level is made with a plain mkdir, whose refusal is an answer.

import { mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { isErrnoException } from './errors.js';

/** Makes `dir` and any missing parents (`mode` for those it makes); throws the first refusal, as mkdir does. */
export function makeDirs(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    let exists = false;
    try {
      statSync(at);
      exists = true;
    } catch (error) {
      if (!isErrnoException(error) || error.code !== 'ENOENT') throw error;
    }
    if (exists || dirname(at) === at) break;
    missing.unshift(at);
  }
  // A part that exists but is a file is refused by the mkdir below it (ENOTDIR), as recursive mkdir would.
  for (const level of missing) mkdirSync(level, mode === undefined ? undefined : { mode });
}

/**
 * This user's own folder for what genius-host keeps between runs (the lease's memory: host-ports.ts):
 * $XDG_STATE_HOME/genius-host (else ~/.local/state/genius-host), or %LOCALAPPDATA%\genius-host on
 * Windows. Never the system's shared temporary folder, where another user could plant a file.
 */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    process.platform === 'win32' && env.LOCALAPPDATA
      ? env.LOCALAPPDATA
      : env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state');
  return join(base, 'genius-host');
}
