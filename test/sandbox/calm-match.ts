// The calm match of the sandbox's game (test/helpers/sandbox-game.ts) started in the sandbox: four
// players, no faults (every answer valid, every trigger fires once, ticks on time). Shared by the
// trigger-time tests (test/triggers/floor.test.ts, known-metadata.test.ts).
import { expect } from 'vitest';
import { PLAYERS, SANDBOX_GAME, calmMinutes } from '../helpers/sandbox-game.js';
import { Table } from './players.js';

const START = '2026-11-21T18:00:00.000Z';
/** No faults: every answer valid, every trigger fires once, ticks on time. */
const CALM = { invalidEvery: 10_000, missSubmitEvery: 10_000, doubleSubmitEvery: 10_000, tickLateSeconds: [5] };

/**
 * The calm match started in the sandbox a quarter of an hour before it opens (START), with these
 * phase lengths: every answer valid, every trigger fires once, ticks on time.
 */
export function calmMatch(minutes: Record<string, number> = calmMinutes()): Table {
  const table = new Table(
    SANDBOX_GAME.id,
    PLAYERS.map((p) => p.email),
    CALM,
    '2026-11-21T17:45:00.000Z',
  );
  const setup = {
    game: SANDBOX_GAME.id,
    players: PLAYERS,
    startAt: START,
    timeZone: 'Europe/London',
    minutes,
    deadlines: {},
  };
  expect(table.startMatch(setup).ok).toBe(true);
  return table;
}
