// What the host is told when Google refuses a setting of a player's form or the publishing of the
// shared sheet, and what the match does instead: one wording for the add-on (src/addon/form-app.ts,
// services.ts) and the command line (src/node/rest-forms.ts, files.ts), whose fallbacks are the same.

import type { FormProtection } from './ports.js';

/** Publishing the form was refused (or did not take): nobody can open it until it is published. */
export function unpublishedFormNote(responder: string, refusal: string): string {
  return `Forms ${refusal ? `refused to publish ${responder}'s form (${refusal})` : `did not publish ${responder}'s form`}: nobody can open it yet. The add-on tries again when its first phase opens; if that fails too, open the form (its edit link) and press Publish.`;
}

/** A legacy form: no publish state or named responders. */
export function legacyFormNote(responder: string): string {
  return `${responder}'s form is a legacy form (no publishing or responder settings): anyone with its link can open it. Answers count only when Forms recorded ${responder} as the sender, so send the link to them alone.`;
}

/** The player's account could not be made the form's only responder: anyone with the link can open it. */
export function respondersAnyoneNote(responder: string, why: string): string {
  return `Forms refused to open ${responder}'s form to their account only (${why}); anyone with its link can open it instead. Answers still count only when Forms recorded ${responder} as the sender: send the link to them alone. To restrict it: open the form, Publish → Responders, and add ${responder}.`;
}

/** The player's account is a responder, but a wider one (anyone with the link) could not be removed. */
export function respondersWiderNote(responder: string, why: string): string {
  return `${responder}'s form is open to their account, but also to anyone with its link, which Drive refused to remove (${why}). Answers still count only when Forms recorded ${responder} as the sender: send the link to them alone. To restrict it: open the form, Publish → Responders, and remove "Anyone with the link".`;
}

/**
 * Read back after the restriction, the form can be answered by more than its player: anyone with
 * the link, a whole domain, or other accounts (`others`, as the host reads them).
 */
export function respondersReadBackNote(responder: string, others: readonly string[]): string {
  return `Read back, ${responder}'s form can be answered by ${others.join(', ')} as well as by ${responder}. Answers still count only when Forms recorded ${responder} as the sender, but send the link to them alone. To restrict it: open the form, Publish → Responders, and remove everyone but ${responder}.`;
}

/** Neither the player's account nor anyone with the link could be made a responder. */
export function respondersNoneNote(responder: string, why: string, linked: string): string {
  return `Forms refused to open ${responder}'s form to their account (${why}), and to anyone with the link (${linked}): nobody but you can open it. Open the form, Publish → Responders, and add ${responder}, or ask your domain's administrator to allow it.`;
}

/** Forms does not record a verified address: what that risks, given who can open the form. */
export function unverifiedEmailsNote(
  kind: 'responder-input' | 'unknown',
  responder: string,
  responders: FormProtection['responders'],
  refusal: string,
): string {
  const risk =
    responders === 'player'
      ? `Only ${responder}'s account can open the form, so answers still come from them; they must type their own address exactly, or their answers are refused.`
      : `Anyone holding the form's link can type ${responder}'s address and answer for them: send the link to them alone.`;
  const fix = 'To fix it: open the form, Settings → Responses → Collect email addresses → Verified.';
  if (kind === 'responder-input') {
    return `Forms records the address the sender types on ${responder}'s form, not a verified one${refusal ? ` (verified collection was refused: ${refusal})` : ''}. ${risk} ${fix}`;
  }
  return `Could not confirm that ${responder}'s form records verified addresses${refusal ? ` (${refusal})` : ''}. ${risk} ${fix}`;
}

/** Publishing the shared sheet to the web was refused; it is shared with anyone who has the link instead. */
export function linkSharedNote(refusal: string): string {
  return `Publishing to the web was refused (${refusal}); the sheet is shared as "anyone with the link can view" instead. Post that link.`;
}

/** Publishing and link sharing were both refused: spectators cannot open the shared sheet. */
export function notPublishedNote(refusal: string, linked: string): string {
  return `Publishing to the web was refused (${refusal}), and so was sharing with anyone who has the link (${linked}): spectators cannot open the shared sheet; only the players, who are shared with it, can. Ask your domain's administrator to allow one of them, or post pictures of the board.`;
}
