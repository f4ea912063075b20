// Screenshots of the boards: plays a bot match of every game (or the games named), exports every
// workbook, and photographs the "Current" tab. Not part of `npm test`: it needs Chromium
// (`apt-get install chromium`) and playwright-core, and LibreOffice for `--calc`.
//
//   npm run screenshots [-- [--calc] GAME …]
//       the spectators' Current tab of each game, from the HTML export, into
//       docs/screenshots/<game>.png (the README's pictures), and with --calc also as LibreOffice
//       Calc draws the .xlsx into docs/screenshots/<game>-calc.png.
//   npm run screenshots -- --all DIR [--calc] [GAME …]
//       every audience's Current tab of each game into DIR/<game>/<audience>.html.png, and with
//       --calc also LibreOffice Calc's rendering of the .xlsx (that tab alone, converted to PDF
//       with `soffice --headless --convert-to pdf`, then to PNG with pdftoppm) as
//       DIR/<game>/<audience>.calc.png: what a host opening the .xlsx sees, for checking that
//       cells stay square and nothing is clipped. It also names every cell, on any tab of the
//       HTML export, whose text is cut off (taller than its row or wider than a clipping cell),
//       and then exits with status 1.
//   npm run screenshots -- --sidebar
//       the New match… sidebar at Apps Script's 300 px, in the states its browser test drives
//       (test/addon/sidebar.test.ts: players, phases, times of day, trimmed rows, the game's
//       option fields, an anonymous match's aliases), into docs/screenshots/sidebar-*.png.
/* global document, getComputedStyle -- used in page.evaluate, which runs in the browser */

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { chromium } from 'playwright-core';
import { recordPicture } from './picture-record.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const allAt = args.indexOf('--all');
const allDir = allAt >= 0 ? args[allAt + 1] : null;
if (allAt >= 0 && !allDir) {
  console.error('screenshots: --all needs a directory');
  process.exit(1);
}
const calc = args.includes('--calc');
const games = args.filter((a, i) => !a.startsWith('--') && !(allAt >= 0 && i === allAt + 1));
if (!existsSync(chromiumPath)) {
  console.error(
    `screenshots: no Chromium at ${chromiumPath} (install it with apt-get install chromium, or set CHROMIUM)`,
  );
  process.exit(1);
}

execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });
if (args.includes('--sidebar')) {
  // The sidebar's states are the browser test's own: it photographs each when SIDEBAR_SHOTS names a folder.
  execFileSync('npx', ['vitest', 'run', 'test/addon/sidebar.test.ts', '-t', '300 px'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SIDEBAR_SHOTS: join(root, 'docs/screenshots'), CHROMIUM_PATH: chromiumPath },
  });
  process.exit(0);
}
const out = mkdtempSync(join(tmpdir(), 'genius-host-screenshots-'));
execFileSync(process.execPath, [join(root, 'dist/cli.mjs'), 'start', ...games, '--out', out], { stdio: 'ignore' });

/** The workbook's first tab alone, fitted to one page wide, as LibreOffice renders it, in PNG. */
async function calcShot(xlsx, png) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsx);
  const [first, ...rest] = book.worksheets;
  for (const sheet of rest) book.removeWorksheet(sheet.id);
  first.pageSetup = {
    ...first.pageSetup,
    orientation: 'landscape',
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    margins: { left: 0.2, right: 0.2, top: 0.2, bottom: 0.2, header: 0, footer: 0 },
  };
  const work = mkdtempSync(join(tmpdir(), 'genius-host-calc-'));
  const single = join(work, 'current.xlsx');
  await book.xlsx.writeFile(single);
  execFileSync('soffice', ['--headless', '--convert-to', 'pdf', '--outdir', work, single], { stdio: 'ignore' });
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '110',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    join(work, 'current.pdf'),
    join(work, 'page'),
  ]);
  await trim(join(work, 'page.png'), png);
}

/** Crops a page image to what is drawn on it (and a small margin), in the browser. */
async function trim(source, png) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  try {
    await page.setContent(
      `<body style="margin:0"><img id="page" src="data:image/png;base64,${readFileSync(source).toString('base64')}"></body>`,
    );
    const box = await page.evaluate(async () => {
      const img = document.getElementById('page');
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
      const context = canvas.getContext('2d');
      context.drawImage(img, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let [left, top, right, bottom] = [canvas.width, canvas.height, 0, 0];
      for (let y = 0; y < canvas.height; y++)
        for (let x = 0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          if (data[i] < 250 || data[i + 1] < 250 || data[i + 2] < 250)
            [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
        }
      return {
        x: Math.max(0, left - 8),
        y: Math.max(0, top - 8),
        width: Math.min(canvas.width, right + 9) - Math.max(0, left - 8),
        height: Math.min(canvas.height, bottom + 9) - Math.max(0, top - 8),
      };
    });
    await page.screenshot({ path: png, clip: box });
  } finally {
    await page.close();
  }
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  /** Photographs the first tab (the current board) of an HTML export, whole. */
  const htmlShot = async (html, png) => {
    await page.goto(`file://${html}`);
    await page.addStyleTag({ content: '.scroll{max-height:none !important} header{position:static !important}' });
    await page.locator('section.sheet').first().screenshot({ path: png });
  };
  /** Every cell of the page (every tab) whose text does not fit: taller than its row, or wider than a clipping cell. */
  const clippedTexts = () =>
    page.evaluate(() => {
      const cut = [];
      for (const div of document.querySelectorAll('td > div')) {
        const td = div.parentElement;
        const tall = div.scrollHeight > div.clientHeight + 1;
        const wide = getComputedStyle(td).overflow === 'hidden' && div.scrollWidth > td.clientWidth + 1;
        if (tall || wide) cut.push(`${td.closest('section').id} "${div.innerText.slice(0, 40)}"`);
      }
      return cut;
    });
  // A game's folder holds its audiences' sheets; `start` also writes a season's matches beside them.
  for (const game of readdirSync(out, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(out, d.name, 'public.html')))
    .map((d) => d.name)
    .sort()) {
    if (!allDir) {
      const target = join(root, 'docs/screenshots');
      mkdirSync(target, { recursive: true });
      const file = join(target, `${game}.png`);
      await htmlShot(join(out, game, 'public.html'), file);
      recordPicture(root, `${game}.png`);
      console.log(`wrote ${file}`);
      if (calc) {
        const calcFile = join(target, `${game}-calc.png`);
        await calcShot(join(out, game, 'public.xlsx'), calcFile);
        recordPicture(root, `${game}-calc.png`);
        console.log(`wrote ${calcFile}`);
      }
      continue;
    }
    const target = join(allDir, game);
    mkdirSync(target, { recursive: true });
    const audiences = readdirSync(join(out, game))
      .filter((f) => f.endsWith('.xlsx'))
      .map((f) => f.slice(0, -'.xlsx'.length))
      .sort();
    for (const audience of audiences) {
      await htmlShot(join(out, game, `${audience}.html`), join(target, `${audience}.html.png`));
      for (const cut of await clippedTexts()) {
        console.log(`${game}/${audience}: text cut off: ${cut}`);
        process.exitCode = 1;
      }
      if (calc) await calcShot(join(out, game, `${audience}.xlsx`), join(target, `${audience}.calc.png`));
    }
    writeFileSync(join(target, 'audiences.txt'), `${audiences.join('\n')}\n`);
    console.log(`wrote ${target}: ${audiences.length} audiences`);
  }
} finally {
  await browser.close();
}
