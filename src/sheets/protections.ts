// Finding a protection the add-on made, in a spreadsheet's metadata. Sheets draws each protected
// range's id ("if one is not set, an id will be randomly generated", AddProtectedRangeRequest; the
// ProtectedRange's own id is described "read-only"), so the add-on never chooses one: it knows its
// protections by the range they cover and their description, and reads their ids from there when
// it must name one (updateProtectedRange). docs/google.md, Drive and Sheets.

import type { GridRange, SheetMetadata } from './api.js';

/**
 * Whether two ranges cover the same cells. Google leaves zero-valued fields out of its answers, so
 * an absent sheet id or start is 0; an absent end is the edge of the sheet.
 */
function sameRange(a: GridRange | undefined, b: GridRange): boolean {
  return (
    (a?.sheetId ?? 0) === (b.sheetId ?? 0) &&
    (a?.startRowIndex ?? 0) === (b.startRowIndex ?? 0) &&
    (a?.startColumnIndex ?? 0) === (b.startColumnIndex ?? 0) &&
    (a?.endRowIndex ?? null) === (b.endRowIndex ?? null) &&
    (a?.endColumnIndex ?? null) === (b.endColumnIndex ?? null)
  );
}

/** The id of the protection of `sheet` over exactly `range` with `description`; null when it has none. */
export function protectionIdOf(sheet: SheetMetadata | undefined, range: GridRange, description: string): number | null {
  const found = (sheet?.protectedRanges ?? []).find((p) => p.description === description && sameRange(p.range, range));
  return typeof found?.protectedRangeId === 'number' ? found.protectedRangeId : null;
}
