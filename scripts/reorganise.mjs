// One-off move of files to new folders and names (issue 43): `node scripts/reorganise.mjs`.
//
// For each row of MOVES (old path → new path, from the repository's root) it `git mv`s the file,
// then rewrites every relative import that pointed at a moved file, in src/, test/, bench/,
// scripts/ and bin/ (the moved files' own imports included), and every whole path of a moved file
// written as text (comments, docs, a test that reads a source file): `src/triggers/arming.ts`
// becomes its new path wherever it is written. A file that names a former neighbour by its bare
// name in a comment ("(arming.ts)") gets the neighbour's new name, with its new folder where that
// differs from its own.
//
// Safe to run again, and on a tree with files this table does not know: a row already done is
// passed over, a file nobody moved keeps its imports (only those that pointed at a moved file
// change), and the end of the run lists every file left in a folder the table empties
// (src/triggers/), for whoever runs it to place: add a row and run it again.
//
// It writes no new file of its own and changes nothing but paths. Delete it once the moves are on
// main: nothing imports it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SELF = 'scripts/reorganise.mjs';

/** Old path → new path. */
const MOVES = {
  // The ports: Google's services as the triggers see them, the latencies of their calls, and
  // what the host is told when Google refuses a setting.
  'src/triggers/ports.ts': 'src/triggers/google/ports.ts',
  'src/triggers/latency.ts': 'src/triggers/google/latency.ts',
  'src/triggers/notes.ts': 'src/triggers/google/refusal-notes.ts',
  // What is kept between executions, and the context that hands it to every step.
  'src/triggers/pointers.ts': 'src/triggers/saved/pointers.ts',
  'src/triggers/state.ts': 'src/triggers/saved/execution-state.ts',
  'src/triggers/log.ts': 'src/triggers/saved/match-log.ts',
  'src/triggers/sheet-store.ts': 'src/triggers/saved/sheet-store.ts',
  'src/triggers/lease.ts': 'src/triggers/saved/store-lease.ts',
  'src/triggers/known-metadata.ts': 'src/triggers/saved/known-metadata.ts',
  'src/triggers/runner.ts': 'src/triggers/saved/runner.ts',
  'src/triggers/context.ts': 'src/triggers/saved/context.ts',
  // Collecting answers: form responses, public rows, the bots' answers.
  'src/triggers/inputs.ts': 'src/triggers/answers/new-inputs.ts',
  'src/triggers/collect.ts': 'src/triggers/answers/form-responses.ts',
  'src/triggers/rows.ts': 'src/triggers/answers/public-rows.ts',
  'src/triggers/edits.ts': 'src/triggers/answers/row-edits.ts',
  'src/triggers/bots.ts': 'src/triggers/answers/bot-answers.ts',
  // Messages: reminder emails and Discord posts.
  'src/triggers/messages.ts': 'src/triggers/messages/messages.ts',
  'src/triggers/notices.ts': 'src/triggers/messages/opening-notices.ts',
  'src/triggers/retire.ts': 'src/triggers/schedule/retire.ts',
  'src/triggers/season.ts': 'src/triggers/saved/season-logs.ts',
  'src/triggers/measured.ts': 'src/triggers/google/measured.ts',
  'src/triggers/reminders.ts': 'src/triggers/messages/reminder-times.ts',
  'src/triggers/discord.ts': 'src/triggers/messages/discord-webhook.ts',
  // Drawing: the sheets, the forms, the links.
  'src/triggers/draw.ts': 'src/triggers/drawing/draw.ts',
  'src/triggers/forms-sync.ts': 'src/triggers/drawing/forms-sync.ts',
  'src/triggers/links.ts': 'src/triggers/drawing/links.ts',
  // When to run next.
  'src/triggers/quiet.ts': 'src/triggers/schedule/next-due.ts',
  'src/triggers/arm.ts': 'src/triggers/schedule/arm-after-run.ts',
  'src/triggers/arming.ts': 'src/triggers/schedule/clock-triggers.ts',
  'src/triggers/trigger-time.ts': 'src/triggers/schedule/trigger-time.ts',
  // One execution: the pipeline and its deciding step.
  'src/triggers/execution.ts': 'src/triggers/execution/pipeline.ts',
  'src/triggers/decide.ts': 'src/triggers/execution/decide.ts',
  // The host's actions: the facade every trigger and menu item asks, starting, substituting,
  // handing over.
  'src/triggers/host.ts': 'src/triggers/host/match-host.ts',
  'src/triggers/start.ts': 'src/triggers/host/start-match.ts',
  'src/triggers/setup.ts': 'src/triggers/host/match-setup.ts',
  'src/triggers/seats.ts': 'src/triggers/host/substitute.ts',
  'src/triggers/time.ts': 'src/triggers/host/typed-times.ts',
  'src/triggers/handover.ts': 'src/triggers/host/handover.ts',

  // Names that said another folder's file (issue 43, item 4).
  'src/node/ports.ts': 'src/node/rest-spreadsheet.ts',
  'src/node/forms.ts': 'src/node/rest-forms.ts',
  'src/node/lease.ts': 'src/node/lease-swap.ts',
  'src/node/discord.ts': 'src/node/machine-discord.ts',
  'src/addon/forms.ts': 'src/addon/form-app.ts',
  'src/addon/setup.ts': 'src/addon/first-setup.ts',
  'src/sheets/html.ts': 'src/sheets/escape-html.ts',
  'src/cli/inputs.ts': 'src/cli/read-match.ts',
  'src/cli/verify.ts': 'src/cli/verify-command.ts',
  'src/node/login.ts': 'src/node/browser-login.ts',
};

