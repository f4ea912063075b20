// Reading a player's answers, the same way in every game: one answer as one trimmed text (the
// items of a multi-select answer joined by "; ", which every game's lists accept as a separator),
// and one yes/no vocabulary, so that `true` or `N` means the same in Paint as in Pasture.

import type { Answers } from './game.js';
import { quote } from './quote.js';
import { type Result, err, ok } from './result.js';

/** What joins the items of a multi-select answer into one text. */
export const LIST_SEPARATOR = '; ';

/** The words read as yes, and as no (any case, surrounding spaces ignored). */
export const YES_WORDS: readonly string[] = ['yes', 'y', 'true'];
export const NO_WORDS: readonly string[] = ['no', 'n', 'false'];

/**
 * The answer to `question` as one trimmed text, or undefined when it is missing or blank. Only
 * the answers' own keys count: a question id such as "constructor" never finds Object's members.
 */
export function answerText(answers: Answers, question: string): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(answers, question)) return undefined;
  const value = answers[question];
  const text = Array.isArray(value)
    ? value
        .map((item) => String(item).trim())
        .filter((item) => item !== '')
        .join(LIST_SEPARATOR)
    : typeof value === 'string'
      ? value.trim()
      : undefined;
  return text === undefined || text === '' ? undefined : text;
}

/** Every answer as one trimmed text, blanks left out (for games that read their answers as a record). */
export function answerTexts(answers: Answers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(answers)) {
    const text = answerText(answers, key);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

/**
 * Reads a yes/no answer. The reason names the question, echoes the answer and ends with `hint`,
 * what a yes does there (by default just the words to write).
 */
export function readYesNo(
  question: string,
  text: string,
  hint = 'answer yes or no (or leave it blank)',
): Result<boolean> {
  const word = text.trim().toLowerCase();
  if (YES_WORDS.includes(word)) return ok(true);
  if (NO_WORDS.includes(word)) return ok(false);
  return err(`${question}: ${quote(text)} is not yes or no; ${hint}`);
}
