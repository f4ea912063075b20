// Reminders, Discord announcements, early closes and a pause in whole matches of Pasture, Paint and
// Peg Domain, run by the built add-on in the Apps Script sandbox (see messages.ts).
import { it } from 'vitest';
import { DEFAULT_FAULTS } from './players.js';
import { checkMessagesMatch } from './messages.js';

it('pasture: hour-long phases and half-hour plans, reminded 5 minutes before; nothing closes early by default, a pause; each message once', () => {
  checkMessagesMatch({ game: 'pasture', players: 5, minutes: { default: 60, plans: 30 }, options: { rounds: 3 } });
}, 240_000);

it('paint: twelve players, hour-long rounds that close when ready, a pause; each message once', () => {
  checkMessagesMatch({ game: 'paint', players: 12, minutes: { default: 60 }, faults: { ...DEFAULT_FAULTS, invalidEvery: 1000, missSubmitEvery: 2 } });
}, 240_000);

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
