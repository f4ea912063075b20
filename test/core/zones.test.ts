// Wall-clock deadlines (issue 29 item 1): "each phase closes at 20:00 Europe/Paris, at least 12
// hours after it opens", across both daylight-saving changes of three zones, the spring gap and the
// autumn overlap, as worked examples; a property against a reference that reads the clocks every
// quarter hour; and the platform's time-zone data pinned on known transitions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadMatch } from '../../src/engine/index.js';
import { WEEKDAY_NAMES, deadlineOf, wallClockDeadline } from '../../src/engine/core/deadlines.js';
import {
  KNOWN_CHANGES,
  instantOf,
  localTime,
  offsetAt,
  spanText,
  zoneDataProblem,
  zonedText,
} from '../../src/engine/core/zones.js';
import type { WallClockRule } from '../../src/engine/core/matchfile.js';
import { gameSeating } from '../helpers/some-game.js';

const HOUR = 3_600_000;

// Each zone's changes in 2026 and 2027, as the IANA database has them (EU: last Sunday of March and
// October at 01:00 UTC; US: second Sunday of March and first of November at 02:00 local; New South
// Wales: first Sunday of October and of April at 02:00 and 03:00 local): the offset just before
// and at the instant. A platform whose data disagrees fails here, before any deadline is computed.
const TRANSITIONS: [zone: string, at: string, before: number, after: number][] = [
  ['Europe/Paris', '2026-03-29T01:00:00Z', 1, 2],
  ['Europe/Paris', '2026-10-25T01:00:00Z', 2, 1],
  ['Europe/Paris', '2027-03-28T01:00:00Z', 1, 2],
  ['Europe/Paris', '2027-10-31T01:00:00Z', 2, 1],
  ['America/New_York', '2026-03-08T07:00:00Z', -5, -4],
  ['America/New_York', '2026-11-01T06:00:00Z', -4, -5],
  ['America/New_York', '2027-03-14T07:00:00Z', -5, -4],
  ['America/New_York', '2027-11-07T06:00:00Z', -4, -5],
  ['Australia/Sydney', '2026-04-04T16:00:00Z', 11, 10],
  ['Australia/Sydney', '2026-10-03T16:00:00Z', 10, 11],
  ['Australia/Sydney', '2027-04-03T16:00:00Z', 11, 10],
  ['Australia/Sydney', '2027-10-02T16:00:00Z', 10, 11],
  ['Europe/London', '2026-03-29T01:00:00Z', 0, 1],
  ['Asia/Kolkata', '2026-06-01T00:00:00Z', 5.5, 5.5],
];

describe("the platform's time-zone data", () => {
  it('agrees with the changes the setup checks (zoneDataProblem), which every table row here includes', () => {
    expect(zoneDataProblem()).toBeNull();
    for (const change of KNOWN_CHANGES) expect(TRANSITIONS).toContainEqual(change);
  });

  it.each(TRANSITIONS)('%s changes at %s from UTC%d to UTC%d', (zone, at, before, after) => {
    const ms = Date.parse(at);
    expect(offsetAt(ms - 1000, zone) / HOUR).toBe(before);
    expect(offsetAt(ms, zone) / HOUR).toBe(after);
  });
});

const daily = (time: string, atLeastHours: number, days?: WallClockRule['days']): WallClockRule => ({
  time,
  atLeastHours,
  ...(days ? { days } : {}),
});

