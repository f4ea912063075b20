// The messages an execution sends (README, "Reminders" and "Discord announcements"): reminder
// emails to the players who may answer and have not, a Discord post of who is awaited at each
// reminder time, and a Discord post of each resolution's public headline.
//
// Each message is logged (a `message` event: docs/matchfile.md, "Messages") and sent only while the
// log holds no entry for it, so a doubled trigger sends nothing twice: executions run one at a time
// under the document lock, and the second reads the first's entries. A message is sent before its
// entry is appended (at-least-once): an execution that dies between the two (Apps Script's six
// minutes, a Sheets error on the append) leaves the message unlogged and the next one sends it
// again. The other order would lose it for good, and a missed reminder costs a player their move
// where a doubled one costs an email.
//
// A post Discord refuses (a rate limit, Cloudflare's 1015 block of Google's shared addresses, an
// outage, no answer) stays pending: its `failed` event says when to try it next (Discord's
// retry_after or Retry-After, or a back-off from 1 minute doubling to 30), and later executions, on
// Apps Script or a machine, try it again until POST_RETRY_WINDOW_MS (3 hours) after its first
// refusal, then drop it (core/posts.ts). A pending post no longer current (a reminder whose moment
// passed, a result a later one replaces) is dropped.
//
// Only what a player or a spectator may see goes out: an email names its own player, their form
// and sheet, the phase and its deadline; a post names the awaited players (as the public Status tab
// does) and the public view's headline. Nothing of another player's answers.

import { currentEmails, isNobody } from '../../engine/core/email.js';
import { POST_RETRY_WINDOW_MS, pendingPosts } from '../../engine/core/posts.js';
import { errorText, redactSecrets } from '../../engine/core/redact.js';
import type { MessageEvent } from '../../engine/core/game.js';
import { type ReplayResult, viewFor } from '../../engine/index.js';
import { zonedText } from '../../engine/core/zones.js';
import type { HostContext } from '../saved/context.js';
import { discordSince, discordText, post } from './discord-webhook.js';
import { hostActions } from '../../engine/core/host-actions.js';
import type { LogEntry } from '../saved/match-log.js';
import type { Mail, MailMessage } from '../google/ports.js';
import { type ReminderTime, openReminders } from './reminder-times.js';
import { publicByForm } from '../answers/public-rows.js';
import { noticesOn, openingEmail, openingKey, openingPost } from './opening-notices.js';
import { MAIL_QUOTA_SPENT } from '../../engine/core/mail-quota.js';

export interface MessagesSent {
  /** One `message` event per email or post tried (sent, skipped, failed or dropped), to log. */
  readonly entries: LogEntry[];
  /** A reminder was left to the next tick: the ticks must not rest. */
  readonly retry: boolean;
  /** When a refused post is next due to be tried (the ticks wake for it), or null. */
  readonly wakeAt: string | null;
  /** When the ticks must next look for a reminder (only while someone is awaited), or null. */
  readonly remindAt: string | null;
}

/** The message events of the log, by channel, key and player. */
function loggedMessages(result: ReplayResult): Map<string, MessageEvent['status'][]> {
  const out = new Map<string, MessageEvent['status'][]>();
  for (const event of result.match.events ?? []) {
    if (event.type !== 'message') continue;
    const id = messageId(event.channel, event.key, event.player);
    out.set(id, [...(out.get(id) ?? []), event.status]);
  }
  return out;
}

function messageId(channel: MessageEvent['channel'], key: string, player?: string): string {
  return `${channel}|${key}|${player ?? ''}`;
}

/** The players who may answer the open phase and have no valid answer yet, in the match's order. */
function awaited(result: ReplayResult): string[] {
  const open = result.open;
  if (!open) return [];
  return result.match.players
    .map((p) => p.id)
    .filter((id) => open.phase.questions[id] !== undefined && !open.moves.has(id));
}

/**
 * Tries of one reminder email a player gets when Google does not confirm it (refused, or no answer
 * in time): at least once means trying again, and a few tries a minute apart ride out a passing
 * refusal; past them it is dropped, said in the log, as its moment goes by.
 */
const EMAIL_TRIES = 4;

