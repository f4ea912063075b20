// When the players who have not answered are reminded of a deadline (README, "Reminders"). Pure:
// the times follow from the open phase's timing and the match's schedule, so every execution, and
// the projection in the sidebar, computes the same ones.

import type { PhaseTiming } from '../../engine/core/game.js';
import type { Schedule } from '../../engine/core/matchfile.js';
import type { ReplayResult } from '../../engine/index.js';

/** A phase longer than this (minutes) is reminded of twice, as the defaults say. */
const LONG_PHASE_MINUTES = 120;
const LONG_PHASE_REMINDERS: readonly number[] = [60, 10];
const SHORT_PHASE_REMINDERS: readonly number[] = [5];

/** One reminder of one opening of a phase: `minutes` before `deadline`, due `at`. */
export interface ReminderTime {
  readonly minutes: number;
  readonly at: string;
  readonly deadline: string;
  /** The same for every execution that looks at it: `remind:<phase>@<deadline>:<minutes>` (a later deadline, after an extension, is a new reminder). */
  readonly key: string;
}

/**
 * The minutes before the deadline at which a phase of `phaseMinutes` is reminded of, latest
 * first: the host's choice (`schedule.reminders`) or the defaults, 60 and 10 minutes for a phase
 * longer than two hours, 5 for a shorter one. A reminder that would come before the phase opens
 * is left out.
 */
export function reminderMinutes(schedule: Pick<Schedule, 'reminders'> | undefined, phaseMinutes: number): number[] {
  const chosen =
    schedule?.reminders ?? (phaseMinutes > LONG_PHASE_MINUTES ? LONG_PHASE_REMINDERS : SHORT_PHASE_REMINDERS);
  return [...new Set(chosen)].filter((m) => m > 0 && m < phaseMinutes).sort((a, b) => b - a);
}

/** The reminders of an open phase, earliest first; none without an opening and a deadline (a match without a schedule). */
export function reminderTimes(
  phaseId: string,
  timing: PhaseTiming,
  schedule: Pick<Schedule, 'reminders'> | undefined,
): ReminderTime[] {
  const { opensAt, deadline } = timing;
  if (opensAt === undefined || deadline === undefined) return [];
  const end = Date.parse(deadline);
  const length = (end - Date.parse(opensAt)) / 60_000;
  return reminderMinutes(schedule, length).map((minutes) => ({
    minutes,
    at: new Date(end - minutes * 60_000).toISOString(),
    deadline,
    key: `remind:${phaseId}@${deadline}:${minutes}`,
  }));
}

/**
 * The reminder due now: the latest one whose time has come while the deadline has not. An
 * execution that comes late (the ticks were refused for an hour) sends only the latest, not one
 * of each it missed.
 */
export function dueReminder(times: readonly ReminderTime[], now: string): ReminderTime | null {
  const at = Date.parse(now);
  const due = times.filter((t) => Date.parse(t.at) <= at && at < Date.parse(t.deadline));
  return due.length > 0 ? due[due.length - 1] : null;
}

/** When the next reminder is due (the ticks wake for it), or null when none is ahead. */
export function nextReminderAt(times: readonly ReminderTime[], now: string): string | null {
  const at = Date.parse(now);
  return times.find((t) => Date.parse(t.at) > at)?.at ?? null;
}

/**
 * The open phase's reminders as one replay has them: the one due now and when the next is due.
 * None while the host's pause goes on (its deadline moves at the resume, and its reminders with it).
 */
export function openReminders(result: ReplayResult, now: string): { due: ReminderTime | null; next: string | null } {
  const open = result.paused ? null : result.open;
  const times = open ? reminderTimes(open.phase.id, open.timing, result.match.schedule) : [];
  return { due: dueReminder(times, now), next: nextReminderAt(times, now) };
}
