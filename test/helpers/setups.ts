// The sidebar's setup of a four-player match, checked as New match… checks it: shared by each
// game's setup tests (test/games/<id>/setup.test.ts).
import { type MatchSetup, validateSetup } from '../../src/triggers/host/match-setup.js';

/** The moment the setups are checked at, six hours before they start. */
export const SETUP_NOW = '2026-11-21T12:00:00.000Z';
const SETUP_START = '2026-11-21T18:00:00.000Z';

/** Four players, day-long phases, starting at SETUP_START in London. */
export function setupOf(game: string): MatchSetup {
  return {
    game,
    players: ['Ann', 'Ben', 'Cara', 'Dev'].map((name) => ({ name, email: `${name.toLowerCase()}@example.com` })),
    startAt: SETUP_START,
    timeZone: 'Europe/London',
    minutes: { default: 1440 },
  };
}

/** The setup's field errors, none when it is accepted. */
export function errorsOf(setup: MatchSetup) {
  const checked = validateSetup(setup, 'seed', SETUP_NOW);
  return checked.ok ? [] : checked.error;
}
