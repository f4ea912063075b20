// Table tabs (scoreboard, status, details, log) and the legend. Tables sit side by side (wrapping
// below when a screen is full), each with a title, a shaded header and thin ruled rows; columns
// are sized to their text and long text wraps. Every string (names, answers) is written as text, every number as a number: Sheets
// aligns text left and numbers right by itself.

import { type LegendItem, type Table, textOn } from '../engine/core/view.js';
import { splitText } from './boards.js';
import {
  TabCanvas,
  FRAME,
  GREY_TEXT,
  HEADER_FILL,
  type LaidCell,
  type TabHeader,
  type TabLayout,
  type TextFont,
  border,
  format,
  formatFields,
  heightFor,
  lineCount,
  putHeader,
  textWidth,
} from './layout.js';

const MIN_WIDTH = 40;
const MAX_WIDTH = 380;
const RULE = border('thin', '#CCCCCC');
const HEADER_RULE = border('medium', FRAME);
const BODY_FIELDS = formatFields('verticalAlignment', 'wrapStrategy');

function text(value: string | number | null): string {
  return value === null ? '' : String(value);
}

function widthFor(value: string, font: TextFont = {}): number {
  const longest = Math.max(0, ...value.split('\n').map((line) => textWidth(line, font)));
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.ceil(longest) + 14));
}

/** How wide a band of tables may grow before the next table goes below, in pixels. */
const BAND_WIDTH = 1400;
const GAP = 24;

/** Each table's column widths, from its header and values. */
function columnWidths(table: Table): number[] {
  const cols = Math.max(1, table.header.length);
  return Array.from({ length: cols }, (_, c) =>
    Math.max(
      widthFor(table.header[c] ?? '', { bold: true }),
      ...table.rows.map((line) => widthFor(text(line[c] ?? null))),
    ),
  );
}

/**
 * Tables side by side, left to right, wrapping to a new band below when a band would grow wider
 * than a screen; tables in one band never share a column. A table in a later band sits under the
 * columns that fit it best (see bestStart), so it is not stretched by a wide column above it.
 */
export function tablesLayout(title: string, header: TabHeader, tables: readonly Table[]): TabLayout {
  const canvas = new TabCanvas();
  const widths = tables.map(columnWidths);
  const placed: { table: Table; band: number; col: number }[] = [];
  let band = 0;
  let col = 0;
  tables.forEach((table, i) => {
    let start = bestStart(canvas, widths[i], col);
    if (start === null) {
      band += 1;
      col = 0;
      start = bestStart(canvas, widths[i], 0) ?? canvas.columnCount;
    }
    placed.push({ table, band, col: start });
    widths[i].forEach((w, c) => canvas.width(start + c, w, { atLeast: true }));
    canvas.width(start + widths[i].length, GAP, { atLeast: true });
    col = start + widths[i].length + 1;
  });

  let top = 1 + header.lines.length;
  canvas.height(top++, 10);
  let frozen = top;
  for (let b = 0; b <= band; b++) {
    if (b > 0) canvas.height(top++, 14);
    let bottom = top;
    // Titles on one row, captions on the next, so the headers of a band line up.
    const inBand = placed.filter((p) => p.band === b);
    const captioned = inBand.some((p) => p.table.caption);
    for (const { table, col: left } of inBand) {
      const end = putTable(canvas, table, top, left, { captioned });
      if (tables.length === 1) frozen = end.frozen;
      bottom = Math.max(bottom, end.row);
    }
    top = bottom;
  }
  // The gap after the last table is not needed.
  putHeader(canvas, header, Math.max(1, canvas.columnCount - 1));
  return canvas.finish(title, frozen);
}

/**
 * Where a table whose columns need `need` pixels starts, at column `from` or to its right, in a
 * band whose columns the bands above have already sized (sheet columns are shared by every band).
 * The start that stretches this table's columns and the ones above least (a narrow column under
 * a wide one, a wide one under a narrow one), counting half of any columns skipped over; null when
 * the table would run past a screen's width wherever it starts (then it begins a new band).
 */
