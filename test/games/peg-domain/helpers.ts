// Builders for Peg Domain tests: a hand-made pallet whose pegs are easy to reason about, match
// files with times, and a replay typed with the game's state.
import { replay, type ReplayResult } from '../../../src/engine/core/replay.js';
import type { MatchFile } from '../../../src/engine/core/matchfile.js';
import { pegDomain } from '../../../src/engine/games/peg-domain/index.js';
import type { PegMove, PegState } from '../../../src/engine/games/peg-domain/state.js';
import { baseFile, matchOf } from '../../helpers/match.js';

/**
 * 36 pegs. The top-left corner is the test area: pegs B2, F2 and D3 (the path `B2 RRD` is an L
 * ending on D3; `B2 RRRR` ends on F2). Row 5, columns A–I, touches no peg. The other pegs sit far
 * away: J1 L1 N1 P1, M4 O4, K6 M6 O6 and every other square of rows 8, 10 and 12.
 */
export const PALLET_T = [
  '.........X.X.X.X',
  '.X...X..........',
  '...X............',
  '............X.X.',
  '................',
  '..........X.X.X.',
  '................',
  'X.X.X.X.X.X.X.X.',
  '................',
  'X.X.X.X.X.X.X.X.',
  '................',
  'X.X.X.X.X.X.X.X.',
];

export const START = '2026-11-21T18:00:00.000Z';

/** START plus `seconds`, as an ISO time. */
export function at(seconds: number): string {
  return new Date(Date.parse(START) + seconds * 1000).toISOString();
}

export type Sub = { phase: string; player: string; at?: string; answers: Record<string, string> };

export function sub(phase: string, player: string, answers: Record<string, string>, seconds?: number): Sub {
  return { phase, player, ...(seconds !== undefined ? { at: at(seconds) } : {}), answers };
}

/** A three-square piece from PALLET_T's rows 8, 10, 12 (pegs on A, C, E, …): `A8 RR` is A8 B8 C8. */
export function piece(peg: string, place: string): Record<string, string> {
  return { cut: `${peg} RR`, place };
}

/** A match between Ann (p1, columns A–D) and Ben (p2, columns F–I) on PALLET_T. */
export function pegMatch(
  options: Record<string, unknown>,
  submissions: Sub[],
  extra: Record<string, unknown> = {},
): MatchFile {
  return matchOf(
    baseFile('peg-domain', 2, {
      options: { pallets: { p1: PALLET_T, p2: PALLET_T }, ...options },
      submissions,
      ...extra,
    }),
  );
}

export function replayPeg(match: MatchFile, now?: string): ReplayResult<PegState, PegMove> {
  return replay<PegState, PegMove>(pegDomain, match, now ? { now } : {});
}

/** Domain square by name, e.g. "E5" → index. */
export function sq(name: string, cols = 9): number {
  const col = name.charCodeAt(0) - 65;
  const row = Number(name.slice(1)) - 1;
  return row * cols + col;
}

/** The names of the domain squares owned by `player`. */
export function ownedBy(state: PegState, player: string): string[] {
  return state.domain.owner.flatMap((o, i) => (o === player ? [name9(i)] : []));
}

export function name9(i: number): string {
  return `${String.fromCharCode(65 + (i % 9))}${Math.floor(i / 9) + 1}`;
}

export function pegNames(state: PegState): string[] {
  return state.domain.peg.flatMap((p, i) => (p ? [name9(i)] : []));
}
