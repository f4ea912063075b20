// The laid-out tab: what one sheet will hold, cell by cell, before it becomes requests. Layout
// (boards.ts, tables.ts, legend.ts) decides where things go; requests.ts only translates.

import type { EdgeWeight } from '../engine/core/view.js';
import type { Border, CellFormat } from './api.js';
import { rgb } from './colour.js';

export interface LaidCell {
  readonly value?: string | number;
  readonly format?: CellFormat;
  readonly note?: string;
}

/** A rectangle in sheet coordinates. */
export interface Area {
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly cols: number;
}

/** A merge. `perRow` makes one merge per row of the area (MERGE_ROWS). */
export interface Merge extends Area {
  readonly perRow?: boolean;
}

/** One format for every cell of an area (a repeatCell), limited to `fields`. */
export interface Style {
  readonly area: Area;
  readonly format: CellFormat;
  readonly fields: string;
}

/** Lines of an area (an updateBorders): its outer sides and the lines inside it. */
export interface Lines {
  readonly area: Area;
  readonly top?: Border;
  readonly bottom?: Border;
  readonly left?: Border;
  readonly right?: Border;
  readonly innerHorizontal?: Border;
  readonly innerVertical?: Border;
}

export interface TabLayout {
  /** The sheet's title (tab name). */
  readonly title: string;
  /** cells[row][col]; missing cells are blank. */
  readonly cells: readonly (readonly (LaidCell | undefined)[])[];
  /** One width per sheet column: its length is the sheet's column count. */
  readonly columnWidths: readonly number[];
  /** One height per sheet row: its length is the sheet's row count. */
  readonly rowHeights: readonly number[];
  readonly merges: readonly Merge[];
  /** Applied after the cells, in order: shared formats, then lines (later lines win). */
  readonly styles: readonly Style[];
  readonly lines: readonly Lines[];
  readonly frozenRows: number;
}

const DEFAULT_ROW_HEIGHT = 21;
const DEFAULT_COLUMN_WIDTH = 100;
// Greys whose 0–1 components are short decimals (0.4, 0.8, 0.2): they recur in every request.
export const GREY_TEXT = '#666666';
export const GRID_LINE = '#CCCCCC';
export const FRAME = '#333333';
export const HEADER_FILL = '#EEEEEE';

/** A tab being laid out: cells, sizes and merges grow as things are put on it. (Paint's canvas of segments is PaintCanvas, in the game.) */
export class TabCanvas {
  private readonly cells: (LaidCell | undefined)[][] = [];
  private readonly widths: number[] = [];
  private readonly heights: number[] = [];
  private readonly merges: Merge[] = [];
  private readonly styles: Style[] = [];
  private readonly lines: Lines[] = [];

  put(row: number, col: number, cell: LaidCell): void {
    // An empty format is no format: it would only cost bytes.
    const { format: f, ...rest } = cell;
    (this.cells[row] ??= [])[col] = f && Object.keys(f).length > 0 ? cell : rest;
    this.touch(row, col);
  }

  get(row: number, col: number): LaidCell | undefined {
    return this.cells[row]?.[col];
  }

  /** Makes sure the sheet reaches this cell (blank cells still need a row and a column). */
  touch(row: number, col: number): void {
    if (this.heights[row] === undefined) this.heights[row] = DEFAULT_ROW_HEIGHT;
    if (this.widths[col] === undefined) this.widths[col] = DEFAULT_COLUMN_WIDTH;
  }

  /** Sets a column's width (the widest wins when `atLeast`). */
  width(col: number, px: number, { atLeast = false }: { atLeast?: boolean } = {}): void {
    const current = this.widths[col];
    this.widths[col] = atLeast && current !== undefined ? Math.max(current, px) : px;
  }

  /** Sets a row's height (the highest wins when `atLeast`). */
  height(row: number, px: number, { atLeast = false }: { atLeast?: boolean } = {}): void {
    const current = this.heights[row];
    this.heights[row] = atLeast && current !== undefined ? Math.max(current, px) : px;
  }

