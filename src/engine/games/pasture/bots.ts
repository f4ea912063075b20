// Pasture bots. Both answer with text, as a player's form would, so the same checks apply.
// - random: any legal answer (a fence in its pasture, a cell in its row or column, random votes,
//   now and then a gate on its path, an extra vote or a bought gate when it can pay).
// - greedy: uses only what a player knows (its own cell, the plans, sheep counts per pasture). It
//   proposes and votes for the plan that maximises its expected share, moves to the richer side of
//   it, and uses a gate to reach a neighbouring pasture that promises clearly more.

import { type Cell, cellAt, cellIndex, formatCell } from '../../core/coords.js';
import type { Answers, Bot, BotInput } from '../../core/game.js';
import {
  type Fence,
  type Rect,
  SHAPE,
  SIZE,
  contains,
  fencesSplitting,
  formatFence,
  halvings,
  heightOf,
  pastureGrid,
  pastureIndexAt,
  sameRect,
  splitRect,
  widthOf,
} from './geometry.js';
import { type PastureOptions, baseGrass } from './options.js';
import { GATE_COST, type PastureState, garnetsLeft, positionOf, sheepIn } from './state.js';

type Input = BotInput<PastureState, PastureOptions>;

const name = (cell: Cell) => formatCell(cell, SHAPE);

/** Every cell in the sheep's row and column, its own cell included. */
function lineCells(here: Cell): Cell[] {
  const cells: Cell[] = [here];
  for (let i = 0; i < SIZE; i++) {
    if (i !== here.col) cells.push({ row: here.row, col: i });
    if (i !== here.row) cells.push({ row: i, col: here.col });
  }
  return cells;
}

/** The first fence crossing on the straight path from `from` to `to`, if any. */
function firstCrossing(from: Cell, to: Cell, grid: Int16Array): [Cell, Cell] | null {
  const dRow = Math.sign(to.row - from.row);
  const dCol = Math.sign(to.col - from.col);
  for (let here = from; here.row !== to.row || here.col !== to.col;) {
    const next = { row: here.row + dRow, col: here.col + dCol };
    if (grid[cellIndex(here, SHAPE)] !== grid[cellIndex(next, SHAPE)]) return [here, next];
    here = next;
  }
  return null;
}

function gatesAvailable(input: Input, { buying }: { buying: boolean }): number {
  return (input.state.gatesLeft[input.player] ?? 0) + (buying ? 1 : 0);
}

/** A starting cell, chosen by `pick` among all cells in reading order. */
function startAnswer(pick: (cells: Cell[]) => Cell): Answers {
  const cells = Array.from({ length: SIZE * SIZE }, (_, i) => cellAt(i, SHAPE));
  return { start: name(pick(cells)) };
}

export const randomBot: Bot<PastureState, PastureOptions> = (input) => {
  const { state, phase, player, ctx, random } = input;
  if (phase.kind === 'pregame') return startAnswer((cells) => random.pick(cells));
  const here = positionOf(state, player);
  const rect = state.pastures[pastureIndexAt(state.pastures, here)];
  if (phase.kind === 'plans') {
    const fences = fencesSplitting(rect);
    return fences.length > 0 && random.chance(0.7) ? { plan: formatFence(random.pick(fences)) } : null;
  }
  const target = random.pick(lineCells(here));
  const ids = (state.plans ?? []).map((p) => p.id);
  const answers: Record<string, string> = { move: name(target) };
  const votes = ids.filter(() => random.chance(0.5));
  if (votes.length > 0) answers.votes = votes.join(' ');
  let budget = garnetsLeft(state, ctx, player);
  if (!state.gateBoughtIn[player] && budget >= GATE_COST && random.chance(0.2)) {
    answers.buyGate = 'yes';
    budget -= GATE_COST;
  }
  if (ids.length > 0 && budget >= 1 && random.chance(0.3)) answers.extra = random.pick(ids);
  const crossing = firstCrossing(here, target, pastureGrid(state.pastures));
  if (crossing && gatesAvailable(input, { buying: answers.buyGate === 'yes' }) > 0 && random.chance(0.5))
    answers.gate = crossing.map(name).join(' ');
  return answers;
};

/**
 * What one sheep expects from `side` of `pasture` if the other sheep there spread over it by
 * area: the side's grass ÷ (1 + its share of the others).
 */
function expectedShare(input: Input, side: Rect, pasture: Rect, others: number): number {
  const area = (r: Rect) => widthOf(r) * heightOf(r);
  return baseGrass(input.ctx.options.board, side) / (1 + (others * area(side)) / area(pasture));
}

