// Next match… / Death match… in the New match sidebar (docs/season.md, "Starting the next match"):
// headless Chromium loads dist/sidebar.html as the menu item opens it (GH_NEXT before its script),
// with a stub google.script.run answering from the bundle; the sidebar asks its defaults for the
// season's next match, fills the players with their ids and garnets, and starts the match with the
// season field that chains it to the last one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import type { SeasonPrefill } from '../../src/triggers/saved/season-logs.js';

const root = join(__dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM) || Boolean(process.env.CI);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

const players = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn']
  .slice(0, EXAMPLE_GAME.playerCount.min)
  .map((name, i) => ({ id: `s${i + 7}`, name, email: `${name.toLowerCase()}@example.com`, garnets: i * 2 }));
const PREFILL: SeasonPrefill = {
  kind: 'main',
  game: EXAMPLE_GAME.id,
  players,
  season: { name: 'Autumn', kind: 'main', previous: 'ab'.repeat(32) },
  note: 'Main match 2 of the season "Autumn": its players and their garnets are where the season\u2019s last match left them.',
};

// The Apps Script services the bundle's newMatchDefaults reads, and google.script.run answering from the bundle.
const STUB = `
window.__calls = []; window.__asked = [];
window.SpreadsheetApp = { getActiveSpreadsheet: function () { return { getSpreadsheetTimeZone: function () { return 'Europe/London'; } }; } };
window.Session = { getScriptTimeZone: function () { return 'Europe/London'; } };
window.PropertiesService = { getDocumentProperties: function () { return { getProperty: function () { return null; }, setProperty: function () {} }; } };
(function () {
  var now = '2026-11-21T12:00:00.000Z';
  var server = {
    // The bundle's defaults (its own, which read the spreadsheet for the prefill, cannot run in a page): the prefill the season gives.
    newMatchDefaults: function (next) {
      window.__asked.push(next);
      var defaults = newMatchDefaults();
      defaults.now = now; defaults.account = 'personal';
      if (next) defaults.prefill = ${JSON.stringify(PREFILL)};
      return JSON.parse(JSON.stringify(defaults));
    },
    projectTriggerTime: function (setup, account) { return projectTriggerTime(setup, account); },
    setAccountKind: function (kind) { return kind; },
    startMatch: function (setup) {
      window.__calls.push(setup);
      var checked = checkMatchSetup(setup, now);
      window.__checked = checked;
      return checked.ok ? { ok: true, links: { spectators: 'https://example.com/pub', published: true, warnings: [], players: [] } } : checked;
    }
  };
  function runner(success, failure) {
    var api = {
      withSuccessHandler: function (f) { return runner(f, failure); },
      withFailureHandler: function (f) { return runner(success, f); }
    };
    Object.keys(server).forEach(function (name) {
      api[name] = function () {
        var args = Array.prototype.slice.call(arguments).map(function (a) { return a === undefined ? undefined : JSON.parse(JSON.stringify(a)); });
        var answer = function () {
          if (typeof checkMatchSetup === 'undefined') { setTimeout(answer, 20); return; }
          try { var out = server[name].apply(null, args); if (success) success(out); }
          catch (error) { if (failure) failure(error); }
        };
        setTimeout(answer, 5);
      };
    });
    return api;
  }
  window.google = { script: { run: runner(null, null) } };
})();
`;

describe.runIf(HAS_CHROMIUM)('Next match… in the New match sidebar', () => {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('fills the players with their ids and garnets and starts the match chained to the last', async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // What the menu item puts before the sidebar's script (src/addon/menu-season.ts: a global GH_NEXT).
    await page.addInitScript({ content: `window.GH_NEXT = { kind: 'main' };\n${STUB}` });
    await page.goto(pathToFileURL(join(root, 'dist/sidebar.html')).href);
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/Code.js'), 'utf8') });
    await page.waitForSelector('body[data-ready="yes"]');
    expect(await page.evaluate('window.__asked')).toEqual([{ kind: 'main' }]);
    expect(await page.locator('h1').textContent()).toBe('Next match');
    expect(await page.locator('#season-note').textContent()).toBe(PREFILL.note);
    expect(await page.locator('#game').inputValue()).toBe(EXAMPLE_GAME.id);
    const rows = page.locator('.player');
    const filled: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++)
      filled.push([
        await rows.nth(i).locator('.name').inputValue(),
        await rows.nth(i).locator('.garnets').inputValue(),
      ]);
    expect(filled).toEqual(players.map((p) => [p.name, String(p.garnets)]));
    await page.fill('#start', '2026-11-21T18:00');
    await page.click('#start-match');
    await expect.poll(() => page.evaluate('window.__calls.length')).toBe(1);
    const [setup] = (await page.evaluate('window.__calls')) as { players: unknown[]; season: unknown }[];
    expect(setup.season).toEqual(PREFILL.season);
    expect(setup.players).toEqual(
      players.map((p) => expect.objectContaining({ id: p.id, name: p.name, email: p.email, garnets: p.garnets })),
    );
    const checked = (await page.evaluate('window.__checked')) as { ok: boolean };
    expect(checked.ok).toBe(true);
    expect(errors).toEqual([]);
  });

  it('opens a season with a plain New match… when the host names one', async () => {
    const page = await browser!.newPage();
    await page.addInitScript({ content: STUB });
    await page.goto(pathToFileURL(join(root, 'dist/sidebar.html')).href);
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/Code.js'), 'utf8') });
    await page.waitForSelector('body[data-ready="yes"]');
    expect(await page.evaluate('window.__asked')).toEqual([null]);
    await page.selectOption('#game', EXAMPLE_GAME.id);
    const rows = page.locator('.player');
    for (let i = 0; i < (await rows.count()); i++) {
      await rows
        .nth(i)
        .locator('.name')
        .fill(`Person ${i + 1}`);
      await rows
        .nth(i)
        .locator('.email')
        .fill(`person${i + 1}@example.com`);
    }
    await page.fill('#season-name', '  Winter  ');
    await page.fill('#start', '2026-11-21T18:00');
    await page.click('#start-match');
    await expect.poll(() => page.evaluate('window.__calls.length')).toBe(1);
    const [setup] = (await page.evaluate('window.__calls')) as { season: unknown }[];
    expect(setup.season).toEqual({ name: 'Winter', kind: 'main' });
    expect(((await page.evaluate('window.__checked')) as { ok: boolean }).ok).toBe(true);
  });
});
