// The embedded workbook against hand-written requests: what Google does with each request the
// renderer uses (field masks, ranges, clearing, merges, moves), and clear refusals for the rest.
import { describe, expect, it } from 'vitest';
import type { Request } from '../../src/sheets/api.js';
import { EmbeddedWorkbook, WorkbookError } from '../../src/workbook/workbook.js';

const RED = { rgbColor: { red: 1 } };
const BLUE = { rgbColor: { blue: 1 } };

function book(...requests: Request[]): EmbeddedWorkbook {
  const workbook = new EmbeddedWorkbook('test');
  workbook.batchUpdate([
    { addSheet: { properties: { sheetId: 7, title: 'Board', gridProperties: { rowCount: 5, columnCount: 4 } } } },
    ...requests,
  ]);
  return workbook;
}

const range = (r0: number, r1: number, c0: number, c1: number) => ({
  sheetId: 7,
  startRowIndex: r0,
  endRowIndex: r1,
  startColumnIndex: c0,
  endColumnIndex: c1,
});

describe('a new embedded workbook', () => {
  it('has one blank tab, Sheet1 with id 0, and reports metadata as the API does (zeros left out)', () => {
    const workbook = new EmbeddedWorkbook();
    expect(workbook.getMetadata()).toEqual({
      sheets: [
        { properties: { title: 'Sheet1', sheetType: 'GRID', gridProperties: { rowCount: 1000, columnCount: 26 } } },
      ],
    });
  });
});

