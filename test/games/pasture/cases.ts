// The matches the generic tests play of Pasture (test/helpers/game-cases.ts): three rounds, fence
// plans shorter than the rest, so a sweep or a whole match stays quick.
import type { GameCases } from '../../helpers/game-cases.js';

const three = { minutes: { default: 60, plans: 30 }, options: { rounds: 3 } };

export const cases: GameCases = {
  small: { players: 2, ...three },
  large: { players: 20, ...three },
  whole: { players: 5, ...three },
  // Its orders answered while the fence plans' resolution waits for the next tick.
  reliability: { dayBudget: true, outageAfter: 2 },
};
