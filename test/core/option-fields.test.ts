// A game's options as the New match… sidebar draws them (core/option-fields.ts): one field per
// option the game gives a title, read from its options schema with its bounds and default.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { optionFields } from '../../src/engine/core/option-fields.js';
import { GAME_LIST } from '../../src/engine/index.js';
import { tinyGame } from '../helpers/tiny-game.js';

describe('option fields', () => {
  it('every game of the registry gives a host at least one field, each labelled, with its help and its default', () => {
    for (const game of GAME_LIST) {
      const fields = optionFields(game);
      expect(fields.length, game.id).toBeGreaterThan(0);
      const defaults = game.optionsSchema.parse({}) as Record<string, unknown>;
      for (const field of fields) {
        expect(field.label, `${game.id}.${field.key}`).toMatch(/^[A-Z]/);
        expect(field.help.length, `${game.id}.${field.key}`).toBeGreaterThan(20);
        expect(field.default, `${game.id}.${field.key}`).toEqual(defaults[field.key]);
        // A field's bounds are the schema's: one past them is refused, naming the option.
        if (field.kind === 'number' && field.max !== undefined) {
          const over = game.optionsSchema.safeParse({ [field.key]: field.max + 1 });
          expect(over.success, `${game.id}.${field.key}`).toBe(false);
          expect(game.optionsSchema.safeParse({ [field.key]: field.max }).success, `${game.id}.${field.key}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('reads a whole number with its bounds, a choice, a yes/no, a list, and leaves out what has no title', () => {
    const optionsSchema = z.strictObject({
      rounds: z
        ._default(z.int().check(z.minimum(1), z.maximum(9)), 3)
        .check(z.meta({ title: 'Rounds', description: 'How many.' })),
      share: z.optional(z.number().check(z.minimum(0))).check(z.meta({ title: 'Share', description: 'A part.' })),
      side: z._default(z.enum(['left', 'right']), 'left').check(z.meta({ title: 'Side', description: 'Which.' })),
      open: z._default(z.boolean(), true).check(z.meta({ title: 'Open play', description: 'Yes or no.' })),
      board: z.optional(z.array(z.string())).check(z.meta({ title: 'Board', description: 'Rows.' })),
      hidden: z._default(z.int(), 1),
    });
    expect(optionFields({ ...tinyGame, optionsSchema })).toEqual([
      { key: 'rounds', label: 'Rounds', help: 'How many.', kind: 'number', step: 1, min: 1, max: 9, default: 3 },
      { key: 'share', label: 'Share', help: 'A part.', kind: 'number', step: 'any', min: 0 },
      { key: 'side', label: 'Side', help: 'Which.', kind: 'choice', choices: ['left', 'right'], default: 'left' },
      { key: 'open', label: 'Open play', help: 'Yes or no.', kind: 'yes-no', default: true },
      {
        key: 'board',
        label: 'Board',
        help: 'Rows.',
        kind: 'list',
        layout: 'lines',
        item: { kind: 'text' },
        format: 'One a line.',
      },
    ]);
  });
});
