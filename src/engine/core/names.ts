// When two player names are the same name. Players name each other in answers (a Paint captain
// vote, a Not Flower Field cell "Ben D4"), so two names a reader cannot tell apart would make an
// answer mean either player: such a pair is refused when the file is loaded.

import { CONFUSABLES_PACKED } from './confusables-data.js';

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

/** Each character that looks like another (UTS #39), to what it looks like; built once, when first asked. */
let skeletonMap: Map<string, string> | null = null;

function lookAlike(char: string): string {
  if (skeletonMap === null) {
    skeletonMap = new Map();
    for (const [target, sources] of Object.entries(confusables()))
      for (const source of sources) skeletonMap.set(source, target);
  }
  return skeletonMap.get(char) ?? char;
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
