// What the sidebar sends to start a match, and its check: the match-file schema (the same one
// `replay` uses, so a setup the sidebar accepts is a match file that replays), plus what only the
// add-on needs (an email per player, a phase length, a start from now on).

import { emailMistake } from './player-emails.js';
import { GAMES, type MatchFile, loadMatch, playMatch, replayMatch } from '../../engine/index.js';
import { defaultCloseWhenReady } from '../../engine/core/ready.js';
import type { Guardrails, Schedule, WallClockRule } from '../../engine/core/matchfile.js';
import { zoneDataProblem } from '../../engine/core/zones.js';
import { DEFAULT_GUARDRAILS } from '../../engine/core/guardrails.js';
import { type Result, err, ok } from '../../engine/core/result.js';
import { drawAliases } from '../../engine/core/anonymity.js';
import { nameKey } from '../../engine/core/names.js';
import { quote } from '../../engine/core/quote.js';
import { Random } from '../../engine/core/random.js';
import { type OptionField, optionFields } from '../../engine/core/option-fields.js';
import { type OptionText, optionErrorAt, readOption, renamePlayers } from '../../engine/core/option-text.js';

/** What the sidebar sends to start a match. */
export interface MatchSetup {
  readonly game: string;
  readonly seed?: string;
  readonly players: readonly {
    readonly id?: string;
    readonly name: string;
    readonly email?: string;
    readonly garnets?: number;
    /** The IANA time zone the player's reminders give the deadline in; absent or empty: the match's. */
    readonly timeZone?: string;
    /** The player's Discord user id (17 to 20 digits): the post at a phase's opening mentions them; absent or empty: named only. */
    readonly discord?: string;
    /** An anonymous match: the name the others know this player by; absent or empty, drawn from the host's secret. */
    readonly alias?: string;
  }[];
  readonly startAt: string;
  readonly timeZone?: string;
  /** Phase lengths in minutes: `default`, or by kind (`round`, `plans`, …) or phase id. */
  readonly minutes?: Readonly<Record<string, number>>;
  /** Deadlines on the match zone's clock by kind, phase id or `default` (docs/matchfile.md, "Wall-clock deadlines"); before `minutes` at one level. */
  readonly closeAt?: Readonly<Record<string, WallClockRule>>;
  /** Explicit deadlines by phase id (ISO). */
  readonly deadlines?: Readonly<Record<string, string>>;
  /** Which phases close as soon as every player is ready, by phase kind or id (or `default`); left out: the game's defaults. */
  readonly closeWhenReady?: Readonly<Record<string, boolean>>;
  /** Minutes before each deadline to remind who has not answered; absent: the defaults (messages/reminder-times.ts), [] for none. */
  readonly reminders?: readonly number[];
  /** Whether a phase's opening emails each awaited player and posts to Discord mentioning them; absent: both on. */
  readonly notices?: { readonly email?: boolean; readonly discord?: boolean };
  readonly options?: Readonly<Record<string, unknown>>;
  /**
   * Options as the sidebar's boxes of text have them (core/option-text.ts): a list one a line, a
   * value for each player by their number in the Players box…; read into `options`, over its keys.
   */
  readonly optionTexts?: Readonly<Record<string, OptionText>>;
  /** The caps on the host's extensions and pauses (docs/matchfile.md, "Guardrails"); absent: the defaults, written into the match file. */
  readonly guardrails?: Guardrails;
  /** False: the seed and the match file stay private at the end (docs/matchfile.md, "A seed anyone can check"); published otherwise. */
  readonly publish?: boolean;
  /** True: players play under aliases, and only the host knows who is who (core/anonymity.ts). */
  readonly anonymous?: boolean;
  /** The season this match is one match of, and the match before it by its hash (docs/season.md): written into the match file as given. */
  readonly season?: unknown;
}

export interface FieldError {
  /** A match-file path (`players[1].name`, `schedule.minutes.round`, `startAt`), or '' for the whole form. */
  readonly field: string;
  readonly message: string;
}

