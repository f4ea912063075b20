// Seats and who holds them (Substitute a player…, docs/matchfile.md "Host events"). A player of
// the match file is a seat: its id, score, garnets, history and team never change. A `substitute`
// event passes the seat to another person from its `at` on; replay judges each form answer by the
// account holding the seat when it was sent, and the views name the seat "Ann (sub for Bob)".

import { sameAccount } from './email.js';
import type { MatchEvent, Player, SubstituteEvent } from './game.js';
import { isAfter } from './zones.js';
import { nameKey } from './names.js';
import { quote } from './quote.js';
import { type Result, err, ok } from './result.js';

interface SeatFacts {
  readonly players: readonly Player[];
  readonly events?: readonly MatchEvent[];
}

/** The substitutions of one seat (or every seat), in the order logged, that have happened by `now` (every one, without it). */
export function substitutionsOf(match: SeatFacts, player?: string, now?: string): SubstituteEvent[] {
  return (match.events ?? []).filter(
    (event): event is SubstituteEvent =>
      event.type === 'substitute' &&
      (player === undefined || event.player === player) &&
      (now === undefined || !isAfter(event.at, now)),
  );
}

/** Who holds a seat as of `now`: the last substitute by then, or null while its first player does. */
function holderOf(match: SeatFacts, player: string, now?: string): SubstituteEvent | null {
  const subs = substitutionsOf(match, player, now);
  return subs.length > 0 ? subs[subs.length - 1] : null;
}

/**
 * The seat's name as everyone reads it: its player's, or the substitute's with the player they
 * replaced ("Ann (sub for Bob)"). A player who comes back to their own seat is named as at the start.
 */
export function seatName(match: SeatFacts, player: string, now?: string): string {
  const first = match.players.find((p) => p.id === player)?.name ?? player;
  const holder = holderOf(match, player, now);
  if (holder === null || holder.name === first) return first;
  return `${holder.name} (sub for ${first})`;
}

/** The players as the views name them as of `now` (only names change; ids, order, garnets stay). */
export function seatedPlayers(match: SeatFacts, now?: string): readonly Player[] {
  if (substitutionsOf(match, undefined, now).length === 0) return match.players;
  return match.players.map((p) => ({ ...p, name: seatName(match, p.id, now) }));
}

/** What an answer's sender is to a seat: the account that held it when the answer was sent. */
export interface SeatAccount {
  /** The account the seat's form answers must come from, or undefined (no email known). */
  readonly email: string | undefined;
  /** The substitution that took the seat from the sender's account before the answer was sent, if one did. */
  readonly passedOn?: { readonly from: string; readonly to: string; readonly at: string };
}

/**
 * The account holding a seat when an answer was sent at `at`: the seat's email, then in log order
 * the host's corrections that count for the phase (`countsForPhase`, the rule of Correct a player's
 * email…) and the substitutions made by `at`. A correction logged after a later substitution is the
 * new holder's, so it does not count for an answer sent before that substitution.
 */
export function seatAccountAt(
  match: SeatFacts,
  player: Player,
  at: string | undefined,
  countsForPhase: (event: MatchEvent) => boolean,
  from: string | undefined,
): SeatAccount {
  let email = player.email;
  let name = player.name;
  let passedOn: SeatAccount['passedOn'];
  for (const event of match.events ?? []) {
    if (event.type === 'substitute' && event.player === player.id) {
      // A substitution after the answer was sent: the seat was still the sender's, whatever follows.
      if (at !== undefined && isAfter(event.at, at)) break;
      if (from !== undefined && email !== undefined && sameAccount(from, email))
        passedOn = { from: name, to: event.name, at: event.at };
      else if (from !== undefined && sameAccount(from, event.email)) passedOn = undefined;
      email = event.email;
      name = event.name;
    } else if (event.type === 'email' && event.player === player.id && countsForPhase(event)) {
      email = event.email;
    }
  }
  return { email, ...(passedOn ? { passedOn } : {}) };
}

/**
 * A substitute's name told apart from every other seat's (as checkPlayers tells players apart): the
 * players' names and ids, and the names later substitutes took, except the seat's own earlier names
 * (a player may come back to their seat). In an anonymous match a substitute takes the seat's alias
 * (`name`) and is named only in `person`, which reads as no one else playing: a person twice would
 * leave the host's Who is who table saying two seats are one person's.
 */
export function checkSubstitutes(
  players: readonly { readonly id: string; readonly name: string; readonly person?: string }[],
  events: readonly {
    readonly type: string;
    readonly player?: string;
    readonly name?: string;
    readonly person?: string;
  }[],
  anonymous = false,
): Result<null> {
  const names = new Map<string, string>();
  const people = new Map<string, { seat: string; where: string }>();
  for (const [index, p] of players.entries()) {
    names.set(nameKey(p.name), p.id);
    names.set(nameKey(p.id), p.id);
    if (p.person !== undefined) people.set(nameKey(p.person), { seat: p.id, where: `players[${index}]` });
  }
  for (const [index, event] of events.entries()) {
    if (event.type !== 'substitute' || event.player === undefined || event.name === undefined) continue;
    if (event.person !== undefined) {
      if (!anonymous)
        return err(
          `events[${index}].person: only an anonymous match ("anonymous": true) names a person behind a substitute`,
        );
      const seat = players.find((p) => p.id === event.player);
      if (seat && nameKey(seat.name) !== nameKey(event.name))
        return err(
          `events[${index}].name: ${quote(event.name)} is not the seat's alias ${quote(seat.name)}; in an anonymous match a substitute plays under the seat's alias`,
        );
      const other = people.get(nameKey(event.person));
      if (other !== undefined && other.seat !== event.player) {
        const otherSeat = players.find((p) => p.id === other.seat);
        return err(
          `events[${index}].person: ${quote(event.person)} is the name of the person playing as ${quote(otherSeat?.name ?? other.seat)} (${other.where}); a substitute's name must differ from every other player's`,
        );
      }
      people.set(nameKey(event.person), { seat: event.player, where: `events[${index}]` });
      continue;
    }
    const other = names.get(nameKey(event.name));
    if (other !== undefined && other !== event.player) {
      const seat = players.find((p) => p.id === other);
      return err(
        `events[${index}].name: ${quote(event.name)} reads as the name or id of ${seat ? quote(seat.name) : quote(other)}'s seat; a substitute's name must differ from every other player's`,
      );
    }
    // An anonymous match's substitute logged before substitutes took the alias: their name is a person's too.
    if (anonymous) {
      const person = people.get(nameKey(event.name));
      if (person !== undefined && person.seat !== event.player)
        return err(
          `events[${index}].name: ${quote(event.name)} is the name of the person playing as ${quote(players.find((p) => p.id === person.seat)?.name ?? person.seat)} (${person.where}); a substitute's name must differ from every other player's`,
        );
    }
    names.set(nameKey(event.name), event.player);
  }
  return ok(null);
}
