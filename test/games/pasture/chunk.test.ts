// Renders over the Sheets API's recommended 2 MB a batchUpdate (src/sheets/chunk.ts): a match whose
// players sent long answers again and again renders in several batchUpdates, each under 2 MB, into
// the same workbook one batch would make; a render that fits is still one; a render stopped after
// its first part is finished by the next; the published file on the Seed tab is whole.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { publishedLines } from '../../../src/engine/core/publish.js';
import { replayMatch, viewFor } from '../../../src/engine/index.js';
import type { ReplayResult } from '../../../src/engine/core/replay.js';
import type { Audience } from '../../../src/engine/core/view.js';
import { EmbeddedWorkbook } from '../../../src/workbook/workbook.js';
import type { Request, Workbook } from '../../../src/sheets/api.js';
import {
  MAX_BATCH_BYTES,
  batchBytes,
  renderRequests,
  renderView,
  splitRequests,
  splitSized,
} from '../../../src/sheets/index.js';
import { matchOf, withLongAnswers } from '../../helpers/match.js';

/** A body's size measured afresh (splitSized reports the sizes it worked out: they must be these). */
const bodyBytes = (requests: readonly Request[]) => Buffer.byteLength(JSON.stringify({ requests }), 'utf8');

const pasture = () => matchOf(JSON.parse(readFileSync('examples/pasture.json', 'utf8')));

/** The workbook, with every batchUpdate's body size noted, refusing the `fail`th batchUpdate (1-based) once. */
function watched(workbook: EmbeddedWorkbook, fail?: number): Workbook & { sizes: number[] } {
  const sizes: number[] = [];
  let calls = 0;
  return {
    sizes,
    getMetadata: () => workbook.getMetadata(),
    batchUpdate(requests: readonly Request[]) {
      calls += 1;
      if (calls === fail) throw new Error('Service unavailable (the fake refuses this part once)');
      sizes.push(batchBytes(requests));
      workbook.batchUpdate(requests);
    },
  };
}

/** What a workbook shows: every tab's title, grid, cells, merges and protections (whose ids Sheets draws). */
const shown = (workbook: EmbeddedWorkbook) =>
  JSON.stringify(
    workbook.tabs.map((tab) => ({
      ...tab,
      protectedRanges: tab.protectedRanges.map(({ protectedRangeId: _drawn, ...rest }) => rest),
    })),
  );

function rendered(result: ReplayResult, audience: Audience, limit?: number): EmbeddedWorkbook {
  const workbook = new EmbeddedWorkbook('t');
  const requests = renderRequests(viewFor(result, audience), workbook.getMetadata(), { dropDefaultSheet: true });
  for (const part of splitRequests(requests, limit)) workbook.batchUpdate(part);
  return workbook;
}

