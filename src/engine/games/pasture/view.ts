// Pasture views. Public: fences, the plans and which passed, which pasture each sheep is in, and
// scores. A player also sees their own exact cell, orders and votes; the host sees every cell, all
// orders and every tally. Exact cells of sheep appear only in host and owner views: the public
// grids mark pastures (with sheep counts), never cells.

import { type Cell, cellIndex, formatCell } from '../../core/coords.js';
import type { OpenPhaseInfo } from '../../core/game.js';
import {
  type Audience,
  type BoardTab,
  type CellBorders,
  type Edge,
  type GameView,
  type Grid,
  type GridCell,
  type LegendItem,
  PALETTE,
  type Table,
  audiencePlayer,
  boardCells,
  letterLabels,
  textOn,
} from '../../core/view.js';
import {
  type Rect,
  SHAPE,
  SIZE,
  crossingKey,
  fenceWords,
  formatFence,
  formatRect,
  heightOf,
  pastureGrid,
  pastureIndexAt,
  widthOf,
} from './geometry.js';
import { baseGrass, grassFactor } from './options.js';
import {
  type GatePlacement,
  type Orders,
  type PastureContext,
  type PastureMove,
  type PastureState,
  type Plan,
  garnetsLeft,
  plansOf,
  roundInPlay,
  sheepIn,
  totals,
} from './state.js';

/** Light to dark green by grass value; the number is always written too. */
const GRASS = ['#F1F8E9', '#DCEDC8', '#C5E1A5', '#AED581', '#8BC34A', '#689F38', '#33691E'];
/** Sheep board fills: a cell with a sheep the audience may see, a pasture with sheep, an empty one. */
export const PASTURE_FILLS = { sheep: PALETTE.orange, flock: PALETTE.sky, empty: PALETTE.white } as const;
const FENCE: Edge = { weight: 'thick' };
// Purple: apart from the black fences, the green grass, the orange sheep and the blue flocks.
const GATE: Edge = { weight: 'thick', colour: PALETTE.purple };

/** What one board shows: pastures, the sheep (as far as the audience may see them), gates. */
interface Snapshot {
  readonly title: string;
  readonly round: number;
  readonly pastures: readonly Rect[];
  readonly positions: Readonly<Record<string, Cell>> | null;
  readonly gates: readonly GatePlacement[];
}

interface Seer {
  readonly audience: Audience;
  readonly viewer: string | null;
  /** Whose exact cells this audience may see. */
  canSee(player: string): boolean;
}

function cellName(cell: Cell): string {
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
  const words = [`(${flock.length})`, ...flock.filter((id) => !seer.canSee(id)).map(ctx.playerName)];
  words.slice(0, free.length).forEach((text, i) => out.set(free[i], { text, sheep: [], name: i > 0 }));
  return out;
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
    `(n): how many sheep are in the pasture; empty pastures are white. Purple lines are gates.${whose}`,
  );
}

function tabOf(tab: string, snap: Snapshot, ctx: PastureContext, seer: Seer): BoardTab {
  const visible = snap.gates.filter((g) => seer.canSee(g.player));
  const gates = new Set(visible.map((g) => crossingKey(g.cells[0], g.cells[1])));
  // The gates named too, so that a purple line among the fences is easy to find.
  const named = visible.map(
    (g) =>
      `${cellName(g.cells[0])}–${cellName(g.cells[1])} (${seer.viewer === g.player ? 'yours' : ctx.playerName(g.player)})`,
  );
  return {
    tab,
    title: snap.title,
    grids: [grassGrid(snap, ctx, gates), sheepGrid(snap, ctx, seer, gates)],
    ...(named.length > 0 ? { caption: `Gates (purple lines): ${named.join(', ')}` } : {}),
  };
}

function boards(state: PastureState, ctx: PastureContext, seer: Seer): BoardTab[] {
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
  const tabs = [tabOf('Current', current, ctx, seer)];
  // Once the match is over Current is the last round's board: the round tabs are the history before it.
  for (const record of (over ? state.rounds.slice(0, -1) : [...state.rounds]).reverse()) {
    const snap: Snapshot = {
      title: `after round ${record.round}`,
      round: record.round,
      pastures: record.pastures,
      positions: record.positions,
      gates: record.gates,
    };
    tabs.push(tabOf(`Round ${record.round}`, snap, ctx, seer));
  }
  return tabs;
}

function pastureOfPlayer(state: PastureState, player: string): string {
  return state.positions ? formatRect(state.pastures[pastureIndexAt(state.pastures, state.positions[player])]) : '';
}

function scoreboard(state: PastureState, ctx: PastureContext): Table {
  const sums = totals(state, ctx);
  const rows = ctx.players.map((p, i) => [
    i + 1,
    p.name,
    pastureOfPlayer(state, p.id),
    ...state.rounds.map((r) => r.scores[p.id]),
    sums[p.id],
    1 + ctx.players.filter((o) => sums[o.id] > sums[p.id]).length,
  ]);
  // By place (the last column), then by seat (the first).
  rows.sort((a, b) => Number(a[a.length - 1]) - Number(b[b.length - 1]) || Number(a[0]) - Number(b[0]));
  return {
    title: "Scores (each round: floor of the pasture's grass ÷ its sheep)",
    header: ['#', 'Player', 'Pasture now', ...state.rounds.map((r) => `R${r.round}`), 'Total', 'Rank'],
    rows,
  };
}

