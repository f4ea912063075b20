// Builds dist/: the Apps Script bundle (Code.js: one IIFE plus a top-level stub per entry point,
// the sidebar's and the setup dialog's HTML and appsscript.json: everything `clasp push` sends) and the Node CLI
// (cli.mjs, with google-worker.mjs). `--quiet` prints nothing on success; `--if-stale` builds only
// when a source changed since the last build (dist/inputs.json).

import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { guideAddress } from './guide.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const quiet = process.argv.includes('--quiet');
const GLOBAL = 'GeniusHost';
// The version every bundle reports (genius-host --version), from package.json.
const PACKAGE = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const VERSION = PACKAGE.version;
const define = { GENIUS_HOST_VERSION: JSON.stringify(VERSION) };

/**
 * Which sources this build is: the commit, marked when the tracked files differ from it; 'unknown'
 * without git. The pictures are no source (npm run pictures rewrites them while it builds, and
 * every picture of one run carries the same build).
 */
function buildId() {
  const git = (...args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)docs/screenshots');
    return `${git('rev-parse', '--short=12', 'HEAD')}${changed ? '+changes' : ''}`;
  } catch {
    return 'unknown';
  }
}
/** The README's Host guide line (scripts/guide.mjs), or the build stops with its one line. */
function guide() {
  try {
    return guideAddress(readFileSync(join(root, 'README.md'), 'utf8'));
  } catch (error) {
    console.error(`genius-host build: ${error.message}`);
    process.exit(1);
  }
}
// What About genius-host shows (src/addon/about.ts): the version, the build, and the host guide's
// address ('' until the maintainer fills in the README's Host guide line).
const ABOUT = { version: VERSION, build: buildId(), guide: guide() };

/**
 * What the build is made from: every source file's path, size and modification time, and the
 * About facts above. `--if-stale` (the test runner's global setup) builds only when this differs
 * from what dist/inputs.json recorded at the last build, so a test run after an unchanged build
 * starts at once.
 */
function inputsOf() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(join(root, 'src'));
  for (const name of ['scripts/build.mjs', 'scripts/guide.mjs', 'package.json', 'package-lock.json', 'appsscript.json'])
    files.push(join(root, name));
  const stamps = files.sort().map((path) => {
    const { size, mtimeMs } = statSync(path);
    return `${relative(root, path)} ${size} ${mtimeMs}`;
  });
  return { about: ABOUT, files: stamps };
}
const INPUTS = JSON.stringify(inputsOf());
const OUTPUTS = [
  'Code.js',
  'sidebar.html',
  'setup.html',
  'appsscript.json',
  'cli.mjs',
  'google-worker.mjs',
  'build.json',
];
if (process.argv.includes('--if-stale')) {
  const recorded = join(dist, 'inputs.json');
  const fresh =
    existsSync(recorded) &&
    readFileSync(recorded, 'utf8') === INPUTS &&
    OUTPUTS.every((name) => existsSync(join(dist, name)));
  if (fresh) process.exit(0);
}

mkdirSync(dist, { recursive: true });

/**
 * Each game's New match… option fields (src/engine/core/option-fields.ts), worked out here in Node
 * and written into the Apps Script bundle as a table: reading them from a game's options schema
 * takes zod's JSON Schema converter, a fifth of the bundle's zod, which every execution would load
 * (Apps Script loads the whole bundle each time) for one sidebar call. The tests compare the
 * bundle's fields with the source's (test/sandbox/option-fields.test.ts).
 */
