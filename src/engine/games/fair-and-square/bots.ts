// Fair and Square bots. Both answer with text, as a player's form would, so the same parser checks
// them. `random` places four random types (at least three different) on random legal squares and,
// when it has a garnet, sometimes buys a random priority. `reach-first` plays each type alone from
// each legal square (with the real movement rules) to see which point square it reaches and when,
// then places its pieces where they capture the most points soonest (give or take a little
// chance), one point square each.

import type { Answers, Bot, BotInput } from '../../core/game.js';
import type { Random } from '../../core/random.js';
import { type Board, squareName, startSquares } from './board.js';
import { chooseMoves } from './choose.js';
import { type FasOptions, PIECES_PER_PLAYER } from './options.js';
import { MIN_TYPES, type PieceType, optionLetter } from './pieces.js';
import { type FasState, boardFor, garnetBalance, groupOf } from './state.js';

type FasBotInput = BotInput<FasState, FasOptions>;

function setting(input: FasBotInput): { types: readonly PieceType[]; board: Board } {
  const round = input.state.rounds.length + 1;
  const group = groupOf(input.ctx.options.numbers[input.player], round);
  return { types: input.state.types[round - 1], board: boardFor(input.state, round, group) };
}

function piecesAnswer(types: readonly PieceType[], picks: readonly { type: number; square: number }[]): string {
  return picks.map((p) => `${types[p.type].name} ${squareName(p.square)}`).join('; ');
}

export const randomBot: Bot<FasState, FasOptions> = (input) => {
  const { random } = input;
  const { types, board } = setting(input);
  const squares = random.shuffle(startSquares(board));
  const kinds = random.shuffle(types.map((_, i) => i)).slice(0, MIN_TYPES);
  while (kinds.length < PIECES_PER_PLAYER) kinds.push(random.int(0, types.length - 1));
  const picks = random.shuffle(kinds).map((type, i) => ({ type, square: squares[i] }));
  const answers: Record<string, string> = { pieces: piecesAnswer(types, picks) };
  if (garnetBalance(input.state, input.ctx, input.player) > 0 && random.chance(0.3)) {
    const type = random.pick(kinds);
    const letters = random.shuffle(types[type].options.map((_, i) => optionLetter(i)));
    // The usual order would be refused (it buys nothing), so the bot keeps its garnet then.
    if (letters.some((letter, i) => letter !== optionLetter(i)))
      answers.priority = `${types[type].name}: ${letters.join(' ')}`;
  }
  return answers;
};

/** Turns a lone piece may take to reach a point square before the bot stops looking. */
const LOOKAHEAD = 8;

/** The first point square a piece of `type` reaches alone from `start`, and the turn it arrives. */
function soloArrival(
  board: Board,
  types: readonly PieceType[],
  type: number,
  start: number,
  random: Random,
): { square: number; turn: number } | null {
  const pieces = [{ owner: 'bot', number: 0, type, order: types[type].options.map((_, i) => i) }];
  const captures = new Array<string | null>(board.length).fill(null);
  let cell = start;
  for (let turn = 1; turn <= LOOKAHEAD; turn++) {
    cell = chooseMoves({ board, types, pieces, cells: [cell], captures }, [null], random).destinations[0];
    if (board[cell] > 0) return { square: cell, turn };
  }
  return null;
}

export const reachFirstBot: Bot<FasState, FasOptions> = (input) => {
  const { random } = input;
  const { types, board } = setting(input);
  const candidates = random.shuffle(startSquares(board)).flatMap((square) =>
    types.map((_, type) => {
      const arrival = soloArrival(board, types, type, square, random);
      // Points per turn until the capture if nobody contests the square, give or take a fifth so
      // that bots reading the same board do not all pick the same squares.
      const score = arrival
        ? (board[arrival.square] / (arrival.turn + board[arrival.square])) * (0.8 + random.int(0, 40) / 100)
        : 0;
      return { square, type, target: arrival?.square ?? -1, score };
    }),
  );
  candidates.sort((a, b) => b.score - a.score);

  const picks: typeof candidates = [];
  const fits = (c: (typeof candidates)[number], distinctTargets: boolean) => {
    if (picks.some((p) => p.square === c.square)) return false;
    if (distinctTargets && (c.target < 0 || picks.some((p) => p.target === c.target))) return false;
    const kinds = new Set([...picks.map((p) => p.type), c.type]).size;
    return kinds + (PIECES_PER_PLAYER - picks.length - 1) >= MIN_TYPES;
  };
  for (const distinctTargets of [true, false]) {
    for (const candidate of candidates) {
      if (picks.length < PIECES_PER_PLAYER && fits(candidate, distinctTargets)) picks.push(candidate);
    }
  }
  return { pieces: piecesAnswer(types, picks) } satisfies Answers;
};