function bestStart(canvas: TabCanvas, need: readonly number[], from: number): number | null {
  let best: { start: number; cost: number } | null = null;
  for (let start = from; start <= canvas.columnCount; start++) {
    let cost = canvas.span(from, start) / 2;
    let right = canvas.span(0, start);
    need.forEach((w, c) => {
      const existing = start + c < canvas.columnCount ? canvas.span(start + c, start + c + 1) : null;
      const width = existing === null ? w : Math.max(existing, w);
      cost += width - w + (existing === null ? 0 : width - existing);
      right += width;
    });
    // Past a screen's width only where nothing else is possible: the first table of a band, at its left.
    if (right > BAND_WIDTH && (from > 0 || start > from)) continue;
    if (!best || cost < best.cost) best = { start, cost };
  }
  return best?.start ?? null;
}

/**
 * One table with its top-left at (top, left): its title, a caption row when `captioned`, then the
 * header and rows. Returns the row after it and the row after its header.
 */
function putTable(
  canvas: TabCanvas,
  table: Table,
  top: number,
  left: number,
  { captioned }: { captioned: boolean },
): { row: number; frozen: number } {
  const cols = Math.max(1, table.header.length);
  const span = canvas.span(left, left + cols);
  let row = wideLine(
    canvas,
    top,
    left,
    cols,
    table.title,
    format({ text: { bold: true, size: 11 }, valign: 'BOTTOM', wrap: true }),
    11,
    span,
  );
  if (captioned) {
    if (table.caption)
      wideLine(
        canvas,
        row,
        left,
        cols,
        table.caption,
        format({ text: { italic: true, size: 9, colour: GREY_TEXT }, valign: 'TOP', wrap: true }),
        9,
        span,
      );
    row += 1;
  }
  const first = row;
  const hasHeader = table.header.some((h) => h !== '');
  if (hasHeader) {
    table.header.forEach((h, c) =>
      canvas.put(row, left + c, { value: h, format: format({ fill: HEADER_FILL, text: { bold: true } }) }),
    );
    canvas.height(row, rowHeight(table.header, canvas, left, { bold: true }), { atLeast: true });
    row += 1;
  }
  const frozen = row;
  if (table.rows.length === 0) {
    row = wideLine(
      canvas,
      row,
      left,
      cols,
      'nothing yet',
      format({ text: { italic: true, colour: GREY_TEXT } }),
      10,
      span,
    );
    return { row, frozen };
  }
  table.rows.forEach((line, r) => {
    line.forEach((value, c) => {
      const fill = table.fills?.[r]?.[c];
      const swatch = fill ? { format: format({ fill, text: { colour: textOn(fill), bold: true } }) } : {};
      if (c < cols && ((value !== null && value !== '') || fill))
        canvas.put(row, left + c, { ...(value !== null && value !== '' ? { value } : {}), ...swatch });
    });
    canvas.height(row, rowHeight(line.map(text), canvas, left), { atLeast: true });
    row += 1;
  });
  const area = { row: first, col: left, rows: row - first, cols };
  canvas.touch(row - 1, left + cols - 1);
  canvas.style(area, format({ valign: 'TOP', wrap: true }), BODY_FIELDS);
  // Without a header, the first column names each row (Status): bold it.
  if (!hasHeader) canvas.style({ ...area, cols: 1 }, format({ text: { bold: true } }), formatFields('textFormat.bold'));
  canvas.draw({ area, top: RULE, bottom: RULE, left: RULE, right: RULE, innerHorizontal: RULE, innerVertical: RULE });
  if (hasHeader) canvas.draw({ area: { row: first, col: left, rows: 2, cols }, innerHorizontal: HEADER_RULE });
  return { row, frozen };
}

