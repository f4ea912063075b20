// The ports of src/triggers/google/ports.ts on Google's REST APIs from Node (the add-on has them on Apps
// Script services in src/addon/services.ts). So far the Spreadsheet port: what the renderer
// (src/sheets) and the match log (src/triggers/saved/match-log.ts) need. Node-only.

import type { Request, WorkbookMetadata } from '../sheets/api.js';
import { METADATA_FIELDS } from '../sheets/api.js';
import type { Spreadsheet } from '../triggers/google/ports.js';
import type { GoogleCalls } from './bridge.js';

const spreadsheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

/** A spreadsheet written through the Sheets API v4: one HTTP call per port call, as in the add-on. */
export class RestSpreadsheet implements Spreadsheet {
  readonly url: string;
  protected readonly what: string;

  constructor(
    protected readonly google: GoogleCalls,
    readonly id: string,
    /** The blank first tab of a spreadsheet just made (spreadsheets.create names it). */
    readonly firstSheetId?: number,
  ) {
    this.url = spreadsheetUrl(id);
    this.what = `spreadsheet ${id}`;
  }

  /** spreadsheets.get with the renderer's field mask: the answer is exactly a WorkbookMetadata. */
  getMetadata(): WorkbookMetadata {
    const answer = this.google.call('getSpreadsheet', { spreadsheetId: this.id, fields: METADATA_FIELDS }, this.what);
    return { sheets: answer.sheets ?? [] };
  }

  batchUpdate(requests: readonly Request[]): void {
    this.google.call('batchUpdate', { spreadsheetId: this.id, requests: [...requests] }, this.what);
  }

  /**
   * values.get with valueRenderOption FORMULA: what was typed (a number stays a JSON number in the
   * ValueRange, so it is turned back into text); a range with nothing in it has no `values`.
   */
  readValues(range: string): string[][] {
    const answer = this.google.call(
      'getValues',
      { spreadsheetId: this.id, range, valueRenderOption: 'FORMULA' },
      this.what,
    );
    return (answer.values ?? []).map((row) =>
      row.map((value: unknown) => (value === null || value === undefined ? '' : String(value))),
    );
  }
}
