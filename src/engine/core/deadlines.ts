// Deadlines: from the schedule or the game's clock, and the host's pauses (Pause and resume:
// docs/matchfile.md, "Host events"). While the match stands paused nothing closes and nothing sent
// counts; a resume moves every deadline not yet passed at the pause by the time the match stood
// paused. Pure: times in, times out.

import type { MatchEvent, PhaseSpec } from './game.js';
import type { Schedule, WallClockRule } from './matchfile.js';
import { instantOf, localTime } from './zones.js';

/** One pause: from the `pause` event until its `resume` (absent while the match is still paused). */
export interface Pause {
  readonly from: string;
  readonly until?: string;
  /** While it goes on: when the match's paused time runs out and it ends by itself (guardrails' pauseMinutes). */
  readonly endsAt?: string;
}

/**
 * The pauses the events hold, in the order of the file: a `pause` while paused and a `resume`
 * while not paused (or dated before its pause) change nothing. With `budgetMinutes` (the
 * guardrails' pauseMinutes), the match stands paused that long in all: a pause ends by itself
 * when the time runs out (at `now` or before; one still going on says when in `endsAt`), and a
 * pause begun with none left ends where it began.
 */
export function pausesOf(events: readonly MatchEvent[], budgetMinutes?: number, now?: string): Pause[] {
  const out: Pause[] = [];
  let left = budgetMinutes === undefined ? Infinity : budgetMinutes * 60_000;
  // The pause from `from`, resumed at `until` (undefined: not yet), as the budget lets it last as of `asOf`.
  const end = (from: string, until: string | undefined, asOf: string | undefined): Pause => {
    const cut = Date.parse(from) + left;
    if (until !== undefined && Date.parse(until) <= cut) {
      left -= Date.parse(until) - Date.parse(from);
      return { from, until };
    }
    if (!Number.isFinite(cut)) return until === undefined ? { from } : { from, until };
    // The budget runs out before the resume (or with none yet).
    const endsAt = new Date(cut).toISOString();
    if (until !== undefined || asOf === undefined || Date.parse(asOf) >= cut) {
      left = 0;
      return { from, until: endsAt };
    }
    return { from, endsAt };
  };
  let from: string | undefined;
  for (const event of events) {
    // A pause that ran out of time before this event has ended: a pause after it is a new one.
    if (from !== undefined && Date.parse(from) + left <= Date.parse(event.at)) {
      out.push(end(from, undefined, event.at));
      from = undefined;
    }
    if (event.type === 'pause' && from === undefined) from = event.at;
    else if (event.type === 'resume' && from !== undefined && Date.parse(event.at) >= Date.parse(from)) {
      out.push(end(from, event.at, event.at));
      from = undefined;
    }
  }
  if (from !== undefined) out.push(end(from, undefined, now));
  return out;
}

/** The pause still going on (no resume yet), or null. */
export function openPause(pauses: readonly Pause[]): Pause | null {
  const last = pauses[pauses.length - 1];
  return last && last.until === undefined ? last : null;
}

/**
 * `deadline` moved by every finished pause that began once it was set (`setAt`; undefined: set
 * before the match, as the schedule's explicit deadlines) and before it passed. A deadline a pause
 * began at has passed (its phase closed then). A deadline counted from a phase's opening is set at
 * the opening, which earlier pauses have moved already.
 */
export function shiftedDeadline(deadline: string, setAt: string | undefined, pauses: readonly Pause[]): string {
  let ms = Date.parse(deadline);
  for (const pause of pauses) {
    if (pause.until === undefined) break;
    const from = Date.parse(pause.from);
    if ((setAt !== undefined && from < Date.parse(setAt)) || from >= ms) continue;
    ms += Date.parse(pause.until) - from;
  }
  return new Date(ms).toISOString();
}

/** Milliseconds the match stood paused between `start` and `end` (by pauses that began in it): a turn clock does not run while paused. */
export function pausedBetween(start: string, end: string, pauses: readonly Pause[]): number {
  let ms = 0;
  for (const pause of pauses) {
    const from = Date.parse(pause.from);
    if (pause.until === undefined || from < Date.parse(start) || from >= Date.parse(end)) continue;
    ms += Date.parse(pause.until) - from;
  }
  return ms;
}

/** The pause `at` falls in (from its start, up to its resume), or null. */
export function pauseAt(at: string, pauses: readonly Pause[]): Pause | null {
  const ms = Date.parse(at);
  return pauses.find((p) => Date.parse(p.from) <= ms && (p.until === undefined || ms < Date.parse(p.until))) ?? null;
}

function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** `mon` … `sun` as JavaScript numbers its weekdays (0 is Sunday). */
export const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * The first time the zone's clocks read `rule.time` on a day `rule.days` allows (every day when
 * absent), at least `rule.atLeastHours` after `opensAt`. On a day that time does not exist (the
 * spring gap), the moment the clocks jump past it; on a day it exists twice (the autumn overlap),
 * the earlier one (zones.ts).
 */
export function wallClockDeadline(opensAt: string, rule: WallClockRule, zone: string): string {
  const earliest = Date.parse(opensAt) + rule.atLeastHours * 3_600_000;
  const [hour, minute] = rule.time.split(':').map(Number);
  const first = localTime(earliest, zone);
  // Every weekday comes within a week: eight days always hold a deadline after `earliest`.
  for (let i = 0; ; i++) {
    const day = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    if (rule.days && !rule.days.includes(WEEKDAY_NAMES[day.getUTCDay()])) continue;
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    const at = instantOf(date, hour, minute, zone);
    if (at >= earliest) return new Date(at).toISOString();
  }
}

/**
 * How the schedule times a phase counted from its opening: by the phase's id, then its kind, then
 * `default`, the first of these that `closeAt` (a wall-clock rule) or `minutes` names; at one
 * level `closeAt` wins.
 */
function scheduledDeadline(phase: PhaseSpec, opensAt: string, schedule: Schedule): string | undefined {
  for (const key of [phase.id, phase.kind, 'default']) {
    const rule = schedule.closeAt?.[key];
    if (rule) return wallClockDeadline(opensAt, rule, schedule.timeZone);
    const minutes = schedule.minutes[key];
    if (minutes !== undefined) return addSeconds(opensAt, minutes * 60);
  }
  return undefined;
}

/**
 * The deadline of a phase that opened at `opensAt`, from the game's clock or the schedule, moved
 * by the host's finished pauses (an explicit deadline by every pause before it; one counted from
 * the opening by the pauses since).
 */
export function deadlineOf(
  phase: PhaseSpec,
  opensAt: string | undefined,
  schedule: Schedule | undefined,
  pauses: readonly Pause[],
): string | undefined {
  if (phase.maxSeconds !== undefined)
    return opensAt ? shiftedDeadline(addSeconds(opensAt, phase.maxSeconds), opensAt, pauses) : undefined;
  if (!schedule) return undefined;
  const explicit = schedule.deadlines[phase.id];
  if (explicit) return shiftedDeadline(explicit, undefined, pauses);
  const deadline = opensAt ? scheduledDeadline(phase, opensAt, schedule) : undefined;
  return deadline === undefined ? undefined : shiftedDeadline(deadline, opensAt, pauses);
}