describe('updateCells', () => {
  it('with a range, writes the masked fields and clears them in every cell the rows leave out', () => {
    const workbook = book({
      updateCells: {
        range: range(0, 2, 0, 2),
        rows: [
          {
            values: [
              { userEnteredValue: { stringValue: 'a' }, userEnteredFormat: { backgroundColorStyle: RED } },
              { userEnteredValue: { numberValue: 2 } },
            ],
          },
          { values: [{ userEnteredValue: { stringValue: 'c' } }, { note: 'n' }] },
        ],
        fields: 'userEnteredValue,userEnteredFormat,note',
      },
    });
    workbook.batchUpdate([
      {
        updateCells: {
          range: range(0, 2, 0, 2),
          rows: [{ values: [{ userEnteredValue: { stringValue: 'x' } }] }],
          fields: 'userEnteredValue',
        },
      },
    ]);
    // Values: only A1 given, the rest of the range cleared. Formats and notes: not in the mask, kept.
    expect(workbook.cell('Board', 0, 0)).toEqual({
      userEnteredValue: { stringValue: 'x' },
      userEnteredFormat: { backgroundColorStyle: RED },
    });
    expect(workbook.cell('Board', 0, 1)).toBeNull();
    expect(workbook.cell('Board', 1, 0)).toBeNull();
    expect(workbook.cell('Board', 1, 1)).toEqual({ note: 'n' });
  });

  it('applies nested masks: only the named sub-fields change, a named field left out of the data is cleared', () => {
    const workbook = book({
      updateCells: {
        range: range(0, 1, 0, 1),
        rows: [
          {
            values: [
              {
                userEnteredFormat: {
                  backgroundColorStyle: RED,
                  textFormat: { bold: true, italic: true },
                  horizontalAlignment: 'CENTER',
                },
              },
            ],
          },
        ],
        fields: 'userEnteredFormat',
      },
    });
    workbook.batchUpdate([
      {
        updateCells: {
          start: { sheetId: 7, rowIndex: 0, columnIndex: 0 },
          rows: [
            {
              values: [
                {
                  userEnteredFormat: { backgroundColorStyle: BLUE, horizontalAlignment: 'LEFT' },
                  note: 'ignored: not in the mask',
                },
              ],
            },
          ],
          fields: 'userEnteredFormat(backgroundColorStyle,textFormat.bold)',
        },
      },
    ]);
    expect(workbook.cell('Board', 0, 0)).toEqual({
      userEnteredFormat: { backgroundColorStyle: BLUE, textFormat: { italic: true }, horizontalAlignment: 'CENTER' },
    });
  });

  it('with a start, writes only the cells given and leaves the others alone', () => {
    const workbook = book({
      updateCells: {
        range: range(0, 1, 0, 3),
        rows: [{ values: [{ note: 'a' }, { note: 'b' }, { note: 'c' }] }],
        fields: 'note',
      },
    });
    workbook.batchUpdate([
      {
        updateCells: {
          start: { sheetId: 7, rowIndex: 0, columnIndex: 1 },
          rows: [{ values: [{ note: 'B' }] }],
          fields: 'note',
        },
      },
    ]);
    expect([0, 1, 2].map((c) => workbook.cell('Board', 0, c)?.note)).toEqual(['a', 'B', 'c']);
  });

  it('"*" names every field', () => {
    const workbook = book({
      updateCells: {
        range: range(0, 1, 0, 1),
        rows: [{ values: [{ userEnteredValue: { boolValue: true }, note: 'n' }] }],
        fields: '*',
      },
    });
    workbook.batchUpdate([
      { updateCells: { range: range(0, 1, 0, 1), rows: [{ values: [{ note: 'm' }] }], fields: '*' } },
    ]);
    expect(workbook.cell('Board', 0, 0)).toEqual({ note: 'm' });
  });

  it('refuses a missing mask, an unknown field, a formula and data that overflows the range', () => {
    const cell =
      (values: object[], fields?: string, r = range(0, 1, 0, 1)) =>
      () =>
        book({ updateCells: { range: r, rows: [{ values }], ...(fields === undefined ? {} : { fields }) } });
    expect(cell([{ note: 'x' }])).toThrow('requests[1].updateCells: "fields" is required');
    expect(cell([{ note: 'x' }], 'userEnteredFormat.padding')).toThrow(
      'field "userEnteredFormat.padding" is not supported',
    );
    expect(cell([{ userEnteredValue: { formulaValue: '=1+1' } }], 'userEnteredValue')).toThrow(
      /formulas are not supported/,
    );
    expect(cell([{ userEnteredFormat: { horizontalAlignment: 'MIDDLE' } }], 'userEnteredFormat')).toThrow(
      // Google's schema refuses it first (test/schema-setup.ts); without it the workbook's own check does.
      /horizontal_alignment' \(TYPE_ENUM\), "MIDDLE"|"MIDDLE" is not one of LEFT, CENTER, RIGHT/,
    );
    expect(cell([{ note: 'a' }, { note: 'b' }], 'note')).toThrow('rows[0] has 2 cells; the range is 1 wide');
    expect(cell([{ note: 'x' }], 'note', range(4, 6, 0, 1))).toThrow(
      "range ('Board'!A5:A6) exceeds grid limits. Max rows: 5, max columns: 4",
    );
    expect(cell([{ userEnteredValue: { stringValue: 'a', numberValue: 1 } }], 'userEnteredValue')).toThrow(
      /oneof field 'value' is already set|a value is exactly one kind/,
    );
  });
});

