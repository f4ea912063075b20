// A season's matches put in order by their chain (docs/season.md, "Each match chained to the
// last"): where the files come without an order (the archived logs of a host spreadsheet), the
// season's first match is the one naming no match before it, and each next one names the hash of
// the last. A match of another season, or one nothing chains to, is left out.

export interface Chained<T> {
  readonly item: T;
  readonly season: string | undefined;
  readonly previous: string | undefined;
  /** The match's own hash, or null while it is not over. */
  readonly hash: string | null;
}

/** The matches of the season `name`, from its first match along the chain, as far as it goes. */
export function chainOrder<T>(matches: readonly Chained<T>[], name: string): T[] {
  const ofSeason = matches.filter((m) => m.season === name);
  const ordered: Chained<T>[] = [];
  let next = ofSeason.find((m) => m.previous === undefined);
  while (next !== undefined && !ordered.includes(next)) {
    ordered.push(next);
    const hash = next.hash;
    next = hash === null ? undefined : ofSeason.find((m) => m.previous?.toLowerCase() === hash);
  }
  return ordered.map((m) => m.item);
}
