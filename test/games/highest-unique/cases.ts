// Highest Unique's matches for the generic tests (test/helpers/game-cases.ts): three players keep a
// fault sweep quick; the sandbox whole match has five, on two-hour rounds.
import type { GameCases } from '../../helpers/game-cases.js';

export const cases: GameCases = {
  small: { players: 3, minutes: { default: 60 } },
  whole: { players: 5, minutes: { default: 120 } },
};
