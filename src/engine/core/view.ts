// Views: what one audience may see of a match, as plain data.
//
// A game turns its state into a View per audience; the renderer (src/sheets) turns a View into
// Sheets API requests and the terminal printer into text. A view never holds what its audience may
// not see: privacy is decided here, in the game, never by the renderer hiding things.

import { type Cell, cellIndex, columnLetters } from './coords.js';

/** `host` sees everything; `public` is the spectators' sheet; a player or team sees its own. */
export type Audience = 'host' | 'public' | `player:${string}` | `team:${string}`;

export function playerAudience(playerId: string): Audience {
  return `player:${playerId}`;
}

/** The player id of a `player:<id>` audience, or null. */
export function audiencePlayer(audience: Audience): string | null {
  return audience.startsWith('player:') ? audience.slice('player:'.length) : null;
}

export type EdgeWeight = 'thin' | 'medium' | 'thick';

export interface Edge {
  readonly weight: EdgeWeight;
  /** Hex colour; defaults to near-black. */
  readonly colour?: string;
  /**
   * Drawn over the changed-squares marker where both fall on one line: a line that is itself the
   * news (a gate placed this round), which the marker would otherwise hide.
   */
  readonly overMarker?: boolean;
}

export interface CellBorders {
  readonly top?: Edge;
  readonly right?: Edge;
  readonly bottom?: Edge;
  readonly left?: Edge;
}

/** One square of a board. Fills are hex colours (`#D55E00`). */
export interface GridCell {
  /** A symbol, letter or number; colour is never the only signal (colour-blind readers). */
  readonly text?: string;
  readonly fill?: string;
  /** A second fill for the right half: a cell holding two colours is drawn as two half-cells. */
  readonly fill2?: string;
  readonly textColour?: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly borders?: CellBorders;
  /** A hover note (Sheets note / HTML title). */
  readonly note?: string;
  /**
   * Changed since the board before it (markChanges): the renderer outlines each patch of changed
   * cells with one marker, the same in every game, since fills, text and thick lines already
   * carry each game's own meanings.
   */
  readonly changed?: boolean;
}

/** A labelled grid whose labels match the rules' coordinates. */
export interface Grid {
  readonly title: string;
  readonly columnLabels: readonly string[];
  readonly rowLabels: readonly string[];
  /** cells[row][col] */
  readonly cells: readonly (readonly GridCell[])[];
  readonly caption?: string;
}

/** The labels of a board whose coordinates are written A1 style: column letters from A, row numbers from 1. */
export function letterLabels(rows: number, cols: number): Pick<Grid, 'columnLabels' | 'rowLabels'> {
  return {
    columnLabels: Array.from({ length: cols }, (_, c) => columnLetters(c)),
    rowLabels: Array.from({ length: rows }, (_, r) => String(r + 1)),
  };
}

/** The cells of a board held as a flat array (index = row * cols + col, core/coords.ts), row by row. */
export function boardCells(rows: number, cols: number, cellFor: (index: number, cell: Cell) => GridCell): GridCell[][] {
  return Array.from({ length: rows }, (_, row) =>
    Array.from({ length: cols }, (_, col) => cellFor(cellIndex({ row, col }, { rows, cols }), { row, col })),
  );
}

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

/** Whether a cell reads differently from the same square of the board before it (a new fence on a side counts). */
function differs(now: GridCell, before: GridCell | undefined): boolean {
  if (!before) return true;
  const line = (cell: GridCell, side: (typeof SIDES)[number]) =>
    cell.borders?.[side] ? `${cell.borders[side].weight}${cell.borders[side].colour ?? ''}` : '';
  return (
    (now.text ?? '') !== (before.text ?? '') ||
    (now.fill ?? '') !== (before.fill ?? '') ||
    (now.fill2 ?? '') !== (before.fill2 ?? '') ||
    Boolean(now.bold) !== Boolean(before.bold) ||
    SIDES.some((side) => line(now, side) !== line(before, side))
  );
}

