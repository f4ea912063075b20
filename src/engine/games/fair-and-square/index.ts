// Fair and Square (docs/games/fair-and-square.md, "Rules"): eight players numbered 0–7 play three rounds in two groups
// (by the bits of their numbers). Each round each player privately places four pieces on their
// group's 7×7 board; the pieces then play 15 turns by themselves, capturing point squares.

import { answerText } from '../../core/answers.js';
import type { Game, PhaseSpec, Question } from '../../core/game.js';
import { boardRows, squareName } from './board.js';
import { reachFirstBot, randomBot } from './bots.js';
import { finishMatch } from './end.js';
import { type FasOptions, type FasOptionsInput, PIECES_PER_PLAYER, optionsSchema, prepareOptions } from './options.js';
import { parsePieces, parsePriority } from './parse.js';
import { describeOptions } from './pieces.js';
import { type FasContext, type FasMove, type FasState, boardFor, garnetBalance, groupOf, initialState, isOver, playRound } from './state.js';
import { fasView, moveText } from './view.js';

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
        help: `${PIECES_PER_PLAYER} Type Cell pairs, e.g. "${types[0].name} B2; ${types[1].name} F2; ${types[2].name} B6; ${types[0].name} F6". `
          + 'At least 3 different types, 4 different cells, none on a point square, orthogonally next to a 2 or 3, or diagonally next to a 3. '
          + `Pieces: ${menu}.`,
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

export const fairAndSquare: Game<FasOptions, FasState, FasMove, FasOptionsInput> = {
  id: 'fair-and-square',
  title: 'Fair and Square',
  blurb: 'Place four pieces a round; they play fifteen turns by their own rules to capture point squares.',
  playerCount: { min: 2, max: 8, default: 8 },
  optionsSchema,
  prepareOptions: (options, { players, random }) => prepareOptions(options, players, random),
  defaultBot: 'reach-first',
  bots: { random: randomBot, 'reach-first': reachFirstBot },

  setup: (ctx) => initialState(ctx.options),

  currentPhase: (state, ctx) => (isOver(state) ? null : roundPhase(state, ctx, state.rounds.length + 1)),

  check(state, _phase, submission, ctx) {
    const round = state.rounds.length + 1;
    const player = submission.player;
    const types = state.types[round - 1];
    const board = boardFor(state, round, groupOf(ctx.options.numbers[player], round));
    const placements = parsePieces(answerText(submission.answers, 'pieces'), types, board);
    if (!placements.ok) return { ok: false, reason: placements.error };

    const priorityText = answerText(submission.answers, 'priority');
    const refused: string[] = [];
    let priority: FasMove['priority'] = null;
    if (priorityText) {
      const parsed = parsePriority(priorityText, types);
      if (!parsed.ok) refused.push(`${parsed.error}; no garnet spent, your pieces still count`);
      else {
        const type = types[parsed.value.type];
        const order = describeOptions(type.options, parsed.value.order);
        if (!placements.value.some((p) => p.type === parsed.value.type)) {
          refused.push(`priority: you placed no ${type.name} this round, so its order would change nothing; no garnet spent`);
        } else if (parsed.value.order.every((option, i) => option === i)) {
          refused.push(`priority: ${order} is already ${type.name}'s order; no garnet spent`);
        } else if (garnetBalance(state, ctx, player) < 1) {
          refused.push('priority: costs 1 garnet and you have none to spend; your pieces still count');
        } else {
          priority = parsed.value;
        }
      }
    }
    return { ok: true, move: { placements: placements.value, priority }, ...(refused.length > 0 ? { partsRejected: refused } : {}) };
  },

  resolve: (state, _phase, moves, ctx) => playRound(state, ctx, state.rounds.length + 1, moves),

  rounds(state, ctx) {
    return state.rounds.map((record) => ({
      round: record.round,
      groups: record.groups.map((g) => {
        const last = g.turns[g.turns.length - 1];
        return {
          group: g.group,
          players: g.players,
          board: boardRows(g.board),
          placements: Object.fromEntries(g.players.map((p) => [p, moveText(record.moves[p], state.types[record.round - 1])])),
          captured: Object.fromEntries(last.captures.flatMap((owner, square) => (owner ? [[squareName(square), owner]] : []))),
          points: last.points,
          piecesLeft: Object.fromEntries(g.standings.map((s) => [s.player, s.pieces])),
          places: g.ranking.places,
          rankPoints: g.rankPoints,
          tiebreaks: g.ranking.notes,
        };
      }),
    }));
  },

  finish: finishMatch,
  view: fasView,
};