/** Whether a reminder is done with for a player: sent, skipped for a reason that stays, dropped, or tried EMAIL_TRIES times. */
function reminderSettled(statuses: readonly MessageEvent['status'][] | undefined): boolean {
  if (statuses === undefined) return false;
  return statuses.some((s) => s !== 'failed') || statuses.length >= EMAIL_TRIES;
}

/** The players a reminder due now would email (awaited, not emailed for it yet, or not confirmed): their forms are read first, for an answer whose trigger did not fire. */
export function playersToRemind(result: ReplayResult, now: string): string[] {
  const { due } = openReminders(result, now);
  return due ? unsettled(awaited(result), loggedMessages(result), due.key) : [];
}

/** Of the `waiting` players, those a reminder or an opening's call (`key`) is not done with yet (reminderSettled). */
function unsettled(waiting: readonly string[], logged: ReturnType<typeof loggedMessages>, key: string): string[] {
  return waiting.filter((id) => !reminderSettled(logged.get(messageId('email', key, id))));
}

/**
 * Sends what is due now and answers the entries to log (see the top of this file). `remind`:
 * whether this execution sends reminder emails (a tick or a menu item, which read the awaited
 * players' forms first); an answer's execution leaves a due reminder to the next tick.
 */
export function sendMessages(ctx: HostContext, result: ReplayResult, now: string, remind: boolean): MessagesSent {
  // What the messages below all ask, worked out once: what was logged, whom the open phase waits
  // for, which reminder is due, which opening calls.
  const logged = loggedMessages(result);
  const waiting = awaited(result);
  const reminders = openReminders(result, now);
  const due = reminders.due;
  const opening = openingKey(result);
  const notices = noticesOn(result.match);
  const entries: LogEntry[] = [];
  // Every note passes the one redaction (a refusal may quote the webhook's URL: core/redact.ts).
  const event = ({ note, ...value }: Omit<MessageEvent, 'type' | 'at'>): LogEntry => ({
    kind: 'event',
    value: { type: 'message', ...value, ...(note !== undefined ? { note: redactSecrets(note) } : {}), at: now },
  });
  const mail = ctx.ports.mail;
  const unsent = due && mail ? unsettled(waiting, logged, due.key) : [];
  // The opening's call to every player the phase waits for (opening-notices.ts), once each, and
  // again while Google has not confirmed it (at least once, as a reminder).
  const toCall = opening !== null && notices.email && mail ? unsettled(waiting, logged, opening) : [];
  const jobs = emailJobs(ctx, result, now, { due, unsent, opening, toCall });
  const tried = remind && mail ? emailAll(mail, jobs, currentEmails(result.match), logged) : [];
  entries.push(...tried.map(event));
  // An email Google did not confirm is tried again by the next tick (at least once).
  const retry = (!remind && (unsent.length > 0 || toCall.length > 0)) || tried.some((t) => t.status === 'failed');
  const since = discordSince(ctx);
  const posted =
    since === null
      ? { entries: [], wakeAt: null }
      : sendPosts(ctx, result, now, {
          posts: postsDue(ctx, result, {
            due: due && remind ? due : null,
            waiting,
            opening,
            since,
            discord: notices.discord,
          }),
          due,
          logged,
          event,
        });
  entries.push(...posted.entries);
  const wakeAt = posted.wakeAt;
  return {
    entries,
    retry,
    wakeAt,
    // An answer never makes a player awaited again: with no one awaited, no reminder is ahead.
    remindAt: waiting.length > 0 ? reminders.next : null,
  };
}

/**
 * Tries the Discord posts due now (postsDue), each until Discord takes it (see the top of this
 * file), and gives up the pending ones no longer current. Answers their entries, and when the
 * next refused one is due to be tried again.
 */
