// Screenshots of a host's first steps, for the README's For hosts: the template's Welcome tab (the
// requests npm run template sends, drawn by the embedded workbook's HTML export), the Set up
// genius-host… dialog (dist/setup.html, answered by the built bundle in the sandbox), Check this
// account… and About genius-host (the dialogs the bundle itself shows in the sandbox), each in
// Chromium at the width Apps Script gives it. Not part of `npm test`: it needs Chromium.
//
//   npm run host-screenshots      writes docs/screenshots/host-*.png
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Request } from '../src/sheets/api.js';
import { workbookHtml } from '../src/workbook/html.js';
import { EmbeddedWorkbook } from '../src/workbook/workbook.js';
import { Sandbox } from '../test/sandbox/sandbox.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs/screenshots');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
const built = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8')) as { version: string; build: string };
// The Welcome tab's module is the command's own (plain JavaScript), taken by path so the types stay here.
const welcomeModule = pathToFileURL(join(root, 'scripts/welcome.mjs')).href;
const { welcome, welcomeRequests } = (await import(welcomeModule)) as {
  welcome(about: { version: string; build: string }): string[];
  welcomeRequests(sheetId: number, lines: readonly string[]): Request[];
};

/** The template's spreadsheet as npm run template leaves it, as an HTML page. */
function welcomePage(): string {
  const book = new EmbeddedWorkbook('genius-host', { title: 'Sheet1', id: 0 });
  book.batchUpdate(welcomeRequests(0, welcome(built)));
  return workbookHtml(book);
}

/** The setup dialog's server: the bundle's own answers from a sandbox, handed to the page as data. */
function setupServer(sandbox: Sandbox): string {
  const state = sandbox.call('setupState');
  const check = sandbox.call('setupCheckAccount');
  return `window.__answers = ${JSON.stringify({ setupState: state, setupCheckAccount: check })};
window.google = { script: { run: (function runner(success) {
  return {
    withSuccessHandler: function (f) { return runner(f); },
    withFailureHandler: function () { return runner(success); },
    setupState: function () { setTimeout(function () { success(window.__answers.setupState); }, 5); },
    setupCheckAccount: function () { setTimeout(function () { success(window.__answers.setupCheckAccount); }, 5); },
    finishSetup: function (kind) { setTimeout(function () { success({ kind: kind, done: true }); }, 5); }
  };
})(null) } };`;
}

const sandbox = new Sandbox({ owner: 'host@gmail.com', start: '2026-11-21T18:00:00.000Z' });
const work = mkdtempSync(join(tmpdir(), 'genius-host-host-shots-'));
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox'] });
try {
  // 1. The template's Welcome tab.
  const sheet = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  writeFileSync(join(work, 'welcome.html'), welcomePage());
  await sheet.goto(pathToFileURL(join(work, 'welcome.html')).href);
  await sheet
    .locator('section.sheet')
    .first()
    .screenshot({ path: join(out, 'host-welcome.png') });

  // 2. Set up genius-host…, after the check, the host having picked the kind of account.
  const setup = await browser.newPage({ viewport: { width: 640, height: 560 } });
  await setup.addInitScript({ content: setupServer(sandbox) });
  await setup.goto(pathToFileURL(join(root, 'dist/setup.html')).href);
  await setup.waitForSelector('#step-check[data-state="done"]');
  await setup.check('input[value="personal"]');
  await setup.screenshot({ path: join(out, 'host-setup.png'), fullPage: true });

  // 3. Check this account… and 4. About genius-host, as the bundle shows them.
  for (const [entry, file] of [
    ['checkThisAccount', 'host-check.png'],
    ['showAbout', 'host-about.png'],
  ] as const) {
    sandbox.call(entry);
    const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
    await page.setContent(`<body style="margin:12px">${sandbox.google.ui.dialogs.at(-1)!.html}</body>`);
    await page.screenshot({ path: join(out, file), fullPage: true });
  }
} finally {
  await browser.close();
}
// Recorded for npm run pictures (scripts/picture-record.mjs): these pictures show no error message.
const { recordPicture } = (await import(pathToFileURL(join(root, 'scripts/picture-record.mjs')).href)) as {
  recordPicture(root: string, file: string, errors?: readonly string[]): void;
};
for (const file of ['host-welcome.png', 'host-setup.png', 'host-check.png', 'host-about.png']) {
  recordPicture(root, file);
  console.log(`wrote docs/screenshots/${file}`);
}
