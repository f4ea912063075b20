// Issue 38's attack on anonymous matches: a curious player or spectator holds everything published
// at the end (the seed, the match file, the spectators' sheet) and knows the order in which the host
// typed the players (sign-up or alphabetical). When the aliases and the seat order were drawn from
// the seed, replaying the draw named 6 players of 6, and with aliases the host typed 4 of 4. Now they
// are drawn from the host's secret, never published: the same attack names no more than a guess
// does. And a substitute in an anonymous match takes the seat's alias: their own name is the host's
// only, and one that is another playing person's is refused.

import { describe, expect, it } from 'vitest';
import { drawAliases } from '../../src/engine/core/anonymity.js';
import { publishedLines } from '../../src/engine/core/publish.js';
import { Random } from '../../src/engine/core/random.js';
import { viewFor } from '../../src/engine/core/views.js';
import { loadMatch, playMatch, replayMatch } from '../../src/engine/index.js';
import { type MatchSetup, validateSetup } from '../../src/triggers/host/match-setup.js';
import { substituteEvent } from '../../src/triggers/host/substitute.js';
import { gameSeating } from '../helpers/some-game.js';

const NOW = '2026-11-21T12:00:00.000Z';
const SEED = 'a-published-seed';
/** Typed in alphabetical order, as a host often does. */
const PEOPLE = ['Ann Lee', 'Ben Ode', 'Cara Moss', 'Dev Rao', 'Eve Sand', 'Finn Tor'];

function setupOf(people: readonly string[], aliases?: readonly string[]): MatchSetup {
  return {
    game: gameSeating(people.length).id,
    players: people.map((name, i) => ({
      name,
      email: `person${i}@example.com`,
      ...(aliases ? { alias: aliases[i] } : {}),
    })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 1440 },
    anonymous: true,
  };
}

/** The match a host starts with `secret`, played to its end, and everything the spectators get. */
function publishedOf(setup: MatchSetup, secret: string) {
  const checked = validateSetup(setup, SEED, NOW, secret);
  if (!checked.ok) throw new Error(JSON.stringify(checked.error));
  const match = playMatch(checked.value, { bots: 'random', answerDecisions: true });
  const result = replayMatch(match);
  if (!result.final) throw new Error('the bots did not finish');
  const text = publishedLines(match, result.final).join('\n');
  const file = loadMatch(JSON.parse(text));
  if (!file.ok) throw new Error(file.error);
  return { host: match, text, file: file.value, spectators: JSON.stringify(viewFor(result, 'public')) };
}

/**
 * The attack of the issue, as the short program ran it: from the published seed, the draw of the seat
 * order (typed index of each seat p1…) and of the aliases (typed index of each drawn alias); answers
 * the person it names behind each published alias.
 */
function attack(file: { seed: string; players: readonly { id: string; name: string }[] }, typed: readonly string[]) {
  const order = new Random(file.seed).fork('anonymous/order').shuffle(typed.map((_, i) => i));
  const aliases = drawAliases(file.seed, typed.length, []);
  const named = new Map<string, string>();
  for (const [seat, player] of file.players.entries()) {
    const byAlias = aliases.indexOf(player.name);
    named.set(player.name, typed[byAlias >= 0 ? byAlias : order[seat]]);
  }
  return named;
}

/** How many of the published aliases the attack names rightly. */
function rightly(host: { players: readonly { name: string; person?: string }[] }, named: Map<string, string>): number {
  return host.players.filter((p) => named.get(p.name) === p.person).length;
}

describe('the attack on an anonymous match, with every published output and the typed order', () => {
  const SECRETS = Array.from({ length: 12 }, (_, i) => `host-secret-${i}-${'x'.repeat(24)}`);

  it('is the program that named everyone when the draw was the seed’s (the control: no secret)', () => {
    const checked = validateSetup(setupOf(PEOPLE), SEED, NOW);
    if (!checked.ok) throw new Error(JSON.stringify(checked.error));
    expect(rightly(checked.value, attack(checked.value, PEOPLE))).toBe(PEOPLE.length);
  });

  it('names no more people than a guess: drawn aliases, six players', () => {
    let right = 0;
    for (const secret of SECRETS) {
      const { host, file, text } = publishedOf(setupOf(PEOPLE), secret);
      expect(text).not.toContain(secret);
      right += rightly(host, attack(file, PEOPLE));
    }
    // A blind guess names one of six on average (12 over 12 matches); the seed-drawn order named all 72.
    expect(right).toBeLessThanOrEqual(24);
  });

  it('names no more people than a guess: aliases the host typed, four players', () => {
    const four = PEOPLE.slice(0, 4);
    let right = 0;
    for (const secret of SECRETS) {
      const { host, file } = publishedOf(setupOf(four, ['North', 'South', 'East', 'West']), secret);
      right += rightly(host, attack(file, four));
    }
    expect(right).toBeLessThanOrEqual(24);
  });

  it('cannot be helped by the seed: one seed, two secrets, two different drawings of the same setup', () => {
    const a = publishedOf(setupOf(PEOPLE), SECRETS[0]);
    const b = publishedOf(setupOf(PEOPLE), SECRETS[1]);
    expect(a.file.seed).toBe(b.file.seed);
    expect(a.file.players.map((p) => p.name)).not.toEqual(b.file.players.map((p) => p.name));
    // The published file names no person and holds no secret.
    for (const person of PEOPLE) expect(a.text + a.spectators).not.toContain(person);
  });

  it('draws no alias that is a person’s own name', () => {
    // A person called by an alias the words could make: it is never drawn.
    const people = ['Amber Otter', 'Azure Fox', 'Brisk Owl', 'Cobalt Yak'];
    for (const secret of SECRETS) {
      const checked = validateSetup(setupOf(people), SEED, NOW, secret);
      if (!checked.ok) throw new Error(JSON.stringify(checked.error));
      for (const p of checked.value.players) expect(people).not.toContain(p.name);
    }
  });
});

describe('a substitute in an anonymous match', () => {
  const { host } = publishedOf(setupOf(PEOPLE.slice(0, 4)), 'substitute-secret-0123456789');
  const seat = host.players[0];
  const midway = replayMatch(host).closed[1].timing.opensAt ?? NOW;
  const result = replayMatch({ ...host, submissions: [], decisions: [] });

  it("takes the seat's alias: their name is on the host's sheet only, never the spectators', a player's or the published file", () => {
    const event = substituteEvent(result, midway, { player: seat.name, name: 'Zed Real', email: 'zed@example.org' });
    expect(event).toMatchObject({ type: 'substitute', name: seat.name, person: 'Zed Real' });
    const match = { ...host, events: [...(host.events ?? []), event] };
    const loaded = loadMatch(match);
    if (!loaded.ok) throw new Error(loaded.error);
    const after = replayMatch(loaded.value);
    if (!after.final) throw new Error('unfinished');
    const hostView = JSON.stringify(viewFor(after, 'host'));
    expect(hostView).toContain('Zed Real');
    for (const audience of ['public', ...host.players.map((p) => `player:${p.id}`)] as const) {
      const text = JSON.stringify(viewFor(after, audience as 'public'));
      expect(text, audience).not.toContain('Zed Real');
      expect(text, audience).not.toContain('Zed');
    }
    expect(publishedLines(loaded.value, after.final).join('\n')).not.toContain('Zed');
  });

  it("is refused another playing person's name, naming both", () => {
    const other = host.players[1];
    expect(() =>
      substituteEvent(result, midway, { player: seat.name, name: other.person ?? '', email: 'zed@example.org' }),
    ).toThrow(`"${other.person}" is the name of the person playing as "${other.name}"`);
  });
});
