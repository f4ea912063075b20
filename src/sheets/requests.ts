// Laid-out tabs → one batchUpdate's requests, against what the spreadsheet already holds.
//
// Every render rewrites each tab whole, so a second render of the same view changes nothing and a
// render after another round adds the new tab and rewrites the rest:
// - a tab that exists (same title) keeps its sheetId: its merges are undone, its properties (place,
//   size, frozen rows) set, and one updateCells over the whole grid writes values, formats and
//   notes together, clearing whatever the previous render left outside the new content;
// - a new tab gets a sheetId derived from its title (ids.ts), so ids are the same on every machine;
// - a tab the renderer made earlier (its id is derived from its title) that the view no longer
//   has is deleted; tabs with other names (the host's own, form responses, the match log) are
//   never touched;
// - each tab is protected once; Sheets draws the protection's id, and the tab's protection is
//   known again by its range (the whole tab) and description (protections.ts);
// - each tab carries a fingerprint of its content in the sheet's developer metadata, and a tab
//   whose fingerprint has not changed is left as it is (only put in its place). A finished
//   round's tab never changes, so a resolution late in a match writes a handful of tabs, not
//   every tab of the match. `force` rewrites every tab (the host's "Re-render", after someone
//   typed in a protected tab).

import { fingerprint, hashString } from '../engine/core/hash.js';
import type { CellData, GridRange, Request, RowData, WorkbookMetadata } from './api.js';
import { freeSheetId, sheetIdsFor, takenSheetIds } from './ids.js';
import { protectionIdOf } from './protections.js';
import type { Area, LaidCell, TabLayout } from './layout.js';

export interface RenderOptions {
  /**
   * Delete the blank tab the spreadsheet was created with once the tabs exist. It is known by its
   * id, recorded when the spreadsheet was created (`defaultSheetId`; 0, the id Sheets gives a new
   * spreadsheet's first tab, when not recorded), never by its title: Sheets names it in the
   * owner's language ("Sheet1", "Feuille 1", "Hoja 1"...).
   */
  readonly dropDefaultSheet?: boolean;
  readonly defaultSheetId?: number;
  /** Rewrite every tab, even those whose content fingerprint has not changed. */
  readonly force?: boolean;
}

/** The developer-metadata key of a tab's content fingerprint. */
const FINGERPRINT_KEY = 'genius-host/content';
// Part of every fingerprint: a renderer that draws differently must rewrite every tab once.
const RENDERER_VERSION = 'r1';

const CELL_FIELDS = 'userEnteredValue,userEnteredFormat,note';
// Plain dotted paths: the form every Google API reads in an update mask.
const SHEET_FIELDS = [
  'index',
  ...['rowCount', 'columnCount', 'frozenRowCount', 'frozenColumnCount', 'hideGridlines'].map(
    (f) => `gridProperties.${f}`,
  ),
].join(',');
export const PROTECTION_NOTE = 'genius-host rewrites this tab at every phase; edits here would be lost';
function fingerprintIdFor(sheetId: number): number {
  return hashString(`genius-host/fingerprint/${sheetId}`) & 0x7fffffff || 1;
}

/** A 64-bit fingerprint of everything a tab shows (its layout). */
function fingerprintOf(tab: TabLayout): string {
  return fingerprint(`${RENDERER_VERSION}\n${JSON.stringify(tab)}`);
}

function fingerprintRequest(sheetId: number, fingerprint: string, { exists }: { exists: boolean }): Request {
  const metadataId = fingerprintIdFor(sheetId);
  if (exists) {
    return {
      updateDeveloperMetadata: {
        dataFilters: [{ developerMetadataLookup: { metadataId } }],
        developerMetadata: { metadataValue: fingerprint },
        fields: 'metadataValue',
      },
    };
  }
  return {
    createDeveloperMetadata: {
      developerMetadata: {
        metadataId,
        metadataKey: FINGERPRINT_KEY,
        metadataValue: fingerprint,
        location: { sheetId },
        visibility: 'DOCUMENT',
      },
    },
  };
}

function cellData(cell: LaidCell | undefined): CellData {
  if (!cell) return {};
  const out: CellData = {};
  // Player text is always a string value, never a formula: `=IMPORTXML(…)` stays text.
  if (typeof cell.value === 'string') out.userEnteredValue = { stringValue: cell.value };
  else if (typeof cell.value === 'number') out.userEnteredValue = { numberValue: cell.value };
  if (cell.format) out.userEnteredFormat = cell.format;
  if (cell.note) out.note = cell.note;
  return out;
}

/** Rows for updateCells, trailing blanks left out (the range clears them). */
function rowsOf(tab: TabLayout): RowData[] {
  const rows: RowData[] = tab.cells.map((line) => {
    const values = Array.from({ length: line.length }, (_, c) => cellData(line[c]));
    while (values.length > 0 && Object.keys(values[values.length - 1]).length === 0) values.pop();
    return values.length > 0 ? { values } : {};
  });
  while (rows.length > 0 && !rows[rows.length - 1].values) rows.pop();
  return rows;
}

