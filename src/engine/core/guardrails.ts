// The host's guardrails (docs/matchfile.md, "Guardrails"): a cap on how far the host's extensions
// may move one phase's deadline in all, and on how many times a match may be paused. They are on
// by default; the host chooses them at New match… and the match file keeps them. The menu asks
// here before it logs anything, so an action past a cap is refused with one line and leaves no trace.

import type { MatchFile, Guardrails } from './matchfile.js';
import type { ReplayResult } from './replay.js';
import { deadlineOf, isAfter, pausesOf } from './deadlines.js';

/** Two days of extensions a phase, three pauses a match: room for a real emergency, not for a match that never ends. */
export const DEFAULT_GUARDRAILS: Guardrails = { extensionMinutes: 2880, pauses: 3 };

function guardrailsOf(match: Pick<MatchFile, 'guardrails'>): Guardrails {
  return match.guardrails ?? DEFAULT_GUARDRAILS;
}

/** Minutes as people say them: "2 days", "90 minutes", "1 day 6 hours". */
function minutesText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = Math.round(minutes % 60);
  const parts = [
    days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '',
    hours > 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : '',
    rest > 0 ? `${rest} minute${rest === 1 ? '' : 's'}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? '0 minutes' : parts.join(' ');
}

/** The guardrails in one line, as the players' and spectators' sheets show them. */
export function guardrailsLine(match: Pick<MatchFile, 'guardrails'>): string {
  const { extensionMinutes, pauses } = guardrailsOf(match);
  const extend =
    extensionMinutes === 0
      ? 'The host cannot extend a deadline'
      : `The host may extend a phase's deadline by ${minutesText(extensionMinutes)} in all`;
  const pause =
    pauses === 0 ? 'cannot pause the match' : `may pause the match ${pauses} time${pauses === 1 ? '' : 's'}`;
  return `${extend}, and ${pause}; every host action is listed with its reason on the spectators' Host actions tab`;
}

/**
 * Why extending the open phase to `deadline` goes past the cap, or null: the new deadline may lie
 * at most `extensionMinutes` after the deadline the schedule gave this opening of the phase (moved
 * by the pauses, which are capped on their own).
 */
export function extensionRefusal(result: ReplayResult, deadline: string, now: string): string | null {
  const open = result.open;
  if (!open) return null;
  const { extensionMinutes } = guardrailsOf(result.match);
  const pauses = pausesOf((result.match.events ?? []).filter((event) => !isAfter(event.at, now)));
  const scheduled = deadlineOf(open.phase, open.timing.opensAt, result.match.schedule, pauses);
  if (scheduled === undefined || !isAfter(deadline, scheduled)) return null;
  const minutes = (Date.parse(deadline) - Date.parse(scheduled)) / 60_000;
  if (minutes <= extensionMinutes) return null;
  const latest = new Date(Date.parse(scheduled) + extensionMinutes * 60_000).toISOString();
  return extensionMinutes === 0
    ? `Refused: this match's guardrails allow no extension (${open.phase.title} closes at ${scheduled}); nothing was changed.`
    : `Refused: this match's guardrails allow ${minutesText(extensionMinutes)} of extension a phase, so ${open.phase.title} can close at ${latest} at the latest (its schedule says ${scheduled}); nothing was changed.`;
}

/** Why another pause goes past the cap, or null. */
export function pauseRefusal(match: MatchFile, now: string): string | null {
  const { pauses } = guardrailsOf(match);
  const used = (match.events ?? []).filter((event) => event.type === 'pause' && !isAfter(event.at, now)).length;
  if (used < pauses) return null;
  return pauses === 0
    ? `Refused: this match's guardrails allow no pause; nothing was changed.`
    : `Refused: this match's guardrails allow ${pauses} pause${pauses === 1 ? '' : 's'}, and the match has had ${used}; nothing was changed.`;
}
