// How much of each sweep over the registered games a test run covers. `npm test` (what a developer
// runs after a change, and CI) runs every test file, but where a file repeats one heavy scenario
// (a whole match in the sandbox or over HTTP, a fault sweep, a rehearsal) for every game, only a
// sample of the games; `npm run test:deep` (CI runs it too) runs every game of every sweep.
// The sample is fixed, so a verdict is repeatable, and each sweep picks its own by its name, so
// that between them the sweeps still reach every game in an ordinary run.

/** Whether this is the deep run (npm run test:deep). */
export const DEEP = process.env.GENIUS_TEST_DEPTH === 'deep';

/** A small, stable number from a sweep's name (FNV-1a), to choose where its sample starts. */
function offsetOf(name: string, size: number): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash % size;
}

/**
 * The items a sweep named `sweep` runs: every one in the deep run; otherwise `count` of them, in
 * their order, starting at a place chosen by the sweep's name.
 */
export function sampleOf<T>(sweep: string, list: readonly T[], count: number): T[] {
  if (DEEP || list.length <= count) return [...list];
  const start = offsetOf(sweep, list.length);
  const picked = new Set(Array.from({ length: count }, (_, i) => (start + i) % list.length));
  return list.filter((_, i) => picked.has(i));
}
