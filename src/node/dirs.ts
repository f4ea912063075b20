// Making a directory and its parents, one level at a time. Node 20's `mkdirSync(dir, { recursive:
// true })` never returns for a path under /proc (it loops on ENOENT: `--out /proc/x` hung the
// command), so each missing level is made with a plain mkdir, whose refusal is an answer.

import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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
