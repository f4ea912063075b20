// Reminders and Discord posts in a whole match run by the built add-on (dist/Code.js) in the Apps
// Script sandbox: the match is set up with the sidebar's defaults (so phases close early when
// every player is ready, where the game's defaults say so), the minute ticks fire every minute,
// players answer after the first reminder (some never), a trigger fires twice at a reminder,
// Discord is down over one phase's close (its posts wait and go out after) and rate limited over
// another's, the day's mail quota runs out for one phase, and the host pauses one phase half way to
// its first reminder and resumes it after its old deadline, the ticks running meanwhile. Each reminder and each post goes out exactly
// once (none while paused; after the resume, those of the moved deadline), the host's log says what
// did not, nothing private is in any message, and every sheet shows what a replay of the exported
// match file shows. The reminders expected follow from the schedule (reminderTimes), not the game.
import { expect } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import { type MatchFile, gameById, replayMatch } from '../../src/engine/index.js';
import { type ReminderTime, reminderTimes } from '../../src/triggers/messages/reminder-times.js';
import { checkMessagesPrivacy } from '../helpers/privacy.js';
import { DEFAULT_FAULTS, type Faults, Table, logOf } from './players.js';
import { checkFilesPrivate, expectSheetsShowExportedReplay } from './whole-match.js';

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jo', 'Kai', 'Lea'];
const WEBHOOK =
  'https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQrStUvWx';

export interface MessagesCase {
  readonly game: string;
  readonly players: number;
  readonly minutes: Record<string, number>;
  readonly options?: Record<string, unknown>;
  /** The players' and triggers' faults (default: DEFAULT_FAULTS, answers all valid). */
  readonly faults?: Faults;
}

/** A player's Discord user id in these matches (a snowflake of 18 digits). */
const discordIdOf = (i: number) => String(100_000_000_000_000_000n + BigInt(i));

/** The match as its log stood at `time` (what was sent by then), replayed as of then. */
function asOf(match: MatchFile, time: string) {
  const by = (at?: string) => at === undefined || Date.parse(at) <= Date.parse(time);
  return replayMatch(
    {
      ...match,
      submissions: match.submissions.filter((s) => by(s.at)),
      events: (match.events ?? []).filter((e) => by(e.at)),
    },
    { now: time },
  );
}