describe('appendCells', () => {
  const text = (t: string) => ({ values: [{ userEnteredValue: { stringValue: t } }] });
  const column = (workbook: EmbeddedWorkbook) =>
    Array.from(workbook.sheetByTitle('Board')?.cells ?? [], (line) => line?.[0]?.userEnteredValue?.stringValue ?? '');

  it('writes after the last row with data, whatever another writer added after the caller looked', () => {
    const workbook = book({
      updateCells: {
        start: { sheetId: 7, rowIndex: 0, columnIndex: 0 },
        rows: [text('head')],
        fields: 'userEnteredValue',
      },
    });
    // Two writers both saw one row; each appends: neither writes over the other.
    workbook.batchUpdate([{ appendCells: { sheetId: 7, rows: [text('a1'), text('a2')], fields: 'userEnteredValue' } }]);
    workbook.batchUpdate([{ appendCells: { sheetId: 7, rows: [text('b1')], fields: 'userEnteredValue' } }]);
    expect(column(workbook)).toEqual(['head', 'a1', 'a2', 'b1']);
  });

  it('skips trailing rows holding no value (a note is not data), and inserts rows when the grid is full', () => {
    const workbook = book(
      {
        updateCells: {
          start: { sheetId: 7, rowIndex: 1, columnIndex: 0 },
          rows: [text('x')],
          fields: 'userEnteredValue',
        },
      },
      {
        updateCells: {
          start: { sheetId: 7, rowIndex: 3, columnIndex: 1 },
          rows: [{ values: [{ note: 'n' }] }],
          fields: 'note',
        },
      },
    );
    workbook.batchUpdate([
      {
        appendCells: {
          sheetId: 7,
          rows: [text('1'), text('2'), text('3'), text('4'), text('5')],
          fields: 'userEnteredValue',
        },
      },
    ]);
    expect(column(workbook)).toEqual(['', 'x', '1', '2', '3', '4', '5']);
    expect(workbook.sheetByTitle('Board')?.rowCount).toBe(7);
  });

  it('refuses a field the request does not have, a row wider than the grid and a missing mask', () => {
    const append = (body: object) => () => book({ appendCells: body } as Request);
    expect(append({ sheetId: 7, rows: [text('a')], fields: 'userEnteredValue', start: {} })).toThrow(
      /Unknown name "start" at 'requests\[1\].append_cells'|"start" is not supported/,
    );
    expect(append({ sheetId: 7, rows: [{ values: new Array(5).fill({ note: 'a' }) }], fields: 'note' })).toThrow(
      'do not fit in the 4 columns',
    );
    expect(append({ sheetId: 7, rows: [text('a')] })).toThrow('"fields" is required');
  });
});

describe('repeatCell and updateBorders', () => {
  it('repeatCell sets the masked fields of every cell in the range and keeps the rest', () => {
    const workbook = book(
      {
        updateCells: {
          range: range(0, 1, 0, 2),
          rows: [
            { values: [{ userEnteredValue: { stringValue: 'a' }, userEnteredFormat: { textFormat: { bold: true } } }] },
          ],
          fields: 'userEnteredValue,userEnteredFormat',
        },
      },
      {
        repeatCell: {
          range: range(0, 1, 0, 2),
          cell: { userEnteredFormat: { horizontalAlignment: 'CENTER', textFormat: { fontSize: 8, bold: false } } },
          fields: 'userEnteredFormat(horizontalAlignment,textFormat.fontSize)',
        },
      },
    );
    expect(workbook.cell('Board', 0, 0)).toEqual({
      userEnteredValue: { stringValue: 'a' },
      userEnteredFormat: { textFormat: { bold: true, fontSize: 8 }, horizontalAlignment: 'CENTER' },
    });
    expect(workbook.cell('Board', 0, 1)).toEqual({
      userEnteredFormat: { textFormat: { fontSize: 8 }, horizontalAlignment: 'CENTER' },
    });
  });

  it('updateBorders sets outer sides on the cells along them and inner lines on both sides; NONE clears; sides left out stay', () => {
    const thin = { style: 'SOLID' };
    const thick = { style: 'SOLID_THICK' };
    const workbook = book({
      updateBorders: {
        range: range(0, 2, 0, 2),
        top: thin,
        bottom: thin,
        left: thin,
        right: thin,
        innerHorizontal: thin,
        innerVertical: thin,
      },
    });
    workbook.batchUpdate([
      { updateBorders: { range: range(0, 2, 0, 1), innerHorizontal: thick } },
      { updateBorders: { range: range(0, 1, 0, 1), top: { style: 'NONE' } } },
    ]);
    expect(workbook.cell('Board', 0, 0)?.userEnteredFormat?.borders).toEqual({
      bottom: thick,
      left: thin,
      right: thin,
    });
    expect(workbook.cell('Board', 1, 0)?.userEnteredFormat?.borders).toEqual({
      top: thick,
      bottom: thin,
      left: thin,
      right: thin,
    });
    expect(workbook.cell('Board', 0, 1)?.userEnteredFormat?.borders).toEqual({
      top: thin,
      bottom: thin,
      left: thin,
      right: thin,
    });
    expect(workbook.cell('Board', 2, 0)).toBeNull();
  });
});

