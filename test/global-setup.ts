// Builds dist/ once before any test file runs (the CLI and bundle tests use it), so parallel
// test files never race to write the same files; only when a source changed since the last build
// (scripts/build.mjs --if-stale), so running one test file again starts at once.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  const root = join(__dirname, '..');
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
}
