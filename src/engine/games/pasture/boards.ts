// Pasture's boards: per round, the grass (what each cell is worth, the fences) and the sheep
// (which pasture each sheep is in, and the exact cells only where the audience may see them).

import { type Cell, cellIndex, formatCell } from '../../core/coords.js';
import {
  type Audience,
  type BoardTab,
  type CellBorders,
  type Edge,
  type Grid,
  type GridCell,
  PALETTE,
  boardCells,
  letterLabels,
  markChanges,
  textOn,
} from '../../core/view.js';
import { type Rect, SHAPE, SIZE, crossingKey, formatRect, pastureGrid } from './geometry.js';
import { grassFactor } from './options.js';
import {
  type GatePlacement,
  type PastureContext,
  type PastureState,
  type RoundRecord,
  roundInPlay,
  sheepIn,
} from './state.js';

/** Light to dark green by grass value; the number is always written too. */
export const GRASS = ['#F1F8E9', '#DCEDC8', '#C5E1A5', '#AED581', '#8BC34A', '#689F38', '#33691E'];
/** Sheep board fills: a cell with a sheep the audience may see, a pasture with sheep, an empty one. */
export const PASTURE_FILLS = { sheep: PALETTE.orange, flock: PALETTE.sky, empty: PALETTE.white } as const;
const FENCE: Edge = { weight: 'thick' };
/**
 * Bright red: apart from the black fences, the green grass, the orange sheep, the blue flocks and the
 * magenta line around what changed (purple, used before, read as that line at a glance).
 */
export const GATE_COLOUR = '#FF1E1E';
const GATE: Edge = { weight: 'thick', colour: GATE_COLOUR, overMarker: true };

/** What one board shows: pastures, the sheep (as far as the audience may see them), gates. */
interface Snapshot {
  readonly title: string;
  readonly round: number;
  readonly pastures: readonly Rect[];
  readonly positions: Readonly<Record<string, Cell>> | null;
  readonly gates: readonly GatePlacement[];
}

export interface Seer {
  readonly audience: Audience;
  readonly viewer: string | null;
  /** Whose exact cells this audience may see. */
  canSee(player: string): boolean;
}

export function cellName(cell: Cell): string {
  return formatCell(cell, SHAPE);
}

function bordersAt(row: number, col: number, grid: Int16Array, gates: ReadonlySet<string>): CellBorders {
  const here = grid[cellIndex({ row, col }, SHAPE)];
  const side = (r: number, c: number): Edge | undefined => {
    if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) return FENCE;
    if (grid[cellIndex({ row: r, col: c }, SHAPE)] === here) return undefined;
    return gates.has(crossingKey({ row, col }, { row: r, col: c })) ? GATE : FENCE;
  };
  const borders: Record<string, Edge> = {};
  const sides: [keyof CellBorders, number, number][] = [
    ['top', row - 1, col],
    ['right', row, col + 1],
    ['bottom', row + 1, col],
    ['left', row, col - 1],
  ];
  for (const [name, r, c] of sides) {
    const edge = side(r, c);
    if (edge) borders[name] = edge;
  }
  return borders;
}

function gridOf(title: string, cells: GridCell[][], caption: string): Grid {
  return {
    title,
    ...letterLabels(SIZE, SIZE),
    cells,
    caption,
  };
}

function grassGrid(snap: Snapshot, ctx: PastureContext, gates: ReadonlySet<string>): Grid {
  const board = ctx.options.board;
  const values = board.flat();
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const factor = grassFactor(snap.round);
  const grid = pastureGrid(snap.pastures);
  const cells = board.map((line, row) =>
    line.map((base, col): GridCell => {
      const fill = GRASS[high === low ? 3 : Math.round(((base - low) / (high - low)) * (GRASS.length - 1))];
      const rect = snap.pastures[grid[cellIndex({ row, col }, SHAPE)]];
      return {
        text: String(base * factor),
        fill,
        textColour: textOn(fill),
        borders: bordersAt(row, col, grid, gates),
        // No cell name here: the only coordinates in a view are those its audience may see.
        note: `grass ${base} × ${factor} = ${base * factor} in round ${snap.round}; pasture ${formatRect(rect)}`,
      };
    }),
  );
  return gridOf(
    `Grass: ${snap.title}`,
    cells,
    `Each number is what the cell's grass is worth in round ${snap.round} (its base value × ${factor}). Thick lines are fences.`,
  );
}

