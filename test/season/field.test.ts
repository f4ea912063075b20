// The match file's season field (docs/matchfile.md, "Seasons"): optional and additive, kept when the
// file is written again and in the add-on's log head, and a bad value refused with its path.
import { describe, expect, it } from 'vitest';
import { matchHead } from '../../src/engine/core/matchfile.js';
import { EXAMPLE_GAME, loadMatch, loadMatchText, newMatch, stringifyMatchFile } from '../../src/engine/index.js';

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
});
