// `npm start` (genius-host start) and `genius-host render` as a user runs them: the built CLI.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { root, run } from '../helpers/cli.js';
import { GAME_LIST, loadMatchText, replayMatch } from '../../src/engine/index.js';
import { resultLine } from '../../src/engine/index.js';
import { escapeHtml } from '../../src/sheets/html.js';
import { receiptCode } from '../../src/engine/core/receipt.js';
import { seedCommitment } from '../../src/engine/core/commitment.js';
import { publishedLines } from '../../src/engine/core/publish.js';
import { matchOf, withLongAnswers } from '../helpers/match.js';

describe('genius-host start', () => {
  // Up to 3 minutes, not the default minute: the built command plays and renders a whole match of every game, on 2 busy cores.
  it("plays every game, writes each audience's workbook as .xlsx and .html with the match file, and says where", async () => {
    const out = mkdtempSync(join(tmpdir(), 'gh-start-'));
    const { code, stdout, stderr } = run('start', '--out', out);
    expect(code).toBe(0);
    // Progress while the workbooks are written goes to stderr (a pipe here: one line a game).
    expect(stderr.trim().split('\n')).toHaveLength(GAME_LIST.length);
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
    const { code, stdout } = run('start', 'not-flower-field', '--seed', 'mine', '--players', '5', '--out', out);
    expect(code).toBe(0);
    expect(stdout).toContain('5 bots');
    expect(stdout).toContain('seed "mine"');
    expect(existsSync(join(out, 'not-flower-field', 'player-p5.html'))).toBe(true);
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
    expect(run('start', 'peg-domain', '--seed', 'first', '--out', out).code).toBe(0);
    expect(run('start', 'not-flower-field', '--seed', 'second', '--out', out).code).toBe(0);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    const links = [...index.matchAll(/<a href="([^"]+)">([^<]+)<\/a>: ([^<]*)<\/li>/g)].map((m) => ({
      link: m[1],
      title: m[2],
      line: m[3],
    }));
    expect(links.map((l) => [l.link, l.title])).toEqual([
      ['peg-domain/index.html', 'Peg Domain'],
      ['not-flower-field/index.html', 'Not Flower Field'],
    ]);
    // The earlier game's line is its match file's result, as the run that played it printed it.
    const earlier = loadMatchText(readFileSync(join(out, 'peg-domain', 'match.json'), 'utf8'));
    if (!earlier.ok) throw new Error(earlier.error);
    expect(links[0].line).toBe(escapeHtml(resultLine(replayMatch(earlier.value))));
    expect(links[1].line).not.toBe('');
  }, 180_000);
});

describe('genius-host render', () => {
  it('renders any match file the same way', () => {
    const out = mkdtempSync(join(tmpdir(), 'gh-render-'));
    const { code, stdout } = run('render', 'examples/not-flower-field.json', '--out', out);
    expect(code).toBe(0);
    expect(stdout).toContain('Not Flower Field: winner Cara (660)');
    for (const name of ['host', 'public', 'player-p1', 'player-p2', 'player-p3', 'player-p4']) {
      expect(existsSync(join(out, `${name}.xlsx`))).toBe(true);
      expect(readFileSync(join(out, `${name}.html`), 'utf8')).toMatch(/^<!doctype html>/);
    }
  });

  it('renders a match file of many long answers, its host and public workbooks in several batchUpdates each under 2 MB', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-render-'));
    const file = join(dir, 'long.json');
    const match = withLongAnswers(matchOf(JSON.parse(readFileSync(join(root, 'examples/pasture.json'), 'utf8'))));
    writeFileSync(file, JSON.stringify(match));
    const { code, stdout, stderr } = run('render', file, '--out', join(dir, 'out'));
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(
      /: one batchUpdate each but host \(\d+, each under 2 MB\), public \(\d+, each under 2 MB\), at most/,
    );
    expect(readFileSync(join(dir, 'out', 'host.html'), 'utf8')).toContain('Grüße, answer text;');
    // Six workbooks of several MB each, in a child process: longer than the default minute on 2 busy cores.
  }, 180_000);

  it('answers a missing or malformed file with exit 1 and one line', () => {
    const missing = run('render', 'nope.json');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('genius-host: nope.json: no such file\n');
  });
});

