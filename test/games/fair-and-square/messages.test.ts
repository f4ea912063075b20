// Reminders, Discord announcements, early closes and a pause in a whole match of this game, run by
// the built add-on in the Apps Script sandbox (test/sandbox/messages.ts).
import { it } from 'vitest';
import { checkMessagesMatch } from '../../sandbox/messages.js';
import { DEFAULT_FAULTS } from '../../sandbox/players.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('fair-and-square: half-hour phases, reminded 5 minutes before; rounds close when ready, a pause; each message once', () => {
  // A missed form trigger's answer waits for the next tick that reads the forms (the deadline's): one in five, so that a round closes early.
  checkMessagesMatch({
    game: 'fair-and-square',
    players: 4,
    minutes: { default: 30 },
    faults: { ...DEFAULT_FAULTS, invalidEvery: 1000, missSubmitEvery: 5 },
  });
}, 240_000);
