// Peg Domain (docs/games/peg-domain.md, "Rules"): a two-player death match. Each turn the mover cuts a piece
// holding exactly two pegs out of their pallet and places it on the 9×9 domain, taking the
// squares it covers; turns run on a clock with a reserve. The `final` variant adds the opponent's
// removals and three items.
//
// Time: a turn's phase lasts the turn's own time plus the mover's reserve (`maxSeconds`) and ends
// as soon as the mover's valid move is counted (`closesEarly`); the time used is the counted
// move's timestamp minus the turn's opening. A match file without times (hand-written) still
// replays: a move without a time uses no time, and a turn in which the mover sent nothing valid
// counts as the mover finishing. There, an opponent's `remove` must be listed before the mover's
// move (with times, anything sent before the move counts wherever it is listed).

import type { Game, PhaseSpec, Question, TurnClock } from '../../core/game.js';
import { greedyBot, randomBot } from './bots.js';
import { finishMatch, roundSummaries, roundNews } from './end.js';
import {
  ITEM_NAMES,
  ITEM_TURN_LIMIT,
  type PegOptions,
  type PegOptionsInput,
  optionsSchema,
  prepareOptions,
} from './options.js';
import { checkSubmission } from './parse.js';
import {
  type PegContext,
  type PegMove,
  type PegState,
  holds,
  initialState,
  mayRapid,
  maySubtract,
  opponentOf,
  resolvePhase,
} from './state.js';
import { pegView } from './view.js';

const PALLET_SQUARE = '[A-Pa-p]\\s*\\d{1,2}';

function pregamePhase(ctx: PegContext): PhaseSpec {
  const question: Question = {
    id: 'extraPeg',
    label: `${ITEM_NAMES['additional-peg']}: a square of your pallet for an extra peg`,
    help: 'A square of your pallet (A–P, 1–12) touching no peg, not even diagonally, e.g. H6.',
    kind: 'text',
    pattern: PALLET_SQUARE,
  };
  const holders = ctx.players.filter((p) => holds(ctx, p.id, 'additional-peg'));
  return {
    id: 'pregame',
    title: 'Pregame: Additional Peg',
    kind: 'pregame',
    questions: Object.fromEntries(holders.map((p) => [p.id, [question]])),
    maxSeconds: ctx.options.pregameSeconds,
  };
}

function moverQuestions(state: PegState, ctx: PegContext, mover: string): Question[] {
  const questions: Question[] = [
    {
      id: 'cut',
      label: 'Cut-out',
      help: 'A peg and a path of U D L R steps ending on another peg (C3 RRDR), or every square of the cut-out (C3 D3 E3 E4). It must be connected, hold exactly 2 pegs, and use only squares still on your pallet.',
      kind: 'text',
    },
    {
      id: 'place',
      label: 'Placement',
      help: 'The domain square for your first-named peg and a clockwise rotation 0, 90, 180 or 270, e.g. E5 90. Every square must land inside the domain and none on a peg.',
      kind: 'text',
      pattern: '[A-Ia-i]\\s*[1-9]\\s*[,;:]?\\s*(0|90|180|270)?\\s*°?',
    },
    {
      id: 'finish',
      label: 'Finish',
      help: 'yes to place nothing now and for the rest of the game.',
      kind: 'choice',
      choices: ['yes'],
    },
  ];
  if (maySubtract(state, ctx, mover)) {
    questions.push({
      id: 'subtract',
      label: `${ITEM_NAMES['peg-subtraction']}: a domain peg to lift before you place`,
      help: `Once, in one of your first ${ITEM_TURN_LIMIT} turns: a domain square holding a peg, e.g. E5. The square stays owned but is no longer a peg.`,
      kind: 'text',
    });
  }
  return questions;
}

