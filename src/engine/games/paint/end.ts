// The end of Paint after round 3: the losing team (with its tiebreak chain), the winning teams,
// every award, and the elimination candidate. What the rules leave to people is a host decision:
// `loser-tie`, `tol-gift` (whom the sole winning captain gives a Token of Life) and
// `elimination-tie`.

import { type News, namesText } from '../../core/news.js';
import type { Award, Decide, Final, RoundSummary } from '../../core/game.js';
import { present } from '../../core/guards.js';
import { TEAMS, type TeamId } from './options.js';
import { type PaintContext, type PaintState, type TeamCounts, captainOf } from './state.js';

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The team with strictly the highest value, or null on a tie. */
function strictlyMost(values: Readonly<Record<TeamId, number>>): TeamId | null {
  const best = Math.max(...TEAMS.map((t) => values[t]));
  const top = TEAMS.filter((t) => values[t] === best);
  return top.length === 1 ? top[0] : null;
}

/**
 * Fewest segments loses; ties by fewer pixels, then the same comparison after round 2, then after
 * round 1, then the host. Returns the loser (undefined while the host has not decided), why, and
 * whether a tie had to be broken (the loser did not simply colour the fewest segments).
 */
function findLoser(
  rounds: readonly { counts: TeamCounts }[],
  decide: Decide,
): { loser: TeamId | undefined; reason: string; tied: boolean } {
  const stages = [rounds[rounds.length - 1], rounds[1], rounds[0]].map((r) => r.counts);
  const labels = ['on the final canvas', 'after round 2', 'after round 1'];
  let tied: TeamId[] = [...TEAMS];
  for (const [stage, counts] of stages.entries()) {
    const fewestSegments = Math.min(...tied.map((t) => counts[t].segments));
    const bySegments = tied.filter((t) => counts[t].segments === fewestSegments);
    const fewestPixels = Math.min(...bySegments.map((t) => counts[t].pixels));
    const next = bySegments.filter((t) => counts[t].pixels === fewestPixels);
    const earlier =
      stage === 0 ? '' : `${list(tied)} tied on segments and pixels ${labels.slice(0, stage).join(' and ')}; `;
    if (next.length === 1) {
      const how =
        bySegments.length === 1
          ? `fewest segments ${labels[stage]} (${fewestSegments})`
          : `${list(bySegments)} tied on ${fewestSegments} segments ${labels[stage]}; ${next[0]} had fewer pixels (${fewestPixels})`;
      return { loser: next[0], reason: `${earlier}${how}`, tied: stage > 0 || bySegments.length > 1 };
    }
    tied = next;
  }
  const chosen = decide({
    id: 'loser-tie',
    question: `Teams ${list(tied)} tied for the fewest segments and pixels on the final canvas, after round 2 and after round 1: which team loses? (The rules leave it to the winning team's choice.)`,
    choices: tied,
  });
  const loser = tied.find((team) => team === chosen);
  return { loser, reason: `${list(tied)} tied at every comparison; the host decided`, tied: true };
}

/** A value for each team. */
function byTeam<V>(value: (team: TeamId) => V): Record<TeamId, V> {
  return { red: value('red'), blue: value('blue'), yellow: value('yellow') };
}

export function finishMatch(state: PaintState, ctx: PaintContext, decide: Decide): Final {
  const counts = state.rounds[state.rounds.length - 1].counts;
  const segments = byTeam((t) => counts[t].segments);
  const pixels = byTeam((t) => counts[t].pixels);
  const captains = byTeam((t) => captainOf(state, t));
  const coloured: Record<string, number> = Object.fromEntries(ctx.players.map((p) => [p.id, 0]));
  for (const record of state.rounds) for (const p of record.painted) for (const id of p.coloured) coloured[id]++;
  const detail: Record<string, unknown> = {
    pixels,
    teams: state.teams,
    captains,
    coloured,
    afterRound: state.rounds.map((r) => ({ round: r.round, counts: r.counts })),
  };

  const { loser, reason, tied } = findLoser(state.rounds, decide);
  detail.loserReason = reason;
  if (!loser) return { scores: segments, winners: [], losers: [], awards: [], eliminationCandidate: null, detail };

  const bySegments = strictlyMost(segments);
  const mostPixels = strictlyMost(pixels);
  const byPixels = mostPixels === loser ? null : mostPixels;
  const winners = TEAMS.filter((t) => t === bySegments || t === byPixels);
  detail.winnersBy = {
    segments: bySegments,
    pixels: byPixels,
    ...(mostPixels === loser ? { pixelsIgnored: `${loser} had the most pixels but lost` } : {}),
  };

  const awards: Award[] = [
    ...state.rounds.flatMap((r) =>
      r.garnetChanges.map((c) => ({ player: c.player, garnets: c.garnets, tokensOfLife: 0, note: c.note })),
    ),
    ...winnerAwards(state, winners, captains, { bySegments, byPixels }),
  ];
  const gift = tokenGift(state, ctx, { winners, loser, captains }, decide);
  if (gift) {
    detail.tokenOfLifeGift = gift.player;
    awards.push(gift);
  }
  const candidate = eliminationCandidate(state, ctx, { loser, captains, coloured }, decide);
  if (candidate)
    awards.push({
      player: candidate.player,
      garnets: 0,
      tokensOfLife: 0,
      note: `Elimination candidate: ${candidate.why}`,
    });

  return {
    scores: segments,
    winners,
    losers: [loser],
    awards,
    eliminationCandidate: candidate?.player ?? null,
    ...(tied ? { tieBreak: reason } : {}),
    detail,
  };
}

