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

import { answerTexts, readYesNo } from '../../core/answers.js';
import type { Game, PhaseSpec, Question } from '../../core/game.js';
import { ok } from '../../core/result.js';
import { greedyBot, randomBot } from './bots.js';
import { DOMAIN } from './geometry.js';
import { ITEM_NAMES, ITEM_TURN_LIMIT, type PegOptions, type PegOptionsInput, optionsSchema, prepareOptions } from './options.js';
import { domainName, palletName } from './pallet.js';
import { parseCut, parseExtraPeg, parsePlace, parseRemove, parseSubtract, placeCutout } from './parse.js';
import {
  type PegContext, type PegMove, type PegState, decideWinner, holds, initialState, mayRapid, maySubtract, opponentOf,
  resolvePregame, resolveTurn, standings,
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
  const questions: Question[] = [{
    id: 'remove',
    label: `A square of ${target}'s pallet to remove at the end of this turn`,
    help: 'Not a peg, and not touching a peg or an earlier removed square, even diagonally, e.g. H6. If they cut it this turn, nothing happens.',
    kind: 'text',
    pattern: PALLET_SQUARE,
  }];
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

type Checked = { ok: true; move: PegMove } | { ok: false; reason: string };

function checkMove(state: PegState, mover: string, answers: Record<string, string | undefined>): Checked {
  const finish = answers.finish === undefined ? ok(false) : readYesNo('finish', answers.finish, 'answer yes to finish, or no (or leave it blank) to play on');
  if (!finish.ok) return { ok: false, reason: finish.error };
  if (finish.value) {
    if (answers.cut || answers.place || answers.subtract) {
      return { ok: false, reason: 'finish: you answered yes and also sent a move; send either finish: yes or a cut-out and a placement' };
    }
    return { ok: true, move: { kind: 'finish' } };
  }
  const reasons: string[] = [];
  if (!answers.cut) reasons.push('cut: name your cut-out (C3 RRDR or C3 D3 E3 E4), or answer finish: yes');
  if (!answers.place) reasons.push('place: name the domain square for your first peg and a rotation, e.g. E5 90');
  if (reasons.length > 0) return { ok: false, reason: reasons.join('; ') };
  const cut = parseCut(answers.cut as string, state.pallets[mover]);
  const place = parsePlace(answers.place as string);
  if (!cut.ok || !place.ok) return { ok: false, reason: [cut, place].flatMap((r) => (r.ok ? [] : [r.error])).join('; ') };

  let pegs = state.domain.peg;
  let subtract: number | null = null;
  if (answers.subtract) {
    const lifted = parseSubtract(answers.subtract, pegs);
    if (!lifted.ok) return { ok: false, reason: lifted.error };
    subtract = lifted.value;
    pegs = pegs.map((peg, i) => peg && i !== subtract);
  }
  const covered = placeCutout(cut.value, place.value, pegs);
  if (!covered.ok) return { ok: false, reason: covered.error };
  return { ok: true, move: { kind: 'place', cut: cut.value, place: place.value, covered: covered.value, subtract } };
}

function checkRemoval(state: PegState, ctx: PegContext, remover: string, answers: Record<string, string | undefined>): Checked {
  const rapid = answers.rapid === undefined ? ok(false) : readYesNo('rapid', answers.rapid, 'answer yes to use Rapid Removal (or leave it blank)');
  if (!rapid.ok) return { ok: false, reason: rapid.error };
  const target = opponentOf(ctx, remover);
  if (!answers.remove) {
    return { ok: false, reason: rapid.value ? 'rapid: name the centre square of the 3×3 area in remove' : `remove: name a square of ${ctx.playerName(target)}'s pallet, e.g. H6` };
  }
  const square = parseRemove(answers.remove, state.pallets[target], ctx.playerName(target), rapid.value);
  return square.ok ? { ok: true, move: { kind: 'remove', square: square.value, rapid: rapid.value } } : { ok: false, reason: square.error };
}

export const pegDomain: Game<PegOptions, PegState, PegMove, PegOptionsInput> = {
  id: 'peg-domain',
  title: 'Peg Domain',
  blurb: 'Cut two-peg pieces out of your pallet and place them to take the 9×9 domain (death match for 2).',
  playerCount: { min: 2, max: 2, default: 2 },
  optionsSchema,
  prepareOptions: (options, { players, random }) => prepareOptions(options, players, random),
  defaultBot: 'greedy',
  bots: { random: randomBot, greedy: greedyBot },

  setup: initialState,

  currentPhase(state, ctx) {
    if (state.pregameOpen) return pregamePhase(ctx);
    return state.nextMover ? turnPhase(state, ctx, state.nextMover) : null;
  },

  check(state, phase, submission, ctx) {
    const answers = answerTexts(submission.answers);
    const player = submission.player;
    if (phase.kind === 'pregame') {
      if (!answers.extraPeg) return { ok: false, reason: 'extraPeg: name a square of your pallet for the Additional Peg, e.g. H6' };
      const square = parseExtraPeg(answers.extraPeg, state.pallets[player]);
      return square.ok ? { ok: true, move: { kind: 'extra-peg', square: square.value } } : { ok: false, reason: square.error };
    }
    return player === state.nextMover ? checkMove(state, player, answers) : checkRemoval(state, ctx, player, answers);
  },

  closesEarly: (state, phase, moves) => phase.kind === 'turn' && state.nextMover !== null && moves.has(state.nextMover),

  resolve(state, phase, moves, ctx, timing) {
    return phase.kind === 'pregame' ? resolvePregame(state, moves) : resolveTurn(state, ctx, moves, timing);
  },

  rounds(state, ctx) {
    const letters = Object.fromEntries(ctx.players.map((p, i) => [p.id, i === 0 ? ['1', 'A'] : ['2', 'B']]));
    return state.turns.map((t) => ({
      round: t.turn,
      mover: t.mover,
      outcome: t.outcome,
      ...(t.placement ? {
        cut: t.placement.cut.notation,
        place: `${domainName(t.placement.place.at)} ${t.placement.place.rotation}`,
        gained: t.placement.gained,
      } : {}),
      ...(t.subtracted !== undefined ? { subtracted: domainName(t.subtracted) } : {}),
      secondsUsed: t.secondsUsed,
      reserveLeft: t.reserveLeft,
      ...(t.removal ? { removal: { by: t.removal.by, square: palletName(t.removal.square), rapid: t.removal.rapid, removed: t.removal.removed.map(palletName) } } : {}),
      domainSquares: Object.fromEntries(ctx.players.map((p) => [p.id, t.domain.owner.filter((o) => o === p.id).length])),
      // Rows of the domain: 1 / 2 a square of the first / second player listed, A / B their pegs, . nobody's.
      domain: Array.from({ length: DOMAIN.rows }, (_, r) => Array.from({ length: DOMAIN.cols }, (_, c) => {
        const i = r * DOMAIN.cols + c;
        const owner = t.domain.owner[i];
        return owner ? letters[owner][t.domain.peg[i] ? 1 : 0] : '.';
      }).join('')),
    }));
  },

  finish(state, ctx) {
    const { winner, loser, decidedBy } = decideWinner(state, ctx);
    const rows = standings(state, ctx);
    const final = ctx.options.variant === 'final';
    return {
      scores: Object.fromEntries(rows.map((s) => [s.player, s.domain])),
      winners: [winner],
      losers: [loser],
      awards: [
        { player: winner, garnets: 0, tokensOfLife: 0, note: final ? 'Wins the final' : 'Wins the death match' },
        { player: loser, garnets: 0, tokensOfLife: 0, note: final ? 'Runner-up of the final' : 'Loses the death match: eliminated' },
      ],
      eliminationCandidate: final ? null : loser,
      detail: {
        variant: ctx.options.variant,
        decidedBy,
        palletSquaresUsed: Object.fromEntries(rows.map((s) => [s.player, s.used])),
        finishedIn: state.finishedIn,
        turns: state.turns.length,
      },
    };
  },

  view: pegView,
};
