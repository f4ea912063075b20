// A Google spreadsheet as the sandbox holds it: the embedded workbook (src/workbook/workbook.ts), which
// applies the renderer's requests as Google does, plus what the add-on uses beyond the renderer:
// hidden tabs, protected ranges with editors and unprotected ranges, the TEXT number format, reading
// values back (values.get), and edits typed by people, checked against sharing and protections.
import type { CellData, GridRange, Request } from '../../src/sheets/api.js';
import { METADATA_FIELDS } from '../../src/sheets/api.js';
import { type Area, EmbeddedWorkbook, type SheetState } from '../../src/workbook/workbook.js';
import type { Spreadsheet } from '../../src/triggers/google/ports.js';
import { utf8Size } from './calls.js';
import { alreadyChecked, checkSheetsBatchUpdate } from '../helpers/discovery.js';

export class SheetsError extends Error {}

/** What a BatchUpdateSpreadsheetRequest asks its answer to hold besides the replies. */
export interface ResponseOptions {
  readonly includeSpreadsheetInResponse?: boolean;
  readonly responseIncludeGridData?: boolean;
  readonly responseRanges?: readonly string[];
}

interface Protection {
  readonly editors: readonly string[] | null;
  readonly unprotected: readonly Area[];
}

function areaOf(range: GridRange, sheet: Readonly<SheetState>): Area {
  return {
    startRowIndex: range.startRowIndex ?? 0,
    endRowIndex: range.endRowIndex ?? sheet.rowCount,
    startColumnIndex: range.startColumnIndex ?? 0,
    endColumnIndex: range.endColumnIndex ?? sheet.columnCount,
  };
}

const inside = (a: Area, r: number, c: number) =>
  r >= a.startRowIndex && r < a.endRowIndex && c >= a.startColumnIndex && c < a.endColumnIndex;

/** `'Tab name'!B2:D9`, `'Tab'!A1:Z`, `Tab!A1` → the tab and a range (end open when left out). */
function parseA1(range: string): { tab: string; top: number; left: number; bottom?: number; right?: number } {
  const match = /^(?:'((?:[^']|'')+)'|([^!]+))!([A-Z]+)(\d+)(?::([A-Z]+)(\d+)?)?$/.exec(range);
  if (!match) throw new SheetsError(`Unable to parse range: ${range}`);
  const col = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return {
    tab: (match[1] ?? match[2]).replace(/''/g, "'"),
    top: Number(match[4]) - 1,
    left: col(match[3]),
    ...(match[5] ? { right: col(match[5]) } : {}),
    ...(match[6]
      ? { bottom: Number(match[6]) - 1 }
      : match[5]
        ? {}
        : { bottom: Number(match[4]) - 1, right: col(match[3]) }),
  };
}

export class SheetFile {
  readonly workbook: EmbeddedWorkbook;
  readonly hidden = new Set<number>();
  readonly protections = new Map<number, Protection>();
  /** Cells formatted as plain text, per sheet id: "row,col". */
  readonly textCells = new Map<number, Set<string>>();
  /** batchUpdate calls by the script, and their request bodies' sizes. */
  readonly writes: { requests: number; bytes: number }[] = [];

  constructor(
    readonly id: string,
    readonly title: string,
    readonly owner: string,
    firstTabName = 'Sheet1',
  ) {
    this.workbook = new EmbeddedWorkbook(title, { title: firstTabName, id: 0 });
  }

  get url(): string {
    return `https://docs.google.com/spreadsheets/d/${this.id}/edit`;
  }

  sheet(title: string): Readonly<SheetState> {
    const sheet = this.workbook.sheetByTitle(title);
    if (!sheet) throw new SheetsError(`Unable to parse range: no sheet "${title}" in ${this.title}`);
    return sheet;
  }