describe('renders over 2 MB', () => {
  const big = replayMatch(withLongAnswers(pasture()));

  it('keeps one batchUpdate for a render that fits', () => {
    const requests = renderRequests(viewFor(replayMatch(pasture()), 'host'), {});
    expect(splitRequests(requests)).toEqual([requests]);
    const workbook = new EmbeddedWorkbook('t');
    expect(renderView(workbook, viewFor(replayMatch(pasture()), 'public')).batches).toBe(1);
    expect(workbook.batchUpdates).toBe(1);
  });

  it('cuts at request boundaries and an updateCells by rows into parts under the limit that draw the same workbook', () => {
    const requests = renderRequests(viewFor(big, 'player:p1'), {});
    const limit = 64 * 1024;
    const parts = splitRequests(requests, limit);
    expect(parts.length).toBeGreaterThan(4);
    for (const part of parts) {
      expect(bodyBytes(part)).toBeLessThanOrEqual(limit);
      expect(batchBytes(part)).toBe(bodyBytes(part));
    }
    // The sizes a render reports are those of the bodies it sends.
    expect(splitSized(requests, limit).map((part) => part.bytes)).toEqual(parts.map(bodyBytes));
    // More updateCells than before: the log tab's was cut by rows.
    const cells = (list: readonly Request[]) => list.filter((r) => r.updateCells).length;
    expect(cells(parts.flat())).toBeGreaterThan(cells(requests));
    expect(shown(rendered(big, 'player:p1', limit))).toBe(shown(rendered(big, 'player:p1')));
  });

  it('any list of requests: parts in order, each under the limit, writing the same rows as the whole', () => {
    const row = fc
      .string({ maxLength: 300 })
      .map((text) => ({ values: [{ userEnteredValue: { stringValue: text } }] }));
    const request = fc.oneof(
      fc.record({ sheetId: fc.nat(9), index: fc.nat(9) }).map(({ sheetId, index }): Request => ({
        updateSheetProperties: { properties: { sheetId, index }, fields: 'index' },
      })),
      fc
        .record({ start: fc.nat(50), rows: fc.array(row, { maxLength: 40 }), extra: fc.nat(20) })
        .map(({ start, rows, extra }): Request => ({
          updateCells: {
            range: { sheetId: 1, startRowIndex: start, endRowIndex: start + rows.length + extra },
            rows,
            fields: 'userEnteredValue',
          },
        })),
    );
    fc.assert(
      fc.property(fc.array(request, { maxLength: 12 }), fc.integer({ min: 1200, max: 6000 }), (requests, limit) => {
        const parts = splitRequests(requests, limit);
        if (bodyBytes(requests) <= limit) expect(parts).toEqual([requests]);
        for (const part of parts) {
          expect(bodyBytes(part)).toBeLessThanOrEqual(limit);
          expect(batchBytes(part)).toBe(bodyBytes(part));
        }
        expect(splitSized(requests, limit)).toEqual(parts.map((part) => ({ requests: part, bytes: bodyBytes(part) })));
        // Each updateCells comes back as consecutive pieces covering its range, its rows in order.
        const flat = parts.flat();
        let at = 0;
        for (const original of requests) {
          if (!original.updateCells) {
            expect(flat[at++]).toEqual(original);
            continue;
          }
          const range = original.updateCells.range!;
          let next = range.startRowIndex!;
          const rows: unknown[] = [];
          while (next < range.endRowIndex! || rows.length < (original.updateCells.rows ?? []).length) {
            const piece = flat[at++].updateCells!;
            expect(piece.range!.startRowIndex).toBe(next);
            next = piece.range!.endRowIndex!;
            rows.push(...(piece.rows ?? []));
          }
          expect(next).toBe(range.endRowIndex);
          expect(rows).toEqual(original.updateCells.rows);
        }
        expect(at).toBe(flat.length);
      }),
    );
  });

  it('refuses, with one line, a single row over the limit', () => {
    const row = { values: [{ userEnteredValue: { stringValue: 'x'.repeat(2000) } }] };
    const request: Request = {
      updateCells: { range: { sheetId: 1, startRowIndex: 0, endRowIndex: 1 }, rows: [row], fields: 'userEnteredValue' },
    };
    expect(() => splitRequests([request], 1000)).toThrow(
      /^updateCells: row 1 alone is \d+ bytes, over the 985 one batchUpdate may carry$/,
    );
  });

  it('renders a match with many long answers (host, public) in several batchUpdates, each under 2 MB', () => {
    for (const audience of ['host', 'public'] as const) {
      const workbook = new EmbeddedWorkbook('t');
      const sheet = watched(workbook);
      const report = renderView(sheet, viewFor(big, audience), { dropDefaultSheet: true });
      expect(report.batches).toBeGreaterThan(1);
      expect(sheet.sizes).toHaveLength(report.batches);
      for (const size of sheet.sizes) expect(size).toBeLessThanOrEqual(MAX_BATCH_BYTES);
      expect(sheet.sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(MAX_BATCH_BYTES);
    }
  });

  it('publishes the whole match file on the Seed tab, a line a cell, each under 50,000 characters', () => {
    const workbook = new EmbeddedWorkbook('t');
    renderView(workbook, viewFor(big, 'public'), { dropDefaultSheet: true });
    expect(workbook.batchUpdates).toBeGreaterThan(1);
    const seed = workbook.sheetByTitle('Seed');
    const column = (seed?.cells ?? []).map((row) => row[0]?.userEnteredValue?.stringValue ?? '');
    const lines = publishedLines(big.match, big.final ?? expect.fail('the match is over'));
    const first = column.indexOf(lines[0], column.indexOf(big.match.seed) + 1);
    expect(column.slice(first, first + lines.length)).toEqual(lines);
    expect(Math.max(...column.map((text) => text.length))).toBeLessThan(50_000);
  });

  it('finishes a render stopped after its first part at the next render', () => {
    const workbook = new EmbeddedWorkbook('t');
    const view = viewFor(big, 'host');
    expect(() => renderView(watched(workbook, 2), view, { dropDefaultSheet: true })).toThrow(/refuses this part once/);
    expect(shown(workbook)).not.toBe(shown(rendered(big, 'host')));
    renderView(workbook, view, { dropDefaultSheet: true });
    expect(shown(workbook)).toBe(shown(rendered(big, 'host')));
  });
});
