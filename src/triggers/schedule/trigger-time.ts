// How much of the host account's daily trigger time a match will use: a projection for the sidebar
// (before Start) and Check this account…, in the bundle. It reads the latencies of the cost model
// the tests and the bench hold every execution to (src/triggers/google/latency.ts, pessimistic: each with
// its source there) and counts what the add-on's triggers do in a day (clock-triggers.ts, execution/pipeline.ts,
// answers/row-edits.ts):
//
//   - the hourly trigger (the safety net), each tick ending on one Properties read;
//   - each deadline (and phase opening): the one-shot trigger armed MINUTE_LEAD_MS before it, which
//     turns the minute trigger on; a quiet minute tick each minute until the deadline; the tick
//     before the deadline waits for it (at most a minute), closes and reads again every form that
//     may hold an answer, draws every spreadsheet, shows every form the next phase's questions,
//     and turns the minute trigger off;
//   - each answer: its form-submit execution (its own form read, the log, the sender's sheet, a
//     one-shot trigger armed), and the execution that trigger starts drawing the host's and the
//     public sheet (counted once per answer: answers spread over the day); an edit of a public row
//     costs its edit trigger and the same;
//   - other players' sheets drawn every 3 hours while answers come in, and every open form read
//     every 2 hours (for an answer whose trigger did not fire), each by a one-shot trigger;
//   - a phase that closes when every player is ready: its close is the last answer's execution (no
//     tick waits for a deadline), counted like a deadline's, as if it closed the moment it opened
//     (the busiest its days can be); a paused match adds nothing but the hourly ticks;
//   - each phase's opening (messages/opening-notices.ts): the close's execution emails every player it waits for;
//   - each reminder time (messages/reminder-times.ts): a one-shot execution emails every player (none answered,
//     at worst), posts to Discord and draws the host's sheet (its log lists the messages);
//   - a game on its own turn clock (Peg Domain): the minute trigger runs through the turns, each
//     tick a full run reading every form.
//
// It is conservative: every answer counted as if sent alone, the busiest 24 hours of the match's
// deadlines (or, without them, phases as short as the schedule's shortest all day), every phase
// asking every player by form, half the players answering twice. The bench (npm run bench) plays
// each game at its largest in the sandbox and reports the measured day beside this projection; the
// measurement must not exceed it.

import { MINUTE_LEAD_MS } from './clock-triggers.js';
import { LATENCY, latencies } from '../google/latency.js';
import { reminderMinutes } from '../messages/reminder-times.js';
import { FORMS_EVERY_MINUTES } from '../answers/form-responses.js';

/** Apps Script's daily trigger time ("Quotas for Google Services": Triggers total runtime; docs/google.md). */
export const DAILY_TRIGGER_MINUTES = { personal: 90, workspace: 360 } as const;
/** Apps Script's daily email recipients, MailApp's quota ("Quotas for Google Services": Email recipients per day; docs/google.md). */
export const DAILY_EMAIL_RECIPIENTS = { personal: 100, workspace: 1500 } as const;
export type AccountKind = keyof typeof DAILY_TRIGGER_MINUTES;

/**
 * Milliseconds each call takes: the pessimistic model (google/latency.ts, where each has its source), or
 * where the account has measured enough calls of a kind (google/measured.ts), its own 90th percentile.
 */
type CallMs = Record<keyof typeof LATENCY, number>;

/** What each part of an execution costs, from the latencies of one call each. */
function costs(CALL_MS: CallMs) {
  /** A drawn spreadsheet: its metadata read, then one batchUpdate of about 50 KB (bench/results.md). */
  const DRAW_MS = 2 * CALL_MS.sheetsCall + 50 * CALL_MS.sheetsWritePerKb;
  /** The log: read (metadata and values), then one append. */
  const LOG_MS = 3 * CALL_MS.sheetsCall;
  /** An execution started; the lock taken and released, the bound spreadsheet, every property read once, a few writes. */
  const RUN_MS =
    CALL_MS.executionStart +
    2 * CALL_MS.lock +
    CALL_MS.spreadsheetApp +
    CALL_MS.propertyRead +
    4 * CALL_MS.propertyWrite;
  /** A trigger replaced (clock-triggers.ts): the project's triggers listed, one deleted, one created, the pointer written. */
  const ARM_MS = 3 * CALL_MS.triggerChange + CALL_MS.propertyWrite;
  /** Reading a form's new responses. */
  const FORM_READ_MS = CALL_MS.formOpen + CALL_MS.formResponses;
  /** A form closed (with its message) and read once more. */
  const FORM_CLOSE_MS = FORM_READ_MS + 2 * CALL_MS.formChange;
  /** A form shown the next phase's questions (about six changes) and opened, its pointer written. */
  const FORM_SHOW_MS = 7 * CALL_MS.formChange + 2 * CALL_MS.propertyWrite;
  /** A tick that ends on its quiet pointer: the execution's start and one Properties read (two near a deadline). */
  const QUIET_TICK_MS = CALL_MS.executionStart + 2 * CALL_MS.propertyRead;
  /** The edit trigger: two property writes, the event's range, a one-shot trigger armed. */
  const EDIT_MS = CALL_MS.executionStart + 2 * CALL_MS.propertyWrite + CALL_MS.propertyRead + ARM_MS;
  /** Before each deadline: the one-shot trigger turning the minute trigger on, a quiet minute tick a minute, the minute trigger off after. */
  const LEAD_MS = QUIET_TICK_MS + 2 * ARM_MS + (MINUTE_LEAD_MS / 60_000) * QUIET_TICK_MS;
  return {
    CALL_MS,
    DRAW_MS,
    LOG_MS,
    RUN_MS,
    ARM_MS,
    FORM_READ_MS,
    FORM_CLOSE_MS,
    FORM_SHOW_MS,
    QUIET_TICK_MS,
    EDIT_MS,
    LEAD_MS,
  };
}