/**
 * The grid with every cell that reads differently from `before` (the same board after the
 * previous resolution) marked `changed`. Without a board before it, or when the two differ in
 * shape, nothing is marked: a first board has nothing to compare with.
 */
export function markChanges(grid: Grid, before: Grid | undefined): Grid {
  if (
    !before ||
    before.cells.length !== grid.cells.length ||
    before.cells.some((line, r) => line.length !== grid.cells[r].length)
  )
    return grid;
  const cells = grid.cells.map((line, r) =>
    line.map((cell, c) => (differs(cell, before.cells[r][c]) ? { ...cell, changed: true } : cell)),
  );
  return { ...grid, cells };
}

/** Whether any board of the tabs marks a changed cell. */
export function marksChanges(tabs: readonly BoardTab[]): boolean {
  return tabs.some((tab) => tab.grids.some((grid) => grid.cells.some((line) => line.some((cell) => cell.changed))));
}

/** The marker's colour: a magenta no game fills a cell with, so the double line stands out on any fill. */
export const CHANGED_COLOUR = '#E6007E';

/** How the boards say what changed: in the legend, and on the board tab itself (CHANGED_NOTE). */
export const CHANGED_MEANING = 'double magenta line: around the squares that changed since the board before';
export const CHANGED_NOTE = 'A double magenta line surrounds the squares that changed since the board before.';

/** One tab of boards: "Current", "Round 3", … Several grids may sit side by side. */
export interface BoardTab {
  readonly tab: string;
  readonly title: string;
  readonly grids: readonly Grid[];
  readonly caption?: string;
}

export type TableValue = string | number | null;

export interface Table {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly TableValue[])[];
  readonly caption?: string;
  /** A swatch: fills[row][col] is that cell's fill (hex), its text in black or white to suit. */
  readonly fills?: readonly (readonly (string | null)[])[];
}

/**
 * A table's swatch column (Table.fills): each row's cell in `column` filled with `fillOf(row)`,
 * so a scoreboard shows each player's or team's colour next to their name, as the board draws it.
 */
export function swatches(
  rows: readonly (readonly TableValue[])[],
  column: number,
  fillOf: (row: readonly TableValue[]) => string | null,
): (string | null)[][] {
  return rows.map((line) => line.map((_, c) => (c === column ? fillOf(line) : null)));
}

export interface LegendItem {
  readonly symbol: string;
  readonly fill?: string;
  readonly fill2?: string;
  readonly textColour?: string;
  readonly meaning: string;
}

/** What a game says about one audience's view. Status and the host log are added by the core. */
export interface GameView {
  readonly title: string;
  /** Newest first; the first tab is the current board. */
  readonly boards: readonly BoardTab[];
  /** Running totals and ranks. */
  readonly scoreboard: Table;
  readonly legend: readonly LegendItem[];
  /** Anything else this audience may see: votes, tallies, own submissions, pattern counts. */
  readonly sections: readonly Table[];
}