  merge(merge: Merge): void {
    if (merge.rows * merge.cols > 1) this.merges.push(merge);
    this.touch(merge.row + merge.rows - 1, merge.col + merge.cols - 1);
  }

  style(area: Area, format: CellFormat, fields: string): void {
    if (area.rows > 0 && area.cols > 0) this.styles.push({ area, format, fields });
  }

  draw(lines: Lines): void {
    if (lines.area.rows > 0 && lines.area.cols > 0) this.lines.push(lines);
  }

  get rowCount(): number {
    return this.heights.length;
  }

  get columnCount(): number {
    return this.widths.length;
  }

  /** Total width of columns [from, to). */
  span(from: number, to: number): number {
    let total = 0;
    for (let c = from; c < to; c++) total += this.widths[c] ?? DEFAULT_COLUMN_WIDTH;
    return total;
  }

  finish(title: string, frozenRows: number): TabLayout {
    // A sheet must keep a row below the frozen ones.
    if (this.heights.length <= frozenRows) this.touch(frozenRows, 0);
    const fill = <T>(list: T[], value: T) => Array.from({ length: list.length }, (_, i) => list[i] ?? value);
    const { cells, shared } = shareFormats(this.cells, this.heights.length);
    return {
      title,
      cells,
      columnWidths: fill(this.widths, DEFAULT_COLUMN_WIDTH),
      rowHeights: fill(this.heights, DEFAULT_ROW_HEIGHT),
      merges: this.merges,
      // Shared formats first: they write whole formats; the styles after them set single fields.
      styles: [...shared, ...this.styles],
      lines: this.lines,
      frozenRows,
    };
  }
}

/** Rectangles of at least this many cells with one format are written once (a repeatCell). */
const SHARE_AT = 3;

/**
 * Finds rectangles of cells with the same format (a Paint segment, a row of one colour) and moves
 * their format out of the cells into one repeatCell each: a 67×40 canvas then costs a few hundred
 * small requests instead of 2,680 copies of its formats.
 */
function shareFormats(
  grid: readonly ((LaidCell | undefined)[] | undefined)[],
  rows: number,
): { cells: (LaidCell | undefined)[][]; shared: Style[] } {
  // A format is most often one format() made (the same object for the same options): its text once.
  const keys = new Map<CellFormat, string>();
  const keyOf = (cell: LaidCell | undefined) => {
    const format = cell?.format;
    if (!format) return '';
    let key = keys.get(format);
    if (key === undefined) keys.set(format, (key = JSON.stringify(format)));
    return key;
  };
  interface Open {
    key: string;
    col: number;
    cols: number;
    row: number;
    rows: number;
  }
  const done: Open[] = [];
  let open: Open[] = [];
  for (let r = 0; r < rows; r++) {
    const line = grid[r] ?? [];
    const runs: Open[] = [];
    for (let c = 0; c < line.length; c++) {
      const key = keyOf(line[c]);
      if (key === '') continue;
      const last = runs[runs.length - 1];
      if (last && last.key === key && last.col + last.cols === c) last.cols += 1;
      else runs.push({ key, col: c, cols: 1, row: r, rows: 1 });
    }
    const next: Open[] = [];
    for (const run of runs) {
      const above = open.find((o) => o.key === run.key && o.col === run.col && o.cols === run.cols);
      if (above) {
        above.rows += 1;
        next.push(above);
      } else {
        next.push(run);
      }
    }
    const kept = new Set(next);
    done.push(...open.filter((o) => !kept.has(o)));
    open = next;
  }
  done.push(...open);
  const cells = Array.from({ length: rows }, (_, r) => [...(grid[r] ?? [])]);
  const shared: Style[] = [];
  for (const rect of done) {
    if (rect.rows * rect.cols < SHARE_AT) continue;
    const format = grid[rect.row]?.[rect.col]?.format;
    if (!format) continue;
    shared.push({
      area: { row: rect.row, col: rect.col, rows: rect.rows, cols: rect.cols },
      format,
      fields: 'userEnteredFormat',
    });
    for (let r = rect.row; r < rect.row + rect.rows; r++) {
      for (let c = rect.col; c < rect.col + rect.cols; c++) {
        const { format: _moved, ...rest } = cells[r][c] ?? {};
        cells[r][c] = Object.keys(rest).length > 0 ? rest : undefined;
      }
    }
  }
  return { cells, shared };
}

