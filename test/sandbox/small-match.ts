// A small match of the example game started in the sandbox, its first minute tick run: the opening
// of tests that look at one execution's handling of one thing (an answer, a reminder).
import { expect } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { Table } from './players.js';

const NAMES = ['Ann', 'Ben', 'Cara'];
export const EMAILS = NAMES.map((n) => `${n.toLowerCase()}@example.com`);

/** Started at 18:00 London time with hour-long phases; the clock at 18:00:30, after the first tick. */
export function startedSmallMatch(): Table {
  const table = new Table(EXAMPLE_GAME.id, EMAILS);
  const result = table.startMatch({
    game: EXAMPLE_GAME.id,
    players: NAMES.map((name, i) => ({ name, email: EMAILS[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60 },
    deadlines: {},
  });
  expect(result.ok).toBe(true);
  table.google.clock.set('2026-11-21T18:00:30.000Z');
  table.fire('CLOCK');
  return table;
}
