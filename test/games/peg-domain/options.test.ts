// Options: pallets generated from the seed or given and validated; items, first player and the
// tiebreak winner checked against the players.
import { describe, expect, it } from 'vitest';
import { loadMatch } from '../../../src/engine/index.js';
import { orthogonalIndices } from '../../../src/engine/core/coords.js';
import { PALLET } from '../../../src/engine/games/peg-domain/geometry.js';
import { baseFile } from '../../helpers/match.js';
import { PALLET_T } from './helpers.js';

function load(options: Record<string, unknown>, seed = 'test') {
  return loadMatch(baseFile('peg-domain', 2, { seed, options }));
}

function errorOf(options: Record<string, unknown>): string {
  const loaded = load(options);
  if (loaded.ok) throw new Error('accepted');
  return loaded.error;
}

describe('pallets', () => {
  it('are generated from the seed: 36 pegs, none orthogonally next to another, the same for both players', () => {
    const loaded = load({});
    if (!loaded.ok) throw new Error(loaded.error);
    const pallets = loaded.value.options.pallets as Record<string, string[]>;
    expect(pallets.p1).toEqual(pallets.p2);
    expect(pallets.p1).toHaveLength(12);
    const pegs = pallets.p1.join('');
    expect(pegs).toMatch(/^[X.]{192}$/);
    expect([...pegs].filter((c) => c === 'X')).toHaveLength(36);
    for (let i = 0; i < pegs.length; i++) {
      if (pegs[i] === 'X') expect(orthogonalIndices(i, PALLET).some((n) => pegs[n] === 'X')).toBe(false);
    }
    const again = load({});
    const other = load({}, 'another seed');
    expect(again.ok && again.value.options.pallets).toEqual(pallets);
    expect(other.ok && (other.value.options.pallets as Record<string, string[]>).p1).not.toEqual(pallets.p1);
  });

  it('may be given; a player without one gets a copy of the first given', () => {
    const loaded = load({ pallets: { p2: PALLET_T.map((row) => row.toLowerCase()) } });
    expect(loaded.ok && loaded.value.options.pallets).toEqual({ p1: PALLET_T, p2: PALLET_T });
  });

  it('are validated, naming the player and the row', () => {
    expect(errorOf({ pallets: { p1: PALLET_T.slice(1) } })).toBe('options.pallets.p1: a pallet has 12 rows, got 11');
    expect(errorOf({ pallets: { p1: [PALLET_T[0].slice(1), ...PALLET_T.slice(1)] } })).toBe(
      'options.pallets.p1[0]: row 1 has 15 characters; a pallet row has 16 (A–P)',
    );
    expect(errorOf({ pallets: { p1: [...PALLET_T.slice(0, 4), '....O...........', ...PALLET_T.slice(5)] } })).toBe(
      'options.pallets.p1[4]: row 5, column E: "O" is neither X (peg) nor . (square)',
    );
    expect(errorOf({ pallets: { p1: [...PALLET_T.slice(0, 4), '....X...........', ...PALLET_T.slice(5)] } })).toBe(
      'options.pallets.p1: a pallet holds 36 pegs, this one 37',
    );
    expect(errorOf({ pallets: { p9: PALLET_T } })).toBe(
      'options.pallets.p9: "p9" is not a player of this match (p1, p2)',
    );
  });
});

describe('other options', () => {
  it('checks the first player, the tiebreak winner and the items against the players and the variant', () => {
    expect(errorOf({ first: 'p3' })).toBe('options.first: "p3" is not a player of this match (p1, p2)');
    expect(errorOf({ tiebreakWinner: 'Ann' })).toBe(
      'options.tiebreakWinner: "Ann" is not a player of this match (p1, p2)',
    );
    expect(errorOf({ items: { p1: ['rapid-removal'] } })).toBe(
      'options.items.p1: items are used only in the final variant (set Variant, the option "variant", to final)',
    );
    expect(errorOf({ variant: 'final', items: { p1: ['rapid-removal', 'rapid-removal'] } })).toBe(
      'options.items.p1: rapid-removal is listed twice',
    );
    expect(errorOf({ variant: 'final', items: { p1: ['magic'] } })).toMatch(/^options\.items\.p1\[0\]: /);
    expect(errorOf({ turnSeconds: 5 })).toBe('options.turnSeconds: a turn is at least 10 seconds');
  });

  it('fills the defaults', () => {
    const loaded = load({});
    expect(loaded.ok && { ...loaded.value.options, pallets: undefined }).toEqual({
      variant: 'classic',
      pallets: undefined,
      first: 'p1',
      items: { p1: [], p2: [] },
      turnSeconds: 120,
      reserveSeconds: 480,
      pregameSeconds: 180,
    });
  });

  it('takes exactly two players', () => {
    const loaded = loadMatch(baseFile('peg-domain', 3));
    expect(loaded.ok ? '' : loaded.error).toBe('players: Peg Domain takes 2 players, got 3');
  });
});
