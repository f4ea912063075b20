// The registry of games. Adding a game is one folder exporting one definition, and one line here.
// The folder, file by file and hook by hook: docs/authoring.md (its one description).

import type { AnyGame } from '../core/game.js';
import { fairAndSquare } from './fair-and-square/index.js';
import { highestUnique } from './highest-unique/index.js';
import { notFlowerField } from './not-flower-field/index.js';
import { paint } from './paint/index.js';
import { pasture } from './pasture/index.js';
import { pegDomain } from './peg-domain/index.js';

// In the order of the README's table of games.
export const GAME_LIST: readonly AnyGame[] = [pasture, paint, pegDomain, fairAndSquare, notFlowerField, highestUnique];

/** The game the command line's help and errors give as an example; its match file is examples/<id>.json. */
export const EXAMPLE_GAME: AnyGame = notFlowerField;

/**
 * The game Rehearse a match… offers first: the fewest phases of the games whose phases the host
 * times (six of 3 minutes at its smallest), with both a form answer and a public row each round,
 * so one short match meets every behaviour a rehearsal observes.
 */
export const REHEARSAL_GAME: AnyGame = notFlowerField;

export const GAMES: ReadonlyMap<string, AnyGame> = new Map(GAME_LIST.map((game) => [game.id, game]));

export function gameById(id: string): AnyGame {
  const game = GAMES.get(id);
  if (!game) throw new Error(`unknown game "${id}" (one of ${[...GAMES.keys()].join(', ')})`);
  return game;
}
