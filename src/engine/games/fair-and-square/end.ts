// The end of a Fair and Square match: most total rank points wins (every player on the top total);
// every player with at least `threshold` points gets a Token of Life and a garnet; a player who
// took 3 points in some round gets one garnet, once; priority purchases cost a garnet each. The
// fewest points is the elimination candidate, ties by the round tiebreaks over the whole match,
// and players still tied go to the host (the winners choose, seed 003), decision `elimination`.
//
// Garnets earned here are awarded at the end: during the match a player can spend only the
// balance the host gave at the start (seed 003: "if they manage to earn the 3 points at least
// once in the 3 rounds").

import { type News, playerNamer } from '../../core/news.js';
import type { Award, Decide, Final, RoundSummary } from '../../core/game.js';
import { notesNaming } from '../../core/outcome.js';
import { boardRows, squareName } from './board.js';
import { type FasContext, type FasState, garnetsSpent, matchRanking, matchStandings, roundResult } from './state.js';
import { moveText } from './view.js';

export function finishMatch(state: FasState, ctx: FasContext, decide: Decide): Final {
  const standings = matchStandings(state, ctx);
  const totals = Object.fromEntries(standings.map((s) => [s.player, s.points]));
  const best = Math.max(...standings.map((s) => s.points));
  const winners = ctx.players.map((p) => p.id).filter((id) => totals[id] === best);
  const ranking = matchRanking(state, ctx);

  const worstPlace = Math.max(...Object.values(ranking.places));
  const lowest = ranking.order.filter((id) => ranking.places[id] === worstPlace);
  const candidate =
    lowest.length === 1
      ? lowest[0]
      : (decide({
          id: 'elimination',
          question: `${lowest.map(ctx.playerName).join(', ')} are tied for the fewest points on every tiebreak; the winners (${winners.map(ctx.playerName).join(', ')}) choose the elimination candidate`,
          choices: lowest,
        }) ?? null);

  const awards: Award[] = [];
  for (const player of ctx.players) {
    const id = player.id;
    const perRound = state.rounds.map((r) => roundResult(r, id).rankPoints);
    if (winners.includes(id))
      awards.push({
        player: id,
        garnets: 0,
        tokensOfLife: 0,
        note: `Winner of the main match with ${totals[id]} points`,
      });
    const topRound = perRound.indexOf(3);
    if (topRound >= 0)
      awards.push({
        player: id,
        garnets: 1,
        tokensOfLife: 0,
        note: `Took 3 points in round ${topRound + 1} (one garnet per match)`,
      });
    if (totals[id] >= ctx.options.threshold) {
      awards.push({
        player: id,
        garnets: 1,
        tokensOfLife: 1,
        note: `Token of Life: ${totals[id]} points reach the threshold of ${ctx.options.threshold}`,
      });
    }
    const spent = garnetsSpent(state, id);
    if (spent > 0) {
      const rounds = state.rounds.filter((r) => r.moves[id]?.priority).map((r) => r.round);
      awards.push({
        player: id,
        garnets: -spent,
        tokensOfLife: 0,
        note: `Priority bought in round${rounds.length > 1 ? 's' : ''} ${rounds.join(', ')}`,
      });
    }
    if (id === candidate)
      awards.push({ player: id, garnets: 0, tokensOfLife: 0, note: 'Fewest points: the elimination candidate' });
  }

  return {
    scores: totals,
    winners,
    losers: candidate ? [candidate] : [],
    awards,
    eliminationCandidate: candidate,
    ...tieBreakOf(candidate, lowest, totals, ranking.notes, ctx),
    detail: {
      numbers: ctx.options.numbers,
      rankPoints: Object.fromEntries(
        ctx.players.map((p) => [p.id, state.rounds.map((r) => roundResult(r, p.id).rankPoints)]),
      ),
      captured: Object.fromEntries(
        ctx.players.map((p) => [p.id, state.rounds.map((r) => roundResult(r, p.id).standing.points)]),
      ),
      ranking: ranking.order,
      tiebreaks: ranking.notes,
    },
  };
}

/** The rounds hook: each round's groups, boards, placements, captures and rank points, for `replay` output. */
export function roundSummaries(state: FasState, _ctx: FasContext): RoundSummary[] {
  return state.rounds.map((record) => ({
    round: record.round,
    groups: record.groups.map((g) => {
      const last = g.turns[g.turns.length - 1];
      return {
        group: g.group,
        players: g.players,
        board: boardRows(g.board),
        placements: Object.fromEntries(
          g.players.map((p) => [p, moveText(record.moves[p], state.types[record.round - 1])]),
        ),
        captured: Object.fromEntries(
          last.captures.flatMap((owner, square) => (owner ? [[squareName(square), owner]] : [])),
        ),
        points: last.points,
        piecesLeft: Object.fromEntries(g.standings.map((s) => [s.player, s.pieces])),
        places: g.ranking.places,
        rankPoints: g.rankPoints,
        tiebreaks: g.ranking.notes,
      };
    }),
  }));
}

/**
 * How the elimination candidate was placed last where another player had as many points: the
 * ranking's tie-break notes that name them, or the winners' choice where every tie-break tied.
 */
function tieBreakOf(
  candidate: string | null,
  lowest: readonly string[],
  totals: Readonly<Record<string, number>>,
  notes: readonly string[],
  ctx: FasContext,
): { tieBreak?: string } {
  if (candidate === null) return {};
  const tied = ctx.players.map((p) => p.id).filter((id) => id !== candidate && totals[id] === totals[candidate]);
  if (tied.length === 0) return {};
  if (lowest.length > 1)
    return {
      tieBreak: `${lowest.map(ctx.playerName).join(', ')} tied for the fewest points on every tiebreak; the winners chose`,
    };
  const named = notesNaming(notes, ctx.playerName(candidate));
  return named.length > 0 ? { tieBreak: named.join('; ') } : {};
}

/** The news hook: each group's winner, and each player's ranking points before and after the last round (core/news.ts). */
export function roundNews(state: FasState, ctx: FasContext): News | null {
  const last = state.rounds[state.rounds.length - 1];
  if (!last) return null;
  const sum = (rounds: readonly FasState['rounds'][number][]) =>
    Object.fromEntries(
      ctx.players.map((p) => [
        p.id,
        rounds.reduce((total, r) => total + r.groups.reduce((g, group) => g + (group.rankPoints[p.id] ?? 0), 0), 0),
      ]),
    );
  const firsts = last.groups.flatMap((g) =>
    g.players.filter((p) => g.ranking.places[p] === 1).map((p) => `${ctx.playerName(p)} (group ${g.group + 1})`),
  );
  return {
    facts: [
      `Round ${last.round}: ${firsts.length > 0 ? `first in their group: ${firsts.join(', ')}` : 'the groups are ranked'}.`,
    ],
    points: {
      before: sum(state.rounds.slice(0, -1)),
      after: sum(state.rounds),
      unit: 'points',
      name: playerNamer(ctx),
    },
  };
}
