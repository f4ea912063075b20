// Peg Domain bots. Both answer with text, as a player's form would, so the same parser checks
// them. The random bot plays a random legal move (a path between two pegs, sometimes with extra
// squares, in either notation); the greedy bot plays the cut-out and placement that gain the
// most domain squares this turn. Both finish only when no legal move is left, use Peg Subtraction
// only when nothing fits without it, and remove squares in the final variant.

import type { Answers, Bot, BotInput } from '../../core/game.js';
import { orthogonalIndices } from '../../core/coords.js';
import { DOMAIN, PALLET, PALLET_CELLS } from './geometry.js';
import type { PegOptions } from './options.js';
import { type Pallet, domainName, isOnPallet, palletName, rapidArea } from './pallet.js';
import { parseExtraPeg, parseRemove } from './parse.js';
import { type Found, type SearchBoard, WINDOWS, type Window, WindowScan, findLegalMove, rotationOf } from './search.js';
import { type PegState, mayRapid, maySubtract, opponentOf } from './state.js';

type PegBotInput = BotInput<PegState, PegOptions>;

const STEP_NAMES: Readonly<Record<number, string>> = { [-PALLET.cols]: 'U', [PALLET.cols]: 'D', [-1]: 'L', 1: 'R' };

/** A path of pallet squares as `C3 RRDR`. */
function pathNotation(cells: readonly number[]): string {
  return `${palletName(cells[0])} ${cells
    .slice(1)
    .map((cell, i) => STEP_NAMES[cell - cells[i]])
    .join('')}`;
}

/** The answers for a move whose squares (domain indices in `scan`'s window) start with the anchor peg. */
function moveAnswers(
  window: Window,
  scan: WindowScan,
  squares: readonly number[],
  { cut, subtract }: { cut: 'path' | 'squares'; subtract: number | null },
): Answers {
  const cells = squares.map((square) => scan.under[square]);
  return {
    cut: cut === 'path' ? pathNotation(cells) : cells.map(palletName).join(' '),
    place: `${domainName(squares[0])} ${rotationOf(window)}`,
    ...(subtract !== null ? { subtract: domainName(subtract) } : {}),
  };
}

function boardOf(input: PegBotInput): SearchBoard {
  return { pallet: input.state.pallets[input.player], domainPegs: input.state.domain.peg };
}

/** A move lifting a domain peg (Peg Subtraction), when nothing fits without one, or finish. */
function lastResort(input: PegBotInput): Answers {
  const found: Found | null = maySubtract(input.state, input.ctx, input.player)
    ? findLegalMove(boardOf(input), { subtract: true })
    : null;
  if (!found || found.subtract === null) return { finish: 'yes' };
  const scan = new WindowScan(boardOf(input)).load(found.window);
  return moveAnswers(WINDOWS[found.window], scan, scan.path(found.pegs[0], found.pegs[1], found.subtract), {
    cut: 'path',
    subtract: found.subtract,
  });
}

function randomTurn(input: PegBotInput): Answers {
  const { random } = input;
  const scan = new WindowScan(boardOf(input));
  for (const w of random.shuffle(WINDOWS.map((_, i) => i))) {
    const pairs = scan.load(w).pairs();
    if (pairs.length === 0) continue;
    const [a, b] = random.pick(pairs);
    const path = scan.path(a, b);
    if (random.chance(0.5)) return moveAnswers(WINDOWS[w], scan, path, { cut: 'path', subtract: null });
    // Grow the path by a few free squares next to it, and answer in list notation.
    const squares = [...path];
    for (let extra = random.int(0, 4); extra > 0; extra--) {
      const next = random
        .shuffle(squares)
        .flatMap((s) => neighbours(s))
        .find((n) => scan.isSquare(n) && !squares.includes(n));
      if (next === undefined) break;
      squares.push(next);
    }
    return moveAnswers(WINDOWS[w], scan, [squares[0], ...random.shuffle(squares.slice(1))], {
      cut: 'squares',
      subtract: null,
    });
  }
  return lastResort(input);
}

function neighbours(square: number): number[] {
  return orthogonalIndices(square, DOMAIN);
}

/**
 * The most domain squares gained this turn. For two joinable pegs the largest cut-out is both
 * pegs with every free-square component touching either; squares it would cover that the bot
 * already owns are then trimmed from the ends where that keeps the cut-out whole.
 */
