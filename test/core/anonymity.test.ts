// Anonymous matches (docs/matchfile.md, "Anonymous matches"): the setup turns each player's name
// into an alias (typed, or drawn from the seed) and keeps the person in a host-only field, which
// the published file leaves out and only the host's view shows.
import { describe, expect, it } from 'vitest';
import { drawAliases } from '../../src/engine/core/anonymity.js';
import { publishedMatch } from '../../src/engine/core/publish.js';
import { viewFor } from '../../src/engine/core/views.js';
import { loadMatch, playMatch, replayMatch } from '../../src/engine/index.js';
import { type MatchSetup, validateSetup } from '../../src/triggers/host/match-setup.js';
import { gameSeating } from '../helpers/some-game.js';

const NOW = '2026-11-21T12:00:00.000Z';
const PEOPLE = ['Ann Lee', 'Ben Ode', 'Cara Moss', 'Dev Rao'];
const SETUP: MatchSetup = {
  game: gameSeating(PEOPLE.length).id,
  players: PEOPLE.map((name, i) => ({ id: name.split(' ')[0], name, email: `person${i}@example.com` })),
  startAt: '2026-11-21T18:00:00.000Z',
  timeZone: 'Europe/London',
  minutes: { default: 1440 },
  anonymous: true,
};

function anonymousMatch(setup: MatchSetup = SETUP) {
  const checked = validateSetup(setup, 'seed-1', NOW);
  if (!checked.ok) throw new Error(JSON.stringify(checked.error));
  return checked.value;
}

describe('an anonymous setup', () => {
  it('names every player by an alias drawn from the seed, keeps the person host-only, and numbers the ids', () => {
    const match = anonymousMatch();
    expect(match.anonymous).toBe(true);
    expect(match.players.map((p) => p.person).sort()).toEqual([...PEOPLE].sort());
    expect(match.players.map((p) => p.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
    for (const p of match.players) {
      expect(p.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(PEOPLE).not.toContain(p.name);
    }
    // The same seed draws the same aliases; another seed others.
    expect(anonymousMatch().players).toEqual(match.players);
    const other = validateSetup(SETUP, 'seed-2', NOW);
    expect(other.ok && other.value.players.map((p) => p.name)).not.toEqual(match.players.map((p) => p.name));
  });

  it('keeps an alias the host typed, and draws none like it', () => {
    const players = SETUP.players.map((p, i) => (i === 1 ? { ...p, alias: '  The Fox ' } : p));
    const match = anonymousMatch({ ...SETUP, players });
    expect(match.players.find((p) => p.person === 'Ben Ode')?.name).toBe('The Fox');
    expect(drawAliases('s', 20, ['Amber Otter'])).not.toContain('Amber Otter');
    expect(new Set(drawAliases('s', 20).map((a) => a.split(' ')[0])).size).toBe(20);
  });

  it('publishes no person, and only the host view says who is who', () => {
    const match = playMatch(anonymousMatch(), { bots: 'random', answerDecisions: true });
    const result = replayMatch(match);
    if (!result.final) throw new Error('the bots did not finish the match');
    expect(JSON.stringify(publishedMatch(match, result.final))).not.toMatch(/Ann Lee|Ben Ode|Cara Moss|Dev Rao/);
    const host = viewFor(result, 'host');
    expect(host.sections[0]?.title).toMatch(/Who is who/);
    expect(host.sections[0]?.rows).toContainEqual([match.players[0].name, match.players[0].person, expect.any(String)]);
    for (const audience of ['public', ...match.players.map((p) => `player:${p.id}`)] as const) {
      const text = JSON.stringify(viewFor(result, audience as 'public'));
      for (const person of PEOPLE) expect(text).not.toContain(person);
    }
  });

  it('is refused a person outside an anonymous match, in one line', () => {
    const loaded = loadMatch({
      game: gameSeating(2).id,
      seed: 's',
      players: [1, 2].map((n) => ({ id: `p${n}`, name: `P${n}`, person: 'X' })),
    });
    expect(loaded.ok ? '' : loaded.error).toBe(
      'players[0].person: only an anonymous match ("anonymous": true) names a person behind a name',
    );
  });
});
