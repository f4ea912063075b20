// The colours that can meet on one of this game's boards, for the colour-blind check of every
// game's palettes (test/sheets/palette.test.ts).
import type { GamePalettes } from '../../helpers/palettes.js';
import { PASTURE_FILLS } from '../../../src/engine/games/pasture/boards.js';

export const palettes: GamePalettes['palettes'] = {
  'Pasture sheep, flocks and empty pastures': PASTURE_FILLS,
};
