// Sealed-move receipts (docs/matchfile.md, "Receipts"): each logged submission gets a code, the
// SHA-256 of the submission in a fixed form (its phase, player, time and answers as logged) and a
// salt drawn for its player from the match seed. The player's private sheet shows the code from
// the moment the submission is logged; the seed stays secret until the end, so until then the code
// tells nobody the answers (a bare hash of "7" could be guessed in ten tries; a salted one cannot).
// Once the seed and the match file are published, anyone recomputes every code:
// `genius-host verify FILE --receipt CODE` finds the submission a player was given that code for, so
// a move the host changed afterwards no longer matches the code its player kept.
//
// In a chained log (core/chain.ts) the code is made from the submission's link instead: the link
// covers the whole entry (how it arrived too, as published) and everything logged before it, so
// the code a player keeps commits to the whole log up to their move (receipt 2). A submission
// logged before the chain keeps the first kind of code (receipt 1).

import type { Answers, Submission } from './game.js';
import { sha256Hex } from './commitment.js';
import { chainNames, linkOf } from './chain.js';

/** Marks the texts hashed here, so no other hash of the same words can pass for a receipt. */
const SALT_LABEL = 'genius-host receipt salt 1';
const RECEIPT_LABEL = 'genius-host receipt 1';
const CHAINED_RECEIPT_LABEL = 'genius-host receipt 2';

/**
 * Codes already made, by submission (a replay's submissions are never changed, and every view of
 * an execution asks for the same ones: the host's log all of them, each player's their own), and
 * salts by seed and player. A pure cache: the same question always gets the same answer.
 */
const codes = new WeakMap<object, { readonly seed: string; readonly code: string }>();
const salts = new Map<string, string>();

/** The player's salt: secret while the seed is, and the same for all their submissions (the time and answers tell those apart). */
export function receiptSalt(seed: string, player: string): string {
  const key = JSON.stringify([seed, player]);
  let salt = salts.get(key);
  if (salt === undefined) {
    salt = sha256Hex(JSON.stringify([SALT_LABEL, seed, player]));
    // One match's players a seed: a process that reads many matches (the CLI, tests) starts over.
    if (salts.size >= 1000) salts.clear();
    salts.set(key, salt);
  }
  return salt;
}

/** The answers in one order (question ids sorted), so the same answers always give the same code. */
function sortedAnswers(answers: Answers): [string, string | readonly string[]][] {
  return Object.keys(answers)
    .sort()
    .map((key) => [key, answers[key]]);
}

/**
 * The receipt code of a submission as logged: 64 lowercase hex digits. What it covers is what the
 * player chose and when (phase, player, time, answers); how the answer arrived (form, row, the
 * verified address) is not covered, since the published file replaces addresses by pseudonyms.
 */
export function receiptCode(seed: string, submission: Pick<Submission, 'phase' | 'player' | 'at' | 'answers'>): string {
  const known = codes.get(submission);
  if (known?.seed === seed) return known.code;
  const code = freshCode(seed, submission);
  codes.set(submission, { seed, code });
  return code;
}

function freshCode(seed: string, submission: Pick<Submission, 'phase' | 'player' | 'at' | 'answers'>): string {
  const salt = receiptSalt(seed, submission.player);
  return sha256Hex(
    JSON.stringify([
      RECEIPT_LABEL,
      salt,
      submission.phase,
      submission.player,
      submission.at ?? null,
      sortedAnswers(submission.answers),
    ]),
  );
}

/**
 * The receipt code of a submission of `match` as logged: made from its link when it is chained
 * (receipt 2: everything logged before it, and the whole entry as published), else from the
 * submission alone (receipt 1). `match` is the host's (with its secret) or the published file.
 */
export function receiptOf(match: { readonly seed: string; readonly secret?: string }, submission: Submission): string {
  if (submission.after === undefined) return receiptCode(match.seed, submission);
  const known = codes.get(submission);
  if (known?.seed === `${match.seed}\u0000${match.secret ?? ''}`) return known.code;
  const link = linkOf({ kind: 'submission', value: submission }, chainNames(match));
  const code = sha256Hex(JSON.stringify([CHAINED_RECEIPT_LABEL, receiptSalt(match.seed, submission.player), link]));
  codes.set(submission, { seed: `${match.seed}\u0000${match.secret ?? ''}`, code });
  return code;
}
