// What replay reads of a submission before its game checks it: every answer as trimmed text, the
// answers to questions the phase does not ask set apart, and what cannot be read at all (not text,
// or too long) named by its question.

import type { Answers, Submission } from './game.js';
import { isIsoTime } from './matchfile.js';
import { quote } from './quote.js';

/**
 * The longest answer read, after trimming: far above any real answer (a Fair and Square placement
 * is about 60 characters), and short enough that no game's parser has real work with it. Parsing
 * 100 KB of letters as a coordinate list took seconds.
 */
export const MAX_ANSWER_LENGTH = 1000;

/**
 * The most submissions a player's answers are read from in one phase (sent in time; the host's
 * reopening does not start a new count). A player may send their form any number of times: the
 * later ones are logged, refused with a receipt naming the answer that counts, and shown in the
 * logs without their answers, so one player cannot grow every log without bound.
 */
export const MAX_SUBMISSIONS_PER_PHASE = 50;

/**
 * The most of one answer the match log keeps (docs/matchfile.md, "Limits"): an answer is read up
 * to MAX_ANSWER_LENGTH, so anything past this is never read, and a player who sends half a
 * million characters (a form takes them) must not fill the log's row (a million characters) and
 * stop every later execution. What is cut is said in the answer itself (cutAnswer).
 */
export const MAX_LOGGED_ANSWER = 1500;
/** The most answers one submission keeps in the log: far more than any phase asks. */
export const MAX_LOGGED_ANSWERS = 40;

const count = (n: number) => n.toLocaleString('en-GB');

/** `text` as the log keeps it: whole up to MAX_LOGGED_ANSWER, else its start and a note saying so. */
export function cutAnswer(text: string): string {
  if (text.length <= MAX_LOGGED_ANSWER) return text;
  return `${text.slice(0, MAX_LOGGED_ANSWER)}… (cut: ${count(text.length)} characters sent, the first ${count(MAX_LOGGED_ANSWER)} kept)`;
}

const CUT_NOTE = /… \(cut: ([\d,]+) characters sent, the first [\d,]+ kept\)$/;

/** How long an answer was when sent, by the note cutAnswer left in it; undefined when it was not cut. */
export function sentLength(answer: unknown): number | undefined {
  const texts = Array.isArray(answer) ? answer : [answer];
  for (const text of texts) {
    const match = typeof text === 'string' ? CUT_NOTE.exec(text) : null;
    if (match) return Number(match[1].replaceAll(',', ''));
  }
  return undefined;
}

/** How many characters an answer too long to read had, for its reason: as sent, when the log cut it. */
export function lengthSent(tooLong: { key: string; length: number }, submission: Submission): string {
  const sent = sentLength(submission.answers[tooLong.key]);
  return sent === undefined
    ? `${tooLong.length} characters`
    : `${count(sent)} characters (the log kept the first ${count(MAX_LOGGED_ANSWER)})`;
}

/**
 * Answers as the log keeps them: each text cut by cutAnswer, a list's items kept while they fit in
 * MAX_LOGGED_ANSWER together (the rest named in a last item), and at most MAX_LOGGED_ANSWERS
 * answers. So one submission's entry stays far below what a log row holds, whatever was sent.
 */
export function answersForLog(answers: Answers): Answers {
  const out: Record<string, string | readonly string[]> = {};
  for (const [key, value] of Object.entries(answers).slice(0, MAX_LOGGED_ANSWERS)) {
    if (typeof value === 'string') {
      out[key] = cutAnswer(value);
      continue;
    }
    const kept: string[] = [];
    let used = 0;
    const total = value.reduce((sum, item) => sum + item.length + 1, -1);
    for (const text of value) {
      if (used + text.length > MAX_LOGGED_ANSWER) {
        kept.push(
          `${text.slice(0, Math.max(0, MAX_LOGGED_ANSWER - used))}… (cut: ${count(total)} characters sent, the first ${count(MAX_LOGGED_ANSWER)} kept)`,
        );
        break;
      }
      kept.push(text);
      used += text.length + 1;
    }
    out[key] = kept;
  }
  return out;
}

/** An answer's items: a list's own, else the answer alone (the caller may have sent anything). */
function itemsOf(answer: unknown): readonly unknown[] {
  return Array.isArray(answer) ? answer : [answer];
}

