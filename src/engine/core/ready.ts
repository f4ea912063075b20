// Close early when everyone is ready (docs/matchfile.md, "Host events"): a phase whose
// `schedule.closeWhenReady` is on closes as soon as every player who may answer is ready. The
// add-on's execution notices it and logs a `close` event; replay closes the phase at that event,
// so the log stays the single truth and nothing here reads a clock.

import type { AnyGame, CloseEvent, PhaseSpec } from './game.js';
import type { MatchFile, Schedule } from './matchfile.js';
import { type ReplayResult, replay } from './replay.js';

/**
 * Whether `phase` closes when every player is ready: the schedule's `closeWhenReady` by phase id,
 * then by kind, then `default`; a schedule without it (a match started before the option) never
 * closes early.
 */
export function closeWhenReadyFor(schedule: Schedule | undefined, phase: PhaseSpec): boolean {
  const own = schedule?.closeWhenReady;
  return own?.[phase.id] ?? own?.[phase.kind] ?? own?.default ?? false;
}

/** The game's defaults by phase kind (docs/games/<game>.md, Options): on where the rules leave the round length open. */
export function defaultCloseWhenReady(game: AnyGame): Record<string, boolean> {
  return { ...(game.closeWhenReady ?? {}) };
}

/** The players who have something to answer in `phase`. */
function answering(phase: PhaseSpec): string[] {
  return Object.entries(phase.questions)
    .filter(([, questions]) => questions.length > 0)
    .map(([player]) => player);
}

/**
 * The `close` event to log now, or null: the open phase closes when ready, has opened, is not past
 * its deadline, the match is not paused, and every player who may answer is ready (replay's
 * `open.ready`: their answer that counts was accepted whole).
 */
export function readyClose(result: ReplayResult, now: string): CloseEvent | null {
  const open = result.open;
  if (!open || result.paused || !closeWhenReadyFor(result.match.schedule, open.phase)) return null;
  const at = Date.parse(now);
  if (open.timing.opensAt !== undefined && Date.parse(open.timing.opensAt) > at) return null;
  if (open.timing.deadline !== undefined && Date.parse(open.timing.deadline) <= at) return null;
  const players = answering(open.phase);
  if (players.length === 0 || !players.every((p) => open.ready.includes(p))) return null;
  return { type: 'close', phase: open.phase.id, at: new Date(at).toISOString() };
}

/**
 * When each phase of a match set up without answers closes at the earliest: at its deadline, or,
 * where it closes when ready, the moment it opens (every player ready at once). The busiest days
 * a match can have, for the projection of its daily trigger time (src/triggers/schedule/trigger-time.ts).
 */
export function earliestCloses(game: AnyGame, match: MatchFile): string[] {
  let file = match;
  const tried = new Set<string>();
  // One phase at a time: each close moves every later phase's opening.
  for (;;) {
    const result = replay(game, file);
    const early = result.closed.find(
      (c) => !tried.has(c.phase.id) && closeWhenReadyFor(file.schedule, c.phase) && c.timing.opensAt !== undefined,
    );
    if (!early?.timing.opensAt) return result.closed.flatMap((c) => (c.timing.closedAt ? [c.timing.closedAt] : []));
    tried.add(early.phase.id);
    const close: CloseEvent = { type: 'close', phase: early.phase.id, at: early.timing.opensAt };
    file = { ...file, events: [...(file.events ?? []), close] };
  }
}