/** The rounds hook: what each round painted and each team's segments and pixels after it, for `replay` output. */
export function roundSummaries(state: PaintState): RoundSummary[] {
  return state.rounds.map((record) => ({
    round: record.round,
    painted: record.painted.map((p) => ({ segment: p.segment, team: p.team })),
    segments: Object.fromEntries(TEAMS.map((t) => [t, record.counts[t].segments])),
    pixels: Object.fromEntries(TEAMS.map((t) => [t, record.counts[t].pixels])),
  }));
}

type Captains = Record<TeamId, string | null>;

/** Each member of a winning team: a garnet or two and a Token of Life; a captain twice the garnets. */
function winnerAwards(
  state: PaintState,
  winners: readonly TeamId[],
  captains: Captains,
  { bySegments, byPixels }: { bySegments: TeamId | null; byPixels: TeamId | null },
): Award[] {
  const why = (team: TeamId) =>
    [team === bySegments ? 'most segments' : '', team === byPixels ? 'most pixels' : ''].filter(Boolean).join(' and ');
  const each = winners.length === 2 ? 1 : 2;
  return winners.flatMap((team) =>
    state.teams[team].map((member) => {
      const captain = member === captains[team];
      const extra = captain
        ? `, +${each} more as captain${winners.length === 1 ? ' and a Token of Life to give away' : ''}`
        : '';
      return {
        player: member,
        garnets: captain ? 2 * each : each,
        tokensOfLife: 1,
        note: `${team} won (${why(team)}): +${each} garnet${each > 1 ? 's' : ''} and a Token of Life${extra}`,
      };
    }),
  );
}

/** A sole winning team's captain gives a Token of Life to a non-captain of the third team (a host decision). */
function tokenGift(
  state: PaintState,
  ctx: PaintContext,
  { winners, loser, captains }: { winners: readonly TeamId[]; loser: TeamId; captains: Captains },
  decide: Decide,
): Award | null {
  const giver = winners.length === 1 ? captains[winners[0]] : null;
  if (!giver) return null;
  const name = ctx.playerName;
  const other = present(
    TEAMS.find((t) => t !== winners[0] && t !== loser),
    'the team neither winning nor losing',
  );
  const choices = state.teams[other].filter((id) => id !== captains[other]);
  const recipient = decide({
    id: 'tol-gift',
    question: `${name(giver)}, captain of the sole winning team ${winners[0]}, gives a Token of Life to a non-captain of ${other} (${list(choices.map(name))}): who?`,
    choices,
  });
  if (!recipient) return null;
  return {
    player: recipient,
    garnets: 0,
    tokensOfLife: 1,
    note: `a Token of Life given by ${name(giver)}, captain of ${winners[0]}`,
  };
}

/**
 * The losing team's captain; without one, its member who coloured the fewest segments (a tie is
 * the host's decision, as the winning captains choose).
 */
function eliminationCandidate(
  state: PaintState,
  ctx: PaintContext,
  { loser, captains, coloured }: { loser: TeamId; captains: Captains; coloured: Record<string, number> },
  decide: Decide,
): { player: string; why: string } | null {
  const captain = captains[loser];
  if (captain) return { player: captain, why: `captain of the losing team ${loser}` };
  const name = ctx.playerName;
  const members = state.teams[loser];
  const fewest = Math.min(...members.map((id) => coloured[id]));
  const tied = members.filter((id) => coloured[id] === fewest);
  let why = `coloured the fewest segments (${fewest}) on the losing team ${loser}, which has no captain`;
  const player =
    tied.length === 1
      ? tied[0]
      : decide({
          id: 'elimination-tie',
          question: `${loser} lost without a captain and ${list(tied.map(name))} each coloured the fewest segments (${fewest}): who is the elimination candidate? (The winning team's captains choose.)`,
          choices: tied,
        });
  if (!player) return null;
  if (tied.length > 1) why += `; tied with ${list(tied.filter((id) => id !== player).map(name))}, chosen by the host`;
  return { player, why };
}

/** The news hook: the segments painted in the last round, and each team's segments before and after it (core/news.ts). */
export function roundNews(state: PaintState): News | null {
  const last = state.rounds[state.rounds.length - 1];
  if (!last) return null;
  const segments = (counts: TeamCounts | undefined) =>
    Object.fromEntries(TEAMS.map((team) => [team, counts ? counts[team].segments : 0]));
  const painted = last.painted.map((p) => `segment ${p.segment} ${p.team}`);
  return {
    facts: [`Round ${last.round}: ${painted.length === 0 ? 'nothing was painted' : `painted ${namesText(painted)}`}.`],
    points: {
      before: segments(state.rounds[state.rounds.length - 2]?.counts),
      after: segments(last.counts),
      unit: 'segments',
      name: (team) => `team ${team}`,
    },
  };
}
