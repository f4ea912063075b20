// Not Flower Field bots. Both answer with text, as a player's form would, so the same parser
// checks them. The random bot plays any legal full placement; the greedy bot picks its own cells
// to raise its running score and each opponent's cell to raise that opponent's score least.

import { indexName } from '../../core/coords.js';
import type { Answers, Bot, BotInput } from '../../core/game.js';
import type { Random } from '../../core/random.js';
import { type Board, type Placement, applyPlacements, canPlace } from './board.js';
import { findFullPlacement, OWN_CELLS, slotsFor } from './legal.js';
import { type NffOptions, multiplierGrid, shapeOf } from './options.js';
import { scorePlayer } from './patterns.js';
import { type NffState, opponentsOf } from './state.js';

type NffBotInput = BotInput<NffState, NffOptions>;

function answersFor(placements: readonly Placement[], own: string, options: NffOptions): Answers {
  const shape = shapeOf(options.size);
  const name = (index: number) => indexName(index, shape);
  return {
    own: placements
      .filter((p) => p.colour === own)
      .map((p) => name(p.index))
      .join(' '),
    others: placements
      .filter((p) => p.colour !== own)
      .map((p) => `${p.colour} ${name(p.index)}`)
      .join(', '),
  };
}

function colourOf(input: NffBotInput): string {
  return input.state.colours?.[input.player] ?? '';
}

function randomPlacement(board: Board, slots: readonly string[], random: Random): Placement[] | null {
  const order = random.shuffle(board.map((_, i) => i));
  const cells = findFullPlacement(board, slots, order);
  return cells ? cells.map((index, slot) => ({ index, colour: slots[slot] })) : null;
}

export const randomBot: Bot<NffState, NffOptions> = (input) => {
  const { phase, ctx, random } = input;
  if (phase.kind === 'pregame') return { colour: random.pick(ctx.options.palette) };
  const own = colourOf(input);
  const slots = slotsFor(
    own,
    opponentsOf(input.state, ctx, input.player).map((o) => o.colour),
  );
  const placements = randomPlacement(input.state.board, slots, random);
  return placements ? answersFor(placements, own, ctx.options) : null;
};

export const greedyBot: Bot<NffState, NffOptions> = (input) => {
  const { phase, ctx, state } = input;
  if (phase.kind === 'pregame') {
    const index = ctx.players.findIndex((p) => p.id === input.player);
    return { colour: ctx.options.palette[index % ctx.options.palette.length] };
  }
  const own = colourOf(input);
  const opponents = opponentsOf(state, ctx, input.player);
  const slots = slotsFor(
    own,
    opponents.map((o) => o.colour),
  );
  const multipliers = multiplierGrid(ctx.options);
  const size = ctx.options.size;
  const chosen: Placement[] = [];
  const used = new Set<number>();

  // Fill the slots one at a time, keeping the rest completable, scoring each candidate on the
  // board as it would be if only this bot's placements landed.
  for (let slot = 0; slot < slots.length; slot++) {
    const colour = slots[slot];
    const isOwn = slot < OWN_CELLS;
    const target = isOwn ? own : colour;
    let best: { index: number; score: number } | null = null;
    for (let index = 0; index < state.board.length; index++) {
      if (used.has(index) || !canPlace(state.board[index], colour)) continue;
      const rest = slots.slice(slot + 1);
      if (rest.length > 0 && !findFullPlacement(state.board, rest, undefined, new Set([...used, index]))) continue;
      const board = applyPlacements(state.board, [...chosen, { index, colour }], ctx.options.palette);
      const score = scorePlayer(board, size, target, multipliers).total;
      const better = best === null || (isOwn ? score > best.score : score < best.score);
      if (better) best = { index, score };
    }
    if (!best) return null;
    chosen.push({ index: best.index, colour });
    used.add(best.index);
  }
  return answersFor(chosen, own, ctx.options);
};
