// Builders for Pasture match files: players, a board, and submissions phase by phase.
import type { Answers, Player, Submission } from '../../../src/engine/core/game.js';
import type { MatchFile } from '../../../src/engine/core/matchfile.js';
import { replay, type ReplayResult } from '../../../src/engine/core/replay.js';
import { samplePlayers } from '../../../src/engine/index.js';
import { pasture } from '../../../src/engine/games/pasture/index.js';
import type { PastureMove, PastureState } from '../../../src/engine/games/pasture/state.js';
import { matchOf } from '../../helpers/match.js';

/** A 14×14 board of one value, with some cells changed: { C3: 5 }. */
export function boardOf(fill: number, cells: Record<string, number> = {}): number[][] {
  const board = Array.from({ length: 14 }, () => new Array<number>(14).fill(fill));
  for (const [name, value] of Object.entries(cells)) {
    board[Number(name.slice(1)) - 1][name.charCodeAt(0) - 65] = value;
  }
  return board;
}

export function players(count: number, garnets: Record<string, number> = {}): Player[] {
  return samplePlayers(count).map((p) => ({ ...p, garnets: garnets[p.id] ?? 0 }));
}

export function start(cells: Record<string, string>): Submission[] {
  return Object.entries(cells).map(([player, cell]) => ({ phase: 'start', player, answers: { start: cell } }));
}

/** Plans in the order given (that is the order of submission). */
export function plans(round: number, list: readonly [string, string][]): Submission[] {
  return list.map(([player, plan]) => ({ phase: `round-${round}/plans`, player, answers: { plan } }));
}

export function orders(round: number, byPlayer: Record<string, Answers>): Submission[] {
  return Object.entries(byPlayer).map(([player, answers]) => ({ phase: `round-${round}/orders`, player, answers }));
}

export interface Setup {
  readonly players?: number | Player[];
  readonly options?: Record<string, unknown>;
  readonly seed?: string;
  readonly submissions: readonly Submission[];
}

export function pastureFile(setup: Setup): MatchFile {
  const list = Array.isArray(setup.players) ? setup.players : players(setup.players ?? 4);
  return matchOf({
    game: 'pasture',
    seed: setup.seed ?? 'test',
    players: list,
    options: { board: boardOf(1), rounds: 1, ...setup.options },
    submissions: setup.submissions,
    decisions: [],
  });
}

export function play(setup: Setup): ReplayResult<PastureState, PastureMove> {
  return replay<PastureState, PastureMove>(pasture, pastureFile(setup));
}

export function reasons(result: ReplayResult): string[] {
  return result.rejected.map((r) => r.reason);
}

/** A cell name from a zero-based cell. */
export function nameOf(cell: { row: number; col: number }): string {
  return `${String.fromCharCode(65 + cell.col)}${cell.row + 1}`;
}
