// The match file of docs/matchfile.md: a whole match as data. The schema validates every field and a
// malformed file is answered with one line naming the field (`players[3].id: duplicate id "p2"`).
// Defaults are filled from the game's options, including boards generated from the seed.

// zod/mini with a namespace import: esbuild keeps only the validators we use. (Classic zod added
// about 100 KB to the Apps Script bundle; mini adds about 30 KB.)
import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import type { AnyGame, Decision, MatchEvent, Player, Submission } from './game.js';
import { errorMessage, isRecord } from './guards.js';
import { checkSubstitutes } from './seats.js';
import { RESERVED_IDS, checkPlayers, finalIssue } from './matchfile-checks.js';
import { discordUserId, noticesSchema } from './matchfile-notices.js';
import { firstIssue, formatPath, valueAt } from './issues.js';
import { oneLine, quote } from './quote.js';
import { Random } from './random.js';
import { type Result, ok, err } from './result.js';
import { type SeasonField, seasonFieldSchema } from '../season/schema.js';
import { decisionSchema, eventSchema, isoTime, submissionSchema } from './matchfile-entries.js';

// zod/mini ships without messages; load the English ones once, the first time a file is checked.
let englishLoaded = false;
function useEnglishMessages(): void {
  if (!englishLoaded) z.config(english());
  englishLoaded = true;
}

export { isIsoTime, MAX_REASON_LENGTH } from './matchfile-entries.js';

const playerSchema = z.strictObject({
  id: z.string().check(
    z.regex(/^[A-Za-z0-9_.-]{1,40}$/, 'a player id is 1–40 letters, digits, "_", "-" or "."'),
    z.refine(
      (id) => !RESERVED_IDS.has(id),
      'this id is reserved (every JavaScript object has a member of that name); choose another, e.g. p1',
    ),
  ),
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'a name is required'), z.maxLength(60, 'a name is at most 60 characters')),
  email: z.optional(z.email('not an email address')),
  // A whole number that stays exact (past 2^53 a count of garnets would change as it is written and read).
  garnets: z._default(
    z
      .int('garnets are a whole number')
      .check(
        z.minimum(0, 'garnets cannot be negative'),
        z.maximum(Number.MAX_SAFE_INTEGER, `garnets are a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`),
      ),
    0,
  ),
  form: z.optional(z.string().check(z.minLength(1, 'a form id is required'))),
  timeZone: z.optional(
    z.string().check(z.refine(isTimeZone, 'not a time zone; give an IANA name such as Europe/London')),
  ),
  discord: discordUserId,
  /** An anonymous match's host-only field: who plays under the alias `name` (core/anonymity.ts). */
  person: z.optional(
    z
      .string()
      .check(z.trim(), z.minLength(1, 'a person is named'), z.maxLength(60, 'a person is at most 60 characters')),
  ),
});

/** An IANA time zone name (Europe/London, America/New_York) that Intl knows, as Apps Script's Utilities.formatDate does. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.trim() !== '';
  } catch {
    return false;
  }
}

/**
 * The longest phase, and the earliest reminder, in minutes: a year. Any longer is a mistake, and
 * a deadline computed from 1e308 minutes is no time at all (JavaScript's dates end in the year
 * 275760).
 */
const MAX_MINUTES = 525_600;

/**
 * A deadline on the clock of the schedule's zone (docs/matchfile.md, "Schedules"): the phase
 * closes at `time` local time, on one of `days` (every day when absent), at least `atLeastHours`
 * after it opens (core/deadlines.ts, wallClockDeadline).
 */
const wallClockRuleSchema = z.strictObject({
  time: z
    .string()
    .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a local time on the 24-hour clock, such as 20:00 or 07:30')),
  atLeastHours: z
    .number()
    .check(
      z.minimum(0, 'atLeastHours cannot be negative'),
      z.maximum(MAX_MINUTES / 60, `atLeastHours is at most ${MAX_MINUTES / 60} (a year)`),
    ),
  days: z.optional(
    z
      .array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 'a day is mon, tue, wed, thu, fri, sat or sun'))
      .check(z.minLength(1, 'days names at least one day (leave it out for every day)')),
  ),
});

export type WallClockRule = z.infer<typeof wallClockRuleSchema>;