async function optionFieldTable() {
  const probe = await build({
    stdin: {
      contents: `import { GAME_LIST } from './src/engine/index.ts';
        import { optionFields } from './src/engine/core/option-fields.ts';
        export const table = Object.fromEntries(GAME_LIST.map((g) => [g.id, optionFields(g)]));`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  const url = `data:text/javascript;base64,${Buffer.from(probe.outputFiles[0].text).toString('base64')}`;
  return (await import(url)).table;
}

/** The bundle's src/engine/core/option-fields.ts: the table above instead of the converter. */
const builtOptionFields = (table) => ({
  name: 'built-option-fields',
  setup(b) {
    b.onResolve({ filter: /\/option-fields\.js$/ }, () => ({ path: 'option-fields', namespace: 'built' }));
    b.onLoad({ filter: /.*/, namespace: 'built' }, () => ({
      contents: `const TABLE = ${JSON.stringify(table)};
        export function optionFields(game) { return TABLE[game.id] ?? []; }`,
      loader: 'js',
    }));
  },
});

// 1. Which names does the add-on export? (an ESM build reports them in its metafile)
const probe = await build({
  entryPoints: [join(root, 'src/addon/main.ts')],
  bundle: true,
  format: 'esm',
  write: false,
  metafile: true,
  outfile: join(dist, 'probe.js'),
  logLevel: 'silent',
});
const entryNames = Object.values(probe.metafile.outputs)
  .flatMap((o) => o.exports ?? [])
  .sort();

// 2. The Apps Script bundle: V8 without modules. The IIFE only defines things; the stubs are
// plain top-level function declarations so Apps Script's menus and triggers can see them.
const stubs = entryNames
  .map((name) => `function ${name}() { return ${GLOBAL}.${name}.apply(this, arguments); }`)
  .join('\n');
const bundled = await build({
  entryPoints: [join(root, 'src/addon/main.ts')],
  bundle: true,
  metafile: true,
  format: 'iife',
  globalName: GLOBAL,
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2019',
  minify: true,
  // Non-ASCII text as itself (UTF-8), not as \uXXXX escapes: six bytes a character, twelve for one
  // outside the BMP (the look-alike table, every ’ and — a host reads), 17 KB of the bundle. The
  // file is already UTF-8 (its regular expressions keep their °, ⁰, …; the sidebar's HTML too), and
  // is sent as text: the Apps Script API's File.source is a string (scripts/template.mjs, clasp).
  charset: 'utf8',
  legalComments: 'none',
  outfile: join(dist, 'Code.js'),
  banner: { js: '// genius-host: built by scripts/build.mjs; edit src/, not this file.' },
  define: { GENIUS_HOST_ABOUT: JSON.stringify(ABOUT) },
  plugins: [builtOptionFields(await optionFieldTable())],
  footer: { js: `\n// Entry points (Apps Script finds functions by their top-level declarations).\n${stubs}\n` },
  logLevel: 'warning',
});
// `--sizes`: what makes the bundle its size (esbuild's metafile), by package or source folder.
if (process.argv.includes('--sizes')) {
  const inputs = Object.values(bundled.metafile.outputs)[0].inputs;
  const by = new Map();
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    const parts = file.split('/');
    const key = parts[0] === 'node_modules' ? parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/') : file;
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
  for (const [key, bytes] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${key}`);
  console.log(`${(statSync(join(dist, 'Code.js')).size / 1024).toFixed(1).padStart(7)} KB  dist/Code.js in all`);
}
copyFileSync(join(root, 'appsscript.json'), join(dist, 'appsscript.json'));
// HtmlService.createHtmlOutputFromFile('sidebar') reads sidebar.html next to Code.js.
copyFileSync(join(root, 'src/addon/sidebar.html'), join(dist, 'sidebar.html'));
// Set up genius-host… (src/addon/first-setup.ts) reads setup.html the same way.
copyFileSync(join(root, 'src/addon/setup.html'), join(dist, 'setup.html'));

// 3. The command line, for Node; dependencies load from node_modules.
await build({
  entryPoints: [join(root, 'src/cli/main.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  define,
  outfile: join(dist, 'cli.mjs'),
  logLevel: 'warning',
});
// The worker thread the CLI makes Google's REST calls in (src/node/bridge.ts loads it by this name).
await build({
  entryPoints: [join(root, 'src/node/worker.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  outfile: join(dist, 'google-worker.mjs'),
  logLevel: 'warning',
});
writeFileSync(join(dist, 'entry-points.json'), `${JSON.stringify(entryNames, null, 2)}\n`);
// The same as About genius-host shows, for npm run template's Welcome tab and the tests.
writeFileSync(join(dist, 'build.json'), `${JSON.stringify(ABOUT, null, 2)}\n`);
// Last, so that a build stopped part-way is made again by the next --if-stale.
writeFileSync(join(dist, 'inputs.json'), INPUTS);

if (!quiet)
  console.log(
    `built dist/Code.js (${entryNames.length} entry points: ${entryNames.join(', ')}; build ${ABOUT.build}), dist/sidebar.html, dist/setup.html, dist/appsscript.json, dist/cli.mjs, dist/google-worker.mjs (Code.js ${Math.round(statSync(join(dist, 'Code.js')).size / 1024)} KB)`,
  );
