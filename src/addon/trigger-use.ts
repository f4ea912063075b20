// What a match of each game at its largest is expected to spend of the host account's daily
// trigger time, on the sidebar's default schedule (a phase a day), for Check this account…: the
// projection of src/triggers/trigger-time.ts (the bench measures each game beside it).

import { GAME_LIST } from '../engine/index.js';
import { DAILY_TRIGGER_MINUTES, projectTriggerUse } from '../triggers/trigger-time.js';

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

export const EXPECTED_TRIGGER_USE: readonly ExpectedUse[] = GAME_LIST.map((game) => ({
  game: game.id,
  players: game.playerCount.max,
  // Peg Domain runs on its turn clock (its defaults: 120 s a turn, 480 s of reserve each).
  minutesPerDay: projectTriggerUse({
    players: game.playerCount.max,
    minutes: DEFAULT_MINUTES,
    ...(game.closesEarly !== undefined ? { turnClock: { turnSeconds: 120, reserveSeconds: 480 } } : {}),
  }).minutesPerDay,
  why: "a phase a day (the sidebar's default); shorter phases cost more, and the sidebar shows how much",
}));
