// Pasture state: the pastures, where each sheep stands, gates and garnets, this round's plans and
// the record of every finished round, and the resolution of each phase (below). Treated as
// immutable: each phase returns a new state.

import type { Cell } from '../../core/coords.js';
import type { GameContext, PhaseSpec } from '../../core/game.js';
import type { Random } from '../../core/random.js';
import {
  type Fence,
  type Rect,
  SIZE,
  buildFences,
  contains,
  crossingKey,
  formatRect,
  halvings,
  pastureGrid,
  pastureIndexAt,
  sameRect,
  walk,
} from './geometry.js';
import { type PastureOptions, type Tiebreak, applyStartingFences, baseGrass, grassFactor } from './options.js';

export type PastureContext = GameContext<PastureOptions>;

/** Garnet prices (seed 000): an extra Dominant Vote, and the one extra gate a player may buy. */
export const EXTRA_VOTE_COST = 1;
export const GATE_COST = 2;

/** A fence plan of the open round: `P<number>`, numbered in order of submission. */
export interface Plan {
  readonly id: string;
  readonly number: number;
  readonly player: string;
  readonly fence: Fence;
  /** The submitter's pasture at the start of the round, which the fence splits. */
  readonly pasture: Rect;
}

/** One player's checked orders for a round (refused parts are already left out). */
export interface Orders {
  /** Target cell in the sheep's row or column; null: stay. */
  readonly move: Cell | null;
  /** Plan ids voted for, each once. */
  readonly votes: readonly string[];
  /** Plan ids of bought extra Dominant Votes (1 garnet each; an id may repeat). */
  readonly extra: readonly string[];
  readonly gate: readonly [Cell, Cell] | null;
  readonly buyGate: boolean;
}

const NO_ORDERS: Orders = { move: null, votes: [], extra: [], gate: null, buyGate: false };

export type PastureMove =
  | { readonly kind: 'start'; readonly cell: Cell }
  /** `counter` is the number of plan ids handed out so far this round, this one included. */
  | {
      readonly kind: 'plan';
      readonly plan: { readonly number: number; readonly fence: Fence } | null;
      readonly counter: number;
    }
  | { readonly kind: 'orders'; readonly orders: Orders };

/** How a pasture's vote was settled. */
export type DecidedBy =
  'only plan' | 'dominant votes' | 'influence votes' | 'earliest plan' | 'seeded draw' | 'default plan' | 'single cell';

export interface Tally {
  /** `P3`, or `default` for the halving plan. */
  readonly plan: string;
  readonly fence: Fence;
  readonly dominant: number;
  readonly influence: number;
}

export interface PastureResult {
  readonly pasture: Rect;
  readonly tallies: readonly Tally[];
  /** The fence built, or null for a single cell. */
  readonly passed: Tally | null;
  readonly decidedBy: DecidedBy;
  /** Plans still tied when the seeded draw decided. */
  readonly drawnAmong?: readonly string[];
}

export interface GatePlacement {
  readonly player: string;
  readonly cells: readonly [Cell, Cell];
}

export interface RoundRecord {
  readonly round: number;
  readonly pasturesBefore: readonly Rect[];
  readonly plans: readonly Plan[];
  /** Orders that counted (host and each owner only). */
  readonly orders: Readonly<Record<string, Orders>>;
  readonly gates: readonly GatePlacement[];
  readonly gatesBought: readonly string[];
  /** Positions at the start of the round and after movement (private). */
  readonly from: Readonly<Record<string, Cell>>;
  readonly positions: Readonly<Record<string, Cell>>;
  readonly results: readonly PastureResult[];
  /** The pastures after the round's fences are built. */
  readonly pastures: readonly Rect[];
  readonly scores: Readonly<Record<string, number>>;
}

export interface FenceRecord {
  /** 0 for a starting fence. */
  readonly round: number;
  readonly fence: Fence;
  readonly pasture: Rect;
  /** `P3`, `default`, or null for a starting fence. */
  readonly plan: string | null;
}

