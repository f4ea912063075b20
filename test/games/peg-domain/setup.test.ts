// The sidebar's setup (test/games/not-flower-field/setup.test.ts has the rest): a deadline for a turn that only answers reach.
import { describe, expect, it } from 'vitest';
import { errorsOf, setupOf } from '../../helpers/setups.js';

const SETUP = setupOf('peg-domain');

describe('a setup', () => {
  it("accepts a deadline for a phase that only answers reach (Peg Domain's later turns)", () => {
    const peg = {
      ...SETUP,
      players: SETUP.players.slice(0, 2),
      deadlines: { 'turn-5': '2026-11-30T18:00:00.000Z' },
    };
    expect(errorsOf(peg)).toEqual([]);
  });
});
