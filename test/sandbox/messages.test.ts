// Reminders, Discord announcements, early closes and a pause in whole matches, run by the built
// add-on in the Apps Script sandbox (see messages.ts); the other games are in messages-games.test.ts
// (two files, so vitest runs them side by side).
import { it } from 'vitest';
import { checkMessagesMatch } from './messages.js';

it('not-flower-field: three-hour phases, reminded 60 and 10 minutes before; closes when ready, a pause; Discord posts, an outage and a rate limit; each message once', () => {
  checkMessagesMatch({ game: 'not-flower-field', players: 4, minutes: { default: 180 } });
}, 240_000);

it('fair-and-square: hour-long phases, reminded 5 minutes before; rounds close when ready, a pause; each message once', () => {
  checkMessagesMatch({ game: 'fair-and-square', players: 4, minutes: { default: 60 } });
}, 240_000);
