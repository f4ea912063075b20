// What the New match… sidebar asks of the script besides Start (google.script.run, through the
// entry points main.ts re-exports): the games and defaults it draws, the host's kind of account, the
// projected daily trigger time of the match being set up, and a check of the setup. Pure but for
// reading the spreadsheet's time zone, the account kind the host said and this account's own timings
// of Google's calls (measured.ts).
/// <reference types="google-apps-script" />

import { GAME_LIST, gameById } from '../engine/index.js';
import { defaultCloseWhenReady, earliestCloses } from '../engine/core/ready.js';
import { type AnyGame, LIVE_PACE, type TurnClock } from '../engine/core/game.js';
import { turnClockOf } from '../engine/core/clock.js';
import { type OptionField, optionFields } from '../engine/core/option-fields.js';
import { type MatchSetup, type StartResult, firstMistake, validateSetup } from '../triggers/host/match-host.js';
import { saidAccountKind, sayAccountKind } from './account-kind.js';
import { type SeasonPrefill, seasonPrefill } from '../triggers/saved/season-logs.js';
import { appsScriptPorts } from './services.js';
import { measuredLatencies, parseSummary } from '../triggers/google/measured.js';
import { KEY } from '../triggers/saved/pointers.js';
import {
  type AccountKind,
  DAILY_EMAIL_RECIPIENTS,
  DAILY_TRIGGER_MINUTES,
  type TriggerUse,
  type TriggerUseInput,
  projectTriggerUse,
} from '../triggers/schedule/trigger-time.js';

/**
 * The next match of the spreadsheet's season, when Next match… or Death match… opened the sidebar
 * (`next`, menu-season.ts): what to fill, or why it cannot be.
 */
function prefillFor(next: unknown): { prefill?: SeasonPrefill; prefillError?: string } {
  if (next === null || next === undefined || typeof next !== 'object') return {};
  const kind = 'kind' in next && (next.kind === 'main' || next.kind === 'death') ? next.kind : null;
  if (kind === null) return {};
  const opponent = 'opponent' in next && typeof next.opponent === 'string' ? next.opponent : undefined;
  const prefill = seasonPrefill(appsScriptPorts().files.host(), kind, opponent);
  return prefill.ok ? { prefill: prefill.value } : { prefillError: prefill.error };
}

/** What the sidebar needs to draw itself; `next`: the season's next match to fill it with (Next match…, Death match…). */
export function newMatchDefaults(next?: unknown): {
  prefill?: SeasonPrefill;
  prefillError?: string;
  games: {
    id: string;
    title: string;
    min: number;
    max: number;
    default: number;
    blurb: string;
    closeWhenReady: Record<string, boolean>;
    phaseLengths: { kinds: Record<string, string>; timedBy?: string };
    options: OptionField[];
  }[];
  timeZone: string;
  now: string;
  account: AccountKind | null;
} {
  return {
    games: GAME_LIST.map((g) => ({
      id: g.id,
      title: g.title,
      min: g.playerCount.min,
      max: g.playerCount.max,
      default: g.playerCount.default,
      blurb: g.blurb,
      closeWhenReady: defaultCloseWhenReady(g),
      // The phase kinds whose length the host sets, in the game's own words (its definition).
      phaseLengths: {
        kinds: { ...g.phaseLengths.kinds },
        ...(g.phaseLengths.timedBy ? { timedBy: g.phaseLengths.timedBy } : {}),
      },
      // The options a host sets one field each, labelled in the game's own words (core/option-fields.ts;
      // the bundle's is a table scripts/build.mjs works out from it).
      options: optionFields(g),
    })),
    // The host spreadsheet's own time zone (File → Settings), which the host sees every day.
    timeZone: SpreadsheetApp.getActiveSpreadsheet().getSpreadsheetTimeZone() || Session.getScriptTimeZone(),
    now: new Date().toISOString(),
    // The kind of account the host said before (null: not yet; the sidebar then asks).
    account: saidAccountKind(),
    ...prefillFor(next),
  };
}

/** The sidebar's account field: the host says once whether this is a personal or a Workspace account. */
export function setAccountKind(kind: string): AccountKind {
  return sayAccountKind(kind);
}

/** What the sidebar shows of a match's daily trigger time (projectTriggerTime). */
export interface TriggerTimeAnswer {
  readonly minutesPerDay: number;
  readonly phasesPerDay: number;
  readonly quota: number;
  readonly account: AccountKind;
  readonly fits: boolean;
  readonly parts: TriggerUse['parts'];
  /** Reminder emails a day at most, the account's daily recipients (MailApp), and whether they fit. */
  readonly emailsPerDay: number;
  readonly emailQuota: number;
  readonly emailsFit: boolean;
  /** A whole live session of this game at the pace its rules give (Game.livePace): its trigger minutes, and that pace in words. */
  readonly live: { readonly minutes: number; readonly pace: string } | null;
  /** How many of the model's latencies were replaced by this account's own figures (0: the model's alone). */
  readonly measuredKinds: number;
}

/**
 * The sidebar's projection of the daily trigger time of the match being set up, against the
 * chosen account's daily quota (src/triggers/schedule/trigger-time.ts; Check this account… tells which
 * kind of account this is). Peg Domain's turns run on the game's clock: counted as a phase a day
 * and its turns as answers. One Properties read: the account's own timings (measured.ts).
 */
