// The sidebar's setup (and `genius-host start SETUP --spreadsheet ID`) is checked as strictly as a
// match file, and a little more: a time zone Intl knows (never an empty one read as UTC), explicit
// deadlines after the start, for phases the game has, in the order of the phases. Each error names
// its field, so the sidebar shows it next to that field. Checked on Not Flower Field's phases; the
// setups of Pasture and Peg Domain are in their own test folders.
import { describe, expect, it, vi } from 'vitest';
import { validateSetup } from '../../../src/triggers/host/match-setup.js';
import { SETUP_NOW, errorsOf, setupOf } from '../../helpers/setups.js';

const NOW = SETUP_NOW;
const SETUP = setupOf('not-flower-field');

describe('a setup', () => {
  it('is accepted as the sidebar sends it', () => {
    expect(errorsOf(SETUP)).toEqual([]);
    expect(
      errorsOf({ ...SETUP, deadlines: { pregame: '2026-11-22T18:00:00.000Z', 'round-1': '2026-11-23T18:00:00.000Z' } }),
    ).toEqual([]);
  });

  it('needs a time zone Intl knows: "London" and an empty field are refused next to the time zone', () => {
    expect(errorsOf({ ...SETUP, timeZone: 'London' })).toEqual([
      { field: 'schedule.timeZone', message: 'not a time zone; give an IANA name such as Europe/London' },
    ]);
    for (const timeZone of ['', '   ', undefined]) {
      expect(errorsOf({ ...SETUP, timeZone })).toEqual([
        {
          field: 'schedule.timeZone',
          message: expect.stringMatching(/^a time zone is needed: an IANA name such as Europe\/London/),
        },
      ]);
    }
  });

  it('refuses a deadline before the start', () => {
    expect(errorsOf({ ...SETUP, deadlines: { pregame: '2026-11-21T17:00:00.000Z' } })).toEqual([
      {
        field: 'schedule.deadlines.pregame',
        message:
          'pregame closes at 2026-11-21T17:00:00.000Z, before the match starts (2026-11-21T18:00:00.000Z): give a deadline after the start',
      },
    ]);
  });

  it('refuses a deadline for a phase the game does not have, listing the phases it has', () => {
    expect(errorsOf({ ...SETUP, deadlines: { 'round-9': '2026-11-30T18:00:00.000Z' } })).toEqual([
      {
        field: 'schedule.deadlines.round-9',
        message:
          'Not Flower Field has no phase "round-9" with these options (its phases: pregame, round-1, round-2, round-3, round-4, round-5)',
      },
    ]);
  });

  it("refuses deadlines out of the phases' order", () => {
    expect(
      errorsOf({ ...SETUP, deadlines: { pregame: '2026-11-23T18:00:00.000Z', 'round-1': '2026-11-22T18:00:00.000Z' } }),
    ).toEqual([
      {
        field: 'schedule.deadlines.round-1',
        message:
          'round-1 closes at 2026-11-22T18:00:00.000Z, no later than pregame before it (2026-11-23T18:00:00.000Z): deadlines go in the order of the phases',
      },
    ]);
  });
});

describe('a setup with wall-clock deadlines', () => {
  const DAILY = { time: '20:00', atLeastHours: 12 };

  it("closes each phase at the time of day it names, on the match zone's clock", () => {
    const checked = validateSetup({ ...SETUP, closeAt: { round: DAILY } }, 'seed', NOW);
    if (!checked.ok) throw new Error(JSON.stringify(checked.error));
    expect(checked.value.schedule?.closeAt).toEqual({ round: DAILY });
    expect(errorsOf({ ...SETUP, closeAt: { default: DAILY, 'round-3': { ...DAILY, days: ['sat'] } } })).toEqual([]);
  });

  it('refuses a key that is neither default, a phase kind of the game nor one of its phases', () => {
    expect(errorsOf({ ...SETUP, closeAt: { rounds: DAILY } })).toEqual([
      {
        field: 'schedule.closeAt.rounds',
        message:
          'Not Flower Field has no phase or phase kind "rounds" (its kinds: pregame, round; its phases: pregame, round-1, round-2, round-3, round-4, round-5)',
      },
    ]);
  });

  it('refuses a time that does not read, next to its field', () => {
    expect(errorsOf({ ...SETUP, closeAt: { round: { time: '8pm', atLeastHours: 12 } } })).toEqual([
      {
        field: 'schedule.closeAt.round.time',
        message: 'a local time on the 24-hour clock, such as 20:00 or 07:30',
      },
    ]);
  });

  it('is refused on a platform whose time-zone data gives another answer for a known change', async () => {
    vi.resetModules();
    const real = Intl.DateTimeFormat;
    // A platform that knows no daylight saving: Paris stays on UTC+1 all year.
    vi.stubGlobal('Intl', {
      ...Intl,
      DateTimeFormat: function (locale: string, options: Intl.DateTimeFormatOptions) {
        return new real(locale, {
          ...options,
          timeZone: options?.timeZone === 'Europe/Paris' ? 'Etc/GMT-1' : options?.timeZone,
        });
      },
    });
    try {
      const fresh = await import('../../../src/triggers/host/match-setup.js');
      const checked = fresh.validateSetup({ ...SETUP, closeAt: { round: DAILY } }, 'seed', NOW);
      expect(checked.ok ? [] : checked.error).toEqual([
        {
          field: 'schedule.closeAt',
          message:
            "this platform's time-zone data puts Europe/Paris at UTC1 then UTC1 around 2026-03-29T01:00:00Z, not UTC1 then UTC2: give phase lengths instead of times of day",
        },
      ]);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
