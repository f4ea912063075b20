// The matches the generic tests play of Peg Domain (test/helpers/game-cases.ts): the final variant
// with an item each, on the game's own turn clock (no schedule of phase lengths).
import type { GameCases } from '../../helpers/game-cases.js';

const final = {
  players: 2,
  minutes: {},
  options: { variant: 'final', items: { p1: ['rapid-removal'], p2: ['additional-peg'] } },
};

export const cases: GameCases = {
  small: final,
  large: final,
  // The turn clock runs in minutes: ticks are never very late, and a missed form trigger's answer is
  // picked up by the ticks' next read of the forms (every other minute in a turn: quiet.ts).
  whole: { ...final, faults: { tickLateSeconds: [20, 45, 70], tickAfterMissed: true } },
  // A turn closes on its move, not at a deadline: faults.test.ts here sweeps a move and a time-out.
  deadlineSweep: false,
};
