// Paint's boards as a spectator reads them without the Legend tab (issue 32, item 5); what every
// game's boards do is in test/sheets/spectator-boards.test.ts.
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/index.js';
import { finished, rendered, swatchOnEveryRow } from '../../helpers/demo-match.js';
import { sheetOf } from '../../sheets/helpers.js';

describe("Paint's boards for spectators", () => {
  it("Paint's 67×40 canvas, with its row labels, fits a 1,440 px wide screen", () => {
    const sheet = sheetOf(rendered(viewFor(finished('paint'), 'public')), 'Current');
    const width = sheet.columnWidths.reduce((sum, px) => sum + px, 0);
    expect(width).toBeLessThanOrEqual(1440);
  });

  it("every scoreboard row shows the player's or team's colour as a swatch", () => {
    expect(swatchOnEveryRow(viewFor(finished('paint'), 'public'))).toBe(true);
  });
});