describe('the result line of npm start and render', () => {
  const lineOf = (file: string) => {
    const match = loadMatchText(readFileSync(join(root, file), 'utf8'));
    if (!match.ok) throw new Error(match.error);
    return resultLine(replayMatch(match.value));
  };

  it('says which tie-break made the loser lose', () => {
    // Paint: red and blue both coloured 4 segments; blue had fewer pixels.
    expect(lineOf('examples/paint.json')).toBe(
      'winners red (4), yellow (5) · loser blue (4) on a tie-break (red and blue tied on 4 segments on the final canvas; blue had fewer pixels (406)) · elimination candidate Finn',
    );
  });

  it('gives the tie-break the game reports where the loser tied on score, and the tie itself from a game that reports none', () => {
    const result = (scores: Record<string, number>, tieBreak?: string) =>
      ({
        game: { id: 'pasture' },
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

  it('says nothing of tie-breaks when the loser scored least, and "no elimination candidate" where the rules name none', () => {
    expect(lineOf('examples/not-flower-field.json')).toBe(
      'winner Cara (660) · loser Ben (184) · elimination candidate Ben',
    );
    expect(lineOf('examples/pasture.json')).toMatch(/^winners .* · loser .* · no elimination candidate$/);
  });

  it('tells an unfinished match from a finished one', () => {
    const match = loadMatchText(readFileSync(join(root, 'examples/not-flower-field.json'), 'utf8'));
    if (!match.ok) throw new Error(match.error);
    expect(resultLine(replayMatch({ ...match.value, decisions: [] }))).toBe('over, waiting on 1 host decision');
    const scheduled = {
      ...match.value,
      startAt: '2026-11-21T18:00:00.000Z',
      schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} },
    };
    expect(resultLine(replayMatch(scheduled, { now: '2026-11-21T18:30:00.000Z' }))).toBe(
      'not over: Pregame: colour choice is still open',
    );
  });
});

describe('genius-host verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gh-verify-'));
  const paint = loadMatchText(readFileSync(join(root, 'examples/paint.json'), 'utf8'));
  if (!paint.ok) throw new Error(paint.error);
  const final = replayMatch(paint.value).final;
  if (!final) throw new Error('examples/paint.json does not finish');
  const lines = publishedLines(paint.value, final);
  const commitment = seedCommitment(paint.value.seed);
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const published = write('match.json', `${lines.join('\n')}\n`);
  const edited = (
    name: string,
    edit: (file: Record<string, unknown> & { submissions: Record<string, unknown>[] }) => void,
  ) => {
    const json = JSON.parse(readFileSync(published, 'utf8'));
    edit(json);
    return write(name, JSON.stringify(json, null, 2));
  };

  it('checks the seed against the commitment and the replay against the published result, and says so', () => {
    const { code, stdout, stderr } = run('verify', published, '--commitment', commitment.toUpperCase());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([
      `${published}: Paint You a Picture, 12 players, ${paint.value.submissions.length} submissions`,
      `seed ${JSON.stringify(paint.value.seed)}: its SHA-256 is the commitment ${commitment}`,
      `replay: the final result is exactly the published one (winners: ${final.winners.join(', ')})`,
      `receipts: all ${paint.value.submissions.length} match their submissions`,
      'verified: the seed is the one committed to at the start, and the file replays to the published result',
      '',
    ]);
  });

  it('reads the file as copied from the Seed tab: the rows above it, each cell in quotes, Windows line ends', () => {
    const copied = ['The match file: copy cells A14 to A99', ...lines.map((l) => `"${l.replace(/"/g, '""')}"`)].join(
      '\r\n',
    );
    const { code, stdout } = run('verify', write('copied.txt', copied), '--commitment', commitment);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^verified: /m);
  });

  it('verifies a file published before the result carried its tie-break, and refuses a changed tie-break', () => {
    const older = edited('older.json', (json) => {
      delete (json.final as { tieBreak?: string }).tieBreak;
    });
    expect(run('verify', older, '--commitment', commitment).code).toBe(0);
    const changed = edited('tiebreak.json', (json) => {
      (json.final as { tieBreak?: string }).tieBreak = 'the host said so';
    });
    const refused = run('verify', changed, '--commitment', commitment);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'genius-host: verify: replaying the file does not give the published result (final.tieBreak)\n',
    );
  });

  it('refuses a file whose answer, time or phase was changed after its receipt was given, naming the receipt', () => {
    const listed = JSON.parse(readFileSync(published, 'utf8')).submissions as { receipt: string; at?: string }[];
    const edits: [string, (s: Record<string, unknown>) => void][] = [
      ['answer.json', (s) => (s.answers = { ...(s.answers as object), vote: 'a changed vote' })],
      ['time.json', (s) => (s.at = '2026-11-21T18:00:00.000Z')],
      ['phase.json', (s) => (s.phase = 'another phase')],
    ];
    for (const [name, edit] of edits) {
      const file = edited(name, (json) => edit(json.submissions[3]));
      const { code, stdout, stderr } = run('verify', file, '--commitment', commitment);
      expect(code, name).toBe(1);
      expect(stdout, name).toContain(`receipts: ${listed[3].receipt} of submissions[3] (`);
      expect(stderr, name).toMatch(new RegExp(`receipt ${listed[3].receipt} does not match submissions\\[3\\]`));
    }
  });

  it("finds the submission a player's receipt was given for, in one line, and says when none matches", () => {
    const submission = paint.value.submissions[5];
    const code = receiptCode(paint.value.seed, submission);
    const player = paint.value.players.find((p) => p.id === submission.player)!;
    const found = run('verify', published, '--receipt', code.toUpperCase());
    expect(found.stderr).toBe('');
    expect(found.code).toBe(0);
    expect(found.stdout).toMatch(new RegExp(`^receipt ${code}: submission #6, ${player.name} in ${submission.phase}`));
    expect(found.stdout.split('\n')).toHaveLength(2);

    // The host changed that answer before publishing: the player's receipt matches nothing.
    const changed = edited('changed.json', (json) => {
      json.submissions[5].answers = { vote: 'changed' };
    });
    const missing = run('verify', changed, '--receipt', code);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(
      new RegExp(`^genius-host: receipt ${code}: no submission in .*changed\\.json matches it`),
    );
    expect(run('verify', published, '--receipt', 'abc').stderr).toMatch(
      /^genius-host: --receipt: "abc" is not a receipt/,
    );
  });

  it('refuses a changed seed, naming it, with exit 1', () => {
    const file = edited('seed.json', (json) => {
      json.seed = `${paint.value.seed}!`;
    });
    const { code, stdout, stderr } = run('verify', file, '--commitment', commitment);
    expect(code).toBe(1);
    expect(stdout).toContain(`NOT the commitment ${commitment}`);
    // Paint's canvas is drawn from the seed: another seed is another match, and replay says so too.
    expect(stderr).toMatch(
      /^genius-host: verify: the seed does not match the commitment \(its SHA-256 is [0-9a-f]{64}\); and replaying the file does not (give the published result \(final\.[\w.[\]]+\)|reach a final result)\n$/,
    );
  });

  it('refuses a changed submission or a changed result, naming where the replay differs', () => {
    const result = edited('result.json', (json) => {
      (json.final as { winners: string[] }).winners = ['nobody'];
    });
    const changedResult = run('verify', result, '--commitment', commitment);
    expect(changedResult.code).toBe(1);
    expect(changedResult.stdout).toContain(
      `replay: final.winners[0] is ${JSON.stringify(final.winners[0])}, but the file was published with "nobody"`,
    );
    expect(changedResult.stderr).toBe(
      'genius-host: verify: replaying the file does not give the published result (final.winners[0])\n',
    );

    // Every vote of the winning team dropped: the replay ends otherwise.
    const winners = new Set(
      Object.entries(paint.value.options.teams as Record<string, string[]>).find(
        ([team]) => team === final.winners[0],
      )?.[1],
    );
    const votes = edited('votes.json', (json) => {
      json.submissions = json.submissions.filter((s) => !winners.has(String(s.player)));
    });
    const changedVotes = run('verify', votes, '--commitment', commitment);
    expect(changedVotes.code).toBe(1);
    expect(changedVotes.stdout).toContain(`its SHA-256 is the commitment ${commitment}`);
    expect(changedVotes.stderr).toMatch(
      /^genius-host: verify: replaying the file does not (give the published result|reach a final result)/,
    );
  });
});
