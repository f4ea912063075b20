// New match… names every mistake of a setup at once, each at its own field (src/triggers/host/match-setup.ts,
// validateSetup): a host who typed several wrong things is told all of them on one press of Start.
// The property: whatever mix of independent mistakes a setup holds, the check answers exactly their
// fields, and a setup with none of them starts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { optionFields } from '../../src/engine/core/option-fields.js';
import type { MatchSetup } from '../../src/triggers/host/match-setup.js';
import { errorsOf, setupOf } from '../helpers/setups.js';

const GAME = EXAMPLE_GAME;
/** A number option of the game with an upper bound, to go past. */
const BOUNDED = optionFields(GAME).find((f) => f.kind === 'number' && f.max !== undefined);

type Players = MatchSetup['players'];
/** One mistake: the field it is at, and the setup with it. */
interface Mistake {
  readonly field: string;
  readonly make: (setup: MatchSetup) => MatchSetup;
}

const player = (i: number, change: (p: Players[number]) => Players[number]) => (setup: MatchSetup) => ({
  ...setup,
  players: setup.players.map((p, j) => (j === i ? change(p) : p)),
});

const MISTAKES: readonly Mistake[] = [
  { field: 'players[2].name', make: player(2, (p) => ({ ...p, name: 'ann' })) },
  { field: 'players[3].email', make: player(3, (p) => ({ ...p, email: '' })) },
  { field: 'players[1].garnets', make: player(1, (p) => ({ ...p, garnets: -1 })) },
  { field: 'players[0].timeZone', make: player(0, (p) => ({ ...p, timeZone: 'Mars/Olympus' })) },
  { field: 'startAt', make: (s) => ({ ...s, startAt: '2020-01-01T18:00:00.000Z' }) },
  { field: 'schedule.timeZone', make: (s) => ({ ...s, timeZone: '' }) },
  { field: 'guardrails.pauses', make: (s) => ({ ...s, guardrails: { extensionMinutes: 60, pauses: -1 } }) },
  ...(BOUNDED?.kind === 'number' && BOUNDED.max !== undefined
    ? [
        {
          field: `options.${BOUNDED.key}`,
          make: (s: MatchSetup) => ({ ...s, options: { [BOUNDED.key]: BOUNDED.max! + 1 } }),
        },
      ]
    : []),
];

describe('the setup check names every mistake at once', () => {
  it('a setup with three mistakes is refused with three errors, each at its field', () => {
    const setup = [MISTAKES[0], MISTAKES[1], MISTAKES[4]].reduce((s, m) => m.make(s), setupOf(GAME.id));
    expect(errorsOf(setup)).toEqual([
      { field: 'players[2].name', message: '"ann" is also players[0]\'s name; names must differ' },
      { field: 'players[3].email', message: expect.stringMatching(/^an email is needed: Dev's form/) },
      { field: 'startAt', message: 'the start is in the past; choose a time from now on' },
    ]);
  });

  it('answers exactly the fields of any mix of mistakes, and none for none', () => {
    expect(BOUNDED).toBeDefined();
    fc.assert(
      fc.property(fc.subarray([...MISTAKES]), (chosen) => {
        const setup = chosen.reduce((s, m) => m.make(s), setupOf(GAME.id));
        const fields = errorsOf(setup).map((e) => e.field);
        expect([...fields].sort()).toEqual(chosen.map((m) => m.field).sort());
      }),
      { numRuns: 60 },
    );
  });

  it('an unknown game stops the check there: every other field depends on it', () => {
    const setup = MISTAKES[1].make({ ...setupOf(GAME.id), game: 'no-such-game' });
    expect(errorsOf(setup).map((e) => e.field)).toEqual(['game']);
  });
});