/** The better side of `fence` in `pasture` for this sheep, and what it promises. */
function bestSide(input: Input, pasture: Rect, fence: Fence, others: number): { side: Rect; value: number } {
  const sides = splitRect(pasture, fence).map((side) => ({ side, value: expectedShare(input, side, pasture, others) }));
  return sides[0].value >= sides[1].value ? sides[0] : sides[1];
}

function bestFence(
  input: Input,
  pasture: Rect,
  fences: readonly Fence[],
  others: number,
): { fence: Fence; side: Rect; value: number } | null {
  let best: { fence: Fence; side: Rect; value: number } | null = null;
  for (const fence of fences) {
    const option = bestSide(input, pasture, fence, others);
    if (!best || option.value > best.value) best = { fence, ...option };
  }
  return best;
}

/** Where to stand in `pasture` and which plan to back, judged by expected share. */
function planFor(input: Input, pasture: Rect, entry: Cell): { target: Cell; vote: string | null; value: number } {
  const state = input.state;
  const others =
    sheepIn(pasture, state.positions, input.ctx).length - (contains(pasture, positionOf(state, input.player)) ? 1 : 0);
  const plans = (state.plans ?? []).filter((p) => sameRect(p.pasture, pasture));
  const chosen = bestFence(input, pasture, plans.length > 0 ? plans.map((p) => p.fence) : halvings(pasture), others);
  if (!chosen) return { target: entry, vote: null, value: expectedShare(input, pasture, pasture, others) };
  const vote = plans.find((p) => p.fence === chosen.fence)?.id ?? null;
  // Nearest cell of the chosen side on the entry cell's row or column (one always exists).
  const reachable = lineCells(entry).filter((cell) => contains(chosen.side, cell));
  reachable.sort(
    (a, b) =>
      Math.abs(a.row - entry.row) +
      Math.abs(a.col - entry.col) -
      (Math.abs(b.row - entry.row) + Math.abs(b.col - entry.col)),
  );
  return { target: reachable[0] ?? entry, vote, value: chosen.value };
}

export const greedyBot: Bot<PastureState, PastureOptions> = (input) => {
  const { state, phase, player, ctx, random } = input;
  if (phase.kind === 'pregame') {
    // A cell among the richest quarter by the grass around it, drawn so bots do not all pile up.
    const around = (cell: Cell) =>
      baseGrass(ctx.options.board, {
        top: Math.max(0, cell.row - 1),
        left: Math.max(0, cell.col - 1),
        bottom: Math.min(SIZE - 1, cell.row + 1),
        right: Math.min(SIZE - 1, cell.col + 1),
      });
    return startAnswer((cells) => random.pick(cells.sort((a, b) => around(b) - around(a)).slice(0, cells.length / 4)));
  }
  const here = positionOf(state, player);
  const pasture = state.pastures[pastureIndexAt(state.pastures, here)];
  if (phase.kind === 'plans') {
    const best = bestFence(input, pasture, fencesSplitting(pasture), sheepIn(pasture, state.positions, ctx).length - 1);
    return best ? { plan: formatFence(best.fence) } : null;
  }

  const stay = planFor(input, pasture, here);
  const answers: Record<string, string> = {};
  let choice = stay;
  // A neighbouring pasture reached through a gate of our own, if it clearly promises more.
  if (gatesAvailable(input, { buying: false }) > 0) {
    const grid = pastureGrid(state.pastures);
    const edges: Cell[] = [
      { row: here.row, col: 0 },
      { row: here.row, col: SIZE - 1 },
      { row: 0, col: here.col },
      { row: SIZE - 1, col: here.col },
    ];
    for (const edge of edges) {
      const crossing = firstCrossing(here, edge, grid);
      if (!crossing) continue;
      const beyond = state.pastures[grid[cellIndex(crossing[1], SHAPE)]];
      const option = planFor(input, beyond, crossing[1]);
      // The sheep walks one straight line: past the gate, it can only go on along that line.
      const inLine = option.target.row === here.row || option.target.col === here.col;
      const target = inLine ? option.target : crossing[1];
      if (option.value > choice.value * 1.25) {
        choice = { ...option, target };
        answers.gate = crossing.map(name).join(' ');
      }
    }
  }
  const votes = [stay.vote, choice.vote].filter((v, i, all): v is string => v !== null && all.indexOf(v) === i);
  if (votes.length > 0) answers.votes = votes.join(' ');
  if (choice.target.row !== here.row || choice.target.col !== here.col) answers.move = name(choice.target);
  return answers;
};
