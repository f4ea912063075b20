// fair-and-square: a whole match run by the built add-on in the Apps Script sandbox (see whole-match.ts).
import { it } from 'vitest';
import { checkWholeMatch } from './whole-match.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('fair-and-square: started from the sidebar, played through forms and rows with faults, ends as replay of the exported file says', () => {
  checkWholeMatch({ game: 'fair-and-square', players: 8, minutes: { default: 120 } });
}, 240_000);
