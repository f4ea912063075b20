// Deadlines: from the schedule or the game's clock, and the host's pauses (Pause and resume:
// docs/matchfile.md, "Host events"). While the match stands paused nothing closes and nothing sent
// counts; a resume moves every deadline not yet passed at the pause by the time the match stood
// paused. Pure: times in, times out.

import type { MatchEvent, PhaseSpec } from './game.js';
import type { Schedule } from './matchfile.js';

/** One pause: from the `pause` event until its `resume` (absent while the match is still paused). */
export interface Pause {
  readonly from: string;
  readonly until?: string;
}

/**
 * The pauses the events hold, in the order of the file: a `pause` while paused and a `resume`
 * while not paused (or dated before its pause) change nothing.
 */
export function pausesOf(events: readonly MatchEvent[]): Pause[] {
  const out: Pause[] = [];
  let from: string | undefined;
  for (const event of events) {
    if (event.type === 'pause' && from === undefined) from = event.at;
    else if (event.type === 'resume' && from !== undefined && Date.parse(event.at) >= Date.parse(from)) {
      out.push({ from, until: event.at });
      from = undefined;
    }
  }
  if (from !== undefined) out.push({ from });
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

export function isAfter(a: string, b: string): boolean {
  return Date.parse(a) > Date.parse(b);
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
  const minutes = schedule.minutes[phase.id] ?? schedule.minutes[phase.kind] ?? schedule.minutes.default;
  if (minutes === undefined || !opensAt) return undefined;
  return shiftedDeadline(addSeconds(opensAt, minutes * 60), opensAt, pauses);
}