export function projectTriggerTime(
  setup: {
    game?: string;
    players?: readonly unknown[];
    minutes?: Record<string, number>;
    reminders?: unknown;
    notices?: { email?: unknown };
    options?: unknown;
  },
  account?: string,
): TriggerTimeAnswer {
  const kind: AccountKind = account === 'workspace' ? 'workspace' : 'personal';
  const game = GAME_LIST.find((g) => g.id === setup?.game);
  const players = Math.max(
    game?.playerCount.min ?? 1,
    Array.isArray(setup?.players) ? setup.players.length : (game?.playerCount.default ?? 1),
  );
  const minutes = Object.fromEntries(
    Object.entries(setup?.minutes ?? {}).filter(([, m]) => typeof m === 'number' && Number.isFinite(m) && m > 0),
  );
  // The account's own 90th percentiles, for the kinds of call it has timed enough of (measured.ts).
  const measured = measuredLatencies(parseSummary(PropertiesService.getDocumentProperties().getProperty(KEY.latency)));
  const use = projectTriggerUse({
    players,
    measured,
    minutes: Object.keys(minutes).length > 0 ? minutes : { default: 1440 },
    ...turnClockFor(game, setup?.options),
    ...deadlinesOf(setup),
    ...(Array.isArray(setup?.reminders)
      ? { reminders: setup.reminders.filter((m): m is number => typeof m === 'number' && m > 0) }
      : {}),
    ...(setup?.notices?.email === false ? { noticesByEmail: false } : {}),
  });
  const quota = DAILY_TRIGGER_MINUTES[kind];
  const emailQuota = DAILY_EMAIL_RECIPIENTS[kind];
  return {
    minutesPerDay: use.minutesPerDay,
    phasesPerDay: use.phasesPerDay,
    quota,
    account: kind,
    fits: use.minutesPerDay <= quota,
    parts: use.parts,
    emailsPerDay: use.emailsPerDay,
    emailQuota,
    emailsFit: use.emailsPerDay <= emailQuota,
    live: liveSession(game, players, setup, measured),
    measuredKinds: Object.keys(measured).length,
  };
}

/**
 * The same match played live at its rules' pace (Game.livePace, or a round an hour), its phases
 * from a replay of the setup at that pace: the whole session's trigger minutes.
 */
function liveSession(
  game: (typeof GAME_LIST)[number] | undefined,
  players: number,
  setup: unknown,
  measured: TriggerUseInput['measured'],
) {
  const pace = game?.livePace ?? LIVE_PACE;
  const at = { ...(typeof setup === 'object' && setup !== null ? setup : {}), minutes: pace.minutes, deadlines: {} };
  // The session's own phases, from a replay of the setup at that pace: without them (a setup not
  // valid yet) the projection would fill a whole day with phases at that pace, which is no session.
  const session = deadlinesOf(at);
  if (!pace.turnClock && session.deadlines === undefined) return null;
  const use = projectTriggerUse({
    players,
    measured,
    minutes: Object.keys(pace.minutes).length > 0 ? pace.minutes : { default: 60 },
    ...(pace.turnClock ? { turnClock: pace.turnClock } : {}),
    ...session,
  });
  const words = pace.turnClock
    ? `${pace.turnClock.turnSeconds / 60}-minute turns with ${pace.turnClock.reserveSeconds / 60} minutes of reserve`
    : Object.entries(pace.minutes)
        .map(([kind, m]) => `${kind === 'default' ? 'each phase' : kind} ${m} min`)
        .join(', ');
  return { minutes: use.minutesPerDay, pace: words };
}

/**
 * The deadlines of every phase of the match set up, from a replay of it without answers (each
 * phase closes at its deadline): what the busiest day of the match holds. None while the setup is
 * not valid yet (the projection then takes the schedule's shortest phase all day).
 */
function deadlinesOf(setup: unknown): { deadlines?: string[]; closesWhenReady?: boolean } {
  try {
    // Only whether it is valid: the first mistake is enough (validateSetup would look for every one).
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- a setup half typed: the schema is its check, and this try answers none for what it cannot read
    const checked = firstMistake(setup as MatchSetup, 'projection', new Date().toISOString());
    if (!checked.ok) return {};
    // A phase that closes when every player is ready may close as it opens: counted so, at its busiest.
    const deadlines = earliestCloses(gameById(checked.value.game), checked.value);
    const closesWhenReady = Object.values(checked.value.schedule?.closeWhenReady ?? {}).some(Boolean);
    return deadlines.length > 0 ? { deadlines, ...(closesWhenReady ? { closesWhenReady } : {}) } : {};
  } catch {
    return {};
  }
}

/** The game's own turn clock with the options the host typed, for the projection (core/clock.ts). */
function turnClockFor(game: AnyGame | undefined, options: unknown): { turnClock?: TurnClock } {
  const clock = turnClockOf(game, options);
  return clock ? { turnClock: clock } : {};
}

/** Checks a setup with the match-file schema without creating anything (what startMatch checks first; the browser test answers the sidebar with it). */
export function checkMatchSetup(setup: MatchSetup, now?: string): StartResult | { ok: true } {
  const checked = validateSetup(setup, 'check', now ?? new Date().toISOString());
  return checked.ok ? { ok: true } : { ok: false, errors: checked.error };
}
