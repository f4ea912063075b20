// The matches the generic tests play of Paint (test/helpers/game-cases.ts): the game needs its 12
// players; a small canvas keeps each execution quick enough to run hundreds of times.
import type { GameCases } from '../../helpers/game-cases.js';

/** A 12 × 8 canvas of 12 segments. */
const SMALL_CANVAS = Array.from({ length: 8 }, (_, r) =>
  Array.from({ length: 12 }, (_, c) => 1 + Math.floor(c / 3) + 4 * Math.floor(r / 3) - (r >= 6 ? 4 : 0)),
);

export const cases: GameCases = {
  small: { players: 12, minutes: { default: 1440 }, options: { canvas: SMALL_CANVAS } },
  large: { players: 12, minutes: { default: 1440 } },
  // Half the form triggers missed; an invalid vote is a segment the canvas does not have.
  whole: { players: 12, minutes: { default: 1440 }, faults: { missSubmitEvery: 2, invalid: { segment: '999' } } },
};
