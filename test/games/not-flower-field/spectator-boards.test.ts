// Not Flower Field's boards as a spectator reads them without the Legend tab (issue 32, item 5); what every
// game's boards do is in test/sheets/spectator-boards.test.ts.
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/index.js';
import { finished, swatchOnEveryRow } from '../../helpers/demo-match.js';

describe("Not Flower Field's boards for spectators", () => {
  it("every scoreboard row shows the player's or team's colour as a swatch", () => {
    expect(swatchOnEveryRow(viewFor(finished('not-flower-field'), 'public'))).toBe(true);
  });
});