  /** spreadsheets.get with the renderer's field mask (the only one the add-on asks for). */
  get(fields: string | undefined): unknown {
    if (fields !== METADATA_FIELDS)
      throw new SheetsError(
        `Sheets.Spreadsheets.get with fields "${fields}" is not implemented by the sandbox (only METADATA_FIELDS)`,
      );
    return this.workbook.getMetadata();
  }

  /**
   * spreadsheets.batchUpdate: the embedded workbook applies the standard requests; the extensions
   * are taken out first and recorded only once the whole batch applied (atomic, as Google is).
   */
  batchUpdate(
    requests: readonly Request[],
    answer: ResponseOptions = {},
  ): { spreadsheetId: string; replies: object[]; updatedSpreadsheet?: object } {
    if (answer.responseIncludeGridData === true || answer.responseRanges !== undefined)
      throw new SheetsError('responseIncludeGridData and responseRanges are not implemented by the sandbox');
    if (!Array.isArray(requests) || requests.length === 0)
      throw new SheetsError('Invalid requests: at least one request is required');
    // Google's schema sees the whole body, the extensions below included (the workbook sees only the rest).
    try {
      checkSheetsBatchUpdate({ requests });
    } catch (error) {
      throw new SheetsError((error as Error).message);
    }
    const standard: Request[] = [];
    const after: (() => void)[] = [];
    // The workbook's replies, one a standard request (read by the steps run after it applied).
    let applied: object[] = [];
    requests.forEach((request, i) => {
      if (request.addSheet?.properties?.hidden !== undefined) {
        const { hidden, ...properties } = request.addSheet.properties;
        standard.push({ addSheet: { ...request.addSheet, properties } });
        after.push(() => {
          const sheet = this.sheet(properties.title!);
          if (hidden) this.hidden.add(sheet.sheetId);
        });
        return;
      }
      if (request.updateSheetProperties?.fields?.split(',').includes('hidden')) {
        const { fields, properties } = request.updateSheetProperties;
        const rest = fields
          .split(',')
          .filter((f: string) => f !== 'hidden')
          .join(',');
        const { hidden, ...others } = properties ?? {};
        if (rest !== '') standard.push({ updateSheetProperties: { properties: others, fields: rest } });
        after.push(() => (hidden ? this.hidden.add(others.sheetId ?? 0) : this.hidden.delete(others.sheetId ?? 0)));
        return;
      }
      const protectedRange = request.addProtectedRange?.protectedRange;
      if (protectedRange && (protectedRange.editors !== undefined || protectedRange.unprotectedRanges !== undefined)) {
        const { editors, unprotectedRanges, ...rest } = protectedRange;
        if (editors && (editors.groups || editors.domainUsersCanEdit))
          throw new SheetsError(
            `requests[${i}]: editors.groups and domainUsersCanEdit are not implemented by the sandbox`,
          );
        for (const email of editors?.users ?? [])
          if (!/^[^@\s]+@[^@\s]+$/.test(email))
            throw new SheetsError(`requests[${i}]: "${email}" is not an email address`);
        const at = standard.push({ addProtectedRange: { protectedRange: rest } }) - 1;
        after.push(() => {
          const sheet = this.workbook.tabs.find((s) => s.sheetId === (rest.range?.sheetId ?? 0))!;
          // The id given, or the one the workbook drew (its reply, as Google's AddProtectedRangeResponse).
          const id = (applied[at] as { addProtectedRange: { protectedRange: { protectedRangeId: number } } })
            .addProtectedRange.protectedRange.protectedRangeId;
          this.protections.set(id, {
            editors: editors ? [...(editors.users ?? [])] : null,
            unprotected: (unprotectedRanges ?? []).map((r: GridRange) => areaOf(r, sheet)),
          });
        });
        return;
      }
      if (request.repeatCell?.fields === 'userEnteredFormat.numberFormat') {
        const type = request.repeatCell.cell?.userEnteredFormat?.numberFormat?.type;
        if (type !== 'TEXT')
          throw new SheetsError(`requests[${i}]: the sandbox implements only the TEXT number format, not ${type}`);
        const range = request.repeatCell.range!;
        after.push(() => {
          const sheet = this.workbook.tabs.find((s) => s.sheetId === (range.sheetId ?? 0));
          if (!sheet) throw new SheetsError(`requests[${i}]: no sheet with id ${range.sheetId}`);
          const area = areaOf(range, sheet);
          const set = this.textCells.get(sheet.sheetId) ?? new Set<string>();
          for (let r = area.startRowIndex; r < area.endRowIndex; r++)
            for (let c = area.startColumnIndex; c < area.endColumnIndex; c++) set.add(`${r},${c}`);
          this.textCells.set(sheet.sheetId, set);
        });
        return;
      }
      // Sheets API UpdateProtectedRangeRequest: the fields named are replaced (only the editors here).
      if (request.updateProtectedRange) {
        const { protectedRange: changed, fields } = request.updateProtectedRange;
        if (fields !== 'editors')
          throw new SheetsError(
            `requests[${i}]: updateProtectedRange with fields "${fields}" is not implemented by the sandbox`,
          );
        const id = changed?.protectedRangeId ?? -1;
        const existing = this.protections.get(id);
        if (!existing) throw new SheetsError(`requests[${i}]: No protected range with id: ${id}`);
        for (const email of changed?.editors?.users ?? [])
          if (!/^[^@\s]+@[^@\s]+$/.test(email))
            throw new SheetsError(`requests[${i}]: "${email}" is not an email address`);
        after.push(() => this.protections.set(id, { ...existing, editors: [...(changed?.editors?.users ?? [])] }));
        return;
      }
      if (request.deleteSheet) after.push(() => this.hidden.delete(request.deleteSheet!.sheetId ?? 0));
      if (request.deleteProtectedRange)
        after.push(() => this.protections.delete(request.deleteProtectedRange!.protectedRangeId ?? -1));
      standard.push(request);
    });
    // The standard requests' replies in their places; the extensions reply nothing, as Google's do.
    applied = standard.length > 0 ? alreadyChecked(standard, () => this.workbook.batchUpdate(standard)) : [];
    for (const step of after) step();
    this.writes.push({ requests: requests.length, bytes: utf8Size(JSON.stringify({ requests })) });
    const replies: object[] = requests.map(() => ({}));
    standard.forEach((r, n) => {
      const at = requests.indexOf(r);
      if (at >= 0) replies[at] = applied[n] ?? {};
    });
    // BatchUpdateSpreadsheetResponse.updatedSpreadsheet: "The spreadsheet after updates were
    // applied. This is only set if … include_spreadsheet_in_response is `true`."
    return {
      spreadsheetId: this.id,
      replies,
      ...(answer.includeSpreadsheetInResponse === true ? { updatedSpreadsheet: this.resource() } : {}),
    };
  }

