// What a match of each game at its largest is expected to spend of the host account's daily
// trigger time, on the sidebar's default schedule (a phase a day), for Check this account…: the
// projection of src/triggers/schedule/trigger-time.ts, on the latencies of src/triggers/google/latency.ts (the
// bench's cost model reads the same table and measures each game beside it).

import { turnClockOf } from '../engine/core/clock.js';
import { GAME_LIST } from '../engine/index.js';
import { DAILY_TRIGGER_MINUTES, projectTriggerUse } from '../triggers/schedule/trigger-time.js';

export { DAILY_TRIGGER_MINUTES };

/** The sidebar's default phase length: a phase a day. */
const DEFAULT_MINUTES = { default: 1440 } as const;

export interface ExpectedUse {
  readonly game: string;
  /** The player count it is projected for (each game's largest). */
  readonly players: number;
  /** Trigger minutes a day, projected (conservative: see trigger-time.ts). */
  readonly minutesPerDay: number;
  /** What it assumes. */
  readonly why: string;
}

/** A game at its largest on the default schedule; a game on its own turn clock (Game.turnClock) on its default options. */
function projectUse(game: (typeof GAME_LIST)[number]): number {
  const clock = turnClockOf(game, {});
  return projectTriggerUse({
    players: game.playerCount.max,
    minutes: DEFAULT_MINUTES,
    ...(clock ? { turnClock: clock } : {}),
  }).minutesPerDay;
}

export const EXPECTED_TRIGGER_USE: readonly ExpectedUse[] = GAME_LIST.map((game) => ({
  game: game.id,
  players: game.playerCount.max,
  minutesPerDay: projectUse(game),
  why: "a phase a day (the sidebar's default); shorter phases cost more, and the sidebar shows how much",
}));
