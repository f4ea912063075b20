// The bundle's New match… option fields are a table the build works out (scripts/build.mjs), not
// read from each game's options schema at run time: the table must say what the source says.
import { describe, expect, it } from 'vitest';
import { optionFields } from '../../src/engine/core/option-fields.js';
import { GAME_LIST } from '../../src/engine/index.js';
import { Sandbox } from './sandbox.js';

describe("the bundle's option fields", () => {
  it('are, for every game, the fields its options schema gives', () => {
    const sandbox = new Sandbox({ owner: 'host@gmail.com', start: '2026-11-21T17:00:00.000Z' });
    const defaults = sandbox.call('newMatchDefaults') as { games: { id: string; options: unknown }[] };
    expect(defaults.games.map((g) => g.id)).toEqual(GAME_LIST.map((g) => g.id));
    for (const game of GAME_LIST) {
      const shown = defaults.games.find((g) => g.id === game.id)?.options;
      expect(shown, game.id).toEqual(optionFields(game));
    }
    // Not an empty table on both sides: some game has fields.
    expect(GAME_LIST.some((g) => optionFields(g).length > 0)).toBe(true);
  });

  it("leaves zod's JSON Schema converter out of the bundle", async () => {
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(new URL('../../dist/Code.js', import.meta.url), 'utf8');
    // The converter's own error for a schema it cannot represent.
    expect(code).not.toMatch(/cannot be represented in JSON Schema/);
  });
});
