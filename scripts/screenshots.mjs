// Screenshots for the README: plays a bot match of every game (or the games named), exports the
// public workbook as HTML, and photographs its "Current" board in headless Chromium, writing
// docs/screenshots/<game>.png. Not part of `npm test`: it needs Chromium (`apt-get install
// chromium`) and playwright-core. Run: `npm run screenshots [-- GAME …]`.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const games = process.argv.slice(2);
if (!existsSync(chromiumPath)) {
  console.error(`screenshots: no Chromium at ${chromiumPath} (install it with apt-get install chromium, or set CHROMIUM)`);
  process.exit(1);
}

execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
const out = mkdtempSync(join(tmpdir(), 'genius-host-screenshots-'));
execFileSync(process.execPath, [join(root, 'dist/cli.mjs'), 'start', ...games, '--out', out], { stdio: 'ignore' });

const target = join(root, 'docs/screenshots');
mkdirSync(target, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  for (const game of readdirSync(out, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()) {
    await page.goto(`file://${join(out, game, 'public.html')}`);
    // The first tab is the current board; photograph it whole, not just what fits the window.
    await page.addStyleTag({ content: '.scroll{max-height:none !important} header{position:static !important}' });
    const file = join(target, `${game}.png`);
    await page.locator('section.sheet').first().screenshot({ path: file });
    console.log(`wrote ${file}`);
  }
} finally {
  await browser.close();
}
