// The colours that can meet on one of this game's boards, for the colour-blind check of every
// game's palettes (test/sheets/palette.test.ts).
import type { GamePalettes } from '../../helpers/palettes.js';
import { PALETTE } from '../../../src/engine/core/view.js';
import { TEAM_FILL } from '../../../src/engine/games/paint/options.js';

export const palettes: GamePalettes['palettes'] = {
  'Paint teams and the blank canvas': { ...TEAM_FILL, blank: PALETTE.white },
};
