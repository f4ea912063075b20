// Reminders and Discord announcements in whole matches of two games, run by the built add-on in
// the Apps Script sandbox (see messages.ts).
import { it } from 'vitest';
import { checkMessagesMatch } from './messages.js';

it('not-flower-field: three-hour phases, reminded 60 and 10 minutes before; Discord posts, an outage and a rate limit; each message once', () => {
  checkMessagesMatch({ game: 'not-flower-field', players: 4, minutes: { default: 180 } });
}, 240_000);

it('fair-and-square: hour-long phases, reminded 5 minutes before; each message once', () => {
  checkMessagesMatch({ game: 'fair-and-square', players: 4, minutes: { default: 60 } });
}, 240_000);
