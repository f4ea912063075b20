// Peg Domain's boards as a spectator reads them without the Legend tab (issue 32, item 5); what every
// game's boards do is in test/sheets/spectator-boards.test.ts.
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/index.js';
import { finished, swatchOnEveryRow } from '../../helpers/demo-match.js';

describe("Peg Domain's boards for spectators", () => {
  it("Peg Domain's owners are marked by shapes no reader takes for column letters", () => {
    const view = viewFor(finished('peg-domain'), 'public');
    const domain = view.boards[0].grids[0];
    const owned = domain.cells.flat().filter((cell) => cell.fill);
    expect(owned.length).toBeGreaterThan(0);
    for (const cell of owned) expect(cell.text ?? '').not.toMatch(/[A-Za-z]/);
    // The scoreboard and the legend show the same marks.
    const marks = new Set(owned.map((cell) => (cell.text ?? '').replace('●', '')));
    expect(view.scoreboard.rows.map((row) => row[1])).toEqual(expect.arrayContaining([...marks]));
    expect(view.legend.filter((item) => marks.has(item.symbol))).toHaveLength(marks.size);
  });

  it("every scoreboard row shows the player's or team's colour as a swatch", () => {
    expect(swatchOnEveryRow(viewFor(finished('peg-domain'), 'public'))).toBe(true);
  });
});
