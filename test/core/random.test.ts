import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '../../src/engine/core/random.js';

describe('seeded randomness', () => {
  it('gives the same numbers for the same seed and label', () => {
    const a = new Random('match-1').fork('step-2');
    const b = new Random('match-1').fork('step-2');
    expect(Array.from({ length: 20 }, () => a.int(1, 100))).toEqual(Array.from({ length: 20 }, () => b.int(1, 100)));
  });

  it('gives independent streams per label and per seed', () => {
    const draw = (r: Random) => Array.from({ length: 10 }, () => r.int(0, 1_000_000));
    expect(draw(new Random('s').fork('a'))).not.toEqual(draw(new Random('s').fork('b')));
    expect(draw(new Random('s1'))).not.toEqual(draw(new Random('s2')));
  });

  it('stays in range and shuffles to a permutation', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (seed, min, span) => {
          const r = new Random(seed);
          const n = r.int(min, min + span);
          expect(n).toBeGreaterThanOrEqual(min);
          expect(n).toBeLessThanOrEqual(min + span);
          const items = Array.from({ length: span }, (_, i) => i);
          expect(r.shuffle(items).sort((x, y) => x - y)).toEqual(items);
        },
      ),
    );
  });
});