function sendPosts(
  ctx: HostContext,
  result: ReplayResult,
  now: string,
  {
    posts,
    due,
    logged,
    event,
  }: {
    posts: readonly PostDue[];
    due: ReminderTime | null;
    logged: ReturnType<typeof loggedMessages>;
    event: (value: Omit<MessageEvent, 'type' | 'at'>) => LogEntry;
  },
): { entries: LogEntry[]; wakeAt: string | null } {
  const entries: LogEntry[] = [];
  let wakeAt: number | null = null;
  const pending = new Map(pendingPosts(result.match.events).map((p) => [p.key, p]));
  // A pending post no longer current (its reminder's moment passed, a later result replaces it) is given up: it would say what is no longer so.
  const current = new Set([...posts.map((p) => p.key), ...(due ? [due.key] : [])]);
  for (const p of pending.values())
    if (!current.has(p.key))
      entries.push(event({ channel: 'discord', key: p.key, status: 'dropped', note: `no longer current (${p.note})` }));
  for (const { key, content, mentions } of posts) {
    const tries = logged.get(messageId('discord', key)) ?? [];
    if (tries.some((s) => s !== 'failed')) continue;
    const refused = pending.get(key);
    // Not before Discord's retry_after, or the back-off.
    if (refused && Date.parse(refused.retry) > Date.parse(now)) {
      wakeAt = Math.min(wakeAt ?? Infinity, Date.parse(refused.retry));
      continue;
    }
    const outcome = post(ctx, content(), mentions);
    if (outcome.sent) {
      entries.push(event({ channel: 'discord', key, status: 'sent' }));
      continue;
    }
    // The webhook itself refused (404, 401, 403): dropped, never tried again (discord-webhook.ts).
    if (outcome.stopped) {
      entries.push(event({ channel: 'discord', key, status: 'dropped', note: outcome.why }));
      continue;
    }
    const next = nextTry(now, tries.length + 1, outcome.waitMs);
    const until = Date.parse(refused?.until ?? now) + (refused ? 0 : POST_RETRY_WINDOW_MS);
    if (next > until) {
      // Refused for the whole window: a Discord outage never holds up the match, nor keeps the ticks awake for ever.
      entries.push(
        event({
          channel: 'discord',
          key,
          status: 'dropped',
          note: `${outcome.why}; refused for ${POST_RETRY_WINDOW_MS / 3_600_000} hours`,
        }),
      );
      continue;
    }
    entries.push(
      event({ channel: 'discord', key, status: 'failed', note: outcome.why, retry: new Date(next).toISOString() }),
    );
    wakeAt = Math.min(wakeAt ?? Infinity, next);
  }
  return { entries, wakeAt: wakeAt === null ? null : new Date(wakeAt).toISOString() };
}

/** A post due now: its message key, its text (made only when tried), and the users it may mention. */
interface PostDue {
  readonly key: string;
  readonly content: () => string;
  readonly mentions?: readonly string[];
}

/** The Discord posts due now: the reminder's who is awaited, the last result, then the opening that result led to. */
function postsDue(
  ctx: HostContext,
  result: ReplayResult,
  at: {
    due: ReminderTime | null;
    /** The players the open phase waits for (awaited). */
    waiting: readonly string[];
    opening: string | null;
    since: string;
    discord: boolean;
  },
): PostDue[] {
  const { due, waiting, opening, since } = at;
  const posts: PostDue[] = [];
  if (due && waiting.length > 0) posts.push({ key: due.key, content: () => waitingPost(result, due, waiting) });
  const last = result.closed[result.closed.length - 1];
  const closedAt = last?.timing.closedAt ?? last?.timing.deadline;
  if (last && closedAt !== undefined && Date.parse(closedAt) >= Date.parse(since))
    posts.push({
      key: `result:${last.phase.id}@${closedAt}`,
      content: () => resultPost(ctx, result, last.phase.title),
    });
  // After the result that opened it: the phase, and the players it waits for mentioned.
  const openedAt = result.open?.timing.opensAt;
  const called = opening !== null ? waiting : [];
  if (
    opening !== null &&
    at.discord &&
    called.length > 0 &&
    openedAt !== undefined &&
    Date.parse(openedAt) >= Date.parse(since)
  ) {
    const { content, mentions } = openingPost(result, called);
    posts.push({ key: opening, content: () => content, mentions });
  }
  return posts;
}

/** The back-off between tries of a refused post: 1 minute after the first refusal, doubling to at most 30. */
const FIRST_BACKOFF_MS = 60_000;
const LONGEST_BACKOFF_MS = 30 * 60_000;

