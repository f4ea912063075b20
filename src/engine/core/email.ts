// Emails compared as Google compares accounts. A player's address is typed by the host; the
// address a form verifies, or Drive reports, is the account's own. Refusing a player for writing
// the same account another way would lock them out of the whole match, so the comparison folds what
// Google itself ignores (docs/google.md, "Accounts and addresses"):
// - case, everywhere (the domain is case-insensitive, and Google treats the local part so too);
// - for consumer Gmail (gmail.com, googlemail.com): the dots of the user name ("Gmail doesn't
//   recognize dots as characters within usernames", Gmail Help, support.google.com/mail/answer/10313),
//   a `+tag` (a Gmail user name has only letters, numbers and dots, so a plus is an alias of the
//   same account) and googlemail.com, the same mailbox under its older domain.
// Workspace addresses keep their dots: there they are part of the account name.

import * as z from 'zod/mini';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The key two addresses of one Google account share. */
export function accountKey(email: string): string {
  const text = email.trim().toLowerCase();
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return text;
  return `${local.split('+')[0].replace(/\./g, '')}@gmail.com`;
}

export function sameAccount(a: string, b: string): boolean {
  return accountKey(a) === accountKey(b);
}

/**
 * An address of the reserved top-level domain `.invalid` (RFC 2606: "sure to be invalid"): nobody's
 * account. A seat the add-on plays itself (a rehearsal's bots) has one, so nothing is shared with
 * it, emailed to it or kept to it.
 */
export function isNobody(email: string): boolean {
  return /\.invalid$/i.test(email.trim());
}

const EMAIL = z.email();

/** An email address by the rule the match file checks players' emails with (zod's), after trimming. */
export function looksLikeEmail(text: string): boolean {
  return EMAIL.safeParse(text.trim()).success;
}

/** Each seat's email as the host last set it (the start, then Correct a player's email… and Substitute a player…). */
export function currentEmails(match: {
  readonly players: readonly { readonly id: string; readonly email?: string }[];
  readonly events?: readonly { readonly type: string; readonly player?: string; readonly email?: string }[];
}): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of match.players) if (p.email !== undefined) out.set(p.id, p.email);
  for (const event of match.events ?? [])
    if (
      (event.type === 'email' || event.type === 'substitute') &&
      event.player !== undefined &&
      event.email !== undefined
    )
      out.set(event.player, event.email);
  return out;
}