/** The message events of a match's log. */
function messageEvents(match: MatchFile) {
  return (match.events ?? []).flatMap((e) => (e.type === 'message' ? [e] : []));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What happened along the match that the checks at the end need. */
interface Played {
  /** Each reminder, and when the sandbox's clock had passed it (its tick ran by then). */
  readonly seenReminders: { key: string; passed: string }[];
  /** Reminders that must never go out: of a phase closed early before them, or of a deadline a pause moved. */
  readonly neverSent: string[];
  /** The host's pause (from the menu, and resumed from it). */
  pause: { from: string; until: string } | null;
  /** When Discord was down: from the answers of one phase until a try after its close. */
  outage: { from: number; until: number } | null;
  /** The sidebar's close-when-ready options, as sent to startMatch. */
  readonly closeWhenReady: Record<string, boolean>;
}

/** The host turns Discord on (after a wrong URL), then starts the match as the sidebar does: with the game's default close-when-ready options. */
function startWithSidebar(c: MessagesCase): { table: Table; closeWhenReady: Record<string, boolean> } {
  const emails = NAMES.slice(0, c.players).map((n) => `${n.toLowerCase()}@example.com`);
  const table = new Table(c.game, emails, c.faults ?? { ...DEFAULT_FAULTS, invalidEvery: 1000 });
  const google = table.google;
  google.discord.webhooks.add(WEBHOOK);
  // A URL that is not a webhook's is refused, naming what to paste.
  google.promptAnswers.push({ button: 'OK', text: 'https://discord.com/channels/1/2' });
  table.run('discordWebhook');
  expect(google.ui.alerts.at(-1)).toMatch(/not a Discord webhook URL/);
  google.promptAnswers.push({ button: 'OK', text: ` ${WEBHOOK} ` });
  table.run('discordWebhook');
  expect(google.ui.alerts.at(-1)).toMatch(/Discord posts are on/);
  // The secret is in the script properties only: not in the document properties, nor (below) in any sheet or the match file.
  expect([...google.scriptProperties.values()]).toEqual([WEBHOOK]);
  expect([...google.properties.values()].some((v) => v.includes('webhooks'))).toBe(false);

  // The sidebar ticks each phase kind's "close early" box as the game's defaults say, and sends them.
  const defaults = table.run('newMatchDefaults') as {
    games: { id: string; closeWhenReady: Record<string, boolean> }[];
  };
  const closeWhenReady = defaults.games.find((g) => g.id === c.game)?.closeWhenReady ?? {};
  const setup = {
    game: c.game,
    players: NAMES.slice(0, c.players).map((name, i) => ({
      name,
      email: emails[i],
      garnets: 0,
      ...(i === 1 ? { timeZone: 'America/New_York' } : {}),
      // Every other player gives a Discord id: the opening's post mentions them, and names the others.
      ...(i % 2 === 0 ? { discord: discordIdOf(i) } : {}),
    })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: c.minutes,
    deadlines: {},
    closeWhenReady,
    ...(c.options ? { options: c.options } : {}),
  };
  expect(table.startMatch(setup).ok).toBe(true);
  table.clockTriggers(30);
  return { table, closeWhenReady };
}

/**
 * The host pauses the open phase half way from its opening to its first reminder (null when that
 * moment has passed already: a later phase is paused instead). The ticks run on past its old
 * reminders (one fired twice) and its old deadline, and send nothing; the resume moves the deadline
 * by the time paused. Answers the phase's reminders as the resume left them.
 */
function pauseAndResume(table: Table, times: readonly ReminderTime[], played: Played): ReminderTime[] | null {
  const google = table.google;
  const open = table.state().open;
  if (!open?.timing.opensAt || !open.timing.deadline || times.length === 0) return null;
  const from = Math.round((Date.parse(open.timing.opensAt) + Date.parse(times[0].at)) / 2 / 1000) * 1000;
  if (from <= google.clock.now()) return null;
  google.clock.set(iso(from));
  const before = { mail: google.mail.length, posts: google.discord.posts.length, executions: google.executions.length };
  table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
  table.run('pauseMatch');
  expect(table.state().paused?.from).toBe(iso(from));
  // Every old reminder's time passes (a doubled trigger at the first), then the old deadline.
  for (const t of times) {
    google.clock.set(iso(Date.parse(t.at) + 40_000));
    table.fire('CLOCK');
  }
  const oldDeadline = Date.parse(open.timing.deadline);
  google.clock.set(iso(oldDeadline + 20 * 60_000));
  // Clock triggers ran during the pause: at least the ones fired at each old reminder's time (with
  // nothing due, no trigger is armed for the minutes between: src/triggers/schedule/clock-triggers.ts).
  const ticks = google.executions
    .slice(before.executions)
    .filter((e) => e.name === 'onTick' || e.name === 'onWake' || e.name === 'onMinute');
  expect(ticks.length, 'ticks ran during the pause').toBeGreaterThanOrEqual(times.length);
  expect(google.mail, 'no email while paused').toHaveLength(before.mail);
  // No post of its own while paused; a post Discord refused before the pause may go out meanwhile (a retry).
  const during = messageEvents(logOf(table.sandbox)).filter((e) => e.channel === 'discord' && Date.parse(e.at) >= from);
  const retried = during.filter((e) => e.status === 'sent').map((e) => e.key);
  expect(google.discord.posts, 'no post while paused, but retries').toHaveLength(before.posts + retried.length);
  for (const key of retried)
    expect(
      messageEvents(logOf(table.sandbox)).some(
        (e) => e.key === key && e.status === 'failed' && Date.parse(e.at) < from,
      ),
    ).toBe(true);
  expect(table.state().open?.phase.id, 'nothing closes while paused').toBe(open.phase.id);
  played.neverSent.push(...times.map((t) => t.key));

  const until = google.clock.now();
  table.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason the menu asks for
  table.run('resumeMatch');
  played.pause = { from: iso(from), until: iso(until) };
  const resumed = table.state();
  expect(resumed.paused).toBeNull();
  expect(resumed.open?.phase.id).toBe(open.phase.id);
  expect(resumed.open?.timing.deadline, 'the deadline moves by the time paused').toBe(iso(oldDeadline + until - from));
  const moved = reminderTimes(open.phase.id, resumed.open?.timing ?? {}, resumed.match.schedule);
  expect(moved.map((t) => t.minutes)).toEqual(times.map((t) => t.minutes));
  return moved;
}

/**
 * Discord down from the answers of one phase until after its close (each post tried meanwhile
 * fails and stays pending, tried again after it), or rate limiting the next try (the next
 * execution's after its retry goes through). The outage is over when the execution after the close has run.
 */
function discordFault(table: Table, played: Played, fault: 'outage' | 'limit' | null, on: boolean): void {
  const google = table.google;
  if (fault === 'limit' && on) google.discord.rateLimited = 1;
  if (fault !== 'outage' || google.discord.outage === on) return;
  google.discord.outage = on;
  if (on) played.outage = { from: google.clock.now(), until: Infinity };
  else if (played.outage) played.outage.until = google.clock.now();
}

/** Plays the match to its end with the faults above; what happened, for the checks. */
function playMessagesMatch(table: Table, closeWhenReady: Record<string, boolean>): Played {
  const google = table.google;
  const played: Played = { seenReminders: [], neverSent: [], pause: null, outage: null, closeWhenReady };
  const faults: { outage?: number; limit?: number; quota?: number; quotaBack?: boolean } = {};
  for (let phase = 0; ; phase++) {
    if (phase >= 400) throw new Error(`${table.gameId} did not end within 400 phases`);
    const state = table.state();
    if (!state.open) {
      if (state.pending.length === 0) break;
      google.promptAnswers.push({ button: 'OK', text: state.pending[0].choices[0] });
      google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
      table.run('answerHostDecision');
      continue;
    }
    let times = reminderTimes(state.open.phase.id, state.open.timing, state.match.schedule);
    // The first phase with reminders from the third on: the day's mail quota is spent (each of its reminders is skipped, and noted).
    // (One whose first reminder is still to come: a Peg Domain turn ended by a move a minute tick
    // picked up opens the next while the clock runs on to the old turn's deadline, past that one's reminder.)
    if (faults.quota === undefined && phase >= 2 && times.length > 0 && Date.parse(times[0].at) > google.clock.now()) {
      faults.quota = phase;
      Object.assign(google.quotaDay.mail, { start: google.clock.now(), calls: 1_000_000 });
    } else if (faults.quota !== undefined && faults.quota < phase && !faults.quotaBack) {
      // The next phase has its quota back.
      faults.quotaBack = true;
      Object.assign(google.quotaDay.mail, { start: -Infinity, calls: 0 });
    }
    // The first phase from the second on, with reminders and not short of mail, that can be paused before its first reminder.
    if (played.pause === null && phase >= 1 && faults.quota !== phase)
      times = pauseAndResume(table, times, played) ?? times;
    // Nobody answers before the first reminder: every player who may answer is awaited then.
    if (times.length > 0) {
      google.clock.set(iso(Date.parse(times[0].at) + 40_000));
      played.seenReminders.push({ key: times[0].key, passed: google.clock.iso() });
      // A doubled trigger at the reminder: nothing is sent twice.
      table.fire('CLOCK');
      // With the quota spent, the host's Status tab names whom the reminder did not reach.
      if (faults.quota === phase)
        expect(JSON.stringify(google.host.sheet('Status').cells)).toMatch(
          /Not emailed, the day's email quota being spent: [A-Z][a-z]+ \(a reminder\)/,
        );
    }
    // Discord is down over the close of the first open phase after the first, and rate limits a try in
    // the next (its first post, or a later phase's when it posts none).
    if (faults.outage === undefined && phase >= 1) faults.outage = phase;
    else if (faults.outage !== undefined && faults.limit === undefined) faults.limit = phase;
    const fault = faults.outage === phase ? 'outage' : faults.limit === phase ? 'limit' : null;
    discordFault(table, played, fault, true);
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided')
      throw new Error(`${table.gameId}: phase ${state.open.phase.id} was open`);
    const later = times.slice(1).filter((t) => Date.parse(t.at) > google.clock.now());
    if (answered.deadline === null || table.state().open?.phase.id !== state.open.phase.id) {
      // Closed early (every player ready, or a Peg Domain move): none of its later reminders goes out;
      // the next execution tries a failed post again.
      played.neverSent.push(...later.map((t) => t.key));
      if (fault !== null) table.fire('CLOCK');
      discordFault(table, played, fault, false);
      continue;
    }
    for (const t of later) {
      google.clock.set(iso(Date.parse(t.at) + 40_000));
      played.seenReminders.push({ key: t.key, passed: google.clock.iso() });
    }
    table.passDeadline(answered);
    google.clock.advance(70);
    discordFault(table, played, fault, false);
    google.clock.advance(120);
  }
  expect(played.pause, `${table.gameId}: a phase was paused`).not.toBeNull();
  return played;
}

/** Plays `c` with reminders, Discord and a pause (see the top of this file) and checks it. */
export function checkMessagesMatch(c: MessagesCase): void {
  const { table, closeWhenReady } = startWithSidebar(c);
  const google = table.google;
  const played = playMessagesMatch(table, closeWhenReady);
  const { result, match } = expectSheetsShowExportedReplay(table, `${c.game} with messages`);
  checkFilesPrivate(table, `${c.game} with messages`, true);
  if (process.env.DEBUG_MESSAGES)
    console.log(JSON.stringify({ mail: google.mail.slice(0, 2), posts: google.discord.posts.slice(0, 3) }, null, 1));
  checkSchedule(match, played);
  checkEmails(table, match, played);
  checkPosts(table, match, played, result.closed.length);
  checkMessagesPrivate(table, match, result);
}

/** The sidebar's close-when-ready options are the match's; phases closed early where they are on (never where all are off); the pause and the resume are logged as made. */
function checkSchedule(match: MatchFile, played: Played): void {
  expect(match.schedule?.closeWhenReady).toEqual(played.closeWhenReady);
  const closes = (match.events ?? []).filter((e) => e.type === 'close');
  if (Object.values(played.closeWhenReady).some(Boolean))
    expect(closes.length, 'phases closed early').toBeGreaterThan(0);
  else expect(closes).toEqual([]);
  expect((match.events ?? []).filter((e) => e.type === 'pause' || e.type === 'resume')).toEqual([
    // Each entry of a chained log names the one before it (`after`: docs/matchfile.md, The chain).
    { type: 'pause', at: played.pause?.from, uid: expect.stringMatching(/^host:/), after: expect.any(String) },
    { type: 'resume', at: played.pause?.until, uid: expect.stringMatching(/^host:/), after: expect.any(String) },
  ]);
}

/** Each reminder email sent once, to exactly the players awaited at its time, none while paused, none of a phase closed early or a moved deadline; the quota's skips noted. */
function checkEmails(table: Table, match: MatchFile, played: Played): void {
  const google = table.google;
  const events = messageEvents(match);
  // Emails: one per sent event, each to its player's address, none twice.
  const sentMail = events.filter((e) => e.channel === 'email' && e.status === 'sent');
  expect(google.mail).toHaveLength(sentMail.length);
  expect(new Set(sentMail.map((e) => `${e.key}|${e.player}`)).size).toBe(sentMail.length);
  for (const e of sentMail) {
    const player = match.players.find((p) => p.id === e.player);
    // (A turn's opening and its reminder can go to one player in one execution: an email each.)
    const sameTime = sentMail.filter((o) => o.player === e.player && o.at === e.at).length;
    expect(google.mail.filter((m) => m.to === player?.email && m.at === Date.parse(e.at))).toHaveLength(sameTime);
  }
  // Every reminder reached exactly the players awaited at its time (sent, or skipped and noted), and no email went out but these.
  let reminded = 0;
  for (const { key, passed } of played.seenReminders) {
    const then = asOf(match, passed).open;
    // None when the reminder's phase had closed by then (early, when every player was ready).
    const stillOpen = then !== null && key.startsWith(`remind:${then.phase.id}@`);
    const awaited = stillOpen ? Object.keys(then.phase.questions).filter((id) => !then.moves.has(id)) : [];
    const logged = events.filter((e) => e.channel === 'email' && e.key === key);
    expect(logged.map((e) => e.player).sort(), key).toEqual([...awaited].sort());
    reminded += awaited.length;
  }
  // Every opening called each player the phase waited for then, once (sent, or skipped and noted).
  let called = 0;
  for (const key of new Set(events.filter((e) => e.key.startsWith('open:')).map((e) => e.key))) {
    const opensAt = key.slice(key.lastIndexOf('@') + 1);
    expect(asOf(match, opensAt).open && `open:${asOf(match, opensAt).open?.phase.id}@${opensAt}`, key).toBe(key);
    // Called when the execution after the opening ran: each player the phase waited for then (a Peg
    // Domain opponent's removal may already count).
    const logged = events.filter((e) => e.channel === 'email' && e.key === key);
    // None when the phase ended before the tick that emails (a Peg Domain turn moved at once): only its post went out.
    if (logged.length === 0) continue;
    const then = asOf(match, logged[0].at).open;
    const waitedFor = Object.keys(then?.phase.questions ?? {}).filter((id) => !then?.moves.has(id));
    expect(logged.map((e) => e.player).sort(), key).toEqual([...waitedFor].sort());
    called += waitedFor.length;
  }
  // Every phase that opened was called, by email or (a turn that ended at once) by its post.
  const openings = new Set(events.filter((e) => e.key.startsWith('open:')).map((e) => e.key));
  expect(openings.size).toBe(replayMatch(match).closed.length);
  expect(events.filter((e) => e.channel === 'email')).toHaveLength(reminded + called);
  // The schedule gives reminders in every game here (a Peg Domain turn longer than 5 minutes has one).
  expect(sentMail.length).toBeGreaterThan(0);
  // A phase closed early sends none of the reminders it would have had later; a paused one none of its old deadline's.
  for (const key of played.neverSent)
    expect(
      events.filter((e) => e.key === key),
      key,
    ).toEqual([]);
  const { from, until } = played.pause ?? { from: '', until: '' };
  const paused = (at: number) => Date.parse(from) <= at && at < Date.parse(until);
  expect(google.mail.filter((m) => paused(m.at))).toEqual([]);
  // Nothing logged while paused but the retries of posts Discord refused before it.
  const refusedBefore = (key: string) =>
    events.some((e) => e.key === key && e.status === 'failed' && Date.parse(e.at) < Date.parse(from));
  expect(events.filter((e) => paused(Date.parse(e.at)) && !(e.channel === 'discord' && refusedBefore(e.key)))).toEqual(
    [],
  );
  // Each email was to a player with no valid answer at its time, and names only that player.
  for (const mail of google.mail) {
    const at = asOf(match, iso(mail.at));
    const player = match.players.find((p) => p.email === mail.to);
    expect(player).toBeDefined();
    expect(at.open?.moves.has(player!.id), `${mail.to} at ${iso(mail.at)}`).toBe(false);
    expect(mail.body).toContain(`Hello ${player!.name},`);
    expect(mail.body).toContain(table.playerFile(player!.id).sheet);
    // (The phase's title is public: a Peg Domain turn names its mover.)
    // (Nor are the questions an opening's notice lists: the game's words, as the player's form shows them.)
    const text = mail.body.replaceAll(at.open?.phase.title ?? '\u0000', '').replace(/What to answer:\n(- .*\n)*/g, '');
    for (const other of match.players)
      if (other.id !== player!.id) expect(text).not.toMatch(new RegExp(`\\b${other.name}\\b`));
    // Ben reads times in New York; the others in London.
    expect(mail.body).toMatch(
      player!.id === 'p2'
        ? / America\/New_York \(UTC-0[45]:00\)(, in |\.)/
        : / Europe\/London \(UTC\+0[01]:00\)(, in |\.)/,
    );
    // An opening's notice gives the player's own form and says what to answer.
    if (/ is open/.test(mail.subject)) {
      const form = (JSON.parse(google.properties.get(`gh.player.${player!.id}`) ?? '{}') as { form: { url: string } })
        .form.url;
      // (A question answered in the player's public row sends them there instead.)
      expect(mail.body.includes(`Your form: ${form}`) || mail.body.includes('Your row in the shared sheet')).toBe(true);
      expect(mail.body).toContain('What to answer:');
    }
  }
  // The quota: one phase's reminders were skipped, each noted in the host's log.
  const skipped = events.filter((e) => e.status === 'skipped');
  expect(skipped.length).toBeGreaterThan(0);
  expect(skipped.every((e) => /quota is spent/.test(e.note ?? ''))).toBe(true);
  expect(JSON.stringify(google.host.sheet('Log').cells)).toContain('quota is spent');
}

/** Discord: one post per sent event, none twice; each post of the outage pending until sent after it (or replaced), the rate limited one sent on its second try; mentions off; a result post per phase. */
function checkPosts(table: Table, match: MatchFile, played: Played, closedPhases: number): void {
  const google = table.google;
  const posts = messageEvents(match).filter((e) => e.channel === 'discord');
  const sentPosts = posts.filter((e) => e.status === 'sent');
  expect(google.discord.posts).toHaveLength(sentPosts.length);
  expect(new Set(sentPosts.map((e) => e.key)).size).toBe(sentPosts.length);
  // Every post valid by Discord's own description of the webhook (test/helpers/discord-openapi.ts).
  expect(google.discord.invalid).toEqual([]);
  // Nothing pings by itself; an opening's post mentions the players it waits for who gave a Discord id, and only them.
  for (const p of google.discord.posts) {
    const mentioned = [...p.content.matchAll(/<@(\d+)>/g)].map((m) => m[1]);
    expect(p.allowedMentions).toEqual(mentioned.length > 0 ? { parse: [], users: mentioned } : { parse: [] });
    if (mentioned.length > 0) expect(p.content).toMatch(/ is open/);
    for (const id of mentioned) expect(match.players.find((pl) => pl.discord === id)).toBeDefined();
  }
  // A game that tells its news says it in words in at least one result post.
  if (gameById(table.gameId).news)
    expect(google.discord.posts.some((p) => / is over\.\n.*\n(.*\n)*(Leads|Lead, tied)/.test(p.content))).toBe(true);
  const openingPosts = sentPosts.filter((e) => e.key.startsWith('open:'));
  expect(openingPosts.length, 'a post at each opening').toBeGreaterThan(0);
  expect(google.discord.posts.some((p) => /<@\d+> \(/.test(p.content))).toBe(true);
  const { from, until } = played.outage ?? { from: 0, until: 0 };
  // (Turned on after the execution at its start.) Each post tried in the outage stayed pending and
  // was tried again (no sooner than its logged retry) until it went out after the outage, or a later
  // post replaced it (a reminder whose moment passed).
  const down = new Set(posts.filter((e) => from < Date.parse(e.at) && Date.parse(e.at) <= until).map((e) => e.key));
  expect(down.size, 'posts refused in the outage').toBeGreaterThan(0);
  for (const key of down) {
    const tries = posts.filter((p) => p.key === key);
    expect(tries.map((p) => p.status).join(','), key).toMatch(/^(failed,)+(sent|dropped)$/);
    for (const [i, e] of tries.entries()) {
      if (e.status === 'failed') expect(e.note).toMatch(/HTTP 503|rate limiting/);
      // A try no sooner than the one before allowed (a post given up as no longer current is not a try).
      if (i > 0 && !/no longer current/.test(e.note ?? ''))
        expect(Date.parse(e.at), key).toBeGreaterThanOrEqual(Date.parse(tries[i - 1].retry ?? ''));
    }
    if (tries.at(-1)?.status === 'dropped') expect(tries.at(-1)?.note).toMatch(/no longer current/);
  }
  expect(posts.filter((e) => e.status === 'failed').every((e) => e.retry !== undefined)).toBe(true);
  const dropped = posts.filter((e) => e.status === 'dropped');
  expect(dropped.every((e) => down.has(e.key))).toBe(true);
  // A result is never replaced while the outage lasts only over one close: every result went out.
  expect(dropped.filter((e) => e.key.startsWith('result:'))).toEqual([]);
  const limited = posts.filter((e) => e.status === 'failed' && /rate limiting/.test(e.note ?? '') && !down.has(e.key));
  expect(limited).toHaveLength(1);
  expect(posts.filter((e) => e.key === limited[0].key).map((e) => e.status)).toEqual(['failed', 'sent']);
  const results = sentPosts.filter((e) => e.key.startsWith('result:'));
  expect(results.length).toBe(closedPhases);
  const spectators = (table.run('exportMatchFile'), google.properties.get('gh.shared') ?? '');
  const link = (JSON.parse(spectators) as { spectators: string }).spectators;
  for (const post of google.discord.posts) {
    if (/ is over\./.test(post.content)) {
      expect(post.content).toContain(`Spectators: ${link}`);
      // A game that tells its news says what happened in words: who leads, with how many.
      // (Discord's markdown escapes aside: discordText.) A resolution that scored tells who leads.
      const text = post.content.replace(/\\(?=[\\*_~`|>#<@[\]():])/g, '');
      if (gameById(table.gameId).news && /\n(This round: |Nobody gained )/.test(text))
        expect(text).toMatch(/\n(Leads|Lead, tied): .+ with \d+ /);
    } else expect(post.content).toMatch(/Waiting for: /);
  }
  // The host's log tab lists each message, a refused post with Discord's answer and its next try.
  expect(JSON.stringify(google.host.sheet('Log').cells)).toContain('failed, tried again from');
  expect(JSON.stringify(google.host.sheet('Log').cells)).toContain('HTTP 503');
}

/** The secret nowhere but the script properties; the privacy checker over every email (its player's) and post (the public's); no other player's private answer in any. */
function checkMessagesPrivate(table: Table, match: MatchFile, result: ReturnType<typeof replayMatch>): void {
  const google = table.google;
  expect(table.run('exportMatchFile') as string).not.toContain('webhooks');
  for (const file of google.sheets.values())
    expect(JSON.stringify(file.workbook.tabs.map((t) => t.cells))).not.toContain('discord.com/api');
  const name = (id: string) => match.players.find((p) => p.id === id)?.name ?? id;
  const messages: { audience: Audience; text: string }[] = [
    ...google.mail.map((m) => ({
      audience: `player:${match.players.find((p) => p.email === m.to)?.id}` as Audience,
      text: `${m.subject}\n${m.body}`,
    })),
    ...google.discord.posts.map((p) => ({ audience: 'public' as Audience, text: p.content })),
  ];
  expect(checkMessagesPrivacy(result, messages)).toBeGreaterThan(0);
  // The questions an opening's notice lists are the game's own words (a colour question lists every colour), not an answer.
  const withoutQuestions = (text: string) => text.replace(/What to answer:\n(- .*\n)*/g, '');
  for (const message of messages.map((m) => ({ ...m, text: withoutQuestions(m.text) })))
    for (const s of match.submissions)
      for (const value of Object.values(s.answers).flat())
        if (typeof value === 'string' && value.trim().length >= 6 && message.audience !== `player:${s.player}`)
          expect(
            message.text.includes(value.trim()),
            `${name(s.player)}'s answer "${value}" in a message to ${message.audience}`,
          ).toBe(false);
}