describe('merges', () => {
  it('MERGE_ALL keeps only the top-left value; MERGE_ROWS makes one merge per row; unmerge undoes them', () => {
    const workbook = book(
      {
        updateCells: {
          range: range(0, 1, 0, 2),
          rows: [
            {
              values: [
                { userEnteredValue: { stringValue: 'kept' } },
                { userEnteredValue: { stringValue: 'dropped' }, note: 'stays' },
              ],
            },
          ],
          fields: '*',
        },
      },
      { mergeCells: { range: range(0, 1, 0, 2), mergeType: 'MERGE_ALL' } },
      { mergeCells: { range: range(1, 4, 2, 4), mergeType: 'MERGE_ROWS' } },
    );
    expect(workbook.cell('Board', 0, 1)).toEqual({ note: 'stays' });
    const merges = (w: EmbeddedWorkbook) => w.getMetadata().sheets?.[1].merges;
    expect(merges(workbook)).toEqual([
      { sheetId: 7, endRowIndex: 1, endColumnIndex: 2 },
      { sheetId: 7, startRowIndex: 1, endRowIndex: 2, startColumnIndex: 2, endColumnIndex: 4 },
      { sheetId: 7, startRowIndex: 2, endRowIndex: 3, startColumnIndex: 2, endColumnIndex: 4 },
      { sheetId: 7, startRowIndex: 3, endRowIndex: 4, startColumnIndex: 2, endColumnIndex: 4 },
    ]);
    workbook.batchUpdate([{ unmergeCells: { range: { sheetId: 7 } } }]);
    expect(merges(workbook)).toBeUndefined();
  });

  it('refuses overlapping merges, one-cell merges, merges across frozen rows, and freezing across a merge', () => {
    const frozen = {
      updateSheetProperties: {
        properties: { sheetId: 7, gridProperties: { frozenRowCount: 1 } },
        fields: 'gridProperties.frozenRowCount',
      },
    };
    expect(() =>
      book({ mergeCells: { range: range(0, 2, 0, 2) } }, { mergeCells: { range: range(1, 3, 1, 3) } }),
    ).toThrow("requests[2].mergeCells: 'Board'!B2:C3 overlaps the merge A1:B2; unmerge it first");
    expect(() => book({ mergeCells: { range: range(0, 1, 0, 1) } })).toThrow('a merge must cover at least two cells');
    expect(() => book(frozen, { mergeCells: { range: range(0, 2, 0, 1) } })).toThrow(
      "You can't merge frozen and non-frozen rows",
    );
    expect(() => book({ mergeCells: { range: range(0, 2, 0, 1) } }, frozen)).toThrow(
      "You can't merge frozen and non-frozen rows",
    );
    expect(() =>
      book({ mergeCells: { range: range(0, 2, 0, 2) } }, { unmergeCells: { range: range(0, 1, 0, 4) } }),
    ).toThrow('the merge A1:B2 is only partly inside A1:D1');
  });
});

