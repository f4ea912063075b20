// Builders for Paint match files: fixed teams (red p1–p4, blue p5–p8, yellow p9–p12), small
// hand-made canvases, and whole-team votes.
import type { Submission } from '../../../src/engine/core/game.js';
import type { MatchFile } from '../../../src/engine/core/matchfile.js';
import { replay } from '../../../src/engine/core/replay.js';
import { paint } from '../../../src/engine/games/paint/index.js';
import type { TeamId } from '../../../src/engine/games/paint/options.js';
import type { PaintState } from '../../../src/engine/games/paint/state.js';
import { baseFile, matchOf } from '../../helpers/match.js';

export const TEAM_IDS = {
  red: ['p1', 'p2', 'p3', 'p4'],
  blue: ['p5', 'p6', 'p7', 'p8'],
  yellow: ['p9', 'p10', 'p11', 'p12'],
} as const;

/** One row of segments with these widths, numbered left to right (each touches only its neighbours). */
export function strip(widths: readonly number[]): number[][] {
  return [widths.flatMap((w, k) => Array<number>(w).fill(k + 1))];
}

export interface FileSetup {
  readonly canvas: number[][];
  readonly submissions?: readonly Submission[];
  readonly decisions?: readonly { id: string; choice: string }[];
  readonly garnets?: Readonly<Record<string, number>>;
  readonly touch?: 'orthogonal' | 'king';
}

export function paintMatch(setup: FileSetup): MatchFile {
  const file = baseFile('paint', 12, {
    options: { canvas: setup.canvas, teams: TEAM_IDS, ...(setup.touch ? { touch: setup.touch } : {}) },
    submissions: setup.submissions ?? [],
    decisions: setup.decisions ?? [],
  });
  const players = (file.players as { id: string; garnets: number }[]).map((p) => ({
    ...p,
    garnets: setup.garnets?.[p.id] ?? 0,
  }));
  return matchOf({ ...file, players });
}

export function say(round: number, player: string, answers: Record<string, string>): Submission {
  return { phase: `round-${round}`, player, answers };
}

/** Every member of each named team votes for the team's segment (captain votes as given, round 1). */
export function teamRound(
  round: number,
  plan: Partial<Record<TeamId, number>>,
  captainVotes: Readonly<Record<string, string>> = {},
): Submission[] {
  const out: Submission[] = [];
  for (const team of ['red', 'blue', 'yellow'] as const) {
    for (const player of TEAM_IDS[team]) {
      const answers: Record<string, string> = {};
      if (plan[team] !== undefined) answers.segment = String(plan[team]);
      if (round === 1 && captainVotes[player]) answers.captain = captainVotes[player];
      if (Object.keys(answers).length > 0) out.push(say(round, player, answers));
    }
  }
  return out;
}

/** Round-1 captain votes electing p1, p5 and p9 (4-0 each). */
export const ELECT_FIRSTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(TEAM_IDS).flatMap((ids) => ids.map((id) => [id, ids[0]])),
);

export function run(setup: FileSetup) {
  return replay<PaintState>(paint, paintMatch(setup));
}

/** Four 4-pixel quadrants: 1 and 4 (and 2 and 3) meet only at a corner. */
export const QUADRANTS = [
  [1, 1, 2, 2],
  [1, 1, 2, 2],
  [3, 3, 4, 4],
  [3, 3, 4, 4],
];