/** The game's close-when-ready defaults, or none for a game the schema then refuses. */
function defaultsOf(game: string): Record<string, boolean> {
  const known = typeof game === 'string' ? GAMES.get(game) : undefined;
  return known ? defaultCloseWhenReady(known) : {};
}

/** A schema message (`players[1].name: …`) as the field it names and what is wrong with it. */
function errorAt(message: string): FieldError {
  const match = /^([^\s:]+(?:\[\d+\])?(?:[.[][^\s:]*)?): (.*)$/.exec(message);
  return match ? { field: match[1] === '(match' ? '' : match[1], message: match[2] } : { field: '', message };
}

/** The match file's schedule the setup asks for (checked with the rest by the schema). */
function scheduleOf(setup: MatchSetup) {
  return {
    timeZone: typeof setup.timeZone === 'string' ? setup.timeZone.trim() : setup.timeZone,
    minutes: setup.minutes ?? {},
    ...(setup.closeAt !== undefined ? { closeAt: setup.closeAt } : {}),
    deadlines: setup.deadlines ?? {},
    // Written into the log, so a later default of the game never changes a match under way.
    closeWhenReady: setup.closeWhenReady ?? defaultsOf(setup.game),
    ...(setup.reminders !== undefined ? { reminders: [...setup.reminders] } : {}),
    ...(setup.notices !== undefined ? { notices: { ...setup.notices } } : {}),
  };
}

/**
 * The sidebar's players as the match file's: ids p1, p2… where none is given, blank fields left
 * out; an anonymous match's under their aliases, drawn from `drawFrom` (the host's secret).
 */
function playersOf(setup: MatchSetup, drawFrom: string) {
  const anonymous = setup.anonymous === true;
  const aliases = anonymous ? aliasesOf(setup.players ?? [], drawFrom) : [];
  return (setup.players ?? []).map((p, i) => ({
    // An anonymous match's ids say nothing either: a host's id is often the person's name.
    id: !anonymous && p.id && p.id.trim() !== '' ? p.id.trim() : `p${i + 1}`,
    name: anonymous ? aliases[i] : p.name,
    ...(anonymous ? { person: p.name } : {}),
    ...(p.email && p.email.trim() !== '' ? { email: p.email.trim() } : {}),
    garnets: p.garnets ?? 0,
    ...(p.timeZone && p.timeZone.trim() !== '' ? { timeZone: p.timeZone.trim() } : {}),
    ...(typeof p.discord === 'string' && p.discord.trim() !== '' ? { discord: p.discord.trim() } : {}),
  }));
}

/** The most mistakes one check names: a setup with more is mostly wrong, and the host starts with these. */
const MOST_ERRORS = 20;

/**
 * Checks a setup as a match file (the same schema), plus what the add-on needs (emails), and names
 * every mistake at once, each at its field: a host who typed three wrong things is told all three
 * on the first press of Start, not one a press. Each check answers its first mistake; that field is
 * then set aside (setAside: a stand-in value that breaks no rule) and the rest checked again, until
 * the setup passes or a mistake leaves nothing to check beyond it (the game, the whole form).
 * `secret`: the host's, never published (docs/matchfile.md, "The chain" and "Anonymous matches"):
 * it keys the log's chain, and an anonymous match's aliases and seat order are drawn from it, not
 * from the seed everyone reads at the end. Without one (the sidebar's check of a setup), from the seed.
 */
export function validateSetup(
  setup: MatchSetup,
  seed: string,
  now: string,
  secret?: string,
): Result<MatchFile, FieldError[]> {
  const errors: FieldError[] = [];
  let current: MatchSetup | null = setup;
  while (current !== null && errors.length < MOST_ERRORS) {
    const checked = firstMistake(current, seed, now, secret);
    if (checked.ok) return errors.length === 0 ? checked : err(errors);
    const [mistake] = checked.error;
    // The same field refused twice: its stand-in did not take, so nothing more can be learned.
    if (errors.some((e) => e.field === mistake.field && e.message === mistake.message)) break;
    errors.push(mistake);
    current = setAside(current, mistake.field, now);
  }
  return err(errors);
}

/** A stand-in player's name and email: no one's, and no rule refuses them. */
const standInName = (i: number) => `(set aside ${i + 1})`;
const standInEmail = (i: number) => `set-aside-${i + 1}@stand-in.invalid`;

/**
 * The setup with the field a mistake names replaced by a stand-in that breaks no rule (a player's
 * name or email, a start an hour from now) or left out where the setup has a default (an option,
 * a phase length, the guardrails), so that the next check looks past it. Null where nothing past
 * the mistake can be checked: an unknown game decides every other field, and a mistake of the
 * whole form names no field.
 */
function setAside(setup: MatchSetup, field: string, now: string): MatchSetup | null {
  const [head, second] = field.split('.');
  const player = /^players\[(\d+)\]$/.exec(head);
  if (player) {
    const i = Number(player[1]);
    const part = second ?? '';
    return {
      ...setup,
      players: setup.players.map((p, j) => {
        if (j !== i) return p;
        if (part === 'email') return { ...p, email: standInEmail(i) };
        if (part === 'garnets') return { ...p, garnets: 0 };
        if (part === 'timeZone') return { ...p, timeZone: '' };
        if (part === 'alias') return { ...p, alias: '' };
        if (part === 'id') return { ...p, id: '' };
        if (part === 'name') return { ...p, name: standInName(i) };
        return { name: standInName(i), email: standInEmail(i), garnets: 0 };
      }),
    };
  }
  const without = <T>(record: Readonly<Record<string, T>> | undefined, key: string | undefined) => {
    if (record === undefined || key === undefined) return undefined;
    return Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));
  };
  const schedule = /^schedule\.(\w+)(?:\.([^.]+))?/.exec(field);
  if (schedule) {
    const [, part, key] = schedule;
    if (part === 'timeZone') return { ...setup, timeZone: 'UTC' };
    if (part === 'minutes') {
      const minutes = without(setup.minutes, key) ?? {};
      // No length at all: a day, the sidebar's own default, so the phases have deadlines to check.
      return {
        ...setup,
        minutes: key === 'default' && !setup.minutes?.default ? { ...minutes, default: 1440 } : minutes,
      };
    }
    if (part === 'closeAt') return { ...setup, closeAt: without(setup.closeAt, key) };
    if (part === 'deadlines') return { ...setup, deadlines: without(setup.deadlines, key) };
    if (part === 'closeWhenReady') return { ...setup, closeWhenReady: undefined };
    if (part === 'reminders') return { ...setup, reminders: undefined };
    return null;
  }
  if (head === 'players') return { ...setup, players: fittedPlayers(setup) };
  if (head === 'startAt') return { ...setup, startAt: new Date(Date.parse(now) + 3_600_000).toISOString() };
  if (head === 'options') {
    const key = second?.replace(/\[.*$/, '');
    return { ...setup, options: without(setup.options, key), optionTexts: without(setup.optionTexts, key) };
  }
  if (head === 'guardrails') return { ...setup, guardrails: undefined };
  if (head === 'publish' || head === 'anonymous') return { ...setup, [head]: undefined };
  return null;
}

