// Reminders, Discord announcements, early closes and a pause in a whole match of this game, run by
// the built add-on in the Apps Script sandbox (test/sandbox/messages.ts).
import { it } from 'vitest';
import { checkMessagesMatch } from '../../sandbox/messages.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('pasture: half-hour phases and 20-minute plans, reminded 5 minutes before; nothing closes early by default, a pause; each message once', () => {
  checkMessagesMatch({ game: 'pasture', players: 5, minutes: { default: 30, plans: 20 }, options: { rounds: 3 } });
}, 240_000);
