// Fair and Square (docs/games/fair-and-square.md, "Rules"): eight players numbered 0–7 play three rounds in two groups
// (by the bits of their numbers). Each round each player privately places four pieces on their
// group's 7×7 board; the pieces then play 15 turns by themselves, capturing point squares.

import type { Game, PhaseSpec, Question } from '../../core/game.js';
import { reachFirstBot, randomBot } from './bots.js';
import { finishMatch, roundSummaries, roundNews } from './end.js';
import { type FasOptions, type FasOptionsInput, PIECES_PER_PLAYER, optionsSchema, prepareOptions } from './options.js';
import { checkSubmission } from './parse.js';
import { describeOptions } from './pieces.js';
import { type FasContext, type FasMove, type FasState, groupOf, initialState, isOver, resolvePhase } from './state.js';
import { fasView } from './view.js';

function roundPhase(state: FasState, ctx: FasContext, round: number): PhaseSpec {
  const types = state.types[round - 1];
  const menu = types.map((t) => `${t.name} (rank ${t.rank}: ${describeOptions(t.options)})`).join('; ');
  const questions: Record<string, Question[]> = {};
  for (const player of ctx.players) {
    const group = groupOf(ctx.options.numbers[player.id], round);
    questions[player.id] = [
      {
        id: 'pieces',
        label: `Your ${PIECES_PER_PLAYER} pieces on the round ${round} board of group ${group}`,
        help:
          `${PIECES_PER_PLAYER} Type Cell pairs, e.g. "${types[0].name} B2; ${types[1].name} F2; ${types[2].name} B6; ${types[0].name} F6". ` +
          'At least 3 different types, 4 different cells, none on a point square, orthogonally next to a 2 or 3, or diagonally next to a 3. ' +
          `Pieces: ${menu}.`,
        kind: 'text',
        required: true,
      },
      {
        id: 'priority',
        label: 'Priority (optional, costs 1 garnet)',
        help: `One piece type and its option letters in the order your pieces of that type should try them this round, e.g. "${types[0].name}: B A". Leave blank to keep the usual order.`,
        kind: 'text',
      },
    ];
  }
  return { id: `round-${round}`, title: `Round ${round}`, kind: 'round', questions };
}

/** The phase now open: the next round, or none after the last. */
function currentPhase(state: FasState, ctx: FasContext): PhaseSpec | null {
  return isOver(state) ? null : roundPhase(state, ctx, state.rounds.length + 1);
}

export const fairAndSquare: Game<FasOptions, FasState, FasMove, FasOptionsInput> = {
  id: 'fair-and-square',
  title: 'Fair and Square',
  blurb: 'Place four pieces a round; they play fifteen turns by their own rules to capture point squares.',
  // The public sheet's Rules tab, in a player's words (docs/games/fair-and-square.md, Rules, is the reference).
  rules: [
    'Eight players numbered 0 to 7 play three rounds. Each round the players split into two groups by the bits of their numbers.',
    'Each player places four pieces, in secret, on their group’s 7×7 board. Then the pieces play 15 turns by themselves, following the rules on their piece cards, to capture point squares.',
    'Each group is ranked by points captured; the places give ranking points, which add up over the rounds.',
    'After round 3 the most ranking points wins; the fewest is the elimination candidate (the Scoreboard tells how ties were settled).',
  ],
  // The rules set no round length: a round closes as soon as every player is ready (docs/games/fair-and-square.md, Options).
  closeWhenReady: { round: true },
  phaseLengths: { kinds: { round: 'each round' } },
  playerCount: { min: 2, max: 8, default: 8 },
  optionsSchema,
  prepareOptions,
  setup: initialState,
  currentPhase,
  check: checkSubmission,
  resolve: resolvePhase,
  rounds: roundSummaries,
  news: roundNews,
  finish: finishMatch,
  view: fasView,
  bots: { random: randomBot, 'reach-first': reachFirstBot },
  defaultBot: 'reach-first',
};
