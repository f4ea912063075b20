// Highest Unique bots. Both answer with text, as a player's form would, so the same check reads
// them. The random bot sends any number; the odds bot reckons, for each number, the chance that it
// ends up the unique high one, from how the other players have picked so far, and sends one of the
// numbers worth the most on average.

import type { Bot } from '../../core/game.js';
import type { HuOptions } from './options.js';
import { PICK } from './parse.js';
import type { HuState } from './state.js';

export const randomBot: Bot<HuState, HuOptions> = ({ ctx, random }) => ({
  [PICK]: String(random.int(1, ctx.options.highest)),
});

/** n choose k, for the few players of a match. */
function choose(n: number, k: number): number {
  let out = 1;
  for (let i = 1; i <= k; i++) out = (out * (n - k + i)) / i;
  return out;
}

/**
 * How likely one player guesses each number, and nothing, judging by the other players' picks so
 * far: each number starts with one imagined pick (so round 1 is even odds), and every real pick
 * (or round with nothing sent) adds one.
 */
function pickOdds(state: HuState, player: string, highest: number): { numbers: number[]; none: number } {
  const counts = new Array<number>(highest + 1).fill(1);
  counts[0] = 0;
  let none = 0;
  for (const round of state.rounds) {
    for (const [id, pick] of Object.entries(round.picks)) {
      if (id === player) continue;
      if (pick === null) none++;
      else counts[pick]++;
    }
  }
  const total = counts.reduce((a, b) => a + b, 0) + none;
  return { numbers: counts.map((c) => c / total), none: none / total };
}

/**
 * The chance that `pick` is the unique high number when `others` players each guess independently
 * with `odds`: nobody else sends `pick`, and every higher number is sent by nobody or by two or more.
 * Counted exactly, number by number from the highest down, over how many players sent each.
 */
export function winChance(pick: number, others: number, odds: { numbers: number[]; none: number }): number {
  const highest = odds.numbers.length - 1;
  // ways[r]: the probability that the higher numbers seen so far took exactly r players, none of them alone.
  let ways = [1, ...new Array<number>(others).fill(0)];
  for (let n = highest; n > pick; n--) {
    const next = new Array<number>(others + 1).fill(0);
    for (let used = 0; used <= others; used++) {
      if (ways[used] === 0) continue;
      for (let count = 0; used + count <= others; count++) {
        if (count === 1) continue;
        next[used + count] += ways[used] * choose(others - used, count) * odds.numbers[n] ** count;
      }
    }
    ways = next;
  }
  // The players left all send a lower number, or nothing.
  const lower = odds.numbers.slice(1, pick).reduce((a, b) => a + b, 0) + odds.none;
  return ways.reduce((sum, p, used) => sum + p * lower ** (others - used), 0);
}

/** Numbers worth at least this share of the best average score are all good enough to send. */
const GOOD_ENOUGH = 0.8;

export const oddsBot: Bot<HuState, HuOptions> = ({ state, player, ctx, random }) => {
  const highest = ctx.options.highest;
  const odds = pickOdds(state, player, highest);
  const others = ctx.players.length - 1;
  const worth = Array.from({ length: highest }, (_, i) => (i + 1) * winChance(i + 1, others, odds));
  const best = Math.max(...worth);
  // One of the best few rather than always the best, so two odds bots do not think in lockstep.
  const good = worth.flatMap((value, i) => (value >= best * GOOD_ENOUGH ? [i + 1] : []));
  return { [PICK]: String(random.pick(good)) };
};
