// Reminders, Discord announcements, early closes and a pause in whole matches of Pasture and Paint
// (the largest), run by the built add-on in the Apps Script sandbox (see messages.ts); the other
// games are in messages.test.ts (two files, so vitest runs them side by side).
import { it } from 'vitest';
import { DEFAULT_FAULTS } from './players.js';
import { checkMessagesMatch } from './messages.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('pasture: hour-long phases and half-hour plans, reminded 5 minutes before; nothing closes early by default, a pause; each message once', () => {
  checkMessagesMatch({ game: 'pasture', players: 5, minutes: { default: 60, plans: 30 }, options: { rounds: 3 } });
}, 240_000);

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('paint: twelve players, three-hour rounds that close when ready, reminded 60 and 10 minutes before, a pause; each message once', () => {
  checkMessagesMatch({
    game: 'paint',
    players: 12,
    minutes: { default: 180 },
    faults: { ...DEFAULT_FAULTS, invalidEvery: 1000, missSubmitEvery: 2 },
  });
}, 240_000);
