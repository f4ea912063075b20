// Views as terminal text: boards as labelled grids (with colour when the terminal has it) and
// tables as aligned columns. Used by `npm start` and `genius-host show`. Every text of a view
// goes through `inert` first: names and answers are the players' own text, and an ESC or a line
// break in them must reach the terminal as `\u001b` or `\u000a`, not as a command or a new line.

import { inert, quote } from '../engine/core/quote.js';
import type { Grid, GridCell, Table, TableValue, View } from '../engine/core/view.js';

export interface TextOptions {
  /** Paint cells with 24-bit ANSI colours. */
  readonly colour: boolean;
}

function ansiBackground(hex: string, text: string, fg: string | undefined): string {
  const rgb = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)).join(';');
  const front = fg ? `\x1b[38;2;${rgb(fg)}m` : '';
  return `\x1b[48;2;${rgb(hex)}m${front}${text}\x1b[0m`;
}

function pad(text: string, width: number): string {
  const length = [...text].length;
  return length >= width ? text : text + ' '.repeat(width - length);
}

function centre(text: string, width: number): string {
  const length = [...text].length;
  if (length >= width) return text;
  const left = Math.floor((width - length) / 2);
  return ' '.repeat(left) + text + ' '.repeat(width - length - left);
}

function cellText(cell: GridCell, width: number, options: TextOptions): string {
  const text = centre(inert(cell.text ?? '·'), width);
  if (!options.colour || !cell.fill) return text;
  if (!cell.fill2) return ansiBackground(cell.fill, text, cell.textColour);
  // Two colours: the left half in one, the right half in the other.
  const half = Math.ceil(width / 2);
  const chars = [...text];
  return (
    ansiBackground(cell.fill, chars.slice(0, half).join(''), cell.textColour) +
    ansiBackground(cell.fill2, chars.slice(half).join(''), cell.textColour)
  );
}

function gridText(grid: Grid, options: TextOptions): string {
  const columnLabels = grid.columnLabels.map(inert);
  const rowLabels = grid.rowLabels.map(inert);
  const width = Math.max(
    3,
    ...grid.cells.flat().map((c) => [...inert(c.text ?? '')].length + 1),
    ...columnLabels.map((l) => l.length),
  );
  const labelWidth = Math.max(...rowLabels.map((l) => l.length));
  const lines = [inert(grid.title)];
  lines.push(`${' '.repeat(labelWidth)} ${columnLabels.map((l) => centre(l, width)).join(' ')}`);
  grid.cells.forEach((row, r) => {
    lines.push(`${rowLabels[r].padStart(labelWidth)} ${row.map((cell) => cellText(cell, width, options)).join(' ')}`);
  });
  if (grid.caption) lines.push(inert(grid.caption));
  return lines.join('\n');
}

function valueText(value: TableValue): string {
  return value === null ? '' : inert(String(value));
}

export function tableText(table: Table): string {
  const header = table.header.map(inert);
  const rows = [header, ...table.rows.map((r) => r.map(valueText))];
  const widths = header.map((_, c) => Math.max(...rows.map((r) => [...(r[c] ?? '')].length)));
  const line = (r: readonly string[]) =>
    r
      .map((v, c) => pad(v ?? '', widths[c]))
      .join('  ')
      .trimEnd();
  const out = [
    inert(table.title),
    line(header),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...table.rows.map((r) => line(r.map(valueText))),
  ];
  if (table.caption) out.push(inert(table.caption));
  return out.join('\n');
}

/** A whole view as text: status, the current board, scoreboard, legend and sections. */
export function viewText(view: View, options: TextOptions, allBoards = false): string {
  const parts: string[] = [`== ${inert(view.title)} ==`, inert(view.status.headline)];
  const tabs = allBoards ? [...view.boards].reverse() : view.boards.slice(0, 1);
  for (const tab of tabs) parts.push(tab.grids.map((g) => gridText(g, options)).join('\n\n'));
  parts.push(tableText(view.scoreboard));
  parts.push(`Legend: ${view.legend.map((l) => inert(`${l.symbol} ${l.meaning}`)).join(' · ')}`);
  for (const section of view.sections) parts.push(tableText(section));
  if (view.log) parts.push(tableText(view.log));
  // The Seed tab in brief: the published file itself is on the Seed tab of the rendered workbook.
  if (view.seed) {
    const { commitment, published, note } = view.seed;
    const end = published
      ? `the seed is ${quote(published.seed, Infinity)}; the match file to check with genius-host verify is on the Seed tab (render)`
      : note && inert(note);
    parts.push(`Seed: its SHA-256 is ${commitment}${end ? `; ${end}` : ''}`);
  }
  return parts.join('\n\n');
}
