// Reminders, Discord announcements, early closes and a pause in whole matches of Not Flower Field,
// Fair and Square and Peg Domain, run by the built add-on in the Apps Script sandbox (see
// messages.ts); Pasture and Paint are in messages-games.test.ts (two files, so vitest runs them side
// by side).
import { it } from 'vitest';
import { checkMessagesMatch } from './messages.js';
import { DEFAULT_FAULTS } from './players.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('not-flower-field: three-hour phases, reminded 60 and 10 minutes before; closes when ready, a pause; Discord posts, an outage and a rate limit; each message once', () => {
  checkMessagesMatch({ game: 'not-flower-field', players: 4, minutes: { default: 180 } });
}, 240_000);

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('fair-and-square: hour-long phases, reminded 5 minutes before; rounds close when ready, a pause; each message once', () => {
  // A missed form trigger's answer waits for the next tick that reads the forms (the deadline's): one in five, so that a round closes early.
  checkMessagesMatch({
    game: 'fair-and-square',
    players: 4,
    minutes: { default: 60 },
    faults: { ...DEFAULT_FAULTS, invalidEvery: 1000, missSubmitEvery: 5 },
  });
}, 240_000);

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('peg-domain: turns on their own clock of minutes (reminded only where a turn is longer than 5 minutes), a paused turn; each message once', () => {
  checkMessagesMatch({
    game: 'peg-domain',
    players: 2,
    minutes: {},
    options: { variant: 'final', items: { p1: ['rapid-removal'], p2: ['additional-peg'] } },
    // A missed form trigger's move is picked up by the next minute tick (the turn clock runs in minutes).
    faults: { ...DEFAULT_FAULTS, invalidEvery: 1000, tickAfterMissed: true },
  });
}, 240_000);