/** An answer (or list item) as text: text as it is, a number as the loader reads it, else null. */
function asText(item: unknown): string | null {
  if (typeof item === 'string') return item;
  return typeof item === 'number' && Number.isFinite(item) ? String(item) : null;
}

/**
 * Trims answers, drops blanks, separates answers to questions the player was not asked, and
 * finds an answer that is not text (a caller outside the loader, such as a sheet cell holding a
 * date, can send anything) or too long to read (a list counts its items and the separators).
 */
export function cleanAnswers(
  answers: Answers,
  asked: ReadonlySet<string>,
): { answers: Answers; unknown: string[]; notText?: string; tooLong?: { key: string; length: number } } {
  const out: Record<string, string | string[]> = {};
  const unknown: string[] = [];
  let notText: string | undefined;
  let tooLong: { key: string; length: number } | undefined;
  for (const [key, value] of Object.entries(answers)) {
    if (!asked.has(key)) {
      unknown.push(key);
      continue;
    }
    const list = Array.isArray(value);
    const texts = itemsOf(value).map(asText);
    if (texts.includes(null)) {
      notText ??= key;
      continue;
    }
    const items = texts
      .filter((item) => item !== null)
      .map((item) => item.trim())
      .filter((item) => item !== '');
    const length = items.reduce((sum, item) => sum + item.length + 1, -1);
    if (items.length > 0) out[key] = list ? items : items[0];
    if (length > MAX_ANSWER_LENGTH && !tooLong) tooLong = { key, length };
  }
  return { answers: out, unknown, ...(notText !== undefined ? { notText } : {}), ...(tooLong ? { tooLong } : {}) };
}

/** One reason for every answer to a question the phase does not ask (three named, the rest counted). */
export function unknownQuestions(keys: readonly string[], phaseTitle: string): string {
  if (keys.length === 1) return `${quote(keys[0])} is not a question of ${phaseTitle}; that answer was ignored`;
  const named = keys.slice(0, 3).map((key) => quote(key));
  const more = keys.length > named.length ? ` and ${keys.length - named.length} more` : '';
  return `${named.join(', ')}${more} are not questions of ${phaseTitle}; those answers were ignored`;
}

/**
 * A phase's submissions in the order they were sent, for a game whose phases end on a move (a Peg
 * Domain turn ends at the mover's move): a removal counts by its time, not its place in the file,
 * so one sent after the move is refused wherever it is listed. The submissions with a time take
 * the places of those with a time, earliest first (equal times in file order); one without a time
 * keeps its place.
 */
export function inSendingOrder<T extends { submission: Submission; index: number }>(list: readonly T[]): T[] {
  const timeOf = (entry: T) =>
    typeof entry.submission.at === 'string' && isIsoTime(entry.submission.at) ? Date.parse(entry.submission.at) : null;
  const timed = list
    .flatMap((entry) => {
      const time = timeOf(entry);
      return time === null ? [] : [{ entry, time }];
    })
    .sort((a, b) => a.time - b.time || a.entry.index - b.entry.index)
    .map(({ entry }) => entry);
  let next = 0;
  return list.map((entry) => (timeOf(entry) === null ? entry : timed[next++]));
}

/**
 * The core's own question on a form whose phase closes when every player is ready: `done`. No
 * game asks a question of that id; replay takes the answer out before the game reads the rest.
 */
export const DONE_QUESTION = 'done';

/** The choices of the done question: the first (or no answer) is done, the second keeps the phase waiting for the player. */
export const DONE_CHOICES = ['Yes', 'Not yet'] as const;

/** The receipt's note for an answer marked Not yet. */
export const NOT_DONE_NOTE =
  'Done? Not yet: this answer counts, and the phase waits for you until you send again with Yes, or until its deadline';

/** The answers without the done question, and whether the player said they are not done yet (`Not yet`, `no`, `false`). */
export function withoutDone(answers: Answers): { answers: Answers; notDone: boolean } {
  if (!Object.prototype.hasOwnProperty.call(answers, DONE_QUESTION)) return { answers, notDone: false };
  const { [DONE_QUESTION]: said, ...rest } = answers;
  const text = typeof said === 'string' ? said.trim() : '';
  return { answers: rest, notDone: /^(not yet|not|no|n|false)\b/i.test(text) };
}