/** Intervals the add-on keeps (answers/form-responses.ts: FORMS_EVERY_MINUTES; drawing/draw.ts: OTHERS_EVERY_MINUTES). */
const OTHERS_EVERY_MINUTES = 180;
const DAY_MINUTES = 1440;

export interface TriggerUseInput {
  readonly players: number;
  /** Phase lengths in minutes as the sidebar sends them (`default`, or by kind). */
  readonly minutes: Readonly<Record<string, number>>;
  /**
   * A game whose turns run on its own clock and end on a move (Peg Domain): every tick while a
   * turn is open is a full run reading the forms (a missed trigger must not cost the next player
   * their time), and each turn closes like a phase.
   */
  readonly turnClock?: { readonly turnSeconds: number; readonly reserveSeconds: number };
  /**
   * The deadlines of the match's phases as its schedule sets them (a replay of the setup without
   * answers): the busiest 24 hours of them count, not the schedule repeated all day.
   */
  readonly deadlines?: readonly string[];
  /**
   * Some phases close as soon as every player is ready (`deadlines` then has them close as they
   * open: see earliestCloses in src/engine/core/ready.ts), so the schedule's lengths bound nothing.
   */
  readonly closesWhenReady?: boolean;
  /** The schedule's reminder minutes (schedule.reminders); absent: the defaults (messages/reminder-times.ts). */
  readonly reminders?: readonly number[];
  /**
   * The account's own figures (ms) for the calls it has measured enough of (measuredLatencies in
   * google/measured.ts), each in place of the model's pessimistic one.
   */
  readonly measured?: Partial<CallMs>;
  /** Whether each phase's opening emails every player it waits for (schedule.notices.email); absent: yes (messages/opening-notices.ts). */
  readonly noticesByEmail?: boolean;
}

/** Turns a match on a turn clock is assumed to have (Peg Domain: the bench's bot match has 29). */
const TURNS = 40;

export interface TriggerUse {
  /** Projected trigger minutes a day, rounded up. */
  readonly minutesPerDay: number;
  /** Phases a day the projection assumed. */
  readonly phasesPerDay: number;
  /** Each part, in minutes (for the sidebar's explanation). */
  readonly parts: Readonly<Record<'ticks' | 'closes' | 'answers' | 'others' | 'reading' | 'reminders', number>>;
  /** Emails a day at most (every player reminded at every reminder time, and called at every opening), against MailApp's daily recipients. */
  readonly emailsPerDay: number;
}

