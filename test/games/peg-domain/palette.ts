// The colours that can meet on one of this game's boards, for the colour-blind check of every
// game's palettes (test/sheets/palette.test.ts).
import type { GamePalettes } from '../../helpers/palettes.js';
import { PALETTE } from '../../../src/engine/core/view.js';
import { PENDING, SIDE_COLOURS } from '../../../src/engine/games/peg-domain/view.js';

export const palettes: GamePalettes['palettes'] = {
  'Peg Domain sides, pending removal, removed square, Additional Peg': {
    side1: SIDE_COLOURS[0],
    side2: SIDE_COLOURS[1],
    pending: PENDING,
    removed: PALETTE.black,
    additional: PALETTE.green,
    free: PALETTE.white,
  },
};
