// A match handed from the add-on to a machine: the add-on's Forms port keys each form's item map by
// FormApp's item ids (Item.getId(), a number), the Forms REST port by the Forms API's question ids
// (answers in forms.responses.list are keyed by them). The machine re-keys the maps once, under the
// lease: the API's Item.itemId is the FormApp id written in hexadecimal (docs/google.md: an
// observation, not a documented promise), and each item's questionId is in the same Item.

import { isRecord } from '../engine/core/guards.js';
import { KEY } from '../triggers/saved/pointers.js';
import type { SheetStore } from '../triggers/saved/sheet-store.js';
import type { GoogleCalls } from './bridge.js';

/** Which ids the store's item maps are keyed by once a machine has re-keyed them. */
const REKEYED = 'question-ids';

/**
 * Re-keys the add-on's item maps by question id (one forms.get per form that has a map); answers
 * how many maps changed. Items it cannot match keep their key, so an answer to them is logged
 * under that key (replay refuses it, naming it) rather than dropped.
 */
export function adoptItemMaps(google: GoogleCalls, store: SheetStore): number {
  if (store.get(KEY.itemsKeyedBy) === REKEYED) return 0;
  let changed = 0;
  for (const key of store.keys().filter((k) => k.startsWith(KEY.form('')))) {
    const pointer: unknown = JSON.parse(store.get(key) ?? '{}');
    if (!isRecord(pointer) || !isRecord(pointer.items)) continue;
    const items = pointer.items;
    if (Object.keys(items).length === 0) continue;
    const formId = key.slice(KEY.form('').length);
    const questionOf = new Map<string, string>();
    for (const item of google.call('getForm', { formId }, `form ${formId}`).items ?? []) {
      const questionId = item.questionItem?.question?.questionId;
      if (item.itemId && questionId) questionOf.set(item.itemId.toLowerCase(), questionId);
    }
    const rekeyed = Object.fromEntries(
      Object.entries(items).map(([id, question]) => {
        const hex = /^\d+$/.test(id) ? BigInt(id).toString(16) : id.toLowerCase();
        return [questionOf.get(hex) ?? id, question];
      }),
    );
    if (JSON.stringify(rekeyed) === JSON.stringify(items)) continue;
    store.set(key, JSON.stringify({ ...pointer, items: rekeyed }));
    changed += 1;
  }
  store.set(KEY.itemsKeyedBy, REKEYED);
  return changed;
}
