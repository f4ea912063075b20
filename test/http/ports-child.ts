// Runs the REST ports (src/node/rest-forms.ts, files.ts) in a process of their own, against the loopback
// server of the test that started it: the ports wait for each answer synchronously (Atomics.wait),
// so they cannot share a thread with the server. Reads a script of port calls as JSON on stdin and
// prints each call's answer, or its error, as JSON lines on stdout.
import { fileURLToPath } from 'node:url';
import { GoogleCalls } from '../../src/node/bridge.js';
import { RestFiles } from '../../src/node/files.js';
import { RestForms } from '../../src/node/rest-forms.js';

interface Step {
  readonly port: 'forms' | 'files';
  readonly method: string;
  readonly args: readonly unknown[];
}

const input = await new Promise<string>((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(text));
});
const { hostId, steps } = JSON.parse(input) as { hostId: string; steps: Step[] };
const google = new GoogleCalls(undefined, fileURLToPath(new URL('../../dist/google-worker.mjs', import.meta.url)));
const ports = { forms: new RestForms(google), files: new RestFiles(google, hostId) };
for (const step of steps) {
  const port = ports[step.port] as unknown as Record<string, (...args: unknown[]) => unknown>;
  try {
    const value = port[step.method](...step.args);
    // A spreadsheet answers its id, url and first tab.
    const plain =
      value && typeof value === 'object' && 'getMetadata' in value
        ? {
            id: (value as unknown as { id: string }).id,
            firstSheetId: (value as unknown as { firstSheetId?: number }).firstSheetId,
          }
        : value;
    process.stdout.write(`${JSON.stringify({ value: plain ?? null })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ error: (error as Error).message })}\n`);
  }
}
process.stdout.write(`${JSON.stringify({ counts: google.counts })}\n`);
google.close();
