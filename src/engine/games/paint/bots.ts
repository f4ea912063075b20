// Paint bots. Both answer with text, as a player's form would, so the same parser checks them.
// `random` names random white segments (and now and then sends nothing); `team` coordinates: the
// whole team votes for the largest segment it can paint, its captain with all three votes.

import type { Bot, BotInput } from '../../core/game.js';
import { type PaintOptions, TEAMS, type TeamId } from './options.js';
import { type PaintState, paintable, whiteSegments } from './state.js';

type PaintBotInput = BotInput<PaintState, PaintOptions>;

function asks(input: PaintBotInput, question: string): boolean {
  return (input.phase.questions[input.player] ?? []).some((q) => q.id === question);
}

export const randomBot: Bot<PaintState, PaintOptions> = (input) => {
  const { state, player, random, ctx } = input;
  if (random.chance(0.05)) return null;
  const answers: Record<string, string> = {};
  const white = random.shuffle(whiteSegments(state.canvas, state.colours));
  // With no white segment left, a painted one: the vote paints nothing but spares the garnet.
  answers.segment = String(white.length > 0 ? white[0] : random.pick(state.canvas.order));
  if (asks(input, 'segment2') && white.length > 1 && random.chance(0.5)) answers.segment2 = String(white[1]);
  if (asks(input, 'captain'))
    answers.captain = random.pick([...state.teams[state.teamOf[player]].map(ctx.playerName), 'pass']);
  if (asks(input, 'reveal')) answers.reveal = state.garnets[player] > 0 && random.chance(0.3) ? 'yes' : 'no';
  return Object.keys(answers).length > 0 ? answers : null;
};

/**
 * The segment a team's bots agree on: the largest the team can paint. So that three teams of bots
 * do not all pile onto one segment (a tie paints nothing), teams choose in the order red, blue,
 * yellow and each skips the segments earlier teams chose. With nothing paintable left, the team
 * still names the largest white segment (a vote there can block a rival), and with no white
 * segment left the largest one (a vote that paints nothing, but spares the garnet).
 */
function teamTarget(state: PaintState, team: TeamId): number | undefined {
  const { canvas, colours } = state;
  const chosen = new Set<number>();
  for (const t of TEAMS) {
    const pick = canvas.order.find((s) => !chosen.has(s) && paintable(canvas, colours, s, t));
    if (t === team) return pick ?? whiteSegments(canvas, colours)[0] ?? canvas.order[0];
    if (pick !== undefined) chosen.add(pick);
  }
  return undefined;
}

export const teamBot: Bot<PaintState, PaintOptions> = (input) => {
  const { state, player, ctx } = input;
  const team = state.teamOf[player];
  const answers: Record<string, string> = {};
  const target = teamTarget(state, team);
  if (target !== undefined) answers.segment = String(target);
  // Everyone votes for the first member listed, so the team has a captain (4-0).
  if (asks(input, 'captain')) answers.captain = ctx.playerName(state.teams[team][0]);
  if (asks(input, 'reveal')) answers.reveal = 'no';
  return Object.keys(answers).length > 0 ? answers : null;
};