/** Runs of equal sizes as updateDimensionProperties requests. */
function sizeRequests(sheetId: number, dimension: 'ROWS' | 'COLUMNS', sizes: readonly number[]): Request[] {
  const out: Request[] = [];
  let from = 0;
  for (let i = 1; i <= sizes.length; i++) {
    if (i === sizes.length || sizes[i] !== sizes[from]) {
      out.push({
        updateDimensionProperties: {
          range: { sheetId, dimension, startIndex: from, endIndex: i },
          properties: { pixelSize: sizes[from] },
          fields: 'pixelSize',
        },
      });
      from = i;
    }
  }
  return out;
}

/** The requests that draw `tab` on the sheet `sheetId`: a new sheet, or the `old` one as it stands (with merges to undo, already protected). */
function tabRequests(
  tab: TabLayout,
  sheetId: number,
  index: number,
  old: { hasMerges: boolean; isProtected: boolean } | null,
): Request[] {
  const rowCount = tab.rowHeights.length;
  const columnCount = tab.columnWidths.length;
  const properties = {
    sheetId,
    title: tab.title,
    index,
    gridProperties: {
      rowCount,
      columnCount,
      frozenRowCount: tab.frozenRows,
      frozenColumnCount: 0,
      hideGridlines: true,
    },
  };
  const out: Request[] = [];
  if (old) {
    // Undo the last render's merges before anything that could collide with them (frozen rows).
    if (old.hasMerges) out.push({ unmergeCells: { range: { sheetId } } });
    const { title: _title, ...changed } = properties;
    out.push({ updateSheetProperties: { properties: changed, fields: SHEET_FIELDS } });
  } else {
    out.push({ addSheet: { properties } });
  }
  out.push(...sizeRequests(sheetId, 'COLUMNS', tab.columnWidths));
  out.push(...sizeRequests(sheetId, 'ROWS', tab.rowHeights));
  const whole: GridRange = {
    sheetId,
    startRowIndex: 0,
    endRowIndex: rowCount,
    startColumnIndex: 0,
    endColumnIndex: columnCount,
  };
  // Writing every field of every cell also clears the previous render's formats and lines.
  out.push({ updateCells: { range: whole, rows: rowsOf(tab), fields: CELL_FIELDS } });
  const range = (a: Area): GridRange => ({
    sheetId,
    startRowIndex: a.row,
    endRowIndex: a.row + a.rows,
    startColumnIndex: a.col,
    endColumnIndex: a.col + a.cols,
  });
  for (const style of tab.styles)
    out.push({
      repeatCell: { range: range(style.area), cell: { userEnteredFormat: style.format }, fields: style.fields },
    });
  for (const { area, ...sides } of tab.lines) out.push({ updateBorders: { range: range(area), ...sides } });
  for (const m of tab.merges)
    out.push({ mergeCells: { range: range(m), mergeType: m.perRow ? 'MERGE_ROWS' : 'MERGE_ALL' } });
  if (!old?.isProtected) {
    out.push({ addProtectedRange: { protectedRange: { range: { sheetId }, description: PROTECTION_NOTE } } });
  }
  return out;
}

/** The requests that make the spreadsheet described by `existing` show exactly `tabs`. */
export function requestsFor(
  tabs: readonly TabLayout[],
  existing: WorkbookMetadata,
  options: RenderOptions = {},
): Request[] {
  const sheets = (existing.sheets ?? []).map((s) => {
    const id = s.properties?.sheetId ?? 0;
    const mark = (s.developerMetadata ?? []).find(
      (m) => m.metadataId === fingerprintIdFor(id) && m.metadataKey === FINGERPRINT_KEY,
    );
    return {
      id,
      title: s.properties?.title ?? '',
      merges: s.merges?.length ?? 0,
      isProtected: protectionIdOf(s, { sheetId: id }, PROTECTION_NOTE) !== null,
      fingerprint: mark ? (mark.metadataValue ?? '') : null,
    };
  });
  const byTitle = new Map(sheets.map((s) => [s.title.toLowerCase(), s]));
  const taken = takenSheetIds(existing);
  const wanted = new Set(tabs.map((t) => t.title.toLowerCase()));
  const requests: Request[] = [];

  tabs.forEach((tab, index) => {
    const fingerprint = fingerprintOf(tab);
    const old = byTitle.get(tab.title.toLowerCase());
    if (old) {
      if (old.fingerprint === fingerprint && !options.force) {
        // Unchanged since the last render: only keep it in its place among the tabs.
        requests.push({ updateSheetProperties: { properties: { sheetId: old.id, index }, fields: 'index' } });
        return;
      }
      requests.push(...tabRequests(tab, old.id, index, { hasMerges: old.merges > 0, isProtected: old.isProtected }));
      requests.push(fingerprintRequest(old.id, fingerprint, { exists: old.fingerprint !== null }));
      return;
    }
    const id = freeSheetId(taken, sheetIdsFor(tab.title), tab.title);
    taken.add(id);
    requests.push(...tabRequests(tab, id, index, null));
    requests.push(fingerprintRequest(id, fingerprint, { exists: false }));
  });

  for (const sheet of sheets) {
    if (wanted.has(sheet.title.toLowerCase())) continue;
    const ours = sheetIdsFor(sheet.title).includes(sheet.id);
    const blankDefault = options.dropDefaultSheet === true && sheet.id === (options.defaultSheetId ?? 0);
    if (ours || blankDefault) requests.push({ deleteSheet: { sheetId: sheet.id } });
  }
  return requests;
}
