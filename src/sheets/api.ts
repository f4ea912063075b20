// The Sheets API v4 shapes the renderer speaks, and the port every spreadsheet implements.
//
// Types, and one pure function over them: `import type` keeps every byte of googleapis out of the
// Apps Script bundle.

import type { sheets_v4 } from '@googleapis/sheets';

export type Request = sheets_v4.Schema$Request;
export type CellData = sheets_v4.Schema$CellData;
export type CellFormat = sheets_v4.Schema$CellFormat;
export type Color = sheets_v4.Schema$Color;
export type Border = sheets_v4.Schema$Border;
export type GridRange = sheets_v4.Schema$GridRange;
export type RowData = sheets_v4.Schema$RowData;
export type SheetProperties = sheets_v4.Schema$SheetProperties;
export type ProtectedRange = sheets_v4.Schema$ProtectedRange;
export type Response = sheets_v4.Schema$Response;
export type DeveloperMetadata = sheets_v4.Schema$DeveloperMetadata;
/** Every schema of the Sheets API v4 (the embedded workbook types each request it applies by it). */
export type { sheets_v4 as SheetsApi };

/** What the renderer needs to know about one existing sheet: a subset of the API's `Sheet`. */
export interface SheetMetadata {
  readonly properties?: SheetProperties;
  readonly merges?: readonly GridRange[];
  readonly protectedRanges?: readonly ProtectedRange[];
  /** Where the renderer keeps each tab's content fingerprint, to skip tabs that did not change. */
  readonly developerMetadata?: readonly DeveloperMetadata[];
}

/** A spreadsheet's tabs as `spreadsheets.get` returns them with `fields: METADATA_FIELDS`. */
export interface WorkbookMetadata {
  readonly sheets?: readonly SheetMetadata[];
}

/** The `fields` to ask `spreadsheets.get` for, so its answer is exactly a `WorkbookMetadata`. */
export const METADATA_FIELDS =
  'sheets(properties(sheetId,title,index,gridProperties),merges,protectedRanges(protectedRangeId,range,description),developerMetadata(metadataId,metadataKey,metadataValue))';

/** A Spreadsheet resource (a `spreadsheets.get`, a batchUpdate's `updatedSpreadsheet`), whatever fields it holds. */
export type SpreadsheetResource = sheets_v4.Schema$Spreadsheet;

/** `object` with only the keys named (those it has). */
function only<T extends object, K extends keyof T>(object: T, keys: readonly K[]): Pick<T, K> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (object[key] !== undefined && object[key] !== null) out[key] = object[key];
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- every key named, where it had one
  return out as Pick<T, K>;
}

/**
 * A spreadsheet resource cut to the fields METADATA_FIELDS names, so metadata answered by a
 * batchUpdate (`includeSpreadsheetInResponse`: the whole resource but its cells) is what
 * `spreadsheets.get` with METADATA_FIELDS answers, and small enough to keep (src/triggers/saved/known-metadata.ts).
 */
export function metadataOf(spreadsheet: SpreadsheetResource | null | undefined): WorkbookMetadata {
  return {
    sheets: (spreadsheet?.sheets ?? []).map((sheet): SheetMetadata => ({
      ...(sheet.properties
        ? { properties: only(sheet.properties, ['sheetId', 'title', 'index', 'gridProperties']) }
        : {}),
      ...(sheet.merges ? { merges: sheet.merges } : {}),
      ...(sheet.protectedRanges
        ? { protectedRanges: sheet.protectedRanges.map((p) => only(p, ['protectedRangeId', 'range', 'description'])) }
        : {}),
      ...(sheet.developerMetadata
        ? {
            developerMetadata: sheet.developerMetadata.map((m) =>
              only(m, ['metadataId', 'metadataKey', 'metadataValue']),
            ),
          }
        : {}),
    })),
  };
}

/**
 * A spreadsheet the renderer can write to: the embedded workbook here (src/workbook/workbook.ts), the
 * Apps Script advanced Sheets service in the add-on. Both are synchronous, like Apps Script.
 */
export interface Workbook {
  getMetadata(): WorkbookMetadata;
  /** One `spreadsheets.batchUpdate`: all requests apply, in order, or none does. */
  batchUpdate(requests: readonly Request[]): void;
}
