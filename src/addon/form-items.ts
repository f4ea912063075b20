// Which of a form's items to keep when it changes phase: every change is a FormApp call, a round
// trip (test/reliability/cost.ts), so an item already there of the right kind is changed where it
// differs, and only what is missing is made. Pure: the calls are src/addon/form-app.ts's.

import type { FormItemSpec } from '../forms/index.js';
import type { ItemParts } from '../triggers/google/ports.js';

/** How a form's items come to show a spec's. */
export interface ItemPlan {
  /** For each wanted item, the index of the form's item it is made from, or -1: a new item. */
  readonly from: readonly number[];
  /** The form's items not kept (deleted), by index. */
  readonly deleted: readonly number[];
  /** The FormApp calls it makes: deletions, changes, new items and their settings, moves. */
  readonly calls: number;
}

/** The calls a new item takes: made, then its title, help, required and choices or validation. */
function newItemCalls(item: FormItemSpec): number {
  return 4 + (item.kind === 'text' ? (item.validation ? 1 : 0) : 1);
}

/** The calls that make an item of the same kind show `item` (`same`: the parts it shows already). */
function changeCalls(item: FormItemSpec, same: ItemParts): number {
  const parts = [same.title, same.help, same.required, item.kind === 'text' ? same.validation : same.choices];
  return parts.filter((shown) => !shown).length;
}

/**
 * The moves (Form.moveItem) that put the new items, made at the end, in their places: one for
 * each new item with a kept item after it.
 */
function movesOf(from: readonly number[]): number {
  let moves = 0;
  let keptAfter = false;
  for (let i = from.length - 1; i >= 0; i -= 1) {
    if (from[i] >= 0) keptAfter = true;
    else if (keptAfter) moves += 1;
  }
  return moves;
}

function planOf(kept: readonly number[], shown: number, cost: number): ItemPlan {
  const used = new Set(kept.filter((j) => j >= 0));
  const deleted = Array.from({ length: shown }, (_, j) => j).filter((j) => !used.has(j));
  return { from: kept, deleted, calls: cost + deleted.length + movesOf(kept) };
}

/**
 * The plan with the fewest calls among: every item made again, or the form's items kept in their
 * order wherever one of the same kind can show a wanted item (the most calls saved, found by
 * aligning the two lists; items kept in place are the case where the kinds line up). `parts(j, i)`:
 * which parts of the form's item j show wanted item i already (null: another kind).
 */
export function planItems(
  shownCount: number,
  wanted: readonly FormItemSpec[],
  parts: (shown: number, wanted: number) => ItemParts | null,
): ItemPlan {
  const fresh = wanted.reduce((n, item) => n + newItemCalls(item), 0);
  const rebuild = planOf(
    wanted.map(() => -1),
    shownCount,
    fresh,
  );
  // saved[j][i]: the most calls saved keeping items among the form's from j and the wanted from i.
  const saved = Array.from({ length: shownCount + 1 }, () => new Array<number>(wanted.length + 1).fill(0));
  const gain = (j: number, i: number): number | null => {
    const same = parts(j, i);
    // Kept: no new item, no deletion; changed where it differs.
    return same ? newItemCalls(wanted[i]) + 1 - changeCalls(wanted[i], same) : null;
  };
  for (let j = shownCount - 1; j >= 0; j -= 1)
    for (let i = wanted.length - 1; i >= 0; i -= 1) {
      const keep = gain(j, i);
      saved[j][i] = Math.max(saved[j + 1][i], saved[j][i + 1], keep === null ? 0 : keep + saved[j + 1][i + 1]);
    }
  const from = wanted.map(() => -1);
  for (let j = 0, i = 0; j < shownCount && i < wanted.length;) {
    const keep = gain(j, i);
    if (keep !== null && saved[j][i] === keep + saved[j + 1][i + 1]) {
      from[i] = j;
      j += 1;
      i += 1;
    } else if (saved[j][i] === saved[j + 1][i]) j += 1;
    else i += 1;
  }
  const cost = from.reduce((n, j, i) => {
    const same = j >= 0 ? parts(j, i) : null;
    return n + (same ? changeCalls(wanted[i], same) : newItemCalls(wanted[i]));
  }, 0);
  const reuse = planOf(from, shownCount, cost);
  return reuse.calls <= rebuild.calls ? reuse : rebuild;
}
