// The matches the generic tests play of Fair and Square (test/helpers/game-cases.ts).
import type { GameCases } from '../../helpers/game-cases.js';

export const cases: GameCases = {
  small: { players: 3, minutes: { default: 60 } },
  large: { players: 8, minutes: { default: 60 } },
  whole: { players: 8, minutes: { default: 120 } },
};
