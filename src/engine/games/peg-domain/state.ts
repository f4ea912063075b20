// Peg Domain state and the pure functions that move it on: the pregame (Additional Peg), each
// turn (placement or finish, the clock, the opponent's removal), whose turn is next, and the
// final ranking.

import type { GameContext, PhaseSpec, PhaseTiming } from '../../core/game.js';
import { present } from '../../core/guards.js';
import type { Rotation } from './geometry.js';
import { type Item, ITEM_TURN_LIMIT, type PegOptions, readPallet } from './options.js';
import {
  type Domain,
  type Pallet,
  countCut,
  countOwned,
  palletFrom,
  palletName,
  rapidArea,
  startingDomain,
} from './pallet.js';

/** A cut-out as the player wrote it (parse.ts reads and checks it). */
export interface Cutout {
  /** Pallet squares, anchor first for a path, in the order written for a list. */
  readonly cells: readonly number[];
  /** The first-named peg: the one placed on the domain square the player names. */
  readonly anchor: number;
  /** The cut-out as the player wrote it, tidied: `C3 RRDR` or `C3 D3 E3 E4`. */
  readonly notation: string;
}

/** Where a cut-out goes: the domain square for its anchor peg and a clockwise rotation (parse.ts). */
export interface PlaceSpec {
  readonly at: number;
  readonly rotation: Rotation;
}

export type PegContext = GameContext<PegOptions>;

export type PegMove =
  | { readonly kind: 'extra-peg'; readonly square: number }
  | {
      readonly kind: 'place';
      readonly cut: Cutout;
      readonly place: PlaceSpec;
      readonly covered: readonly number[];
      readonly subtract: number | null;
    }
  | { readonly kind: 'finish' }
  | { readonly kind: 'remove'; readonly square: number; readonly rapid: boolean };

export interface Placement {
  readonly cut: Cutout;
  readonly place: PlaceSpec;
  /** Domain squares covered, in the order of `cut.cells`. */
  readonly covered: readonly number[];
  /** Covered squares that were not the mover's before (unowned or the opponent's). */
  readonly gained: number;
  /** Of those, the opponent's. */
  readonly captured: number;
}

export interface Removal {
  readonly by: string;
  /** The square named (the centre, for Rapid Removal). */
  readonly square: number;
  readonly rapid: boolean;
  /** The squares actually removed. */
  readonly removed: readonly number[];
  readonly note: string;
}

/**
 * `placed`; `finished` (answered finish); `out-of-time` (no valid move before the turn and reserve
 * ran out: automatic finish); `no-move` (an untimed record with no valid move: treated as finishing).
 */
export type TurnOutcome = 'placed' | 'finished' | 'out-of-time' | 'no-move';

export interface TurnRecord {
  readonly turn: number;
  readonly mover: string;
  readonly outcome: TurnOutcome;
  readonly placement?: Placement;
  /** The domain peg lifted by Peg Subtraction. */
  readonly subtracted?: number;
  /** Seconds from the turn's start to the counted move; null when the record has no times. */
  readonly secondsUsed: number | null;
  readonly reserveUsed: number;
  readonly reserveLeft: number;
  readonly removal?: Removal;
  /** The domain after the turn. */
  readonly domain: Domain;
}

export interface PegState {
  readonly pallets: Readonly<Record<string, Pallet>>;
  readonly domain: Domain;
  /** True until the pregame (Additional Peg placement) has closed; false when there is none. */
  readonly pregameOpen: boolean;
  readonly extraPegs: Readonly<Record<string, number>>;
  readonly turns: readonly TurnRecord[];
  /** Reserve seconds left. */
  readonly reserve: Readonly<Record<string, number>>;
  /** The turn each finished player finished in. */
  readonly finishedIn: Readonly<Record<string, number>>;
  /** The turn each item was used in (0: the pregame). */
  readonly itemsUsed: Readonly<Record<string, Partial<Record<Item, number>>>>;
  /** Who moves next; null once both have finished. */
  readonly nextMover: string | null;
}

export function opponentOf(ctx: PegContext, player: string): string {
  return ctx.players.find((p) => p.id !== player)?.id ?? player;
}

export function initialState(ctx: PegContext): PegState {
  const ids = ctx.players.map((p) => p.id);
  const pallets: Record<string, Pallet> = {};
  for (const id of ids) {
    const read = readPallet(ctx.options.pallets[id]);
    if ('error' in read) throw new Error(`peg-domain: pallet of ${id}: ${read.error}`);
    pallets[id] = palletFrom(read.pegs);
  }
  const holdsExtraPeg = ids.some((id) => holds(ctx, id, 'additional-peg'));
  return {
    pallets,
    domain: startingDomain(ids[0], ids[1]),
    pregameOpen: holdsExtraPeg,
    extraPegs: {},
    turns: [],
    reserve: Object.fromEntries(ids.map((id) => [id, ctx.options.reserveSeconds])),
    finishedIn: {},
    itemsUsed: Object.fromEntries(ids.map((id) => [id, {}])),
    nextMover: ctx.options.first,
  };
}