export interface PastureState {
  readonly pastures: readonly Rect[];
  readonly fences: readonly FenceRecord[];
  /** Null until the start phase closes. */
  readonly positions: Readonly<Record<string, Cell>> | null;
  /** Players who named no starting cell and were placed by the seeded generator. */
  readonly placedAtRandom: readonly string[];
  /** The open round's plans once its plans phase has closed; null otherwise. */
  readonly plans: readonly Plan[] | null;
  readonly gatesLeft: Readonly<Record<string, number>>;
  /** The round in which each player bought their one extra gate. */
  readonly gateBoughtIn: Readonly<Record<string, number>>;
  /** Garnets spent so far (extra votes and gates). */
  readonly spent: Readonly<Record<string, number>>;
  readonly rounds: readonly RoundRecord[];
}

/** Where every sheep stands: set when the start phase closes, which every later phase follows. */
function positionsOf(state: PastureState): Readonly<Record<string, Cell>> {
  if (!state.positions) throw new Error('pasture: no sheep is placed yet (the start phase places them)');
  return state.positions;
}

/** Where one sheep stands (see positionsOf). */
export function positionOf(state: PastureState, player: string): Cell {
  const cell = positionsOf(state)[player];
  if (!cell) throw new Error(`pasture: ${player} has no sheep on the board`);
  return cell;
}

export function initialState(ctx: PastureContext): PastureState {
  const { pastures, built } = applyStartingFences(ctx.options.fences);
  const each = (value: number) => Object.fromEntries(ctx.players.map((p) => [p.id, value]));
  return {
    pastures,
    fences: built.map(({ fence, pasture }) => ({ round: 0, fence, pasture, plan: null })),
    positions: null,
    placedAtRandom: [],
    plans: null,
    gatesLeft: each(ctx.options.gates),
    gateBoughtIn: {},
    spent: each(0),
    rounds: [],
  };
}

/** The round being played (plans or orders), or the last one once the game is over. */
export function roundInPlay(state: PastureState, ctx: PastureContext): number {
  return Math.min(state.rounds.length + 1, ctx.options.rounds);
}

export function garnetsLeft(state: PastureState, ctx: PastureContext, player: string): number {
  const start = ctx.players.find((p) => p.id === player)?.garnets ?? 0;
  return start - (state.spent[player] ?? 0);
}

/** The players whose sheep stand in `rect`, in player order. */
export function sheepIn(rect: Rect, positions: Readonly<Record<string, Cell>> | null, ctx: PastureContext): string[] {
  return positions ? ctx.players.filter((p) => contains(rect, positions[p.id])).map((p) => p.id) : [];
}

/** The plans made by these moves (a plans phase's), in id order, each tied to its submitter's pasture. */
export function plansOf(state: PastureState, moves: ReadonlyMap<string, PastureMove>): Plan[] {
  const plans: Plan[] = [];
  for (const [player, move] of moves) {
    if (move.kind !== 'plan' || !move.plan) continue;
    const pasture = state.pastures[pastureIndexAt(state.pastures, positionOf(state, player))];
    plans.push({ id: `P${move.plan.number}`, number: move.plan.number, player, fence: move.plan.fence, pasture });
  }
  return plans.sort((a, b) => a.number - b.number);
}

/** Player id → total score over the rounds played. */
export function totals(state: PastureState, ctx: PastureContext): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(ctx.players.map((p) => [p.id, 0]));
  for (const record of state.rounds) for (const player of ctx.players) out[player.id] += record.scores[player.id] ?? 0;
  return out;
}

/** Players with the same total, best first: [[top ids], [next ids], …]. */
export function scoreGroups(state: PastureState, ctx: PastureContext): { score: number; players: string[] }[] {
  const sums = totals(state, ctx);
  const values = [...new Set(Object.values(sums))].sort((a, b) => b - a);
  return values.map((score) => ({ score, players: ctx.players.filter((p) => sums[p.id] === score).map((p) => p.id) }));
}

// Resolving Pasture's phases: the starting cells, a round's plans, and the end of a round in
// exactly the order of the rules (docs/games/pasture.md, "Rules"): gate purchases and placements, movement,
// voting per pasture, building the passed fences, scoring.

/** The resolve hook: the starting cells, then each round's plans and orders. */
export function resolvePhase(
  state: PastureState,
  phase: PhaseSpec,
  moves: ReadonlyMap<string, PastureMove>,
  ctx: PastureContext,
): PastureState {
  if (phase.kind === 'pregame') return resolveStart(state, ctx, moves);
  if (phase.kind === 'plans') return resolvePlans(state, moves);
  return resolveOrders(state, ctx, moves);
}

