// The colours that can meet on one of this game's boards, for the colour-blind check of every
// game's palettes (test/sheets/palette.test.ts).
import type { GamePalettes } from '../../helpers/palettes.js';
import { PALETTE } from '../../../src/engine/core/view.js';
import { NUMBER_FILLS } from '../../../src/engine/games/fair-and-square/view-tables.js';

export const palettes: GamePalettes['palettes'] = {
  'Fair and Square players and blocked squares': {
    ...Object.fromEntries(NUMBER_FILLS.map((fill, n) => [`number ${n}`, fill])),
    blocked: PALETTE.lightGrey,
  },
};