/**
 * When a post refused `failures` times is tried next: after the back-off, or after Discord's own
 * retry_after / Retry-After when that is longer (each try at a shared address it limits may extend
 * the block: "Rate Limits", invalid request limit).
 */
export function nextTry(now: string, failures: number, waitMs?: number): number {
  const backoff = Math.min(LONGEST_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(10, failures - 1));
  return Date.parse(now) + Math.max(backoff, waitMs ?? 0);
}

/** The emails due now, in the order the quota serves them: a reminder is nearer its deadline than an opening's notice, so it goes first. */
function emailJobs(
  ctx: HostContext,
  result: ReplayResult,
  now: string,
  {
    due,
    unsent,
    opening,
    toCall,
  }: { due: ReminderTime | null; unsent: readonly string[]; opening: string | null; toCall: readonly string[] },
): EmailJob[] {
  return [
    ...(due
      ? unsent.map((player) => ({
          key: due.key,
          player,
          build: (to: string) => reminderEmail(ctx, result, player, to, due, now),
        }))
      : []),
    ...(opening !== null
      ? toCall.map((player) => ({ key: opening, player, build: (to: string) => openingEmail(ctx, result, player, to) }))
      : []),
  ];
}

/** One email to send: its message key (a reminder's, an opening's), its player, and the message once their address is known. */
interface EmailJob {
  readonly key: string;
  readonly player: string;
  readonly build: (to: string) => MailMessage;
}

/**
 * Sends `jobs` in their order within the day's mail quota (MailApp counts recipients: one each), so
 * when the quota runs out the first jobs are the ones sent (the host's Status tab names whom the
 * quota left out). Answers what came of each: sent (only once MailApp returned), skipped with why
 * (the quota spent, no address: tried again would change nothing), or failed when MailApp threw:
 * refused, or no answer in time, when it may have gone out all the same (the note says so). A
 * failed email is tried again by the next tick, EMAIL_TRIES times at most (so a player may get it
 * twice, never none), then dropped.
 */
function emailAll(
  mail: Mail,
  jobs: readonly EmailJob[],
  emails: ReadonlyMap<string, string>,
  logged: ReturnType<typeof loggedMessages>,
): Omit<MessageEvent, 'type' | 'at'>[] {
  if (jobs.length === 0) return [];
  let quota = mail.remainingDailyQuota();
  return jobs.map(({ key, player: id, build }) => {
    const base = { channel: 'email' as const, key, player: id };
    const to = emails.get(id);
    if (to === undefined) return { ...base, status: 'skipped' as const, note: 'the player has no email address' };
    if (isNobody(to)) return { ...base, status: 'skipped' as const, note: 'a seat the add-on plays (nobody to email)' };
    if (quota <= 0) return { ...base, status: 'skipped' as const, note: MAIL_QUOTA_SPENT };
    try {
      mail.send(build(to));
      quota -= 1;
      return { ...base, status: 'sent' as const };
    } catch (error) {
      const tries = (logged.get(messageId('email', key, id))?.length ?? 0) + 1;
      const why = `Google did not confirm the email (${errorText(error)}): it may have been sent or not`;
      return tries >= EMAIL_TRIES
        ? { ...base, status: 'dropped' as const, note: `${why}; not tried again after ${tries} tries` }
        : { ...base, status: 'failed' as const, note: `${why}; it is tried again at the next tick` };
    }
  });
}

/** Minutes from `now` to `deadline`, as words. */
function timeLeft(deadline: string, now: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(deadline) - Date.parse(now)) / 60_000));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 6) / 10;
  return `${hours} hours`;
}