export function holds(ctx: PegContext, player: string, item: Item): boolean {
  return ctx.options.variant === 'final' && (ctx.options.items[player] ?? []).includes(item);
}

function turnsMovedBy(state: PegState, player: string): number {
  return state.turns.filter((t) => t.mover === player).length;
}

/** Peg Subtraction: held, unused, and this turn is one of the holder's first 5. */
export function maySubtract(state: PegState, ctx: PegContext, player: string): boolean {
  return (
    holds(ctx, player, 'peg-subtraction') &&
    state.itemsUsed[player]['peg-subtraction'] === undefined &&
    turnsMovedBy(state, player) < ITEM_TURN_LIMIT
  );
}

/** Rapid Removal: held, unused, and this is one of the holder's first 5 removal turns. */
export function mayRapid(state: PegState, ctx: PegContext, player: string): boolean {
  return (
    holds(ctx, player, 'rapid-removal') &&
    state.itemsUsed[player]['rapid-removal'] === undefined &&
    turnsMovedBy(state, opponentOf(ctx, player)) < ITEM_TURN_LIMIT
  );
}

/** The reserve a turn draws on: whole 10-second steps beyond the turn's own time. */
function reserveCharge(secondsUsed: number, turnSeconds: number, reserveLeft: number): number {
  const over = secondsUsed - turnSeconds;
  if (over <= 0) return 0;
  return Math.min(reserveLeft, Math.ceil(over / 10) * 10);
}

function secondsBetween(from: string | undefined, to: string | undefined): number | null {
  if (!from || !to) return null;
  return (Date.parse(to) - Date.parse(from)) / 1000;
}

/** The resolve hook: the pregame places the Additional Pegs, a turn plays the mover's move and the removal. */
export function resolvePhase(
  state: PegState,
  phase: PhaseSpec,
  moves: ReadonlyMap<string, PegMove>,
  ctx: PegContext,
  timing: PhaseTiming,
): PegState {
  return phase.kind === 'pregame' ? resolvePregame(state, moves) : resolveTurn(state, ctx, moves, timing);
}

function resolvePregame(state: PegState, moves: ReadonlyMap<string, PegMove>): PegState {
  const pallets = { ...state.pallets };
  const extraPegs: Record<string, number> = {};
  const itemsUsed = { ...state.itemsUsed };
  for (const [player, move] of moves) {
    if (move.kind !== 'extra-peg') continue;
    const pegs = pallets[player].pegs.slice();
    pegs[move.square] = true;
    pallets[player] = { ...pallets[player], pegs };
    extraPegs[player] = move.square;
    itemsUsed[player] = { ...itemsUsed[player], 'additional-peg': 0 };
  }
  return { ...state, pallets, extraPegs, itemsUsed, pregameOpen: false };
}

/** Applies a placement (after any subtraction) to the domain and the mover's pallet. */
function applyPlacement(
  domain: Domain,
  pallet: Pallet,
  move: Extract<PegMove, { kind: 'place' }>,
  mover: string,
  turn: number,
) {
  const owner = domain.owner.slice();
  const peg = domain.peg.slice();
  if (move.subtract !== null) peg[move.subtract] = false;
  let gained = 0;
  let captured = 0;
  move.cut.cells.forEach((cell, i) => {
    const square = move.covered[i];
    if (owner[square] !== mover) gained++;
    if (owner[square] !== mover && owner[square] !== null) captured++;
    owner[square] = mover;
    if (pallet.pegs[cell]) peg[square] = true;
  });
  const cutIn = pallet.cutIn.slice();
  for (const cell of move.cut.cells) cutIn[cell] = turn;
  return {
    domain: { owner, peg },
    pallet: { ...pallet, cutIn },
    placement: { cut: move.cut, place: move.place, covered: move.covered, gained, captured },
  };
}

/**
 * The opponent's removal at the end of the turn, after the mover's cut: a square the mover cut
 * this turn is not removed (nothing happens), and a Rapid Removal takes its area from the pallet
 * as it now stands (pegs cut this turn no longer spare their neighbours).
 */
function applyRemoval(
  pallet: Pallet,
  move: Extract<PegMove, { kind: 'remove' }>,
  by: string,
  cutNow: ReadonlySet<number>,
  moverName: string,
  turn: number,
): { pallet: Pallet; removal: Removal } {
  const name = palletName(move.square);
  let removed: number[];
  let note: string;
  if (move.rapid) {
    removed = rapidArea(move.square, pallet);
    note = `Rapid Removal centred on ${name}: ${removed.length > 0 ? `removed ${removed.map(palletName).join(' ')}` : 'every square of the area was spared'}`;
  } else if (cutNow.has(move.square)) {
    removed = [];
    note = `${moverName} cut ${name} this turn, so the removal does nothing`;
  } else {
    removed = [move.square];
    note = `removed ${name}`;
  }
  const removedIn = pallet.removedIn.slice();
  for (const cell of removed) removedIn[cell] = turn;
  return { pallet: { ...pallet, removedIn }, removal: { by, square: move.square, rapid: move.rapid, removed, note } };
}