/**
 * What each cell of one pasture shows on the sheep board: a visible sheep's mark on its own cell
 * (the host's player numbers, a player's ★), then, in reading order over the cells left free, the
 * flock's size `(n)` and the names of the sheep in it this audience may know of but not place
 * (everyone may know who is in which pasture, not on which cell). An empty pasture shows nothing.
 */
function pastureTexts(
  rect: Rect,
  flock: readonly string[],
  positions: Readonly<Record<string, Cell>> | null,
  ctx: PastureContext,
  seer: Seer,
): Map<string, { text: string; sheep: string[]; name?: boolean }> {
  const out = new Map<string, { text: string; sheep: string[]; name?: boolean }>();
  const number = new Map(ctx.players.map((p, i) => [p.id, i + 1]));
  const placed = flock.filter((id) => seer.canSee(id));
  for (const id of placed) {
    const at = positions?.[id];
    if (!at) continue;
    const key = `${at.row},${at.col}`;
    const sheep = [...(out.get(key)?.sheep ?? []), id];
    out.set(key, { text: sheep.map((s) => (seer.viewer === s ? '★' : String(number.get(s)))).join(','), sheep });
  }
  if (flock.length === 0) return out;
  const free: string[] = [];
  for (let row = rect.top; row <= rect.bottom; row++)
    for (let col = rect.left; col <= rect.right; col++) if (!out.has(`${row},${col}`)) free.push(`${row},${col}`);
  const names = flock.filter((id) => !seer.canSee(id)).map(ctx.playerName);
  // A pasture too small for its count and its names (a one-cell pasture) shows the names: who is
  // there says how many; the sheep grid's caption names any that still do not fit.
  const count = names.length + 1 > free.length && names.length > 0 ? [] : [`(${flock.length})`];
  [...count, ...names]
    .slice(0, free.length)
    .forEach((text, i) => out.set(free[i], { text, sheep: [], name: i >= count.length }));
  return out;
}

/** The pastures too small to name every sheep in them, named in words for the caption. */
function crowded(
  snap: Snapshot,
  texts: readonly ReadonlyMap<string, { readonly name?: boolean }>[],
  ctx: PastureContext,
  seer: Seer,
): string {
  const lines = snap.pastures.flatMap((rect, i) => {
    const names = sheepIn(rect, snap.positions, ctx).filter((id) => !seer.canSee(id));
    const shown = [...texts[i].values()].filter((t) => t.name).length;
    return shown < names.length ? [`${formatRect(rect)}: ${names.map(ctx.playerName).join(', ')}`] : [];
  });
  return lines.length > 0 ? ` In pastures too small for every name: ${lines.join('; ')}.` : '';
}

