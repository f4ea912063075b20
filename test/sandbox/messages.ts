// Reminders and Discord posts in a whole match run by the built add-on (dist/Code.js) in the Apps
// Script sandbox: the minute ticks fire every minute, players answer after the first reminder
// (some never), a trigger fires twice at a reminder, Discord is down over one deadline and rate
// limited over another, and the day's mail quota runs out for one phase. Each reminder and each
// post goes out exactly once, the host's log says what did not, nothing private is in any message,
// and every sheet shows what a replay of the exported match file shows.
import { expect } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import { type MatchFile, replayMatch } from '../../src/engine/index.js';
import { reminderTimes } from '../../src/triggers/reminders.js';
import { checkMessagesPrivacy } from '../helpers/privacy.js';
import { DEFAULT_FAULTS, Table } from './players.js';
import { checkFilesPrivate, expectSheetsShowExportedReplay } from './whole-match.js';

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn'];
const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQrStUvWx';

export interface MessagesCase {
  readonly game: string;
  readonly players: number;
  readonly minutes: Record<string, number>;
  readonly options?: Record<string, unknown>;
}

/** The match as its log stood at `time` (what was sent by then), replayed as of then. */
function asOf(match: MatchFile, time: string) {
  const by = (at?: string) => at === undefined || Date.parse(at) <= Date.parse(time);
  return replayMatch({ ...match, submissions: match.submissions.filter((s) => by(s.at)), events: (match.events ?? []).filter((e) => by(e.at)) }, { now: time });
}

/** The message events of a match's log. */
function messageEvents(match: MatchFile) {
  return (match.events ?? []).flatMap((e) => (e.type === 'message' ? [e] : []));
}

