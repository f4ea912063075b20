// The bundle's New match… option fields are a table the build works out (scripts/build.mjs), not
// read from each game's options schema at run time: the table must say what the source says.
import { describe, expect, it } from 'vitest';
import { optionFields } from '../../src/engine/core/option-fields.js';
import { GAME_LIST } from '../../src/engine/index.js';
import { Sandbox } from './sandbox.js';
import { Table, logOf } from './players.js';

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

  it("starts a match whose options the sidebar's boxes of text gave (a player chosen by their number in the Players box)", () => {
    // A game with a player to choose and a box for each player among its fields.
    const game = GAME_LIST.find((g) => {
      const kinds = optionFields(g).map((f) => f.kind);
      return kinds.includes('player') && kinds.includes('each-player');
    })!;
    const fields = optionFields(game);
    const chosen = fields.find((f) => f.kind === 'player')!;
    const names = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn'].slice(0, game.playerCount.min);
    const emails = names.map((n) => `${n.toLowerCase()}@example.com`);
    const table = new Table(game.id, emails);
    const started = table.startMatch({
      game: game.id,
      players: names.map((name, i) => ({ name, email: emails[i], garnets: 0 })),
      startAt: '2026-11-21T18:00:00.000Z',
      timeZone: 'Europe/London',
      minutes: { default: 1440 },
      deadlines: {},
      // The last player, by their number in the Players box.
      optionTexts: { [chosen.key]: String(names.length) },
    });
    expect(started.ok).toBe(true);
    const file = logOf(table.sandbox);
    expect((file.options as Record<string, unknown>)[chosen.key]).toBe(file.players[names.length - 1].id);
  });
});
