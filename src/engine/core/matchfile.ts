// The match file of MATCHFILE.md: a whole match as data. The schema validates every field and a
// malformed file is answered with one line naming the field (`players[3].id: duplicate id "p2"`).
// Defaults are filled from the game's options, including boards generated from the seed.

// Namespace import: lets esbuild drop the parts of zod we do not use (its locales alone are 260 KB).
import * as z from 'zod';
import type { AnyGame, Decision, Player, Submission } from './game.js';
import { Random } from './random.js';
import { type Result, ok, err } from './result.js';

const isoTime = z.string().refine((text) => isIsoTime(text), {
  message: 'expected an ISO 8601 time such as 2026-11-21T18:00:00Z',
});

export function isIsoTime(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text) && !Number.isNaN(Date.parse(text));
}

const answerValue = z.union([
  z.string(),
  z.number().transform(String),
  z.array(z.union([z.string(), z.number().transform(String)])),
]);

const playerSchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'a player id is 1–40 letters, digits, "_", "-" or "."'),
  name: z.string().trim().min(1, 'a name is required').max(60, 'a name is at most 60 characters'),
  email: z.email('not an email address').optional(),
  garnets: z.number().int('garnets must be a whole number').min(0, 'garnets cannot be negative').default(0),
});

const submissionSchema = z.strictObject({
  phase: z.string().min(1, 'a phase name is required'),
  player: z.string().min(1, 'a player id is required'),
  at: isoTime.optional(),
  answers: z.record(z.string(), answerValue),
});

const decisionSchema = z.strictObject({
  id: z.string().min(1),
  choice: z.string().min(1),
});

/**
 * When each phase closes. A phase's deadline is `deadlines[phase]` if given, else its opening
 * time plus `minutes[phase]`, `minutes[kind]` or `minutes.default`. A match file without a
 * schedule is a complete record: every phase in it is closed.
 */
const scheduleSchema = z.strictObject({
  timeZone: z.string().min(1).default('UTC'),
  minutes: z.record(z.string(), z.number().positive('a phase length must be positive')).default({}),
  deadlines: z.record(z.string(), isoTime).default({}),
});

export type Schedule = z.infer<typeof scheduleSchema>;

const matchFileShape = z.strictObject({
  game: z.string().min(1, 'a game is required'),
  seed: z.string().min(1, 'a seed is required'),
  startAt: isoTime.optional(),
  players: z.array(playerSchema).min(1, 'at least one player is required'),
  options: z.record(z.string(), z.unknown()).default({}),
  schedule: scheduleSchema.optional(),
  submissions: z.array(submissionSchema).default([]),
  decisions: z.array(decisionSchema).default([]),
});

/** A validated match file with every default filled in. */
export interface MatchFile<O = Record<string, unknown>> {
  readonly game: string;
  readonly seed: string;
  readonly startAt?: string;
  readonly players: readonly Player[];
  readonly options: O;
  readonly schedule?: Schedule;
  readonly submissions: readonly Submission[];
  readonly decisions: readonly Decision[];
}

/** Formats a path the way a person would write it: `players[3].id`, `options.board[2]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(match file)' : out;
}

function firstIssue(error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
  const issue = error.issues[0];
  const path = [...prefix, ...issue.path];
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys;
    return `${formatPath([...path, keys[0]])}: unknown field${keys.length > 1 ? ` (also ${keys.slice(1).join(', ')})` : ''}`;
  }
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = 'required';
  return `${formatPath(path)}: ${message}`;
}

/**
 * Validates a parsed JSON value as a match file of one of `games`, filling defaults. The error is
 * one line naming the offending field.
 */
export function parseMatchFile(input: unknown, games: ReadonlyMap<string, AnyGame>): Result<MatchFile> {
  const shape = matchFileShape.safeParse(input);
  if (!shape.success) return err(firstIssue(shape.error));
  const file = shape.data;

  const game = games.get(file.game);
  if (!game) return err(`game: unknown game "${file.game}" (one of ${[...games.keys()].join(', ')})`);

  const seen = new Map<string, number>();
  const names = new Map<string, number>();
  for (const [index, player] of file.players.entries()) {
    const earlier = seen.get(player.id);
    if (earlier !== undefined) return err(`players[${index}].id: duplicate id "${player.id}" (also players[${earlier}])`);
    seen.set(player.id, index);
    const nameKey = player.name.trim().toLowerCase();
    const sameName = names.get(nameKey);
    if (sameName !== undefined) return err(`players[${index}].name: "${player.name}" is also players[${sameName}]'s name; names must differ`);
    names.set(nameKey, index);
  }
  const { min, max } = game.playerCount;
  if (file.players.length < min || file.players.length > max) {
    const range = min === max ? `${min}` : `${min}–${max}`;
    return err(`players: ${game.title} takes ${range} players, got ${file.players.length}`);
  }

  for (const [index, submission] of file.submissions.entries()) {
    if (!seen.has(submission.player)) {
      return err(`submissions[${index}].player: unknown player "${submission.player}"`);
    }
  }

  const options = game.optionsSchema.safeParse(file.options);
  if (!options.success) return err(firstIssue(options.error, ['options']));
  const prepared = game.prepareOptions(options.data, {
    seed: file.seed,
    players: file.players,
    random: new Random(file.seed).fork('options'),
  });
  if (prepared.issues.length > 0) {
    const issue = prepared.issues[0];
    return err(`${formatPath(['options', ...issue.path])}: ${issue.message}`);
  }

  return ok({
    game: file.game,
    seed: file.seed,
    ...(file.startAt ? { startAt: file.startAt } : {}),
    players: file.players,
    options: prepared.options as Record<string, unknown>,
    ...(file.schedule ? { schedule: file.schedule } : {}),
    submissions: file.submissions,
    decisions: file.decisions,
  });
}

/** Parses match-file text: JSON errors and schema errors alike come back as one line. */
export function parseMatchFileText(text: string, games: ReadonlyMap<string, AnyGame>): Result<MatchFile> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`(match file): not valid JSON: ${(error as Error).message}`);
  }
  return parseMatchFile(json, games);
}

/** A match file as JSON, in the field order of MATCHFILE.md, compact enough to read and diff. */
export function stringifyMatchFile(match: MatchFile): string {
  const ordered = {
    game: match.game,
    seed: match.seed,
    ...(match.startAt ? { startAt: match.startAt } : {}),
    players: match.players,
    options: match.options,
    ...(match.schedule ? { schedule: match.schedule } : {}),
    submissions: match.submissions,
    decisions: match.decisions,
  };
  return `${formatJson(ordered, '')}\n`;
}

const INLINE_WIDTH = 140;

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/**
 * JSON with a line per item, except that a list of plain values (a board row) always stays on one
 * line, and anything short (a player, a submission) does too.
 */
export function formatJson(value: unknown, indent: string): string {
  if (isPrimitive(value)) return JSON.stringify(value);
  const inline = inlineJson(value);
  const rowOfValues = Array.isArray(value) && value.every(isPrimitive);
  if (rowOfValues || inline.length + indent.length <= INLINE_WIDTH) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => inner + formatJson(item, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`).join(',\n')}\n${indent}}`;
}

function inlineJson(value: unknown): string {
  if (isPrimitive(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')} }`;
}
