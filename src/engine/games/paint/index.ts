// Paint You a Picture (docs/games/paint.md, section "Rules"): three teams of four vote each round
// for segments of a shared canvas; a segment takes the colour of the team with strictly the most
// votes on it, never next to its own colour. Round 1 elects captains, whose votes weigh 3 (or
// 1 + 1) from round 2.

import type { Game, PhaseSpec, Question } from '../../core/game.js';
import type { Audience } from '../../core/view.js';
import { randomBot, teamBot } from './bots.js';
import { finishMatch, roundSummaries, roundNews } from './end.js';
import { type PaintOptions, type PaintOptionsInput, ROUNDS, TEAMS, optionsSchema, prepareOptions } from './options.js';
import { CAPTAIN_WEIGHT, REVEAL_COST, checkSubmission } from './parse.js';
import { type PaintContext, type PaintMove, type PaintState, initialState, isCaptain, resolvePhase } from './state.js';
import { paintView } from './view.js';

function roundPhase(state: PaintState, ctx: PaintContext, round: number): PhaseSpec {
  const count = state.canvas.count;
  const segment: Question = {
    id: 'segment',
    label: 'Segment for your team',
    help: `A segment number (1–${count}), e.g. 12; only a white segment can be painted. Sending no valid segment costs 1 garnet if you have one.`,
    kind: 'text',
    pattern: '\\s*(segment\\s*|#\\s*)?\\d+\\s*',
  };
  const questions: Record<string, Question[]> = {};
  for (const player of ctx.players) {
    const list = [segment];
    const team = state.teams[state.teamOf[player.id]];
    if (round === 1) {
      list.push({
        id: 'captain',
        label: 'Captain vote',
        help: "A teammate (yourself allowed) to be your team's captain, or pass.",
        kind: 'choice',
        choices: [...team.map(ctx.playerName), 'pass'],
      });
    }
    if (round > 1 && isCaptain(state, player.id)) {
      list.push({
        id: 'segment2',
        label: 'Captain: a second segment',
        help: `Blank (or the same segment again): your segment counts ${CAPTAIN_WEIGHT} votes. A second, different segment: each of the two gets 1 vote.`,
        kind: 'text',
        pattern: segment.pattern,
      });
    }
    if (round === 2 && !isCaptain(state, player.id)) {
      list.push({
        id: 'reveal',
        label: 'Reveal the captain votes',
        help: `yes: spend ${REVEAL_COST} garnet to learn, at the start of round 3, whom each teammate voted for as captain.`,
        kind: 'choice',
        choices: ['yes', 'no'],
      });
    }
    questions[player.id] = list;
  }
  return { id: `round-${round}`, title: `Round ${round}`, kind: 'round', questions };
}

/** The phase now open: the next round, or none after the last. */
function currentPhase(state: PaintState, ctx: PaintContext): PhaseSpec | null {
  return state.rounds.length < ROUNDS ? roundPhase(state, ctx, state.rounds.length + 1) : null;
}

/** Each team sees its own board (docs/games/paint.md, "Rules"). */
function teamAudiences(): Audience[] {
  return TEAMS.map((team): Audience => `team:${team}`);
}

export const paint: Game<PaintOptions, PaintState, PaintMove, PaintOptionsInput> = {
  id: 'paint',
  title: 'Paint You a Picture',
  blurb: 'Three teams of four vote for segments of a canvas; paint the most without touching your own colour.',
  // The public sheet's Rules tab, in a player's words (docs/games/paint.md, Rules, is the reference).
  rules: [
    'Three teams of four (red, blue, yellow) paint a shared canvas over three rounds.',
    'Every round each player votes, in secret, for a segment of the canvas. A segment takes the colour of the team with strictly the most votes on it, but never next to a segment already of that colour.',
    'After round 3 the team with the fewest painted segments loses (ties: fewer pixels, then the earlier rounds).',
    'The team with strictly the most segments wins, and so does the team with strictly the most pixels (unless it lost): their members win garnets and a Token of Life, captains more.',
    'The losing team’s captain is the elimination candidate (without a captain, its member who coloured the fewest segments).',
  ],
  // The rules set no round length: a round closes as soon as every player is ready (docs/games/paint.md, Options).
  closeWhenReady: { round: true },
  phaseLengths: { kinds: { round: 'each round' } },
  playerCount: { min: 12, max: 12, default: 12 },
  optionsSchema,
  prepareOptions,
  setup: initialState,
  currentPhase,
  check: checkSubmission,
  resolve: resolvePhase,
  rounds: roundSummaries,
  news: roundNews,
  finish: finishMatch,
  view: paintView,
  extraAudiences: teamAudiences,
  bots: { random: randomBot, team: teamBot },
  defaultBot: 'team',
};
