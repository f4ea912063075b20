// Not Flower Field (docs/games/not-flower-field.md, "Rules"): colours chosen in public, then rounds of simultaneous
// private placements on a shared field; patterns score at the end.

import { answerText } from '../../core/answers.js';
import type { Game, PhaseSpec, Question } from '../../core/game.js';
import { greedyBot, randomBot } from './bots.js';
import { type NffOptions, type NffOptionsInput, optionsSchema, prepareOptions, shapeOf } from './options.js';
import { parsePlacement } from './parse.js';
import { PATTERN_NAMES } from './patterns.js';
import { type NffContext, type NffMove, type NffState, endingAfter, initialState, opponentsOf, playRound, rank, scoresOn, settleColours } from './state.js';
import { nffView } from './view.js';
import { countHolding, type Placement } from './board.js';
import { formatCell } from '../../core/coords.js';
import { quote } from '../../core/quote.js';

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
  return { id: 'pregame', title: 'Pregame: colour choice', kind: 'pregame', questions: Object.fromEntries(ctx.players.map((p) => [p.id, [question]])) };
}

function roundPhase(state: NffState, ctx: NffContext, round: number): PhaseSpec {
  const questions: Record<string, Question[]> = {};
  for (const player of ctx.players) {
    const opponents = opponentsOf(state, ctx, player.id);
    const colour = state.colours?.[player.id] ?? 'your colour';
    const example = opponents.map((o, i) => `${o.colour} ${formatCell({ row: 3 + i, col: 1 + i }, shapeOf(ctx.options.size))}`).join(', ');
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
        label: 'One cell for each opponent\'s colour',
        help: `One cell per opponent, by colour or name, e.g. ${example}. All cells of the round must be different.`,
        kind: 'text',
        required: true,
      },
    ];
  }
  return { id: `round-${round}`, title: `Round ${round}`, kind: 'round', questions };
}

export const notFlowerField: Game<NffOptions, NffState, NffMove, NffOptionsInput> = {
  id: 'not-flower-field',
  title: 'Not Flower Field',
  blurb: 'Place flowers of every colour on a shared field; score patterns of your own.',
  playerCount: { min: 3, max: 6, default: 4 },
  optionsSchema,
  prepareOptions: (options, { players }) => prepareOptions(options, players),
  defaultBot: 'greedy',
  bots: { random: randomBot, greedy: greedyBot },

  setup: (ctx) => initialState(ctx.options),

  currentPhase(state, ctx) {
    if (state.ended) return null;
    if (!state.colours) return pregamePhase(ctx);
    return roundPhase(state, ctx, state.rounds.length + 1);
  },

  check(state, phase, submission, ctx, progress) {
    const me = ctx.players.find((p) => p.id === submission.player)!;
    if (phase.id === 'pregame') {
      const given = answerText(submission.answers, 'colour');
      const text = (given ?? '').toLowerCase();
      if (text === '') return { ok: false, reason: `colour: choose one of ${ctx.options.palette.join(', ')}` };
      if (text === 'black') return { ok: false, reason: 'colour: black is what three colours make; it is nobody\'s colour' };
      const colour = ctx.options.palette.find((c) => c === text);
      if (!colour) return { ok: false, reason: `colour: ${quote(given ?? '')} is not on offer (${ctx.options.palette.join(', ')})` };
      for (const [other, move] of progress.moves) {
        if (other !== me.id && move.kind === 'colour' && move.colour === colour) {
          return { ok: false, reason: `colour: ${colour} is already taken by ${ctx.playerName(other)}` };
        }
      }
      return { ok: true, move: { kind: 'colour', colour } };
    }
    const parsed = parsePlacement({
      own: answerText(submission.answers, 'own'),
      others: answerText(submission.answers, 'others'),
      player: { colour: state.colours![me.id], name: me.name },
      opponents: opponentsOf(state, ctx, me.id),
      board: state.board,
      shape: shapeOf(ctx.options.size),
    });
    return parsed.ok ? { ok: true, move: { kind: 'placement', placements: parsed.value } } : { ok: false, reason: parsed.error };
  },

  resolve(state, phase, moves, ctx) {
    if (phase.id === 'pregame') {
      const chosen = new Map<string, string>();
      for (const [player, move] of moves) if (move.kind === 'colour') chosen.set(player, move.colour);
      const { colours, notes } = settleColours(ctx, chosen);
      return { ...state, colours, colourNotes: notes, ended: endingAfter(state.board, colours, 0, ctx) };
    }
    const placements = new Map<string, readonly Placement[]>();
    for (const [player, move] of moves) if (move.kind === 'placement') placements.set(player, move.placements);
    return playRound(state, ctx, state.rounds.length + 1, placements);
  },

  rounds(state, ctx) {
    return state.rounds.map((record) => ({
      round: record.round,
      board: rowsOf(record.board, ctx.options.size),
      scores: record.scores,
    }));
  },

  finish(state, ctx, decide) {
    const colours = state.colours ?? {};
    const breakdown = scoresOn(state.board, colours, ctx);
    const { order, notes } = rank(state, ctx);
    const winner = order[0].player;
    const loser = order[order.length - 1].player;
    const scores = Object.fromEntries(ctx.players.map((p) => [p.id, breakdown[p.id].total]));

    // The loser chooses a death-match opponent among the players who neither won nor lost (seed
    // 004). With one such player there is nothing to choose.
    const candidates = order.map((s) => s.player).filter((id) => id !== winner && id !== loser);
    let opponent: string | undefined;
    if (candidates.length === 1) opponent = candidates[0];
    else if (candidates.length > 1) {
      opponent = decide({
        id: 'dmo',
        question: `${ctx.playerName(loser)} lost and chooses a death-match opponent from ${candidates.map(ctx.playerName).join(', ')}`,
        choices: candidates,
      });
    }

    const detail: Record<string, unknown> = {
      colours,
      cellsHeld: Object.fromEntries(ctx.players.map((p) => [p.id, countHolding(state.board, colours[p.id])])),
      patterns: Object.fromEntries(ctx.players.map((p) => [p.id, Object.fromEntries(PATTERN_NAMES.map((name, i) => [name, breakdown[p.id].counts[i]]))])),
      ranking: order.map((s) => s.player),
      tiebreaks: notes,
      ending: state.ended,
      ...(opponent ? { deathMatchOpponent: opponent } : {}),
    };
    return {
      scores,
      winners: [winner],
      losers: [loser],
      awards: [
        { player: winner, garnets: 0, tokensOfLife: 0, note: 'Sole winner of the main match' },
        {
          player: loser,
          garnets: 0,
          tokensOfLife: 0,
          note: `Loser: the elimination candidate${opponent ? `, facing ${ctx.playerName(opponent)} in the death match` : ''}`,
        },
      ],
      eliminationCandidate: loser,
      detail,
    };
  },

  view: nffView,
};

/** A board as rows of cell texts for JSON output: "" empty, "red", "red+blue", "black". */
function rowsOf(board: NffState['board'], size: number): string[][] {
  const rows: string[][] = [];
  for (let r = 0; r < size; r++) rows.push(board.slice(r * size, (r + 1) * size).map((cell) => cell.join('+')));
  return rows;
}
