// Every game of the registry: a whole match run by the built add-on in the Apps Script sandbox (see
// whole-match.ts), on the match each game's own test folder gives (test/helpers/game-cases.ts).
import { it } from 'vitest';
import { GAME_CASES } from '../helpers/game-cases.js';
import { DEFAULT_FAULTS } from './players.js';
import { checkWholeMatch } from './whole-match.js';

for (const { game, whole } of GAME_CASES) {
  // Up to 4 minutes, not the default minute: a whole match of the built add-on in the sandbox (node:vm), every minute tick of it, on 2 busy cores.
  it(`${game.id}: started from the sidebar, played through forms and rows with faults, ends as replay of the exported file says`, () => {
    checkWholeMatch({
      game: whole.game,
      players: whole.players,
      minutes: { ...whole.minutes },
      ...(whole.options ? { options: { ...whole.options } } : {}),
      ...(whole.faults ? { faults: { ...DEFAULT_FAULTS, ...whole.faults } } : {}),
    });
  }, 240_000);
}