function sheepGrid(snap: Snapshot, ctx: PastureContext, seer: Seer, gates: ReadonlySet<string>): Grid {
  const grid = pastureGrid(snap.pastures);
  const texts = snap.pastures.map((rect) =>
    pastureTexts(rect, sheepIn(rect, snap.positions, ctx), snap.positions, ctx, seer),
  );
  const cells = boardCells(SIZE, SIZE, (i, { row, col }) => {
    const index = grid[i];
    const rect = snap.pastures[index];
    const flock = sheepIn(rect, snap.positions, ctx);
    const shown = texts[index].get(`${row},${col}`);
    const here = shown?.sheep ?? [];
    const isCorner = rect.top === row && rect.left === col;
    const fill = here.length > 0 ? PASTURE_FILLS.sheep : flock.length > 0 ? PASTURE_FILLS.flock : PASTURE_FILLS.empty;
    const notes = [
      isCorner
        ? `pasture ${formatRect(rect)}: ${flock.length} sheep${flock.length ? ` (${flock.map(ctx.playerName).join(', ')})` : ''}`
        : '',
      here.length > 0
        ? `${cellName({ row, col })}: ${here.map((id) => (seer.viewer === id ? 'your sheep' : ctx.playerName(id))).join(', ')}`
        : '',
    ].filter(Boolean);
    return {
      ...(shown ? { text: shown.text } : {}),
      fill,
      textColour: textOn(fill),
      bold: here.length > 0,
      ...(shown?.name ? { italic: true } : {}),
      borders: bordersAt(row, col, grid, gates),
      ...(notes.length ? { note: notes.join('; ') } : {}),
    };
  });
  const whose =
    seer.audience === 'host'
      ? " Numbers mark each sheep's cell (player numbers as in the scoreboard)."
      : seer.viewer
        ? ' ★ marks your sheep; the names in italics are who else is in the pasture, not where.'
        : ' The names in italics are who is in the pasture, not where.';
  return gridOf(
    `Sheep: ${snap.title}`,
    cells,
    // Gates are named only where this reader sees one (the spectators never see a gate).
    `(n): how many sheep are in the pasture; empty pastures are white. Thick lines are fences.${gates.size > 0 ? ' Red lines are gates.' : ''}${whose}${crowded(snap, texts, ctx, seer)}`,
  );
}

function tabOf(tab: string, snap: Snapshot, ctx: PastureContext, seer: Seer, before: Snapshot | null): BoardTab {
  const gatesOf = (shot: Snapshot) => {
    const visible = shot.gates.filter((g) => seer.canSee(g.player));
    return { visible, crossings: new Set(visible.map((g) => crossingKey(g.cells[0], g.cells[1]))) };
  };
  const { visible, crossings } = gatesOf(snap);
  // The gates named too, so that a red line among the fences is easy to find.
  const named = visible.map(
    (g) =>
      `${cellName(g.cells[0])}–${cellName(g.cells[1])} (${seer.viewer === g.player ? 'yours' : ctx.playerName(g.player)})`,
  );
  // What the round changed, on the sheep board: new fences and gates, and the pastures sheep
  // left or entered (the grass board changes every round anyway: it doubles).
  const sheep = sheepGrid(snap, ctx, seer, crossings);
  const marked = before ? markChanges(sheep, sheepGrid(before, ctx, seer, gatesOf(before).crossings)) : sheep;
  return {
    tab,
    title: snap.title,
    grids: [grassGrid(snap, ctx, crossings), marked],
    ...(named.length > 0 ? { caption: `Gates (red lines): ${named.join(', ')}` } : {}),
  };
}

/** The board at the start of a round: its pastures, and the sheep where they stood. */
function startOf(record: RoundRecord): Snapshot {
  return { title: '', round: record.round, pastures: record.pasturesBefore, positions: record.from, gates: [] };
}

export function boards(state: PastureState, ctx: PastureContext, seer: Seer): BoardTab[] {
  const last = state.rounds[state.rounds.length - 1];
  const over = state.rounds.length >= ctx.options.rounds;
  const title = over
    ? `after round ${last.round} (final)`
    : last
      ? `after round ${last.round}, before round ${last.round + 1}`
      : 'before round 1';
  const current: Snapshot = {
    title,
    round: roundInPlay(state, ctx),
    pastures: state.pastures,
    positions: state.positions,
    gates: over && last ? last.gates : [],
  };
  const tabs = [tabOf('Current', current, ctx, seer, last ? startOf(last) : null)];
  // Once the match is over Current is the last round's board: the round tabs are the history before it.
  for (const record of (over ? state.rounds.slice(0, -1) : [...state.rounds]).reverse()) {
    const snap: Snapshot = {
      title: `after round ${record.round}`,
      round: record.round,
      pastures: record.pastures,
      positions: record.positions,
      gates: record.gates,
    };
    tabs.push(tabOf(`Round ${record.round}`, snap, ctx, seer, startOf(record)));
  }
  return tabs;
}
