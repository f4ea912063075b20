// The registry of games. Adding a game is one folder exporting one definition, and one line here.

import type { AnyGame } from '../core/game.js';
import { fairAndSquare } from './fair-and-square/index.js';
import { notFlowerField } from './not-flower-field/index.js';
import { paint } from './paint/index.js';
import { pasture } from './pasture/index.js';
import { pegDomain } from './peg-domain/index.js';

// In the order of the README and docs/games.
export const GAME_LIST: readonly AnyGame[] = [pasture, paint, pegDomain, fairAndSquare, notFlowerField];

export const GAMES: ReadonlyMap<string, AnyGame> = new Map(GAME_LIST.map((game) => [game.id, game]));

export function gameById(id: string): AnyGame {
  const game = GAMES.get(id);
  if (!game) throw new Error(`unknown game "${id}" (one of ${[...GAMES.keys()].join(', ')})`);
  return game;
}
