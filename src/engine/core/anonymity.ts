// Anonymous matches (docs/matchfile.md, "Anonymous matches"). In a match with `anonymous: true`,
// each player's `name` IS their alias, so replay, every view, email, Discord post, receipt and the
// published file name players by alias with no further change; the person behind an alias lives
// only in `players[].person`, which the published file leaves out and only the host's view shows.

import type { MatchEvent, Player } from './game.js';
import { nameKey } from './names.js';
import { Random } from './random.js';
import type { Table } from './view.js';

// Words that read well together and say nothing about anyone: 32 first words, so up to 32 players
// each get their own, and a glance tells two aliases apart.
const ADJECTIVES = [
  'Amber',
  'Azure',
  'Brisk',
  'Cobalt',
  'Copper',
  'Crimson',
  'Dusky',
  'Ember',
  'Frosty',
  'Gilded',
  'Hazel',
  'Indigo',
  'Ivory',
  'Jade',
  'Lunar',
  'Maple',
  'Misty',
  'Nimble',
  'Ochre',
  'Olive',
  'Quiet',
  'Rustic',
  'Saffron',
  'Scarlet',
  'Silver',
  'Solar',
  'Stormy',
  'Swift',
  'Teal',
  'Velvet',
  'Violet',
  'Willow',
] as const;

const ANIMALS = [
  'Badger',
  'Beaver',
  'Bison',
  'Crane',
  'Falcon',
  'Ferret',
  'Finch',
  'Fox',
  'Gecko',
  'Heron',
  'Ibis',
  'Jackal',
  'Lemur',
  'Lynx',
  'Marten',
  'Moose',
  'Newt',
  'Ocelot',
  'Otter',
  'Owl',
  'Panda',
  'Puffin',
  'Quail',
  'Raven',
  'Robin',
  'Salmon',
  'Stoat',
  'Tapir',
  'Toucan',
  'Walrus',
  'Wombat',
  'Yak',
] as const;

/**
 * `count` aliases drawn from `seed` (an anonymous match's secret) ("Amber Otter"), each with its own
 * first word, none reading as one of `taken` (aliases the host typed) or `avoid` (the people's own
 * names). The same seed and `taken` give the same aliases.
 */
export function drawAliases(
  seed: string,
  count: number,
  taken: readonly string[] = [],
  avoid: readonly string[] = [],
): string[] {
  const random = new Random(seed).fork('aliases');
  // `avoid` (the people's own names) only as whole names: a person called Hazel leaves "Hazel Otter" free.
  const used = new Set([...taken, ...avoid].map(nameKey));
  const usedFirst = new Set(taken.map((name) => nameKey(name.split(' ')[0] ?? '')));
  const firsts = random.shuffle(ADJECTIVES).filter((word) => !usedFirst.has(nameKey(word)));
  const out: string[] = [];
  for (const first of firsts) {
    if (out.length === count) break;
    const alias = `${first} ${random.pick(ANIMALS)}`;
    if (used.has(nameKey(alias))) continue;
    used.add(nameKey(alias));
    out.push(alias);
  }
  if (out.length < count) throw new RangeError(`drawAliases: only ${out.length} aliases left for ${count} players`);
  return out;
}

/** The host's table of who plays under each alias (a substitute under the seat's, from when); null outside an anonymous match. */
export function whoIsWho(
  anonymous: boolean | undefined,
  players: readonly Player[],
  events: readonly MatchEvent[] = [],
): Table | null {
  if (anonymous !== true) return null;
  const subs = events.flatMap((e) =>
    e.type === 'substitute' ? [[e.name, `${e.person ?? e.name} (substitute from ${e.at})`, e.email]] : [],
  );
  return {
    title: 'Who is who (only you see this)',
    header: ['Alias', 'Person', 'Email'],
    rows: [...players.map((p) => [p.name, p.person ?? '', p.email ?? '']), ...subs],
    caption:
      'An anonymous match: players, spectators, emails, Discord posts and the published file name players only by alias.',
  };
}
