// Pasture (docs/games/pasture.md, "Rules"): sheep on a 14×14 grass board vote each round on where
// to fence their pasture, move along rows and columns (through gates, if any), and eat the grass
// of the pasture they end in, shared with the other sheep there.

import { formatCell } from '../../core/coords.js';
import type { Game, PhaseSpec, Question } from '../../core/game.js';
import { greedyBot, randomBot } from './bots.js';
import { finishMatch, roundSummaries, roundNews } from './end.js';
import { SHAPE, formatFence, formatRect, pastureIndexAt } from './geometry.js';
import { type PastureOptions, type PastureOptionsInput, optionsSchema, prepareOptions } from './options.js';
import { checkSubmission } from './parse.js';
import {
  EXTRA_VOTE_COST,
  GATE_COST,
  type PastureContext,
  type PastureMove,
  type PastureState,
  garnetsLeft,
  initialState,
  positionOf,
  resolvePhase,
} from './state.js';
import { pastureView } from './view.js';

const COORDINATE = '\\s*[A-Na-n]\\s*\\d{1,2}\\s*';

function everyone(ctx: PastureContext, questions: (player: string) => Question[]): Record<string, Question[]> {
  return Object.fromEntries(ctx.players.map((p) => [p.id, questions(p.id)]));
}

function startPhase(ctx: PastureContext): PhaseSpec {
  const question: Question = {
    id: 'start',
    label: 'Your starting cell',
    help: 'One cell of the board (columns A–N, rows 1–14), e.g. C12. Only you and the host see it; sheep may share a cell.',
    kind: 'text',
    pattern: COORDINATE,
    required: true,
  };
  return {
    id: 'start',
    title: 'Before the game: starting cells',
    kind: 'pregame',
    questions: everyone(ctx, () => [question]),
  };
}

function pastureName(state: PastureState, player: string): string {
  return formatRect(state.pastures[pastureIndexAt(state.pastures, positionOf(state, player))]);
}

function plansPhase(state: PastureState, ctx: PastureContext, round: number): PhaseSpec {
  return {
    id: `round-${round}/plans`,
    title: `Round ${round}: fence plans`,
    kind: 'plans',
    questions: everyone(ctx, (player) => [
      {
        id: 'plan',
        label: 'Your fence plan (public)',
        help: `One fence splitting your pasture ${pastureName(state, player)}: V:G is a vertical fence between columns G and H, H:7 a horizontal one between rows 7 and 8 (words such as "between columns G and H" work too). Each plan gets the next id P1, P2, … as it arrives; sending a new plan withdraws your earlier one, and "none" withdraws it.`,
        kind: 'text',
        public: true,
      },
    ]),
  };
}

function ordersPhase(state: PastureState, ctx: PastureContext, round: number): PhaseSpec {
  const plans = state.plans ?? [];
  const ids = plans.map((p) => p.id);
  const listed = plans
    .map((p) => `${p.id} = ${formatFence(p.fence)} in ${formatRect(p.pasture)} (${ctx.playerName(p.player)})`)
    .join('; ');
  return {
    id: `round-${round}/orders`,
    title: `Round ${round}: orders`,
    kind: 'orders',
    questions: everyone(ctx, (player) => {
      const here = formatCell(positionOf(state, player), SHAPE);
      const garnets = garnetsLeft(state, ctx, player);
      const questions: Question[] = [
        {
          id: 'move',
          label: 'Move to',
          help: `A cell in your sheep's row or column (it stands on ${here}); blank to stay. It walks straight there and stops before any fence without a gate on that crossing.`,
          kind: 'text',
          pattern: COORDINATE,
        },
      ];
      // With no plans submitted, every pasture takes its default plan: there is nothing to vote on.
      if (ids.length > 0) {
        questions.push(
          {
            id: 'votes',
            label: 'Vote for plans',
            help: `Any number of plans: ${listed}. A vote for a plan in your own pasture is Dominant, elsewhere Influence.`,
            kind: 'multi',
            choices: ids,
          },
          {
            id: 'extra',
            label: 'Extra Dominant Votes',
            help: `Plan ids, each an extra Dominant Vote for ${EXTRA_VOTE_COST} garnet in any pasture; repeat an id to buy several (you have ${garnets} garnets).`,
            kind: 'text',
          },
        );
      }
      questions.push(
        {
          id: 'gate',
          label: 'Place a gate',
          help: `Two adjacent cells on either side of a fence, e.g. G5 H5; any sheep may cross there this round. You have ${state.gatesLeft[player] ?? 0} gate(s); one gate per round.`,
          kind: 'text',
        },
        {
          id: 'buyGate',
          label: 'Buy an extra gate',
          help: `"yes" buys one more gate for ${GATE_COST} garnets (once per game); it can be placed this round.`,
          kind: 'choice',
          choices: ['yes', 'no'],
        },
      );
      return questions;
    }),
  };
}

/** The phase now open: the starting cells, then each round's plans and orders. */
function currentPhase(state: PastureState, ctx: PastureContext): PhaseSpec | null {
  if (!state.positions) return startPhase(ctx);
  const round = state.rounds.length + 1;
  if (round > ctx.options.rounds) return null;
  return state.plans ? ordersPhase(state, ctx, round) : plansPhase(state, ctx, round);
}

export const pasture: Game<PastureOptions, PastureState, PastureMove, PastureOptionsInput> = {
  id: 'pasture',
  title: 'Pasture',
  blurb: 'Sheep vote on fences, move along rows and columns, and share the grass of their pasture.',
  // The public sheet's Rules tab, in a player's words (docs/games/pasture.md, Rules, is the reference).
  rules: [
    'Each player is a sheep on a 14×14 field of grass (columns A–N, rows 1–14). Grass doubles every round.',
    'Every round, each sheep first plans a fence for the pasture it stands in, then sends its orders in secret: which plan to vote for, and where to move along its row or column.',
    'Sheep move all at once and stop at a fence, unless a gate was placed on that crossing this round.',
    'In each pasture the plan with the most votes from sheep standing in it (Dominant Votes) is built; ties go to other votes, then the earliest plan, then a draw.',
    'Each sheep eats its share of the grass of the pasture it ends the round in: that is its score for the round.',
    'After the last round the most points wins; the fewest points loses and is the elimination candidate.',
  ],
  // The rules fix the phase lengths (20 minutes before the game, 15 a round): nothing closes early unless the host says so (docs/games/pasture.md, Options).
  closeWhenReady: { pregame: false, plans: false, orders: false },
  phaseLengths: {
    kinds: {
      pregame: 'before the game: starting cells',
      plans: 'fence plans, each round',
      orders: 'orders, each round',
    },
  },
  // The rules: a 20-minute pregame and 15-minute rounds (docs/games/pasture.md); 10 to plan, 5 to order is our split.
  livePace: { minutes: { pregame: 20, plans: 10, orders: 5 } },
  playerCount: { min: 2, max: 20, default: 10 },
  optionsSchema,
  prepareOptions,
  setup: initialState,
  currentPhase,
  check: checkSubmission,
  resolve: resolvePhase,
  rounds: roundSummaries,
  news: roundNews,
  finish: finishMatch,
  view: pastureView,
  bots: { random: randomBot, greedy: greedyBot },
  defaultBot: 'greedy',
};