describe('wall-clock deadlines: worked examples', () => {
  // Opened at 20:00 local on the Saturday before a change; "20:00, at least 12 hours": the Sunday's
  // 20:00 on the new clock, so the phase lasts 23 hours in spring and 25 in autumn.
  it.each([
    ['Europe/Paris', '2026-03-28T19:00:00Z', '2026-03-29T18:00:00.000Z'],
    ['Europe/Paris', '2026-10-24T18:00:00Z', '2026-10-25T19:00:00.000Z'],
    ['America/New_York', '2026-03-08T01:00:00Z', '2026-03-09T00:00:00.000Z'],
    ['America/New_York', '2026-11-01T00:00:00Z', '2026-11-02T01:00:00.000Z'],
    ['Australia/Sydney', '2026-10-03T10:00:00Z', '2026-10-04T09:00:00.000Z'],
    ['Australia/Sydney', '2026-04-04T09:00:00Z', '2026-04-05T10:00:00.000Z'],
  ])('%s: opened %s, closes at 20:00 local the next day: %s', (zone, opensAt, deadline) => {
    expect(wallClockDeadline(opensAt, daily('20:00', 12), zone)).toBe(deadline);
    const local = localTime(Date.parse(deadline), zone);
    expect([local.hour, local.minute]).toEqual([20, 0]);
  });

  // 02:30 does not exist on the spring day (the clocks jump from 02:00 to 03:00): the deadline is
  // the jump itself, 03:00 on the new clock.
  it.each([
    ['Europe/Paris', { year: 2026, month: 3, day: 29 }, '2026-03-29T01:00:00.000Z'],
    ['America/New_York', { year: 2026, month: 3, day: 8 }, '2026-03-08T07:00:00.000Z'],
    ['Australia/Sydney', { year: 2026, month: 10, day: 4 }, '2026-10-03T16:00:00.000Z'],
  ])('%s: 02:30 on the spring day (a gap) is the moment the clocks jump, %s', (zone, date, expected) => {
    expect(new Date(instantOf(date, 2, 30, zone)).toISOString()).toBe(expected);
    expect(wallClockDeadline(new Date(Date.parse(expected) - 6 * HOUR).toISOString(), daily('02:30', 1), zone)).toBe(
      expected,
    );
  });

  // 02:30 exists twice on the autumn day in Paris and Sydney (01:30 in New York): the earlier one,
  // on the summer clock.
  it.each([
    ['Europe/Paris', { year: 2026, month: 10, day: 25 }, 2, '2026-10-25T00:30:00.000Z'],
    ['America/New_York', { year: 2026, month: 11, day: 1 }, 1, '2026-11-01T05:30:00.000Z'],
    ['Australia/Sydney', { year: 2026, month: 4, day: 5 }, 2, '2026-04-04T15:30:00.000Z'],
  ])('%s: the time that comes twice (an overlap) is its first, %s', (zone, date, hour, expected) => {
    expect(new Date(instantOf(date, hour, 30, zone)).toISOString()).toBe(expected);
  });

  it('the minimum length moves the deadline to the next day, and a deadline exactly at it counts', () => {
    // Opened 19:00 Paris (winter): 20:00 that day is only 1 h on; the next day's is the first after 12 h.
    expect(wallClockDeadline('2026-11-26T18:00:00Z', daily('20:00', 12), 'Europe/Paris')).toBe(
      '2026-11-27T19:00:00.000Z',
    );
    // Opened 08:00 Paris: 20:00 that day is exactly 12 h on.
    expect(wallClockDeadline('2026-11-26T07:00:00Z', daily('20:00', 12), 'Europe/Paris')).toBe(
      '2026-11-26T19:00:00.000Z',
    );
    // 48 hours at least: two days on.
    expect(wallClockDeadline('2026-11-26T07:00:00Z', daily('20:00', 48), 'Europe/Paris')).toBe(
      '2026-11-28T19:00:00.000Z',
    );
  });

  it('only the days listed count: opened on a Friday evening, a weekday deadline is Monday', () => {
    // Friday 27 Nov 2026, 20:00 Paris; weekdays only → Monday 30 Nov, 20:00.
    expect(
      wallClockDeadline(
        '2026-11-27T19:00:00Z',
        daily('20:00', 12, ['mon', 'tue', 'wed', 'thu', 'fri']),
        'Europe/Paris',
      ),
    ).toBe('2026-11-30T19:00:00.000Z');
    expect(wallClockDeadline('2026-11-27T19:00:00Z', daily('18:00', 0, ['sun']), 'Asia/Kolkata')).toBe(
      '2026-11-29T12:30:00.000Z',
    );
  });

  it('the schedule names a rule by phase id, kind or default; at one level closeAt comes before minutes', () => {
    const schedule = loadMatch({
      game: gameSeating(2).id,
      seed: 's',
      players: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Ben' },
      ],
      schedule: {
        timeZone: 'Europe/Paris',
        minutes: { default: 60, intro: 30 },
        closeAt: { step: { time: '20:00', atLeastHours: 12 }, 'step-3': { time: '09:00', atLeastHours: 2 } },
      },
    });
    if (!schedule.ok) throw new Error(schedule.error);
    const phase = (id: string, kind: string) => ({ id, kind, title: id, questions: {} });
    const opens = '2026-11-26T07:00:00.000Z';
    const of = (id: string, kind: string) => deadlineOf(phase(id, kind), opens, schedule.value.schedule, []);
    expect(of('step-1', 'step')).toBe('2026-11-26T19:00:00.000Z');
    expect(of('step-3', 'step')).toBe('2026-11-27T08:00:00.000Z');
    expect(of('intro', 'intro')).toBe('2026-11-26T07:30:00.000Z');
    expect(of('move-1', 'move')).toBe('2026-11-26T08:00:00.000Z');
  });

  it('a rule that does not read is refused with its path and what it takes', () => {
    const file = (rule: unknown) => ({
      game: gameSeating(2).id,
      seed: 's',
      players: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Ben' },
      ],
      schedule: { timeZone: 'Europe/Paris', closeAt: { default: rule } },
    });
    const refusal = (rule: unknown) => {
      const parsed = loadMatch(file(rule));
      return parsed.ok ? 'accepted' : parsed.error;
    };
    expect(refusal({ time: '8pm', atLeastHours: 12 })).toMatch(
      /schedule\.closeAt\.default\.time: a local time on the 24-hour clock, such as 20:00/,
    );
    expect(refusal({ time: '24:00', atLeastHours: 12 })).toMatch(/closeAt\.default\.time/);
    expect(refusal({ time: '20:00', atLeastHours: -1 })).toMatch(/atLeastHours cannot be negative/);
    expect(refusal({ time: '20:00', atLeastHours: 1, days: ['monday'] })).toMatch(/a day is mon, tue/);
    expect(refusal({ time: '20:00', atLeastHours: 1, days: [] })).toMatch(/at least one day/);
    expect(refusal({ time: '20:00' })).toMatch(/closeAt\.default\.atLeastHours/);
    expect(refusal({ time: '20:00', atLeastHours: 1, days: ['sat', 'sun'] })).toBe('accepted');
  });
});

