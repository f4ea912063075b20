// Reminders, Discord announcements, early closes and a pause in a whole match of this game, run by
// the built add-on in the Apps Script sandbox (test/sandbox/messages.ts).
import { it } from 'vitest';
import { checkMessagesMatch } from '../../sandbox/messages.js';
import { DEFAULT_FAULTS } from '../../sandbox/players.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('paint: twelve players, rounds of two hours and a minute that close when ready, reminded 60 and 10 minutes before, a pause; each message once', () => {
  checkMessagesMatch({
    game: 'paint',
    players: 12,
    // Just over two hours: the shortest phase that is reminded 60 and 10 minutes before (reminder-times.ts).
    minutes: { default: 121 },
    faults: { ...DEFAULT_FAULTS, invalidEvery: 1000, missSubmitEvery: 2 },
  });
  // Up to 6 minutes: twelve players called at every opening besides the reminders, every email checked, on 2 busy cores.
}, 360_000);
