// Highest Unique options (docs/games/highest-unique.md, "Rules"): how many rounds, and the highest
// number a player may send. Nothing depends on the seed, so `prepareOptions` only copies them.

import * as z from 'zod/mini';
import type { PreparedOptions } from '../../core/game.js';

export const optionsSchema = z.strictObject({
  rounds: z
    ._default(z.int().check(z.minimum(1, 'at least 1 round'), z.maximum(20, 'at most 20 rounds')), 5)
    .check(z.meta({ title: 'Rounds', description: 'How many rounds are played; the rules play 5.' })),
  /** Players send a whole number from 1 to `highest`. */
  highest: z
    ._default(
      z
        .int()
        .check(z.minimum(2, 'the highest number is at least 2'), z.maximum(99, 'the highest number is at most 99')),
      10,
    )
    .check(
      z.meta({
        title: 'Highest number',
        description: 'Each round every player sends a whole number from 1 to this one; the rules say 10.',
      }),
    ),
});

export type HuOptions = z.infer<typeof optionsSchema>;

/** The options as read: nothing to fill from the seed or the players. */
export function prepareOptions(input: HuOptions): PreparedOptions<HuOptions> {
  return { options: { rounds: input.rounds, highest: input.highest }, issues: [] };
}
