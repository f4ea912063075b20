// The host's guardrails (docs/matchfile.md, "Guardrails"): a cap on the extra time the host may
// give one phase in all (every extension past the deadline it moved, every Undo last phase's
// reopening), on how many times a match may be paused, and on how long it may stand paused in all.
// They are on by default; the host chooses them at New match… and the match file keeps them. The
// menu asks here before it logs anything, so an action past a cap is refused with one line and
// leaves no trace; the paused time is also kept by replay, which ends a pause when it runs out.

import type { MatchEvent } from './game.js';
import type { MatchFile, Guardrails } from './matchfile.js';
import type { ReplayResult } from './replay.js';
import { deadlineOf, pausesOf } from './deadlines.js';
import { isAfter } from './zones.js';

/** Two days of extra time a phase, three pauses a match and two days paused: room for a real emergency, not for a match that never ends. */
export const DEFAULT_GUARDRAILS: Guardrails = { extensionMinutes: 2880, pauses: 3, pauseMinutes: 2880 };

function guardrailsOf(match: Pick<MatchFile, 'guardrails'>): Required<Guardrails> {
  return { ...DEFAULT_GUARDRAILS, pauseMinutes: DEFAULT_GUARDRAILS.pauseMinutes ?? 0, ...match.guardrails };
}

/** Minutes as people say them: "2 days", "90 minutes", "1 day 6 hours". */
function minutesText(exact: number): string {
  const minutes = Math.round(exact);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '',
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    rest > 0 ? `${rest} minute${rest === 1 ? '' : 's'}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? '0 minutes' : parts.join(' ');
}

/** The guardrails in one line, as the players' and spectators' sheets show them. */
export function guardrailsLine(match: Pick<MatchFile, 'guardrails'>): string {
  const { extensionMinutes, pauses, pauseMinutes } = guardrailsOf(match);
  const extend =
    extensionMinutes === 0
      ? 'The host cannot extend a deadline'
      : `The host may extend a phase's deadline by ${minutesText(extensionMinutes)} in all`;
  // A file from before pauseMinutes: its pauses are not cut (replay reads only what the file says).
  const paused =
    match.guardrails && match.guardrails.pauseMinutes === undefined ? '' : ` for ${minutesText(pauseMinutes)} in all`;
  const pause =
    pauses === 0 || pauseMinutes === 0
      ? 'cannot pause the match'
      : `may pause the match ${pauses} time${pauses === 1 ? '' : 's'}${paused}`;
  return `${extend}, and ${pause}; every host action is listed with its reason on the spectators' Host actions tab`;
}

