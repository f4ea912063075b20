// Substitute a player… (docs/matchfile.md "Host events"): the checks of the host's request, and
// the files that follow the seat. The seat keeps its form, private sheet and public row; the old
// account loses them (Drive permissions removed, a form's responder included) and the new one gets
// them. The row's protection follows by itself: every render names the seat's current account
// (currentEmails), and a substitution re-renders every sheet.

import { currentEmails, looksLikeEmail, sameAccount } from '../../engine/core/email.js';
import type { MatchEvent, Player } from '../../engine/core/game.js';
import { MAX_REASON_LENGTH } from '../../engine/core/matchfile.js';
import { seatName } from '../../engine/core/seats.js';
import { loadMatch, type ReplayResult } from '../../engine/index.js';
import type { HostContext } from '../saved/context.js';
import { refusedShareNote } from './start-match.js';

/** The host's reason as the log keeps it: one line, trimmed, at most MAX_REASON_LENGTH characters; absent when none was given. */
export function hostReason(text: string | undefined): { reason?: string } {
  const reason = (text ?? '').replace(/\s+/g, ' ').trim();
  if (reason.length > MAX_REASON_LENGTH)
    throw new Error(
      `The reason is ${reason.length} characters; everyone reads it on the Host actions list, so keep it to ${MAX_REASON_LENGTH}. Nothing was changed.`,
    );
  return reason === '' ? {} : { reason };
}

/** A seat named by the host: its id, its first player's name, or the name of whoever holds it now. */
export function findSeat(result: ReplayResult, wanted: string): Player {
  const key = wanted.trim().toLowerCase();
  const seat = result.match.players.find(
    (p) =>
      p.id.toLowerCase() === key ||
      p.name.trim().toLowerCase() === key ||
      seatName(result.match, p.id).toLowerCase() === key ||
      (result.match.events ?? []).some(
        (e) =>
          e.type === 'substitute' &&
          e.player === p.id &&
          (e.name.toLowerCase() === key || e.person?.trim().toLowerCase() === key),
      ),
  );
  if (!seat)
    throw new Error(
      `No player "${wanted}" in this match (players: ${result.match.players.map((p) => seatName(result.match, p.id)).join(', ')}).`,
    );
  return seat;
}

/** The substitution the host asks for, checked as the match file checks it, or a one-line refusal. */
export function substituteEvent(
  result: ReplayResult,
  now: string,
  request: { readonly player: string; readonly name: string; readonly email: string; readonly reason?: string },
): MatchEvent {
  const seat = findSeat(result, request.player);
  const name = request.name.trim();
  const email = request.email.trim();
  if (!looksLikeEmail(email))
    throw new Error(
      `"${request.email}" is not an email address; give ${name}'s Google account, such as ann.lee@gmail.com.`,
    );
  const emails = currentEmails(result.match);
  const owner = result.match.players.find((p) => sameAccount(emails.get(p.id) ?? '', email));
  if (owner)
    throw new Error(
      owner.id === seat.id
        ? `That Google account holds ${seatName(result.match, seat.id)}'s seat already. Nothing was changed.`
        : `That Google account is ${seatName(result.match, owner.id)}'s; every seat needs its own. Nothing was changed.`,
    );
  // In an anonymous match the substitute plays under the seat's alias; who they are is the host's
  // only (the Who is who table), as every player's person is.
  const event: MatchEvent = {
    type: 'substitute',
    player: seat.id,
    ...(result.match.anonymous === true ? { name: seat.name, person: name } : { name }),
    email,
    at: now,
    ...hostReason(request.reason),
  };
  // The match file's own checks (a name of 1–60 characters, told apart from every other seat's).
  const checked = loadMatch({ ...result.match, events: [...(result.match.events ?? []), event] });
  if (!checked.ok) throw new Error(`${checked.error.replace(/^events\[\d+\]\.\w+: /, '')}. Nothing was changed.`);
  return event;
}

/**
 * The seat's files pass from `before` to `after`: the old account's access to the seat's form,
 * private sheet and the shared sheet is removed, and the new account gets the same (in an
 * `anonymous` match not the shared sheet, which start-match.ts shares with no player: its sharing would
 * show every address on it). A share Drive refuses is a note on the Links tab, as at the start.
 */
export function handOverFiles(
  ctx: HostContext,
  seat: Player,
  before: string | undefined,
  after: { readonly name: string; readonly email: string },
  anonymous: boolean,
): void {
  const files = ctx.ports.files;
  const player = ctx.pointers.requirePlayer(seat.id);
  const shared = ctx.pointers.requireShared().id;
  if (before !== undefined && !sameAccount(before, after.email)) {
    for (const id of [player.form.id, player.sheet.id, shared]) files.unshare(id, before);
  }
  if (ctx.pointers.protection(seat.id)?.responders === 'player')
    ctx.ports.forms.addResponder(player.form.id, after.email);
  const shares = [
    { id: player.sheet.id, role: 'reader' as const, what: 'your private sheet for this match' },
    { id: shared, role: 'writer' as const, what: "the match's shared sheet, with your row" },
  ].slice(0, anonymous ? 1 : 2);
  const notes: string[] = [];
  for (const file of shares) {
    const result = files.share(
      file.id,
      after.email,
      file.role,
      `The host of this match gave you ${seat.name}'s seat: ${file.what} is now shared with this account.`,
    );
    if (result.refused !== undefined) notes.push(refusedShareNote(file.what, after.email, after.name, result.refused));
  }
  const started = ctx.pointers.startedPlayer(seat.id);
  if (notes.length > 0)
    ctx.pointers.setStartedPlayer(seat.id, { ...started, notes: [...(started.notes ?? []), ...notes] });
}
