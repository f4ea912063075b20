// A1 notation for the ranges named in messages and reads. The column letters are the engine's one
// function (core/coords.ts), re-exported here for the embedded workbook and its exports, which
// import only src/sheets.

import { columnLetters } from '../engine/core/coords.js';

export { columnLetters };

/** A range by zero-based, end-exclusive indices, as the Sheets API's GridRange gives them once filled in. */
interface GridArea {
  readonly startRowIndex: number;
  readonly endRowIndex: number;
  readonly startColumnIndex: number;
  readonly endColumnIndex: number;
}

/** "B2:D5" */
export function a1Range(area: GridArea): string {
  return `${columnLetters(area.startColumnIndex)}${area.startRowIndex + 1}:${columnLetters(area.endColumnIndex - 1)}${area.endRowIndex}`;
}
