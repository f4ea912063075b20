// When two player names are the same name. Players name each other in answers (a Paint captain
// vote, a Not Flower Field cell "Ben D4"), so two names a reader cannot tell apart would make an
// answer mean either player: such a pair is refused when the file is loaded.

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
