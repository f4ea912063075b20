// The colours that can meet on one of this game's boards, for the colour-blind check of every
// game's palettes (test/sheets/palette.test.ts).
import type { GamePalettes } from '../../helpers/palettes.js';
import { PALETTE } from '../../../src/engine/core/view.js';
import { PLAYER_COLOURS } from '../../../src/engine/games/not-flower-field/options.js';

export const palettes: GamePalettes['palettes'] = {
  // Not Flower Field may offer all seven; cells are also black (three colours) or white (empty).
  'player colours (Not Flower Field)': {
    ...Object.fromEntries(PLAYER_COLOURS.map((c) => [c, PALETTE[c]])),
    black: PALETTE.black,
    white: PALETTE.white,
  },
};
