// The end of a Peg Domain match (docs/games/peg-domain.md, "Rules"): the larger domain wins; the
// death match eliminates the loser, the final names a runner-up. Also the public summary of each
// turn, for `replay` output.

import { type News, playerNamer } from '../../core/news.js';
import { cellIndex } from '../../core/coords.js';
import type { Final, RoundSummary } from '../../core/game.js';
import { DOMAIN } from './geometry.js';
import { domainName, palletName } from './pallet.js';
import { type PegContext, type PegState, decideWinner, standings } from './state.js';

export function finishMatch(state: PegState, ctx: PegContext): Final {
  const { winner, loser, decidedBy } = decideWinner(state, ctx);
  const rows = standings(state, ctx);
  const final = ctx.options.variant === 'final';
  return {
    scores: Object.fromEntries(rows.map((s) => [s.player, s.domain])),
    winners: [winner],
    losers: [loser],
    awards: [
      { player: winner, garnets: 0, tokensOfLife: 0, note: final ? 'Wins the final' : 'Wins the death match' },
      {
        player: loser,
        garnets: 0,
        tokensOfLife: 0,
        note: final ? 'Runner-up of the final' : 'Loses the death match: eliminated',
      },
    ],
    eliminationCandidate: final ? null : loser,
    ...(decidedBy.startsWith('tied') ? { tieBreak: decidedBy } : {}),
    detail: {
      variant: ctx.options.variant,
      decidedBy,
      palletSquaresUsed: Object.fromEntries(rows.map((s) => [s.player, s.used])),
      finishedIn: state.finishedIn,
      turns: state.turns.length,
    },
  };
}

/** The rounds hook: each turn's move, clock, removal and the domain after it, for `replay` output. */
export function roundSummaries(state: PegState, ctx: PegContext): RoundSummary[] {
  const letters = Object.fromEntries(ctx.players.map((p, i) => [p.id, i === 0 ? ['1', 'A'] : ['2', 'B']]));
  return state.turns.map((t) => ({
    round: t.turn,
    mover: t.mover,
    outcome: t.outcome,
    ...(t.placement
      ? {
          cut: t.placement.cut.notation,
          place: `${domainName(t.placement.place.at)} ${t.placement.place.rotation}`,
          gained: t.placement.gained,
        }
      : {}),
    ...(t.subtracted !== undefined ? { subtracted: domainName(t.subtracted) } : {}),
    secondsUsed: t.secondsUsed,
    reserveLeft: t.reserveLeft,
    ...(t.removal
      ? {
          removal: {
            by: t.removal.by,
            square: palletName(t.removal.square),
            rapid: t.removal.rapid,
            removed: t.removal.removed.map(palletName),
          },
        }
      : {}),
    domainSquares: Object.fromEntries(ctx.players.map((p) => [p.id, t.domain.owner.filter((o) => o === p.id).length])),
    // Rows of the domain: 1 / 2 a square of the first / second player listed, A / B their pegs, . nobody's.
    domain: Array.from({ length: DOMAIN.rows }, (_, r) =>
      Array.from({ length: DOMAIN.cols }, (_, c) => {
        const i = cellIndex({ row: r, col: c }, DOMAIN);
        const owner = t.domain.owner[i];
        return owner ? letters[owner][t.domain.peg[i] ? 1 : 0] : '.';
      }).join(''),
    ),
  }));
}

/** What a turn's outcome was, in words. */
const OUTCOME_WORDS: Record<PegState['turns'][number]['outcome'], string> = {
  placed: 'placed a piece',
  finished: 'finished',
  'out-of-time': 'ran out of time, and is finished',
  'no-move': 'had no move left, and is finished',
};

/** The news hook: the last turn's mover and outcome, and each player's domain squares before and after it (core/news.ts). */
export function roundNews(state: PegState, ctx: PegContext): News | null {
  const last = state.turns[state.turns.length - 1];
  if (!last) return null;
  const squares = (domain: PegState['domain'] | undefined) =>
    Object.fromEntries(ctx.players.map((p) => [p.id, domain ? domain.owner.filter((o) => o === p.id).length : 0]));
  const before = state.turns[state.turns.length - 2]?.domain;
  return {
    facts: [`Turn ${last.turn}: ${ctx.playerName(last.mover)} ${OUTCOME_WORDS[last.outcome]}.`],
    points: { before: squares(before), after: squares(last.domain), unit: 'domain squares', name: playerNamer(ctx) },
  };
}
