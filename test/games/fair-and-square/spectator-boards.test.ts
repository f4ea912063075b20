// Fair and Square's boards as a spectator reads them without the Legend tab (issue 32, item 5); what every
// game's boards do is in test/sheets/spectator-boards.test.ts.
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/index.js';
import { finished, swatchOnEveryRow } from '../../helpers/demo-match.js';

describe("Fair and Square's boards for spectators", () => {
  it('Fair and Square says in words who plays on which board', () => {
    const view = viewFor(finished('fair-and-square'), 'public');
    expect(view.boards[0].caption).toMatch(/^Groups in round 3: numbers below 4 play on group 0’s board/);
    expect(view.boards.find((tab) => tab.tab === 'Round 1')?.caption).toMatch(/^Groups in round 1: even numbers/);
  });

  it("every scoreboard row shows the player's or team's colour as a swatch", () => {
    expect(swatchOnEveryRow(viewFor(finished('fair-and-square'), 'public'))).toBe(true);
  });
});
