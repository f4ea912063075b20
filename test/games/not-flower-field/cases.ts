// The matches the generic tests play of Not Flower Field (test/helpers/game-cases.ts): a pregame
// shorter than the rounds.
import type { GameCases } from '../../helpers/game-cases.js';

const minutes = { default: 60, pregame: 30 };

export const cases: GameCases = {
  small: { players: 3, minutes },
  large: { players: 6, minutes },
  whole: { players: 4, minutes },
  // Its first round answered while the pregame's resolution waits for the next tick.
  reliability: { dayBudget: true, outageAfter: 1 },
};
