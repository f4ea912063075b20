// Pasture state: the pastures, where each sheep stands, gates and garnets, this round's plans and
// the record of every finished round. Treated as immutable: each phase returns a new state.

import type { Cell } from '../../core/coords.js';
import type { GameContext } from '../../core/game.js';
import { type Fence, type Rect, contains, pastureIndexAt } from './geometry.js';
import { type PastureOptions, applyStartingFences } from './options.js';

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

export const NO_ORDERS: Orders = { move: null, votes: [], extra: [], gate: null, buyGate: false };

export type PastureMove =
  | { readonly kind: 'start'; readonly cell: Cell }
  /** `counter` is the number of plan ids handed out so far this round, this one included. */
  | { readonly kind: 'plan'; readonly plan: { readonly number: number; readonly fence: Fence } | null; readonly counter: number }
  | { readonly kind: 'orders'; readonly orders: Orders };

/** How a pasture's vote was settled. */
export type DecidedBy = 'only plan' | 'dominant votes' | 'influence votes' | 'earliest plan' | 'seeded draw' | 'default plan' | 'single cell';

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
    const pasture = state.pastures[pastureIndexAt(state.pastures, state.positions![player])];
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