export interface StatusView {
  readonly game: string;
  readonly headline: string;
  /** The time zones this reader reads times in, first theirs (core/views.ts, readerZones). */
  readonly zones?: readonly string[];
  /** The open phase, or null when the match is over. */
  readonly phase: {
    readonly id: string;
    readonly title: string;
    readonly opensAt?: string;
    readonly deadline?: string;
  } | null;
  /** Names of who has submitted in the open phase (only names: never what). */
  readonly submitted: readonly string[];
  readonly waitingFor: readonly string[];
  readonly pendingDecisions: readonly string[];
  /** Since when the host has paused the match, while paused. */
  readonly pausedSince?: string;
  /** The open phase closes as soon as every player who may answer is ready (schedule.closeWhenReady). */
  readonly closesWhenReady?: boolean;
  /** Once no phase is open: winners, losers and the tie-break, the elimination candidate, what waits on the host (core/outcome.ts). */
  readonly result?: readonly string[];
  /** The host's only: Discord is refusing posts, or dropped the last one (core/posts.ts). */
  readonly discord?: string;
  /** The host's only: the open phase's players the day's email quota left unemailed (core/mail-quota.ts). */
  readonly notEmailed?: string;
  /**
   * How long the open phase had left when this view was drawn (`at`): the sheet shows it "as of
   * the last update". The add-on leaves it out of what decides whether a sheet is drawn again, so
   * the clock alone redraws nothing (triggers/execution/pipeline.ts).
   */
  readonly asOf?: { readonly at: string; readonly closesIn: string; readonly text: string };
  /** The caps on the host's extensions and pauses, in one line (core/guardrails.ts). */
  readonly guardrails?: string;
  /** A player's only: what to do now, a line each (the open phase, what it asks, their form, the deadline, whether their answer was received). */
  readonly todo?: readonly string[];
  /** What the last resolution did, in words: its public facts, points gained, who leads, who is last (core/news.ts). */
  readonly news?: readonly string[];
}

/**
 * The seed's commitment (SHA-256 of the seed, core/commitment.ts), shown from the start, and once
 * the match has its final result and the host publishes it, the seed and the match file
 * (core/publish.ts), a line of the file a row.
 */
export interface SeedView {
  readonly commitment: string;
  readonly published: { readonly seed: string; readonly lines: readonly string[] } | null;
  /** Why nothing is published yet: the match is not over, or the host keeps the file. */
  readonly note?: string;
}

/** A complete view: the game's part plus status, and for the host, the log. */
export interface View extends GameView {
  readonly audience: Audience;
  readonly status: StatusView;
  /** Every submission and its outcome: the host's log, or a player's own receipts. */
  readonly log: Table | null;
  /** The spectators' (and the host's) check of the seed; absent from a player's view. */
  readonly seed?: SeedView;
  /** The spectators' (and the host's) Host actions list (core/host-actions.ts); absent from a player's view. */
  readonly hostActions?: Table;
  /** Beside it, on the same tab: the public-row edits Google named no editor for (core/host-actions.ts, rowEditsTable). */
  readonly rowEdits?: Table;
  /** The spectators' (and the host's) Season tab, when the match is one of a season (season/season-tables.ts): the ledger, the matches, the rules, the chain. */
  readonly season?: readonly Table[];
  /** The game's rules in a player's words (Game.rules), a paragraph a line: the Rules tab. */
  readonly rules?: readonly string[];
}

/**
 * Colours readable by people with colour-blind vision, plus neutrals. The seven colours (and
 * black and white, which boards use too) stay at least a CIEDE2000 distance of 18 apart in normal
 * vision and in the Machado et al. (2009) simulations of protanopia, deuteranopia and
 * tritanopia (test/sheets/palette.test.ts checks every pair), and each still reads as its name:
 * red is a brick red and orange a light orange, so the two are told apart by lightness as well
 * as hue. Boards still put a letter or symbol in every coloured cell.
 */
export const PALETTE = {
  red: '#A8322D',
  blue: '#0B3D78',
  yellow: '#FFF200',
  green: '#008A69',
  purple: '#A044F0',
  orange: '#F07E00',
  sky: '#4FC8FF',
  black: '#000000',
  white: '#FFFFFF',
  grey: '#BDBDBD',
  lightGrey: '#EEEEEE',
  darkGrey: '#616161',
} as const;

/** Black or white, whichever reads better on the fill. */
export function textOn(fill: string | undefined): string {
  if (!fill) return '#000000';
  const hex = fill.replace('#', '');
  const r = parseInt(hex.slice(0, 2), 16);
  const g = parseInt(hex.slice(2, 4), 16);
  const b = parseInt(hex.slice(4, 6), 16);
  const luminance = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luminance > 0.55 ? '#000000' : '#FFFFFF';
}
