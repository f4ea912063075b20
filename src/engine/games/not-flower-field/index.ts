// Not Flower Field (docs/games/not-flower-field.md, "Rules"): colours chosen in public, then rounds of simultaneous
// private placements on a shared field; patterns score at the end.

import { formatCell } from '../../core/coords.js';
import type { Game, PhaseSpec, Question } from '../../core/game.js';
import { greedyBot, randomBot } from './bots.js';
import { finishMatch, roundSummaries, roundNews } from './end.js';
import { type NffOptions, type NffOptionsInput, optionsSchema, prepareOptions, shapeOf } from './options.js';
import { checkSubmission } from './parse.js';
import { type NffContext, type NffMove, type NffState, initialState, opponentsOf, resolvePhase } from './state.js';
import { nffView } from './view.js';

const COORDINATE = '[A-Za-z]\\s*\\d{1,2}';

function pregamePhase(ctx: NffContext): PhaseSpec {
  const question: Question = {
    id: 'colour',
    label: 'Your colour',
    help: `Choose a colour nobody has taken yet (${ctx.options.palette.join(', ')}). This choice is public.`,
    kind: 'choice',
    choices: ctx.options.palette,
    required: true,
    public: true,
  };
  return {
    id: 'pregame',
    title: 'Pregame: colour choice',
    kind: 'pregame',
    questions: Object.fromEntries(ctx.players.map((p) => [p.id, [question]])),
  };
}

function roundPhase(state: NffState, ctx: NffContext, round: number): PhaseSpec {
  const questions: Record<string, Question[]> = {};
  for (const player of ctx.players) {
    const opponents = opponentsOf(state, ctx, player.id);
    const colour = state.colours?.[player.id] ?? 'your colour';
    const example = opponents
      .map((o, i) => `${o.colour} ${formatCell({ row: 3 + i, col: 1 + i }, shapeOf(ctx.options.size))}`)
      .join(', ');
    questions[player.id] = [
      {
        id: 'own',
        label: `Three cells for your colour (${colour})`,
        help: 'Three different cells, e.g. A1 B2 C3. Each must not be black, hold fewer than two colours, and not already hold your colour.',
        kind: 'text',
        pattern: `\\W*${COORDINATE}(\\W+${COORDINATE}){2}\\W*`,
        required: true,
      },
      {
        id: 'others',
        label: "One cell for each opponent's colour",
        help: `One cell per opponent, by colour or name, e.g. ${example}. All cells of the round must be different.`,
        kind: 'text',
        required: true,
      },
    ];
  }
  return { id: `round-${round}`, title: `Round ${round}`, kind: 'round', questions };
}

/** The phase now open: the colour choice, then the rounds until the game ends. */
function currentPhase(state: NffState, ctx: NffContext): PhaseSpec | null {
  if (state.ended) return null;
  if (!state.colours) return pregamePhase(ctx);
  return roundPhase(state, ctx, state.rounds.length + 1);
}

export const notFlowerField: Game<NffOptions, NffState, NffMove, NffOptionsInput> = {
  id: 'not-flower-field',
  title: 'Not Flower Field',
  blurb: 'Place flowers of every colour on a shared field; score patterns of your own.',
  // The public sheet's Rules tab, in a player's words (docs/games/not-flower-field.md, Rules, is the reference).
  rules: [
    'Each player owns a colour on a shared 8×8 field. Every round each player places, in secret, three flowers of their own colour and one of each opponent’s colour.',
    'Flowers placed on the same cell in the same round share it; the field is revealed after every round.',
    'Patterns of your own colour on the field score points (the Legend and the Details tab list them); the Scoreboard shows each player’s score if the game ended now.',
    'The game ends after the last round, or early when a player can no longer make a legal full placement.',
    'Most points wins; ties go to more cells holding your colour, then a draw from the seed. Fewest points loses, ties the same way reversed.',
    'The loser is the elimination candidate and chooses a death-match opponent among the players who neither won nor lost.',
  ],
  // The rules set no phase length: the colour choice and each round close as soon as every player is ready (docs/games/not-flower-field.md, Options).
  closeWhenReady: { pregame: true, round: true },
  phaseLengths: { kinds: { pregame: 'pregame: colour choice', round: 'each round' } },
  playerCount: { min: 3, max: 6, default: 4 },
  optionsSchema,
  prepareOptions,
  setup: initialState,
  currentPhase,
  check: checkSubmission,
  resolve: resolvePhase,
  rounds: roundSummaries,
  news: roundNews,
  finish: finishMatch,
  view: nffView,
  bots: { random: randomBot, greedy: greedyBot },
  defaultBot: 'greedy',
};
