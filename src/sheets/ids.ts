// Choosing the sheetId of a new tab: the first of its candidate ids that no tab of the spreadsheet
// has. The renderer's tabs take candidates derived from their titles (sheetIdsFor, requests.ts), so
// ids are the same on every machine; the add-on's own tabs (Links, the answers tab, the log) count
// up from a base of their own, so the renderer never takes one of them for a tab it drew.

import type { WorkbookMetadata } from './api.js';

/** The first of `candidates` that no tab in `existing` has; throws when all are taken. */
export function freeSheetId(existing: WorkbookMetadata, candidates: Iterable<number>, title: string): number {
  const taken = new Set((existing.sheets ?? []).map((s) => s.properties?.sheetId));
  for (const id of candidates) if (!taken.has(id)) return id;
  throw new Error(`no free sheet id for tab "${title}"`);
}

/** base, base + 1, base + 2, …: the candidates of one of the add-on's own tabs. */
export function* idsFrom(base: number): Generator<number> {
  for (let id = base; ; id += 1) yield id;
}