function greedyTurn(input: PegBotInput): Answers {
  const { state, player, random } = input;
  const owner = state.domain.owner;
  const gainOf = (square: number) => (owner[square] === player ? 0 : 1);
  const scan = new WindowScan(boardOf(input));
  let best: { w: number; squares: number[]; gain: number } | null = null;
  for (const w of random.shuffle(WINDOWS.map((_, i) => i))) {
    const pairs = scan.load(w).pairs();
    if (pairs.length === 0) continue;
    const components = scan.components();
    const componentGain = components.map((cells) => cells.reduce((sum, c) => sum + gainOf(c), 0));
    const touching = (peg: number) =>
      neighbours(peg)
        .map((n) => scan.component[n])
        .filter((label) => label >= 0);
    for (const [a, b] of pairs) {
      const labels = [...new Set([...touching(a), ...touching(b)])];
      const gain = gainOf(a) + gainOf(b) + labels.reduce((sum, label) => sum + componentGain[label], 0);
      if (best && gain <= best.gain) continue;
      const squares = trimmed([a, b, ...labels.flatMap((label) => components[label])], a, b, (s) => gainOf(s) === 0);
      best = { w, squares, gain };
    }
  }
  if (!best) return lastResort(input);
  const scanBest = new WindowScan(boardOf(input)).load(best.w);
  return moveAnswers(WINDOWS[best.w], scanBest, best.squares, { cut: 'squares', subtract: null });
}

/** Drops worthless squares with at most one neighbour left in the set, until none is left. */
function trimmed(squares: number[], a: number, b: number, worthless: (square: number) => boolean): number[] {
  const set = new Set(squares);
  for (let changed = true; changed;) {
    changed = false;
    for (const square of set) {
      if (square === a || square === b || !worthless(square)) continue;
      if (neighbours(square).filter((n) => set.has(n)).length <= 1) {
        set.delete(square);
        changed = true;
      }
    }
  }
  return [a, ...[...set].filter((s) => s !== a)];
}

/** Squares the opponent's pallet allows a single removal on. */
function removable(pallet: Pallet, ownerName: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < PALLET_CELLS; i++)
    if (parseRemove(palletName(i), pallet, ownerName, { rapid: false }).ok) out.push(i);
  return out;
}

/** The opponent's removal: a greedy bot picks the square (or Rapid Removal area) that takes the most; a random one any legal square. */
function removalAnswers(input: PegBotInput, style: BotStyle): Answers | null {
  const greedy = style === 'greedy';
  const { state, ctx, player, random } = input;
  const target = opponentOf(ctx, player);
  const pallet = state.pallets[target];
  if (mayRapid(state, ctx, player)) {
    const centres = random.shuffle(Array.from({ length: PALLET_CELLS }, (_, i) => i));
    const scored = centres.map((c) => ({ c, n: rapidArea(c, pallet).length }));
    const top = scored.reduce((a, b) => (b.n > a.n ? b : a), scored[0]);
    if (top.n >= (greedy ? 3 : 1) && (greedy || random.chance(0.3))) return { remove: palletName(top.c), rapid: 'yes' };
  }
  const choices = removable(pallet, ctx.playerName(target));
  if (choices.length === 0) return null;
  if (!greedy) return { remove: palletName(random.pick(choices)) };
  // Greedy: the square joining the most squares still on the pallet (the best connector).
  const live = (i: number) => orthogonalIndices(i, PALLET).filter((n) => isOnPallet(pallet, n)).length;
  const best = random.shuffle(choices).reduce((a, b) => (live(b) > live(a) ? b : a));
  return { remove: palletName(best) };
}

function extraPegAnswer(input: PegBotInput): Answers | null {
  const pallet = input.state.pallets[input.player];
  const choices = Array.from({ length: PALLET_CELLS }, (_, i) => i).filter(
    (i) => parseExtraPeg(palletName(i), pallet).ok,
  );
  return choices.length > 0 ? { extraPeg: palletName(input.random.pick(choices)) } : null;
}

type BotStyle = 'random' | 'greedy';

function botWith(turn: (input: PegBotInput) => Answers, removals: BotStyle): Bot<PegState, PegOptions> {
  return (input) => {
    if (input.phase.kind === 'pregame') return extraPegAnswer(input);
    if (input.state.nextMover === input.player) return turn(input);
    return removalAnswers(input, removals);
  };
}

export const randomBot = botWith(randomTurn, 'random');
export const greedyBot = botWith(greedyTurn, 'greedy');
