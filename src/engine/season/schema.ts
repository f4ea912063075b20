// The `season` field of a match file (docs/season.md, docs/matchfile.md "Seasons"): which season a
// match belongs to, whether it is a main match or a death match, the match before it (by its hash),
// the season's own rules and the host's balance changes made between the two matches. Only this
// schema lives here, imported by the match file's (core/matchfile.ts); what the field means is the
// ledger's (ledger.ts).

import * as z from 'zod/mini';

/** The longest reason a host may give for a change of balance (shown on every Season tab). */
const MAX_SEASON_REASON = 300;

/** Why the rules hold these defaults, option by option: docs/season.md, "The season's rules". */
export const seasonRulesSchema = z.strictObject({
  /** Who chooses the death match's opponent: the elimination candidate (the show's), or the host. */
  opponent: z._default(z.enum(['candidate', 'host'], 'opponent is "candidate" or "host"'), 'candidate'),
  /**
   * How long a Token of Life lasts: until the next main match starts (the show's: a token is good
   * for the death match after the main match that gave it), or until it is used.
   */
  tokens: z._default(
    z.enum(['next-main-match', 'until-used'], 'tokens is "next-main-match" or "until-used"'),
    'next-main-match',
  ),
  /** An elimination candidate holding a Token of Life uses it and plays no death match (true), or must play (false). */
  tokenSavesCandidate: z._default(z.boolean('tokenSavesCandidate takes true or false'), true),
  /** Where an eliminated player's garnets go: to the death match's winner (the show's), or nowhere. */
  eliminatedGarnets: z._default(
    z.enum(['to-winner', 'forfeit'], 'eliminatedGarnets is "to-winner" or "forfeit"'),
    'to-winner',
  ),
});

export type SeasonRules = z.infer<typeof seasonRulesSchema>;

/** The rules when a season names none: every default above. */
export const DEFAULT_SEASON_RULES: SeasonRules = {
  opponent: 'candidate',
  tokens: 'next-main-match',
  tokenSavesCandidate: true,
  eliminatedGarnets: 'to-winner',
};

const count = (what: string) =>
  z
    .int(`${what} is a whole number`)
    .check(z.minimum(-1_000_000, `${what} is at least -1000000`), z.maximum(1_000_000, `${what} is at most 1000000`));

/** A balance changed outside a match: a public host action, with the reason everyone reads. */
const adjustmentSchema = z.strictObject({
  player: z.string().check(z.minLength(1, 'a player id is required')),
  garnets: z.optional(count('garnets')),
  tokensOfLife: z.optional(count('tokensOfLife')),
  reason: z.string().check(
    z.trim(),
    z.minLength(1, 'a change of balance gives its reason (everyone reads it on the Season tab)'),
    z.maxLength(MAX_SEASON_REASON, `a reason is at most ${MAX_SEASON_REASON} characters`),
    z.refine((text) => !/[\r\n]/.test(text), 'a reason is one line'),
  ),
  at: z.optional(z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'expected an ISO 8601 time'))),
});

export type SeasonAdjustment = z.infer<typeof adjustmentSchema>;

export const seasonFieldSchema = z.strictObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'a season has a name'), z.maxLength(80, 'a season name is at most 80 characters')),
  kind: z.enum(['main', 'death'], 'kind is "main" (every player still playing) or "death" (a death match)'),
  previous: z.optional(
    z.string().check(z.regex(/^[0-9a-fA-F]{64}$/, "previous is the match before's hash: 64 hexadecimal digits")),
  ),
  rules: z.optional(seasonRulesSchema),
  adjustments: z.optional(z.array(adjustmentSchema)),
});

export type SeasonField = z.infer<typeof seasonFieldSchema>;
