// Board tabs: every grid of a BoardTab laid out as square cells with its rules' coordinates.
//
// Grids sit side by side in bands and wrap to a new band when a band would grow wider than a
// screen (Fair and Square's many 7×7 boards, Peg Domain's domain and two pallets). Every grid in a
// tab uses the same square size, so sheet columns line up across bands.
//
// Two-colour cells. Sheets has no split fill, so a board column that holds a two-colour cell
// anywhere in the tab becomes two sheet columns, each half a square wide: a two-colour cell is
// the two halves, each filled with its colour; every other cell in that column is the two halves
// merged (MERGE_ROWS over each run of such cells, one request per run). Columns without a
// two-colour cell stay one sheet column, a whole square. The text of a two-colour cell: a leading
// pair of letters (one per colour, as in `RB ×2`) is split one per half, with the rest of the
// text under the right half's letter; any other text sits whole in the left half.
//
// Lines. Gridlines are hidden; each grid draws its own: a thin grey line between cells and a
// medium dark frame around the grid (one updateBorders per grid), then whatever the view asks
// for (fences, outlines), in runs of equal lines. A line between two cells is the stronger of what
// either cell asks for, and is always set on both sides (an updateBorders across the two rows or
// columns), so Sheets, Excel and the HTML page show the same line whichever side they read. The
// thin line also separates the halves of a two-colour cell; merged pairs hide it.
//
// Formats shared by a whole grid (alignment, font size, wrapping) go in one repeatCell per grid;
// each cell carries only what is its own: text, note, fill, text colour and weight (and runs of
// cells with the same own format share it too: see shareFormats in layout.ts).

import { type BoardTab, CHANGED_COLOUR, type Edge, type Grid, type GridCell, textOn } from '../engine/core/view.js';
import {
  TabCanvas,
  FRAME,
  GREY_TEXT,
  GRID_LINE,
  type LaidCell,
  type LineWeight,
  type TabHeader,
  type TabLayout,
  border,
  format,
  formatFields,
  heightFor,
  lineCount,
  putHeader,
  textWidth,
} from './layout.js';

/** How wide a band of grids may grow before the next grid wraps below, in pixels. */
const BAND_WIDTH = 1400;

interface Sizing {
  /** The side of a square board cell, in pixels (even, so halves are whole pixels). */
  readonly size: number;
  readonly points: number;
}

/** Square sizes to try, largest first, with the font that suits each. */
const SIZES: readonly Sizing[] = [
  { size: 36, points: 10 },
  { size: 32, points: 10 },
  { size: 28, points: 9 },
];

/** The largest square a board cell grows to so that its text fits on one line, in pixels. */
const MAX_SIZE = 76;
/** Room a cell keeps around its text (Sheets pads a cell by about 3 px each side). */
const TEXT_PADDING = 6;

/**
 * The square size for a tab: 36 px (32 or 28 when that puts every grid of the tab side by side,
 * as Peg Domain's domain and two pallets), smaller for wide boards (28 px beyond 16 columns,
 * 20 px beyond 30: the 67-column Paint canvas, 1,360 px with its row labels, fits a 1,440 px screen); then widened, up to MAX_SIZE, until every cell's
 * text fits on one line (each half of a two-colour cell in its half; 76 px still puts two 7×7
 * boards with their labels side by side on a 1,440 px screen), in a font up to 2 points
 * smaller where even MAX_SIZE is too narrow. Board cells never wrap, so
 * a row is never taller than a square, in Sheets, Excel or the HTML page.
 */
function sizingFor(grids: readonly Grid[]): Sizing {
  const widest = Math.max(1, ...grids.map((g) => g.columnLabels.length));
  const units = grids.reduce((sum, g) => sum + g.columnLabels.length + 2, 0) - 1;
  const base =
    widest > 30
      ? { size: 20, points: 8 }
      : widest > 16
        ? SIZES[2]
        : (SIZES.find((s) => units * s.size <= BAND_WIDTH) ?? SIZES[0]);
  const need = (points: number) => {
    let most = 0;
    for (const grid of grids)
      for (const line of grid.cells)
        for (const cell of line) {
          if (!cell.text) continue;
          const width = (text: string) => textWidth(text, { points, bold: cell.bold }) + TEXT_PADDING;
          most = Math.max(most, cell.fill2 ? 2 * Math.max(...splitText(cell.text).map(width)) : width(cell.text));
        }
    return most;
  };
  // A smaller font (by up to 2 points) before a text is cut off.
  let points = base.points;
  while (points > base.points - 2 && need(points) > MAX_SIZE) points -= 1;
  const size = Math.min(MAX_SIZE, Math.max(base.size, 2 * Math.ceil(need(points) / 2)));
  return { size, points };
}

