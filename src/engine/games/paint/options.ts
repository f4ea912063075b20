// Paint You a Picture options (docs/games/paint.md, section "Rules"): the canvas, the teams and
// the touch rule.
//
// Teams are drawn from the seed here, so a new match file shows them. The default canvas is not
// written into the options (67 × 40 numbers would swamp the match file): it is generated from the
// seed when the match is set up, the same every replay.

import * as z from 'zod/mini';
import type { OptionIssue, OptionsSetup, Player, PreparedOptions } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import type { Random } from '../../core/random.js';
import { PALETTE } from '../../core/view.js';
import { type Rows, type Touch, checkCanvas } from './canvas.js';

export const TEAMS = ['red', 'blue', 'yellow'] as const;
export type TeamId = (typeof TEAMS)[number];
const TEAM_SIZE = 4;
export const ROUNDS = 3;

export const TEAM_LETTER: Readonly<Record<TeamId, string>> = { red: 'R', blue: 'B', yellow: 'Y' };
export const TEAM_FILL: Readonly<Record<TeamId, string>> = {
  red: PALETTE.red,
  blue: PALETTE.blue,
  yellow: PALETTE.yellow,
};

const MAX_SIDE = 200;

/** A team's players, each a player of the match (the sidebar names them by their number). */
const members = z.array(z.string().check(z.meta({ player: true })));

export const optionsSchema = z.strictObject({
  /** Rows of segment numbers, top row first; default generated from the seed. */
  canvas: z
    .optional(
      z
        .array(
          z
            .array(z.int('a segment number is a whole number').check(z.minimum(1, 'segment numbers start at 1')))
            .check(
              z.minLength(1, 'a row needs at least one pixel'),
              z.maxLength(MAX_SIDE, `a row is at most ${MAX_SIDE} pixels`),
            ),
        )
        .check(
          z.minLength(1, 'the canvas needs at least one row'),
          z.maxLength(MAX_SIDE, `the canvas is at most ${MAX_SIDE} rows`),
        ),
    )
    .check(
      z.meta({
        title: 'Canvas',
        description: `The segment of every pixel, one row a line (top row first, every row as wide, at most ${MAX_SIDE} × ${MAX_SIDE}): each segment one joined piece, numbered 1, 2… in reading order. Empty: drawn from the seed.`,
      }),
    ),
  /** Player ids of each team; default drawn from the seed. */
  teams: z
    .optional(
      z.strictObject({
        red: members.check(z.meta({ title: 'Red team' })),
        blue: members.check(z.meta({ title: 'Blue team' })),
        yellow: members.check(z.meta({ title: 'Yellow team' })),
      }),
    )
    .check(
      z.meta({
        title: 'Teams',
        description: `Three teams of ${TEAM_SIZE}, each player on one. Empty: drawn from the seed.`,
      }),
    ),
  touch: z._default(z.enum(['orthogonal', 'king']), 'orthogonal').check(
    z.meta({
      title: 'When two segments touch',
      description:
        'orthogonal: when their pixels meet side to side; king: corners count too. A team never paints a segment touching one of its own colour.',
    }),
  ),
});

export type PaintOptionsInput = z.infer<typeof optionsSchema>;

export interface PaintOptions {
  readonly canvas?: Rows;
  readonly teams: Readonly<Record<TeamId, readonly string[]>>;
  readonly touch: Touch;
}

type Issue = OptionIssue;

export function prepareOptions(
  input: PaintOptionsInput,
  { players, random }: OptionsSetup,
): PreparedOptions<PaintOptions> {
  const issues: Issue[] = [];
  if (input.canvas) {
    const problem = checkCanvas(input.canvas);
    if (problem) issues.push({ path: ['canvas', ...problem.path], message: problem.message });
  }
  const teams = input.teams ?? drawTeams(players, random.fork('teams'));
  if (input.teams) issues.push(...teamIssues(input.teams, players));
  return { options: { ...(input.canvas ? { canvas: input.canvas } : {}), teams, touch: input.touch }, issues };
}

function drawTeams(players: readonly Player[], random: Random): Record<TeamId, string[]> {
  const ids = random.shuffle(players.map((p) => p.id));
  return { red: ids.slice(0, TEAM_SIZE), blue: ids.slice(TEAM_SIZE, 2 * TEAM_SIZE), yellow: ids.slice(2 * TEAM_SIZE) };
}

function teamIssues(teams: Readonly<Record<TeamId, readonly string[]>>, players: readonly Player[]): Issue[] {
  const known = new Set(players.map((p) => p.id));
  const seen = new Map<string, TeamId>();
  for (const team of TEAMS) {
    for (const [index, id] of teams[team].entries()) {
      if (!known.has(id))
        return [{ path: ['teams', team, index], message: `${quote(id)} is not a player of this match` }];
      const other = seen.get(id);
      if (other) return [{ path: ['teams', team, index], message: `${quote(id)} is already on team ${other}` }];
      seen.set(id, team);
    }
    if (teams[team].length !== TEAM_SIZE) {
      return [
        {
          path: ['teams', team],
          message: `team ${team} has ${teams[team].length} players; each team has ${TEAM_SIZE}`,
        },
      ];
    }
  }
  return [];
}