/**
 * When each phase closes. A phase's deadline is `deadlines[phase]` if given, else counted from its
 * opening by `closeAt` or `minutes`, for the phase, its kind or `default` (core/deadlines.ts). A match file without a
 * schedule is a complete record: every phase in it is closed.
 */
const scheduleSchema = z.strictObject({
  timeZone: z._default(
    z.string().check(z.refine(isTimeZone, 'not a time zone; give an IANA name such as Europe/London')),
    'UTC',
  ),
  minutes: z._default(
    z.record(
      z.string(),
      z
        .number()
        .check(
          z.positive('a phase length must be positive'),
          z.maximum(MAX_MINUTES, `a phase length is at most ${MAX_MINUTES} minutes (a year)`),
        ),
    ),
    {},
  ),
  deadlines: z._default(z.record(z.string(), isoTime), {}),
  /** Deadlines on the zone's clock, by phase id, kind or `default`, as `minutes` (absent: none). */
  closeAt: z.optional(z.record(z.string(), wallClockRuleSchema)),
  /** Whether a phase closes as soon as every player is ready, by phase id, kind or `default` (see closeWhenReadyFor in ready.ts). */
  closeWhenReady: z.optional(z.record(z.string(), z.boolean('closeWhenReady takes true or false'))),
  notices: noticesSchema,
  /** Minutes before each deadline when the players who have not answered are reminded; absent: the defaults (src/triggers/messages/reminder-times.ts), [] for none. */
  reminders: z.optional(
    z.array(
      z
        .number()
        .check(
          z.refine(Number.isInteger, 'a reminder is a whole number of minutes'),
          z.positive('a reminder is minutes before the deadline'),
          z.maximum(MAX_MINUTES, `a reminder is at most ${MAX_MINUTES} minutes (a year) before the deadline`),
        ),
    ),
  ),
});

export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * The host's guardrails (docs/matchfile.md, "Guardrails"): how far the host's extensions may move
 * one phase's deadline in all, and how many times the match may be paused. The menu refuses an
 * action past them; replay does not read them. Absent: DEFAULT_GUARDRAILS (core/guardrails.ts).
 */
const guardrailsSchema = z.strictObject({
  extensionMinutes: z
    .int('extensionMinutes is a whole number of minutes')
    .check(
      z.minimum(0, 'extensionMinutes cannot be negative'),
      z.maximum(MAX_MINUTES, `extensionMinutes is at most ${MAX_MINUTES} (a year)`),
    ),
  pauses: z
    .int('pauses is a whole number')
    .check(z.minimum(0, 'pauses cannot be negative'), z.maximum(1000, 'pauses is at most 1000')),
  /** How long the match may stand paused in all; a pause ends by itself when it runs out (replay reads it). */
  pauseMinutes: z.optional(
    z
      .int('pauseMinutes is a whole number of minutes')
      .check(
        z.minimum(0, 'pauseMinutes cannot be negative'),
        z.maximum(MAX_MINUTES, `pauseMinutes is at most ${MAX_MINUTES} (a year)`),
      ),
  ),
});

export type Guardrails = z.infer<typeof guardrailsSchema>;

const matchFileShape = z.strictObject({
  game: z.string().check(z.minLength(1, 'a game is required')),
  seed: z.string().check(z.minLength(1, 'a seed is required')),
  startAt: z.optional(isoTime),
  players: z.array(playerSchema).check(z.minLength(1, 'at least one player is required')),
  options: z._default(z.record(z.string(), z.unknown()), {}),
  schedule: z.optional(scheduleSchema),
  guardrails: z.optional(guardrailsSchema),
  submissions: z._default(z.array(submissionSchema), []),
  decisions: z._default(z.array(decisionSchema), []),
  events: z.optional(z.array(eventSchema)),
  publish: z.optional(z.boolean()),
  anonymous: z.optional(z.boolean()),
  season: z.optional(seasonFieldSchema),
  secret: z.optional(
    z
      .string()
      .check(
        z.minLength(16, 'a secret is at least 16 characters'),
        z.maxLength(200, 'a secret is at most 200 characters'),
      ),
  ),
  final: z.optional(z.record(z.string(), z.unknown())),
});