describe('sheets', () => {
  const titles = (w: EmbeddedWorkbook) => w.tabs.map((t) => t.title);

  it('moves sheets with "before the move" indexes, as the API does', () => {
    const workbook = new EmbeddedWorkbook();
    workbook.batchUpdate(['A', 'B', 'C'].map((title) => ({ addSheet: { properties: { title } } })));
    expect(titles(workbook)).toEqual(['Sheet1', 'A', 'B', 'C']);
    const a = workbook.sheetByTitle('A')!.sheetId;
    // Moving A one place right needs index 3 (its index + 2).
    workbook.batchUpdate([{ updateSheetProperties: { properties: { sheetId: a, index: 3 }, fields: 'index' } }]);
    expect(titles(workbook)).toEqual(['Sheet1', 'B', 'A', 'C']);
    workbook.batchUpdate([{ updateSheetProperties: { properties: { sheetId: a, index: 0 }, fields: 'index' } }]);
    expect(titles(workbook)).toEqual(['A', 'Sheet1', 'B', 'C']);
    expect(workbook.getMetadata().sheets?.map((s) => s.properties?.index)).toEqual([undefined, 1, 2, 3]);
  });

  it('refuses a title taken (whatever its case), an id taken, and deleting the last sheet', () => {
    const workbook = book();
    expect(() => workbook.batchUpdate([{ addSheet: { properties: { title: 'board' } } }])).toThrow(
      'A sheet with the name "board" already exists',
    );
    expect(() => workbook.batchUpdate([{ addSheet: { properties: { sheetId: 7 } } }])).toThrow(
      'a sheet with id 7 already exists',
    );
    workbook.batchUpdate([{ deleteSheet: { sheetId: 0 } }]);
    expect(() => workbook.batchUpdate([{ deleteSheet: { sheetId: 7 } }])).toThrow(
      "You can't remove all the sheets in a document.",
    );
  });

  it('resizes a grid: shrinking drops what falls outside; sizes of rows and columns are set in ranges', () => {
    const workbook = book(
      {
        updateCells: {
          range: range(0, 5, 0, 4),
          rows: [{}, {}, {}, {}, { values: [{ note: 'gone' }] }],
          fields: 'note',
        },
      },
      {
        updateDimensionProperties: {
          range: { sheetId: 7, dimension: 'COLUMNS', startIndex: 1, endIndex: 3 },
          properties: { pixelSize: 30 },
          fields: 'pixelSize',
        },
      },
      {
        updateSheetProperties: {
          properties: { sheetId: 7, gridProperties: { rowCount: 3, columnCount: 3 } },
          fields: 'gridProperties(rowCount,columnCount)',
        },
      },
    );
    const sheet = workbook.sheetByTitle('Board')!;
    expect([sheet.rowCount, sheet.columnCount, sheet.columnWidths, sheet.rowHeights]).toEqual([
      3,
      3,
      [100, 30, 30],
      [21, 21, 21],
    ]);
    expect(workbook.cell('Board', 4, 0)).toBeNull();
    expect(() =>
      workbook.batchUpdate([
        {
          updateDimensionProperties: {
            range: { sheetId: 7, dimension: 'ROWS', startIndex: 0, endIndex: 9 },
            properties: { pixelSize: 5 },
            fields: 'pixelSize',
          },
        },
      ]),
    ).toThrow("range 0–9 is outside the 3 rows of 'Board'");
  });

  it('checks one update of size and frozen rows as a whole', () => {
    const workbook = book({
      updateSheetProperties: {
        properties: { sheetId: 7, gridProperties: { frozenRowCount: 4 } },
        fields: 'gridProperties.frozenRowCount',
      },
    });
    workbook.batchUpdate([
      {
        updateSheetProperties: {
          properties: { sheetId: 7, gridProperties: { rowCount: 3, frozenRowCount: 1 } },
          fields: 'gridProperties(rowCount,frozenRowCount)',
        },
      },
    ]);
    expect([workbook.sheetByTitle('Board')!.rowCount, workbook.sheetByTitle('Board')!.frozenRowCount]).toEqual([3, 1]);
    expect(() =>
      workbook.batchUpdate([
        {
          updateSheetProperties: {
            properties: { sheetId: 7, gridProperties: { rowCount: 1 } },
            fields: 'gridProperties.rowCount',
          },
        },
      ]),
    ).toThrow("frozenRowCount 1 would freeze every row of 'Board'");
  });

  it('draws a random id for a protected range added without one, as Sheets does, and answers it in the reply', () => {
    const ids = [1, 2, 3].map(() => {
      const workbook = book();
      const [reply] = workbook.batchUpdate([
        { addProtectedRange: { protectedRange: { range: { sheetId: 7 }, description: 'd' } } },
      ]) as {
        addProtectedRange?: { protectedRange?: { protectedRangeId?: number; range?: object; description?: string } };
      }[];
      const kept = workbook.getMetadata().sheets?.[1].protectedRanges ?? [];
      expect(reply.addProtectedRange?.protectedRange).toEqual(kept[0]);
      expect(kept[0]).toMatchObject({ range: { sheetId: 7 }, description: 'd' });
      return kept[0].protectedRangeId;
    });
    // Three fresh workbooks, three draws: the same id every time would be a counter, not a draw.
    expect(new Set(ids).size).toBeGreaterThan(1);
    for (const id of ids) expect(Number.isInteger(id) && id! > 0).toBe(true);
  });

  it('keeps protected ranges by id and refuses an id taken', () => {
    const workbook = book({
      addProtectedRange: { protectedRange: { protectedRangeId: 42, range: { sheetId: 7 }, description: 'd' } },
    });
    expect(workbook.getMetadata().sheets?.[1].protectedRanges).toEqual([
      { protectedRangeId: 42, range: { sheetId: 7 }, description: 'd' },
    ]);
    expect(() =>
      workbook.batchUpdate([
        { addProtectedRange: { protectedRange: { protectedRangeId: 42, range: { sheetId: 7 } } } },
      ]),
    ).toThrow('a protected range with id 42 already exists');
    workbook.batchUpdate([{ deleteProtectedRange: { protectedRangeId: 42 } }]);
    expect(workbook.getMetadata().sheets?.[1].protectedRanges).toBeUndefined();
  });
});

