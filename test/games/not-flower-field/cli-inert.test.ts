// Player text printed by the command is inert: a name, an id or an answer holding ESC, BEL, a line
// break or a C1 control reaches the terminal escaped (`\u001b`), so it can neither drive the
// terminal (clear it, retitle it, recolour what follows) nor forge a line of the output.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedCommitment } from '../../../src/engine/core/commitment.js';
import { loadMatch, replayMatch } from '../../../src/engine/index.js';
import { root, run } from '../../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'gh-inert-'));
/** Every control character but the line break that ends each line of output (tabs included: none is printed). */
const CONTROL = /(?!\n)\p{Cc}/u;

/** The Not Flower Field example with hostile names (the winner, Cara, among them) and a hostile answer. */
function hostileFile(): string {
  const match = JSON.parse(readFileSync(join(root, 'examples/not-flower-field.json'), 'utf8'));
  match.seed = 'field\u009b2J\u001b[0m';
  match.players[0].name = 'Ann\u001b[2J\u0007';
  match.players[1].name = 'Ben\nforged line';
  match.players[2].name = 'Cara\u009b31m\u001b]0;title\u0007';
  match.submissions.push({
    phase: 'round-1',
    player: 'p4',
    answers: { own: 'A1\u001b[5m\u009b5m', others: 'red\r\nB2' },
  });
  const loaded = loadMatch(match);
  if (!loaded.ok) throw new Error(loaded.error);
  const final = replayMatch(loaded.value).final;
  const file = join(dir, 'hostile.json');
  writeFileSync(file, JSON.stringify({ ...match, final: JSON.parse(JSON.stringify(final)) }));
  return file;
}

describe('player text printed by the command is inert', () => {
  const file = hostileFile();
  const commitment = seedCommitment(JSON.parse(readFileSync(file, 'utf8')).seed);

  it('genius-host replay: the same JSON, every control character in it escaped', () => {
    const { code, stdout } = run('replay', file);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(CONTROL);
    expect(stdout).toContain('\\u009b5m');
    expect(JSON.parse(stdout).rejected.at(-1).player).toBe('p4');
  });

  it.each([
    ['show', file, '--as', 'host', '--all'],
    ['show', file, '--as', 'player:p1'],
    ['render', file, '--out', join(dir, 'out')],
    ['verify', file, '--commitment', commitment],
  ])('genius-host %s …', (...args) => {
    const { code, stdout, stderr } = run(...args);
    expect(stderr).not.toMatch(CONTROL);
    expect(code, stderr).toBe(0);
    expect(stdout).not.toMatch(CONTROL);
    // Every line of output is a line the command wrote: no name starts one of its own.
    expect(stdout).not.toMatch(/^forged line/m);
    if (args[0] !== 'verify') expect(stdout).toContain('Ann\\u001b[2J\\u0007');
    expect(stdout).toContain('Cara\\u009b31m\\u001b]0;title\\u0007');
    if (args[0] === 'verify') expect(stdout).toContain('seed "field\\u009b2J\\u001b[0m"');
  });

  it('an error line naming hostile text is inert too', () => {
    const match = JSON.parse(readFileSync(file, 'utf8'));
    match.players[3].name = 'ann\u001b[2J\u0007';
    const twin = join(dir, 'twin.json');
    writeFileSync(twin, JSON.stringify(match));
    const { code, stderr } = run('replay', twin);
    expect(code).toBe(1);
    expect(stderr).not.toMatch(CONTROL);
    expect(stderr).toBe(
      `genius-host: ${twin}: players[3].name: "ann\\u001b[2J\\u0007" is also players[0]'s name; names must differ\n`,
    );
  });
});
