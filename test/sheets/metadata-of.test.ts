// metadataOf (src/sheets/api.ts): a batchUpdate's updatedSpreadsheet, which holds the whole
// resource but its cells, cut to what spreadsheets.get answers with METADATA_FIELDS.
import { describe, expect, it } from 'vitest';
import { METADATA_FIELDS, type SpreadsheetResource, metadataOf } from '../../src/sheets/api.js';
import { SheetFile } from '../sandbox/sheets.js';

describe('metadataOf', () => {
  it("cuts a batchUpdate's updatedSpreadsheet to METADATA_FIELDS' shape: what spreadsheets.get answers", () => {
    const file = new SheetFile('1Sheet', 'A match', 'host@example.com');
    const answer = file.batchUpdate(
      [
        { addSheet: { properties: { sheetId: 7, title: 'Board', hidden: true } } },
        {
          mergeCells: {
            range: { sheetId: 7, startRowIndex: 1, endRowIndex: 2, startColumnIndex: 1, endColumnIndex: 3 },
            mergeType: 'MERGE_ALL',
          },
        },
        {
          addProtectedRange: {
            protectedRange: { range: { sheetId: 7 }, description: 'ours', editors: { users: ['host@example.com'] } },
          },
        },
        {
          createDeveloperMetadata: {
            developerMetadata: {
              metadataId: 9,
              metadataKey: 'k',
              metadataValue: 'v',
              visibility: 'DOCUMENT',
              location: { sheetId: 7 },
            },
          },
        },
      ],
      { includeSpreadsheetInResponse: true },
    );
    // The answer holds more than the mask names (a hidden tab, a protection's editors, the file's title)…
    expect(JSON.stringify(answer.updatedSpreadsheet)).toContain('"hidden":true');
    expect(JSON.stringify(answer.updatedSpreadsheet)).toContain('host@example.com');
    // …and its cut is spreadsheets.get's answer with the mask, field for field.
    const cut = metadataOf(answer.updatedSpreadsheet);
    expect(cut).toEqual(metadataOf(file.get(METADATA_FIELDS) as SpreadsheetResource));
    expect(JSON.stringify(cut)).not.toMatch(/hidden|editors|visibility|location|sheetType|"title":"A match"/);
    expect(cut.sheets?.find((s) => s.properties?.title === 'Board')).toMatchObject({
      properties: { sheetId: 7, title: 'Board' },
      merges: [{ sheetId: 7, startRowIndex: 1, endRowIndex: 2, startColumnIndex: 1, endColumnIndex: 3 }],
      protectedRanges: [{ range: { sheetId: 7 }, description: 'ours' }],
      developerMetadata: [{ metadataId: 9, metadataKey: 'k', metadataValue: 'v' }],
    });
  });

  it('answers no spreadsheet unless asked, as the API does', () => {
    const file = new SheetFile('1Sheet', 'A match', 'host@example.com');
    expect(file.batchUpdate([{ addSheet: { properties: { title: 'Board' } } }])).not.toHaveProperty(
      'updatedSpreadsheet',
    );
  });
});
