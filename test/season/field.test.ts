// The match file's season field (docs/matchfile.md, "Seasons"): optional and additive, kept when the
// file is written again and in the add-on's log head, and a bad value refused with its path.
import { describe, expect, it } from 'vitest';
import { hostActions, hostActionsTable } from '../../src/engine/core/host-actions.js';
import { matchHead } from '../../src/engine/core/matchfile.js';
import {
  EXAMPLE_GAME,
  loadMatch,
  loadMatchText,
  newMatch,
  replayMatch,
  stringifyMatchFile,
} from '../../src/engine/index.js';

function fresh(): Record<string, unknown> {
  const match = newMatch(EXAMPLE_GAME.id, { seed: 'season-field' });
  if (!match.ok) throw new Error(match.error);
  return JSON.parse(stringifyMatchFile(match.value)) as Record<string, unknown>;
}

const load = (season: unknown) => loadMatch({ ...fresh(), season });

describe('the season field', () => {
  it('is kept as given, with the rules filled, through a written file and the log head', () => {
    const season = { name: 'Autumn', kind: 'death', previous: 'A'.repeat(64), rules: { tokens: 'until-used' } };
    const loaded = load(season);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.value.season).toEqual({
      ...season,
      rules: { opponent: 'candidate', tokens: 'until-used', tokenSavesCandidate: true, eliminatedGarnets: 'to-winner' },
    });
    const again = loadMatchText(stringifyMatchFile(loaded.value));
    expect(again.ok && again.value.season).toEqual(loaded.value.season);
    expect(matchHead(loaded.value).season).toEqual(loaded.value.season);
    // A file without it loads as before, with no season.
    const none = loadMatch(fresh());
    expect(none.ok && 'season' in none.value).toBe(false);
  });

  it('refuses a bad value, naming its path and what it takes', () => {
    expect(load({ name: 'Autumn', kind: 'final' })).toEqual({
      ok: false,
      error: 'season.kind: kind is "main" (every player still playing) or "death" (a death match)',
    });
    expect(load({ name: 'Autumn', kind: 'main', previous: 'abc' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^season\.previous: previous is the match before's hash: 64 hexadecimal digits/),
    });
    expect(load({ name: 'Autumn', kind: 'main', adjustments: [{ player: 'p1', garnets: 1 }] })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^season\.adjustments\[0\]\.reason: /),
    });
    expect(load({ name: 'Autumn', kind: 'main', adjustments: [{ player: 'p1', garnets: 1, reason: 'a\nb' }] })).toEqual(
      {
        ok: false,
        error: 'season.adjustments[0].reason: a reason is one line',
      },
    );
    expect(
      load({ name: 'Autumn', kind: 'main', adjustments: [{ player: 'p1', garnets: 1.5, reason: 'r' }] }),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^season\.adjustments\[0\]\.garnets: /),
    });
    expect(load({ name: 'Autumn', kind: 'main', rules: { opponent: 'winners' } })).toEqual({
      ok: false,
      error: 'season.rules.opponent: opponent is "candidate" or "host"',
    });
    expect(load({ name: 'Autumn', kind: 'main', sesaon: 1 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^season/),
    });
  });

  it('refuses a change of balance for a player not in this match, who could only be named by id', () => {
    expect(load({ name: 'Autumn', kind: 'main', adjustments: [{ player: 'p99', garnets: 1, reason: 'r' }] })).toEqual({
      ok: false,
      error: 'season.adjustments[0].player: unknown player "p99" (a change of balance names a player of this match)',
    });
  });

  it("lists each change of balance on the spectators' Host actions list, by name, with its reason", () => {
    const loaded = load({
      name: 'Autumn',
      kind: 'main',
      adjustments: [
        { player: 'p2', garnets: -2, reason: 'paid Ann for the side bet', at: '2026-11-20T10:00:00Z' },
        { player: 'p1', garnets: 2, tokensOfLife: 1, reason: 'won the side bet' },
      ],
    });
    if (!loaded.ok) throw new Error(loaded.error);
    const result = replayMatch(loaded.value);
    const [ann, ben] = loaded.value.players;
    expect(hostActions(result).slice(0, 2)).toEqual([
      {
        at: '',
        what: `Changed ${ann.name}'s balance before this match: +2 garnets and +1 Token of Life`,
        reason: 'won the side bet',
      },
      {
        at: '2026-11-20T10:00:00Z',
        what: `Changed ${ben.name}'s balance before this match: -2 garnets`,
        reason: 'paid Ann for the side bet',
      },
    ]);
    expect(JSON.stringify(hostActionsTable(result).rows)).not.toMatch(/"p[12]"/);
  });
});