/**
 * Tests beside their subject: the add-on's, the triggers' and Google's, out of the test folder of
 * the game they play (the one whose folder holds calm-match.ts: test/helpers/sandbox-game.ts), by
 * their name there. Named so because a file outside a game's folder names no game
 * (test/build/names.test.ts); each becomes a row of MOVES.
 */
const OUT_OF_GAME_FOLDERS = {
  'sandbox-host.test.ts': 'test/sandbox/host-actions.test.ts',
  'sandbox-google.test.ts': 'test/sandbox/google.test.ts',
  'floor.test.ts': 'test/triggers/floor.test.ts',
  'metadata.test.ts': 'test/triggers/known-metadata.test.ts',
  'triggers.test.ts': 'test/triggers/clock-triggers.test.ts',
  'sandbox-replays.test.ts': 'test/sandbox/replays.test.ts',
  'sandbox-schedule.test.ts': 'test/sandbox/close-early-and-pause.test.ts',
  'sandbox-seed.test.ts': 'test/sandbox/seed.test.ts',
  'wall-clock.test.ts': 'test/sandbox/wall-clock.test.ts',
  'workbook-html.test.ts': 'test/workbook/html.test.ts',
  'reader-times.test.ts': 'test/sheets/reader-times.test.ts',
};
for (const folder of readdirSync(join(root, 'test/games'))) {
  if (!existsSync(join(root, `test/games/${folder}/calm-match.ts`))) continue;
  for (const [name, to] of Object.entries(OUT_OF_GAME_FOLDERS)) {
    const from = `test/games/${folder}/${name}`;
    if (existsSync(join(root, from))) MOVES[from] = to;
  }
}

/** Folders the table empties: a file still there afterwards is one the table does not place. */
const EMPTIED = ['src/triggers'];

/** Where imports are rewritten, and where whole paths written as text are. */
const CODE_DIRS = ['src', 'test', 'bench', 'scripts', 'bin'];
const TEXT_DIRS = [...CODE_DIRS, 'docs', 'examples'];
const ROOT_TEXT = [
  'README.md',
  'knip.json',
  'vitest.config.ts',
  'eslint.config.js',
  '.dependency-cruiser.mjs',
  'package.json',
];
const CODE = /\.(ts|mts|mjs|js)$/;
const TEXT = /\.(ts|mts|mjs|js|md|json|html)$/;
const SKIP = new Set(['node_modules', 'dist', 'fixtures', '.git']);

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
const abs = (path) => join(root, path);

