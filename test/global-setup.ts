// Builds dist/ once before any test file runs (the CLI and bundle tests use it), so parallel
// test files never race to write the same files.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  const root = join(__dirname, '..');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' });
}
