// Views → Sheets API v4 requests. Pure: no Node, no Apps Script; it goes into the add-on bundle.
//
//   renderRequests(view, workbook.getMetadata())   the requests for one batchUpdate
//   renderView(workbook, view)                     reads the metadata, sends exactly one batchUpdate

import type { View } from '../engine/core/view.js';
import type { Request, Workbook, WorkbookMetadata } from './api.js';
import { type RenderOptions, requestsFor } from './requests.js';
import { layoutView } from './tabs.js';

export type { CellData, CellFormat, Color, GridRange, Request, SheetMetadata, Workbook, WorkbookMetadata } from './api.js';
export { layoutView } from './tabs.js';
export { PROTECTION_NOTE, type RenderOptions } from './requests.js';
export { sheetIdsFor } from './ids.js';
export { splitText } from './boards.js';

/** The requests that bring a spreadsheet described by `existing` to show `view`. */
export function renderRequests(view: View, existing: WorkbookMetadata, options: RenderOptions = {}): Request[] {
  return requestsFor(layoutView(view), existing, options);
}

export interface RenderReport {
  readonly requests: number;
  /** Size of the batchUpdate body as JSON. */
  readonly bytes: number;
}

/** UTF-8 length of a string (no TextEncoder in Apps Script). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Renders a view into a workbook with exactly one batchUpdate. */
export function renderView(workbook: Workbook, view: View, options: RenderOptions = {}): RenderReport {
  const requests = renderRequests(view, workbook.getMetadata(), options);
  workbook.batchUpdate(requests);
  return { requests: requests.length, bytes: utf8Length(JSON.stringify({ requests })) };
}
