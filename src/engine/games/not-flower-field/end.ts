// The end of a Not Flower Field match (docs/games/not-flower-field.md, "Rules"): patterns score on the
// final field; the sole winner and the loser come from the ranking, and the loser chooses a
// death-match opponent. Also the public summary of each round, for `replay` output.

import { type News, playerNamer } from '../../core/news.js';
import type { Decide, Final, RoundSummary } from '../../core/game.js';
import { notesNaming } from '../../core/outcome.js';
import { countHolding } from './board.js';
import { PATTERN_NAMES } from './patterns.js';
import { type NffContext, type NffState, rank, scoresOn } from './state.js';

export function finishMatch(state: NffState, ctx: NffContext, decide: Decide): Final {
  const colours = state.colours ?? {};
  const breakdown = scoresOn(state.board, colours, ctx);
  const { order, notes } = rank(state, ctx);
  const winner = order[0].player;
  const loser = order[order.length - 1].player;
  const scores = Object.fromEntries(ctx.players.map((p) => [p.id, breakdown[p.id].total]));

  // The loser chooses a death-match opponent among the players who neither won nor lost (seed
  // 004). With one such player there is nothing to choose.
  const candidates = order.map((s) => s.player).filter((id) => id !== winner && id !== loser);
  let opponent: string | undefined;
  if (candidates.length === 1) opponent = candidates[0];
  else if (candidates.length > 1) {
    opponent = decide({
      id: 'dmo',
      question: `${ctx.playerName(loser)} lost and chooses a death-match opponent from ${candidates.map(ctx.playerName).join(', ')}`,
      choices: candidates,
    });
  }

  const cellsHeld = Object.fromEntries(ctx.players.map((p) => [p.id, countHolding(state.board, colours[p.id])]));
  const detail: Record<string, unknown> = {
    colours,
    cellsHeld,
    patterns: Object.fromEntries(
      ctx.players.map((p) => [
        p.id,
        Object.fromEntries(PATTERN_NAMES.map((name, i) => [name, breakdown[p.id].counts[i]])),
      ]),
    ),
    ranking: order.map((s) => s.player),
    tiebreaks: notes,
    ending: state.ended,
    ...(opponent ? { deathMatchOpponent: opponent } : {}),
  };
  return {
    scores,
    winners: [winner],
    losers: [loser],
    awards: [
      { player: winner, garnets: 0, tokensOfLife: 0, note: 'Sole winner of the main match' },
      {
        player: loser,
        garnets: 0,
        tokensOfLife: 0,
        note: `Loser: the elimination candidate${opponent ? `, facing ${ctx.playerName(opponent)} in the death match` : ''}`,
      },
    ],
    eliminationCandidate: loser,
    ...tieBreakOf(loser, scores, cellsHeld, notes, ctx),
    detail,
  };
}

/**
 * How the loser was placed last where another player had as many points: fewer cells held, or,
 * tied on both, the seeded draw (the ranking's note). Nothing where the loser simply scored least.
 */
function tieBreakOf(
  loser: string,
  scores: Record<string, number>,
  cellsHeld: Record<string, number>,
  notes: readonly string[],
  ctx: NffContext,
): { tieBreak?: string } {
  const tied = ctx.players.map((p) => p.id).filter((id) => id !== loser && scores[id] === scores[loser]);
  if (tied.length === 0) return {};
  const drawn = notesNaming(notes, ctx.playerName(loser)).filter((note) => note.includes('as the loser'));
  if (drawn.length > 0) return { tieBreak: drawn.join('; ') };
  const others = tied.map(ctx.playerName).join(', ');
  return {
    tieBreak: `tied on ${scores[loser]} with ${others}; fewer cells held (${cellsHeld[loser]} to ${tied.map((id) => cellsHeld[id]).join(', ')})`,
  };
}

/** The rounds hook: each round's board and running scores, for `replay` output. */
export function roundSummaries(state: NffState, ctx: NffContext): RoundSummary[] {
  return state.rounds.map((record) => ({
    round: record.round,
    board: rowsOf(record.board, ctx.options.size),
    scores: record.scores,
  }));
}

/** A board as rows of cell texts for JSON output: "" empty, "red", "red+blue", "black". */
function rowsOf(board: NffState['board'], size: number): string[][] {
  const rows: string[][] = [];
  for (let r = 0; r < size; r++) rows.push(board.slice(r * size, (r + 1) * size).map((cell) => cell.join('+')));
  return rows;
}

/** The news hook: each player's "if it ended now" score before and after the last round (core/news.ts). */
export function roundNews(state: NffState, ctx: NffContext): News | null {
  const last = state.rounds[state.rounds.length - 1];
  if (!last) return null;
  const before = state.rounds[state.rounds.length - 2]?.scores ?? Object.fromEntries(ctx.players.map((p) => [p.id, 0]));
  return {
    facts: [`Round ${last.round} is on the field: every flower placed, every pattern counted again.`],
    points: { before, after: last.scores, unit: 'points', name: playerNamer(ctx) },
  };
}