function pastureTable(state: PastureState, ctx: PastureContext): Table {
  const round = roundInPlay(state, ctx);
  return {
    title: 'Pastures now',
    header: ['Pasture', 'Size', `Grass (round ${round})`, 'Sheep', 'Who'],
    rows: state.pastures.map((rect) => {
      const flock = sheepIn(rect, state.positions, ctx);
      return [
        formatRect(rect),
        `${widthOf(rect)}×${heightOf(rect)}`,
        baseGrass(ctx.options.board, rect) * grassFactor(round),
        flock.length,
        flock.map(ctx.playerName).join(', '),
      ];
    }),
  };
}

/** The open round's plans: final once the plans phase has closed, live while it is open. */
function currentPlans(state: PastureState, open: OpenPhaseInfo<PastureMove> | null): readonly Plan[] {
  if (state.plans) return state.plans;
  return open?.phase.kind === 'plans' ? plansOf(state, open.moves) : [];
}

function plansTable(state: PastureState, ctx: PastureContext, open: OpenPhaseInfo<PastureMove> | null): Table | null {
  const plans = currentPlans(state, open);
  if (!open || open.phase.kind === 'pregame') return null;
  return {
    title: `Fence plans for round ${state.rounds.length + 1}${state.plans ? '' : ' (so far)'}`,
    header: ['Plan', 'By', 'Fence', 'In words', 'Pasture'],
    rows: plans.map((p) => [
      p.id,
      ctx.playerName(p.player),
      formatFence(p.fence),
      fenceWords(p.fence),
      formatRect(p.pasture),
    ]),
    caption:
      "Ids follow the order of submission; a player's new plan replaces their earlier one and takes a new id. A pasture with no plan is halved by the default plan.",
  };
}

function fenceTable(state: PastureState, ctx: PastureContext): Table {
  const planBy = (round: number, id: string | null) => {
    if (id === null) return 'starting fence';
    if (id === 'default') return 'default plan (halving)';
    const plan = state.rounds[round - 1].plans.find((p) => p.id === id);
    return `${id} by ${plan ? ctx.playerName(plan.player) : '?'}`;
  };
  return {
    title: 'Fences (the plan that passed in each pasture)',
    header: ['Round', 'Fence', 'In words', 'Pasture it split', 'Plan'],
    rows: state.fences.map((f) => [
      f.round === 0 ? 'start' : f.round,
      formatFence(f.fence),
      fenceWords(f.fence),
      formatRect(f.pasture),
      planBy(f.round, f.plan),
    ]),
  };
}

function ordersText(orders: Orders): string[] {
  const count = new Map<string, number>();
  for (const id of orders.extra) count.set(id, (count.get(id) ?? 0) + 1);
  return [
    orders.votes.join(' ') || '—',
    [...count].map(([id, n]) => (n > 1 ? `${id}×${n}` : id)).join(' ') || '—',
    orders.gate ? `${cellName(orders.gate[0])}–${cellName(orders.gate[1])}` : '—',
    orders.buyGate ? 'yes' : '—',
  ];
}

/** Each round's orders and where each sheep went: for the host (everyone) or a player (own). */
function ordersTable(state: PastureState, ctx: PastureContext, players: readonly string[], title: string): Table {
  const rows = state.rounds.flatMap((r) =>
    players.map((id) => {
      const orders = r.orders[id];
      return [
        r.round,
        ctx.playerName(id),
        cellName(r.from[id]),
        orders.move ? cellName(orders.move) : 'stay',
        cellName(r.positions[id]),
        ...ordersText(orders),
      ];
    }),
  );
  return {
    title,
    header: ['Round', 'Player', 'From', 'Target', 'Ended on', 'Votes', 'Extra votes', 'Gate', 'Bought gate'],
    rows,
  };
}

function talliesTable(state: PastureState): Table {
  const rows = state.rounds.flatMap((r) =>
    r.results.flatMap((result) => {
      const outcome = result.passed
        ? `${result.passed.plan} passed (${result.decidedBy}${result.drawnAmong ? ` among ${result.drawnAmong.join(', ')}` : ''})`
        : 'single cell: no fence';
      if (result.tallies.length === 0)
        return [
          [
            r.round,
            formatRect(result.pasture),
            result.passed?.plan ?? '—',
            result.passed ? formatFence(result.passed.fence) : '—',
            '',
            '',
            outcome,
          ],
        ];
      return result.tallies.map((t) => [
        r.round,
        formatRect(result.pasture),
        t.plan,
        formatFence(t.fence),
        t.dominant,
        t.influence,
        outcome,
      ]);
    }),
  );
  return {
    title: 'Votes and tallies (host only)',
    header: ['Round', 'Pasture', 'Plan', 'Fence', 'Dominant', 'Influence', 'Result'],
    rows,
  };
}