interface Placement {
  readonly grid: Grid;
  readonly band: number;
  /** The unit (square column) of the grid's row labels; its cells start one unit to the right. */
  readonly unit: number;
}

/** Packs grids left to right into bands, a one-unit gap between them. */
function pack(grids: readonly Grid[], size: number): Placement[] {
  const maxUnits = Math.max(1, Math.floor(BAND_WIDTH / size));
  const out: Placement[] = [];
  let band = 0;
  let unit = 0;
  for (const grid of grids) {
    const need = 1 + grid.columnLabels.length;
    if (unit > 0 && unit + need > maxUnits) {
      band += 1;
      unit = 0;
    }
    out.push({ grid, band, unit });
    unit += need + 1;
  }
  return out;
}

// The changed-squares marker outranks every line a view draws (where it runs along a fence or an
// outline it still draws a line there, and the patch it surrounds stays closed), except a line the
// view puts over it (Edge.overMarker): that one is still a line, so the patch stays closed too.
const RANK: Readonly<Record<LineWeight, number>> = { thin: 1, medium: 2, thick: 3, double: 4 };

interface DrawnEdge {
  readonly weight: LineWeight;
  readonly colour: string;
  /** Asked for by the view (a fence, an outline), not the grid's own thin line or frame. */
  readonly declared: boolean;
  readonly overMarker?: boolean;
}

function stronger(a: DrawnEdge, b: DrawnEdge): DrawnEdge {
  if (Boolean(a.overMarker) !== Boolean(b.overMarker)) return a.overMarker ? a : b;
  if (RANK[a.weight] !== RANK[b.weight]) return RANK[a.weight] > RANK[b.weight] ? a : b;
  return b.declared && !a.declared ? b : a;
}

const INNER: DrawnEdge = { weight: 'thin', colour: GRID_LINE, declared: false };
const OUTER: DrawnEdge = { weight: 'medium', colour: FRAME, declared: false };
const CHANGED: Edge = { weight: 'thick', colour: CHANGED_COLOUR };
const CHANGED_LINE: DrawnEdge = { weight: 'double', colour: CHANGED_COLOUR, declared: true };

/** The sides of a changed cell that border a square that did not change (or the grid's edge). */
function changedOutline(grid: Grid, r: number, c: number): GridCell['borders'] {
  const changed = (row: number, col: number) => grid.cells[row]?.[col]?.changed === true;
  return {
    ...(changed(r - 1, c) ? {} : { top: CHANGED }),
    ...(changed(r + 1, c) ? {} : { bottom: CHANGED }),
    ...(changed(r, c - 1) ? {} : { left: CHANGED }),
    ...(changed(r, c + 1) ? {} : { right: CHANGED }),
  };
}

/**
 * Every line of a grid, reconciled: horizontal[r][c] is the line above row r (r = rows: below the
 * last row), vertical[r][c] the line left of column c (c = cols: right of the last column).
 */
function gridLines(grid: Grid): { horizontal: DrawnEdge[][]; vertical: DrawnEdge[][] } {
  const rows = grid.cells.length;
  const cols = grid.columnLabels.length;
  const horizontal = Array.from({ length: rows + 1 }, (_, r) =>
    Array.from({ length: cols }, () => (r === 0 || r === rows ? OUTER : INNER)),
  );
  const vertical = Array.from({ length: rows }, () =>
    Array.from({ length: cols + 1 }, (_, c) => (c === 0 || c === cols ? OUTER : INNER)),
  );
  const ask = (list: DrawnEdge[], index: number, edge: Edge | undefined) => {
    if (!edge || index >= list.length) return;
    const asked =
      edge === CHANGED
        ? CHANGED_LINE
        : { weight: edge.weight, colour: edge.colour ?? '#000000', overMarker: edge.overMarker === true };
    list[index] = stronger(list[index], { ...asked, declared: true });
  };
  const askAll = (b: GridCell['borders'], r: number, c: number) => {
    if (!b) return;
    ask(horizontal[r], c, b.top);
    ask(horizontal[r + 1], c, b.bottom);
    ask(vertical[r], c, b.left);
    ask(vertical[r], c + 1, b.right);
  };
  grid.cells.forEach((line, r) =>
    line.forEach((cell, c) => {
      askAll(cell.borders, r, c);
      if (cell.changed) askAll(changedOutline(grid, r, c), r, c);
    }),
  );
  return { horizontal, vertical };
}

