// not-flower-field: a whole match run by the built add-on in the Apps Script sandbox (see whole-match.ts).
import { it } from 'vitest';
import { checkWholeMatch } from './whole-match.js';

it('not-flower-field: started from the sidebar, played through forms and rows with faults, ends as replay of the exported file says', () => {
  checkWholeMatch({ game: 'not-flower-field', players: 4, minutes: { default: 60, pregame: 30 } });
}, 240_000);
