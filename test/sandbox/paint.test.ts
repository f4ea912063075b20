// paint: a whole match run by the built add-on in the Apps Script sandbox (see whole-match.ts).
import { it } from 'vitest';
import { DEFAULT_FAULTS } from './players.js';
import { checkWholeMatch } from './whole-match.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('paint: started from the sidebar, played through forms and rows with faults, ends as replay of the exported file says', () => {
  checkWholeMatch({
    game: 'paint',
    players: 12,
    minutes: { default: 1440 },
    faults: { ...DEFAULT_FAULTS, missSubmitEvery: 2, invalid: { segment: '999' } },
  });
}, 240_000);
