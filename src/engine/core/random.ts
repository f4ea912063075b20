// Seeded randomness. Every random choice in a match comes from the match `seed` through here, so
// the same match file always replays to the same result. Streams are derived by label
// (`random.fork('round-2/default-plan')`): a choice in one part of the game never shifts another.

import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { hashString } from './hash.js';

export class Random {
  private readonly generator: RandomGenerator;

  constructor(readonly seed: string) {
    this.generator = xoroshiro128plus(hashString(seed));
  }

  /** An independent stream for one purpose, the same for the same seed and label. */
  fork(label: string): Random {
    return new Random(`${this.seed}/${label}`);
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`Random.int: empty range ${min}..${max}`);
    return uniformInt(this.generator, min, max);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.int(0, 999_999) < Math.round(p * 1_000_000);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick: no items');
    return items[this.int(0, items.length - 1)];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}