/** A validated match file with every default filled in. */
export interface MatchFile<O = Record<string, unknown>> {
  readonly game: string;
  readonly seed: string;
  readonly startAt?: string;
  readonly players: readonly Player[];
  readonly options: O;
  readonly schedule?: Schedule;
  /** The caps on the host's extensions and pauses; absent: the defaults (core/guardrails.ts). */
  readonly guardrails?: Guardrails;
  readonly submissions: readonly Submission[];
  readonly decisions: readonly Decision[];
  /** Host changes to the schedule (extend a deadline, reopen a phase); absent when there are none. */
  readonly events?: readonly MatchEvent[];
  /** False: the seed and this file stay with the host at the end; absent or true: they are published (core/publish.ts). */
  readonly publish?: boolean;
  /** True: players play under aliases (`players[].name`), the people behind them are the host's only (core/anonymity.ts). */
  readonly anonymous?: boolean;
  /** The season this match is one match of, and the match before it (docs/season.md); replay ignores it. */
  readonly season?: SeasonField;
  /**
   * The host's own secret, drawn at the start and never published (core/chain.ts): it keys the
   * pseudonyms the chain is made with, and draws an anonymous match's aliases and seat order
   * (core/anonymity.ts), so the published seed tells nobody who is who.
   */
  readonly secret?: string;
  /** The final result as the file was published with it (`genius-host verify` replays the file to check it); replay ignores it. */
  readonly final?: Readonly<Record<string, unknown>>;
}

/**
 * Validates a parsed JSON value as a match file of one of `games`, filling defaults. The error is
 * one line naming the offending field.
 */
/** A change of balance names a player of this match: the Host actions list names them by name, never by id. */
function checkAdjustedPlayers(
  season: SeasonField | undefined,
  seen: ReadonlyMap<string, number>,
): Result<true, string> {
  for (const [index, change] of (season?.adjustments ?? []).entries()) {
    if (!seen.has(change.player))
      return err(
        `season.adjustments[${index}].player: unknown player ${quote(change.player)} (a change of balance names a player of this match)`,
      );
  }
  return ok(true);
}

export function parseMatchFile(input: unknown, games: ReadonlyMap<string, AnyGame>): Result<MatchFile> {
  useEnglishMessages();
  const shape = matchFileShape.safeParse(input);
  if (!shape.success) return err(firstIssue(shape.error, input));
  const file = shape.data;
  // The text as parsed, where a `__proto__` key is still an own key (the schema's copy made it the prototype).
  const final = finalIssue(valueAt(input, ['final']));
  if (final !== null) return err(final);

  const game = games.get(file.game);
  if (!game) return err(`game: unknown game ${quote(file.game)} (one of ${[...games.keys()].join(', ')})`);

  const players = checkPlayers(file.players);
  if (!players.ok) return players;
  const unmasked = file.anonymous === true ? -1 : file.players.findIndex((p) => p.person !== undefined);
  if (unmasked >= 0)
    return err(`players[${unmasked}].person: only an anonymous match ("anonymous": true) names a person behind a name`);
  const seen = players.value;
  const { min, max } = game.playerCount;
  if (file.players.length < min || file.players.length > max) {
    const range = min === max ? `${min}` : `${min}–${max}`;
    return err(`players: ${game.title} takes ${range} players, got ${file.players.length}`);
  }

  for (const [index, submission] of file.submissions.entries()) {
    if (!seen.has(submission.player)) {
      return err(`submissions[${index}].player: unknown player ${quote(submission.player)}`);
    }
  }
  for (const [index, event] of (file.events ?? []).entries()) {
    if (
      (event.type === 'email' || event.type === 'message' || event.type === 'substitute') &&
      event.player !== undefined &&
      !seen.has(event.player)
    )
      return err(`events[${index}].player: unknown player ${quote(event.player)}`);
  }
  const adjusted = checkAdjustedPlayers(file.season, seen);
  if (!adjusted.ok) return adjusted;
  const substitutes = checkSubstitutes(file.players, file.events ?? [], file.anonymous === true);
  if (!substitutes.ok) return substitutes;

  const options = game.optionsSchema.safeParse(file.options);
  if (!options.success) return err(firstIssue(options.error, file.options, ['options']));
  const prepared = game.prepareOptions(options.data, {
    seed: file.seed,
    players: file.players,
    random: new Random(file.seed).fork('options'),
  });
  if (prepared.issues.length > 0) {
    const issue = prepared.issues[0];
    return err(`${formatPath(['options', ...issue.path])}: ${issue.message}`);
  }

  return ok(
    withoutRepeats({
      game: file.game,
      seed: file.seed,
      ...(file.startAt ? { startAt: file.startAt } : {}),
      players: file.players,
      // AnyGame erases the options' type; every game's prepareOptions returns its options object.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- see above
      options: prepared.options as Record<string, unknown>,
      ...(file.schedule ? { schedule: file.schedule } : {}),
      ...(file.guardrails ? { guardrails: file.guardrails } : {}),
      submissions: file.submissions,
      decisions: file.decisions,
      ...(file.events && file.events.length > 0 ? { events: file.events } : {}),
      ...(file.publish !== undefined ? { publish: file.publish } : {}),
      ...(file.anonymous !== undefined ? { anonymous: file.anonymous } : {}),
      ...(file.season !== undefined ? { season: file.season } : {}),
      ...(file.secret !== undefined ? { secret: file.secret } : {}),
      ...(file.final !== undefined ? { final: file.final } : {}),
    }),
  );
}

