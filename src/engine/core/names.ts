// When two player names are the same name. Players name each other in answers (a Paint captain
// vote, a Not Flower Field cell "Ben D4"), so two names a reader cannot tell apart would make an
// answer mean either player: such a pair is refused when the file is loaded.

import { CONFUSABLES_PACKED } from './confusables-data.js';
import { pairAt } from './utf8.js';

/**
 * The key two names share when they read as the same name: Unicode NFKC (which includes NFC: an
 * accent typed as one character or as a letter and a combining mark; and full-width or ligature
 * forms such as `Ａｎｎ` or `ﬁ`), case folded (`ANN`, `ann`; `ß` and `ss`), without invisible
 * format characters (a zero-width space, a direction mark), and with runs of spaces as one.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/gu, ' ')
    .trim();
}

/**
 * The look-alike table (UTS #39's confusables.txt): what a character looks like → the characters
 * that look like it. It is kept packed as one text (scripts/confusables.mjs): a third smaller in
 * the Apps Script bundle, which every execution loads, than as an object.
 */
export function confusables(): Record<string, string> {
  return Object.fromEntries(CONFUSABLES_PACKED.split('#').map((entry) => entry.split(';')));
}

/** What each character asked for so far looks like (an execution asks for the few its players' names hold). */
const lookedUp = new Map<string, string>();

/**
 * What a character looks like (UTS #39), or the character itself: found in the packed table, not
 * by unpacking it (every execution that reads the match file checks its players' names, and
 * unpacking the whole table took longer than all the lookups together).
 */
export function lookAlike(char: string): string {
  let target = lookedUp.get(char);
  if (target === undefined) {
    target = targetOf(char);
    lookedUp.set(char, target);
  }
  return target;
}

/** The entry whose sources hold `char`: each place it occurs is in a target (before the entry's `;`) or among the sources. */
function targetOf(char: string): string {
  for (let at = CONFUSABLES_PACKED.indexOf(char); at !== -1; at = CONFUSABLES_PACKED.indexOf(char, at + 1)) {
    // A lone surrogate is not the half of a pair that holds it.
    if (char.length === 1 && (pairAt(CONFUSABLES_PACKED, at) || pairAt(CONFUSABLES_PACKED, at - 1))) continue;
    const start = CONFUSABLES_PACKED.lastIndexOf('#', at) + 1;
    const sources = CONFUSABLES_PACKED.indexOf(';', start);
    if (at > sources) return CONFUSABLES_PACKED.slice(start, sources);
  }
  return char;
}

/**
 * The key two names share when a reader cannot tell them apart even where they differ: nameKey,
 * then Unicode's confusable skeleton (UTS #39, "Confusable Detection": NFD, each character mapped
 * to the one it looks like by confusables.txt, NFD again), case folded once more: Latin `Ann` and
 * Cyrillic `Аnn`, `B0b` and `Bob`.
 */
export function lookAlikeKey(name: string): string {
  const skeleton = Array.from(nameKey(name).normalize('NFD'), lookAlike).join('').normalize('NFD');
  return skeleton.toUpperCase().toLowerCase();
}
