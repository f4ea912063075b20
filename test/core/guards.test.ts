// The type guards that replace casts in src/ (src/engine/core/guards.ts): each checks at run time
// what the cast only asserted.
import { describe, expect, it } from 'vitest';
import { hasNumberFor } from '../../src/engine/core/guards.js';

describe('hasNumberFor', () => {
  const like = { fetch: { ms: 1 }, lock: { ms: 2 } };

  it('holds for an object with a number under every key of the one it was built from', () => {
    expect(hasNumberFor({ fetch: 10, lock: 0 }, like)).toBe(true);
    expect(hasNumberFor({ fetch: 10, lock: 0, extra: 'x' }, like)).toBe(true);
  });

  it('refuses a key left out, or a value that is not a number', () => {
    expect(hasNumberFor({ fetch: 10 }, like)).toBe(false);
    expect(hasNumberFor({ fetch: 10, lock: '0' }, like)).toBe(false);
    expect(hasNumberFor({ fetch: 10, lock: undefined }, like)).toBe(false);
  });
});