/** The players cut to the game's most, or filled with stand-ins to its fewest. */
function fittedPlayers(setup: MatchSetup): MatchSetup['players'] {
  const count = GAMES.get(setup.game)?.playerCount;
  if (!count) return setup.players;
  const kept = setup.players.slice(0, count.max);
  const added = Array.from({ length: Math.max(0, count.min - kept.length) }, (_, k) => {
    const i = kept.length + k;
    return { name: standInName(i), email: standInEmail(i), garnets: 0 };
  });
  return [...kept, ...added];
}

/**
 * The setup's first mistake, as the match file's schema and then the add-on's own rules find it
 * (validateSetup then looks past it). Alone, for a caller that needs only whether the setup is
 * valid: the sidebar's projection, asked at every keystroke.
 */
export function firstMistake(
  setup: MatchSetup,
  seed: string,
  now: string,
  secret?: string,
): Result<MatchFile, FieldError[]> {
  const anonymous = setup.anonymous === true;
  const drawFrom = secret ?? seed;
  const players = playersOf(setup, drawFrom);
  const fields = fieldsOf(setup.game);
  const options = optionsOf(setup, fields, players);
  if (!options.ok) return err([options.error]);
  const file = {
    game: setup.game,
    seed,
    ...(secret !== undefined ? { secret } : {}),
    startAt: setup.startAt,
    players,
    options: options.value,
    schedule: scheduleOf(setup),
    guardrails: { ...DEFAULT_GUARDRAILS, ...setup.guardrails }, // on by default, and in the file for everyone to read
    submissions: [],
    decisions: [],
    ...(setup.publish === false ? { publish: false } : {}),
    ...(anonymous ? { anonymous: true } : {}),
    ...(setup.season !== undefined ? { season: setup.season } : {}),
  };
  // An empty zone is not "UTC": the host cleared the field, and every deadline would be read in a zone they did not choose.
  if (typeof setup.timeZone !== 'string' || setup.timeZone.trim() === '') {
    return err([
      {
        field: 'schedule.timeZone',
        message:
          'a time zone is needed: an IANA name such as Europe/London (File → Settings of this spreadsheet shows its own)',
      },
    ]);
  }
  const aliasError = anonymous ? aliasTakesAName(setup.players ?? []) : null;
  if (aliasError) return err([aliasError]);
  const loaded = loadMatch(file);
  if (!loaded.ok) {
    const error = optionErrorAt(fields, errorAt(loaded.error));
    return err([anonymous ? asSetupField(inPlayersWords(error, players)) : inPlayersWords(error, players)]);
  }
  const emailError = emailMistake(players);
  if (emailError) return err([emailError]);
  const deadlineError = checkDeadlines(loaded.value) ?? checkCloseAt(loaded.value);
  if (deadlineError) return err([deadlineError]);
  // The add-on closes each phase at its deadline: the first phase must have one, from the schedule
  // or from the game's own clock (a Peg Domain turn times itself).
  const first = replayMatch(loaded.value, { now: loaded.value.startAt ?? setup.startAt }).open;
  if (first && first.timing.deadline === undefined) {
    return err([
      {
        field: 'schedule.minutes.default',
        message: 'give a phase length (or explicit deadlines): the add-on closes each phase at its deadline',
      },
    ]);
  }
  if (Date.parse(loaded.value.startAt ?? setup.startAt) < Date.parse(now) - 10 * 60_000) {
    return err([{ field: 'startAt', message: 'the start is in the past; choose a time from now on' }]);
  }
  return ok(anonymous ? inDrawnOrder(file, drawFrom, fields) : loaded.value);
}

