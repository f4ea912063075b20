// genius-host season / verify on a season (docs/season.md): the demo season of three matches replays
// and verifies; one balance edited between two matches is named, match and player; a host change
// logged with its reason passes; and the Season tab shows the ledger in the host's and spectators'
// workbooks (HTML export), not in a player's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSeasonMatches } from '../../src/cli/demo-season.js';
import { renderAudience } from '../../src/cli/outputs.js';
import { type MatchFile, matchHash, replayMatch, seasonOf, stringifyMatchFile } from '../../src/engine/index.js';
import { seasonTables } from '../../src/engine/season/season-tables.js';
import { publishedMatch } from '../../src/engine/core/publish.js';
import { workbookHtml } from '../../src/workbook/html.js';
import { run } from '../helpers/cli.js';

let matches: { label: string; match: MatchFile }[] = [];

function writeSeason(list: readonly { label: string; match: MatchFile }[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'season-'));
  for (const { label, match } of list) writeFileSync(join(dir, `${label}.json`), stringifyMatchFile(match));
  return dir;
}

/** The season with `change` made to the match at `index` (and every later match chained to it again, as a host redoing the chain would). */
function changed(index: number, change: (match: MatchFile) => MatchFile): { label: string; match: MatchFile }[] {
  const out = matches.map((m) => ({ ...m }));
  out[index] = { ...out[index], match: change(out[index].match) };
  return out;
}

// Five bot matches (the demo tries main-match games until one leaves a candidate): room for 2 busy cores.
beforeAll(() => {
  matches = demoSeasonMatches();
}, 300_000);

describe('a season from the command line', () => {
  it('the demo season has three matches: a main match, its death match, the next main match, and it verifies', () => {
    const dir = writeSeason(matches);
    const ledger = seasonOf(matches.map((m) => ({ label: m.label, match: m.match })));
    expect(ledger.columns.map((c) => c.kind)).toEqual(['main', 'death', 'main']);
    expect(ledger.issues).toEqual([]);
    const printed = run('season', dir);
    expect(printed.stderr).toBe('');
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain('Season "Demo season": 3 matches, 6 players');
    expect(printed.stdout).toMatch(/eliminated/);
    expect(printed.stdout).toContain(
      'verified: each of the 3 matches starts from the players and balances the one before it ended with',
    );
    // The files named one by one, in order, read the same.
    const named = run('verify', ...matches.map((m) => join(dir, `${m.label}.json`)));
    expect(named.code).toBe(0);
  });

  it('verify names the match and the player when one balance is edited between two matches', () => {
    const third = matches[2].match;
    const victim = third.players[1];
    const dir = writeSeason(
      changed(2, (m) => ({
        ...m,
        players: m.players.map((p) => (p.id === victim.id ? { ...p, garnets: p.garnets + 1 } : p)),
      })),
    );
    const result = run('verify', dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `genius-host: season: ${join(dir, '3-main.json')} (match 3): ${victim.name} starts with ${victim.garnets + 1} garnet${victim.garnets + 1 === 1 ? '' : 's'}, but the season's ledger says ${victim.garnets} (what match 2 ended with); a change of balance outside a match is logged in season.adjustments with its reason\n`,
    );
  });

  it('takes the same change when the host logs it, with its reason, and shows the reason', () => {
    const victim = matches[2].match.players[1];
    const dir = writeSeason(
      changed(2, (m) => ({
        ...m,
        players: m.players.map((p) => (p.id === victim.id ? { ...p, garnets: p.garnets + 1 } : p)),
        season: m.season && {
          ...m.season,
          adjustments: [{ player: victim.id, garnets: 1, reason: 'won the side bet' }],
        },
      })),
    );
    const result = run('season', dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`The host gave ${victim.name} +1 garnet: won the side bet`);
  });

  it('names a match file put in the place of another (its hash is not the one the next match names)', () => {
    const dir = writeSeason(changed(0, (m) => ({ ...m, seed: `${m.seed}-again` })));
    const result = run('verify', dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /season: .*2-death\.json \(match 2\): season\.previous: names the match before it as [0-9a-f]{12}…, but match 1's hash is/,
    );
  });

  it('refuses --commitment on a season, and a directory with no match file', () => {
    const dir = writeSeason(matches);
    expect(run('verify', dir, '--commitment', 'a'.repeat(64)).stderr).toMatch(
      /--commitment and --receipt check one published file/,
    );
    const empty = mkdtempSync(join(tmpdir(), 'season-empty-'));
    expect(run('season', empty).stderr).toMatch(/holds no match file/);
  });

  it('chains the file as published on the Seed tab: its hash is the one the next match names', () => {
    const [first] = matches;
    const result = replayMatch(first.match);
    if (!result.final) throw new Error('the first match is over');
    // The spectators' copy: addresses and ids replaced, the final result added (core/publish.ts).
    const dir = mkdtempSync(join(tmpdir(), 'season-published-'));
    for (const [i, { label, match }] of matches.entries()) {
      const final = replayMatch(match).final;
      if (!final) throw new Error('every demo match is over');
      writeFileSync(join(dir, `${label}.json`), stringifyMatchFile(i === 0 ? publishedMatch(match, final) : match));
    }
    expect(matches[1].match.season?.previous).toBe(matchHash(first.match, result.final));
    const verified = run('verify', dir);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
  });

  it('draws the Season tab in the host and spectators workbooks, in words and colours, and not in a player sheet', () => {
    const ledger = seasonOf(matches.map((m) => ({ label: m.label, match: m.match })));
    const result = replayMatch(matches[2].match);
    const tables = seasonTables(ledger);
    for (const audience of ['public', 'host'] as const) {
      const { workbook } = renderAudience(result, audience, undefined, tables);
      const tab = workbook.tabs.find((t) => t.title === 'Season');
      expect(tab, audience).toBeDefined();
      const html = workbookHtml(workbook);
      const eliminated = ledger.players.find((p) => ledger.columns[2].cells[p.id].status === 'eliminated');
      expect(eliminated).toBeDefined();
      expect(html).toContain('0 garnets · eliminated');
      // The candidate's cell is filled orange (PALETTE.orange), the eliminated grey.
      expect(html.toLowerCase()).toMatch(/background(-color)?:\s*#f07e00/);
      expect(html.toLowerCase()).toMatch(/background(-color)?:\s*#bdbdbd/);
    }
    const player = `player:${matches[2].match.players[0].id}` as const;
    expect(renderAudience(result, player, undefined, tables).workbook.tabs.some((t) => t.title === 'Season')).toBe(
      false,
    );
  });
});
