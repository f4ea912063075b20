// One spreadsheet's requests as batchUpdates that each fit the Sheets API's recommended 2 MB body
// ("Usage limits", docs/google.md). A render that fits is one batchUpdate, as always; a larger one
// (a host's log of thousands of answers, the published file on the Seed tab) is cut at request
// boundaries, in order, and a single request too large on its own (one updateCells over a long
// tab) is cut by rows into requests that write the same cells. Pure: it goes into the add-on bundle.
//
// Parts run one after another, so each sees the ones before it applied, as the one batch would. A
// tab's content fingerprint is its last request (requests.ts), so a render stopped between parts
// leaves no tab marked drawn that is not, and the next render finishes it.

import { utf8Length } from '../engine/core/utf8.js';
import type { GridRange, Request, RowData } from './api.js';

/** The largest batchUpdate body the Sheets API recommends: 2 MB (developers.google.com/workspace/sheets/api/limits). */
export const MAX_BATCH_BYTES = 2 * 1024 * 1024;

/** `{"requests":[]}`: the body around the requests. */
const ENVELOPE = 15;

/** The size of a batchUpdate body holding `requests`, as JSON. */
export function batchBytes(requests: readonly Request[]): number {
  return utf8Length(JSON.stringify({ requests }));
}

/** One batchUpdate's requests, and its body's size as the split measured it (a render reports it). */
export interface SizedPart {
  readonly requests: Request[];
  readonly bytes: number;
}

/**
 * `requests` as consecutive batchUpdates, each body at most `limit` bytes: exactly one (the same
 * requests) when they fit. Throws when one row of cells alone is over the limit (nothing can cut it).
 */
export function splitRequests(requests: readonly Request[], limit = MAX_BATCH_BYTES): Request[][] {
  return splitSized(requests, limit).map((part) => part.requests);
}

/**
 * splitRequests with each part's size: a render reports the bytes it sent, measured here once
 * rather than again (a render's JSON is measured in a tenth of its drawing time).
 */
export function splitSized(requests: readonly Request[], limit = MAX_BATCH_BYTES): SizedPart[] {
  const whole = batchBytes(requests);
  if (whole <= limit) return [{ requests: requests.slice(), bytes: whole }];
  const parts: SizedPart[] = [];
  let part: Request[] = [];
  let bytes = ENVELOPE;
  const add = (request: Request, size: number) => {
    if (part.length > 0 && bytes + 1 + size > limit) {
      parts.push({ requests: part, bytes });
      part = [];
      bytes = ENVELOPE;
    }
    bytes += size + (part.length > 0 ? 1 : 0);
    part.push(request);
  };
  for (const request of requests) {
    const size = utf8Length(JSON.stringify(request));
    if (ENVELOPE + size <= limit) add(request, size);
    else for (const piece of byRows(request, limit - ENVELOPE)) add(piece, utf8Length(JSON.stringify(piece)));
  }
  if (part.length > 0) parts.push({ requests: part, bytes });
  return parts;
}

/** Groups of consecutive rows, each group's JSON (with `overhead`) at most `budget` bytes. */
function rowGroups(
  rows: readonly RowData[],
  overhead: number,
  budget: number,
  what: string,
): { from: number; to: number }[] {
  const groups: { from: number; to: number }[] = [];
  let from = 0;
  let bytes = overhead;
  rows.forEach((row, i) => {
    const size = utf8Length(JSON.stringify(row));
    if (overhead + size > budget)
      throw new Error(`${what}: row ${i + 1} alone is ${size} bytes, over the ${budget} one batchUpdate may carry`);
    if (i > from && bytes + 1 + size > budget) {
      groups.push({ from, to: i });
      from = i;
      bytes = overhead;
    }
    bytes += size + (i > from ? 1 : 0);
  });
  groups.push({ from, to: rows.length });
  return groups;
}

/** A request too large for one batchUpdate as several that write the same rows (updateCells, appendCells). */
function byRows(request: Request, budget: number): Request[] {
  // Room for the request around its rows, with the largest row numbers it may name.
  const slack = 64;
  if (request.updateCells) {
    const { rows = [], range, start, ...rest } = request.updateCells;
    const overhead = utf8Length(JSON.stringify({ updateCells: { ...rest, range, start, rows: [] } })) + slack;
    const groups = rowGroups(rows, overhead, budget, 'updateCells');
    return groups.map(({ from, to }, i) => {
      const last = i === groups.length - 1;
      if (range) {
        const top = range.startRowIndex ?? 0;
        // The last piece keeps the range's end: the rows past the data are cleared, as in the whole request.
        const piece: GridRange = {
          ...range,
          startRowIndex: top + from,
          endRowIndex: last ? range.endRowIndex : top + to,
        };
        return { updateCells: { ...rest, range: piece, rows: rows.slice(from, to) } };
      }
      return {
        updateCells: {
          ...rest,
          start: { ...start, rowIndex: (start?.rowIndex ?? 0) + from },
          rows: rows.slice(from, to),
        },
      };
    });
  }
  if (request.appendCells) {
    const { rows = [], ...rest } = request.appendCells;
    const overhead = utf8Length(JSON.stringify({ appendCells: { ...rest, rows: [] } })) + slack;
    return rowGroups(rows, overhead, budget, 'appendCells').map(({ from, to }) => ({
      appendCells: { ...rest, rows: rows.slice(from, to) },
    }));
  }
  const kind = Object.keys(request)[0] ?? 'a request';
  throw new Error(
    `${kind}: one request of ${utf8Length(JSON.stringify(request))} bytes, over the ${budget} one batchUpdate may carry, and not made of rows`,
  );
}
