// The end of a Highest Unique match (docs/games/highest-unique.md, "Rules"): the most points wins
// one garnet, the fewest points is the loser and the elimination candidate, both placed by the
// ranking (points, then rounds scored, then the seed). Also the public summary of each round.

import type { Final, RoundSummary } from '../../core/game.js';
import { type News, namesText, playerNamer } from '../../core/news.js';
import { notesNaming } from '../../core/outcome.js';
import { type HuContext, type HuState, type Standing, countsOf, rank } from './state.js';

export function finishMatch(state: HuState, ctx: HuContext): Final {
  const { order, notes } = rank(state, ctx);
  const winner = order[0];
  const loser = order[order.length - 1];
  const byPlayer = new Map(order.map((s) => [s.player, s]));
  const scores = Object.fromEntries(ctx.players.map((p) => [p.id, byPlayer.get(p.id)?.points ?? 0]));
  const roundsScored = Object.fromEntries(ctx.players.map((p) => [p.id, byPlayer.get(p.id)?.scored ?? 0]));
  return {
    scores,
    winners: [winner.player],
    losers: [loser.player],
    awards: [
      {
        player: winner.player,
        garnets: 1,
        tokensOfLife: 0,
        note: `Most points (${winner.points}): wins 1 garnet`,
      },
      {
        player: loser.player,
        garnets: 0,
        tokensOfLife: 0,
        note: `Fewest points (${loser.points}): the loser and elimination candidate`,
      },
    ],
    eliminationCandidate: loser.player,
    ...tieBreakOf(loser, order, notes, ctx),
    detail: {
      roundsScored,
      picks: Object.fromEntries(ctx.players.map((p) => [p.id, state.rounds.map((r) => r.picks[p.id])])),
      ranking: order.map((s) => s.player),
      tiebreaks: notes,
    },
  };
}

/**
 * How the loser was placed last where another player had as many points: fewer rounds scored, or,
 * tied on both, the seeded draw (the ranking's note). Nothing where the loser simply scored least.
 */
function tieBreakOf(
  loser: Standing,
  order: readonly Standing[],
  notes: readonly string[],
  ctx: HuContext,
): { tieBreak?: string } {
  const tied = order.filter((s) => s.player !== loser.player && s.points === loser.points);
  if (tied.length === 0) return {};
  const drawn = notesNaming(notes, ctx.playerName(loser.player)).filter((note) => note.includes('as the loser'));
  if (drawn.length > 0) return { tieBreak: drawn.join('; ') };
  const others = tied.map((s) => ctx.playerName(s.player)).join(', ');
  return {
    tieBreak: `tied on ${loser.points} with ${others}; fewer rounds scored (${loser.scored} to ${tied.map((s) => s.scored).join(', ')})`,
  };
}

/** The rounds hook: each round's picks, the unique high number and who scored it, and the running points. */
export function roundSummaries(state: HuState, ctx: HuContext): RoundSummary[] {
  const running = Object.fromEntries(ctx.players.map((p) => [p.id, 0]));
  return state.rounds.map((record) => {
    if (record.scorer !== null && record.number !== null) running[record.scorer] += record.number;
    return {
      round: record.round,
      picks: record.picks,
      uniqueHigh: record.number,
      scoredBy: record.scorer,
      scores: { ...running },
    };
  });
}

/**
 * The news hook: the last round in words (who scored with which number, the numbers shared) and the
 * points before and after it (core/news.ts).
 */
export function roundNews(state: HuState, ctx: HuContext): News | null {
  const last = state.rounds[state.rounds.length - 1];
  if (!last) return null;
  const totals = (rounds: readonly HuState['rounds'][number][]) => {
    const points = Object.fromEntries(ctx.players.map((p) => [p.id, 0]));
    for (const r of rounds) if (r.scorer !== null && r.number !== null) points[r.scorer] += r.number;
    return points;
  };
  const shared = [...countsOf(last.picks)]
    .filter(([, count]) => count > 1)
    .sort(([a], [b]) => b - a)
    .map(([number]) => {
      const senders = ctx.players.filter((p) => last.picks[p.id] === number).map((p) => ctx.playerName(p.id));
      return `${number} (${namesText(senders)})`;
    });
  const silent = ctx.players.filter((p) => last.picks[p.id] === null).map((p) => ctx.playerName(p.id));
  const facts = [
    last.scorer !== null && last.number !== null
      ? `Round ${last.round}: ${ctx.playerName(last.scorer)}'s ${last.number} was the highest number sent by one player alone, and scores ${last.number}.`
      : `Round ${last.round}: every number was sent by more than one player, so nobody scores.`,
    ...(shared.length > 0 ? [`Sent by more than one, so scoring nothing: ${shared.join(', ')}.`] : []),
    ...(silent.length > 0 ? [`Sent nothing: ${namesText(silent)}.`] : []),
  ];
  return {
    facts,
    points: {
      before: totals(state.rounds.slice(0, -1)),
      after: totals(state.rounds),
      unit: 'points',
      name: playerNamer(ctx),
    },
  };
}