const same = (a: DrawnEdge, b: DrawnEdge) => a.weight === b.weight && a.colour === b.colour;

/** Consecutive indexes holding the same declared line: [from, to) with the line. */
function runs(edges: readonly DrawnEdge[]): { from: number; to: number; edge: DrawnEdge }[] {
  const out: { from: number; to: number; edge: DrawnEdge }[] = [];
  edges.forEach((edge, i) => {
    const last = out[out.length - 1];
    if (!edge.declared) return;
    if (last && last.to === i && same(last.edge, edge)) last.to = i + 1;
    else out.push({ from: i, to: i + 1, edge });
  });
  return out;
}

/**
 * A leading pair of letters/symbols splits one per half, a mark right after them (`×2`, a
 * superscript) staying with the second: `RB×2` → `R` | `B×2`, `RB ×2` → `R` | `B ×2`, `RB²` → `R` | `B²`.
 */
export function splitText(text: string | undefined): [string, string] {
  if (!text) return ['', ''];
  const match = /^(\S)(\S)(×\d+|[⁰¹²³⁴⁵⁶⁷⁸⁹]*)(?:\s+(.*))?$/u.exec(text);
  if (match && !/\d/.test(match[1] + match[2]))
    return [match[1], match[4] ? `${match[2]}${match[3]} ${match[4]}` : match[2] + match[3]];
  return [text, ''];
}

interface BandRows {
  readonly title: number;
  readonly labels: number;
  readonly board: number;
  readonly caption: number;
}

export function boardLayout(tab: BoardTab, header: TabHeader): TabLayout {
  const { size, points } = sizingFor(tab.grids);
  const placements = pack(tab.grids, size);
  const single = tab.grids.length === 1;
  const showGridTitles = !single || tab.grids[0].title !== tab.title;
  const canvas = new TabCanvas();
  const rows = layOutRows(canvas, placements, header, { size, showGridTitles, single });
  const columns = layOutColumns(canvas, placements, size);
  const marks: CellMarks = { twoColour: new Set(), wide: new Set() };
  for (const p of placements) putGrid(canvas, p, rows.bands[p.band], columns, points, marks);
  mergePairs(canvas, columns, marks, rows);
  canvas.touch(rows.lastRow - 1, columns.start[columns.unitCount] - 1);
  putHeader(canvas, header, canvas.columnCount);
  return canvas.finish(tab.tab, rows.frozen);
}

interface RowPlan {
  readonly headerRows: number;
  readonly bands: readonly BandRows[];
  /** The row after the last band. */
  readonly lastRow: number;
  readonly frozen: number;
}

/** Rows: the header, a spacer, then per band [grid titles], column labels, board rows, [captions]. */
function layOutRows(
  canvas: TabCanvas,
  placements: readonly Placement[],
  header: TabHeader,
  { size, showGridTitles, single }: { size: number; showGridTitles: boolean; single: boolean },
): RowPlan {
  const headerRows = 1 + header.lines.length;
  canvas.height(headerRows, 10);
  let row = headerRows + 1;
  let frozen = headerRows;
  const bands: BandRows[] = [];
  const bandCount = Math.max(0, ...placements.map((p) => p.band + 1));
  for (let band = 0; band < bandCount; band++) {
    const inBand = placements.filter((p) => p.band === band);
    if (band > 0) canvas.height(row++, Math.round(size / 2));
    const title = showGridTitles ? row++ : -1;
    if (title >= 0) canvas.height(title, 26);
    const labels = row++;
    canvas.height(labels, 20);
    const board = row;
    row += Math.max(...inBand.map((p) => p.grid.cells.length));
    for (let r = board; r < row; r++) canvas.height(r, size);
    const caption = inBand.some((p) => p.grid.caption) ? row++ : -1;
    bands.push({ title, labels, board, caption });
    if (single) frozen = labels + 1;
  }
  // A header that wraps within a phone's width is tall: frozen, it would leave a phone no room
  // for the board below it, so nothing is frozen (the player reads it, then scrolls down).
  return { headerRows, bands, lastRow: row, frozen: header.narrow === true ? 0 : frozen };
}

interface ColumnPlan {
  /** The first sheet column of each unit (and, last, the column after the last unit). */
  readonly start: readonly number[];
  /** Units holding a two-colour cell: two half-width sheet columns each. */
  readonly split: ReadonlySet<number>;
  readonly unitCount: number;
  /** The sheet columns of `units` units from `unit`. */
  span(unit: number, units?: number): { col: number; cols: number };
}

