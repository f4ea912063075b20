// Highest Unique state and the pure functions that move it on: each round's picks land at once,
// the highest number exactly one player sent scores its value for that player, and the ranking
// (most points, then more rounds scored, then the seed) orders the players at any moment.

import type { GameContext, PhaseSpec } from '../../core/game.js';
import type { HuOptions } from './options.js';

export interface RoundRecord {
  readonly round: number;
  /** What each player sent (null: nothing counted). Public once the round is over. */
  readonly picks: Readonly<Record<string, number | null>>;
  /** The highest number exactly one player sent, and who sent it; both null when no number was unique. */
  readonly number: number | null;
  readonly scorer: string | null;
}

export interface HuState {
  readonly rounds: readonly RoundRecord[];
}

/** A checked answer: the number a player sends this round. */
export interface HuMove {
  readonly pick: number;
}

export type HuContext = GameContext<HuOptions>;

/** The setup hook: no round played yet. */
export function initialState(): HuState {
  return { rounds: [] };
}

/** How many players sent each number (numbers nobody sent are absent). */
export function countsOf(picks: Readonly<Record<string, number | null>>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const pick of Object.values(picks)) if (pick !== null) counts.set(pick, (counts.get(pick) ?? 0) + 1);
  return counts;
}

/** The highest number sent by exactly one player, or null when every number sent was shared. */
function uniqueHigh(picks: Readonly<Record<string, number | null>>): number | null {
  const unique = [...countsOf(picks)].filter(([, count]) => count === 1).map(([number]) => number);
  return unique.length > 0 ? Math.max(...unique) : null;
}

/** One round scored: every player's pick (or null), the unique high number and its sender. */
function scoreRound(round: number, picks: Readonly<Record<string, number | null>>): RoundRecord {
  const number = uniqueHigh(picks);
  const scorer = number === null ? null : (Object.keys(picks).find((id) => picks[id] === number) ?? null);
  return { round, picks, number, scorer };
}

/** The resolve hook: the round's picks land together (a player with no valid answer picks nothing). */
export function resolvePhase(
  state: HuState,
  _phase: PhaseSpec,
  moves: ReadonlyMap<string, HuMove>,
  ctx: HuContext,
): HuState {
  const picks = Object.fromEntries(ctx.players.map((p) => [p.id, moves.get(p.id)?.pick ?? null]));
  return { rounds: [...state.rounds, scoreRound(state.rounds.length + 1, picks)] };
}

export interface Standing {
  readonly player: string;
  readonly points: number;
  /** Rounds in which the player's number was the unique high one. */
  readonly scored: number;
}

/** Each player's points and rounds scored so far, in player order. */
function standings(state: HuState, ctx: HuContext): Standing[] {
  return ctx.players.map((p) => {
    const won = state.rounds.filter((r) => r.scorer === p.id);
    return { player: p.id, points: won.reduce((sum, r) => sum + (r.number ?? 0), 0), scored: won.length };
  });
}

/**
 * Players from best to worst: most points, then more rounds scored, then the seeded draw (one
 * shuffle, so the draw that places the winner and the loser is the same order). Also says where the
 * draw had to decide the winner or the loser.
 */
export function rank(state: HuState, ctx: HuContext): { order: Standing[]; notes: string[] } {
  const shuffled = ctx.random('final-ranking').shuffle(standings(state, ctx));
  const order = shuffled.sort((a, b) => b.points - a.points || b.scored - a.scored);
  const tiedWith = (s: Standing) => order.filter((o) => o.points === s.points && o.scored === s.scored);
  // The tied players in the match's order, whatever order the draw put them in.
  const seat = (s: Standing) => ctx.players.findIndex((p) => p.id === s.player);
  const names = (list: Standing[]) =>
    [...list]
      .sort((a, b) => seat(a) - seat(b))
      .map((s) => ctx.playerName(s.player))
      .join(', ');
  const notes: string[] = [];
  const first = tiedWith(order[0]);
  if (first.length > 1) {
    notes.push(
      `${names(first)} tied on points and rounds scored; the seeded draw picked ${ctx.playerName(order[0].player)} as the winner`,
    );
  }
  const lastStanding = order[order.length - 1];
  const last = tiedWith(lastStanding);
  if (last.length > 1) {
    notes.push(
      `${names(last)} tied on points and rounds scored; the seeded draw picked ${ctx.playerName(lastStanding.player)} as the loser`,
    );
  }
  return { order, notes };
}
