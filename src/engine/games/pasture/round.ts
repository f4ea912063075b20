// Resolving Pasture's phases: the starting cells, a round's plans, and the end of a round in
// exactly the order of the rules (docs/games/pasture.md, "Rules"): gate purchases and placements, movement,
// voting per pasture, building the passed fences, scoring.

import type { Cell } from '../../core/coords.js';
import type { Random } from '../../core/random.js';
import { type Fence, type Rect, SIZE, buildFences, crossingKey, formatRect, halvings, pastureGrid, pastureIndexAt, sameRect, walk } from './geometry.js';
import { type Tiebreak, baseGrass, grassFactor } from './options.js';
import {
  type DecidedBy, EXTRA_VOTE_COST, GATE_COST, type GatePlacement, type Orders, NO_ORDERS, type PastureContext, type PastureMove,
  type PastureResult, type PastureState, type Plan, type Tally, plansOf, sheepIn,
} from './state.js';

/** Starting cells; a player who named none is placed on a cell drawn by the seeded generator. */
export function resolveStart(state: PastureState, ctx: PastureContext, moves: ReadonlyMap<string, PastureMove>): PastureState {
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
export function resolvePlans(state: PastureState, moves: ReadonlyMap<string, PastureMove>): PastureState {
  return { ...state, plans: plansOf(state, moves) };
}

/**
 * Settles one pasture's vote: most Dominant Votes, then the host's tiebreak chain (by default
 * most Influence Votes, then the earliest plan, then the seeded draw). A tie the chain leaves
 * open always goes to the seeded draw.
 */
export function choosePlan(tallies: readonly Tally[], chain: readonly Tiebreak[], random: () => Random): { passed: Tally; decidedBy: DecidedBy; drawnAmong?: string[] } {
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
    if (pool.length === 1) return { passed: pool[0], decidedBy: step === 'influence' ? 'influence votes' : 'earliest plan' };
  }
  return { passed: random().pick(pool), decidedBy: 'seeded draw', drawnAmong: pool.map((t) => t.plan) };
}

/** Tallies each pasture's candidates and settles its vote (step 3 of the end of a round). */
export function vote(
  pastures: readonly Rect[], plans: readonly Plan[], orders: ReadonlyMap<string, Orders>, from: Readonly<Record<string, Cell>>,
  ctx: PastureContext, round: number,
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
      .map((p) => ({ plan: p.id, fence: p.fence, dominant: dominant.get(p.id) ?? 0, influence: influence.get(p.id) ?? 0 }));
    if (tallies.length > 0) {
      const settled = choosePlan(tallies, ctx.options.tiebreak, () => ctx.random(`round-${round}/tiebreak/${label}`));
      return { pasture, tallies, ...settled };
    }
    const options = halvings(pasture);
    if (options.length === 0) return { pasture, tallies, passed: null, decidedBy: 'single cell' };
    const fence = options.length === 1 ? options[0] : ctx.random(`round-${round}/default-plan/${label}`).pick(options);
    return { pasture, tallies, passed: { plan: 'default', fence, dominant: 0, influence: 0 }, decidedBy: 'default plan' };
  });
}

/** Each sheep's score: floor(pasture grass this round ÷ sheep in that pasture). */
export function scoreRound(pastures: readonly Rect[], positions: Readonly<Record<string, Cell>>, ctx: PastureContext, round: number): Record<string, number> {
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
export function resolveOrders(state: PastureState, ctx: PastureContext, moves: ReadonlyMap<string, PastureMove>): PastureState {
  const round = state.rounds.length + 1;
  const from = state.positions!;
  const plans = state.plans ?? [];
  const orders = new Map<string, Orders>();
  for (const player of ctx.players) {
    const move = moves.get(player.id);
    if (move?.kind === 'orders') orders.set(player.id, move.orders);
  }

  // 1. Gate purchases, then placements.
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
    ...results.filter((r) => r.passed).map((r) => ({ round, fence: r.passed!.fence, pasture: r.pasture, plan: r.passed!.plan })),
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
      { round, pasturesBefore: state.pastures, plans, orders: orderRecord, gates, gatesBought, from, positions, results, pastures, scores },
    ],
  };
}
