// peg-domain: a whole match run by the built add-on in the Apps Script sandbox (see whole-match.ts).
import { it } from 'vitest';
import { DEFAULT_FAULTS } from './players.js';
import { checkWholeMatch } from './whole-match.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('peg-domain: started from the sidebar, played through forms and rows with faults, ends as replay of the exported file says', () => {
  checkWholeMatch({
    game: 'peg-domain',
    players: 2,
    minutes: {},
    options: { variant: 'final', items: { p1: ['rapid-removal'], p2: ['additional-peg'] } },
    // The turn clock runs in minutes: ticks are never very late, and a missed form trigger's answer is
    // picked up by the next minute tick.
    faults: { ...DEFAULT_FAULTS, tickLateSeconds: [20, 45, 70], tickAfterMissed: true },
  });
}, 240_000);
