// Fair and Square options (docs/games/fair-and-square.md, "Rules"): each player's number 0–7, the six boards, the three
// piece sets and the Token of Life threshold. Numbers and boards not given are drawn from the seed
// here, so `genius-host new` prints a complete file that replays the same way.

import * as z from 'zod/mini';
import type { OptionIssue, OptionsSetup, Player, PreparedOptions } from '../../core/game.js';
import { present } from '../../core/guards.js';
import { quote } from '../../core/quote.js';
import type { Random } from '../../core/random.js';
import { boardRows, generateBoard, parseBoard, squareName, startSquares } from './board.js';
import { DEFAULT_PIECES, type PieceSpec, parsePieceSet } from './pieces.js';

export const ROUNDS = 3;
export const TURNS = 15;
export const PIECES_PER_PLAYER = 4;

const boardRow = z
  .string()
  .check(z.regex(/^[.123]{7}$/, 'a board row is 7 characters, each "." or a point value 1, 2 or 3'));
const pieceSpec = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.regex(
        /^[A-Za-z][A-Za-z' -]{0,23}$/,
        'a piece name is 1–24 letters (spaces, "-" and "\'" allowed), starting with a letter',
      ),
    ),
  rank: z
    .int('a rank is a whole number')
    .check(z.minimum(0, 'a rank is at least 0'), z.maximum(99, 'a rank is at most 99')),
  options: z
    .array(z.string())
    .check(z.minLength(1, 'a piece needs at least one option'), z.maxLength(26, 'at most 26 options (A–Z)')),
});

export const optionsSchema = z.strictObject({
  /** Player id → number 0–7; players left out are drawn from the free numbers by the seed. */
  numbers: z
    .optional(
      z.record(
        z.string().check(z.meta({ player: true })),
        z.int('a number is whole').check(z.minimum(0, 'numbers run 0–7'), z.maximum(7, 'numbers run 0–7')),
      ),
    )
    .check(
      z.meta({
        title: "Players' numbers",
        description:
          "Each player's number, 0 to 7, all different; a player left empty is drawn one of the free numbers.",
      }),
    ),
  /** Round 1 group 0, round 1 group 1, round 2 group 0, …: 7 rows of 7 characters each. */
  boards: z
    .optional(
      z
        .array(z.array(boardRow).check(z.length(7, 'a board has 7 rows')))
        .check(z.length(6, 'give six boards: round 1 group 0, round 1 group 1, round 2 group 0, …')),
    )
    .check(
      z.meta({
        title: 'Boards',
        description:
          'Six boards, in order round 1 group 0, round 1 group 1, round 2 group 0…: each 7 rows of 7 characters, . or a point value 1, 2 or 3. Empty: drawn from the seed.',
      }),
    ),
  /** One list of piece types per round. */
  pieces: z.optional(z.array(z.array(pieceSpec)).check(z.length(ROUNDS, 'give three piece lists, one a round'))).check(
    z.meta({
      title: 'Pieces',
      description:
        "Three groups, one a round: each piece its name, its rank (higher beats lower) and its options in order (such as hold, toward point 1). Empty: the rules' pieces.",
    }),
  ),
  /** Total points that earn a Token of Life (and a garnet). */
  threshold: z
    ._default(
      z
        .int()
        .check(
          z.minimum(0, 'the points for a Token of Life are at least 0'),
          z.maximum(9, 'the points for a Token of Life are at most 9'),
        ),
      4,
    )
    .check(
      z.meta({
        title: 'Points for a Token of Life',
        description:
          'A player whose points over the three rounds reach this many gets a Token of Life and a garnet; the rules say 4.',
      }),
    ),
});

export type FasOptionsInput = z.infer<typeof optionsSchema>;

export interface FasOptions {
  readonly numbers: Readonly<Record<string, number>>;
  readonly boards: readonly (readonly string[])[];
  readonly pieces: readonly (readonly PieceSpec[])[];
  readonly threshold: number;
}

type Issue = OptionIssue;

function settleNumbers(
  given: Readonly<Record<string, number>>,
  players: readonly Player[],
  random: Random,
  issues: Issue[],
): Record<string, number> {
  const ids = new Set(players.map((p) => p.id));
  const holder = new Map<number, string>();
  for (const [id, number] of Object.entries(given)) {
    if (!ids.has(id)) issues.push({ path: ['numbers', id], message: `${quote(id)} is not a player of this match` });
    else if (holder.has(number))
      issues.push({
        path: ['numbers', id],
        message: `number ${number} is also ${holder.get(number)}'s; numbers must differ`,
      });
    else holder.set(number, id);
  }
  const free = random.shuffle([0, 1, 2, 3, 4, 5, 6, 7].filter((n) => !holder.has(n)));
  const numbers: Record<string, number> = {};
  for (const player of players) numbers[player.id] = given[player.id] ?? present(free.shift(), 'a number left');
  return numbers;
}

function checkBoards(boards: readonly (readonly string[])[], issues: Issue[]): void {
  boards.forEach((rows, index) => {
    const board = parseBoard(rows);
    if (!board.some((v) => v > 0))
      issues.push({ path: ['boards', index], message: 'a board needs at least one point square' });
    const starts = startSquares(board);
    if (starts.length < PIECES_PER_PLAYER) {
      issues.push({
        path: ['boards', index],
        message: `only ${starts.length} squares (${starts.map(squareName).join(' ') || 'none'}) may take a piece; a player needs ${PIECES_PER_PLAYER}`,
      });
    }
  });
}

export function prepareOptions(input: FasOptionsInput, { players, random }: OptionsSetup): PreparedOptions<FasOptions> {
  const issues: Issue[] = [];
  const numbers = settleNumbers(input.numbers ?? {}, players, random.fork('numbers'), issues);
  const boardRandom = random.fork('boards');
  const boards = input.boards ?? Array.from({ length: 6 }, () => boardRows(generateBoard(boardRandom)));
  checkBoards(boards, issues);
  const pieces = input.pieces ?? DEFAULT_PIECES;
  pieces.forEach((set, round) => {
    for (const issue of parsePieceSet(set).issues)
      issues.push({ path: ['pieces', round, ...issue.path], message: issue.message });
  });
  return { options: { numbers, boards, pieces, threshold: input.threshold }, issues };
}