function walletTable(state: PastureState, ctx: PastureContext, players: readonly string[], title: string): Table {
  return {
    title,
    header: ['Player', 'Cell', 'Pasture', 'Gates left', 'Extra gate bought', 'Garnets spent', 'Garnets left'],
    rows: players.map((id) => [
      ctx.playerName(id),
      state.positions ? cellName(state.positions[id]) : '',
      pastureOfPlayer(state, id),
      state.gatesLeft[id] ?? 0,
      state.gateBoughtIn[id] ? `round ${state.gateBoughtIn[id]}` : 'no',
      state.spent[id] ?? 0,
      garnetsLeft(state, ctx, id),
    ]),
    ...(players.some((id) => state.placedAtRandom.includes(id))
      ? {
          caption: `Named no starting cell, so placed by the seeded draw: ${players
            .filter((id) => state.placedAtRandom.includes(id))
            .map(ctx.playerName)
            .join(', ')}`,
        }
      : {}),
  };
}

function moveText(move: PastureMove | undefined): string {
  if (!move) return 'nothing yet';
  if (move.kind === 'start') return `start ${cellName(move.cell)}`;
  if (move.kind === 'plan') return move.plan ? `plan P${move.plan.number}: ${formatFence(move.plan.fence)}` : 'no plan';
  const [votes, extra, gate, buy] = ordersText(move.orders);
  return `move ${move.orders.move ? cellName(move.orders.move) : 'stay'}; votes ${votes}; extra ${extra}; gate ${gate}; buy gate ${buy}`;
}

function legend(seer: Seer, ctx: PastureContext): LegendItem[] {
  const values = ctx.options.board.flat();
  const items: LegendItem[] = [
    {
      symbol: String(Math.min(...values)),
      fill: GRASS[0],
      meaning: 'the least grass on the board (lightest green); numbers are base values × 2^(round − 1)',
    },
    {
      symbol: String(Math.max(...values)),
      fill: GRASS[GRASS.length - 1],
      textColour: '#FFFFFF',
      meaning: 'the richest grass (darkest green)',
    },
    { symbol: '┃', meaning: 'thick line: a fence (pastures are the areas between fences)' },
    {
      symbol: '(n)',
      fill: PASTURE_FILLS.flock,
      meaning: 'how many sheep are in the pasture; white pastures are empty',
    },
  ];
  if (seer.audience !== 'host')
    items.push({
      symbol: ctx.players[0]?.name ?? 'Ann',
      fill: PASTURE_FILLS.flock,
      meaning: 'in italics: a sheep in the pasture (who, not where)',
    });
  if (seer.audience === 'host')
    items.push({ symbol: '3', fill: PASTURE_FILLS.sheep, meaning: "a sheep's cell, by player number" });
  if (seer.viewer) items.push({ symbol: '★', fill: PASTURE_FILLS.sheep, meaning: 'your sheep' });
  if (seer.audience === 'host' || seer.viewer)
    items.push({
      symbol: '┃',
      textColour: PALETTE.purple,
      meaning: 'purple line: a gate placed that round' + (seer.viewer ? ' (yours)' : ''),
    });
  return items;
}

export function pastureView(
  state: PastureState,
  audience: Audience,
  ctx: PastureContext,
  open: OpenPhaseInfo<PastureMove> | null,
): GameView {
  const viewer = audiencePlayer(audience);
  const seer: Seer = { audience, viewer, canSee: (player) => audience === 'host' || player === viewer };
  const sections: Table[] = [pastureTable(state, ctx)];
  const plans = plansTable(state, ctx, open);
  if (plans) sections.push(plans);
  sections.push(fenceTable(state, ctx));
  if (viewer) {
    sections.push(walletTable(state, ctx, [viewer], 'Your sheep, gates and garnets'));
    if (open)
      sections.push({
        title: `Your submission for ${open.phase.title}`,
        header: ['Counts now'],
        rows: [[moveText(open.moves.get(viewer))]],
      });
    sections.push(ordersTable(state, ctx, [viewer], 'Your orders and votes by round'));
  }
  if (audience === 'host') {
    const everyone = ctx.players.map((p) => p.id);
    if (open) {
      sections.push({
        title: `Submissions counted so far for ${open.phase.title}`,
        header: ['Player', 'Counts now'],
        rows: ctx.players.map((p) => [p.name, moveText(open.moves.get(p.id))]),
      });
    }
    sections.push(walletTable(state, ctx, everyone, 'Sheep, gates and garnets (host only)'));
    sections.push(talliesTable(state));
    sections.push(ordersTable(state, ctx, everyone, 'Orders by round (host only)'));
  }
  const who = audience === 'host' ? 'host' : viewer ? ctx.playerName(viewer) : 'public';
  return {
    title: `Pasture (${who})`,
    boards: boards(state, ctx, seer),
    scoreboard: scoreboard(state, ctx),
    legend: legend(seer, ctx),
    sections,
  };
}