/** The font of a text: its size in points (10 unless given) and its weight. */
export interface TextFont {
  readonly points?: number;
  readonly bold?: boolean;
}

/** Approximate width in pixels of text in Arial at `points` (enough to size columns and rows). */
export function textWidth(text: string, { points = 10, bold = false }: TextFont = {}): number {
  let ems = 0;
  for (const ch of text) ems += charEms(ch);
  return ems * points * (4 / 3) * (bold ? 1.08 : 1);
}

/** Each character's width in ems, as charEms worked it out (a render measures the same few characters again and again). */
const EMS = new Map<string, number>();

function charEms(ch: string): number {
  let ems = EMS.get(ch);
  if (ems === undefined) {
    if ("iljtf.,:;|!'()[] ⁰¹²³⁴⁵⁶⁷⁸⁹".includes(ch)) ems = 0.3;
    else if (/[A-Z]/.test(ch) || 'mw×■●○◆'.includes(ch)) ems = 0.7;
    else if ((ch.codePointAt(0) ?? 0) > 0x2000) ems = 1;
    else ems = 0.55;
    EMS.set(ch, ems);
  }
  return ems;
}

/** Lines the text takes when wrapped into a cell `width` pixels wide (newlines count). */
export function lineCount(text: string, width: number, font: TextFont = {}): number {
  const room = Math.max(10, width - 7);
  const space = textWidth(' ', font);
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let line = 0;
    let count = 1;
    for (const word of paragraph.split(' ')) {
      const w = textWidth(word, font);
      if (line > 0 && line + space + w > room) {
        count += 1;
        line = 0;
      }
      line += (line > 0 ? space : 0) + w;
      // A word longer than the line breaks across lines.
      while (line > room) {
        count += 1;
        line -= room;
      }
    }
    lines += count;
  }
  return lines;
}

/** Row height for `lines` lines of text at `points`. */
export function heightFor(lines: number, points = 10): number {
  const line = Math.ceil(points * (4 / 3) * 1.25);
  return Math.max(DEFAULT_ROW_HEIGHT, lines * line + 6);
}

/** A line's look: a view's weights, and the renderer's own double line (the changed-squares marker). */
export type LineWeight = EdgeWeight | 'double';

const STYLES: Readonly<Record<LineWeight, string>> = {
  thin: 'SOLID',
  medium: 'SOLID_MEDIUM',
  thick: 'SOLID_THICK',
  double: 'DOUBLE',
};

export function border(weight: LineWeight, colour: string): Border {
  return { style: STYLES[weight], colorStyle: { rgbColor: rgb(colour) } };
}

export interface TextStyle {
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly size?: number;
  readonly colour?: string;
}

/** What format() made for each set of options: a render asks for the same few formats thousands of times. */
const FORMATS = new Map<string, CellFormat>();

/**
 * A cell format from the few things the renderer varies: the same object for the same options,
 * frozen, since every cell that asks for it shares it.
 */