function removerQuestions(state: PegState, ctx: PegContext, remover: string): Question[] {
  const target = ctx.playerName(opponentOf(ctx, remover));
  const questions: Question[] = [
    {
      id: 'remove',
      label: `A square of ${target}'s pallet to remove at the end of this turn`,
      help: 'Not a peg, and not touching a peg or an earlier removed square, even diagonally, e.g. H6. If they cut it this turn, nothing happens.',
      kind: 'text',
      pattern: PALLET_SQUARE,
    },
  ];
  if (mayRapid(state, ctx, remover)) {
    questions.push({
      id: 'rapid',
      label: `${ITEM_NAMES['rapid-removal']}: make "remove" the centre of a 3×3 area`,
      help: `Once, in one of your first ${ITEM_TURN_LIMIT} removal turns. The centre may be anywhere on their pallet; pegs and squares touching a peg are spared.`,
      kind: 'choice',
      choices: ['yes'],
    });
  }
  return questions;
}

function turnPhase(state: PegState, ctx: PegContext, mover: string): PhaseSpec {
  const turn = state.turns.length + 1;
  const remover = opponentOf(ctx, mover);
  // The remover is listed first: a bot simulation asks in this order, and the mover's move ends the turn.
  const questions: Record<string, Question[]> = {};
  if (ctx.options.variant === 'final') questions[remover] = removerQuestions(state, ctx, remover);
  questions[mover] = moverQuestions(state, ctx, mover);
  return {
    id: `turn-${turn}`,
    title: `Turn ${turn} (${ctx.playerName(mover)} to move)`,
    kind: 'turn',
    questions,
    maxSeconds: ctx.options.turnSeconds + state.reserve[mover],
  };
}

/** The phase now open: the pregame if an Additional Peg is held, then turns until both have finished. */
function currentPhase(state: PegState, ctx: PegContext): PhaseSpec | null {
  if (state.pregameOpen) return pregamePhase(ctx);
  return state.nextMover ? turnPhase(state, ctx, state.nextMover) : null;
}

/** A turn ends as soon as the mover's valid move is counted. */
function closesEarly(state: PegState, phase: PhaseSpec, moves: ReadonlyMap<string, PegMove>): boolean {
  return phase.kind === 'turn' && state.nextMover !== null && moves.has(state.nextMover);
}

/** Each turn runs on the turn clock, then the mover's reserve (docs/games/peg-domain.md, Options). */
function turnClock(options: PegOptionsInput): TurnClock {
  return { turnSeconds: options.turnSeconds, reserveSeconds: options.reserveSeconds };
}

export const pegDomain: Game<PegOptions, PegState, PegMove, PegOptionsInput> = {
  id: 'peg-domain',
  title: 'Peg Domain',
  blurb: 'Cut two-peg pieces out of your pallet and place them to take the 9×9 domain (death match for 2).',
  // The public sheet's Rules tab, in a player's words (docs/games/peg-domain.md, Rules, is the reference).
  rules: [
    'A death match for two. Each player has a 16×12 pallet holding 36 pegs, and a 9×9 domain lies between them.',
    'In turn, the mover cuts out of their pallet a piece holding exactly two pegs and places it on the domain, taking every square it covers. A turn has its own clock, then each player’s reserve.',
    'A player who cannot or will not move finishes; running out of time finishes them too.',
    'When both have finished, most domain squares wins; then most pallet squares used, then the tie-break the match names, then a draw from the seed.',
  ],
  // The rules fix the pregame's 3 minutes, and a turn ends on the mover's move anyway (docs/games/peg-domain.md, Options).
  closeWhenReady: { pregame: false },
  phaseLengths: {
    kinds: {},
    timedBy:
      'Peg Domain times its own phases: the pregame takes 3 minutes and each turn runs on the turn clock (options turnSeconds and reserveSeconds); only the start is yours to set.',
  },
  // A live session runs on the turn clock of the default options (options.ts), said once there.
  livePace: { minutes: {}, turnClock: turnClock(optionsSchema.parse({})) },
  playerCount: { min: 2, max: 2, default: 2 },
  optionsSchema,
  prepareOptions,
  setup: initialState,
  currentPhase,
  check: checkSubmission,
  turnClock,
  closesEarly,
  resolve: resolvePhase,
  rounds: roundSummaries,
  news: roundNews,
  finish: finishMatch,
  view: pegView,
  bots: { random: randomBot, greedy: greedyBot },
  defaultBot: 'greedy',
};
