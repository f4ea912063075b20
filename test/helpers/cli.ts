// Runs the built genius-host command as a user would (the bin script, in a child process).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const root = join(__dirname, '../..');
const bin = join(root, 'bin/genius-host.mjs');

export function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
