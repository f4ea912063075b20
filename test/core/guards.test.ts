// The type guards that replace casts in src/ (src/engine/core/guards.ts): each checks at run time
// what the cast only asserted.
import { describe, expect, it } from 'vitest';
import { hasNumberFor, isOneOf } from '../../src/engine/core/guards.js';

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

describe('isOneOf', () => {
  const kinds = ['updateCells', 'addSheet'] as const;

  it("holds for a member of the list, and then narrows to the list's type", () => {
    const kind: string = 'addSheet';
    expect(isOneOf(kinds, kind)).toBe(true);
    if (isOneOf(kinds, kind)) expect(kinds.indexOf(kind)).toBe(1);
  });

  it('refuses any other text, even a member in another case', () => {
    expect(isOneOf(kinds, 'deleteSheet')).toBe(false);
    expect(isOneOf(kinds, 'AddSheet')).toBe(false);
    expect(isOneOf(kinds, '')).toBe(false);
  });
});
