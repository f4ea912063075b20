// What each player's Google Form shows, and how a form response becomes answers. Pure: no Apps
// Script, no Node. The add-on (src/addon) builds the real form from a FormSpec; src/triggers keeps
// every form in step with the open phase.
//
// A form holds the private questions of the open phase for its player (public questions are
// answered in the player's row of the shared sheet, except in an anonymous match, whose form asks
// them too). Each item carries its question id (the add-on
// records item id → question id when it creates the item), so a response maps back to answers by
// question id, whatever the item's title says.

import type { Answers, PhaseSpec, Question } from '../engine/core/game.js';
import { DONE_CHOICES, DONE_QUESTION } from '../engine/core/submission.js';

export interface FormItemSpec {
  readonly questionId: string;
  readonly title: string;
  readonly help: string;
  readonly kind: Question['kind'];
  readonly choices?: readonly string[];
  /** A regular expression for Forms' "matches" validation (RE2: whole answer, any case). */
  readonly validation?: string;
  readonly validationHelp?: string;
  readonly required: boolean;
}

export interface FormSpec {
  /** The phase whose questions the form shows, or null when it shows none. */
  readonly phase: string | null;
  readonly title: string;
  readonly description: string;
  readonly accepting: boolean;
  /** Shown instead of the questions while the form is not accepting responses. */
  readonly closedMessage: string;
  readonly items: readonly FormItemSpec[];
}

export interface FormContext {
  readonly gameTitle: string;
  readonly playerName: string;
  /** The open phase, or null when the match is over. */
  readonly phase: PhaseSpec | null;
  /** The open phase's deadline in the player's own zone ("Sat 21 Nov 2026, 18:00 Europe/London (UTC+00:00)": core/zones.ts zonedText), if any. */
  readonly deadline?: string;
  /** Why nothing is open, when the match is over or waits on the host. */
  readonly over?: string;
  /** Since when the host has paused the match (in the player's own zone), while paused: the form takes nothing. */
  readonly pausedSince?: string;
  /** The open phase closes as soon as every player who may answer is ready. */
  readonly closesWhenReady?: boolean;
  /** Where the player answers public questions and reads their receipts. */
  readonly sharedSheetUrl?: string;
  /** An anonymous match: public questions come through the form too (src/triggers/answers/public-rows.ts, publicByForm). */
  readonly publicByForm?: boolean;
  readonly playerSheetUrl?: string;
}

/** Forms validates with RE2, which matches anywhere unless anchored: anchor it, ignore case. */
export function formPattern(pattern: string): string {
  return `(?i)^(?:${pattern})$`;
}

function itemOf(question: Question): FormItemSpec {
  const validation = question.kind === 'text' && question.pattern ? formPattern(question.pattern) : undefined;
  return {
    questionId: question.id,
    title: question.label,
    help: question.help,
    kind: question.kind,
    ...(question.choices ? { choices: question.choices } : {}),
    ...(validation ? { validation, validationHelp: `Not in the expected form. ${question.help}` } : {}),
    required: question.required === true,
  };
}

/** The last item of a form whose phase closes when every player is ready: the player may send an answer and still keep the phase open. */
const DONE_ITEM: FormItemSpec = {
  questionId: DONE_QUESTION,
  title: 'Done?',
  help: 'Yes (or no answer): the phase may close as soon as every player is done. Not yet: this answer counts, but the phase waits for you until you send again with Yes, or until its deadline.',
  kind: 'choice',
  choices: DONE_CHOICES,
  required: false,
};

/**
 * What an open phase's form says once the phase closes, until the next phase's questions replace
 * it. The same for every phase, so a form going from one phase to the next keeps it: one Forms call
 * fewer a form (each is a round trip; the phase's title is in the description).
 */
export const OPEN_PHASE_CLOSED_MESSAGE =
  'This phase has closed and is being resolved; this form opens again for the next phase.';

/** The form a player should see now. */
export function formSpecFor(playerId: string, context: FormContext): FormSpec {
  const { phase } = context;
  const title = `${context.gameTitle}: ${context.playerName}'s answers`;
  const receipts = context.playerSheetUrl
    ? ` Your sheet shows every answer you send, accepted or rejected and why: ${context.playerSheetUrl}`
    : '';
  const closed = (why: string): FormSpec => ({
    phase: phase?.id ?? null,
    title,
    description: why,
    accepting: false,
    closedMessage: why,
    items: [],
  });

  if (!phase) return closed(context.over ?? 'The match is over. Thank you for playing!');
  if (context.pausedSince !== undefined) {
    return closed(
      `The host paused the match at ${context.pausedSince}. Nothing sent during the pause counts. This form opens again when the host resumes, with ${phase.title}'s deadline moved by the time paused.${receipts}`,
    );
  }
  const questions = phase.questions[playerId];
  if (!questions || questions.length === 0) {
    return closed(
      `Nothing for you to answer in ${phase.title}. This form opens again when you have something to answer.${receipts}`,
    );
  }
  const own = context.publicByForm ? questions : questions.filter((q) => !q.public);
  if (own.length === 0) {
    const where = context.sharedSheetUrl ? ` (${context.sharedSheetUrl}, tab "Your answers")` : '';
    return closed(
      `${phase.title} is answered in public: type your answer in your own row of the shared sheet${where}.${receipts}`,
    );
  }
  const until = `${context.deadline ? ` Open until ${context.deadline}.` : ''}${context.closesWhenReady ? ' It closes earlier, as soon as every player is done: has an answer accepted whole, not marked Not yet.' : ''}`;
  return {
    phase: phase.id,
    title,
    description: `${phase.title}.${until} Send as often as you like: your last valid answer before the deadline counts.${receipts}`,
    accepting: true,
    closedMessage: OPEN_PHASE_CLOSED_MESSAGE,
    items: [...own.map(itemOf), ...(context.closesWhenReady ? [DONE_ITEM] : [])],
  };
}

/** One item's response as Forms gives it: text, a choice, or the choices ticked. */
export interface ItemAnswer {
  readonly questionId: string;
  readonly value: string | readonly string[];
}

/** A response's item answers as match-file answers (by question id; blanks left out). */
export function answersFromItems(items: readonly ItemAnswer[]): Answers {
  const out: Record<string, string | readonly string[]> = {};
  for (const { questionId, value } of items) {
    if (Array.isArray(value)) {
      if (value.length > 0) out[questionId] = [...value];
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[questionId] = value;
    }
  }
  return out;
}
