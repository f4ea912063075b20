// Not Flower Field state and the pure functions that move it on: colour choice, rounds, the
// early-end check, scores and the final ranking.

import type { GameContext, PhaseSpec } from '../../core/game.js';
import { present } from '../../core/guards.js';
import { type Board, type Placement, applyPlacements, countHolding, emptyBoard } from './board.js';
import { hasFullPlacement, slotsFor } from './legal.js';
import { type NffOptions, multiplierGrid } from './options.js';
import { type ScoreBreakdown, scorePlayer } from './patterns.js';

export interface RoundRecord {
  readonly round: number;
  /** The board after the round. */
  readonly board: Board;
  /** What each player placed (null: nothing counted). Private until the host view. */
  readonly placements: Readonly<Record<string, readonly Placement[] | null>>;
  /** The running "if it ended now" score after the round. */
  readonly scores: Readonly<Record<string, number>>;
}

export type Ending =
  | { readonly reason: 'rounds' }
  | { readonly reason: 'no-legal-placement'; readonly beforeRound: number; readonly players: readonly string[] };

export interface NffState {
  /** Player id → colour; null until the pregame closes. */
  readonly colours: Readonly<Record<string, string>> | null;
  /** How colours were settled (who chose, who was given one). */
  readonly colourNotes: readonly string[];
  readonly board: Board;
  readonly rounds: readonly RoundRecord[];
  readonly ended: Ending | null;
}

export type NffMove =
  | { readonly kind: 'colour'; readonly colour: string }
  | { readonly kind: 'placement'; readonly placements: readonly Placement[] };

export type NffContext = GameContext<NffOptions>;

/** The setup hook: an empty field, colours still to choose. */
export function initialState(ctx: NffContext): NffState {
  return { colours: null, colourNotes: [], board: emptyBoard(ctx.options.size), rounds: [], ended: null };
}

/** The colours settled at the end of the pregame: choices first, then free colours in player order. */
function settleColours(
  ctx: NffContext,
  chosen: ReadonlyMap<string, string>,
): { colours: Record<string, string>; notes: string[] } {
  const colours: Record<string, string> = {};
  const notes: string[] = [];
  for (const player of ctx.players) {
    const colour = chosen.get(player.id);
    if (colour) {
      colours[player.id] = colour;
      notes.push(`${player.name} chose ${colour}`);
    }
  }
  const free = ctx.options.palette.filter((c) => !Object.values(colours).includes(c));
  for (const player of ctx.players) {
    if (colours[player.id]) continue;
    const colour = present(free.shift(), 'a colour left in the palette');
    colours[player.id] = colour;
    notes.push(`${player.name} chose no colour and was given ${colour}`);
  }
  return { colours, notes };
}

export function opponentsOf(state: NffState, ctx: NffContext, playerId: string) {
  const colours = state.colours ?? {};
  return ctx.players.filter((p) => p.id !== playerId).map((p) => ({ id: p.id, name: p.name, colour: colours[p.id] }));
}

/** Players with no legal full placement on `board`. */
function playersWithoutPlacement(board: Board, colours: Readonly<Record<string, string>>, ctx: NffContext): string[] {
  return ctx.players
    .filter((p) => {
      const others = ctx.players.filter((o) => o.id !== p.id).map((o) => colours[o.id]);
      return !hasFullPlacement(board, slotsFor(colours[p.id], others));
    })
    .map((p) => p.id);
}

/** After a phase: the game ends after the last round, or early when someone cannot place. */
function endingAfter(
  board: Board,
  colours: Readonly<Record<string, string>>,
  roundsPlayed: number,
  ctx: NffContext,
): Ending | null {
  if (roundsPlayed >= ctx.options.rounds) return { reason: 'rounds' };
  const stuck = playersWithoutPlacement(board, colours, ctx);
  return stuck.length > 0 ? { reason: 'no-legal-placement', beforeRound: roundsPlayed + 1, players: stuck } : null;
}

/**
 * The scores last worked out on each board (a board is never changed: a placement makes a new one).
 * Every audience's view asks for the same board's scores three times (the scoreboard, the pattern
 * table, the ranking), and each is a search of the whole board for every player's patterns.
 */