/**
 * The reference: each allowed day's deadline is the first quarter hour whose clock reads `time` or
 * later on that day (so a gap gives the jump, an overlap its first pass); the answer is the first
 * such deadline at least the minimum length after the opening. Every zone below changes its
 * clocks on a quarter hour, and every rule's time is on one.
 */
function reference(opensAt: number, rule: WallClockRule, zone: string): number {
  const earliest = opensAt + rule.atLeastHours * HOUR;
  const [hour, minute] = rule.time.split(':').map(Number);
  const start = localTime(earliest, zone);
  for (let i = -1; i < 10; i++) {
    const date = Date.UTC(start.year, start.month - 1, start.day + i);
    const day = new Date(date);
    if (rule.days && !rule.days.includes(WEEKDAY_NAMES[day.getUTCDay()])) continue;
    for (let t = date - 14 * HOUR; t < date + 30 * HOUR; t += HOUR / 4) {
      const clock = localTime(t, zone);
      const sameDay = Date.UTC(clock.year, clock.month - 1, clock.day) === date;
      if (sameDay && clock.hour * 60 + clock.minute >= hour * 60 + minute) {
        if (t >= earliest) return t;
        break;
      }
    }
  }
  throw new Error('no deadline within ten days');
}

describe('wall-clock deadlines: against the reference', () => {
  it('agree for any opening, time, length and days, in zones with and without daylight saving', () => {
    const zones = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC', 'America/Sao_Paulo'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 95 }),
        fc.integer({ min: 0, max: 72 }),
        fc.option(fc.uniqueArray(fc.constantFrom(...WEEKDAY_NAMES.slice(0)), { minLength: 1, maxLength: 7 })),
        (opens, zone, quarter, hours, days) => {
          const time = `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
          const rule = daily(time, hours, days ?? undefined);
          const opensAt = new Date(opens).toISOString();
          expect(wallClockDeadline(opensAt, rule, zone)).toBe(new Date(reference(opens, rule, zone)).toISOString());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('in a zone without daylight saving, every deadline is the time itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2030-12-31T00:00:00Z') }),
        (opens) => {
          const deadline = Date.parse(
            wallClockDeadline(new Date(opens).toISOString(), daily('20:00', 12), 'Asia/Kolkata'),
          );
          expect(new Date(deadline + 5.5 * HOUR).toISOString().slice(11, 16)).toBe('20:00');
          expect(deadline - opens).toBeGreaterThanOrEqual(12 * HOUR);
          expect(deadline - opens).toBeLessThan(36 * HOUR);
        },
      ),
    );
  });
});

describe('times as a reader reads them', () => {
  it('give the weekday, the date, the clock, the zone and its offset, the same on every machine', () => {
    expect(zonedText('2026-11-26T19:00:00.000Z', 'Europe/Paris')).toBe(
      'Thu 26 Nov 2026, 20:00 Europe/Paris (UTC+01:00)',
    );
    expect(zonedText('2026-07-01T00:00:00.000Z', 'America/New_York')).toBe(
      'Tue 30 Jun 2026, 20:00 America/New_York (UTC-04:00)',
    );
    expect(zonedText('2026-11-26T19:00:00.000Z', 'Asia/Kolkata')).toBe(
      'Fri 27 Nov 2026, 00:30 Asia/Kolkata (UTC+05:30)',
    );
    expect(zonedText('2026-11-26T19:00:00.000Z', 'UTC')).toBe('Thu 26 Nov 2026, 19:00 UTC');
  });

  it('spans read in days, hours and minutes', () => {
    expect(spanText((5 * 60 + 12) * 60_000)).toBe('5 h 12 min');
    expect(spanText(2 * 86_400_000 + 3 * HOUR)).toBe('2 d 3 h');
    expect(spanText(HOUR)).toBe('1 h');
    expect(spanText(10_000)).toBe('1 min');
  });
});
