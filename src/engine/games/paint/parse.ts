// Reading a round's answers part by part (docs/games/paint.md, section "Rules"): `segment`, the
// captain's `segment2`, the round-1 `captain` vote and the round-2 `reveal` are independent parts.
// A part that cannot count is refused with its own reason while the others still count; only a
// submission in which every part given is refused is rejected whole, so the player's earlier valid
// submission, if any, still counts. A vote for a segment already painted is a valid vote that can
// paint nothing: it counts (and spares the garnet for no valid segment), and the receipt says so.

import { answerText, readYesNo } from '../../core/answers.js';
import type { Answers, CheckResult, PhaseSpec, Submission } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import { TEAM_LETTER } from './options.js';
import { type PaintContext, type PaintMove, type PaintState, type Vote, isCaptain, paintedIn } from './state.js';

export const CAPTAIN_WEIGHT = 3;
export const REVEAL_COST = 1;

/** A segment number of the canvas (white or painted), or the reason it is not one. */
function readSegment(text: string, question: string, state: PaintState): number | string {
  const match = /^(?:segment\s*|#\s*)?(\d+)$/i.exec(text.trim());
  const count = state.canvas.count;
  if (!match) return `${question}: ${quote(text)} is not a segment number; write a number from 1 to ${count}`;
  const segment = Number(match[1]);
  if (segment < 1 || segment > count)
    return `${question}: there is no segment ${segment} (the canvas has segments 1–${count})`;
  return segment;
}

/** What the receipt tells a player whose vote went to a segment already painted. */
function paintedNote(question: string, segment: number, weight: number, state: PaintState): string | null {
  const colour = state.colours[segment - 1];
  if (!colour) return null;
  const votes = weight === 1 ? 'your vote counts' : `your ${weight} votes count`;
  return `${question}: segment ${segment} is already painted ${colour} (${TEAM_LETTER[colour]}, round ${paintedIn(state, segment)}), so ${votes} but can paint nothing; painted segments never change`;
}

/** A teammate named by id or name (any case), null for `pass`, or the reason it is not one. */
function readCaptainVote(
  text: string,
  player: string,
  state: PaintState,
  ctx: PaintContext,
): string | null | { error: string } {
  const word = text.trim().toLowerCase();
  if (word === 'pass') return null;
  const team = state.teams[state.teamOf[player]];
  const found = team.find((id) => id.toLowerCase() === word || ctx.playerName(id).toLowerCase() === word);
  if (found) return found;
  const names = team.map(ctx.playerName).join(', ');
  return {
    error: `captain: ${quote(text)} is not on your team (${state.teamOf[player]}: ${names}); name a teammate (yourself included) or write pass`,
  };
}

/**
 * The segment votes of a submission. A player's `segment` is 1 vote. A captain who names two
 * different segments (`segment` and `segment2`) gives each 1 vote; one who names one segment puts
 * all 3 votes on it: only one answered, the same segment twice, or one of the two refused (a
 * refused part counts as not sent), since none of these specifies 2 segments.
 */
function readVotes(
  state: PaintState,
  player: string,
  answers: Answers,
): { votes: Vote[]; given: number; refused: string[]; notes: string[] } {
  const questions = isCaptain(state, player) ? ['segment', 'segment2'] : ['segment'];
  const given = questions.flatMap((question) => {
    const text = answerText(answers, question);
    return text === undefined ? [] : [{ question, read: readSegment(text, question, state) }];
  });
  const refused = given.flatMap(({ read }) => (typeof read === 'string' ? [read] : []));
  const valid = given.flatMap(({ question, read }) => (typeof read === 'number' ? [{ question, segment: read }] : []));
  const captain = questions.length === 2;
  const single = captain && (valid.length === 1 || (valid.length === 2 && valid[0].segment === valid[1].segment));
  const weight = single ? CAPTAIN_WEIGHT : 1;
  const counted = single ? valid.slice(0, 1) : valid;
  const votes = counted.map(({ segment }) => ({ segment, weight }));
  const notes = counted.flatMap(
    ({ question, segment }) =>
      paintedNote(single && valid.length === 2 ? 'segment, segment2' : question, segment, weight, state) ?? [],
  );
  return { votes, given: given.length, refused, notes };
}

/** The check hook: a round's segment votes, captain vote and reveal; parts refused alone while the rest counts. */
export function checkSubmission(
  state: PaintState,
  _phase: PhaseSpec,
  submission: Submission,
  ctx: PaintContext,
): CheckResult<PaintMove> {
  const { player, answers } = submission;
  const { votes, given: segmentsGiven, refused, notes } = readVotes(state, player, answers);
  let given = segmentsGiven;

  let captainVote: string | null = null;
  const captainText = answerText(answers, 'captain');
  if (captainText !== undefined) {
    given++;
    const read = readCaptainVote(captainText, player, state, ctx);
    if (read !== null && typeof read === 'object') refused.push(read.error);
    else captainVote = read;
  }

  let reveal = false;
  const revealText = answerText(answers, 'reveal');
  if (revealText !== undefined) {
    given++;
    const wants = readYesNo(
      'reveal',
      revealText,
      `answer yes to spend ${REVEAL_COST} garnet on the reveal, or no (or leave it blank)`,
    );
    if (!wants.ok) refused.push(wants.error);
    else if (wants.value && state.garnets[player] < REVEAL_COST)
      refused.push(`reveal: costs ${REVEAL_COST} garnet and you have ${state.garnets[player]}`);
    else reveal = wants.value;
  }

  // Nothing that counts: rejected whole, so an earlier submission still stands.
  if (given === 0) return { ok: false, reason: `segment: nothing to count; name a segment (1–${state.canvas.count})` };
  if (refused.length === given) return { ok: false, reason: refused.join('; ') };
  const move: PaintMove = { votes, captainVote, reveal };
  return {
    ok: true,
    move,
    ...(refused.length > 0
      ? { partsRejected: refused.map((reason) => `${reason}; your other answers still count`) }
      : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
}
