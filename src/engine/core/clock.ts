// A game's own turn clock (Game.turnClock) for options as a host typed them: the sidebar's
// projection of trigger time asks it before the options are checked as a whole, so options the
// schema refuses count as the game's defaults.

import type { AnyGame, TurnClock } from './game.js';

/** The turn clock of `game` with `options` (or its defaults, where they do not read), or null when the schedule times the game. */
export function turnClockOf(game: AnyGame | undefined, options: unknown): TurnClock | null {
  if (!game?.turnClock) return null;
  const read = game.optionsSchema.safeParse(options ?? {});
  if (read.success) return game.turnClock(read.data);
  const defaults = game.optionsSchema.safeParse({});
  return defaults.success ? game.turnClock(defaults.data) : null;
}