/** The game's option fields, or none for a game the schema then refuses. */
function fieldsOf(game: string): OptionField[] {
  const known = typeof game === 'string' ? GAMES.get(game) : undefined;
  return known ? optionFields(known) : [];
}

/** The setup's options, its boxes of text read over them; or the first box that does not read, at its field. */
function optionsOf(
  setup: MatchSetup,
  fields: readonly OptionField[],
  players: readonly { readonly id: string }[],
): Result<Record<string, unknown>, FieldError> {
  const options: Record<string, unknown> = { ...setup.options };
  const ids = players.map((p) => p.id);
  for (const [key, text] of Object.entries(setup.optionTexts ?? {})) {
    const field = fields.find((f) => f.key === key);
    if (!field) return err({ field: `options.${key}`, message: `${quote(key)} is not an option of this game` });
    const read = readOption(field, text, ids);
    const [issue] = read.issues;
    if (issue) return err({ field: ['options', key, ...issue.path].join('.'), message: issue.message });
    if (read.value !== undefined) options[key] = read.value;
  }
  return ok(options);
}

/** A player's id in a message ("p3" is not…, is also p1's) as the sidebar numbers them: player 3. */
function inPlayersWords(error: FieldError, players: readonly { readonly id: string }[]): FieldError {
  if (!error.field.startsWith('options')) return error;
  let message = error.message;
  players.forEach((p, i) => {
    message = message
      .split(quote(p.id))
      .join(`player ${i + 1}`)
      .split(`${p.id}'s`)
      .join(`player ${i + 1}'s`);
  });
  return { ...error, message };
}

