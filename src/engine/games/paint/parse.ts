// Reading a round's answers: `segment`, the captain's `segment2`, the round-1 `captain` vote and
// the round-2 `reveal`. A segment, second segment or captain vote that cannot count rejects the
// whole submission with every reason (the player's earlier valid submission, if any, still
// counts). A reveal the player cannot afford is refused alone: the rest counts (a submission with
// nothing else in it is rejected whole).

import type { Answers, CheckResult } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import { TEAM_LETTER } from './options.js';
import { type PaintContext, type PaintMove, type PaintState, type Vote, isCaptain, paintedIn } from './state.js';

export const CAPTAIN_WEIGHT = 3;
export const REVEAL_COST = 1;

function single(answers: Answers, key: string): string | undefined {
  const value = answers[key];
  return Array.isArray(value) ? value.join(' ') : (value as string | undefined);
}

/** A segment number that can still be painted, or the reason it cannot be named. */
export function readSegment(text: string, question: string, state: PaintState): number | string {
  const match = /^(?:segment\s*|#\s*)?(\d+)$/i.exec(text.trim());
  const count = state.canvas.count;
  if (!match) return `${question}: ${quote(text)} is not a segment number; write a number from 1 to ${count}`;
  const segment = Number(match[1]);
  if (segment < 1 || segment > count) return `${question}: there is no segment ${segment} (the canvas has segments 1–${count})`;
  const colour = state.colours[segment - 1];
  if (colour) {
    return `${question}: segment ${segment} is already painted ${colour} (${TEAM_LETTER[colour]}, round ${paintedIn(state, segment)}); painted segments never change, so name a white one`;
  }
  return segment;
}

/** A teammate named by id or name (any case), null for `pass`, or the reason it is not one. */
function readCaptainVote(text: string, player: string, state: PaintState, ctx: PaintContext): string | null | { error: string } {
  const word = text.trim().toLowerCase();
  if (word === 'pass') return null;
  const team = state.teams[state.teamOf[player]];
  const found = team.find((id) => id.toLowerCase() === word || ctx.playerName(id).toLowerCase() === word);
  if (found) return found;
  const names = team.map(ctx.playerName).join(', ');
  return { error: `captain: ${quote(text)} is not on your team (${state.teamOf[player]}: ${names}); name a teammate (yourself included) or write pass` };
}

function readYesNo(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  if (['yes', 'y', 'true'].includes(word)) return true;
  if (['no', 'n', 'false'].includes(word)) return false;
  return null;
}

export function checkMove(state: PaintState, player: string, answers: Answers, ctx: PaintContext): CheckResult<PaintMove> {
  const reasons: string[] = [];
  const captain = isCaptain(state, player);

  const segments: number[] = [];
  for (const question of captain ? ['segment', 'segment2'] : ['segment']) {
    const text = single(answers, question);
    if (text === undefined) continue;
    const read = readSegment(text, question, state);
    if (typeof read === 'string') reasons.push(read);
    else if (segments.includes(read)) {
      reasons.push(`segment2: ${read} is your first segment too; name a different segment, or leave segment2 blank to put all ${CAPTAIN_WEIGHT} votes on ${read}`);
    } else segments.push(read);
  }

  let captainVote: string | null = null;
  const captainText = single(answers, 'captain');
  if (captainText !== undefined) {
    const read = readCaptainVote(captainText, player, state, ctx);
    if (read !== null && typeof read === 'object') reasons.push(read.error);
    else captainVote = read;
  }

  let reveal = false;
  let refusal: string | null = null;
  const revealText = single(answers, 'reveal');
  if (revealText !== undefined) {
    const wants = readYesNo(revealText);
    if (wants === null) reasons.push(`reveal: ${quote(revealText)} is not yes or no`);
    else if (wants && state.garnets[player] < REVEAL_COST) refusal = `reveal: costs ${REVEAL_COST} garnet and you have ${state.garnets[player]}`;
    else reveal = wants;
  }

  if (reasons.length > 0) return { ok: false, reason: reasons.join('; ') };
  // A submission with nothing left to count is rejected whole, so an earlier one still stands.
  if (segments.length === 0 && captainText === undefined && (revealText === undefined || refusal)) {
    return { ok: false, reason: refusal ?? `segment: nothing to count; name a white segment (1–${state.canvas.count})` };
  }
  // A captain naming one segment puts all three votes on it; two segments get one vote each.
  const weight = captain && segments.length === 1 ? CAPTAIN_WEIGHT : 1;
  const votes: Vote[] = segments.map((segment) => ({ segment, weight }));
  const move: PaintMove = { votes, captainVote, reveal };
  return refusal ? { ok: true, move, partsRejected: [`${refusal}; your other answers still count`] } : { ok: true, move };
}