/** The reminder one player gets: their own links, the phase and its deadline in their time zone, written as their sheet writes it (zonedText). */
function reminderEmail(
  ctx: HostContext,
  result: ReplayResult,
  playerId: string,
  to: string,
  due: ReminderTime,
  now: string,
): MailMessage {
  const open = result.open;
  if (!open) throw new Error('a reminder needs an open phase');
  const player = result.match.players.find((p) => p.id === playerId);
  const name = player?.name ?? playerId;
  const timeZone = player?.timeZone ?? result.match.schedule?.timeZone ?? 'UTC';
  const questions = open.phase.questions[playerId] ?? [];
  const links = ctx.pointers.player(playerId);
  const lines = [
    `Hello ${name},`,
    '',
    `${result.game.title}: ${open.phase.title} closes at ${zonedText(due.deadline, timeZone)}, in ${timeLeft(due.deadline, now)}, and there is no valid answer from you yet.`,
    '',
  ];
  // An anonymous match asks every question by form (answers/public-rows.ts, publicByForm).
  const byForm = publicByForm(result.match);
  if (questions.some((q) => byForm || !q.public) && links) lines.push(`Your form: ${links.form.url}`);
  if (!byForm && questions.some((q) => q.public))
    lines.push(`Your row in the shared sheet (tab "Your answers"): ${ctx.pointers.requireShared().url}`);
  if (links) lines.push(`Your sheet (your receipts and the board): ${links.sheet.url}`);
  lines.push(
    '',
    'This reminder comes from the match host’s genius-host; you get one only while you have not answered.',
  );
  return {
    to,
    subject: `${result.game.title}: ${open.phase.title} closes in ${timeLeft(due.deadline, now)}`,
    body: lines.join('\n'),
  };
}

/** The reminder post: who is still awaited, names only. */
function waitingPost(result: ReplayResult, due: ReminderTime, waiting: readonly string[]): string {
  const open = result.open;
  const names = waiting.map((id) => discordText(result.ctx.playerName(id)));
  return `**${discordText(result.game.title)}**: ${discordText(open?.phase.title ?? '')} closes ${discordTime(due.deadline)}. Waiting for: ${names.join(', ')}`;
}

/**
 * A time in Discord's timestamp markup, which each reader's Discord shows in their own zone: the
 * full date and time, then how far off it is (`<t:1764183600:F> (<t:1764183600:R>)`).
 */
function discordTime(iso: string): string {
  const seconds = Math.floor(Date.parse(iso) / 1000);
  return `<t:${seconds}:F> (<t:${seconds}:R>)`;
}

/** What comes next, for the post: the open phase and its deadline in each reader's own time, else the headline. */
function nextLine(result: ReplayResult, headline: string): string {
  const deadline = result.open?.timing.deadline;
  if (!result.open || !deadline || result.paused) return discordText(headline);
  return `${discordText(result.open.phase.title)} is open until ${discordTime(deadline)}`;
}

/**
 * The host's actions since the resolution before this one (README "Guardrails"), each with its time
 * and the host's reason, as the spectators' Host actions list gives them: nothing private.
 */
function hostActionLines(result: ReplayResult): string[] {
  const closedAt = (c: ReplayResult['closed'][number] | undefined) => c?.timing.closedAt ?? c?.timing.deadline;
  const from = closedAt(result.closed[result.closed.length - 2]);
  const to = closedAt(result.closed[result.closed.length - 1]);
  const actions = hostActions(result).filter(
    (a) =>
      a.at !== '' &&
      (from === undefined || Date.parse(a.at) > Date.parse(from)) &&
      (to === undefined || Date.parse(a.at) <= Date.parse(to)),
  );
  if (actions.length === 0) return [];
  return [
    'Host actions:',
    ...actions.map(
      (a) =>
        `- <t:${Math.floor(Date.parse(a.at) / 1000)}:f> ${discordText(a.what)}${a.reason === '' ? '' : ` (why: ${discordText(a.reason)})`}`,
    ),
  ];
}

/** A resolution's post: the public view's headline and current board, and the spectators' link. */
function resultPost(ctx: HostContext, result: ReplayResult, closedTitle: string): string {
  const view = viewFor(result, 'public');
  const lines = [`**${discordText(result.game.title)}**: ${discordText(closedTitle)} is over.`];
  // What happened, in words (core/news.ts); the board's title where the game tells nothing more.
  const news = view.status.news ?? [];
  if (news.length > 0) lines.push(...news.map(discordText));
  else if (view.boards[0]?.title) lines.push(discordText(view.boards[0].title));
  lines.push(nextLine(result, view.status.headline));
  lines.push(...hostActionLines(result));
  const shared = ctx.pointers.shared();
  if (shared) lines.push(`Spectators: ${shared.spectators}`);
  return lines.join('\n');
}