const scored = new WeakMap<
  Board,
  { readonly key: string; readonly scores: Readonly<Record<string, ScoreBreakdown>> }
>();

export function scoresOn(
  board: Board,
  colours: Readonly<Record<string, string>>,
  ctx: NffContext,
): Readonly<Record<string, ScoreBreakdown>> {
  const key = JSON.stringify([colours, ctx.options, ctx.players.map((p) => p.id)]);
  const kept = scored.get(board);
  if (kept?.key === key) return kept.scores;
  const multipliers = multiplierGrid(ctx.options);
  const out: Record<string, ScoreBreakdown> = {};
  for (const player of ctx.players)
    out[player.id] = scorePlayer(board, ctx.options.size, colours[player.id], multipliers);
  scored.set(board, { key, scores: out });
  return out;
}

function playRound(
  state: NffState,
  ctx: NffContext,
  round: number,
  moves: ReadonlyMap<string, readonly Placement[]>,
): NffState {
  const colours = state.colours ?? {};
  const all = [...moves.values()].flat();
  const board = applyPlacements(state.board, all, ctx.options.palette);
  const breakdown = scoresOn(board, colours, ctx);
  const placements: Record<string, readonly Placement[] | null> = {};
  const scores: Record<string, number> = {};
  for (const player of ctx.players) {
    placements[player.id] = moves.get(player.id) ?? null;
    scores[player.id] = breakdown[player.id].total;
  }
  return {
    ...state,
    board,
    rounds: [...state.rounds, { round, board, placements, scores }],
    ended: endingAfter(board, colours, round, ctx),
  };
}

export interface Standing {
  readonly player: string;
  readonly points: number;
  readonly cells: number;
}

/**
 * Players from best to worst: most points, then more cells holding their colour, then the seeded
 * generator. Also says where the generator had to decide the winner or the loser.
 */
export function rank(state: NffState, ctx: NffContext): { order: Standing[]; notes: string[] } {
  const colours = state.colours ?? {};
  const breakdown = scoresOn(state.board, colours, ctx);
  const standings = ctx.players.map((p) => ({
    player: p.id,
    points: breakdown[p.id].total,
    cells: countHolding(state.board, colours[p.id]),
  }));
  const shuffled = ctx.random('final-ranking').shuffle(standings);
  const order = shuffled.sort((a, b) => b.points - a.points || b.cells - a.cells);
  const notes: string[] = [];
  const tiedWith = (s: Standing) => order.filter((o) => o.points === s.points && o.cells === s.cells);
  const first = tiedWith(order[0]);
  if (first.length > 1) {
    notes.push(
      `${first.map((s) => ctx.playerName(s.player)).join(', ')} tied on points and cells; the seeded draw picked ${ctx.playerName(order[0].player)} as the winner`,
    );
  }
  const lastStanding = order[order.length - 1];
  const last = tiedWith(lastStanding);
  if (last.length > 1) {
    notes.push(
      `${last.map((s) => ctx.playerName(s.player)).join(', ')} tied on points and cells; the seeded draw picked ${ctx.playerName(lastStanding.player)} as the loser`,
    );
  }
  return { order, notes };
}

/** The resolve hook: the pregame settles colours, a round places its flowers. */
export function resolvePhase(
  state: NffState,
  phase: PhaseSpec,
  moves: ReadonlyMap<string, NffMove>,
  ctx: NffContext,
): NffState {
  if (phase.kind === 'pregame') {
    const chosen = new Map<string, string>();
    for (const [player, move] of moves) if (move.kind === 'colour') chosen.set(player, move.colour);
    const { colours, notes } = settleColours(ctx, chosen);
    return { ...state, colours, colourNotes: notes, ended: endingAfter(state.board, colours, 0, ctx) };
  }
  const placements = new Map<string, readonly Placement[]>();
  for (const [player, move] of moves) if (move.kind === 'placement') placements.set(player, move.placements);
  return playRound(state, ctx, state.rounds.length + 1, placements);
}
