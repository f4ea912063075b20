// Reminder times (src/triggers/messages/reminder-times.ts) from worked examples, their invariants with
// fast-check, Discord's escaping of player names, the redaction of webhook URLs from error texts,
// Discord's refusals and when a refused post is tried again, and the email projection against
// MailApp's quota.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageEvent } from '../../src/engine/core/game.js';
import { POST_RETRY_WINDOW_MS, discordTrouble, pendingPosts } from '../../src/engine/core/posts.js';
import { REDACTED_WEBHOOK, errorText, redactSecrets } from '../../src/engine/core/redact.js';
import { machineDiscord } from '../../src/node/machine-discord.js';
import type { GoogleCalls } from '../../src/node/bridge.js';
import { discordText, retryAfterMs } from '../../src/triggers/messages/discord-webhook.js';
import { nextTry } from '../../src/triggers/messages/messages.js';
import {
  dueReminder,
  nextReminderAt,
  reminderMinutes,
  reminderTimes,
} from '../../src/triggers/messages/reminder-times.js';
import { DAILY_EMAIL_RECIPIENTS, projectTriggerUse } from '../../src/triggers/schedule/trigger-time.js';

const T0 = Date.parse('2026-11-21T18:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

describe('reminder times', () => {
  it('defaults: 60 and 10 minutes before for a phase over two hours, 5 for a shorter one', () => {
    expect(reminderMinutes(undefined, 1440)).toEqual([60, 10]);
    expect(reminderMinutes(undefined, 121)).toEqual([60, 10]);
    // Exactly two hours is not longer than two hours.
    expect(reminderMinutes(undefined, 120)).toEqual([5]);
    expect(reminderMinutes(undefined, 30)).toEqual([5]);
    // A reminder that would come before the phase opens is left out.
    expect(reminderMinutes(undefined, 5)).toEqual([]);
    expect(reminderMinutes(undefined, 2)).toEqual([]);
  });

  it("the host's choice replaces the defaults, latest first, each once; [] is none", () => {
    expect(reminderMinutes({ reminders: [10, 1440, 30, 10] }, 2880)).toEqual([1440, 30, 10]);
    expect(reminderMinutes({ reminders: [90] }, 60)).toEqual([]);
    expect(reminderMinutes({ reminders: [] }, 1440)).toEqual([]);
  });

  it('a day-long phase opening at 18:00 on the 21st is reminded at 17:00 and 17:50 on the 22nd', () => {
    const times = reminderTimes('step-2', { opensAt: at(0), deadline: at(1440) }, undefined);
    expect(times).toEqual([
      { minutes: 60, at: at(1380), deadline: at(1440), key: `remind:step-2@${at(1440)}:60` },
      { minutes: 10, at: at(1430), deadline: at(1440), key: `remind:step-2@${at(1440)}:10` },
    ]);
    expect(dueReminder(times, at(1379))).toBeNull();
    expect(dueReminder(times, at(1380))?.minutes).toBe(60);
    expect(dueReminder(times, at(1429))?.minutes).toBe(60);
    // A late execution sends only the latest due, not one of each it missed.
    expect(dueReminder(times, at(1435))?.minutes).toBe(10);
    // At the deadline nothing is due: the phase closes.
    expect(dueReminder(times, at(1440))).toBeNull();
    expect(nextReminderAt(times, at(0))).toBe(at(1380));
    expect(nextReminderAt(times, at(1380))).toBe(at(1430));
    expect(nextReminderAt(times, at(1430))).toBeNull();
  });

  it('an extended deadline is a new reminder (its key names the deadline); no schedule, no reminders', () => {
    const before = reminderTimes('step-2', { opensAt: at(0), deadline: at(60) }, undefined);
    const after = reminderTimes('step-2', { opensAt: at(0), deadline: at(180) }, undefined);
    expect(before.map((t) => t.key)).toEqual([`remind:step-2@${at(60)}:5`]);
    expect(after.map((t) => t.key)).toEqual([`remind:step-2@${at(180)}:60`, `remind:step-2@${at(180)}:10`]);
    expect(reminderTimes('step-2', { deadline: at(60) }, undefined)).toEqual([]);
    expect(reminderTimes('step-2', { opensAt: at(0) }, undefined)).toEqual([]);
  });

  it('invariants: every reminder falls inside its phase, one is due at a time, the next one is after now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 5 }), { nil: undefined }),
        fc.integer({ min: -100, max: 5100 }),
        (length, reminders, nowMinutes) => {
          const times = reminderTimes(
            'p',
            { opensAt: at(0), deadline: at(length) },
            reminders === undefined ? undefined : { reminders },
          );
          for (const t of times) expect(Date.parse(t.at)).toBeGreaterThan(T0);
          for (const t of times) expect(Date.parse(t.at)).toBeLessThan(T0 + length * 60_000);
          expect(new Set(times.map((t) => t.key)).size).toBe(times.length);
          const now = at(nowMinutes);
          const due = dueReminder(times, now);
          if (due) expect(Date.parse(due.at)).toBeLessThanOrEqual(Date.parse(now));
          if (due)
            expect(
              times.filter((t) => Date.parse(t.at) > Date.parse(due.at) && Date.parse(t.at) <= Date.parse(now)),
            ).toEqual([]);
          const next = nextReminderAt(times, now);
          if (next) expect(Date.parse(next)).toBeGreaterThan(Date.parse(now));
        },
      ),
    );
  });
});