  /**
   * The Spreadsheet resource without its cells, as a batchUpdate with includeSpreadsheetInResponse
   * answers it: every field the sandbox models, more than METADATA_FIELDS names (hidden tabs, a
   * protection's editors, the file's own properties), as Google answers the whole resource.
   */
  resource(): object {
    return {
      spreadsheetId: this.id,
      properties: { title: this.title },
      sheets: (this.workbook.getMetadata().sheets ?? []).map((sheet) => ({
        ...sheet,
        properties: {
          ...sheet.properties,
          ...(this.hidden.has(sheet.properties?.sheetId ?? 0) ? { hidden: true } : {}),
        },
        ...(sheet.protectedRanges
          ? {
              protectedRanges: sheet.protectedRanges.map((range) => {
                const editors = this.protections.get(range.protectedRangeId ?? -1)?.editors;
                return {
                  ...range,
                  requestingUserCanEdit: true,
                  ...(editors ? { editors: { users: [...editors] } } : {}),
                };
              }),
            }
          : {}),
      })),
      spreadsheetUrl: this.url,
    };
  }

  /** values.get: each cell's value (FORMULA: as typed, numbers as numbers), trailing blanks left out. */
  values(
    range: string,
    renderOption: string | undefined,
  ): { range: string; majorDimension: 'ROWS'; values?: (string | number | boolean)[][] } {
    if (renderOption !== 'FORMULA' && renderOption !== 'UNFORMATTED_VALUE')
      throw new SheetsError(`values.get with valueRenderOption ${renderOption} is not implemented by the sandbox`);
    const { tab, top, left, bottom, right } = parseA1(range);
    const sheet = this.sheet(tab);
    const lastRow = Math.min(bottom ?? sheet.rowCount - 1, sheet.rowCount - 1);
    const lastCol = Math.min(right ?? sheet.columnCount - 1, sheet.columnCount - 1);
    const rows: (string | number | boolean)[][] = [];
    for (let r = top; r <= lastRow; r++) {
      const row: (string | number | boolean)[] = [];
      for (let c = left; c <= lastCol; c++) {
        const value = sheet.cells[r]?.[c]?.userEnteredValue;
        row.push(value?.stringValue ?? value?.numberValue ?? value?.boolValue ?? '');
      }
      while (row.length > 0 && row[row.length - 1] === '') row.pop();
      rows.push(row);
    }
    while (rows.length > 0 && rows[rows.length - 1].length === 0) rows.pop();
    return { range, majorDimension: 'ROWS', ...(rows.length > 0 ? { values: rows } : {}) };
  }