function resolveTurn(
  state: PegState,
  ctx: PegContext,
  moves: ReadonlyMap<string, PegMove>,
  timing: PhaseTiming,
): PegState {
  const turn = state.turns.length + 1;
  const mover = present(state.nextMover ?? undefined, 'the mover of a turn');
  const opponent = opponentOf(ctx, mover);
  const move = moves.get(mover);
  let pallet = state.pallets[mover];
  let domain = state.domain;
  let placement: Placement | undefined;
  let outcome: TurnOutcome;
  let secondsUsed: number | null = null;
  let reserveUsed = 0;
  const reserveBefore = state.reserve[mover];

  if (move && (move.kind === 'place' || move.kind === 'finish')) {
    secondsUsed = secondsBetween(timing.opensAt, timing.closedAt);
    reserveUsed = secondsUsed === null ? 0 : reserveCharge(secondsUsed, ctx.options.turnSeconds, reserveBefore);
    if (move.kind === 'place') {
      const applied = applyPlacement(domain, pallet, move, mover, turn);
      ({ domain, pallet, placement } = applied);
      outcome = 'placed';
    } else {
      outcome = 'finished';
    }
  } else if (timing.deadline) {
    // The turn's own time and the whole reserve ran out: the automatic finish.
    secondsUsed = secondsBetween(timing.opensAt, timing.closedAt ?? timing.deadline);
    reserveUsed = reserveBefore;
    outcome = 'out-of-time';
  } else {
    outcome = 'no-move';
  }

  let removal: Removal | undefined;
  const remove = moves.get(opponent);
  const itemsUsed = { ...state.itemsUsed };
  if (remove?.kind === 'remove') {
    const cutNow = new Set(placement?.cut.cells ?? []);
    const applied = applyRemoval(pallet, remove, opponent, cutNow, ctx.playerName(mover), turn);
    pallet = applied.pallet;
    removal = applied.removal;
    if (remove.rapid) itemsUsed[opponent] = { ...itemsUsed[opponent], 'rapid-removal': turn };
  }
  const subtracted = move?.kind === 'place' ? move.subtract : null;
  if (subtracted !== null) itemsUsed[mover] = { ...itemsUsed[mover], 'peg-subtraction': turn };

  const finishedIn = outcome === 'placed' ? state.finishedIn : { ...state.finishedIn, [mover]: turn };
  const reserveLeft = reserveBefore - reserveUsed;
  const record: TurnRecord = {
    turn,
    mover,
    outcome,
    ...(placement ? { placement } : {}),
    ...(subtracted !== null ? { subtracted } : {}),
    secondsUsed,
    reserveUsed,
    reserveLeft,
    ...(removal ? { removal } : {}),
    domain,
  };
  // Players alternate; a finished player is skipped; the game ends when both have finished.
  const nextMover = [opponent, mover].find((id) => finishedIn[id] === undefined) ?? null;
  return {
    ...state,
    pallets: { ...state.pallets, [mover]: pallet },
    domain,
    turns: [...state.turns, record],
    reserve: { ...state.reserve, [mover]: reserveLeft },
    finishedIn,
    itemsUsed,
    nextMover,
  };
}

export interface Standing {
  readonly player: string;
  readonly domain: number;
  readonly used: number;
}

export function standings(state: PegState, ctx: PegContext): Standing[] {
  return ctx.players.map((p) => ({
    player: p.id,
    domain: countOwned(state.domain, p.id),
    used: countCut(state.pallets[p.id]),
  }));
}

/**
 * Winner and loser: more domain squares, then more pallet squares used, then the option
 * `tiebreakWinner` (the DMO); in the final variant without it, the player with more items; when
 * even that is level, the seeded draw. Says which step decided.
 */
export function decideWinner(state: PegState, ctx: PegContext): { winner: string; loser: string; decidedBy: string } {
  const [a, b] = standings(state, ctx);
  const name = ctx.playerName;
  const pick = (winner: string, decidedBy: string) => ({
    winner,
    loser: winner === a.player ? b.player : a.player,
    decidedBy,
  });
  if (a.domain !== b.domain) return pick(a.domain > b.domain ? a.player : b.player, 'more domain squares');
  if (a.used !== b.used)
    return pick(a.used > b.used ? a.player : b.player, `tied on ${a.domain} domain squares; more pallet squares used`);
  const tied = `tied on ${a.domain} domain squares and ${a.used} pallet squares used`;
  if (ctx.options.tiebreakWinner)
    return pick(
      ctx.options.tiebreakWinner,
      `${tied}; ${name(ctx.options.tiebreakWinner)} wins the tiebreak (option tiebreakWinner)`,
    );
  if (ctx.options.variant === 'final') {
    const count = (id: string) => (ctx.options.items[id] ?? []).length;
    if (count(a.player) !== count(b.player)) {
      const winner = count(a.player) > count(b.player) ? a.player : b.player;
      return pick(winner, `${tied}; ${name(winner)} held more items`);
    }
  }
  const winner = ctx.random('tiebreak').pick([a.player, b.player]);
  return pick(
    winner,
    `${tied}${ctx.options.variant === 'final' ? ' and items' : ''}; no tiebreak winner was set, so the seeded draw picked ${name(winner)}`,
  );
}
