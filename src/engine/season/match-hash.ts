// A match's hash, which the next match of its season names as `season.previous` (docs/season.md,
// "Each match chained to the last"): SHA-256 of the match as it is published at the end (core/
// publish.ts: addresses, form and entry ids replaced by stand-ins, its final result added), as
// canonical JSON (keys sorted, no spaces). So the host, holding the whole log, and a spectator,
// holding the file copied from the Seed tab, compute the same hash, and any change to a move, a
// decision, a balance or the season field itself changes it.

import { sha256Hex } from '../core/commitment.js';
import type { Final } from '../core/game.js';
import { isRecord } from '../core/guards.js';
import type { MatchFile } from '../core/matchfile.js';
import { publishedMatch } from '../core/publish.js';

/** JSON with every object's keys sorted and no white space: the same text for the same value, whatever order a file wrote. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash of a finished match: 64 lowercase hexadecimal digits. */
export function matchHash(match: MatchFile, final: Final): string {
  return sha256Hex(canonicalJson(publishedMatch(match, final)));
}
