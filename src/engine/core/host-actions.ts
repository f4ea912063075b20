// The Host actions list (README "Guardrails"): every extension, pause, resume, undo, email
// correction, substitution, Resolve overdue now and decision of the host, with its time and the reason the host gave,
// for everyone to read on the spectators' sheet and in the next Discord post of a result. It says
// what was done, never a private fact: a corrected email is "corrected Bob's email", not the address.

import type { Decision, MatchEvent, SubstituteEvent } from './game.js';
import { isAfter } from './zones.js';
import type { ReplayResult } from './replay.js';
import { seatName, substitutionsOf } from './seats.js';
import type { Table } from './view.js';
import { zonedText } from './zones.js';

export interface HostAction {
  readonly at: string;
  /** What the host did, in words (no address, no private answer). */
  readonly what: string;
  /** The reason the host gave, as the host typed it (player text: written as text, never a formula). */
  readonly reason: string;
}

type Named = Pick<ReplayResult, 'match' | 'closed' | 'open'> & Partial<Pick<ReplayResult, 'asked'>>;

/** A time as the spectators read it: on the match zone's clock, with its offset (never an ISO time). */
function when(result: Named, iso: string): string {
  return zonedText(iso, result.match.schedule?.timeZone ?? 'UTC');
}

/** A phase's title where the replay met it, else its id. */
function phaseTitle(result: Named, id: string): string {
  if (result.open?.phase.id === id) return result.open.phase.title;
  return [...result.closed].reverse().find((c) => c.phase.id === id)?.phase.title ?? id;
}

/** A seat's name as the list gives it (seatName, as of the list's time). */
type Namer = (player: string) => string;

/** The seats' names and substitutions, worked out once for the whole list. */
interface Seats {
  /** A seat's name as of the list's time. */
  readonly name: Namer;
  /** A seat's name by every substitution logged (a balance changed before the match). */
  readonly nameEver: Namer;
  /** Every substitution logged, in order (substitutionsOf). */
  readonly substitutions: readonly SubstituteEvent[];
}

function eventAction(result: Named, event: MatchEvent, seats: Seats): string | null {
  switch (event.type) {
    case 'extend':
      return `Extended ${phaseTitle(result, event.phase)} to ${when(result, event.deadline)}`;
    case 'reopen':
      return `Reopened ${phaseTitle(result, event.phase)} (Undo last phase) until ${when(result, event.deadline)}`;
    case 'pause':
      return 'Paused the match';
    case 'resume':
      return 'Resumed the match';
    case 'email':
      return `Corrected ${seats.name(event.player)}'s email`;
    case 'substitute':
      return substituteAction(result, event, seats.substitutions);
    case 'resolve':
      return 'Resolved what was overdue (Resolve overdue now)';
    default:
      return null;
  }
}

/** "Zed took Ann's seat", or "Ann is back in their seat": the people by their own names, never an address. */
function substituteAction(result: Named, event: SubstituteEvent, substitutions: readonly SubstituteEvent[]): string {
  const seat = result.match.players.find((p) => p.id === event.player);
  const first = seat?.name ?? event.player;
  // An anonymous match's substitute takes the alias: everyone reads that the seat changed hands, never who holds it.
  if (event.person !== undefined)
    return event.person === seat?.person
      ? `${first}'s own player is back in their seat (from ${event.at})`
      : `A substitute took ${first}'s seat, under the same alias (from ${event.at})`;
  const earlier = substitutions.filter((e) => e.player === event.player && isAfter(event.at, e.at));
  const before = earlier.length > 0 ? earlier[earlier.length - 1].name : first;
  if (event.name === first) return `${first} is back in their seat, after ${before} (from ${when(result, event.at)})`;
  return `${event.name} took ${before}'s seat (from ${when(result, event.at)})`;
}

function rowEditAction(player: string, name: Namer): string {
  const seat = name(player);
  return `${seat}'s public row was changed from another Google account than ${seat}'s`;
}

function decisionAction(result: Named, decision: Decision, name: Namer): string {
  const chosen = result.match.players.some((p) => p.id === decision.choice) ? name(decision.choice) : decision.choice;
  // The question as the game asked it, never its id ("dmo", "tol-gift").
  const question = result.asked?.find((a) => a.id === decision.id)?.question;
  return question ? `Decided "${question}": ${chosen}` : `Made a host decision: ${chosen}`;
}

/**
 * Every host action that happened by `now` (all, without it), oldest first. Decisions without a
 * time (a hand-written file) are listed last, as the file gives them.
 */
