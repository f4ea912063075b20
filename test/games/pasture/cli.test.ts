// The genius-host command on Pasture's example: the built CLI in a child process.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, resultLine } from '../../../src/engine/index.js';
import { root, run } from '../../helpers/cli.js';
import { matchOf, withLongAnswers } from '../../helpers/match.js';

function lineOf(file: string) {
  const match = loadMatchText(readFileSync(join(root, file), 'utf8'));
  if (!match.ok) throw new Error(match.error);
  return resultLine(replayMatch(match.value));
}

describe('genius-host render', () => {
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
});

describe('the result line of npm start and render', () => {
  it('says "no elimination candidate" where the rules name none', () => {
    expect(lineOf('examples/pasture.json')).toMatch(/^winners .* · loser .* · no elimination candidate$/);
  });
});