/** The most deadlines in any 24 hours (at least one). */
export function busiestDay(deadlines: readonly string[]): number {
  const times = deadlines
    .map((d) => Date.parse(d))
    .filter((t) => Number.isFinite(t))
    .sort((a, b) => a - b);
  let most = 1;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (times[i] - times[j] >= DAY_MINUTES * 60_000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** Phases a day at the schedule's shortest phase length (at least one a day, at most one a minute). */
export function phasesPerDay(minutes: Readonly<Record<string, number>>): number {
  const lengths = Object.values(minutes).filter((m) => Number.isFinite(m) && m > 0);
  const shortest = lengths.length > 0 ? Math.min(...lengths) : DAY_MINUTES;
  return Math.max(1, Math.min(DAY_MINUTES, DAY_MINUTES / shortest));
}

/** The projection (see the top of this file). */
export function projectTriggerUse(input: TriggerUseInput): TriggerUse {
  // Every cost of the model, named as costs() names it.
  const c = costs({ ...latencies('pessimistic'), ...input.measured });
  const n = Math.max(1, Math.floor(input.players));
  const clock = input.turnClock;
  const phases = clock
    ? TURNS
    : input.deadlines && input.deadlines.length > 0
      ? input.closesWhenReady
        ? busiestDay(input.deadlines)
        : Math.min(phasesPerDay(input.minutes), busiestDay(input.deadlines))
      : phasesPerDay(input.minutes);
  const sheets = n + 2;
  // On a turn clock, every minute of the match is a full tick reading every form.
  const turnMinutes = clock ? Math.min(DAY_MINUTES, (TURNS * clock.turnSeconds + n * clock.reserveSeconds) / 60) : 0;
  // The hourly safety net; before each deadline the minute trigger (its minutes overlap for phases
  // shorter than its lead: at most a tick a minute all day); on a turn clock, full ticks.
  const leadMinutes = clock ? 0 : Math.min(DAY_MINUTES, (phases * MINUTE_LEAD_MS) / 60_000);
  const ticks =
    24 * c.QUIET_TICK_MS +
    (clock ? 0 : phases * (c.LEAD_MS - (MINUTE_LEAD_MS / 60_000) * c.QUIET_TICK_MS) + leadMinutes * c.QUIET_TICK_MS) +
    turnMinutes * (c.RUN_MS + c.LOG_MS + n * c.FORM_READ_MS);
  // The tick before a deadline waits for it (a minute at most), then the close; a turn ended by a
  // move is closed by the move's own execution, without waiting.
  const close =
    (clock ? 0 : 60_000) + c.RUN_MS + c.LOG_MS + n * c.FORM_CLOSE_MS + sheets * c.DRAW_MS + n * c.FORM_SHOW_MS;
  const closes = phases * close;
  // Every player answers each phase, half of them twice; each answer alone in its minute.
  // On a turn clock one player moves a turn (and the full ticks are counted above).
  const answersPerDay = clock ? phases : phases * n * 1.5;
  const answer =
    c.RUN_MS +
    c.LOG_MS +
    c.CALL_MS.spreadsheetApp +
    2 * c.CALL_MS.propertyWrite +
    c.FORM_READ_MS +
    c.DRAW_MS +
    c.ARM_MS;
  // The next tick draws the host's and the public sheet (for an edit of a public row, also the
  // editor's, which the edit's own trigger does not: counted as the edit trigger's cost and one
  // more draw, below the form answer's own execution).
  const nextTick = c.RUN_MS + c.LOG_MS + 2 * c.DRAW_MS + c.ARM_MS + c.EDIT_MS;
  const answers = answersPerDay * (answer + (clock ? 0 : nextTick));
  // Other players' sheets, and every form, while answers can come (all day, at worst).
  // Each woken by a one-shot trigger, which it replaces.
  const others =
    Math.min(answersPerDay, DAY_MINUTES / OTHERS_EVERY_MINUTES) * (c.RUN_MS + c.LOG_MS + n * c.DRAW_MS + c.ARM_MS);
  const reading = (DAY_MINUTES / FORMS_EVERY_MINUTES) * (c.RUN_MS + c.LOG_MS + n * c.FORM_READ_MS + c.ARM_MS);
  // Reminders: as many a phase as its (shortest) length takes; none for a turn clock's turns of minutes.
  const phaseMinutes = clock ? clock.turnSeconds / 60 : DAY_MINUTES / phasesPerDay(input.minutes);
  const reminderTimes =
    phases * reminderMinutes(input.reminders ? { reminders: [...input.reminders] } : undefined, phaseMinutes).length;
  const reminders =
    reminderTimes *
    (c.RUN_MS + c.LOG_MS + c.CALL_MS.mailQuota + n * c.CALL_MS.mailSend + c.CALL_MS.fetch + c.DRAW_MS + c.ARM_MS);
  // The opening's notices: the execution that closes a phase emails every player the next waits for.
  const noticeEmails = input.noticesByEmail === false ? 0 : phases * n;
  const notices = noticeEmails > 0 ? phases * c.CALL_MS.mailQuota + noticeEmails * c.CALL_MS.mailSend : 0;
  const parts = { ticks, closes: closes + notices, answers, others, reading, reminders };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  const toMinutes = (ms: number) => Math.round((ms / 60_000) * 10) / 10;
  return {
    minutesPerDay: Math.ceil(total / 60_000),
    phasesPerDay: Math.round(phases * 10) / 10,
    parts: {
      ticks: toMinutes(ticks),
      closes: toMinutes(closes + notices),
      answers: toMinutes(answers),
      others: toMinutes(others),
      reading: toMinutes(reading),
      reminders: toMinutes(reminders),
    },
    emailsPerDay: Math.ceil(reminderTimes * n + noticeEmails),
  };
}