/** The events that have happened by `now`. */
function happened(match: MatchFile, now: string): MatchEvent[] {
  return (match.events ?? []).filter((event) => !isAfter(event.at, now));
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

/**
 * The extra time the host has given a phase so far, in minutes: every reopening (Undo last phase)
 * for as long as it reopened the phase, and every extension for how far it moved the deadline in
 * force (the schedule's, or the reopening's) later. So neither several small undos nor an undo
 * after an extension get around the cap.
 */
function extraMinutesUsed(result: ReplayResult, phaseId: string, now: string): number {
  const events = happened(result.match, now);
  const pauses = pausesOf(events, result.match.guardrails?.pauseMinutes, now);
  const openings = [...result.closed, ...(result.open ? [result.open] : [])].filter((c) => c.phase.id === phaseId);
  let used = 0;
  let opening: (typeof openings)[number] | undefined;
  let inForce: string | undefined;
  for (const event of events) {
    if ((event.type !== 'extend' && event.type !== 'reopen') || event.phase !== phaseId) continue;
    // The opening the event applies to: the last that began by its time.
    const current = openings
      .filter((o) => o.timing.opensAt === undefined || !isAfter(o.timing.opensAt, event.at))
      .at(-1);
    if (current !== opening || inForce === undefined) {
      if (current?.timing.opensAt !== opening?.timing.opensAt || inForce === undefined)
        inForce = current
          ? deadlineOf(current.phase, current.timing.opensAt, result.match.schedule, pauses)
          : undefined;
      opening = current;
    }
    if (event.type === 'reopen') {
      used += Math.max(0, minutesBetween(event.at, event.deadline));
      inForce = event.deadline;
    } else {
      used += inForce === undefined ? 0 : Math.max(0, minutesBetween(inForce, event.deadline));
      if (inForce === undefined || isAfter(event.deadline, inForce)) inForce = event.deadline;
    }
  }
  return used;
}

const at = (from: string, minutes: number) => new Date(Date.parse(from) + minutes * 60_000).toISOString();

/**
 * Why extending the open phase to `deadline` is refused, or null: an extension never shortens (the
 * new deadline is not before the one in force), and the extra time it adds, with what the phase has
 * had (extraMinutesUsed), stays within `extensionMinutes`.
 */
export function extensionRefusal(result: ReplayResult, deadline: string, now: string): string | null {
  const open = result.open;
  if (!open) return null;
  const current = open.timing.deadline;
  const title = open.phase.title;
  if (current !== undefined && isAfter(current, deadline))
    return `Refused: Extend deadline… only moves a deadline later, and ${deadline} is before ${title}'s deadline ${current}; nothing was changed.`;
  const { extensionMinutes } = guardrailsOf(result.match);
  const events = happened(result.match, now);
  const scheduled = deadlineOf(
    open.phase,
    open.timing.opensAt,
    result.match.schedule,
    pausesOf(events, result.match.guardrails?.pauseMinutes, now),
  );
  if (current === undefined) return null;
  const used = extraMinutesUsed(result, open.phase.id, now);
  const left = Math.max(0, extensionMinutes - used);
  if (minutesBetween(current, deadline) <= left) return null;
  const latest = at(current, left);
  const schedule = scheduled !== undefined ? ` (its schedule says ${scheduled})` : '';
  return extensionMinutes === 0
    ? `Refused: this match's guardrails allow no extension (${title} closes at ${current}); nothing was changed.`
    : `Refused: this match's guardrails allow ${minutesText(extensionMinutes)} of extension a phase, so ${title} can close at ${latest} at the latest${schedule}; nothing was changed.`;
}

/**
 * Why Undo last phase reopening `phaseId` until `deadline` is refused, or null: the reopening's
 * length counts as extra time for the phase, with what it has had already (extraMinutesUsed).
 */
export function reopenRefusal(result: ReplayResult, phaseId: string, deadline: string, now: string): string | null {
  const { extensionMinutes } = guardrailsOf(result.match);
  const title = [...result.closed].reverse().find((c) => c.phase.id === phaseId)?.phase.title ?? phaseId;
  const used = extraMinutesUsed(result, phaseId, now);
  const left = Math.max(0, extensionMinutes - used);
  if (minutesBetween(now, deadline) <= left) return null;
  if (left === 0)
    return `Refused: this match's guardrails allow ${minutesText(extensionMinutes)} of extra time a phase, and ${title} has had it all; nothing was changed.`;
  return `Refused: this match's guardrails allow ${minutesText(extensionMinutes)} of extra time a phase, and ${title} has had ${minutesText(used)}, so it can reopen until ${at(now, left)} at the latest; nothing was changed.`;
}

/** Why another pause goes past the caps (how many, how long in all), or null. */
export function pauseRefusal(match: MatchFile, now: string): string | null {
  const { pauses, pauseMinutes } = guardrailsOf(match);
  const events = happened(match, now);
  const used = events.filter((event) => event.type === 'pause').length;
  if (pauses === 0 || pauseMinutes === 0)
    return `Refused: this match's guardrails allow no pause; nothing was changed.`;
  if (used >= pauses)
    return `Refused: this match's guardrails allow ${pauses} pause${pauses === 1 ? '' : 's'}, and the match has had ${used}; nothing was changed.`;
  const paused = pausesOf(events, pauseMinutes, now).reduce(
    (sum, p) => sum + minutesBetween(p.from, p.until ?? now),
    0,
  );
  if (paused < pauseMinutes) return null;
  return `Refused: this match's guardrails allow ${minutesText(pauseMinutes)} paused in all, and the match has been paused that long; nothing was changed.`;
}
