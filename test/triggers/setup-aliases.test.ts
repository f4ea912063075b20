// An anonymous match's aliases as a setup gives them (the New match… sidebar's alias fields, or a
// setup file's players[].alias): checked as a player's name is, and never the name of someone
// playing; each error is on the field the host typed (the alias, or the person's name).
import { describe, expect, it } from 'vitest';
import { GAME_LIST } from '../../src/engine/index.js';
import { type MatchSetup, validateSetup } from '../../src/triggers/host/match-setup.js';

// Any game three people play whose phases the schedule times.
const game = GAME_LIST.find((g) => g.playerCount.min <= 3 && g.playerCount.max >= 3 && !g.turnClock)!;
const NOW = '2026-11-30T00:00:00.000Z';

function setupWith(aliases: string[], names = ['Ann Lee', 'Ben Ode', 'Cara Moss']): MatchSetup {
  return {
    game: game.id,
    startAt: '2026-12-01T12:00:00.000Z',
    timeZone: 'UTC',
    minutes: { default: 60 },
    anonymous: true,
    players: names.map((name, i) => ({ name, email: `p${i}@example.com`, alias: aliases[i] })),
  };
}

const errorsOf = (setup: MatchSetup) => {
  const checked = validateSetup(setup, 'seed', NOW);
  return checked.ok ? [] : checked.error;
};

describe('an anonymous setup’s aliases', () => {
  it('takes a typed alias as the name and the person behind it, and draws the others', () => {
    const checked = validateSetup(setupWith(['The Fox', '', '']), 'seed', NOW);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    const fox = checked.value.players.find((p) => p.name === 'The Fox');
    expect(fox?.person).toBe('Ann Lee');
    expect(checked.value.players.filter((p) => p.name !== 'The Fox').every((p) => /^\w+ \w+$/.test(p.name))).toBe(true);
  });

  it('refuses an alias that is the name of someone playing, on that alias', () => {
    expect(errorsOf(setupWith(['', 'ann lee', '']))).toEqual([
      { field: 'players[1].alias', message: '"ann lee" is the name of players[0]; an alias names no one playing' },
    ]);
    expect(errorsOf(setupWith(['', '', 'Cara  Moss']))).toEqual([
      { field: 'players[2].alias', message: `"Cara  Moss" is this player's own name; an alias names no one playing` },
    ]);
  });

  it('refuses two aliases alike and an alias too long on the alias, an empty name on the name', () => {
    expect(errorsOf(setupWith(['The Fox', 'the fox', '']))).toEqual([
      { field: 'players[1].alias', message: `"the fox" is also players[0]'s name; names must differ` },
    ]);
    expect(errorsOf(setupWith(['', 'x'.repeat(61), '']))).toEqual([
      { field: 'players[1].alias', message: 'a name is at most 60 characters' },
    ]);
    expect(errorsOf(setupWith(['', '', ''], ['Ann Lee', '', 'Cara Moss']))).toEqual([
      { field: 'players[1].name', message: 'a person is named' },
    ]);
  });
});
