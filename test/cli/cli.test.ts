// The genius-host command as a user runs it: the built CLI in a child process. Its replay, new and
// show on a game's example are in that game's test folder (test/games/<id>/cli.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root, run } from '../helpers/cli.js';

describe('genius-host --version', () => {
  it("prints the build's version, from package.json", () => {
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
    for (const flag of ['--version', '-v', 'version'])
      expect(run(flag)).toMatchObject({ code: 0, stdout: `genius-host ${version}\n`, stderr: '' });
  });
});