/**
 * An anonymous match's file names a player by alias (`name`) and the person behind it (`person`);
 * the setup calls them `alias` and `name`: an error is shown on the field the host typed.
 */
function asSetupField(error: FieldError): FieldError {
  const match = /^(players\[\d+\])\.(name|person)$/.exec(error.field);
  if (!match) return error;
  return { ...error, field: `${match[1]}.${match[2] === 'name' ? 'alias' : 'name'}` };
}

/** A typed alias that reads as the name of someone playing would pass one player off as another, or unmask its own. */
function aliasTakesAName(players: MatchSetup['players']): FieldError | null {
  const people = players.map((p) => (typeof p.name === 'string' ? nameKey(p.name) : ''));
  for (const [i, p] of players.entries()) {
    const alias = typeof p.alias === 'string' ? p.alias.trim() : '';
    const person = alias === '' ? -1 : people.indexOf(nameKey(alias));
    if (person >= 0)
      return {
        field: `players[${i}].alias`,
        message: `${quote(alias)} is ${person === i ? "this player's own name" : `the name of players[${person}]`}; an alias names no one playing`,
      };
  }
  return null;
}

/** Each player's alias: the one the host typed, else one drawn from the host's secret unlike every typed one. */
function aliasesOf(players: MatchSetup['players'], drawFrom: string): string[] {
  const typed = players.map((p) => (typeof p.alias === 'string' ? p.alias.trim() : ''));
  // None drawn reads as a typed alias, nor as anyone's name (an alias names no one playing).
  const names = players.map((p) => (typeof p.name === 'string' ? p.name.trim() : '')).filter((n) => n !== '');
  const drawn = drawAliases(
    drawFrom,
    typed.filter((a) => a === '').length,
    typed.filter((a) => a !== ''),
    names,
  );
  return typed.map((alias) => (alias !== '' ? alias : (drawn.shift() ?? '')));
}

/**
 * An anonymous match's players in an order drawn from the host's secret, numbered p1… in it: the
 * order the host typed them in (often alphabetical) would otherwise tell who is who from the
 * published file; and drawn from the seed, published at the end, anyone could undo the draw.
 * Checked already, so loading it again cannot fail.
 */
function inDrawnOrder<
  F extends { readonly players: readonly { readonly id: string }[]; readonly options: Record<string, unknown> },
>(file: F, drawFrom: string, fields: readonly OptionField[]): MatchFile {
  const drawn = new Random(drawFrom).fork('anonymous/order').shuffle(file.players);
  const players = drawn.map((p, i) => ({ ...p, id: `p${i + 1}` }));
  // An option that names a player (who moves first, a team) names the same person by their new id.
  const renamed = new Map(drawn.map((p, i) => [p.id, `p${i + 1}`]));
  const rename = (id: string) => renamed.get(id) ?? id;
  const options = Object.fromEntries(
    Object.entries(file.options).map(([key, value]) => {
      const field = fields.find((f) => f.key === key);
      return [key, field ? renamePlayers(field, value, rename) : value];
    }),
  );
  const loaded = loadMatch({ ...file, players, options });
  if (!loaded.ok) throw new Error(`an anonymous match's players in a new order: ${loaded.error}`);
  return loaded.value;
}

