// `npm start` (genius-host start) and `genius-host render` as a user runs them: the built CLI. Their runs
// on one game's example are in that game's folder (test/games/<id>/cli.test.ts).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli.js';
import { EXAMPLE_GAME, GAME_LIST, loadMatchText, replayMatch } from '../../src/engine/index.js';
import { clockedGame } from '../helpers/some-game.js';
import { resultLine } from '../../src/engine/index.js';
import { escapeHtml } from '../../src/sheets/escape-html.js';
import { seedCommitment } from '../../src/engine/core/commitment.js';

describe('genius-host start', () => {
  // Up to 3 minutes, not the default minute: the built command plays and renders a whole match of every game, on 2 busy cores.
  it("plays every game, writes each audience's workbook as .xlsx and .html with the match file, and says where", async () => {
    const out = mkdtempSync(join(tmpdir(), 'gh-start-'));
    const { code, stdout, stderr } = run('start', '--out', out);
    expect(code).toBe(0);
    // Progress while the workbooks are written goes to stderr (a pipe here: one line a game, and one
    // for each of the demo season's three matches).
    expect(stderr.trim().split('\n')).toHaveLength(GAME_LIST.length + 3);
    expect(stderr).toMatch(/^ {2}writing 12 workbooks \(\.xlsx and \.html\): host, public, Ann \(p1\),.* done$/m);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    for (const game of GAME_LIST) {
      const dir = join(out, game.id);
      expect(stdout).toContain(`━━ ${game.title}`);
      for (const name of [
        'match.json',
        'index.html',
        'host.xlsx',
        'host.html',
        'public.xlsx',
        'public.html',
        'player-p1.xlsx',
        'player-p1.html',
      ]) {
        expect(existsSync(join(dir, name)), `${game.id}/${name}`).toBe(true);
      }
      expect(stdout).toContain(join(dir, 'public.html'));
      const match = JSON.parse(readFileSync(join(dir, 'match.json'), 'utf8'));
      expect(match.game).toBe(game.id);
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(join(dir, 'public.xlsx'));
      expect(book.worksheets[0].name).toBe('Current');
    }
    expect(stdout).toMatch(/Results of the finished matches \(final scores in brackets\)\n/);
    expect(stdout).not.toContain('if the game ended now');
    expect(stdout).toMatch(/one batchUpdate each/);
    // Every game's every workbook, in a child process: about 20 s of CPU, far longer on a loaded machine.
  }, 360_000);

  it('takes a game, a seed and a player count, and refuses an unknown game in one line', () => {
    const out = mkdtempSync(join(tmpdir(), 'gh-start-'));
    const { code, stdout } = run('start', EXAMPLE_GAME.id, '--seed', 'mine', '--players', '5', '--out', out);
    expect(code).toBe(0);
    expect(stdout).toContain('5 bots');
    expect(stdout).toContain('seed "mine"');
    expect(existsSync(join(out, EXAMPLE_GAME.id, 'player-p5.html'))).toBe(true);
    // The file as published at the end, with its result: the command it prints verifies it as written.
    const published = join(out, EXAMPLE_GAME.id, 'published.json');
    const command = new RegExp(`npx genius-host verify (\\S+published\\.json) --commitment ([0-9a-f]{64})`).exec(
      stdout,
    );
    expect(command?.[1]).toBe(published);
    expect(command?.[2]).toBe(seedCommitment('mine'));
    const verified = run('verify', published, '--commitment', command![2]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/^verified: /m);
    const bad = run('start', 'chess', '--out', out);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^genius-host: unknown game "chess"/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('genius-host start GAME --out DIR, run again with another game', () => {
  // Two matches played and rendered by the built command, one after the other, on 2 busy cores.
  it('keeps every game of DIR in its index: the earlier run is read from its folder', () => {
    const out = mkdtempSync(join(tmpdir(), 'gh-index-'));
    // Two games, each played alone: one on its own turn clock, then the example game.
    const [first, second] = [clockedGame(), EXAMPLE_GAME];
    expect(run('start', first.id, '--seed', 'first', '--out', out).code).toBe(0);
    expect(run('start', second.id, '--seed', 'second', '--out', out).code).toBe(0);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    const links = [...index.matchAll(/<a href="([^"]+)">([^<]+)<\/a>: ([^<]*)<\/li>/g)].map((m) => ({
      link: m[1],
      title: m[2],
      line: m[3],
    }));
    expect(links.map((l) => [l.link, l.title])).toEqual([
      [`${first.id}/index.html`, first.title],
      [`${second.id}/index.html`, second.title],
    ]);
    // The earlier game's line is its match file's result, as the run that played it printed it.
    const earlier = loadMatchText(readFileSync(join(out, first.id, 'match.json'), 'utf8'));
    if (!earlier.ok) throw new Error(earlier.error);
    expect(links[0].line).toBe(escapeHtml(resultLine(replayMatch(earlier.value))));
    expect(links[1].line).not.toBe('');
  }, 180_000);
});

describe('genius-host render', () => {
  it('answers a missing or malformed file with exit 1 and one line', () => {
    const missing = run('render', 'nope.json');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('genius-host: nope.json: no such file\n');
  });
});

describe('the result line of npm start and render', () => {
  it('gives the tie-break the game reports where the loser tied on score, and the tie itself from a game that reports none', () => {
    const result = (scores: Record<string, number>, tieBreak?: string) =>
      ({
        game: { id: GAME_LIST[0].id },
        match: {
          players: [
            { id: 'a', name: 'Ann' },
            { id: 'b', name: 'Anna' },
            { id: 'c', name: 'Cy' },
          ],
        },
        open: null,
        pending: [],
        final: {
          scores,
          winners: ['c'],
          losers: ['a'],
          awards: [],
          eliminationCandidate: 'a',
          ...(tieBreak ? { tieBreak } : {}),
          detail: {},
        },
      }) as unknown as Parameters<typeof resultLine>[0];
    const tied = { a: 5, b: 5, c: 9 };
    expect(
      resultLine(result(tied, 'Anna and Ann tied on 5 points; Anna placed ahead on more 3s captured (1 to 0)')),
    ).toBe(
      'winner Cy (9) · loser Ann (5) on a tie-break (Anna and Ann tied on 5 points; Anna placed ahead on more 3s captured (1 to 0)) · elimination candidate Ann',
    );
    expect(resultLine(result(tied))).toContain('loser Ann (5) on a tie-break (tied on 5 with Anna)');
    // A loser who scored least needs no tie-break, whatever the game says of other ties.
    expect(resultLine(result({ a: 4, b: 5, c: 9 }, 'Anna and Cy tied'))).toBe(
      'winner Cy (9) · loser Ann (4) · elimination candidate Ann',
    );
  });
});
