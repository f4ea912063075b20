// npm run push: builds dist/, pushes it to the Apps Script project named in .clasp.json, then reads
// the project back and checks that it holds exactly this build.
//
// Why not plain `clasp push`: clasp 3 asks "Manifest file has been updated. Do you want to push and
// overwrite?" whenever appsscript.json is among the changed files (always, on a first push), with No
// as the default; Enter, or no terminal at all, answers No, and clasp prints "Skipping push." and
// exits 0, so a host believes the script was updated when nothing was sent. `--force` overwrites the
// manifest without asking. And a push that says it worked is still checked: `clasp pull` into a
// folder of our own gives what the script holds, compared file by file with dist/.
//
// The project file is .clasp.json, or the one clasp itself is pointed at with `clasp_config_project`
// (clasp's own variable). `GENIUS_HOST_CLASP` runs another clasp (the tests' stand-in).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PLACEHOLDER = 'PASTE-YOUR-SCRIPT-ID-HERE';
/** What clasp pushes of dist/ (its SERVER_JS, each HTML file and the manifest; cli.mjs and the rest stay home). */
const PUSHED = ['Code.js', 'sidebar.html', 'setup.html', 'appsscript.json'];

function fail(line, code = 1) {
  console.error(`genius-host push: ${line}`);
  process.exit(code);
}

/** The project file and what it says, or one line saying what to fix. */
function project() {
  const file = process.env.clasp_config_project ? resolve(process.env.clasp_config_project) : join(root, '.clasp.json');
  if (!existsSync(file))
    fail(`${file} is missing: make one as the docs/machine-host.md says (Deploying with clasp, step 3).`, 2);
  let config;
  try {
    config = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`${file} is not valid JSON (${error.message}).`, 2);
  }
  const scriptId = typeof config?.scriptId === 'string' ? config.scriptId.trim() : '';
  if (scriptId === '' || scriptId === PLACEHOLDER) {
    fail(
      `${file} has no script id yet: put yours in place of ${PLACEHOLDER} (Apps Script → Project Settings → Script ID; docs/machine-host.md, Deploying with clasp, step 3).`,
      2,
    );
  }
  const rootDir = typeof config.rootDir === 'string' ? config.rootDir : '.';
  const dir = isAbsolute(rootDir) ? rootDir : join(dirname(file), rootDir);
  if (resolve(dir) !== resolve(root, 'dist'))
    fail(
      `${file} must have "rootDir": "dist" (it has ${JSON.stringify(config.rootDir)}): that is where the build is.`,
      2,
    );
  return { file, scriptId };
}

/** Runs clasp with no terminal to ask on (a question would be answered No): what it printed, or one line. */
function clasp(args, what) {
  const command = process.env.GENIUS_HOST_CLASP ?? join(root, 'node_modules/.bin/clasp');
  const run = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (run.error) fail(`could not run clasp (${run.error.message}): run npm ci first.`);
  if (run.status !== 0)
    fail(
      `clasp ${what} failed (its message is above). Signed in? npx clasp login. Apps Script API on? https://script.google.com/home/usersettings`,
    );
  return run.stdout;
}

/** The same text as far as Apps Script keeps it: line endings and trailing white space aside; the manifest as JSON. */
function same(name, pushed, held) {
  if (name.endsWith('.json')) {
    try {
      return JSON.stringify(JSON.parse(pushed)) === JSON.stringify(JSON.parse(held));
    } catch {
      return false;
    }
  }
  const norm = (text) => text.replace(/\r\n/g, '\n').trimEnd();
  return norm(pushed) === norm(held);
}

const { file, scriptId } = project();
const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) fail('the build failed (above); nothing was pushed.');

const said = clasp(['-P', file, '--json', 'push', '--force'], 'push');
let pushed;
try {
  pushed = JSON.parse(said);
} catch {
  fail(`clasp push answered something other than the list of files it pushed: ${said.trim().slice(0, 200)}`);
}
if (!Array.isArray(pushed))
  fail(`clasp push answered something other than the list of files it pushed: ${said.trim().slice(0, 200)}`);

// Read the script back into a folder of our own, through a project file of our own.
const back = mkdtempSync(join(tmpdir(), 'genius-host-pull-'));
try {
  const held = join(back, 'held');
  // rootDir relative and inside the project's folder: clasp 3 refuses one that "escapes project root".
  writeFileSync(join(back, '.clasp.json'), JSON.stringify({ scriptId, rootDir: 'held' }));
  clasp(['-P', back, 'pull'], 'pull (reading the script back)');
  const wrong = PUSHED.filter((name) => {
    const mine = readFileSync(join(root, 'dist', name), 'utf8');
    const theirs = join(held, name);
    return !existsSync(theirs) || !same(name, mine, readFileSync(theirs, 'utf8'));
  });
  if (wrong.length > 0) {
    fail(
      `the script ${scriptId} does not hold this build after the push: ${wrong.join(', ')} ${wrong.length === 1 ? 'differs' : 'differ'} from dist/. Run npm run push again; if it says this again, open the script (npx clasp open-script) and check which account owns it.`,
    );
  }
} finally {
  rmSync(back, { recursive: true, force: true });
}
console.log(
  `Pushed ${PUSHED.join(', ')} to the script ${scriptId} and read them back: the script holds this build. Reload the spreadsheet to use it.`,
);
