// Not Flower Field's match file: a minimal one loads with the game's defaults filled in; a player
// count and options it does not take are named (the match file's own rules, for any game, are in
// test/core/matchfile.test.ts).
import { describe, expect, it } from 'vitest';
import { loadMatch, samplePlayers } from '../../../src/engine/index.js';
import { baseFile } from '../../helpers/match.js';

function errorOf(input: unknown): string {
  const result = loadMatch(input);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

describe('match file validation names the offending field', () => {
  const good = baseFile('not-flower-field', 4);

  it('accepts a minimal file and fills defaults', () => {
    const result = loadMatch({
      game: 'not-flower-field',
      seed: 's',
      players: samplePlayers(4).map(({ id, name }) => ({ id, name })),
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.players[0].garnets).toBe(0);
    expect(result.value.options).toMatchObject({
      rounds: 5,
      size: 8,
      multipliers: { C3: 2, F3: 2, C6: 2, F6: 2, D4: 3, E5: 3 },
    });
    expect(result.value.submissions).toEqual([]);
  });

  it('names a player count the game does not take', () => {
    expect(errorOf({ ...good, players: samplePlayers(2) })).toBe('players: Not Flower Field takes 3–6 players, got 2');
  });

  it('names malformed options', () => {
    expect(errorOf({ ...good, options: { rounds: 0 } })).toBe('options.rounds: at least 1 round');
    expect(errorOf({ ...good, options: { multipliers: { Z9: 2 } } })).toBe(
      'options.multipliers.Z9: Z9 is off the board (columns A–H, rows 1–8)',
    );
    expect(errorOf({ ...good, options: { rouns: 3 } })).toBe('options.rouns: unknown field');
    expect(
      errorOf({ ...good, players: samplePlayers(5), options: { palette: ['red', 'blue', 'green', 'yellow'] } }),
    ).toBe('options.palette: 5 players need 5 colours, the palette has 4');
  });
});
