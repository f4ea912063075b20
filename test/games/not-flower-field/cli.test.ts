// The genius-host command as a user runs it on Not Flower Field's example: the built CLI in a child process.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, run } from '../../helpers/cli.js';
import { loadMatchText, replayMatch, resultLine } from '../../../src/engine/index.js';

describe('genius-host replay', () => {
  it('replays the Not Flower Field example to its documented result', () => {
    const { code, stdout } = run('replay', 'examples/not-flower-field.json');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(Object.keys(out)).toEqual(['game', 'rounds', 'rejected', 'pending', 'final', 'open']);
    expect(out.final.winners).toEqual(['p3']);
    expect(out.final.losers).toEqual(['p2']);
    expect(out.final.scores).toEqual({ p1: 632, p2: 184, p3: 660, p4: 256 });
    expect(out.final.eliminationCandidate).toBe('p2');
    expect(out.final.detail.deathMatchOpponent).toBe('p4');
    expect(out.rejected.map((r: { reason: string }) => r.reason)).toEqual([
      'colour: red is already taken by Ann',
      'A1 is named twice: all 6 cells must be different; A1 already holds red and orange: a cell with two colours takes no more',
    ]);
    expect(out.rounds).toHaveLength(5);
    expect(out.pending).toEqual([]);
  });

  it('answers a malformed file with exit 1 and one line naming the field, no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-'));
    const file = join(dir, 'bad.json');
    const example = JSON.parse(readFileSync(join(root, 'examples/not-flower-field.json'), 'utf8'));
    example.players[3].id = 'p2';
    writeFileSync(file, JSON.stringify(example));
    const { code, stdout, stderr } = run('replay', file);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`genius-host: ${file}: players[3].id: duplicate id "p2" (also players[1])\n`);
    const missing = run('replay', join(dir, 'nope.json'));
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('--now on a file without a schedule closes every phase (a complete record), as docs/matchfile.md says', () => {
    const whole = run('replay', 'examples/not-flower-field.json');
    const now = run('replay', 'examples/not-flower-field.json', '--now', '2020-01-01T00:00:00Z');
    expect(now.code).toBe(0);
    expect(now.stdout).toBe(whole.stdout);
    expect(JSON.parse(now.stdout).open).toBeNull();
  });

  it('reads the match file from standard input for -', () => {
    const piped = spawnSync(process.execPath, [join(root, 'bin/genius-host.mjs'), 'replay', '-'], {
      cwd: root,
      encoding: 'utf8',
      input: readFileSync(join(root, 'examples/not-flower-field.json'), 'utf8'),
    });
    expect(piped.status).toBe(0);
    expect(piped.stdout).toBe(run('replay', 'examples/not-flower-field.json').stdout);
  });

  it('holds back final while the host decision is unanswered', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-'));
    const file = join(dir, 'pending.json');
    const example = JSON.parse(readFileSync(join(root, 'examples/not-flower-field.json'), 'utf8'));
    example.decisions = [];
    writeFileSync(file, JSON.stringify(example));
    const out = JSON.parse(run('replay', file).stdout);
    expect(out.final).toBeNull();
    expect(out.pending).toEqual([
      { id: 'dmo', question: 'Ben lost and chooses a death-match opponent from Ann, Dev', choices: ['p1', 'p4'] },
    ]);
  });
});

describe('genius-host new and show', () => {
  it('new prints a complete match file that replays', () => {
    const { code, stdout } = run('new', 'not-flower-field', '--players', '5', '--seed', 'abc');
    expect(code).toBe(0);
    const file = JSON.parse(stdout);
    expect(file.players).toHaveLength(5);
    expect(file.options.multipliers).toEqual({ C3: 2, F3: 2, C6: 2, F6: 2, D4: 3, E5: 3 });
    expect(run('new', 'chess').stderr).toMatch(/^genius-host: unknown game "chess"/);
  });

  it('show prints a view as text and refuses an unknown audience', () => {
    const shown = run('show', 'examples/not-flower-field.json', '--as', 'player:p1');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('The field after round 5');
    expect(shown.stdout).toContain('Your submissions');
    expect(shown.stdout).not.toContain('Seed:');
    // The spectators' view ends with the Seed tab in brief: the commitment, and the seed of a finished match.
    expect(run('show', 'examples/not-flower-field.json').stdout).toMatch(
      /\nSeed: its SHA-256 is 4815d59857f69d061ab479888e9c6d12e4dbe6140bf3d797fefaf92e36c9ef84; the seed is "example-field"; .*\n$/,
    );
    expect(run('show', 'examples/not-flower-field.json', '--as', 'player:p9').stderr).toMatch(
      /--as: "player:p9" is not an audience/,
    );
  });
});

function lineOf(file: string) {
  const match = loadMatchText(readFileSync(join(root, file), 'utf8'));
  if (!match.ok) throw new Error(match.error);
  return resultLine(replayMatch(match.value));
}

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
});

describe('the result line of npm start and render', () => {
  it('says nothing of tie-breaks when the loser scored least, and "no elimination candidate" where the rules name none', () => {
    expect(lineOf('examples/not-flower-field.json')).toBe(
      'winner Cara (660) · loser Ben (184) · elimination candidate Ben',
    );
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