describe('Discord text', () => {
  it("escapes markdown and mentions in a player's name, on one line", () => {
    expect(discordText('**Ann**')).toBe('\\*\\*Ann\\*\\*');
    expect(discordText('@everyone')).toBe('\\@everyone');
    expect(discordText('<@123456789012345678>')).toBe('\\<\\@123456789012345678\\>');
    expect(discordText('[click](https://evil.example)')).toBe('\\[click\\]\\(https\\://evil.example\\)');
    expect(discordText('Ben\n# big')).toBe('Ben \\# big');
    expect(discordText('_x_ ~y~ `z` |s| \\')).toBe('\\_x\\_ \\~y\\~ \\`z\\` \\|s\\| \\\\');
  });
});

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCdEfGhIjKlMnOpQrStUvWx';
const WEBHOOK = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`;

describe('webhook URLs in error texts', () => {
  it('redacts every spelling a message may quote, and leaves other text alone', () => {
    for (const text of [
      `Address unavailable: ${WEBHOOK}?wait=true`,
      `Exception: Request failed for ${WEBHOOK.replace('discord.com', 'discordapp.com')} returned code 429`,
      `DNS error: ${WEBHOOK.replace('https://discord.com/api', 'https://canary.discord.com/api/v10')}`,
      `fetch(${encodeURIComponent(WEBHOOK)})`,
      `"${WEBHOOK}" and again (${WEBHOOK})`,
    ]) {
      const redacted = redactSecrets(text);
      expect(redacted, text).not.toContain(TOKEN);
      expect(redacted).toContain(REDACTED_WEBHOOK);
    }
    expect(redactSecrets(`Address unavailable: ${WEBHOOK}?wait=true`)).toBe(
      `Address unavailable: ${REDACTED_WEBHOOK}?wait=true`,
    );
    expect(redactSecrets('Discord answered HTTP 503: upstream connect error')).toBe(
      'Discord answered HTTP 503: upstream connect error',
    );
    expect(errorText(new Error(`Address unavailable: ${WEBHOOK}`))).toBe(`Address unavailable: ${REDACTED_WEBHOOK}`);
    // A service's exception from another realm, or a thrown string.
    expect(errorText({ message: `x ${WEBHOOK}` })).toBe(`x ${REDACTED_WEBHOOK}`);
    expect(errorText(WEBHOOK)).toBe(REDACTED_WEBHOOK);
  });

  it('a machine given a malformed webhook answers one line that does not echo it', () => {
    const google = {} as GoogleCalls;
    expect(machineDiscord(google, {})).toBeNull();
    expect(() => machineDiscord(google, { GENIUS_HOST_DISCORD_WEBHOOK: `${WEBHOOK}x!` })).toThrow(
      /^GENIUS_HOST_DISCORD_WEBHOOK is not a Discord webhook URL/,
    );
    try {
      machineDiscord(google, { GENIUS_HOST_DISCORD_WEBHOOK: `${WEBHOOK}x!` });
    } catch (error) {
      expect((error as Error).message).not.toContain(TOKEN);
    }
    const ports = machineDiscord(google, { GENIUS_HOST_DISCORD_WEBHOOK: ` ${WEBHOOK} ` });
    expect(ports?.secrets.get('genius-host.discord-webhook')).toBe(WEBHOOK);
    expect(() => ports?.secrets.set('genius-host.discord-webhook', 'x')).toThrow(/GENIUS_HOST_DISCORD_WEBHOOK/);
  });

  it("a machine's post goes through the worker's postJson: an answer as it came, no answer thrown without the URL", () => {
    const answers: unknown[] = [
      { status: 429, text: 'error code: 1015', headers: { 'retry-after': '60' } },
      { failed: 'fetch failed: ENOTFOUND' },
    ];
    const sent: unknown[] = [];
    const google = {
      call: (name: string, params: unknown) => {
        sent.push({ name, params });
        return answers.shift();
      },
    } as unknown as GoogleCalls;
    const http = machineDiscord(google, { GENIUS_HOST_DISCORD_WEBHOOK: WEBHOOK })?.http;
    expect(http?.postJson(`${WEBHOOK}?wait=true`, { content: 'x' })).toEqual({
      status: 429,
      text: 'error code: 1015',
      headers: { 'retry-after': '60' },
    });
    expect(sent).toEqual([{ name: 'postJson', params: { url: `${WEBHOOK}?wait=true`, body: { content: 'x' } } }]);
    expect(() => http?.postJson(`${WEBHOOK}?wait=true`, {})).toThrow(
      /^could not reach Discord \(fetch failed: ENOTFOUND\)$/,
    );
  });
});

describe('when a refused Discord post is tried again', () => {
  const now = Date.parse('2026-11-21T18:00:00.000Z');

  it("reads Discord's retry_after (seconds, fractional) and the Retry-After header (seconds or a date), taking the longer", () => {
    expect(retryAfterMs({ status: 429, text: '' }, 1.5, now)).toBe(1500);
    expect(retryAfterMs({ status: 429, text: '', headers: { 'Retry-After': '30' } }, undefined, now)).toBe(30_000);
    expect(retryAfterMs({ status: 429, text: '', headers: { 'retry-after': ['12'] } }, 2, now)).toBe(12_000);
    expect(
      retryAfterMs({ status: 429, text: '', headers: { 'Retry-After': new Date(now + 90_000).toUTCString() } }, 1, now),
    ).toBe(90_000);
    expect(retryAfterMs({ status: 429, text: '' }, undefined, now)).toBeUndefined();
    expect(retryAfterMs({ status: 429, text: '', headers: { 'Retry-After': 'soon' } }, 'x', now)).toBeUndefined();
    // "Retry after 2 days" is capped (the post is given up after the window anyway).
    expect(retryAfterMs({ status: 429, text: '' }, 172_800, now)).toBe(6 * 3_600_000);
  });

  it('backs off from a minute, doubling to half an hour, unless Discord asks for longer', () => {
    const at = '2026-11-21T18:00:00.000Z';
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => (nextTry(at, n) - now) / 60_000)).toEqual([1, 2, 4, 8, 16, 30, 30, 30]);
    expect(nextTry(at, 1, 1500) - now).toBe(60_000);
    expect(nextTry(at, 1, 600_000) - now).toBe(600_000);
  });

  it('a post is pending while its last try failed; the host is told, then told it was dropped', () => {
    const event = (
      key: string,
      status: MessageEvent['status'],
      minutes: number,
      more: Partial<MessageEvent> = {},
    ): MessageEvent => ({
      type: 'message',
      channel: 'discord',
      key,
      status,
      at: new Date(now + minutes * 60_000).toISOString(),
      ...more,
    });
    const refused = { note: 'Discord is rate limiting this webhook' };
    const events = [
      event('result:a@x', 'failed', 0, { ...refused, retry: new Date(now + 60_000).toISOString() }),
      event('result:a@x', 'failed', 1, { ...refused, retry: new Date(now + 3 * 60_000).toISOString() }),
      event('remind:b@y:10', 'sent', 2),
    ];
    expect(pendingPosts(events)).toEqual([
      {
        key: 'result:a@x',
        since: events[0].at,
        tries: 2,
        retry: events[1].retry,
        until: new Date(now + POST_RETRY_WINDOW_MS).toISOString(),
        note: refused.note,
      },
    ]);
    expect(discordTrouble(events)).toMatch(
      /^Discord is refusing this match's posts \(Discord is rate limiting this webhook\)\. 1 post waits since 2026-11-21T18:00:00.000Z, tried again until 2026-11-21T21:00:00.000Z/,
    );
    const sent = [...events, event('result:a@x', 'sent', 3)];
    expect(pendingPosts(sent)).toEqual([]);
    expect(discordTrouble(sent)).toBeNull();
    const dropped = [...events, event('result:a@x', 'dropped', 180, { note: 'refused for 3 hours' })];
    expect(pendingPosts(dropped)).toEqual([]);
    expect(discordTrouble(dropped)).toMatch(/not delivered and is dropped \(refused for 3 hours\)/);
    // Emails are not posts.
    expect(pendingPosts([{ ...events[0], channel: 'email', player: 'p1' }])).toEqual([]);
  });
});

describe('reminder emails against the daily quota (the sidebar)', () => {
  it('a phase a day with 20 players: 60 emails at most (2 reminders and the opening), within a personal account; hour-long phases are not', () => {
    const daily = projectTriggerUse({ players: 20, minutes: { default: 1440 } });
    expect(daily.emailsPerDay).toBe(60);
    expect(daily.emailsPerDay).toBeLessThanOrEqual(DAILY_EMAIL_RECIPIENTS.personal);
    // 24 hour-long phases a day, each called at its opening and reminded 5 minutes before: 24 × 2 × 20.
    const hourly = projectTriggerUse({ players: 20, minutes: { default: 60 } });
    expect(hourly.emailsPerDay).toBe(960);
    expect(hourly.emailsPerDay).toBeGreaterThan(DAILY_EMAIL_RECIPIENTS.personal);
    expect(hourly.emailsPerDay).toBeLessThanOrEqual(DAILY_EMAIL_RECIPIENTS.workspace);
    // No reminders: the openings' notices only, and no reminder executions; notices off too: no emails.
    const none = projectTriggerUse({ players: 20, minutes: { default: 1440 }, reminders: [] });
    expect(none.emailsPerDay).toBe(20);
    expect(none.parts.reminders).toBe(0);
    expect(
      projectTriggerUse({ players: 20, minutes: { default: 1440 }, reminders: [], noticesByEmail: false }).emailsPerDay,
    ).toBe(0);
    expect(daily.parts.reminders).toBeGreaterThan(0);
    // A turn clock's two-minute turns have no reminders: their openings' notices only.
    expect(
      projectTriggerUse({
        players: 4,
        minutes: {},
        turnClock: { turnSeconds: 120, reserveSeconds: 480 },
        noticesByEmail: false,
      }).emailsPerDay,
    ).toBe(0);
  });
});
