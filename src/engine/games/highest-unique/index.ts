// Highest Unique (docs/games/highest-unique.md, "Rules"): every round each player privately sends a
// number; the highest number exactly one player sent scores its value for that player.

import type { Game, PhaseSpec, Question } from '../../core/game.js';
import { oddsBot, randomBot } from './bots.js';
import { finishMatch, roundSummaries, roundNews } from './end.js';
import { type HuOptions, optionsSchema, prepareOptions } from './options.js';
import { PICK, checkSubmission } from './parse.js';
import { type HuContext, type HuMove, type HuState, initialState, resolvePhase } from './state.js';
import { huView } from './view.js';

function roundPhase(ctx: HuContext, round: number): PhaseSpec {
  const highest = ctx.options.highest;
  const question: Question = {
    id: PICK,
    label: 'Your number',
    help: `A whole number from 1 to ${highest}, e.g. 7. The highest number nobody else sends scores its value; every pick is shown to all once the round is over.`,
    kind: 'choice',
    choices: Array.from({ length: highest }, (_, i) => String(i + 1)),
    required: true,
  };
  return {
    id: `round-${round}`,
    title: `Round ${round}`,
    kind: 'round',
    questions: Object.fromEntries(ctx.players.map((p) => [p.id, [question]])),
  };
}

/** The phase now open: the rounds one after another, then nothing. */
function currentPhase(state: HuState, ctx: HuContext): PhaseSpec | null {
  return state.rounds.length < ctx.options.rounds ? roundPhase(ctx, state.rounds.length + 1) : null;
}

export const highestUnique: Game<HuOptions, HuState, HuMove> = {
  id: 'highest-unique',
  title: 'Highest Unique',
  blurb: 'Each round send a number from 1 to 10 in secret; the highest number nobody else sent scores.',
  // The public sheet's Rules tab, in a player's words (docs/games/highest-unique.md, Rules, is the reference).
  rules: [
    'Every round, each player sends one whole number from 1 to 10 in secret, through their own form (the last valid number sent before the deadline counts).',
    'A number is unique when exactly one player sent it. The highest unique number scores its value for the player who sent it; nobody else scores that round.',
    'A number two or more players sent scores nothing and does not block a lower one. When every number was shared, nobody scores.',
    'A player who sends nothing valid picks nothing that round.',
    'After the last round, the most points wins 1 garnet; ties go to more rounds scored, then to a draw from the seed.',
    'The fewest points is the loser and the elimination candidate (ties settled the same way).',
  ],
  // The rules set no round length: a round closes as soon as every player has sent a number (docs/games/highest-unique.md, Options).
  closeWhenReady: { round: true },
  phaseLengths: { kinds: { round: 'each round' } },
  playerCount: { min: 3, max: 12, default: 5 },
  optionsSchema,
  prepareOptions,
  setup: initialState,
  currentPhase,
  check: checkSubmission,
  resolve: resolvePhase,
  rounds: roundSummaries,
  news: roundNews,
  finish: finishMatch,
  view: huView,
  bots: { random: randomBot, odds: oddsBot },
  defaultBot: 'odds',
};