  /** Whether `user` may edit a cell: the owner always; others need write access and every protection. */
  canEdit(user: string, canWrite: boolean, sheetId: number, row: number, col: number): boolean {
    if (user.toLowerCase() === this.owner.toLowerCase()) return true;
    if (!canWrite) return false;
    const sheet = this.workbook.tabs.find((s) => s.sheetId === sheetId)!;
    for (const p of sheet.protectedRanges) {
      const area = areaOf(p.range, sheet);
      if (!inside(area, row, col)) continue;
      const extra = this.protections.get(p.protectedRangeId);
      if (extra?.unprotected.some((u) => inside(u, row, col))) continue;
      const editors = extra?.editors ?? [];
      if (!editors.some((e) => e.toLowerCase() === user.toLowerCase())) return false;
    }
    return true;
  }

  /** A person types into a cell, as in the Sheets UI: refused where they may not edit. */
  type(user: string, canWrite: boolean, tab: string, row: number, col: number, typed: string): void {
    const sheet = this.sheet(tab);
    if (!this.canEdit(user, canWrite, sheet.sheetId, row, col)) {
      throw new SheetsError(
        `You are trying to edit a protected cell or object. ${user} may not edit '${tab}'!R${row + 1}C${col + 1}.`,
      );
    }
    const asText = this.textCells.get(sheet.sheetId)?.has(`${row},${col}`) ?? false;
    let value: CellData['userEnteredValue'];
    if (typed === '') value = undefined;
    else if (asText) value = { stringValue: typed };
    else if (typed.startsWith('=')) throw new SheetsError('the sandbox does not evaluate formulas');
    else if (/^-?\d+(\.\d+)?$/.test(typed)) value = { numberValue: Number(typed) };
    else value = { stringValue: typed };
    this.workbook.batchUpdate([
      {
        updateCells: {
          start: { sheetId: sheet.sheetId, rowIndex: row, columnIndex: col },
          rows: [{ values: [value ? { userEnteredValue: value } : {}] }],
          fields: 'userEnteredValue',
        },
      },
    ]);
  }
}

/** The add-on's Spreadsheet port on a sandbox spreadsheet, in this process (a match log written as the add-on writes it). */
export function spreadsheetPort(file: SheetFile): Spreadsheet {
  return {
    id: file.id,
    url: file.url,
    getMetadata: () => file.workbook.getMetadata(),
    batchUpdate: (requests) => void file.batchUpdate(requests),
    readValues: (range) => (file.values(range, 'FORMULA').values ?? []).map((row) => row.map(String)),
  };
}
