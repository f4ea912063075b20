// Fair and Square state and the pure functions that move it on: groups by the bits of each
// player's number, a round's two group games, round ranks, and the match standings.

import type { GameContext, PhaseSpec } from '../../core/game.js';
import { type Board, parseBoard } from './board.js';
import type { PieceInfo } from './choose.js';
import { type FasOptions, ROUNDS, TURNS } from './options.js';
import { type PieceType, parsePieceSet } from './pieces.js';
import { type TurnRecord, playGroup } from './play.js';
import { type Ranking, type Standing, rankPoints, rankStandings } from './scoring.js';

export interface Placement {
  readonly type: number;
  readonly square: number;
}

/** A bought reordering: that type's options in the player's order (indices into its options). */
export interface Priority {
  readonly type: number;
  readonly order: readonly number[];
}

export interface FasMove {
  readonly placements: readonly Placement[];
  readonly priority: Priority | null;
}

export interface GroupRecord {
  readonly group: number;
  /** The group's players by number. */
  readonly players: readonly string[];
  readonly board: Board;
  readonly pieces: readonly PieceInfo[];
  /** Turn 0 (as placed) to turn 15. */
  readonly turns: readonly TurnRecord[];
  readonly standings: readonly Standing[];
  readonly ranking: Ranking;
  readonly rankPoints: Readonly<Record<string, number>>;
}

export interface RoundRecord {
  readonly round: number;
  /** What each player's counted submission was (null: no valid placement, no pieces). */
  readonly moves: Readonly<Record<string, FasMove | null>>;
  readonly groups: readonly GroupRecord[];
}

export interface FasState {
  /** Piece types per round (parsed from the options once). */
  readonly types: readonly (readonly PieceType[])[];
  /** Boards by round and group: index (round − 1) * 2 + group. */
  readonly boards: readonly Board[];
  readonly rounds: readonly RoundRecord[];
}

export type FasContext = GameContext<FasOptions>;

/** The setup hook: the piece types and boards of every round, read from the options once. */
export function initialState(ctx: FasContext): FasState {
  const options = ctx.options;
  return {
    types: options.pieces.map((set) => parsePieceSet(set).types),
    boards: options.boards.map(parseBoard),
    rounds: [],
  };
}

/** Round r's group of a player: bit r − 1 of their number. */
export function groupOf(number: number, round: number): number {
  return (number >> (round - 1)) & 1;
}

export function boardFor(state: FasState, round: number, group: number): Board {
  return state.boards[(round - 1) * 2 + group];
}

/** The players of one group in one round, by number. */
export function groupPlayers(ctx: FasContext, round: number, group: number): string[] {
  return ctx.players
    .map((p) => p.id)
    .filter((id) => groupOf(ctx.options.numbers[id], round) === group)
    .sort((a, b) => ctx.options.numbers[a] - ctx.options.numbers[b]);
}

/** Garnets a player has spent on priority in the rounds played. */
export function garnetsSpent(state: FasState, player: string): number {
  return state.rounds.filter((r) => r.moves[player]?.priority).length;
}

/** What a player may still spend: the host's balance at the start, less what priority cost. */
export function garnetBalance(state: FasState, ctx: FasContext, player: string): number {
  const start = ctx.players.find((p) => p.id === player)?.garnets ?? 0;
  return start - garnetsSpent(state, player);
}

function playRoundGroup(
  state: FasState,
  ctx: FasContext,
  round: number,
  group: number,
  moves: ReadonlyMap<string, FasMove>,
): GroupRecord {
  const players = groupPlayers(ctx, round, group);
  const board = boardFor(state, round, group);
  const types = state.types[round - 1];
  const pieces: PieceInfo[] = [];
  const starts: number[] = [];
  for (const player of players) {
    const move = moves.get(player);
    for (const placement of move?.placements ?? []) {
      const priority = move?.priority?.type === placement.type ? move.priority.order : null;
      pieces.push({
        owner: player,
        number: ctx.options.numbers[player],
        type: placement.type,
        order: priority ?? types[placement.type].options.map((_, i) => i),
      });
      starts.push(placement.square);
    }
  }
  const turns = playGroup({
    board,
    types,
    players,
    pieces,
    starts,
    turns: TURNS,
    random: ctx.random(`round-${round}/group-${group}`),
  });
  const last = turns[turns.length - 1];
  const standings = players.map((player): Standing => {
    const owned = last.captures.map((owner, square) => (owner === player ? board[square] : 0));
    return {
      player,
      points: last.points[player],
      threes: owned.filter((v) => v === 3).length,
      twos: owned.filter((v) => v === 2).length,
      pieces: last.cells.filter((cell, piece) => cell >= 0 && pieces[piece].owner === player).length,
      timeline: turns.slice(1).map((t) => t.points[player]),
    };
  });
  const ranking = rankStandings(standings, (moment) => `turn ${moment + 1}`, ctx.playerName);
  const points = Object.fromEntries(players.map((p) => [p, rankPoints(ranking.places[p])]));
  return { group, players, board, pieces, turns, standings, ranking, rankPoints: points };
}

function playRound(state: FasState, ctx: FasContext, round: number, moves: ReadonlyMap<string, FasMove>): FasState {
  const record: RoundRecord = {
    round,
    moves: Object.fromEntries(ctx.players.map((p) => [p.id, moves.get(p.id) ?? null])),
    groups: [0, 1].map((group) => playRoundGroup(state, ctx, round, group, moves)),
  };
  return { ...state, rounds: [...state.rounds, record] };
}

/** The resolve hook: every phase is a round, played out by its pieces. */
export function resolvePhase(
  state: FasState,
  _phase: PhaseSpec,
  moves: ReadonlyMap<string, FasMove>,
  ctx: FasContext,
): FasState {
  return playRound(state, ctx, state.rounds.length + 1, moves);
}

export function isOver(state: FasState): boolean {
  return state.rounds.length >= ROUNDS;
}

/** A player's record in one round. */
export function roundResult(
  record: RoundRecord,
  player: string,
): { group: GroupRecord; standing: Standing; rankPoints: number } {
  const group = record.groups.find((g) => g.players.includes(player));
  const standing = group?.standings.find((s) => s.player === player);
  if (!group || !standing) throw new Error(`fair-and-square: ${player} played in no group of round ${record.round}`);
  return { group, standing, rankPoints: group.rankPoints[player] };
}

/** Match standings: rank points, and the round tiebreaks summed over the rounds played. */
export function matchStandings(state: FasState, ctx: FasContext): Standing[] {
  return ctx.players.map((p) => {
    let carried = 0;
    const total = { points: 0, threes: 0, twos: 0, pieces: 0 };
    const timeline: number[] = [];
    for (const record of state.rounds) {
      const { standing, rankPoints: earned } = roundResult(record, p.id);
      total.points += earned;
      total.threes += standing.threes;
      total.twos += standing.twos;
      total.pieces += standing.pieces;
      timeline.push(...standing.timeline.map((v) => carried + v));
      carried += standing.points;
    }
    return { player: p.id, ...total, timeline };
  });
}

export function matchRanking(state: FasState, ctx: FasContext): Ranking {
  return rankStandings(
    matchStandings(state, ctx),
    (moment) => `round ${Math.floor(moment / TURNS) + 1} turn ${(moment % TURNS) + 1}`,
    ctx.playerName,
  );
}
