// Which of a form's items are kept at a change of phase (src/addon/form-items.ts): the plan with the
// fewest FormApp calls, every item kept where its kind allows and the calls say so.
import { describe, expect, it } from 'vitest';
import { planItems } from '../../src/addon/form-items.js';
import type { FormItemSpec } from '../../src/forms/index.js';
import type { ItemParts } from '../../src/triggers/google/ports.js';

const item = (kind: FormItemSpec['kind'], questionId: string): FormItemSpec => ({
  questionId,
  title: questionId,
  help: '',
  kind,
  ...(kind === 'text' ? {} : { choices: ['Yes', 'No'] }),
  required: false,
});

/** The form shows items of these kinds; each part of each shows a wanted item of its kind already when `alike`. */
function partsFor(shown: readonly FormItemSpec['kind'][], wanted: readonly FormItemSpec[], alike: boolean) {
  return (j: number, i: number): ItemParts | null =>
    shown[j] === wanted[i].kind
      ? { kind: shown[j], title: alike, help: alike, required: alike, choices: alike, validation: alike }
      : null;
}

describe('planItems', () => {
  it('kinds that line up: every item kept in place, only its differing parts set', () => {
    const wanted = [item('text', 'a'), item('choice', 'b')];
    const plan = planItems(2, wanted, partsFor(['text', 'choice'], wanted, false));
    expect(plan).toEqual({ from: [0, 1], deleted: [], calls: 8 });
  });

  it('an item of another kind between two kept ones is deleted, nothing made', () => {
    const wanted = [item('text', 'a'), item('choice', 'c')];
    const plan = planItems(3, wanted, partsFor(['text', 'text', 'choice'], wanted, true));
    expect(plan).toEqual({ from: [0, 2], deleted: [1], calls: 1 });
  });

  it('a kept item with every part to change, behind three new ones to move before it: made again instead', () => {
    const wanted = [item('choice', 'x'), item('choice', 'y'), item('choice', 'z'), item('text', 'a')];
    const changed = planItems(1, wanted, partsFor(['text'], wanted, false));
    // Kept: 3 new items (5 calls each), 3 moves, 3 parts set (22); made again: 1 deletion, 4 new items (20).
    expect(changed).toEqual({ from: [-1, -1, -1, -1], deleted: [0], calls: 20 });
    const same = planItems(1, wanted, partsFor(['text'], wanted, true));
    expect(same).toEqual({ from: [-1, -1, -1, 0], deleted: [], calls: 18 });
  });
});
