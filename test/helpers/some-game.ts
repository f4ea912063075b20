// "Some game" for a test that needs one but tests nothing of its rules: taken from the registry by
// a property the test relies on, never by its id (test/build/names.test.ts), so any registered game
// that has the property serves and adding or removing a game changes nothing here.
import type { AnyGame } from '../../src/engine/core/game.js';
import { GAME_LIST, newMatch, playMatch, replayMatch } from '../../src/engine/index.js';

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

/**
 * The first registered game for `players` whose every phase asks only private questions, so that
 * every answer comes by form (a bot match shows its phases).
 */
export function formOnlyGame(players: number): AnyGame {
  return first(`for ${players} answered by form only`, (game) => {
    if (game.playerCount.min > players || players > game.playerCount.max) return false;
    const fresh = newMatch(game.id, { seed: 'form-only', players });
    if (!fresh.ok) return false;
    return replayMatch(playMatch(fresh.value)).closed.every((closed) =>
      Object.values(closed.phase.questions).every((questions) => questions.every((question) => !question.public)),
    );
  });
}
