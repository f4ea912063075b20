// Reminders, Discord announcements, early closes and a pause in a whole match of this game, run by
// the built add-on in the Apps Script sandbox (test/sandbox/messages.ts).
import { it } from 'vitest';
import { checkMessagesMatch } from '../../sandbox/messages.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('not-flower-field: phases of two hours and a minute (the shortest reminded twice), reminded 60 and 10 minutes before; closes when ready, a pause; Discord posts, an outage and a rate limit; each message once', () => {
  checkMessagesMatch({ game: 'not-flower-field', players: 4, minutes: { default: 121 } });
}, 240_000);
