// Entry points of the Apps Script bundle (dist/Code.js). Every function exported here becomes a
// top-level function of the script, so menus, triggers and google.script.run can find it.

import { loadMatchText, replayMatch, replayOutput } from '../engine/index.js';

/**
 * Replays a match file given as JSON text and returns the replay JSON of MATCHFILE.md, or
 * `{ "error": "<field>: <problem>" }` for a malformed file. `now` (ISO time) keeps phases whose
 * deadline has not passed open.
 */
export function replayMatchJson(json: string, now?: string): string {
  const match = loadMatchText(json);
  if (!match.ok) return JSON.stringify({ error: match.error });
  return JSON.stringify(replayOutput(replayMatch(match.value, now ? { now } : {})));
}
