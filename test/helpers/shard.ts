// The registry's games split over a few test files, so the test runner spreads them over its workers
// (it runs one file's tests one after another): game i goes to the file whose shard is i mod `of`.
// Every game is in exactly one shard, so a new game is tested with nothing to add.
export function shardOf<T>(list: readonly T[], shard: number, of: number): T[] {
  return list.filter((_, i) => i % of === shard);
}
