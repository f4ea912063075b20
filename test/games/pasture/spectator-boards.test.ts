// Pasture's boards as a spectator reads them without the Legend tab (issue 32, item 5); what every
// game's boards do is in test/sheets/spectator-boards.test.ts.
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/index.js';
import { formatRect, heightOf, widthOf } from '../../../src/engine/games/pasture/geometry.js';
import type { PastureContext, PastureState } from '../../../src/engine/games/pasture/state.js';
import { sheepIn } from '../../../src/engine/games/pasture/state.js';
import { finished } from '../../helpers/demo-match.js';

describe("Pasture's boards for spectators", () => {
  it('Pasture names who is in a one-cell pasture (the count has no room beside the name)', () => {
    const result = finished('pasture');
    const state = result.state as PastureState;
    const ctx = result.ctx as PastureContext;
    const view = viewFor(result, 'public');
    const last = state.rounds[state.rounds.length - 1];
    // Current shows the board now; each earlier round has its tab.
    const shots = [
      { tab: 'Current', pastures: state.pastures, positions: state.positions },
      ...state.rounds.filter((r) => r !== last).map((r) => ({ tab: `Round ${r.round}`, ...r })),
    ];
    let seen = 0;
    for (const shot of shots) {
      const sheep = view.boards.find((tab) => tab.tab === shot.tab)?.grids[1];
      for (const rect of shot.pastures) {
        const flock = sheepIn(rect, shot.positions, ctx);
        if (widthOf(rect) * heightOf(rect) !== 1 || flock.length !== 1) continue;
        seen += 1;
        const cell = sheep?.cells[rect.top][rect.left];
        expect(cell?.text, `${shot.tab} ${formatRect(rect)}`).toBe(ctx.playerName(flock[0]));
        expect(cell?.italic).toBe(true);
      }
    }
    expect(seen, 'the demo match has a one-cell pasture holding a sheep').toBeGreaterThan(0);
  });
});
