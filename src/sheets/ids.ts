// Choosing the sheetId of a new tab: the first of its candidate ids that no tab of the spreadsheet
// has. The renderer's tabs take candidates derived from their titles (sheetIdsFor), so ids are the
// same on every machine and the renderer knows its own tabs by them; the add-on's own tabs (Links,
// the answers tab, the log) count up from a base of their own (idsFrom), so the renderer never
// takes one of them for a tab it drew.

import { hashString } from '../engine/core/hash.js';
import type { WorkbookMetadata } from './api.js';

const PROBES = 8;

/** The sheetIds a rendered tab of this title may have been given (the first unless it collided). */
export function sheetIdsFor(title: string): number[] {
  return Array.from(
    { length: PROBES },
    (_, k) => hashString(`genius-host/tab/${title.toLowerCase()}`, k) & 0x7fffffff || 1,
  );
}

/** base, base + 1, base + 2, …: the candidates of one of the add-on's own tabs. */
export function* idsFrom(base: number): Generator<number> {
  for (let id = base; ; id += 1) yield id;
}

/** The sheetIds the tabs of a spreadsheet have. */
export function takenSheetIds(existing: WorkbookMetadata): Set<number | null | undefined> {
  return new Set((existing.sheets ?? []).map((s) => s.properties?.sheetId));
}

/** The first of `candidates` not in `taken`; throws when all are taken. */
export function freeSheetId(
  taken: ReadonlySet<number | null | undefined>,
  candidates: Iterable<number>,
  title: string,
): number {
  for (const id of candidates) if (!taken.has(id)) return id;
  throw new Error(`no free sheet id for tab "${title}"`);
}
