// Reading a round's answer (docs/games/highest-unique.md, "Rules"): one whole number from 1 to the
// highest, written in digits. Spaces around it are ignored and leading zeros read as the number
// ("07" and "0000007" are 7, with no limit on the zeros); anything else (0, 11, "7.0", "+7", "seven", "7 8") is refused with the reason, and
// the player's earlier valid pick for the round, if any, still counts.

import { answerText } from '../../core/answers.js';
import type { CheckResult, PhaseSpec, Submission } from '../../core/game.js';
import { quote } from '../../core/quote.js';
import type { HuContext, HuMove, HuState } from './state.js';

/** The one question of a round. */
export const PICK = 'pick';

/** Digits only, any number of them: leading zeros are allowed without a limit ("0000007" is 7). */
const DIGITS = /^\d+$/;

/** The check hook: one number in range, or the one-line reason it does not count. */
export function checkSubmission(
  _state: HuState,
  _phase: PhaseSpec,
  submission: Submission,
  ctx: HuContext,
): CheckResult<HuMove> {
  const highest = ctx.options.highest;
  const range = `a whole number from 1 to ${highest}`;
  const text = answerText(submission.answers, PICK);
  if (text === undefined) return { ok: false, reason: `${PICK}: send ${range}, e.g. 7` };
  if (!DIGITS.test(text)) return { ok: false, reason: `${PICK}: ${quote(text)} is not ${range} written in digits` };
  const digits = text.replace(/^0+/, '');
  // Compared by length first: twenty digits are out of range as text, never read as 1e+20.
  if (digits.length > String(highest).length) return { ok: false, reason: `${PICK}: ${quote(text)} is not ${range}` };
  const pick = digits === '' ? 0 : Number(digits);
  if (pick < 1 || pick > highest) return { ok: false, reason: `${PICK}: ${pick} is not ${range}` };
  return { ok: true, move: { pick } };
}
