// The built genius-host command run as a child process, as a host runs it (the HTTP tests point
// its Google calls at the loopback server through `env`).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const bin = join(root, 'bin/genius-host.mjs');

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `genius-host ARGS` with this process's environment plus `env`, and collects what it wrote. */
export function runGeniusHost(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