function rowHeight(values: readonly string[], canvas: TabCanvas, left: number, font: TextFont = {}): number {
  const lines = Math.max(1, ...values.map((v, c) => lineCount(v, canvas.span(left + c, left + c + 1), font)));
  return heightFor(lines);
}

/** One line of text merged across the table's columns; returns the next row. */
function wideLine(
  canvas: TabCanvas,
  row: number,
  left: number,
  cols: number,
  value: string,
  f: LaidCell['format'],
  points: number,
  span: number,
): number {
  canvas.put(row, left, { value, ...(f ? { format: f } : {}) });
  canvas.merge({ row, col: left, rows: 1, cols });
  canvas.height(
    row,
    Math.max(points > 10 ? 26 : 21, heightFor(lineCount(value, span, { points, bold: points > 10 }), points)),
    { atLeast: true },
  );
  return row + 1;
}

const SYMBOL_SIZE = 36;

/** The legend: a swatch with its symbol (two halves for two colours), and what it means. */
export function legendLayout(title: string, header: TabHeader, items: readonly LegendItem[]): TabLayout {
  const canvas = new TabCanvas();
  const halves = items.some((i) => i.fill2);
  const meaningCol = halves ? 2 : 1;
  // Wide enough for the longest symbol on one line (`5F+2`), as on the board.
  const longest = Math.max(
    0,
    ...items.map((i) =>
      i.fill2
        ? 2 * Math.max(...splitText(i.symbol).map((t) => textWidth(t, { bold: true })))
        : textWidth(i.symbol, { bold: true }),
    ),
  );
  const symbolSize = Math.max(SYMBOL_SIZE, 2 * Math.ceil((longest + 8) / 2));
  if (halves) canvas.width(1, symbolSize / 2);
  canvas.width(0, halves ? symbolSize / 2 : symbolSize);
  const meaningWidth = Math.min(560, Math.max(160, ...items.map((i) => Math.ceil(textWidth(i.meaning)) + 16)));
  canvas.width(meaningCol, meaningWidth);

  const top = 2 + header.lines.length;
  canvas.height(top - 1, 10);
  items.forEach((item, i) => {
    const row = top + i;
    const swatch = (fill: string | undefined, symbol: string, colour: string): LaidCell => ({
      ...(symbol ? { value: symbol } : {}),
      format: format({ fill, text: { bold: true, colour } }),
    });
    if (item.fill2) {
      const [left, right] = splitText(item.symbol);
      canvas.put(row, 0, swatch(item.fill, left, item.textColour ?? textOn(item.fill)));
      canvas.put(row, 1, swatch(item.fill2, right, textOn(item.fill2)));
    } else {
      canvas.put(row, 0, swatch(item.fill, item.symbol, item.textColour ?? textOn(item.fill)));
      if (halves) canvas.merge({ row, col: 0, rows: 1, cols: 2 });
    }
    canvas.put(row, meaningCol, { value: item.meaning });
    canvas.height(row, Math.max(28, heightFor(lineCount(item.meaning, meaningWidth))));
  });
  if (items.length > 0) {
    const swatches = { row: top, col: 0, rows: items.length, cols: meaningCol };
    canvas.style(
      swatches,
      format({ align: 'CENTER', valign: 'MIDDLE', wrap: false }),
      formatFields('horizontalAlignment', 'verticalAlignment', 'wrapStrategy'),
    );
    canvas.style(
      { row: top, col: meaningCol, rows: items.length, cols: 1 },
      format({ valign: 'MIDDLE', wrap: true }),
      BODY_FIELDS,
    );
    canvas.draw({ area: swatches, top: RULE, bottom: RULE, left: RULE, right: RULE, innerHorizontal: RULE });
  } else {
    canvas.put(top, 0, {
      value: 'nothing to explain yet',
      format: format({ text: { italic: true, colour: GREY_TEXT } }),
    });
  }
  putHeader(canvas, header, canvas.columnCount);
  return canvas.finish(title, 1 + header.lines.length);
}
