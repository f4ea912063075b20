// A four-player match of this game started in the sandbox with no faults (every answer valid, every
// trigger fires once, ticks on time): shared by the trigger-time tests (../../triggers/floor.test.ts,
// ../../triggers/known-metadata.test.ts).
import { expect } from 'vitest';
import { Table } from '../../sandbox/players.js';

const START = '2026-11-21T18:00:00.000Z';
export const PLAYERS = ['Ann', 'Ben', 'Cara', 'Dev'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));
/** No faults: every answer valid, every trigger fires once, ticks on time. */
const CALM = { invalidEvery: 10_000, missSubmitEvery: 10_000, doubleSubmitEvery: 10_000, tickLateSeconds: [5] };

/** The match started a quarter of an hour before START, with these phase lengths. */
export function started(game: string, minutes: Record<string, number> = { default: 60, pregame: 30 }): Table {
  const table = new Table(
    game,
    PLAYERS.map((p) => p.email),
    CALM,
    '2026-11-21T17:45:00.000Z',
  );
  const setup = { game, players: PLAYERS, startAt: START, timeZone: 'Europe/London', minutes, deadlines: {} };
  expect(table.startMatch(setup).ok).toBe(true);
  return table;
}