/**
 * The match without its repeated entries: of the entries of one list sharing a `uid`, the first
 * stays (docs/matchfile.md, "Entry ids"). Two hosts running at once may both log the same form
 * response, the same close or the same message; each logs it under the same id, so the match reads
 * as if one host had logged it. Entries without an id are all kept. The same object when nothing repeats.
 */
export function withoutRepeats<T extends MatchFile>(match: T): T {
  const first = <E extends { readonly uid?: string }>(list: readonly E[]): readonly E[] => {
    const seen = new Set<string>();
    const kept = list.filter((entry) => {
      if (entry.uid === undefined) return true;
      if (seen.has(entry.uid)) return false;
      seen.add(entry.uid);
      return true;
    });
    return kept.length === list.length ? list : kept;
  };
  const submissions = first(match.submissions);
  const decisions = first(match.decisions);
  const events = match.events === undefined ? undefined : first(match.events);
  if (submissions === match.submissions && decisions === match.decisions && events === match.events) return match;
  return { ...match, submissions, decisions, ...(events !== undefined ? { events } : {}) };
}

/** Parses match-file text: JSON errors and schema errors alike come back as one line. */
export function parseMatchFileText(text: string, games: ReadonlyMap<string, AnyGame>): Result<MatchFile> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`(match file): not valid JSON: ${oneLine(errorMessage(error))}`);
  }
  return parseMatchFile(json, games);
}

/** The head of a match file, in the field order of docs/matchfile.md: everything but the lists that grow. */
export function matchHead(match: MatchFile): Record<string, unknown> {
  return {
    game: match.game,
    seed: match.seed,
    ...(match.startAt ? { startAt: match.startAt } : {}),
    players: match.players,
    options: match.options,
    ...(match.schedule ? { schedule: match.schedule } : {}),
    ...(match.guardrails ? { guardrails: match.guardrails } : {}),
    ...(match.publish !== undefined ? { publish: match.publish } : {}),
    ...(match.anonymous !== undefined ? { anonymous: match.anonymous } : {}),
    ...(match.season !== undefined ? { season: match.season } : {}),
    ...(match.secret !== undefined ? { secret: match.secret } : {}),
  };
}

/** A match file as JSON, in the field order of docs/matchfile.md, compact enough to read and diff. */
export function stringifyMatchFile(match: MatchFile): string {
  const ordered = {
    ...matchHead(match),
    submissions: match.submissions,
    decisions: match.decisions,
    ...(match.events && match.events.length > 0 ? { events: match.events } : {}),
    ...(match.final !== undefined ? { final: match.final } : {}),
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
function formatJson(value: unknown, indent: string): string {
  if (isPrimitive(value)) return JSON.stringify(value);
  const inline = inlineJson(value);
  const rowOfValues = Array.isArray(value) && value.every(isPrimitive);
  if (rowOfValues || inline.length + indent.length <= INLINE_WIDTH) return inline;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => inner + formatJson(item, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(isRecord(value) ? value : {}).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJson(v, inner)}`).join(',\n')}\n${indent}}`;
}

function inlineJson(value: unknown): string {
  if (isPrimitive(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inlineJson).join(', ')}]`;
  const entries = Object.entries(isRecord(value) ? value : {}).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`).join(', ')} }`;
}
