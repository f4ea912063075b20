// What an execution arms for what is due next (src/triggers/schedule/clock-triggers.ts, pure part): a one-shot
// trigger for the next due moment, a minute trigger only around a deadline.
import { describe, expect, it } from 'vitest';
import { MINUTE_LEAD_MS, ONE_SHOT_LOST_MS, SOON_MS, plan } from '../../src/triggers/schedule/clock-triggers.js';
import { MachineWake } from '../../src/node/host-ports.js';

const T = Date.parse('2026-11-24T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const NONE = { wake: null, minute: false };
const HOUR = 3_600_000;

describe('arming the clock triggers', () => {
  it('at rest, one one-shot trigger at the next due moment and no minute trigger', () => {
    expect(plan({ at: iso(T + 3 * HOUR), edge: iso(T + 20 * HOUR) }, T, NONE)).toEqual({
      wake: iso(T + 3 * HOUR),
      minute: false,
    });
  });

  it('before a deadline further than the lead, wakes a lead before it, however far the next due moment', () => {
    expect(plan({ at: iso(T + 5 * HOUR), edge: iso(T + 2 * HOUR) }, T, NONE)).toEqual({
      wake: iso(T + 2 * HOUR - MINUTE_LEAD_MS),
      minute: false,
    });
  });

  it('within the lead of a deadline, the minute trigger and no one-shot trigger; after it, the minute trigger off', () => {
    const near = plan({ at: iso(T + 10 * 60_000), edge: iso(T + 10 * 60_000) }, T, NONE);
    expect(near).toEqual({ wake: null, minute: true });
    expect(plan({ at: iso(T + 24 * HOUR), edge: iso(T + 24 * HOUR) }, T + 11 * 60_000, near).minute).toBe(false);
  });

  it('after an answer, looks again a minute on, keeping a one-shot trigger that comes sooner', () => {
    expect(plan({ at: null, edge: iso(T + 20 * HOUR) }, T, NONE).wake).toBe(iso(T + SOON_MS));
    const armed = { wake: iso(T + 20_000), minute: false };
    expect(plan({ at: null, edge: iso(T + 20 * HOUR) }, T, armed).wake).toBe(iso(T + 20_000));
  });

  it('after an answer, keeps a one-shot trigger past its time that has not run, until it must be lost', () => {
    const due = { at: null, edge: iso(T + 20 * HOUR) };
    // Ten minutes late (Google promises no minute for at(date)): it will still run, and look.
    const late = { wake: iso(T - 10 * 60_000), minute: false };
    expect(plan(due, T, late)).toEqual(late);
    // Later than the pessimistic delay and a margin: taken as lost, armed again.
    const lost = { wake: iso(T - ONE_SHOT_LOST_MS - 1), minute: false };
    expect(plan(due, T, lost).wake).toBe(iso(T + SOON_MS));
    expect(ONE_SHOT_LOST_MS).toBeGreaterThan(15 * 60_000);
    // A machine's wake is its own loop, never late: a time passed is armed again.
    expect(plan(due, T, late, 0).wake).toBe(iso(T + SOON_MS));
    // A due moment ahead replaces it: its execution would rest on the quiet pointer.
    expect(plan({ at: iso(T + HOUR), edge: iso(T + 20 * HOUR) }, T, late).wake).toBe(iso(T + HOUR));
  });

  it('a due moment already past wakes at once', () => {
    expect(plan({ at: iso(T - 60_000), edge: null }, T, NONE)).toEqual({ wake: iso(T), minute: false });
  });

  it('the lead is longer than the pessimistic delay of a one-shot trigger', () => {
    expect(MINUTE_LEAD_MS).toBeGreaterThan(15 * 60_000);
  });
});

describe("a machine's wake (genius-host host)", () => {
  it('sleeps until the armed moment, a minute while the minute trigger would run, and never past --every', () => {
    const wake = new MachineWake();
    expect(wake.next(T, T + HOUR)).toBe(T + HOUR);
    wake.wakeAt(iso(T + 10 * 60_000));
    expect(wake.next(T, T + HOUR)).toBe(T + 10 * 60_000);
    expect(wake.next(T, T + 5 * 60_000)).toBe(T + 5 * 60_000);
    wake.wakeAt(null);
    wake.everyMinute(true);
    expect(wake.next(T, T + HOUR)).toBe(T + 60_000);
    // An armed moment already past: at once.
    wake.everyMinute(false);
    wake.wakeAt(iso(T - 1000));
    expect(wake.next(T, T + HOUR)).toBe(T);
  });
});
