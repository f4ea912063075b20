// The match file's fields for calling players (docs/notices.md) and its reading of an answer that is
// not text: kept apart from matchfile.ts, which holds the rest of the schema.

import * as z from 'zod/mini';

/**
 * Any other answer (true, null, {}, a list holding one) still loads, as it is: replay refuses that
 * one submission with its reason (docs/matchfile.md, "How submissions count"), as it does for a
 * sheet cell holding a date, instead of the whole file failing. Typed `never`, so the loaded
 * answers read as text everywhere; replay's cleanAnswers checks every value before a game reads it.
 */
export const unreadAnswer = z.custom<never>(() => true);

/**
 * A player's Discord user id, so the post at a phase's opening mentions them (a snowflake: 17 to 20
 * digits, Discord's "Copy User ID" with Developer Mode on). Host only: never published.
 */
export const discordUserId = z.optional(
  z
    .string()
    .check(
      z.trim(),
      z.regex(
        /^\d{17,20}$/,
        'a Discord user id is 17 to 20 digits (in Discord: User Settings → Advanced → Developer Mode, then right-click the player → Copy User ID)',
      ),
    ),
);

/**
 * Whether a phase's opening calls the players it waits for (src/triggers/messages/opening-notices.ts): an email to
 * each, a Discord post mentioning them. Absent, or a channel left out: on.
 */
export const noticesSchema = z.optional(
  z.strictObject({
    email: z.optional(z.boolean('notices.email takes true or false')),
    discord: z.optional(z.boolean('notices.discord takes true or false')),
  }),
);