/** Plays `c` with reminders and Discord (see the top of this file) and checks it. */
export function checkMessagesMatch(c: MessagesCase): void {
  const emails = NAMES.slice(0, c.players).map((n) => `${n.toLowerCase()}@example.com`);
  const table = new Table(c.game, emails, { ...DEFAULT_FAULTS, invalidEvery: 1000 });
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

  const setup = {
    game: c.game,
    players: NAMES.slice(0, c.players).map((name, i) => ({ name, email: emails[i], garnets: 0, ...(i === 1 ? { timeZone: 'America/New_York' } : {}) })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: c.minutes,
    deadlines: {},
    ...(c.options ? { options: c.options } : {}),
  };
  expect(table.startMatch(setup).ok).toBe(true);
  table.minuteTicks(30, true);

  // Each reminder, and when the sandbox's clock had passed it (its tick ran by then).
  const seenReminders: { key: string; passed: string }[] = [];
  const closedEarly: string[] = [];
  for (let phase = 0; ; phase++) {
    if (phase >= 200) throw new Error(`${c.game} did not end within 200 phases`);
    const state = table.state();
    if (!state.open) {
      if (state.pending.length === 0) break;
      google.promptAnswers.push({ button: 'OK', text: state.pending[0].choices[0] });
      table.run('answerHostDecision');
      continue;
    }
    const times = reminderTimes(state.open.phase.id, state.open.timing, state.match.schedule);
    // The third phase: the day's mail quota is spent (each of its reminders is skipped, and noted).
    if (phase === 2) Object.assign(google.quotaDay.mail, { start: google.clock.now(), calls: 1_000_000 });
    if (phase === 3) Object.assign(google.quotaDay.mail, { start: -Infinity, calls: 0 });
    // Nobody answers before the first reminder: every player who may answer is awaited then.
    if (times.length > 0) {
      google.clock.set(new Date(Date.parse(times[0].at) + 40_000).toISOString());
      seenReminders.push({ key: times[0].key, passed: google.clock.iso() });
      // A doubled trigger at the reminder: nothing is sent twice.
      table.fire('CLOCK');
    }
    const answered = table.answerPhase();
    if (answered === 'over') break;
    if (answered === 'decided' || answered.deadline === null) continue;
    const later = times.slice(1).filter((t) => Date.parse(t.at) > Date.parse(google.clock.iso()));
    // A phase that closed early when everyone was ready (closeWhenReady) has no later reminders.
    if (table.state().open?.phase.id !== state.open.phase.id) {
      closedEarly.push(...later.map((t) => t.key));
      later.length = 0;
    }
    for (const t of later) {
      google.clock.set(new Date(Date.parse(t.at) + 40_000).toISOString());
      seenReminders.push({ key: t.key, passed: google.clock.iso() });
    }
    // Discord is down over the second deadline (its post fails, is tried once more a minute later,
    // then dropped), and rate limits the first try of the third's (the next execution's goes through).
    if (phase === 1) google.discord.outage = true;
    if (phase === 2) google.discord.rateLimited = 1;
    table.passDeadline(answered);
    google.clock.advance(70);
    google.discord.outage = false;
    google.clock.advance(120);
  }

  const { result, match } = expectSheetsShowExportedReplay(table, `${c.game} with messages`);
  checkFilesPrivate(table, `${c.game} with messages`, true);
  const events = messageEvents(match);
  if (process.env.DEBUG_MESSAGES) console.log(JSON.stringify({ mail: google.mail.slice(0, 2), posts: google.discord.posts.slice(0, 3) }, null, 1));
  const name = (id: string) => match.players.find((p) => p.id === id)?.name ?? id;

  // Emails: one per sent event, each to its player's address, none twice.
  const sentMail = events.filter((e) => e.channel === 'email' && e.status === 'sent');
  expect(sentMail.length).toBeGreaterThan(c.players);
  expect(google.mail).toHaveLength(sentMail.length);
  expect(new Set(sentMail.map((e) => `${e.key}|${e.player}`)).size).toBe(sentMail.length);
  for (const e of sentMail) {
    const player = match.players.find((p) => p.id === e.player);
    expect(google.mail.filter((m) => m.to === player?.email && m.at === Date.parse(e.at))).toHaveLength(1);
  }
  // Every reminder reached exactly the players awaited at its time (sent, or skipped and noted).
  for (const { key, passed } of seenReminders) {
    const then = asOf(match, passed).open;
    // None when the reminder's phase had closed by then (early, when every player was ready).
    const stillOpen = then !== null && key.startsWith(`remind:${then.phase.id}@`);
    const awaited = stillOpen ? Object.keys(then.phase.questions).filter((id) => !then.moves.has(id)) : [];
    const logged = events.filter((e) => e.channel === 'email' && e.key === key);
    expect(logged.map((e) => e.player).sort(), key).toEqual([...awaited].sort());
  }
  // A phase closed early sends none of the reminders it would have had later.
  for (const key of closedEarly)
    expect(
      events.filter((e) => e.key === key),
      key,
    ).toEqual([]);
  // Each email was to a player with no valid answer at its time, and names only that player.
  for (const mail of google.mail) {
    const at = asOf(match, new Date(mail.at).toISOString());
    const player = match.players.find((p) => p.email === mail.to);
    expect(player).toBeDefined();
    expect(at.open?.moves.has(player!.id), `${mail.to} at ${new Date(mail.at).toISOString()}`).toBe(false);
    expect(mail.body).toContain(`Hello ${player!.name},`);
    expect(mail.body).toContain(table.playerFile(player!.id).sheet);
    for (const other of match.players) if (other.id !== player!.id) expect(mail.body).not.toContain(other.name);
    // Ben reads times in New York; the others in London.
    expect(mail.body).toMatch(player!.id === 'p2' ? / (EST|GMT-5),/ : / (GMT|BST),/);
  }
  // The quota: the third phase's reminders were skipped, each noted in the host's log.
  const skipped = events.filter((e) => e.status === 'skipped');
  expect(skipped.length).toBeGreaterThan(0);
  expect(skipped.every((e) => /quota is spent/.test(e.note ?? ''))).toBe(true);

  // Discord: one post per sent event, none twice; the outage's post dropped after two tries; mentions off.
  const posts = events.filter((e) => e.channel === 'discord');
  const sentPosts = posts.filter((e) => e.status === 'sent');
  expect(google.discord.posts).toHaveLength(sentPosts.length);
  expect(new Set(sentPosts.map((e) => e.key)).size).toBe(sentPosts.length);
  expect(google.discord.posts.every((p) => JSON.stringify(p.allowedMentions) === '{"parse":[]}')).toBe(true);
  const dropped = posts.filter((e) => e.status === 'dropped');
  expect(dropped).toHaveLength(1);
  expect(posts.filter((e) => e.key === dropped[0].key).map((e) => e.status)).toEqual(['failed', 'dropped']);
  expect(dropped[0].note).toMatch(/HTTP 503/);
  const limited = posts.filter((e) => e.status === 'failed' && /rate limiting/.test(e.note ?? ''));
  expect(limited).toHaveLength(1);
  expect(posts.filter((e) => e.key === limited[0].key).map((e) => e.status)).toEqual(['failed', 'sent']);
  const results = sentPosts.filter((e) => e.key.startsWith('result:'));
  expect(results.length).toBe(result.closed.length - 1);
  const spectators = (table.run('exportMatchFile'), google.properties.get('gh.shared') ?? '');
  const link = (JSON.parse(spectators) as { spectators: string }).spectators;
  for (const post of google.discord.posts) {
    if (/ is over\./.test(post.content)) expect(post.content).toContain(`Spectators: ${link}`);
    else expect(post.content).toMatch(/Waiting for: /);
  }
  // The host's log tab lists each message, the dropped post with Discord's answer.
  const hostLog = JSON.stringify(google.host.sheet('Log').cells);
  expect(hostLog).toContain('dropped');
  expect(hostLog).toContain('quota is spent');
  // The secret appears nowhere but the script properties.
  expect(table.run('exportMatchFile') as string).not.toContain('webhooks');
  for (const file of google.sheets.values()) expect(JSON.stringify(file.workbook.tabs.map((t) => t.cells))).not.toContain('discord.com/api');

  // Privacy: the checker over every email (its player's) and post (the public's); and no other player's private answer in any.
  const messages: { audience: Audience; text: string }[] = [
    ...google.mail.map((m) => ({ audience: `player:${match.players.find((p) => p.email === m.to)?.id}` as Audience, text: `${m.subject}\n${m.body}` })),
    ...google.discord.posts.map((p) => ({ audience: 'public' as Audience, text: p.content })),
  ];
  expect(checkMessagesPrivacy(result, messages)).toBeGreaterThan(0);
  for (const message of messages)
    for (const s of match.submissions)
      for (const value of Object.values(s.answers).flat())
        if (typeof value === 'string' && value.trim().length >= 6 && message.audience !== `player:${s.player}`)
          expect(message.text.includes(value.trim()), `${name(s.player)}'s answer "${value}" in a message to ${message.audience}`).toBe(false);
}