export function format(options: {
  readonly fill?: string;
  readonly text?: TextStyle;
  readonly align?: 'LEFT' | 'CENTER' | 'RIGHT';
  readonly valign?: 'TOP' | 'MIDDLE' | 'BOTTOM';
  readonly wrap?: boolean;
}): CellFormat {
  const text = options.text ?? {};
  const key = `${options.fill}|${text.bold}|${text.italic}|${text.size}|${text.colour}|${options.align}|${options.valign}|${options.wrap}`;
  const made = FORMATS.get(key);
  if (made) return made;
  const textFormat = {
    ...(text.bold ? { bold: true } : {}),
    ...(text.italic ? { italic: true } : {}),
    ...(text.size && text.size !== 10 ? { fontSize: text.size } : {}),
    ...(text.colour && text.colour.toUpperCase() !== '#000000'
      ? { foregroundColorStyle: { rgbColor: rgb(text.colour) } }
      : {}),
  };
  const result: CellFormat = deepFreeze({
    ...(options.fill ? { backgroundColorStyle: { rgbColor: rgb(options.fill) } } : {}),
    ...(Object.keys(textFormat).length > 0 ? { textFormat } : {}),
    ...(options.align ? { horizontalAlignment: options.align } : {}),
    ...(options.valign ? { verticalAlignment: options.valign } : {}),
    ...(options.wrap === undefined ? {} : { wrapStrategy: options.wrap ? 'WRAP' : 'CLIP' }),
  });
  FORMATS.set(key, result);
  return result;
}

/** A value and everything in it made read-only (a change to a shared format would change every cell that has it). */
function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
  return Object.freeze(value);
}

/**
 * A field mask as plain dotted paths: `formatFields('horizontalAlignment', 'textFormat.fontSize')`
 * is `userEnteredFormat.horizontalAlignment,userEnteredFormat.textFormat.fontSize`, the form every
 * Google API reads.
 */
export function formatFields(...fields: string[]): string {
  return fields.map((f) => `userEnteredFormat.${f}`).join(',');
}

/** Header lines every tab starts with: a title row and optional wrapped lines under it. */
export interface TabHeader {
  readonly title: string;
  readonly lines: readonly string[];
  /**
   * Read on a phone: the title and lines wrap within PHONE_WIDTH (the first columns that fit it),
   * not across the whole tab, so a player reads what to do without scrolling sideways.
   */
  readonly narrow?: boolean;
}

const TITLE_POINTS = 14;

/**
 * How wide a narrow header's text may run, in pixels: the smallest phones in use (320 px) less the
 * spreadsheet's row numbers (about 46 px) and the page's margins.
 */
const PHONE_WIDTH = 230;

/** The columns from the first whose widths add up to at most `width` pixels (at least one). */
function columnsWithin(canvas: TabCanvas, columns: number, width: number): number {
  let count = 1;
  while (count < columns && canvas.span(0, count + 1) <= width) count += 1;
  return count;
}

/**
 * Writes the header rows across `[0, width)` columns (merged, so the text has room) and returns
 * the next free row. The canvas is widened with a pad column when the title needs more room; a
 * narrow header instead wraps its title and lines within the columns that fit a phone.
 */
export function putHeader(canvas: TabCanvas, header: TabHeader, columns: number): number {
  const narrow = header.narrow === true;
  canvas.put(0, 0, {
    value: header.title,
    format: format({ text: { bold: true, size: TITLE_POINTS }, valign: 'MIDDLE', wrap: narrow }),
  });
  canvas.height(0, 34);
  let row = 1;
  for (const line of header.lines) {
    canvas.put(row, 0, { value: line, format: format({ text: { colour: GREY_TEXT }, valign: 'MIDDLE', wrap: true }) });
    row += 1;
  }
  let width = columns;
  if (narrow) width = columnsWithin(canvas, columns, PHONE_WIDTH);
  else {
    // A pad column so the title fits on one line (sheets do not wrap a title gracefully).
    const need = Math.ceil(textWidth(header.title, { points: TITLE_POINTS, bold: true })) + 16;
    const have = canvas.span(0, columns);
    if (need > have) {
      canvas.width(columns, need - have);
      width = columns + 1;
    }
  }
  const total = canvas.span(0, width);
  if (narrow)
    canvas.height(
      0,
      Math.max(34, heightFor(lineCount(header.title, total, { points: TITLE_POINTS, bold: true }), TITLE_POINTS)),
    );
  for (let r = 0; r < row; r++) {
    canvas.merge({ row: r, col: 0, rows: 1, cols: width });
    if (r > 0) canvas.height(r, heightFor(lineCount(header.lines[r - 1], total)));
  }
  return row;
}
