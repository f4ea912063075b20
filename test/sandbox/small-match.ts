// A small match of the example game started in the sandbox, its first minute tick run: the opening
// of tests that look at one execution's handling of one thing (an answer, a reminder, a guardrail).
import { expect } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { Table } from './players.js';

const NAMES = ['Ann', 'Ben', 'Cara'];
export const EMAILS = NAMES.map((n) => `${n.toLowerCase()}@example.com`);

/** The sidebar's setup of the small match: from 18:00 London time, hour-long phases; `extra` added. */
export function smallMatchSetup(extra: Record<string, unknown> = {}) {
  return {
    game: EXAMPLE_GAME.id,
    players: NAMES.map((name, i) => ({ name, email: EMAILS[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60 },
    deadlines: {},
    ...extra,
  };
}

/** Started with `extra` in its setup; the clock at 18:00:30, after the first tick. */
export function startedSmallMatch(extra: Record<string, unknown> = {}): Table {
  const table = new Table(EXAMPLE_GAME.id, EMAILS);
  expect(table.startMatch(smallMatchSetup(extra)).ok).toBe(true);
  table.google.clock.set('2026-11-21T18:00:30.000Z');
  table.fire('CLOCK');
  return table;
}
