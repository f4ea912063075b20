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
import { GAME_LIST } from '../../src/engine/index.js';
import { ownTestModule } from '../helpers/game-cases.js';
import type { GamePalettes } from '../helpers/palettes.js';

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

/** Every game's palettes, from its own test folder (test/helpers/palettes.ts). */
const PALETTES: Record<string, Readonly<Record<string, string>>> = Object.assign(
  {},
  ...(await Promise.all(
    GAME_LIST.map(async (game) => (await ownTestModule<GamePalettes>(game, 'palette'))?.palettes ?? {}),
  )),
);

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