/** `round-1 … round-5`: a list of phase ids, long runs shortened. */
function phaseList(ids: readonly string[]): string {
  return ids.length <= 6 ? ids.join(', ') : `${ids.slice(0, 3).join(', ')} … ${ids.slice(-2).join(', ')}`;
}

/** The ids of the phases a match plays, as far as replay can tell without the players: nobody answering, then bots answering (a game whose phases depend on the answers, Peg Domain's turns, plays more). */
function phaseIdsOf(match: MatchFile, schedule: Schedule, also: (ids: Set<string>) => boolean): string[] {
  const bare = { ...match, schedule: { ...schedule, deadlines: {} } };
  const ids = new Set(replayMatch(bare).closed.map((c) => c.phase.id));
  if (also(ids)) return [...ids];
  for (const c of replayMatch(playMatch(bare)).closed) ids.add(c.phase.id);
  return [...ids];
}

/**
 * Explicit deadlines name phases the game has, fall after the start, and come in the order the
 * phases do: a deadline that breaks one of these would close its phase the moment it opens, or never
 * apply. One error, on the first deadline that does.
 */
function checkDeadlines(match: MatchFile): FieldError | null {
  const schedule = match.schedule;
  const deadlines = Object.entries(schedule?.deadlines ?? {});
  if (!schedule || deadlines.length === 0) return null;
  const field = (id: string) => `schedule.deadlines.${id}`;
  const start = match.startAt ? Date.parse(match.startAt) : Number.NaN;
  for (const [id, at] of deadlines) {
    if (Date.parse(at) <= start)
      return {
        field: field(id),
        message: `${id} closes at ${at}, before the match starts (${match.startAt}): give a deadline after the start`,
      };
  }
  const ids = phaseIdsOf(match, schedule, (known) => deadlines.every(([id]) => known.has(id)));
  const title = GAMES.get(match.game)?.title ?? match.game;
  for (const [id] of deadlines) {
    if (!ids.includes(id))
      return {
        field: field(id),
        message: `${title} has no phase ${JSON.stringify(id)} with these options (its phases: ${phaseList(ids)})`,
      };
  }
  // In the order the phases come: each explicit deadline after the one before it.
  const ordered = ids.filter((id) => schedule.deadlines[id] !== undefined);
  for (let i = 1; i < ordered.length; i++) {
    const before = schedule.deadlines[ordered[i - 1]];
    const at = schedule.deadlines[ordered[i]];
    if (Date.parse(at) <= Date.parse(before)) {
      return {
        field: field(ordered[i]),
        message: `${ordered[i]} closes at ${at}, no later than ${ordered[i - 1]} before it (${before}): deadlines go in the order of the phases`,
      };
    }
  }
  return null;
}

/**
 * Wall-clock deadlines name `default`, a phase kind of the game or one of its phases (any other key
 * would never apply), and this platform's time-zone data is the one every machine replays with
 * (core/zones.ts): otherwise the add-on would close phases at times another replay does not.
 */
function checkCloseAt(match: MatchFile): FieldError | null {
  const schedule = match.schedule;
  const keys = Object.keys(schedule?.closeAt ?? {});
  if (!schedule || keys.length === 0) return null;
  const problem = zoneDataProblem();
  if (problem) return { field: 'schedule.closeAt', message: `${problem}: give phase lengths instead of times of day` };
  const kinds = Object.keys(GAMES.get(match.game)?.phaseLengths.kinds ?? {});
  const unknown = keys.filter((key) => key !== 'default' && !kinds.includes(key));
  if (unknown.length === 0) return null;
  const ids = phaseIdsOf(match, schedule, (known) => unknown.every((key) => known.has(key)));
  const wrong = unknown.find((key) => !ids.includes(key));
  if (wrong === undefined) return null;
  const title = GAMES.get(match.game)?.title ?? match.game;
  return {
    field: `schedule.closeAt.${wrong}`,
    message: `${title} has no phase or phase kind ${JSON.stringify(wrong)} (its kinds: ${kinds.join(', ') || 'none'}; its phases: ${phaseList(ids)})`,
  };
}
