// The players' addresses at setup: each player needs one, and each a Google account of their own
// (a form takes answers from one account; two addresses of one account would be one player twice).
import { accountKey } from '../../engine/core/email.js';

/** The first player without an address, or whose address is another player's Google account. */
export function emailMistake(
  players: readonly { name: string; email?: string }[],
): { field: string; message: string } | null {
  const missing = players.findIndex((p) => !p.email);
  if (missing >= 0)
    return {
      field: `players[${missing}].email`,
      message: `an email is needed: ${players[missing].name}'s form only takes answers from it, and their sheet is shared with it`,
    };
  // One Google account per player, however its address is written (see engine/core/email.ts).
  const emails = new Map<string, number>();
  for (const [i, p] of players.entries()) {
    // The schema checked each address; here only whose account it is.
    const email = p.email ?? '';
    const other = emails.get(accountKey(email));
    if (other !== undefined)
      return {
        field: `players[${i}].email`,
        message: `${email} is the same Google account as players[${other}]'s email; every player needs their own`,
      };
    emails.set(accountKey(email), i);
  }
  return null;
}
