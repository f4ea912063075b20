// Reminder times (src/triggers/reminders.ts) from worked examples, their invariants with
// fast-check, Discord's escaping of player names, and the email projection against MailApp's quota.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discordText } from '../../src/triggers/discord.js';
import { dueReminder, nextReminderAt, reminderMinutes, reminderTimes } from '../../src/triggers/reminders.js';
import { DAILY_EMAIL_RECIPIENTS, projectTriggerUse } from '../../src/triggers/trigger-time.js';

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
    const times = reminderTimes('round-2', { opensAt: at(0), deadline: at(1440) }, undefined);
    expect(times).toEqual([
      { minutes: 60, at: at(1380), deadline: at(1440), key: `remind:round-2@${at(1440)}:60` },
      { minutes: 10, at: at(1430), deadline: at(1440), key: `remind:round-2@${at(1440)}:10` },
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
    const before = reminderTimes('round-2', { opensAt: at(0), deadline: at(60) }, undefined);
    const after = reminderTimes('round-2', { opensAt: at(0), deadline: at(180) }, undefined);
    expect(before.map((t) => t.key)).toEqual([`remind:round-2@${at(60)}:5`]);
    expect(after.map((t) => t.key)).toEqual([`remind:round-2@${at(180)}:60`, `remind:round-2@${at(180)}:10`]);
    expect(reminderTimes('round-2', { deadline: at(60) }, undefined)).toEqual([]);
    expect(reminderTimes('round-2', { opensAt: at(0) }, undefined)).toEqual([]);
  });

  it('invariants: every reminder falls inside its phase, one is due at a time, the next one is after now', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.option(fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 5 }), { nil: undefined }),
        fc.integer({ min: -100, max: 5100 }),
        (length, reminders, nowMinutes) => {
          const times = reminderTimes('p', { opensAt: at(0), deadline: at(length) }, reminders === undefined ? undefined : { reminders });
          for (const t of times) expect(Date.parse(t.at)).toBeGreaterThan(T0);
          for (const t of times) expect(Date.parse(t.at)).toBeLessThan(T0 + length * 60_000);
          expect(new Set(times.map((t) => t.key)).size).toBe(times.length);
          const now = at(nowMinutes);
          const due = dueReminder(times, now);
          if (due) expect(Date.parse(due.at)).toBeLessThanOrEqual(Date.parse(now));
          if (due) expect(times.filter((t) => Date.parse(t.at) > Date.parse(due.at) && Date.parse(t.at) <= Date.parse(now))).toEqual([]);
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

describe('reminder emails against the daily quota (the sidebar)', () => {
  it('a phase a day with 20 players: 40 emails at most, within a personal account; hour-long phases are not', () => {
    const daily = projectTriggerUse({ players: 20, minutes: { default: 1440 } });
    expect(daily.emailsPerDay).toBe(40);
    expect(daily.emailsPerDay).toBeLessThanOrEqual(DAILY_EMAIL_RECIPIENTS.personal);
    // 24 hour-long phases a day, each reminded 5 minutes before: 24 × 20.
    const hourly = projectTriggerUse({ players: 20, minutes: { default: 60 } });
    expect(hourly.emailsPerDay).toBe(480);
    expect(hourly.emailsPerDay).toBeGreaterThan(DAILY_EMAIL_RECIPIENTS.personal);
    expect(hourly.emailsPerDay).toBeLessThanOrEqual(DAILY_EMAIL_RECIPIENTS.workspace);
    // No reminders: no emails, and no reminder executions.
    const none = projectTriggerUse({ players: 20, minutes: { default: 1440 }, reminders: [] });
    expect(none.emailsPerDay).toBe(0);
    expect(none.parts.reminders).toBe(0);
    expect(daily.parts.reminders).toBeGreaterThan(0);
    // A turn clock's two-minute turns have no reminders.
    expect(projectTriggerUse({ players: 4, minutes: {}, turnClock: { turnSeconds: 120, reserveSeconds: 480 } }).emailsPerDay).toBe(0);
  });
});
