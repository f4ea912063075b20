// A game's own turn clock (Game.turnClock, core/clock.ts): what the sidebar's trigger-time
// projection and Check this account… count a game's turns by, asked of the definition and never
// written beside it.
import { describe, expect, it } from 'vitest';
import { EXPECTED_TRIGGER_USE } from '../../src/addon/trigger-use.js';
import { turnClockOf } from '../../src/engine/core/clock.js';
import type { AnyGame } from '../../src/engine/core/game.js';
import { GAME_LIST } from '../../src/engine/index.js';
import { projectTriggerUse } from '../../src/triggers/schedule/trigger-time.js';
import { tinyGame } from '../helpers/tiny-game.js';

/** The tiny test game on a clock of `rounds` × 60 seconds a turn and 30 of reserve. */
const clocked: AnyGame = {
  ...tinyGame,
  turnClock: (options: { rounds: number }) => ({ turnSeconds: options.rounds * 60, reserveSeconds: 30 }),
};

describe('turn clock', () => {
  it('is what the definition says for the options typed, and its defaults where they do not read', () => {
    expect(turnClockOf(clocked, { rounds: 3 })).toEqual({ turnSeconds: 180, reserveSeconds: 30 });
    expect(turnClockOf(clocked, undefined)).toEqual({ turnSeconds: 120, reserveSeconds: 30 });
    expect(turnClockOf(clocked, { rounds: 'three' })).toEqual({ turnSeconds: 120, reserveSeconds: 30 });
    expect(turnClockOf(tinyGame, { rounds: 3 })).toBeNull();
  });

  it('every game on a clock is projected on it in Check this account…; every other game on the schedule', () => {
    for (const game of GAME_LIST) {
      const clock = turnClockOf(game, {});
      const expected = projectTriggerUse({
        players: game.playerCount.max,
        minutes: { default: 1440 },
        ...(clock ? { turnClock: clock } : {}),
      }).minutesPerDay;
      expect(EXPECTED_TRIGGER_USE.find((use) => use.game === game.id)?.minutesPerDay, game.id).toBe(expected);
      // A clock only where a move ends the phase: otherwise the projection's turns would never close.
      if (clock) expect(game.closesEarly, game.id).toBeDefined();
    }
  });

  it("a live session on a game's own clock runs at the clock of its default options", () => {
    for (const game of GAME_LIST) {
      const live = game.livePace?.turnClock;
      // A clock in the live pace only where the game has one, and then the one its defaults give.
      if (live) expect(live, game.id).toEqual(turnClockOf(game, {}));
      else if (game.livePace) expect(turnClockOf(game, {}), game.id).toBeNull();
    }
  });
});
