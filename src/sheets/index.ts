// Views → Sheets API v4 requests. Pure: no Node, no Apps Script; it goes into the add-on bundle.
//
//   renderRequests(view, workbook.getMetadata())   the requests that draw the view
//   splitRequests(requests)                        as batchUpdates under 2 MB each (one when they fit)
//   renderView(workbook, view)                     reads the metadata, sends them

import type { View } from '../engine/core/view.js';
import type { Request, Workbook, WorkbookMetadata } from './api.js';
import { type RenderOptions, requestsFor } from './requests.js';
import { layoutView } from './tabs.js';
import { splitSized } from './chunk.js';

export type {
  CellData,
  CellFormat,
  Color,
  GridRange,
  Request,
  SheetMetadata,
  Workbook,
  WorkbookMetadata,
} from './api.js';
export { layoutView } from './tabs.js';
export { PROTECTION_NOTE, type RenderOptions } from './requests.js';
export { sheetIdsFor } from './ids.js';
export { splitText } from './boards.js';
export { MAX_BATCH_BYTES, type SizedPart, batchBytes, splitRequests, splitSized } from './chunk.js';
// The engine's UTF-8 length, for the triggers' write reports (src/engine/core/utf8.ts).
export { utf8Length } from '../engine/core/utf8.js';

/** The requests that bring a spreadsheet described by `existing` to show `view`. */
export function renderRequests(view: View, existing: WorkbookMetadata, options: RenderOptions = {}): Request[] {
  return requestsFor(layoutView(view), existing, options);
}

export interface RenderReport {
  readonly requests: number;
  /** Size of the batchUpdate bodies as JSON, together. */
  readonly bytes: number;
  /** batchUpdates sent: one, unless the render is over the 2 MB one may carry (chunk.ts). */
  readonly batches: number;
}

/**
 * Renders a view into a workbook: one batchUpdate, or several in order when the requests are over
 * the 2 MB one may carry. Stopped part-way, it leaves what the next render finishes (chunk.ts).
 */
export function renderView(workbook: Workbook, view: View, options: RenderOptions = {}): RenderReport {
  const requests = renderRequests(view, workbook.getMetadata(), options);
  const parts = splitSized(requests);
  for (const part of parts) workbook.batchUpdate(part.requests);
  return {
    requests: requests.length,
    bytes: parts.reduce((sum, part) => sum + part.bytes, 0),
    batches: parts.length,
  };
}
