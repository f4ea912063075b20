// The word a mistyped one most likely meant (`plyers`: players), for every "did you mean" answer:
// the CLI's commands and options, and the match file's fields.

/** Edit distance between two words (insertions, deletions, substitutions, swaps of neighbours). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The candidate a mistyped word most likely meant (a prefix, or at most 2 edits away), if any. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const prefixed = candidates.filter((c) => lower.length >= 2 && c.startsWith(lower));
  if (prefixed.length === 1) return prefixed[0];
  const scored = candidates
    .map((c) => ({ c, d: distance(lower, c) }))
    .filter((s) => s.d <= Math.max(1, Math.min(2, Math.floor(s.c.length / 3))));
  scored.sort((a, b) => a.d - b.d);
  return scored[0]?.c;
}
