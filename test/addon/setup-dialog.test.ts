// The Set up genius-host… dialog in a real browser: headless Chromium (Debian's, /usr/bin/chromium)
// driven by playwright-core loads dist/setup.html with a stub google.script.run, and checks its
// calls: the state and Check this account… as it opens (the report drawn in the dialog), no kind
// of account chosen for the host (none guessed), finishSetup with the kind the host picks, and the
// rehearsal started in place (startRehearsal with the game chosen; what the start said shown), or
// said to be missing where the script has none.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM) || Boolean(process.env.CI);
const WHY_SKIPPED = `skipped: it needs Chromium at ${CHROMIUM} (Debian/Ubuntu: apt-get install chromium; elsewhere set CHROMIUM_PATH)`;
if (!HAS_CHROMIUM) console.warn(`test/addon/setup-dialog.test.ts: the setup dialog test is ${WHY_SKIPPED}`);
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'];

/** google.script.run answering from `window.__server`; every call recorded in `window.__calls` as [name, ...args]. */
const STUB = `
window.__calls = [];
(function () {
  function runner(success, failure) {
    var api = {
      withSuccessHandler: function (f) { return runner(f, failure); },
      withFailureHandler: function (f) { return runner(success, f); }
    };
    Object.keys(window.__server).forEach(function (name) {
      api[name] = function () {
        var args = Array.prototype.slice.call(arguments);
        window.__calls.push([name].concat(args));
        setTimeout(function () {
          try { var out = window.__server[name].apply(null, args); if (success) success(out); }
          catch (error) { if (failure) failure(error); }
        }, 5);
      };
    });
    return api;
  }
  window.google = { script: { run: runner(null, null) } };
})();
`;

/** The server's functions, as the add-on answers them (setup.ts); `extra` adds or replaces some. */
function server(kind: string | null, extra = '') {
  return `window.__server = {
    setupState: function () {
      return { kind: ${JSON.stringify(kind)}, done: false, version: '0.1.0', build: 'abc123def456',
        rehearsal: { game: 'game-b', games: [{ id: 'game-a', title: 'Game A' }, { id: 'game-b', title: 'Game B' }] } };
    },
    setupCheckAccount: function () {
      return { account: 'host@gmail.com', leftovers: [], items: [
        { item: 'Create a spreadsheet', works: true, detail: 'made; first tab "Sheet1"' },
        { item: 'Publish a spreadsheet to the web', works: false, detail: 'Publishing is turned off by your administrator', instead: 'the spectators get a link instead' }
      ] };
    },
    finishSetup: function (kind) { if (kind !== 'personal' && kind !== 'workspace') throw new Error('bad kind'); return { kind: kind, done: true }; }
  };${extra}`;
}

describe.runIf(HAS_CHROMIUM)(
  `the Set up genius-host… dialog in Chromium${HAS_CHROMIUM ? '' : ` (${WHY_SKIPPED})`}`,
  () => {
    let browser: Browser | null = null;

    async function open(serverScript: string) {
      const page = await browser!.newPage({ viewport: { width: 640, height: 560 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript({ content: `${serverScript}\n${STUB}` });
      await page.goto(pathToFileURL(join(root, 'dist/setup.html')).href);
      await page.waitForSelector('#step-check[data-state="done"]');
      const calls = () => page.evaluate(() => (globalThis as unknown as { __calls: unknown[][] }).__calls);
      return { page, errors, calls };
    }

    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
    });

    it('runs the check as it opens, asks the kind of account without guessing it, and finishes with the kind picked', async () => {
      const { page, errors, calls } = await open(server(null));
      expect(await calls()).toEqual([['setupState'], ['setupCheckAccount']]);
      expect(await page.locator('#version').textContent()).toBe(
        'This copy runs genius-host 0.1.0 (build abc123def456).',
      );
      const rows = await page.locator('#check-result tr').allTextContents();
      expect(rows[0]).toMatch(/^Create a spreadsheetworks/);
      expect(rows[1]).toMatch(
        /Publish a spreadsheet to the webrefusedPublishing is turned off[^]*the spectators get a link instead/,
      );
      expect(await page.locator('#check-summary').textContent()).toBe(
        'As host@gmail.com: 1 of 2 items refused: Publish a spreadsheet to the web (the spectators get a link instead).',
      );
      // A gmail.com address says nothing of the kind: nothing is chosen, and the setup cannot finish yet.
      expect(await page.locator('input[name="kind"]:checked').count()).toBe(0);
      expect(await page.locator('#finish').isDisabled()).toBe(true);
      await page.check('input[value="workspace"]');
      await page.click('#finish');
      await page.waitForSelector('#step-kind[data-state="done"]');
      expect((await calls()).at(-1)).toEqual(['finishSetup', 'workspace']);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it('shows the kind the host said before, chosen', async () => {
      const { page, errors } = await open(server('personal'));
      await page.locator('#finish:enabled').waitFor();
      expect(await page.locator('input[name="kind"]:checked').getAttribute('value')).toBe('personal');
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it('starts the rehearsal of the game chosen in place and shows what the start said; a script without it says so', async () => {
      const without = await open(server('personal'));
      await without.page.locator('#rehearse:enabled').waitFor();
      await without.page.click('#rehearse');
      expect(await without.page.locator('#rehearse-result').textContent()).toMatch(
        /no rehearsal yet: go on with Genius Host → New match…/,
      );
      expect((await without.calls()).map(([name]) => name)).not.toContain('startRehearsal');
      expect(without.errors).toEqual([]);
      await without.page.close();

      // Rehearse a match… (rehearseMatch) would open a dialog of its own in this one's place, and
      // start nothing: the setup starts the rehearsal itself, and says what the start said.
      const withIt = await open(
        server(
          'personal',
          `window.__server.startRehearsal = function (game) { return 'Started. Answer your form (https://forms.example/' + game + ').'; };`,
        ),
      );
      await withIt.page.locator('#rehearse:enabled').waitFor();
      expect(await withIt.page.locator('#rehearse-game').inputValue()).toBe('game-b');
      await withIt.page.selectOption('#rehearse-game', 'game-a');
      await withIt.page.click('#rehearse');
      await withIt.page.waitForSelector('#step-rehearse[data-state="done"]');
      const calls = (await withIt.calls()).map(([name]) => name);
      expect((await withIt.calls()).filter(([name]) => name === 'startRehearsal')).toEqual([
        ['startRehearsal', 'game-a'],
      ]);
      expect(calls).not.toContain('rehearseMatch');
      expect(await withIt.page.locator('#rehearse-result').textContent()).toBe(
        'Started. Answer your form (https://forms.example/game-a).',
      );
      expect(withIt.errors).toEqual([]);
      await withIt.page.close();
    }, 60_000);
  },
);
