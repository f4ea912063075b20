// Reminders, Discord announcements, early closes and a pause in a whole match of this game, run by
// the built add-on in the Apps Script sandbox (test/sandbox/messages.ts).
import { it } from 'vitest';
import { checkMessagesMatch } from '../../sandbox/messages.js';
import { DEFAULT_FAULTS } from '../../sandbox/players.js';

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
