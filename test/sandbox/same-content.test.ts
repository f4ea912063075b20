// The comparison a whole match makes between each drawn tab and a fresh render (whole-match.ts):
// it must find every difference vitest's toEqual finds on the tab's JSON with empty cells left out.
import { expect, it } from 'vitest';
import { sameContent } from './whole-match.js';

it('counts an empty cell as empty however it is written, and keys in any order as the same', () => {
  const cell = { userEnteredValue: { stringValue: 'Ann' }, note: 'n' };
  expect(sameContent([[cell, null]], [[{ note: 'n', userEnteredValue: { stringValue: 'Ann' } }, undefined]])).toBe(
    true,
  );
  // eslint-disable-next-line no-sparse-arrays -- a row whose first cell was never written
  expect(sameContent([[, cell]], [[null, cell]])).toBe(true);
  expect(sameContent({ cells: [], merges: null }, { cells: [] })).toBe(true);
});

it('finds a changed value, a missing cell, a longer row and a list for an object', () => {
  const cell = { userEnteredValue: { stringValue: 'Ann' } };
  expect(sameContent([[cell]], [[{ userEnteredValue: { stringValue: 'Ben' } }]])).toBe(false);
  expect(sameContent([[cell]], [[null]])).toBe(false);
  expect(sameContent([[cell]], [[cell, cell]])).toBe(false);
  expect(sameContent({ a: [] }, { a: {} })).toBe(false);
  expect(sameContent({ a: 1 }, { a: 1, b: 0 })).toBe(false);
  expect(sameContent({ a: 1, b: 0 }, { a: 1 })).toBe(false);
  expect(sameContent(1, '1')).toBe(false);
});
