// npm run push (scripts/push.mjs) against a stand-in for clasp that behaves as clasp 3 does with no
// terminal: `push` without --force, when the manifest is among the files, answers its own question
// "Do you want to push and overwrite?" with the default, No, prints "Skipping push." and exits 0
// (@google/clasp's push command). `pull` writes what the script holds into the project's rootDir.
// The stand-in's "script" is a folder; it can also lose a file on the way, as a push to another
// account's project or a half-done push would look when read back.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

const FAKE_CLASP = `#!/usr/bin/env node
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
fs.appendFileSync(process.env.FAKE_CLASP_LOG, JSON.stringify(args) + '\\n');
const at = args.indexOf('-P');
let projectFile = at >= 0 ? path.resolve(args[at + 1]) : path.resolve('.clasp.json');
if (fs.existsSync(projectFile) && fs.statSync(projectFile).isDirectory()) projectFile = path.join(projectFile, '.clasp.json');
const project = JSON.parse(fs.readFileSync(projectFile, 'utf8'));
const rootDir = path.resolve(path.dirname(projectFile), project.rootDir || '.');
// clasp 3: 'Security Error: srcDir "…" escapes project root.'
if (path.relative(path.dirname(projectFile), rootDir).startsWith('..')) {
  console.error('Security Error: srcDir "' + rootDir + '" escapes project root.');
  process.exit(1);
}
const remote = process.env.FAKE_SCRIPT;
const files = ['Code.js', 'sidebar.html', 'setup.html', 'appsscript.json'];
if (args.includes('push')) {
  if (!args.includes('--force')) { console.log('Skipping push.'); process.exit(0); }
  for (const f of files) {
    if (process.env.FAKE_LOSE === f) continue;
    fs.copyFileSync(path.join(rootDir, f), path.join(remote, f));
  }
  console.log(JSON.stringify(files.map((f) => path.join(rootDir, f)), null, 2));
} else if (args.includes('pull')) {
  fs.mkdirSync(rootDir, { recursive: true });
  for (const f of fs.readdirSync(remote)) fs.copyFileSync(path.join(remote, f), path.join(rootDir, f));
  console.log('Pulled ' + fs.readdirSync(remote).length + ' files.');
} else process.exit(1);
`;

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'genius-host-push-test-'));
  writeFileSync(join(dir, 'clasp'), FAKE_CLASP);
  chmodSync(join(dir, 'clasp'), 0o755);
  mkdirSync(join(dir, 'script'));
  // The script as a first push finds it: Apps Script's own starting file.
  writeFileSync(join(dir, 'script', 'Code.js'), 'function myFunction() {\n}\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

// The project file beside dist/, as a host's .clasp.json is (clasp refuses a rootDir outside the
// project file's folder), under a name of the test's own.
const projectFile = join(root, `.clasp.test-${process.pid}.json`);
afterEach(() => rmSync(projectFile, { force: true }));

function push(projectText: string, env: Record<string, string> = {}) {
  writeFileSync(projectFile, projectText);
  const run = spawnSync(process.execPath, [join(root, 'scripts/push.mjs')], {
    cwd: root,
    encoding: 'utf8',
    // No terminal, as under CI or a host's editor: a question would be answered No.
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GENIUS_HOST_CLASP: join(dir, 'clasp'),
      clasp_config_project: projectFile,
      FAKE_SCRIPT: join(dir, 'script'),
      FAKE_CLASP_LOG: join(dir, 'log'),
      ...env,
    },
  });
  const calls = existsSync(join(dir, 'log'))
    ? readFileSync(join(dir, 'log'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as string[])
    : [];
  return { status: run.status, out: run.stdout, err: run.stderr, calls };
}

const project = (scriptId: string) => JSON.stringify({ scriptId, rootDir: 'dist' });

describe('npm run push', () => {
  it('pushes with --force, so the manifest question never skips the push, then reads the script back and finds the build', () => {
    const run = push(project('1abcScriptId'));
    expect(run.err).toBe('');
    expect(run.status).toBe(0);
    expect(run.calls[0]).toEqual(expect.arrayContaining(['push', '--force']));
    expect(run.calls[1]).toContain('pull');
    expect(run.out).toMatch(
      /Pushed Code\.js, sidebar\.html, setup\.html, appsscript\.json to the script 1abcScriptId and read them back/,
    );
    expect(readFileSync(join(dir, 'script', 'Code.js'), 'utf8')).toBe(readFileSync(join(root, 'dist/Code.js'), 'utf8'));
  }, 120_000);

  it('says so in one line, and fails, when the script read back does not hold the build', () => {
    const run = push(project('1abcScriptId'), { FAKE_LOSE: 'Code.js' });
    expect(run.status).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toMatch(
      /the script 1abcScriptId does not hold this build after the push: Code\.js differs from dist\//,
    );
  }, 120_000);

  it('refuses, in one line and before calling clasp, a project file without a script id or with another rootDir', () => {
    const placeholder = push(project('PASTE-YOUR-SCRIPT-ID-HERE'));
    expect(placeholder.status).toBe(2);
    expect(placeholder.err).toMatch(/has no script id yet: put yours in place of PASTE-YOUR-SCRIPT-ID-HERE/);
    const elsewhere = push(JSON.stringify({ scriptId: '1abc', rootDir: 'src' }));
    expect(elsewhere.status).toBe(2);
    expect(elsewhere.err).toMatch(/must have "rootDir": "dist"/);
    const broken = push('{ "scriptId": ');
    expect(broken.status).toBe(2);
    expect(broken.err).toMatch(/is not valid JSON/);
    expect(placeholder.calls.length + elsewhere.calls.length + broken.calls.length).toBe(0);
  }, 120_000);
});