/** Starting cells; a player who named none is placed on a cell drawn by the seeded generator. */
function resolveStart(state: PastureState, ctx: PastureContext, moves: ReadonlyMap<string, PastureMove>): PastureState {
  const positions: Record<string, Cell> = {};
  const placedAtRandom: string[] = [];
  for (const player of ctx.players) {
    const move = moves.get(player.id);
    if (move?.kind === 'start') {
      positions[player.id] = move.cell;
    } else {
      const random = ctx.random(`start/${player.id}`);
      positions[player.id] = { row: random.int(0, SIZE - 1), col: random.int(0, SIZE - 1) };
      placedAtRandom.push(player.id);
    }
  }
  return { ...state, positions, placedAtRandom };
}

/** The round's plans, fixed for the orders phase. */
function resolvePlans(state: PastureState, moves: ReadonlyMap<string, PastureMove>): PastureState {
  return { ...state, plans: plansOf(state, moves) };
}

/**
 * Settles one pasture's vote: most Dominant Votes, then the host's tiebreak chain (by default
 * most Influence Votes, then the earliest plan, then the seeded draw). A tie the chain leaves
 * open always goes to the seeded draw.
 */
function choosePlan(
  tallies: readonly Tally[],
  chain: readonly Tiebreak[],
  random: () => Random,
): { passed: Tally; decidedBy: DecidedBy; drawnAmong?: string[] } {
  if (tallies.length === 1) return { passed: tallies[0], decidedBy: 'only plan' };
  const keepBest = (pool: readonly Tally[], score: (t: Tally) => number) => {
    const best = Math.max(...pool.map(score));
    return pool.filter((t) => score(t) === best);
  };
  let pool = keepBest(tallies, (t) => t.dominant);
  if (pool.length === 1) return { passed: pool[0], decidedBy: 'dominant votes' };
  for (const step of chain) {
    if (step === 'influence') pool = keepBest(pool, (t) => t.influence);
    if (step === 'earliest') pool = keepBest(pool, (t) => -Number(t.plan.slice(1)));
    if (step === 'random') break;
    if (pool.length === 1)
      return { passed: pool[0], decidedBy: step === 'influence' ? 'influence votes' : 'earliest plan' };
  }
  return { passed: random().pick(pool), decidedBy: 'seeded draw', drawnAmong: pool.map((t) => t.plan) };
}

/** Tallies each pasture's candidates and settles its vote (step 3 of the end of a round). */
function vote(
  pastures: readonly Rect[],
  plans: readonly Plan[],
  orders: ReadonlyMap<string, Orders>,
  from: Readonly<Record<string, Cell>>,
  ctx: PastureContext,
  round: number,
): PastureResult[] {
  const dominant = new Map<string, number>();
  const influence = new Map<string, number>();
  const add = (map: Map<string, number>, id: string) => map.set(id, (map.get(id) ?? 0) + 1);
  const byId = new Map(plans.map((p) => [p.id, p]));
  for (const [player, order] of orders) {
    // Dominant where the voter stood at the start of the round, Influence elsewhere.
    const home = pastures[pastureIndexAt(pastures, from[player])];
    for (const id of order.votes) {
      const plan = byId.get(id);
      if (plan) add(sameRect(plan.pasture, home) ? dominant : influence, id);
    }
    for (const id of order.extra) if (byId.has(id)) add(dominant, id);
  }
  return pastures.map((pasture) => {
    const label = formatRect(pasture);
    const tallies: Tally[] = plans
      .filter((p) => sameRect(p.pasture, pasture))
      .map((p) => ({
        plan: p.id,
        fence: p.fence,
        dominant: dominant.get(p.id) ?? 0,
        influence: influence.get(p.id) ?? 0,
      }));
    if (tallies.length > 0) {
      const settled = choosePlan(tallies, ctx.options.tiebreak, () => ctx.random(`round-${round}/tiebreak/${label}`));
      return { pasture, tallies, ...settled };
    }
    const options = halvings(pasture);
    if (options.length === 0) return { pasture, tallies, passed: null, decidedBy: 'single cell' };
    const fence = options.length === 1 ? options[0] : ctx.random(`round-${round}/default-plan/${label}`).pick(options);
    return {
      pasture,
      tallies,
      passed: { plan: 'default', fence, dominant: 0, influence: 0 },
      decidedBy: 'default plan',
    };
  });
}

