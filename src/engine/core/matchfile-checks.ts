// The checks of a match file that look across its fields (players told apart from one another, a
// published result readable as JSON), after its schema (matchfile.ts) has checked each field.

import { lookAlikeKey, nameKey } from './names.js';
import { formatPath } from './issues.js';
import { quote } from './quote.js';
import { type Result, ok, err } from './result.js';

/**
 * Ids that name a member of every JavaScript object (`constructor`, `__proto__`, `toString`, …):
 * games keep records by player id, where such an id reads the member instead (Fair and Square gave
 * a player "constructor" the number Object, a function).
 */
export const RESERVED_IDS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** How deep a published result may nest: replay's `final` is four levels deep (`final.detail.colours.p1`). */
const MAX_FINAL_DEPTH = 32;

/**
 * What is wrong with a file's `final` (the result it was published with), as one line, or null.
 * `genius-host verify` compares it with replay's by walking both, so it must be JSON as replay
 * prints it: no deeper than MAX_FINAL_DEPTH, and no key that every JavaScript object already
 * carries (`constructor`, `__proto__`), which a walk would read as that member. It is walked here
 * with a list of its own, not by recursion, so a file nested 20,000 deep is answered too.
 */
export function finalIssue(final: unknown): string | null {
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value: final, path: ['final'] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (value === null || typeof value !== 'object') continue;
    if (path.length > MAX_FINAL_DEPTH)
      return `final: nested more than ${MAX_FINAL_DEPTH} levels deep (at ${formatPath(path.slice(0, 4))}…); a published result is a few levels deep, as replay prints it`;
    for (const [key, inner] of Object.entries(value)) {
      const at = [...path, Array.isArray(value) ? Number(key) : key];
      if (!Array.isArray(value) && RESERVED_IDS.has(key))
        return `${formatPath(at)}: a name every JavaScript object carries, which a published result never holds (replay prints no such key)`;
      pending.push({ value: inner, path: at });
    }
  }
  return null;
}

/**
 * Every player told apart from every other: ids in any case, and names as nameKey reads them (a
 * player told apart from another only by case or by how a letter is encoded would make an answer
 * that names them mean either). Answers the index of each id.
 */
export function checkPlayers(
  players: readonly { readonly id: string; readonly name: string }[],
): Result<Map<string, number>> {
  const seen = new Map<string, number>();
  const ids = new Map<string, number>();
  const names = new Map<string, number>();
  for (const [index, player] of players.entries()) {
    const earlier = ids.get(player.id.toLowerCase());
    if (earlier !== undefined) {
      const other = players[earlier].id;
      if (other === player.id)
        return err(`players[${index}].id: duplicate id "${player.id}" (also players[${earlier}])`);
      return err(
        `players[${index}].id: "${player.id}" is players[${earlier}]'s id "${other}" in another case; ids must differ in more than case`,
      );
    }
    ids.set(player.id.toLowerCase(), index);
    seen.set(player.id, index);
    const key = lookAlikeKey(player.name);
    const sameName = names.get(key);
    if (sameName !== undefined) {
      const other = players[sameName].name;
      if (other.trim().toLowerCase() === player.name.trim().toLowerCase())
        return err(
          `players[${index}].name: ${quote(player.name)} is also players[${sameName}]'s name; names must differ`,
        );
      return err(
        nameKey(player.name) === nameKey(other)
          ? `players[${index}].name: ${quote(player.name)} reads as players[${sameName}]'s name ${quote(other)}; names must differ in more than case, width, accents' encoding or invisible characters`
          : `players[${index}].name: ${quote(player.name)} looks like players[${sameName}]'s name ${quote(other)} (letters of another script or look-alike characters: Unicode's confusables); names must differ in more than how they look`,
      );
    }
    names.set(key, index);
  }
  // Answers and the host's menu name a player by id or by name (a Paint captain vote, Correct a
  // player's email…): a name that reads as another player's id would name either.
  for (const [index, player] of players.entries()) {
    const other = ids.get(nameKey(player.name));
    if (other !== undefined && other !== index)
      return err(
        `players[${index}].name: ${quote(player.name)} reads as players[${other}]'s id "${players[other].id}"; a name must differ from every other player's id`,
      );
  }
  return ok(seen);
}