/** Units (square columns) → sheet columns: a unit holding a two-colour cell is two half columns. */
function layOutColumns(canvas: TabCanvas, placements: readonly Placement[], size: number): ColumnPlan {
  const unitCount = Math.max(1, ...placements.map((p) => p.unit + 1 + p.grid.columnLabels.length));
  const split = new Set<number>();
  for (const p of placements)
    p.grid.cells.forEach((line) =>
      line.forEach((cell, c) => {
        if (cell.fill2) split.add(p.unit + 1 + c);
      }),
    );
  const start: number[] = [];
  for (let u = 0, col = 0; u <= unitCount; u++) {
    start.push(col);
    if (u === unitCount) break;
    const halves = split.has(u);
    if (halves) canvas.width(col + 1, size / 2);
    canvas.width(col, halves ? size / 2 : size);
    col += halves ? 2 : 1;
  }
  return {
    start,
    split,
    unitCount,
    span: (unit, units = 1) => ({ col: start[unit], cols: start[unit + units] - start[unit] }),
  };
}

/** "row,unit" of the cells a pair merge must leave alone. */
interface CellMarks {
  /** Two-colour cells: never paired. */
  readonly twoColour: Set<string>;
  /** Cells under a wider merge (titles, captions). */
  readonly wide: Set<string>;
}

const LABEL_FORMAT = format({ text: { bold: true, colour: GREY_TEXT } });
// Never wrapped: a cell's text stays on one line and a row stays one square high.
const centred = (size: number) => format({ align: 'CENTER', valign: 'MIDDLE', wrap: false, text: { size } });
const ALIGN_FIELDS = formatFields('horizontalAlignment', 'verticalAlignment', 'wrapStrategy', 'textFormat.fontSize');

/** One grid in its place: its title, its labels, its cells and lines, and its caption. */
function putGrid(
  canvas: TabCanvas,
  p: Placement,
  rows: BandRows,
  columns: ColumnPlan,
  points: number,
  marks: CellMarks,
): void {
  const { grid } = p;
  const { start } = columns;
  const cols = grid.columnLabels.length;
  const whole = columns.span(p.unit, 1 + cols);
  const cells = columns.span(p.unit + 1, cols);
  if (rows.title >= 0) {
    canvas.put(rows.title, whole.col, {
      value: grid.title,
      format: format({ text: { bold: true, size: 11 }, valign: 'BOTTOM', wrap: false }),
    });
    canvas.merge({ row: rows.title, rows: 1, ...whole });
    for (let u = p.unit; u <= p.unit + cols; u++) marks.wide.add(`${rows.title},${u}`);
  }
  // Labels: the rules' coordinates, in small grey bold, centred.
  grid.columnLabels.forEach((text, c) =>
    canvas.put(rows.labels, start[p.unit + 1 + c], { value: text, format: LABEL_FORMAT }),
  );
  grid.rowLabels.forEach((text, r) => canvas.put(rows.board + r, start[p.unit], { value: text, format: LABEL_FORMAT }));
  canvas.style({ row: rows.labels, rows: 1, ...cells }, centred(points - 1), ALIGN_FIELDS);
  canvas.style(
    { row: rows.board, rows: grid.cells.length, ...columns.span(p.unit) },
    centred(points - 1),
    ALIGN_FIELDS,
  );
  putCells(canvas, p, rows.board, columns, marks);
  const area = { row: rows.board, rows: grid.cells.length, ...cells };
  canvas.style(area, centred(points), ALIGN_FIELDS);
  drawGrid(
    canvas,
    grid,
    area.row,
    (c) => start[p.unit + 1 + c],
    (c) => start[p.unit + 2 + c],
  );
  if (grid.caption) {
    canvas.put(rows.caption, whole.col, {
      value: grid.caption,
      format: format({ text: { italic: true, size: 9, colour: GREY_TEXT }, valign: 'TOP', wrap: true }),
    });
    canvas.merge({ row: rows.caption, rows: 1, ...whole });
    for (let u = p.unit; u <= p.unit + cols; u++) marks.wide.add(`${rows.caption},${u}`);
    canvas.height(
      rows.caption,
      heightFor(lineCount(grid.caption, canvas.span(whole.col, whole.col + whole.cols), { points: 9 }), 9),
      { atLeast: true },
    );
  }
}

