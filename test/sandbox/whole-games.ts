// Every game of the registry: a whole match run by the built add-on in the Apps Script sandbox (see
// whole-match.ts), on the match each game's own test folder gives (test/helpers/game-cases.ts).
import { it } from 'vitest';
import { GAME_CASES } from '../helpers/game-cases.js';
import { shardOf } from '../helpers/shard.js';
import { DEFAULT_FAULTS } from './players.js';
import { checkWholeMatch } from './whole-match.js';
import { sampleOf } from '../helpers/depth.js';

/** The whole matches of the games of one shard (test/helpers/shard.ts): games.shard-N.test.ts. */
export function wholeMatches(shard: number, of: number): void {
  // One game of the shard (test/helpers/depth.ts); npm run test:deep plays every one.
  for (const { game, whole } of sampleOf(`whole matches, shard ${shard}`, shardOf(GAME_CASES, shard, of), 1)) {
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
}
