// Opening notices, reminders, Discord announcements, early closes and a pause in a whole match of
// this game, run by the built add-on in the Apps Script sandbox (test/sandbox/messages.ts).
import { it } from 'vitest';
import { checkMessagesMatch } from '../../sandbox/messages.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('highest-unique: rounds of two hours and a minute, each opening calling its players by email and Discord; reminders, a pause, an outage and a rate limit; each message once', () => {
  checkMessagesMatch({ game: 'highest-unique', players: 5, minutes: { default: 121 }, options: { rounds: 3 } });
}, 240_000);
