// highest-unique: a whole match run by the built add-on in the Apps Script sandbox
// (test/sandbox/whole-match.ts): started from the sidebar, answered through the players' forms.
import { it } from 'vitest';
import { checkWholeMatch } from '../../sandbox/whole-match.js';

// Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
it('highest-unique: started from the sidebar, played through forms with faults, ends as replay of the exported file says', () => {
  checkWholeMatch({ game: 'highest-unique', players: 5, minutes: { default: 120 } });
}, 240_000);
