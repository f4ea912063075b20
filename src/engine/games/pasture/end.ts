// The end of a Pasture match (docs/games/pasture.md, "Rules"): the highest totals win 2 garnets, the
// next highest 1; garnets spent during the game are charged; the lowest totals are reported for
// the host. Also the public summary of each round, for `replay` output.

import { type News, playerNamer } from '../../core/news.js';
import type { Award, Final, RoundSummary } from '../../core/game.js';
import { fenceWords, formatFence, formatRect } from './geometry.js';
import { baseGrass, grassFactor } from './options.js';
import { type PastureContext, type PastureState, scoreGroups, sheepIn, totals } from './state.js';

export function finishMatch(state: PastureState, ctx: PastureContext): Final {
  const scores = totals(state, ctx);
  const groups = scoreGroups(state, ctx);
  const awards: Award[] = [];
  const [top, next] = groups;
  for (const id of top?.players ?? [])
    awards.push({ player: id, garnets: 2, tokensOfLife: 0, note: `Highest total score (${top.score} points)` });
  for (const id of next?.players ?? [])
    awards.push({ player: id, garnets: 1, tokensOfLife: 0, note: `Next highest total score (${next.score} points)` });
  for (const player of ctx.players) {
    const spent = state.spent[player.id] ?? 0;
    if (spent === 0) continue;
    const extra = state.rounds.reduce((n, r) => n + r.orders[player.id].extra.length, 0);
    const gate = state.gateBoughtIn[player.id] ? `an extra gate (round ${state.gateBoughtIn[player.id]})` : '';
    const votes = extra > 0 ? `${extra} extra vote${extra === 1 ? '' : 's'}` : '';
    awards.push({
      player: player.id,
      garnets: -spent,
      tokensOfLife: 0,
      note: `Garnets spent during the game: ${[votes, gate].filter(Boolean).join(' and ')}`,
    });
  }
  const last = groups.length > 1 ? groups[groups.length - 1].players : [];
  return {
    scores,
    winners: top?.players ?? [],
    // The rules name no loser or elimination: the lowest total(s) are reported for the host.
    losers: last,
    awards,
    eliminationCandidate: null,
    detail: {
      roundScores: Object.fromEntries(ctx.players.map((p) => [p.id, state.rounds.map((r) => r.scores[p.id])])),
      garnetsSpent: state.spent,
      placedAtRandom: state.placedAtRandom,
      pastures: state.pastures.map(formatRect),
    },
  };
}

/** The rounds hook: each round's plans, passed fences, fed pastures and scores, for `replay` output. */
export function roundSummaries(state: PastureState, ctx: PastureContext): RoundSummary[] {
  const running = Object.fromEntries(ctx.players.map((p) => [p.id, 0]));
  return state.rounds.map((record) => {
    for (const p of ctx.players) running[p.id] += record.scores[p.id];
    return {
      round: record.round,
      plans: record.plans.map((p) => ({
        id: p.id,
        player: p.player,
        fence: formatFence(p.fence),
        pasture: formatRect(p.pasture),
      })),
      passed: record.results
        .filter((r) => r.passed)
        .map((r) => ({
          pasture: formatRect(r.pasture),
          ...passedPlan(r.passed),
        })),
      pastures: record.pastures
        .map((rect) => {
          const sheep = sheepIn(rect, record.positions, ctx);
          return {
            pasture: formatRect(rect),
            grass: baseGrass(ctx.options.board, rect) * grassFactor(record.round),
            sheep,
          };
        })
        .filter((p) => p.sheep.length > 0),
      scores: record.scores,
      totals: { ...running },
    };
  });
}

/** A plan that passed, for the round summary (filtered to passed results above). */
function passedPlan(
  passed: { readonly plan: string; readonly fence: Parameters<typeof formatFence>[0] } | null | undefined,
): {
  plan: string;
  fence: string;
  words: string;
} {
  if (!passed) throw new Error('pasture: a result marked passed has no plan');
  return { plan: passed.plan, fence: formatFence(passed.fence), words: fenceWords(passed.fence) };
}

/** The news hook: the plans that passed and each player's points before and after the last round (core/news.ts). */
export function roundNews(state: PastureState, ctx: PastureContext): News | null {
  const last = state.rounds[state.rounds.length - 1];
  if (!last) return null;
  const sum = (rounds: readonly PastureState['rounds'][number][]) =>
    Object.fromEntries(ctx.players.map((p) => [p.id, rounds.reduce((total, r) => total + (r.scores[p.id] ?? 0), 0)]));
  // One result a pasture voted on: a fence was built in it, or none (a single cell, or no plan).
  const fences = last.results.filter((r) => r.passed).length;
  return {
    facts: [
      `Round ${last.round}: ${fences === 0 ? 'no fence was built' : `${fences} fence${fences === 1 ? ' was' : 's were'} built`}, then the sheep grazed; ${last.pastures.length} pastures now.`,
    ],
    points: {
      before: sum(state.rounds.slice(0, -1)),
      after: sum(state.rounds),
      unit: 'points',
      name: playerNamer(ctx),
    },
  };
}