describe('developer metadata', () => {
  const create = (metadataId: number, extra: Record<string, unknown> = {}) => ({
    createDeveloperMetadata: {
      developerMetadata: {
        metadataId,
        metadataKey: 'k',
        metadataValue: 'v1',
        location: { sheetId: 7 },
        visibility: 'DOCUMENT',
        ...extra,
      },
    },
  });

  it('keeps metadata on a sheet, updates its value by id, and drops it with the sheet', () => {
    const workbook = book(create(5));
    expect(workbook.getMetadata().sheets?.[1].developerMetadata).toEqual([
      {
        metadataId: 5,
        metadataKey: 'k',
        metadataValue: 'v1',
        visibility: 'DOCUMENT',
        location: { locationType: 'SHEET', sheetId: 7 },
      },
    ]);
    workbook.batchUpdate([
      {
        updateDeveloperMetadata: {
          dataFilters: [{ developerMetadataLookup: { metadataId: 5 } }],
          developerMetadata: { metadataValue: 'v2' },
          fields: 'metadataValue',
        },
      },
    ]);
    expect(workbook.getMetadata().sheets?.[1].developerMetadata?.[0].metadataValue).toBe('v2');
    workbook.batchUpdate([{ deleteSheet: { sheetId: 7 } }]);
    expect(() =>
      workbook.batchUpdate([
        {
          updateDeveloperMetadata: {
            dataFilters: [{ developerMetadataLookup: { metadataId: 5 } }],
            developerMetadata: { metadataValue: 'v3' },
            fields: 'metadataValue',
          },
        },
      ]),
    ).toThrow('requests[0].updateDeveloperMetadata: no developer metadata with id 5');
  });

  it('refuses a taken id, a missing key or visibility, and what it does not model', () => {
    const workbook = book(create(5));
    expect(() => workbook.batchUpdate([create(5)])).toThrow('Developer metadata with id 5 already exists');
    expect(() => workbook.batchUpdate([create(6, { metadataKey: '' })])).toThrow(
      'developerMetadata.metadataKey is required',
    );
    expect(() => workbook.batchUpdate([create(6, { visibility: undefined })])).toThrow(
      'developerMetadata.visibility must be DOCUMENT or PROJECT',
    );
    expect(() => workbook.batchUpdate([create(6, { location: { spreadsheet: true } })])).toThrow(
      '"spreadsheet" is not supported',
    );
    expect(() =>
      workbook.batchUpdate([
        {
          updateDeveloperMetadata: {
            dataFilters: [{ developerMetadataLookup: { metadataId: 5 } }],
            developerMetadata: { metadataKey: 'x' },
            fields: 'metadataKey',
          },
        },
      ]),
    ).toThrow('fields: the embedded workbook updates only "metadataValue"');
  });
});

