// The season before this match, kept (docs/season.md, "The Season tab"): the ledger of the matches
// a match follows is fixed once they are over, so the add-on replays them once, at the Start of a
// match whose setup names its season, and keeps that ledger beside the match in its log. Every
// execution then draws the Season tab from it and the match it holds, reading no archived log.
//
// It is derived, never a source: anyone holding the season's files replays the same ledger
// (`genius-host season`). Read back, it is used only when it ends with the very match this one
// names by its hash (`season.previous`) in the same season; otherwise no Season tab is drawn.

import * as z from 'zod/mini';
import { type SeasonLedger, type SeasonMatchInput, continueLedger, seasonLedger } from './ledger.js';
import type { SeasonField } from './schema.js';
import { seasonRulesSchema } from './schema.js';

const text = z.string();
const count = z.int();

const cellSchema = z.object({
  garnets: count,
  tokensOfLife: count,
  status: z.enum(['playing', 'candidate', 'death-match', 'eliminated', 'winner']),
  played: z.boolean(),
  notes: z.array(text),
});

const columnSchema = z.object({
  number: count,
  label: text,
  kind: z.enum(['main', 'death']),
  heading: text,
  title: text,
  summary: text,
  over: z.boolean(),
  hash: z.nullable(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  events: z.array(text),
  cells: z.record(z.string(), cellSchema),
});

const ledgerSchema = z.object({
  name: text,
  rules: seasonRulesSchema,
  players: z.array(z.object({ id: text, name: text })),
  columns: z.array(columnSchema),
  issues: z.array(z.object({ match: count, label: text, player: z.optional(text), message: text })),
});

/**
 * The kept ledger `raw` (as read back from the log), when it is the season of `field` up to the
 * match `field` names as the one before it: same season, every column over, numbered in order,
 * the last one's hash the one `field.previous` names. Null otherwise (damaged, or another season's).
 */
export function keptLedger(raw: unknown, field: SeasonField | undefined): SeasonLedger | null {
  if (!field?.previous) return null;
  const parsed = ledgerSchema.safeParse(raw);
  if (!parsed.success) return null;
  const ledger: SeasonLedger = parsed.data;
  const last = ledger.columns.at(-1);
  const inOrder = ledger.columns.every((c, i) => c.number === i + 1 && c.over && c.hash !== null);
  if (!last || !inOrder || ledger.name !== field.name || last.hash !== field.previous.toLowerCase()) return null;
  return ledger;
}

/**
 * The season's ledger with this match as its last column: `before` (keptLedger) and this match; a
 * season's first match alone. Null for a match of no season, or a later match whose season before
 * it is not kept.
 */
export function ledgerWith(before: SeasonLedger | null, input: SeasonMatchInput): SeasonLedger | null {
  const field = input.match.season;
  if (!field) return null;
  if (field.previous === undefined) return seasonLedger([input]);
  return before ? continueLedger(before, input) : null;
}
