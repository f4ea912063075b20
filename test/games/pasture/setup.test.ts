// The sidebar's setup (test/games/not-flower-field/setup.test.ts has the rest): a deadline for a phase Pasture does not have.
import { describe, expect, it } from 'vitest';
import { errorsOf, setupOf } from '../../helpers/setups.js';

const SETUP = setupOf('pasture');

describe('a setup', () => {
  it('refuses a deadline for a phase the game does not have', () => {
    // Pasture's phases are round-N/plans and round-N/orders: a bare round-1 is not one.
    expect(errorsOf({ ...SETUP, deadlines: { 'round-1': '2026-11-30T18:00:00.000Z' } })[0]).toMatchObject({
      field: 'schedule.deadlines.round-1',
      message: expect.stringMatching(/^Pasture has no phase "round-1"/),
    });
  });
});