/** Each sheep's score: floor(pasture grass this round ÷ sheep in that pasture). */
function scoreRound(
  pastures: readonly Rect[],
  positions: Readonly<Record<string, Cell>>,
  ctx: PastureContext,
  round: number,
): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const rect of pastures) {
    const sheep = sheepIn(rect, positions, ctx);
    if (sheep.length === 0) continue;
    const grass = baseGrass(ctx.options.board, rect) * grassFactor(round);
    for (const id of sheep) scores[id] = Math.floor(grass / sheep.length);
  }
  return scores;
}

/** The end of a round, in the order of the rules. */
/** Step 1 of a round: gates bought (and extra votes paid for), then gates placed while any are left. */
function buyAndPlaceGates(
  state: PastureState,
  orders: ReadonlyMap<string, Orders>,
  round: number,
): Pick<PastureState, 'gatesLeft' | 'gateBoughtIn' | 'spent'> & { gatesBought: string[]; gates: GatePlacement[] } {
  const gatesLeft = { ...state.gatesLeft };
  const gateBoughtIn = { ...state.gateBoughtIn };
  const spent = { ...state.spent };
  const gatesBought: string[] = [];
  const gates: GatePlacement[] = [];
  for (const [player, order] of orders) {
    if (order.buyGate) {
      gatesLeft[player] += 1;
      gateBoughtIn[player] = round;
      spent[player] += GATE_COST;
      gatesBought.push(player);
    }
    spent[player] += order.extra.length * EXTRA_VOTE_COST;
  }
  for (const [player, order] of orders) {
    if (order.gate && gatesLeft[player] > 0) {
      gatesLeft[player] -= 1;
      gates.push({ player, cells: order.gate });
    }
  }
  return { gatesLeft, gateBoughtIn, spent, gatesBought, gates };
}

function resolveOrders(
  state: PastureState,
  ctx: PastureContext,
  moves: ReadonlyMap<string, PastureMove>,
): PastureState {
  const round = state.rounds.length + 1;
  const from = positionsOf(state);
  const plans = state.plans ?? [];
  const orders = new Map<string, Orders>();
  for (const player of ctx.players) {
    const move = moves.get(player.id);
    if (move?.kind === 'orders') orders.set(player.id, move.orders);
  }

  // 1. Gate purchases, then placements.
  const { gatesLeft, gateBoughtIn, spent, gatesBought, gates } = buyAndPlaceGates(state, orders, round);

  // 2. Movement, all at once, against the fences as they stood at the start of the round.
  const grid = pastureGrid(state.pastures);
  const open = new Set(gates.map((g) => crossingKey(g.cells[0], g.cells[1])));
  const positions: Record<string, Cell> = {};
  for (const player of ctx.players) {
    const target = orders.get(player.id)?.move ?? null;
    positions[player.id] = target ? walk(from[player.id], target, grid, open) : from[player.id];
  }

  // 3. Voting per pasture as it stood at the start of the round; 4. building the passed fences.
  const results = vote(state.pastures, plans, orders, from, ctx, round);
  const passed = new Map<number, Fence>();
  results.forEach((result, index) => {
    if (result.passed) passed.set(index, result.passed.fence);
  });
  const pastures = buildFences(state.pastures, passed);
  const fences = [
    ...state.fences,
    ...results.flatMap((r) =>
      r.passed ? [{ round, fence: r.passed.fence, pasture: r.pasture, plan: r.passed.plan }] : [],
    ),
  ];

  // 5. Scoring on the new pastures.
  const scores = scoreRound(pastures, positions, ctx, round);
  const orderRecord = Object.fromEntries(ctx.players.map((p) => [p.id, orders.get(p.id) ?? NO_ORDERS]));
  return {
    ...state,
    pastures,
    fences,
    positions,
    plans: null,
    gatesLeft,
    gateBoughtIn,
    spent,
    rounds: [
      ...state.rounds,
      {
        round,
        pasturesBefore: state.pastures,
        plans,
        orders: orderRecord,
        gates,
        gatesBought,
        from,
        positions,
        results,
        pastures,
        scores,
      },
    ],
  };
}
