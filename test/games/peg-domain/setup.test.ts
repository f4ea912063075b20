// The sidebar's setup (test/games/not-flower-field/setup.test.ts has the rest): a deadline for a turn that only answers reach.
import { describe, expect, it } from 'vitest';
import { type MatchSetup, validateSetup } from '../../../src/triggers/setup.js';

const NOW = '2026-11-21T12:00:00.000Z';
const SETUP: MatchSetup = {
  game: 'peg-domain',
  players: ['Ann', 'Ben', 'Cara', 'Dev'].map((name) => ({ name, email: `${name.toLowerCase()}@example.com` })),
  startAt: '2026-11-21T18:00:00.000Z',
  timeZone: 'Europe/London',
  minutes: { default: 1440 },
};

function errorsOf(setup: MatchSetup) {
  const checked = validateSetup(setup, 'seed', NOW);
  return checked.ok ? [] : checked.error;
}

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
