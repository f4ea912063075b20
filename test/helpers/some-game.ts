// "Some game" for a test that needs one but tests nothing of its rules: taken from the registry by
// a property the test relies on, never by its id (test/build/names.test.ts), so any registered game
// that has the property serves and adding or removing a game changes nothing here.
import type { AnyGame } from '../../src/engine/core/game.js';
import { GAME_LIST } from '../../src/engine/index.js';

function first(what: string, test: (game: AnyGame) => boolean): AnyGame {
  const game = GAME_LIST.find(test);
  if (!game) throw new Error(`no registered game ${what}`);
  return game;
}

/** The first registered game that seats `players` players. */
export function gameSeating(players: number): AnyGame {
  return first(
    `seats ${players} players`,
    (game) => game.playerCount.min <= players && players <= game.playerCount.max,
  );
}

/** The first registered game whose phases run on its own turn clock rather than the schedule. */
export function clockedGame(): AnyGame {
  return first('has a turn clock', (game) => game.turnClock !== undefined);
}