describe('batchUpdate', () => {
  it('is atomic: a failing request leaves everything as it was and the error names it', () => {
    const workbook = book();
    const before = JSON.stringify(workbook.tabs);
    let error: unknown;
    try {
      workbook.batchUpdate([
        { updateCells: { range: range(0, 1, 0, 1), rows: [{ values: [{ note: 'x' }] }], fields: 'note' } },
        { deleteSheet: { sheetId: 99 } },
      ]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WorkbookError);
    expect((error as Error).message).toBe('requests[1].deleteSheet: no sheet with id 99');
    expect(JSON.stringify(workbook.tabs)).toBe(before);
    expect(workbook.batchUpdates).toBe(1);
  });

  it('is atomic where a batch copies only what it writes: nested fields, borders, merges and a cell a reader holds stay as they were', () => {
    // A batch shares the workbook's rows and cells until it writes them (batch.ts): every kind of
    // cell write below reaches into a cell that already has nested values, then the batch fails.
    const workbook = book(
      {
        updateCells: {
          range: range(0, 2, 0, 2),
          rows: [
            { values: [{ userEnteredValue: { stringValue: 'a' }, userEnteredFormat: { backgroundColorStyle: RED } }] },
            { values: [{ userEnteredValue: { stringValue: 'b' } }, { userEnteredValue: { stringValue: 'c' } }] },
          ],
          fields: 'userEnteredValue,userEnteredFormat.backgroundColorStyle',
        },
      },
      { updateBorders: { range: range(0, 2, 0, 2), top: { style: 'SOLID', colorStyle: RED } } },
    );
    const before = JSON.stringify(workbook.tabs);
    const held = workbook.cell('Board', 0, 0);
    const heldText = JSON.stringify(held);
    expect(() =>
      workbook.batchUpdate([
        {
          updateCells: {
            range: range(0, 1, 0, 1),
            rows: [{ values: [{ userEnteredFormat: { backgroundColorStyle: BLUE, textFormat: { bold: true } } }] }],
            fields: 'userEnteredFormat.backgroundColorStyle,userEnteredFormat.textFormat.bold',
          },
        },
        { repeatCell: { range: range(1, 2, 0, 2), cell: { note: 'n' }, fields: 'note' } },
        {
          updateBorders: {
            range: range(0, 2, 0, 2),
            top: { style: 'NONE' },
            innerVertical: { style: 'DASHED', colorStyle: BLUE },
          },
        },
        { mergeCells: { range: range(1, 2, 0, 2), mergeType: 'MERGE_ALL' } },
        { appendCells: { sheetId: 7, rows: [{ values: [{ userEnteredValue: { stringValue: 'd' } }] }], fields: '*' } },
        { deleteSheet: { sheetId: 99 } },
      ]),
    ).toThrow('requests[5].deleteSheet: no sheet with id 99');
    expect(JSON.stringify(workbook.tabs)).toBe(before);
    expect(JSON.stringify(held)).toBe(heldText);
    // The same writes without the failing request take effect, and the held cell is still the old one.
    workbook.batchUpdate([
      {
        updateCells: {
          range: range(0, 1, 0, 1),
          rows: [{ values: [{ userEnteredFormat: { backgroundColorStyle: BLUE } }] }],
          fields: 'userEnteredFormat.backgroundColorStyle',
        },
      },
    ]);
    expect(workbook.cell('Board', 0, 0)?.userEnteredFormat?.backgroundColorStyle).toEqual(BLUE);
    expect(workbook.cell('Board', 0, 0)?.userEnteredFormat?.borders?.top?.style).toBe('SOLID');
    expect(JSON.stringify(held)).toBe(heldText);
  });

  it('refuses every request kind it does not apply, so it never silently differs from Google', () => {
    const workbook = book();
    expect(() =>
      workbook.batchUpdate([
        { insertDimension: { range: { sheetId: 7, dimension: 'ROWS', startIndex: 0, endIndex: 1 } } },
      ]),
    ).toThrow(
      /^requests\[0\]\.insertDimension: not supported by the embedded workbook \(it applies addSheet, updateSheetProperties/,
    );
    expect(() => workbook.batchUpdate([{ addSheet: { properties: { title: 'T', tabColorStyle: RED } } }])).toThrow(
      'properties.tabColorStyle is not supported',
    );
    expect(() =>
      workbook.batchUpdate([{ updateSheetProperties: { properties: { sheetId: 7, hidden: true }, fields: 'hidden' } }]),
    ).toThrow('properties.hidden is not supported');
    expect(() => workbook.batchUpdate([])).toThrow('at least one request');
  });
});

describe("Google's limits", () => {
  it('a cell holds at most 50,000 characters: one more is refused, naming the request, and nothing applies', () => {
    const full = 'x'.repeat(50_000);
    const workbook = book({
      updateCells: {
        start: { sheetId: 7, rowIndex: 0, columnIndex: 0 },
        rows: [{ values: [{ userEnteredValue: { stringValue: full } }] }],
        fields: 'userEnteredValue',
      },
    });
    expect(workbook.cell('Board', 0, 0)?.userEnteredValue?.stringValue).toHaveLength(50_000);
    expect(() =>
      workbook.batchUpdate([
        {
          updateCells: {
            start: { sheetId: 7, rowIndex: 1, columnIndex: 0 },
            rows: [{ values: [{ userEnteredValue: { stringValue: 'ok' } }] }],
            fields: 'userEnteredValue',
          },
        },
        {
          updateCells: {
            start: { sheetId: 7, rowIndex: 2, columnIndex: 0 },
            rows: [{ values: [{ userEnteredValue: { stringValue: `${full}y` } }] }],
            fields: 'userEnteredValue',
          },
        },
      ]),
    ).toThrow(/requests\[1\]\.updateCells: .*50001 characters, over the 50000 a Google Sheets cell holds/);
    expect(workbook.cell('Board', 1, 0)).toBeNull();
  });

  it("a batchUpdate body over the Sheets API's recommended 2 MB is refused", () => {
    const workbook = book();
    // 45 cells of 49,000 characters: about 2.2 MB of JSON, each cell within its own limit.
    const row = {
      values: Array.from({ length: 45 }, () => ({ userEnteredValue: { stringValue: 'é'.repeat(24_500) } })),
    };
    workbook.batchUpdate([
      {
        updateSheetProperties: {
          properties: { sheetId: 7, gridProperties: { rowCount: 5, columnCount: 50 } },
          fields: 'gridProperties.columnCount',
        },
      },
    ]);
    expect(() =>
      workbook.batchUpdate([
        {
          updateCells: { start: { sheetId: 7, rowIndex: 0, columnIndex: 0 }, rows: [row], fields: 'userEnteredValue' },
        },
      ]),
    ).toThrow(/over the Sheets API's recommended maximum of 2097152 \(2 MB\)/);
    expect(workbook.cell('Board', 0, 0)).toBeNull();
  });

  it("a new spreadsheet's first tab may be named in another language", () => {
    expect(new EmbeddedWorkbook('t', { title: 'Feuille 1', id: 0 }).getMetadata().sheets?.[0].properties?.title).toBe(
      'Feuille 1',
    );
  });
});
