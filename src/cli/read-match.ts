// What the commands read from their arguments: a match file, a time, a spreadsheet, a number of
// players, a game, an audience; each refused in one line that shows a good one.

import type { Audience } from '../engine/core/view.js';
import { GAMES, type MatchFile, type ReplayResult, audiencesOf, loadMatch, replayMatch } from '../engine/index.js';
import { GoogleCalls } from '../node/bridge.js';
import { InputError, closest, inFile } from '../node/errors.js';
import { parseJsonFile, readTextFile } from '../node/json-text.js';
import { EXAMPLE_FILE, EXAMPLE_ID } from './args.js';

export function readMatch(file: string): MatchFile {
  const { text, name } = readMatchText(file);
  return matchFrom(text, name);
}

/** The text of a match file (`-`: standard input) and the name its errors give it. */
export function readMatchText(file: string): { text: string; name: string } {
  return readTextFile(file, `not a match file (e.g. ${EXAMPLE_FILE})`);
}

function matchFrom(text: string, file: string): MatchFile {
  const match = loadMatch(parseJsonFile(text, file));
  if (!match.ok) throw inFile(file, match.error);
  return match.value;
}

export function nowOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Number.isNaN(Date.parse(value)))
    throw new InputError(`--now: "${value}" is not a time (e.g. 2026-11-21T18:00:00Z)`);
  return new Date(Date.parse(value)).toISOString();
}

/**
 * Replays as of --now. A match file without a schedule is a complete record in which every phase
 * closes (docs/matchfile.md), so --now has no deadlines to compare and changes nothing.
 */
export function replayAt(match: MatchFile, now: string | undefined): ReplayResult {
  const time = nowOption(now);
  return replayMatch(match, { now: match.schedule ? time : undefined });
}

/** --as: one of the match's audiences (public when not given). */
export function audienceOption(value: string | undefined, result: ReplayResult): Audience {
  const audiences = audiencesOf(result);
  const audience = audiences.find((a) => a === (value ?? 'public'));
  if (audience === undefined)
    throw new InputError(`--as: "${value ?? 'public'}" is not an audience of this match (${audiences.join(', ')})`);
  return audience;
}

/** A spreadsheet ID, or the ID in a spreadsheet's address. */
export function spreadsheetOption(value: string, flag: string): string {
  const fromUrl = /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(value)?.[1];
  const id = fromUrl ?? value.trim();
  if (!/^[A-Za-z0-9_-]{10,}$/.test(id))
    throw new InputError(
      `${flag}: "${value}" is not a spreadsheet ID (the part of its address between /d/ and /edit, e.g. ${flag} ${EXAMPLE_ID})`,
    );
  return id;
}

export function countOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 1)
    throw new InputError(`${flag}: "${value}" is not a number of players (a whole number, 1 or more), e.g. ${flag} 4`);
  return n;
}

export function gameOption(id: string): string {
  if (GAMES.has(id)) return id;
  const guess = closest(id, [...GAMES.keys()]);
  throw new InputError(
    `unknown game "${id}"${guess ? `; did you mean ${guess}?` : ''} (one of ${[...GAMES.keys()].join(', ')})`,
  );
}

/** Runs `work` with calls to Google's APIs (a worker thread, ended afterwards). */
export function withGoogle<T>(work: (google: GoogleCalls) => T): T {
  const google = new GoogleCalls();
  try {
    return work(google);
  } finally {
    google.close();
  }
}
