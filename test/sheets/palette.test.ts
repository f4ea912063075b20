// Colours that stay apart for colour-blind readers. Every pair of colours that can meet on one
// board is compared in normal vision and in simulations of the three common kinds of colour-blind
// vision: protanopia, deuteranopia and tritanopia, with the model of Machado, Oliveira and
// Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE
// TVCG 15(6), 2009 (culori's filterDeficiency*, at full severity). The distance is CIEDE2000 in
// CIELAB; 18 is well above what a reader tells apart at a glance (about 10 for two flat patches
// side by side), and every cell still carries its letter or symbol as well.
import {
  type Color,
  type Rgb,
  differenceCiede2000,
  filterDeficiencyDeuter,
  filterDeficiencyProt,
  filterDeficiencyTrit,
  parse,
} from 'culori';
import { describe, expect, it } from 'vitest';
import { PALETTE } from '../../src/engine/core/view.js';
import { NUMBER_FILLS } from '../../src/engine/games/fair-and-square/view.js';
import { PLAYER_COLOURS } from '../../src/engine/games/not-flower-field/options.js';
import { TEAM_FILL } from '../../src/engine/games/paint/options.js';
import { PASTURE_FILLS } from '../../src/engine/games/pasture/boards.js';
import { PENDING, SIDE_COLOURS } from '../../src/engine/games/peg-domain/view.js';

const MINIMUM = 18;
const distance = differenceCiede2000();
type Vision = (colour: Rgb) => Color;
const VISION: Record<string, Vision> = {
  normal: (colour) => colour,
  protanopia: filterDeficiencyProt(1),
  deuteranopia: filterDeficiencyDeuter(1),
  tritanopia: filterDeficiencyTrit(1),
};

/** The closest pair of a palette under one kind of vision. */
function closest(colours: Readonly<Record<string, string>>, see: Vision): { pair: string; distance: number } {
  const names = Object.keys(colours);
  let worst = { pair: '', distance: Infinity };
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const d = distance(see(parse(colours[names[i]]) as Rgb), see(parse(colours[names[j]]) as Rgb));
      if (d < worst.distance) worst = { pair: `${names[i]}/${names[j]}`, distance: Math.round(d * 10) / 10 };
    }
  }
  return worst;
}

const PALETTES: Record<string, Readonly<Record<string, string>>> = {
  // Not Flower Field may offer all seven; cells are also black (three colours) or white (empty).
  'player colours (Not Flower Field)': {
    ...Object.fromEntries(PLAYER_COLOURS.map((c) => [c, PALETTE[c]])),
    black: PALETTE.black,
    white: PALETTE.white,
  },
  'Paint teams and the blank canvas': { ...TEAM_FILL, blank: PALETTE.white },
  'Peg Domain sides, pending removal, removed square, Additional Peg': {
    side1: SIDE_COLOURS[0],
    side2: SIDE_COLOURS[1],
    pending: PENDING,
    removed: PALETTE.black,
    additional: PALETTE.green,
    free: PALETTE.white,
  },
  'Fair and Square players and blocked squares': {
    ...Object.fromEntries(NUMBER_FILLS.map((fill, n) => [`number ${n}`, fill])),
    blocked: PALETTE.lightGrey,
  },
  'Pasture sheep, flocks and empty pastures': PASTURE_FILLS,
};

describe('the board palettes', () => {
  for (const [name, colours] of Object.entries(PALETTES)) {
    for (const [vision, see] of Object.entries(VISION)) {
      it(`keeps the ${name} apart in ${vision}`, () => {
        const worst = closest(colours, see);
        expect(worst.distance, `closest pair: ${worst.pair}`).toBeGreaterThanOrEqual(MINIMUM);
      });
    }
  }

  it("finds the old palette's vermilion and orange too close (the check can fail)", () => {
    const old = { vermilion: '#D55E00', orange: '#E69F00' };
    expect(closest(old, VISION.tritanopia).distance).toBeLessThan(MINIMUM);
  });

  it('keeps red red: its hue is nearer pure red than orange is', () => {
    const hue = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return ((Math.atan2(Math.sqrt(3) * (g - b), 2 * r - g - b) * 180) / Math.PI + 360) % 360;
    };
    expect(hue(PALETTE.red)).toBeLessThan(8);
    expect(hue(PALETTE.orange)).toBeGreaterThan(25);
  });
});
