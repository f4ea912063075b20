// Tests for free (docs/authoring.md): the generic tests find what a game's own test folder adds,
// its cases (test/games/<id>/cases.ts) and its private facts (facts.ts), by the registry alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_LIST } from '../../src/engine/index.js';
import { GAME_CASES, type GameCases } from '../helpers/game-cases.js';
import { GAME_FACTS } from '../helpers/privacy.js';

const folder = (id: string) => join(__dirname, '../games', id);

describe('a game folder of tests', () => {
  it('every game has its cases: its own where it gives them, its definition otherwise', async () => {
    expect(GAME_CASES.map((c) => c.game.id)).toEqual(GAME_LIST.map((g) => g.id));
    for (const { game, small, large, whole } of GAME_CASES) {
      const own: GameCases = existsSync(join(folder(game.id), 'cases.ts'))
        ? ((await import(join(folder(game.id), 'cases.ts'))) as { cases: GameCases }).cases
        : {};
      expect(small.players, game.id).toBe(own.small?.players ?? game.playerCount.min);
      expect(large.players, game.id).toBe(own.large?.players ?? game.playerCount.max);
      expect(whole.players, game.id).toBe(own.whole?.players ?? game.playerCount.default);
      expect(small.options, game.id).toEqual(own.small?.options);
      for (const c of [small, large, whole]) expect(c.game).toBe(game.id);
    }
  });

  it("the privacy checker reads the facts of every game that has a facts.ts, and no other's", () => {
    for (const game of GAME_LIST)
      expect(GAME_FACTS.has(game.id), game.id).toBe(existsSync(join(folder(game.id), 'facts.ts')));
    expect(GAME_FACTS.size).toBeGreaterThan(0);
  });
});