function walk(dir, pattern) {
  if (!existsSync(abs(dir))) return [];
  return readdirSync(abs(dir)).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = `${dir}/${name}`;
    if (statSync(abs(path)).isDirectory()) return walk(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

// 1. The moves. A row whose new path exists and old one does not is done already.
const movedNow = new Map(); // new path → old path, for the files moved by this run
const problems = [];
for (const [from, to] of Object.entries(MOVES)) {
  const hasFrom = existsSync(abs(from));
  const hasTo = existsSync(abs(to));
  if (hasFrom && hasTo) problems.push(`both ${from} and ${to} exist: merge them by hand, then run again`);
  else if (hasFrom) {
    mkdirSync(dirname(abs(to)), { recursive: true });
    git('mv', from, to);
    movedNow.set(to, from);
    console.log(`moved ${from} → ${to}`);
  } else if (!hasTo) console.log(`(${from} is not there, nor ${to}: gone since the table was written)`);
}

const IMPORT = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*|\brequire\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;

/**
 * What `spec`, written in a file that was at `was` and is at `file`, should say now: the file it
 * named (TypeScript writes `.js` for a `.ts` source), wherever the table put it.
 */
function respecify(was, file, spec) {
  const joined = posix.normalize(posix.join(posix.dirname(was), spec));
  const sources = [
    [joined, ''],
    [joined.replace(/\.js$/, '.ts'), '.js'],
    [joined.replace(/\.mjs$/, '.mts'), '.mjs'],
  ];
  for (const [source, written] of sources) {
    const real = MOVES[source] ?? (existsSync(abs(source)) ? source : null);
    if (real === null) continue;
    let next = posix.relative(posix.dirname(file), real);
    if (!next.startsWith('.')) next = `./${next}`;
    if (written) next = next.replace(/\.m?ts$/, written);
    return next;
  }
  return spec;
}

// 2. Imports. A file moved by this run reads its imports from where it was; any other file from
// where it is (a run that finds its rows done finds the imports done too).
const changed = new Set();
for (const file of CODE_DIRS.flatMap((dir) => walk(dir, CODE))) {
  if (file === SELF) continue;
  const was = movedNow.get(file) ?? file;
  const text = readFileSync(abs(file), 'utf8');
  const next = text.replace(IMPORT, (whole, lead, quote, spec) => {
    const spec2 = respecify(was, file, spec);
    return spec2 === spec ? whole : `${lead}${quote}${spec2}${quote}`;
  });
  if (next !== text) {
    writeFileSync(abs(file), next);
    changed.add(file);
  }
}
const imports = changed.size;

// 3. Whole paths written as text (`src/triggers/arming.ts`, or `triggers/arming.ts` from src/),
// and a former neighbour's bare name in a comment ("(arming.ts)"), in a file this run moved or one
// that stays in that folder.
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rows = Object.entries(MOVES);
const pathPatterns = rows.flatMap(([from, to]) => {
  const whole = [new RegExp(`(?<![\\w./-])${escape(from)}(?![\\w-])`, 'g'), to];
  if (!from.startsWith('src/')) return [whole];
  const short = [new RegExp(`(?<![\\w./-])${escape(from.slice(4))}(?![\\w-])`, 'g'), to.slice(4)];
  return [whole, short];
});
const bareNames = rows.map(([from, to]) => ({
  from,
  to,
  dir: posix.dirname(from),
  pattern: new RegExp(`(?<![\\w./-])${escape(posix.basename(from))}(?![\\w-])`, 'g'),
}));
const movedBefore = new Set(Object.values(MOVES).filter((to) => !movedNow.has(to)));
for (const file of [...TEXT_DIRS.flatMap((dir) => walk(dir, TEXT)), ...ROOT_TEXT.filter((f) => existsSync(abs(f)))]) {
  if (file === SELF) continue;
  const text = readFileSync(abs(file), 'utf8');
  let next = text;
  for (const [pattern, to] of pathPatterns) next = next.replace(pattern, to);
  const was = movedNow.get(file) ?? file;
  if (CODE.test(file) && !movedBefore.has(file)) {
    for (const { from, to, dir, pattern } of bareNames) {
      if (posix.dirname(was) !== dir || was === from) continue;
      // The neighbour's new name where it is still a neighbour, else its path from the old folder.
      const name = posix.dirname(to) === posix.dirname(file) ? posix.basename(to) : posix.relative(dir, to);
      if (name !== posix.basename(from)) next = next.replace(pattern, name);
    }
  }
  if (next !== text) {
    writeFileSync(abs(file), next);
    changed.add(file);
  }
}

// 4. The project's own layout of what changed (an import grown longer may want another line).
const formatted = [...changed].filter((file) => /\.(ts|mjs)$/.test(file) && existsSync(abs(file)));
if (formatted.length > 0) {
  execFileSync(join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...formatted], {
    cwd: root,
    stdio: 'inherit',
  });
}

// 5. What is left for a person to place.
const left = EMPTIED.flatMap((dir) =>
  existsSync(abs(dir))
    ? readdirSync(abs(dir))
        .filter((name) => !statSync(abs(`${dir}/${name}`)).isDirectory() && name !== 'README.md')
        .map((name) => `${dir}/${name}`)
    : [],
);
console.log(`${movedNow.size} moved; imports rewritten in ${imports} files; ${changed.size} files changed in all`);
for (const problem of problems) console.log(`! ${problem}`);
for (const file of left)
  console.log(`! ${file} is not placed: add a row to MOVES (scripts/reorganise.mjs) and run again`);
if (problems.length > 0 || left.length > 0) process.exitCode = 1;
