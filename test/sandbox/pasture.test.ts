// pasture: a whole match run by the built add-on in the Apps Script sandbox (see whole-match.ts).
import { it } from 'vitest';
import { checkWholeMatch } from './whole-match.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('pasture: started from the sidebar, played through forms and rows with faults, ends as replay of the exported file says', () => {
  checkWholeMatch({ game: 'pasture', players: 5, minutes: { default: 60, plans: 30 }, options: { rounds: 3 } });
}, 240_000);