/** The grid's cells: own text, fill and note (alignment is shared by the whole grid). */
function putCells(canvas: TabCanvas, p: Placement, top: number, columns: ColumnPlan, marks: CellMarks): void {
  p.grid.cells.forEach((line, r) =>
    line.forEach((cell, c) => {
      const unit = p.unit + 1 + c;
      const col = columns.start[unit];
      if (cell.fill2) {
        const [left, right] = boardCell(cell);
        canvas.put(top + r, col, left);
        canvas.put(top + r, col + 1, right);
        marks.twoColour.add(`${top + r},${unit}`);
      } else {
        const [whole] = boardCell(cell);
        canvas.put(top + r, col, whole);
        // In a split column the pair is merged and shows its left half; the hidden right half
        // takes the same format only so that runs of one format stay unbroken (shared formats).
        if (columns.split.has(unit) && whole.format) canvas.put(top + r, col + 1, { format: whole.format });
      }
    }),
  );
}

/** Pair merges: in each split unit, one MERGE_ROWS per run of rows without a two-colour cell. */
function mergePairs(canvas: TabCanvas, columns: ColumnPlan, marks: CellMarks, { headerRows, lastRow }: RowPlan): void {
  for (const u of columns.split) {
    let from = -1;
    for (let r = headerRows; r <= lastRow; r++) {
      const pairable = r < lastRow && !marks.wide.has(`${r},${u}`) && !marks.twoColour.has(`${r},${u}`);
      if (pairable && from < 0) from = r;
      if (!pairable && from >= 0) {
        canvas.merge({ row: from, rows: r - from, ...columns.span(u), perRow: true });
        from = -1;
      }
    }
  }
}

/** The grid's thin lines and frame, then the lines the view asks for, in runs. */
function drawGrid(
  canvas: TabCanvas,
  grid: Grid,
  top: number,
  colStart: (c: number) => number,
  colEnd: (c: number) => number,
): void {
  const rows = grid.cells.length;
  const cols = grid.columnLabels.length;
  if (rows === 0 || cols === 0) return;
  const left = colStart(0);
  const width = colEnd(cols - 1) - left;
  const inner = border(INNER.weight, INNER.colour);
  const outer = border(OUTER.weight, OUTER.colour);
  canvas.draw({
    area: { row: top, col: left, rows, cols: width },
    top: outer,
    bottom: outer,
    left: outer,
    right: outer,
    innerHorizontal: inner,
    innerVertical: inner,
  });
  const { horizontal, vertical } = gridLines(grid);
  horizontal.forEach((edges, r) => {
    for (const run of runs(edges)) {
      const line = border(run.edge.weight, run.edge.colour);
      const span = { col: colStart(run.from), cols: colEnd(run.to - 1) - colStart(run.from) };
      if (r === 0) canvas.draw({ area: { row: top, rows: 1, ...span }, top: line });
      else if (r === rows) canvas.draw({ area: { row: top + rows - 1, rows: 1, ...span }, bottom: line });
      else canvas.draw({ area: { row: top + r - 1, rows: 2, ...span }, innerHorizontal: line });
    }
  });
  for (let c = 0; c <= cols; c++) {
    for (const run of runs(vertical.map((line) => line[c]))) {
      const line = border(run.edge.weight, run.edge.colour);
      const span = { row: top + run.from, rows: run.to - run.from };
      if (c === 0) canvas.draw({ area: { ...span, col: colStart(0), cols: 1 }, left: line });
      else if (c === cols) canvas.draw({ area: { ...span, col: colEnd(cols - 1) - 1, cols: 1 }, right: line });
      else canvas.draw({ area: { ...span, col: colEnd(c - 1) - 1, cols: 2 }, innerVertical: line });
    }
  }
}

/** A board cell's own content: one cell, or the two halves of a two-colour cell. */
function boardCell(cell: GridCell): LaidCell[] {
  // The font size is the grid's (one repeatCell), not each cell's. Written out, not spread: a
  // board has thousands of cells.
  const own = (fill: string | undefined, text: string | undefined, colour: string): LaidCell => {
    const shown = format({ fill, text: { bold: cell.bold, italic: cell.italic, colour } });
    const note = cell.note;
    if (text) return note ? { value: text, format: shown, note } : { value: text, format: shown };
    return note ? { format: shown, note } : { format: shown };
  };
  if (!cell.fill2) return [own(cell.fill, cell.text, cell.textColour ?? textOn(cell.fill))];
  const [left, right] = splitText(cell.text);
  // The right half's text is coloured for its own fill: the view's text colour suits the first.
  return [own(cell.fill, left, cell.textColour ?? textOn(cell.fill)), own(cell.fill2, right, textOn(cell.fill2))];
}
