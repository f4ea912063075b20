#!/usr/bin/env node
// The genius-host command. The CLI is built into dist/ by `npm run build` (run by `npm ci`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../dist/cli.mjs', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('genius-host: the CLI is not built yet; run `npm run build` first\n');
  process.exit(1);
}
await import(cli);
