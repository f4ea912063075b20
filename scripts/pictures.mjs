// npm run pictures: every picture of docs/screenshots that the README and the host guide show, made
// again from the current build in one run, and the record of what it made (docs/screenshots/made.json:
// the build, and for each picture the error messages it shows), which test/docs/pictures.test.ts
// checks the pages against. It needs Chromium (apt-get install chromium; or CHROMIUM=path).
//
//   the boards       scripts/screenshots.mjs: each game's spectators' Current tab after a bot match
//   the sidebar      scripts/screenshots.mjs --sidebar: the states its browser test drives
//   a host's steps   scripts/host-screenshots.ts: the Welcome tab, Set up genius-host…, the dialogs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = join(mkdtempSync(join(tmpdir(), 'genius-host-pictures-')), 'made.jsonl');
writeFileSync(manifest, '');
const env = { ...process.env, PICTURES_MANIFEST: manifest };
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit', env });

run(process.execPath, [join(root, 'scripts/screenshots.mjs')]);
run(process.execPath, [join(root, 'scripts/screenshots.mjs'), '--sidebar']);
run('npx', ['tsx', join(root, 'scripts/host-screenshots.ts')]);

const made = readFileSync(manifest, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
const builds = [...new Set(made.map((m) => m.build))];
if (builds.length !== 1) {
  console.error(
    `pictures: made from ${builds.length} builds (${builds.join(', ')}); run it again on an unchanged tree`,
  );
  process.exit(1);
}
const pictures = Object.fromEntries(
  made.sort((a, b) => a.file.localeCompare(b.file)).map((m) => [m.file, { errors: m.errors }]),
);
writeFileSync(join(root, 'docs/screenshots/made.json'), `${JSON.stringify({ build: builds[0], pictures }, null, 2)}\n`);
console.log(`pictures: ${made.length} pictures from build ${builds[0]}; docs/screenshots/made.json lists them`);
