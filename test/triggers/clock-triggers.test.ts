// The add-on's clock triggers in the sandbox (src/triggers/schedule/clock-triggers.ts, src/addon/triggers.ts): at
// rest an hourly trigger and one one-shot trigger, no minute trigger; around a deadline a minute
// trigger, removed once it has closed. And the fake's ScriptApp as Google documents it: a
// one-shot trigger runs once, at or after its time; the 21st trigger of a user is refused.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Sandbox } from '../sandbox/sandbox.js';
import { SMALL_CASES, startedTable } from '../reliability/scenarios.js';
import { SANDBOX_GAME } from '../helpers/sandbox-game.js';

const START = '2026-11-21T17:00:00.000Z';
/** The clock triggers still to run: a one-shot trigger that has run may stay listed until the next one armed replaces it (src/triggers/schedule/clock-triggers.ts). */
const clockTriggers = (table: ReturnType<typeof startedTable>) =>
  table.google.triggers
    .filter((t) => t.kind === 'CLOCK' && !(t.at !== undefined && table.google.clockRan[t.id] !== undefined))
    .map((t) => t.handler)
    .sort();

describe('the clock triggers a match arms', () => {
  it('rest on an hourly trigger and one one-shot trigger; a minute trigger runs only from 20 minutes before a deadline to its close', () => {
    // The sandbox's game, its smallest match: a 30-minute first phase, then phases of an hour.
    const c = SMALL_CASES.find((x) => x.game === SANDBOX_GAME.id)!;
    const table = startedTable(c);
    table.clockTriggers(30);
    expect(table.google.triggers.map((t) => t.handler).sort()).toEqual([
      'onFormSubmitted',
      'onRowEdited',
      'onTick',
      'onWake',
    ]);
    expect(table.google.triggers.find((t) => t.handler === 'onTick')!.hours).toBe(1);
    // The match starts an hour after the start (scenarios.ts); its first phase's deadline 30 minutes later.
    const firstEnds = Date.parse('2026-11-21T18:30:00.000Z');
    table.google.clock.set(new Date(firstEnds - 25 * 60_000).toISOString());
    expect(clockTriggers(table)).toEqual(['onTick', 'onWake']);
    table.google.clock.set(new Date(firstEnds - 2 * 60_000).toISOString());
    expect(clockTriggers(table)).toEqual(['onMinute', 'onTick']);
    table.google.clock.set(new Date(firstEnds + 3 * 60_000).toISOString());
    expect(table.state().closed.length).toBeGreaterThan(0);
    expect(clockTriggers(table)).toEqual(['onTick', 'onWake']);
    // Never more than five of Google's 20 a user a script.
    expect(table.google.triggers.length).toBeLessThanOrEqual(5);
    expect(table.google.executions.filter((e) => e.error)).toEqual([]);
  }, 300_000);
});

describe("the sandbox's ScriptApp", () => {
  it('runs a one-shot trigger once, at or after its time, and refuses a 21st trigger as Google does', () => {
    const sandbox = new Sandbox({ owner: 'host@example.com', start: START });
    const make = (code: string) => vm.runInContext(code, sandbox.context);
    make(`ScriptApp.newTrigger('onWake').timeBased().at(new Date(Date.parse('${START}') + 600000)).create()`);
    const once = sandbox.google.triggers[0];
    expect(once.at).toBe(Date.parse(START) + 600_000);
    expect(() => make(`ScriptApp.newTrigger('x').timeBased().everyHours(3).create()`)).toThrow(/everyHours takes/);
    expect(() => make(`ScriptApp.newTrigger('x').timeBased().everyHours(1).at(new Date()).create()`)).toThrow(
      /a schedule is already set/,
    );
    for (let i = 1; i < 20; i++) make(`ScriptApp.newTrigger('onTick').timeBased().everyHours(1).create()`);
    expect(() => make(`ScriptApp.newTrigger('onTick').timeBased().everyMinutes(1).create()`)).toThrow(
      'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
    );
  });
});