export function hostActions(result: Named, now?: string): HostAction[] {
  const happened = (at: string | undefined) => at === undefined || now === undefined || !isAfter(at, now);
  const seats: Seats = {
    name: (player) => seatName(result.match, player, now),
    nameEver: (player) => seatName(result.match, player),
    substitutions: substitutionsOf(result.match),
  };
  const { name, nameEver } = seats;
  const events = (result.match.events ?? []).flatMap((event) => {
    const what = happened(event.at) ? eventAction(result, event, seats) : null;
    return what === null ? [] : [{ at: event.at, what, reason: 'reason' in event ? (event.reason ?? '') : '' }];
  });
  // A public row changed by an account Google named, and not the row's player: the host (who can
  // edit every row) answered for them. One Google named no one for is listed apart (rowEditsTable).
  const rows = result.match.submissions.flatMap((s) =>
    s.via === 'row' && s.editedBy === 'other' && s.at !== undefined && happened(s.at)
      ? [{ at: s.at, what: rowEditAction(s.player, name), reason: '' }]
      : [],
  );
  const decisions = result.match.decisions
    .filter((d) => happened(d.at))
    .map((d) => ({ at: d.at ?? '', what: decisionAction(result, d, name), reason: d.reason ?? '' }));
  const timed = [
    ...seasonActions(result, happened, nameEver),
    ...events,
    ...rows,
    ...decisions.filter((d) => d.at !== ''),
  ].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return [...seasonActions(result, happened, nameEver, false), ...timed, ...decisions.filter((d) => d.at === '')];
}

/**
 * The host's changes of balance made since the season's last match (docs/season.md): public host
 * actions like any other, with their reason. Those without a time (a hand-written file) come first,
 * as they came before the match.
 */
function seasonActions(
  result: Named,
  happened: (at: string | undefined) => boolean,
  name: Namer,
  timed = true,
): HostAction[] {
  return (result.match.season?.adjustments ?? [])
    .filter((a) => (a.at !== undefined) === timed && happened(a.at))
    .map((a) => {
      const what = [
        a.garnets ? `${a.garnets > 0 ? '+' : ''}${a.garnets} garnet${Math.abs(a.garnets) === 1 ? '' : 's'}` : '',
        a.tokensOfLife
          ? `${a.tokensOfLife > 0 ? '+' : ''}${a.tokensOfLife} Token${Math.abs(a.tokensOfLife) === 1 ? '' : 's'} of Life`
          : '',
      ]
        .filter(Boolean)
        .join(' and ');
      return {
        at: a.at ?? '',
        what: `Changed ${name(a.player)}'s balance before this match: ${what || 'nothing'}`,
        reason: a.reason,
      };
    });
}

/** The Host actions list as a table of the spectators' (and the host's) sheet. */
export function hostActionsTable(result: Named, now?: string): Table {
  const actions = hostActions(result, now);
  return {
    title: 'Host actions: everything the host did, when, and why',
    header: ['Time', 'Host action', 'Reason'],
    rows:
      actions.length === 0
        ? [['', 'none yet', '']]
        : actions.map((a) => [
            a.at === '' ? '' : when(result, a.at),
            a.what,
            a.reason === '' ? '(no reason given)' : a.reason,
          ]),
  };
}

/**
 * The public-row edits Google named no editor for, under their own heading of the Host actions tab
 * (null when there are none). An installable edit trigger's event names only the trigger's owner
 * (the host) as the user (docs/google.md, "Public rows"), so nearly every player's own edit is one
 * of these. Each row is protected so that only its player and the spreadsheet's owner can edit it:
 * such an edit is the player's or the host's, and the list says so instead of counting it among
 * the host's actions.
 */
export function rowEditsTable(result: Named, now?: string): Table | null {
  const happened = (at: string) => now === undefined || !isAfter(at, now);
  const edits = result.match.submissions.filter(
    (s): s is typeof s & { at: string } =>
      s.via === 'row' && s.editedBy === 'unknown' && s.at !== undefined && happened(s.at),
  );
  if (edits.length === 0) return null;
  return {
    title: 'Row edits Google did not name an editor for',
    caption:
      "Google does not say who changed a player's row. Each row is protected: only its player and the host can change it, so each of these was the row's player or the host.",
    header: ['Time', 'Row changed', 'Changed by'],
    rows: edits
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
      .map((s) => {
        const name = seatName(result.match, s.player, now);
        return [when(result, s.at), `${name}'s row`, `${name} or the host`];
      }),
  };
}
