// The sidebar in a real browser: headless Chromium (Debian's, /usr/bin/chromium) driven by
// playwright-core loads dist/sidebar.html with a stub google.script.run whose startMatch runs the
// bundle's own validation (dist/Code.js, checkMatchSetup), fills the form, and reads the error shown
// for a bad player list next to the right player.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { optionFields } from '../../src/engine/core/option-fields.js';
import { defaultCloseWhenReady } from '../../src/engine/core/ready.js';
import { EXAMPLE_GAME, GAME_LIST, replayMatch, viewFor } from '../../src/engine/index.js';
import { clockedGame } from '../helpers/some-game.js';
import { type MatchSetup, validateSetup } from '../../src/triggers/host/match-setup.js';

const root = join(__dirname, '../..');
// Debian's Chromium, or another build of Chromium named by CHROMIUM_PATH.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI must run this test (.ci/run installs Chromium), so there a missing browser fails it.
const HAS_CHROMIUM = existsSync(CHROMIUM) || Boolean(process.env.CI);
const WHY_SKIPPED = `skipped: it needs Chromium at ${CHROMIUM} (Debian/Ubuntu: apt-get install chromium; elsewhere set CHROMIUM_PATH)`;
if (!HAS_CHROMIUM) console.warn(`test/addon/sidebar.test.ts: the New match sidebar test is ${WHY_SKIPPED}`);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

// The games the stub offers, from the registry (test/build/names.test.ts): first a game on the
// schedule that seats more by default than the example game takes at most (the sidebar opens on it;
// changing to the example game trims its rows), then the example game, then a game on its own turn
// clock.
const EXAMPLE = EXAMPLE_GAME;
const FIRST = GAME_LIST.find(
  (g) => g.id !== EXAMPLE.id && !g.turnClock && g.playerCount.default >= EXAMPLE.playerCount.max + 3,
)!;
const CLOCKED = clockedGame();
const STUB_GAMES = [FIRST.id, EXAMPLE.id, CLOCKED.id];
/** The example game's phase kinds, in its own order, and their lengths' labels. */
const [KIND_A, KIND_B] = Object.keys(EXAMPLE.phaseLengths.kinds);
const CLOSE_DEFAULTS = defaultCloseWhenReady(EXAMPLE);

// The stub: google.script.run with the handler chain, answering from the bundle loaded in the page.
const STUB = `
window.__calls = [];
// The Apps Script services the bundle's newMatchDefaults reads: a host spreadsheet in London whose
// host has not said their kind of account.
window.SpreadsheetApp = { getActiveSpreadsheet: function () { return { getSpreadsheetTimeZone: function () { return 'Europe/London'; } }; } };
window.Session = { getScriptTimeZone: function () { return 'Europe/London'; } };
window.PropertiesService = { getDocumentProperties: function () { return { getProperty: function () { return null; }, setProperty: function () {} }; } };
window.__accountKinds = [];
(function () {
  var now = '2026-11-21T12:00:00.000Z';
  var server = {
    // The bundle's own answer where the test asks for the whole registry (REAL_DEFAULTS); else the games below.
    newMatchDefaults: function () { return JSON.parse(JSON.stringify(window.__realDefaults ? newMatchDefaults() : newMatchDefaultsFor(now))); },
    projectTriggerTime: function (setup, account) { return projectTriggerTime(setup, account); },
    setAccountKind: function (kind) { window.__accountKinds.push(kind); return kind; },
    checkMatchSetup: function (setup) { window.__checks = (window.__checks || 0) + 1; return checkMatchSetup(setup, now); },
    startMatch: function (setup) {
      window.__calls.push(setup);
      var checked = checkMatchSetup(setup, now);
      if (!checked.ok) return checked;
      return { ok: true, links: { spectators: 'https://example.com/pub', published: true, commitment: window.__commitment, warnings: ["Ann: Forms refused to open the form of ann@example.com to their account only"], players: setup.players.map(function (p) { return { name: p.name, form: 'https://example.com/form', sheet: 'https://example.com/sheet' }; }) } };
    }
  };
  function runner(success, failure) {
    var api = {
      withSuccessHandler: function (f) { return runner(f, failure); },
      withFailureHandler: function (f) { return runner(success, f); }
    };
    Object.keys(server).forEach(function (name) {
      api[name] = function () {
        var args = Array.prototype.slice.call(arguments).map(function (a) { return JSON.parse(JSON.stringify(a)); });
        // Answered once the bundle's script tag has loaded, as Apps Script answers once the script is up.
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
// The bundle's newMatchDefaults with only the games above, in that order, at a fixed time and with
// the account kind the test saved.
function newMatchDefaultsFor(now) {
  var all = newMatchDefaults().games;
  var games = ${JSON.stringify(STUB_GAMES)}.map(function (id) { return all.filter(function (game) { return game.id === id; })[0]; });
  return { games: games, timeZone: 'Europe/London', now: now, account: window.__savedAccount || null };
}
`;

// The bundle's own newMatchDefaults, every game of the registry.
const REAL_DEFAULTS = 'window.__realDefaults = true;';

describe.runIf(HAS_CHROMIUM)(`the New match sidebar in Chromium${HAS_CHROMIUM ? '' : ` (${WHY_SKIPPED})`}`, () => {
  let browser: Browser | null = null;

  /** The sidebar, ready, in a page of this size (and the browser's time zone), with `before` run ahead of the stub. */
  async function openSidebar(viewport?: { width: number; height: number }, before = '', timezoneId?: string) {
    const page = await browser!.newPage({ ...(viewport ? { viewport } : {}), ...(timezoneId ? { timezoneId } : {}) });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript({ content: `${before}\n${STUB}` });
    await page.goto(pathToFileURL(join(root, 'dist/sidebar.html')).href);
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/Code.js'), 'utf8') });
    await page.waitForSelector('body[data-ready="yes"]');
    return { page, errors };
  }

  /** Names and emails in every player row of the page: the people the match is set up for. */
  async function fillPlayers(page: Page): Promise<{ name: string; email: string }[]> {
    const count = await page.locator('.player').count();
    const people = Array.from({ length: count }, (_, i) => ({
      name: `Person ${String.fromCharCode(65 + i)}`,
      email: `person${i + 1}@example.com`,
    }));
    for (const [i, person] of people.entries()) {
      await page.locator('.player').nth(i).locator('.name').fill(person.name);
      await page.locator('.player').nth(i).locator('.email').fill(person.email);
    }
    return people;
  }

  /**
   * With SIDEBAR_SHOTS set (npm run pictures, npm run screenshots -- --sidebar): photographs the page,
   * or one part of it, into that folder, and records the error messages the picture shows
   * (scripts/picture-record.mjs), which its caption must then mention (test/docs/pictures.test.ts).
   */
  async function shoot(page: Page, file: string, part?: Locator): Promise<void> {
    const folder = process.env.SIDEBAR_SHOTS;
    if (!folder) return;
    if (part) await part.screenshot({ path: join(folder, file) });
    else await page.screenshot({ path: join(folder, file), fullPage: true });
    const shown = await (part ?? page.locator('body')).locator('.error').evaluateAll((nodes) =>
      nodes
        // Shown: laid out (an empty message, or one in a hidden part, has no box).
        .filter((node) => node.getClientRects().length > 0)
        .flatMap((node) => (node.textContent ?? '').split('\n'))
        .map((line) => line.trim())
        .filter(Boolean),
    );
    const { recordPicture } = (await import(pathToFileURL(join(root, 'scripts/picture-record.mjs')).href)) as {
      recordPicture(root: string, file: string, errors?: readonly string[]): void;
    };
    recordPicture(root, file, shown);
  }

  /** "Add a player" until the page has `count` player rows (a game opens with its fewest). */
  async function ensureRows(page: Page, count: number): Promise<void> {
    while ((await page.locator('.player').count()) < count) await page.click('#add-player');
  }

  /** The example game's first number option, and a value of it other than its default. */
  const NUMBER_OPTION = optionFields(EXAMPLE).find((f) => f.kind === 'number' && f.min !== undefined)!;
  const NUMBER_VALUE = NUMBER_OPTION.kind === 'number' ? NUMBER_OPTION.min! : 0;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("shows the schema's error for a duplicate player name next to that player, then starts", async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript({ content: STUB });
    await page.goto(pathToFileURL(join(root, 'dist/sidebar.html')).href);
    // The bundle, as a page script: its entry points become globals, as in Apps Script.
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/Code.js'), 'utf8') });
    await page.waitForSelector('body[data-ready="yes"]');
    // A game opens with the fewest players it takes: no blank rows to clear.
    expect(await page.locator('.player').count()).toBe(FIRST.playerCount.min);
    expect(await page.locator('.hint', { hasText: 'Google account' }).textContent()).toMatch(
      /the email of their Google account \(the one they sign in with\)/,
    );

    expect(await page.locator('#close-when-ready input:checked').count()).toBe(0);
    await page.selectOption('#game', EXAMPLE.id);
    expect(await page.locator('.player').count()).toBe(EXAMPLE.playerCount.min);
    await ensureRows(page, 4);
    // Close early when everyone is ready: a box per phase kind, ticked as the game's rules have it.
    expect(await page.locator(`#close-when-ready input[data-kind="${KIND_A}"]`).isChecked()).toBe(
      CLOSE_DEFAULTS[KIND_A],
    );
    expect(await page.locator(`#close-when-ready input[data-kind="${KIND_B}"]`).isChecked()).toBe(
      CLOSE_DEFAULTS[KIND_B],
    );
    await page.uncheck(`#close-when-ready input[data-kind="${KIND_A}"]`);
    const people = [
      ['Ann', 'ann@example.com'],
      ['Ben', 'ben@example.com'],
      ['ann', 'cara@example.com'],
      ['Dev', 'dev@example.com'],
    ];
    for (const [i, [name, email]] of people.entries()) {
      await page.locator('.player').nth(i).locator('.name').fill(name);
      await page.locator('.player').nth(i).locator('.email').fill(email);
    }
    await page.fill('#start', '2026-11-21T18:00');
    await page.click('#start-match');
    const error = page.locator('.player').nth(2).locator('.error');
    await expect.poll(() => error.textContent()).toBe('"ann" is also player 1\'s name; names must differ');
    expect(await page.locator('.player').nth(2).locator('.name').getAttribute('class')).toMatch(/invalid/);
    expect(await page.locator('.player').nth(0).locator('.error').textContent()).toBe('');
    if (process.env.SIDEBAR_SCREENSHOT) await page.screenshot({ path: process.env.SIDEBAR_SCREENSHOT, fullPage: true });

    // A missing email is the add-on's own rule, shown the same way.
    await page.locator('.player').nth(2).locator('.name').fill('Cara');
    await page.locator('.player').nth(3).locator('.email').fill('');
    await page.click('#start-match');
    await expect
      .poll(() => page.locator('.player').nth(3).locator('.error').textContent())
      .toMatch(/^an email is needed/);

    // An option set at its field reaches the setup.
    await page.locator('.player').nth(3).locator('.email').fill('dev@example.com');
    await page.fill(`#option-${NUMBER_OPTION.key}`, String(NUMBER_VALUE));
    await page.click('#start-match');
    await page.waitForSelector('#result h1');
    expect(await page.locator('#result').textContent()).toMatch(
      /The match is set up.*Less protection than usual.*Ann: Forms refused to open the form of ann@example\.com.*Cara: form · sheet/,
    );
    const calls = await page.evaluate(() => (globalThis as unknown as { __calls: unknown[] }).__calls);
    expect(calls.at(-1)).toMatchObject({
      game: EXAMPLE.id,
      options: { [NUMBER_OPTION.key]: NUMBER_VALUE },
      closeWhenReady: { [KIND_A]: false, [KIND_B]: CLOSE_DEFAULTS[KIND_B] },
      players: [{ name: 'Ann', email: 'ann@example.com', garnets: 0 }, {}, {}, {}],
      // At the end the seed and the match file go to the spectators, unless the host unticks it.
      publish: true,
      // Players play under their names unless the host ticks Anonymous match.
      anonymous: false,
    });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("shows the match's projected daily trigger time against the account's, and asks before starting a match over it", async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript({ content: STUB });
    await page.goto(pathToFileURL(join(root, 'dist/sidebar.html')).href);
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/Code.js'), 'utf8') });
    await page.waitForSelector('body[data-ready="yes"]');
    await ensureRows(page, FIRST.playerCount.default);
    const use = page.locator('#trigger-use');
    // The page's first projection may run before the bundle's script tag has loaded: an input asks again.
    // A day as 24 hours: a value other than the default, so the input event asks again.
    await page.fill('#len-default', '24');
    await page.selectOption('#unit-default', { label: 'hours' });
    // The first game with its default players, a phase a day: well inside a personal account's 90 minutes.
    await expect
      .poll(() => use.textContent())
      .toMatch(
        new RegExp(
          `^This match uses (a small part|about (a|an|one) [a-z]+) of your account's 90 trigger minutes a day \\(up to \\d+ on its busiest day: 1 phase a day, ${FIRST.playerCount.default} players\\)\\.$`,
        ),
      );
    expect(await use.getAttribute('data-fits')).toBe('yes');
    // An hour a phase: over it, in red, and Start asks first (declined: nothing is sent).
    await page.fill('#len-default', '1');
    await page.selectOption('#unit-default', { label: 'hours' });
    await expect.poll(() => use.getAttribute('data-fits')).toBe('no');
    expect(await use.textContent()).toMatch(
      /^This match uses about [^ ]+( times)? your account's 90 trigger minutes a day \(up to \d+ on its busiest day: 24 phases a day[^)]*\)\. That is more than the account has[^]*To fit: make the phases longer, seat fewer players, use a Workspace account \(6 hours a day\), or host from a machine/,
    );
    for (let i = 0; i < 10; i++) {
      await page
        .locator('.player')
        .nth(i)
        .locator('.name')
        .fill(`Player ${i + 1}`);
      await page.locator('.player').nth(i).locator('.email').fill(`p${i}@example.com`);
    }
    await page.fill('#start', '2026-11-21T18:00');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.click('#start-match');
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toMatch(/more than your account's 90[^]*Start anyway\?/);
    expect(await page.evaluate(() => (globalThis as unknown as { __calls: unknown[] }).__calls)).toEqual([]);
    // Nobody said which kind of account this is: counted as personal, and nothing kept.
    expect(await page.inputValue('#account')).toBe('');
    // A Workspace account has 6 hours: three-hour phases fit it (an hour a phase for ten players
    // does not, on the pessimistic latencies: src/triggers/google/latency.ts), and the host's answer is
    // kept for next time.
    await page.selectOption('#account', 'workspace');
    await page.fill('#len-default', '3');
    // (Once the setup is valid, the same match played live: its whole session's minutes.)
    await expect
      .poll(() => use.textContent())
      .toMatch(
        /your account's 360 trigger minutes a day \([^)]*\)\.( Played live \([^)]*\): about \d+ minutes for the whole session\.)?$/,
      );
    expect(await use.getAttribute('data-fits')).toBe('yes');
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as { __accountKinds: string[] }).__accountKinds))
      .toEqual(['workspace']);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows the kind of account the host said before, and projects against it', async () => {
    const { page, errors } = await openSidebar(undefined, "window.__savedAccount = 'workspace';");
    expect(await page.inputValue('#account')).toBe('workspace');
    await page.fill('#len-default', '1');
    await page.selectOption('#unit-default', { label: 'hours' });
    await expect
      .poll(() => page.locator('#trigger-use').textContent())
      .toMatch(/your account's 360 trigger minutes a day/);
    // Shown, not said again.
    expect(await page.evaluate(() => (globalThis as unknown as { __accountKinds: string[] }).__accountKinds)).toEqual(
      [],
    );
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows the reminder emails a day against the daily email quota, takes the reminder minutes, and asks before a match over the quota', async () => {
    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript({ content: STUB });
    await page.goto(pathToFileURL(join(root, 'dist/sidebar.html')).href);
    await page.addScriptTag({ content: readFileSync(join(root, 'dist/Code.js'), 'utf8') });
    await page.waitForSelector('body[data-ready="yes"]');
    await ensureRows(page, FIRST.playerCount.default);
    const mail = page.locator('#email-use');
    // The page's first projection may run before the bundle's script tag has loaded (the stub then has no
    // projectTriggerTime to call): an input asks again, as a host's typing does.
    // A day as 24 hours: a value other than the default, so the input event asks again.
    await page.fill('#len-default', '24');
    await page.selectOption('#unit-default', { label: 'hours' });
    // The first game's players, a phase a day, called at its opening and reminded 60 and 10 minutes before: three emails each.
    const players = FIRST.playerCount.default;
    await expect
      .poll(() => mail.textContent())
      .toMatch(
        new RegExp(
          `^Reminder emails: up to ${3 * players} a day \\(every player called at each opening and reminded every time\\) of your 100 recipients a day\\.$`,
        ),
      );
    expect(await mail.getAttribute('data-fits')).toBe('yes');
    // Hour-long phases, each called at its opening and reminded 5 minutes before: 48 a day a player, over a personal account's 100.
    await page.fill('#len-default', '1');
    await page.selectOption('#unit-default', { label: 'hours' });
    await expect.poll(() => mail.getAttribute('data-fits')).toBe('no');
    expect(await mail.textContent()).toMatch(
      new RegExp(`up to ${48 * players} a day .* of your 100 recipients a day\\. Over it`),
    );
    // No reminders, and the openings' notices off: none sent.
    await page.fill('#reminders', 'none');
    await page.uncheck('#notices-email');
    await expect.poll(() => mail.textContent()).toMatch(/up to 0 a day/);
    await page.check('#notices-email');
    // Minutes that do not read are refused next to the field, before the server is asked.
    await page.fill('#reminders', 'soon');
    for (let i = 0; i < 10; i++) {
      await page
        .locator('.player')
        .nth(i)
        .locator('.name')
        .fill(`Player ${i + 1}`);
      await page.locator('.player').nth(i).locator('.email').fill(`p${i}@example.com`);
    }
    await page.fill('#start', '2026-11-21T18:00');
    // A day as 24 hours: a value other than the default, so the input event asks again.
    await page.fill('#len-default', '24');
    await page.selectOption('#unit-default', { label: 'hours' });
    await page.click('#start-match');
    await expect
      .poll(() => page.locator('[data-error-for="schedule.reminders"]').textContent())
      .toMatch(/whole minutes before the deadline/);
    // Chosen minutes go into the setup's schedule (a phase a day, called and reminded twice: 30 emails, within the quota).
    await page.fill('#reminders', '120, 15');
    await expect.poll(() => mail.textContent()).toMatch(/up to 30 a day/);
    await page.click('#start-match');
    await page.waitForSelector('#result h1');
    const calls = await page.evaluate(() => (globalThis as unknown as { __calls: unknown[] }).__calls);
    expect(calls.at(-1)).toMatchObject({ reminders: [120, 15] });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  describe("at Apps Script's 300 px", () => {
    it('names three mistakes at once, each under its own field, on one press of Start', async () => {
      const commitment = 'c0ffee'.repeat(10) + '1234';
      const { page, errors } = await openSidebar(
        { width: 300, height: 900 },
        `window.__commitment = ${JSON.stringify(commitment)};`,
      );
      await page.selectOption('#game', EXAMPLE.id);
      await ensureRows(page, 4);
      const people = [
        ['Ann', 'ann@example.com'],
        ['Ben', 'ben@example.com'],
        ['ann', 'cara@example.com'],
        ['Dev', ''],
      ];
      for (const [i, [name, email]] of people.entries()) {
        await page.locator('.player').nth(i).locator('.name').fill(name);
        await page.locator('.player').nth(i).locator('.email').fill(email);
      }
      // Three mistakes the server finds: a name twice, an email missing, a start in the past.
      await page.fill('#start', '2020-01-01T18:00');
      await page.click('#start-match');
      const third = page.locator('.player').nth(2).locator('.error');
      const fourth = page.locator('.player').nth(3).locator('.error');
      const start = page.locator('[data-error-for="startAt"]');
      await expect.poll(() => start.textContent()).toBe('the start is in the past; choose a time from now on');
      expect(await third.textContent()).toBe('"ann" is also player 1\'s name; names must differ');
      expect(await fourth.textContent()).toMatch(/^an email is needed: Dev's form only takes answers from it/);
      for (const field of ['.player:nth-child(3) .name', '.player:nth-child(4) .email', '#start'])
        expect(await page.locator(field).getAttribute('class'), field).toContain('invalid');
      // Nothing else is marked, and nothing was started: one call, refused whole.
      expect(await page.locator('.invalid').count()).toBe(3);
      expect(await page.evaluate(() => (globalThis as unknown as { __calls: unknown[] }).__calls)).toHaveLength(1);
      await shoot(page, 'sidebar-mistakes.png');

      // Two the page finds itself (a phase of no length, reminders that are no minutes) with one the
      // server finds (the name still twice): all three shown, and Start not called.
      await page.fill('#start', '2026-11-21T18:00');
      await page.locator('.player').nth(3).locator('.email').fill('dev@example.com');
      await page.fill(`#len-${KIND_A}`, '0');
      await page.fill('#reminders', 'soon');
      await page.click('#start-match');
      const length = page.locator(`[data-error-for="schedule.minutes.${KIND_A}"]`);
      await expect.poll(() => length.textContent()).toBe('a length more than 0, in hours, days or minutes');
      await expect.poll(() => third.textContent()).toBe('"ann" is also player 1\'s name; names must differ');
      expect(await page.locator('[data-error-for="schedule.reminders"]').textContent()).toMatch(/^whole minutes/);
      expect(await start.textContent()).toBe('');
      expect(await fourth.textContent()).toBe('');
      expect(await page.evaluate(() => (globalThis as unknown as { __calls: unknown[] }).__calls)).toHaveLength(1);

      // All put right: it starts, and the seed's commitment wraps inside the sidebar.
      await page.locator('.player').nth(2).locator('.name').fill('Cara');
      await page.fill(`#len-${KIND_A}`, '');
      await page.fill('#reminders', '');
      await page.click('#start-match');
      await page.waitForSelector('#result h1');
      expect(await page.locator('#result').textContent()).toContain(commitment);
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(300);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    // The sidebar as Apps Script shows it: 300 px wide.
    /** The sidebar as Apps Script shows it: 300 px wide. */
    it('shows each email whole, on a line of its own, and labels every field of a player', async () => {
      const { page, errors } = await openSidebar({ width: 300, height: 900 });
      const player = page.locator('.player').nth(0);
      await player.locator('.email').fill('ann.lee.the.third@googlemail.com');
      const email = await player
        .locator('.email')
        .evaluate((input) => ({ scroll: input.scrollWidth, client: input.clientWidth }));
      expect(email.scroll).toBeLessThanOrEqual(email.client);
      // (The alias's label shows with its field, in an anonymous match.)
      expect(await player.locator('.tiny').allTextContents()).toEqual([
        'name',
        'garnets',
        'alias (empty: drawn at random, such as Amber Otter)',
      ]);
      expect(await player.locator('.garnets').getAttribute('aria-label')).toBe('Player 1 garnets');
      // Nothing is wider than the sidebar.
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(300);
      await shoot(page, 'sidebar-players.png', page.locator('fieldset').filter({ has: page.locator('#players') }));
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it("shows only the chosen game's phases, in hours or days, and sends minutes (a day or longer: a time of day)", async () => {
      const { page, errors } = await openSidebar({ width: 300, height: 900 });
      const labels = () => page.locator('#lengths label').allTextContents();
      expect(await labels()).toEqual(['every phase', ...Object.values(FIRST.phaseLengths.kinds)]);
      expect(await page.inputValue('#len-default')).toBe('1');
      expect(await page.locator('#unit-default option:checked').textContent()).toBe('days');
      await page.selectOption('#game', EXAMPLE.id);
      expect(await labels()).toEqual(['every phase', ...Object.values(EXAMPLE.phaseLengths.kinds)]);
      // A game that times its own phases says so, and asks for no length.
      await page.selectOption('#game', CLOCKED.id);
      expect(await labels()).toEqual([]);
      expect(await page.locator('#timed-by').textContent()).toBe(CLOCKED.phaseLengths.timedBy);
      await page.selectOption('#game', EXAMPLE.id);
      await ensureRows(page, 4);
      await page.fill(`#len-${KIND_B}`, '2');
      await page.selectOption(`#unit-${KIND_B}`, { label: 'days' });
      await page.fill(`#len-${KIND_A}`, '0');
      const names = ['Ann', 'Ben', 'Cara', 'Dev'];
      for (const [i, name] of names.entries()) {
        await page.locator('.player').nth(i).locator('.name').fill(name);
        await page.locator('.player').nth(i).locator('.email').fill(`${name.toLowerCase()}@example.com`);
      }
      await page.fill('#start', '2026-11-21T18:00');
      await page.click('#start-match');
      const lengthError = page.locator(`#lengths [data-error-for="schedule.minutes.${KIND_A}"]`);
      await expect.poll(() => lengthError.textContent()).toMatch(/a length more than 0, in hours, days or minutes/);
      await page.fill(`#len-${KIND_A}`, '90');
      // Changed, the field loses its mark and its message: a picture of it shows no stale error.
      expect(await lengthError.textContent()).toBe('');
      expect(await page.locator(`#len-${KIND_A}`).getAttribute('class')).not.toContain('invalid');
      await page.selectOption(`#unit-${KIND_A}`, { label: 'minutes' });
      // Once its projection is in, a 90-minute pregame is over a personal account's daily trigger
      // time, and Start asks first: this test is about the minutes sent, so it says yes.
      page.on('dialog', (dialog) => void dialog.accept());
      await shoot(page, 'sidebar-phases.png');
      await page.click('#start-match');
      await page.waitForSelector('#result h1');
      const calls = await page.evaluate(
        () => (globalThis as unknown as { __calls: { minutes: unknown; closeAt: unknown }[] }).__calls,
      );
      const time = await page.inputValue('#at-default');
      expect(calls.at(-1)!.minutes).toEqual({ [KIND_A]: 90 });
      expect(calls.at(-1)!.closeAt).toEqual({
        default: { time, atLeastHours: 12 },
        [KIND_B]: { time, atLeastHours: 36 },
      });
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it("offers a day-long phase a time of day, the start's on the match zone's clock, and gives each player a zone", async () => {
      // The host's browser in New York; the match in London: 18:00 in New York is 23:00 in London.
      const { page, errors } = await openSidebar({ width: 300, height: 900 }, '', 'America/New_York');
      await page.selectOption('#game', EXAMPLE.id);
      await ensureRows(page, 4);
      await page.fill('#start', '2026-11-21T18:00');
      expect(await page.inputValue('#at-default')).toBe('23:00');
      expect(await page.locator('#at-default').isVisible()).toBe(true);
      // Hours are no day: no time of day, the length counted exactly.
      await page.fill(`#len-${KIND_B}`, '6');
      expect(await page.locator(`#at-${KIND_B}`).isVisible()).toBe(false);
      // A time the host types stays when the start moves.
      await page.fill('#at-default', '20:00');
      await page.fill('#start', '2026-11-21T19:00');
      expect(await page.inputValue('#at-default')).toBe('20:00');
      const names = ['Ann', 'Ben', 'Cara', 'Dev'];
      for (const [i, name] of names.entries()) {
        await page.locator('.player').nth(i).locator('.name').fill(name);
        await page.locator('.player').nth(i).locator('.email').fill(`${name.toLowerCase()}@example.com`);
      }
      expect(await page.locator('.player').nth(1).locator('.tz').getAttribute('aria-label')).toBe('Player 2 time zone');
      await page.locator('.player').nth(1).locator('.tz').fill('Mars/Olympus');
      await page.click('#start-match');
      await expect
        .poll(() => page.locator('.player').nth(1).locator('.error').textContent())
        .toMatch(/not a time zone; give an IANA name such as Europe\/London/);
      await page.locator('.player').nth(1).locator('.tz').fill('America/New_York');
      await shoot(page, 'sidebar-clock.png');
      await page.click('#start-match');
      await page.waitForSelector('#result h1');
      const calls = await page.evaluate(
        () =>
          (
            globalThis as unknown as {
              __calls: { minutes: unknown; closeAt: unknown; players: { timeZone: string }[] }[];
            }
          ).__calls,
      );
      expect(calls.at(-1)!.closeAt).toEqual({ default: { time: '20:00', atLeastHours: 12 } });
      expect(calls.at(-1)!.minutes).toEqual({ [KIND_B]: 360 });
      expect(calls.at(-1)!.players.map((p) => p.timeZone)).toEqual(['', 'America/New_York', '', '']);
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);

    it('draws every option of every game as a labelled field at its default, never JSON, each game with its fewest players', async () => {
      const { page, errors } = await openSidebar({ width: 300, height: 900 }, REAL_DEFAULTS);
      // No box of options written as in a match file: every option has its field.
      expect(await page.locator('#options, #paste-options, #advanced-options').count()).toBe(0);
      for (const game of GAME_LIST) {
        await page.selectOption('#game', game.id);
        // Untouched rows follow the game: as many as it needs at least.
        expect(await page.locator('.player').count(), game.id).toBe(game.playerCount.min);
        const fields = optionFields(game);
        const drawn = page.locator('#option-fields > [data-option]');
        expect(await drawn.evaluateAll((boxes) => boxes.map((b) => b.getAttribute('data-option'))), game.id).toEqual(
          fields.map((f) => f.key),
        );
        for (const field of fields) {
          const name = `${game.id}.${field.key}`;
          const box = page.locator(`#option-fields > [data-option="${field.key}"]`);
          // Its label names it (with a number's bounds), its help line (and how to write in a box) under it.
          expect(await box.locator('label').first().textContent(), name).toContain(field.label);
          expect(await box.locator(':scope > .hint').textContent(), name).toBe(
            field.help + (field.format ? ` ${field.format}` : ''),
          );
          const input = page.locator(`#option-${field.key}`);
          if (field.kind === 'yes-no') expect(await input.isChecked(), name).toBe(field.default === true);
          else if (field.kind === 'number' || field.kind === 'choice')
            expect(await input.inputValue(), name).toBe(String(field.default ?? ''));
          else if (field.kind === 'player')
            // "as the rules say", then each player by their number.
            expect(await input.locator('option').count(), name).toBe(game.playerCount.min + 1);
          else if (field.kind === 'each-player')
            expect(await box.locator('[data-player]').count(), name).toBe(game.playerCount.min);
          else if (field.kind === 'group')
            expect(await box.locator('[data-field]').count(), name).toBe(field.parts.length);
          else expect(await input.inputValue(), name).toBe(field.text ?? '');
          if (field.kind === 'number' && field.max !== undefined)
            expect(await input.getAttribute('max'), name).toBe(String(field.max));
          if (field.kind === 'choice')
            expect(await input.locator('option').allTextContents(), name).toEqual(field.choices);
        }
        // Nothing a host reads is JSON: no brace or quoted key in any box or line of the options.
        const boxes = await page.locator('#option-fields input:not([type=checkbox]), #option-fields textarea').all();
        const values = await Promise.all(boxes.map((box) => box.inputValue()));
        const shown = [(await page.locator('#option-fields').textContent()) ?? '', ...values].join(' ');
        expect(shown, game.id).not.toMatch(/[{}]|"\w+":/);
        // Every long line (a help line, a list of choices) wraps within the sidebar's 300 px.
        expect(await page.locator('html').evaluate((html) => html.scrollWidth), game.id).toBeLessThanOrEqual(300);
      }
      await page.selectOption('#game', GAME_LIST.find((g) => optionFields(g).length > 2)?.id ?? GAME_LIST[0].id);
      await shoot(
        page,
        'sidebar-options.png',
        page.locator('fieldset').filter({ has: page.locator('#option-fields') }),
      );
      expect(errors).toEqual([]);
      await page.close();
    }, 180_000);

    it('names a mistake in each of three option fields at once, each under its own field, in words', async () => {
      const { page, errors } = await openSidebar({ width: 300, height: 900 }, REAL_DEFAULTS);
      // A game with a bounded number, a box for each player and a player to choose among its fields.
      const game = GAME_LIST.find((g) => {
        const kinds = optionFields(g).map((f) => f.kind);
        return kinds.includes('each-player') && kinds.includes('player') && kinds.includes('number');
      })!;
      const fields = optionFields(game);
      const number = fields.find((f) => f.kind === 'number' && f.max !== undefined)!;
      if (number.kind !== 'number' || number.max === undefined || number.min === undefined) throw new Error('no bound');
      const [eachA, eachB] = fields.filter((f) => f.kind === 'each-player');
      await page.selectOption('#game', game.id);
      const people = await fillPlayers(page);
      await page.fill('#start', '2026-11-21T18:00');
      await page.fill(`#option-${number.key}`, String(number.max + 1));
      // Player 2's box of the first "for each player" option, and player 1's of the second: text that is no value.
      await page.fill(`#option-${eachA.key}-2`, 'not one');
      if (eachB) await page.fill(`#option-${eachB.key}-1`, 'nothing-of-the-kind');
      await page.click('#start-match');
      const slot = page.locator(`[data-error-for="options.${number.key}"]`);
      await expect.poll(() => slot.textContent()).toMatch(/^[^\n]+$/);
      // The schema's own message for that bound (one line), next to the field, which is marked.
      const refused = game.optionsSchema.safeParse({ [number.key]: number.max + 1 });
      expect(await slot.textContent()).toBe(refused.error?.issues[0].message);
      expect(await page.locator(`#option-${number.key}`).getAttribute('class')).toContain('invalid');
      // Each player's own box names its own mistake, under it, and says nothing of ids or JSON.
      const boxOf = (key: string, n: number) =>
        page
          .locator('.option')
          .filter({ has: page.locator(`#option-${key}-${n}`) })
          .last();
      const second = await boxOf(eachA.key, 2).locator('.error').textContent();
      expect(second).toMatch(/\w/);
      expect(await boxOf(eachA.key, 2).locator('label').textContent()).toBe(`2. ${people[1].name}`);
      if (eachB)
        expect(await boxOf(eachB.key, 1).locator('.error').textContent()).toMatch(
          /"nothing-of-the-kind" is not one of/,
        );
      const all = await page.locator('#option-fields .error').allTextContents();
      expect(all.join(' ')).not.toMatch(/\bp\d\b|\[\d\]|JSON|\{/);
      expect(await page.locator('#option-fields .invalid').count()).toBe(eachB ? 3 : 2);
      expect(await page.evaluate(() => (globalThis as unknown as { __calls: unknown[] }).__calls)).toHaveLength(1);
      expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(300);
      await shoot(
        page,
        'sidebar-option-mistakes.png',
        page.locator('fieldset').filter({ has: page.locator('#option-fields') }),
      );

      // A grid's mistake is named by its line and value, counted as the host counts them.
      const grid = GAME_LIST.flatMap((g) =>
        optionFields(g)
          .filter((f) => f.kind === 'rows')
          .map((f) => ({ g, f })),
      )[0];
      await page.selectOption('#game', grid.g.id);
      await fillPlayers(page);
      await page.fill(`#option-${grid.f.key}`, '1 1\n1 x');
      await page.click('#start-match');
      await expect
        .poll(() => page.locator(`[data-error-for="options.${grid.f.key}"]`).textContent())
        .toBe('line 2, value 2: "x" is not a number');

      // What is typed or chosen for a player stays theirs when a row above theirs goes.
      await page.selectOption('#game', game.id);
      const named = await fillPlayers(page);
      const chosen = fields.find((f) => f.kind === 'player')!;
      await page.fill(`#option-${eachA.key}-2`, 'for the second');
      await page.selectOption(`#option-${chosen.key}`, '2');
      await page.locator('.player').nth(0).locator('button').click();
      expect(await page.inputValue(`#option-${eachA.key}-1`)).toBe('for the second');
      expect(await page.locator(`#option-${chosen.key} option:checked`).textContent()).toBe(`1. ${named[1].name}`);

      // All put right: the boxes' text reaches the setup, and it starts.
      await ensureRows(page, game.playerCount.min);
      await fillPlayers(page);
      await page.fill(`#option-${number.key}`, String(number.min));
      await page.fill(`#option-${eachA.key}-1`, '');
      await page.fill(`#option-${eachA.key}-2`, '');
      if (eachB) await page.fill(`#option-${eachB.key}-1`, '');
      await page.selectOption(`#option-${chosen.key}`, '2');
      await page.click('#start-match');
      await page.waitForSelector('#result h1');
      const calls = await page.evaluate(
        () =>
          (
            globalThis as unknown as {
              __calls: { options?: Record<string, unknown>; optionTexts?: Record<string, unknown> }[];
            }
          ).__calls,
      );
      expect(calls.at(-1)!.options?.[number.key]).toBe(number.min);
      expect(calls.at(-1)!.optionTexts?.[chosen.key]).toBe('2');
      expect(errors).toEqual([]);
      await page.close();
    }, 180_000);

    it("takes an anonymous match's aliases, refuses one that is a player's name next to it, and the host alone sees who is who", async () => {
      const { page, errors } = await openSidebar({ width: 300, height: 900 }, REAL_DEFAULTS);
      // The game three people play, timed by the schedule, with the fewest rows to fill.
      const game = GAME_LIST.filter((g) => g.playerCount.min <= 3 && g.playerCount.max >= 3 && !g.turnClock).sort(
        (a, b) => a.playerCount.default - b.playerCount.default,
      )[0];
      await page.selectOption('#game', game.id);
      const first = page.locator('.player').nth(0).locator('.alias');
      expect(await first.isVisible()).toBe(false);
      await page.check('#anonymous');
      expect(await first.isVisible()).toBe(true);
      expect(await first.getAttribute('aria-label')).toBe('Player 1 alias');
      const people = await fillPlayers(page);
      await page.fill('#start', '2026-11-21T18:00');
      await page.fill('#len-default', '1');
      await first.fill('The Quiet One');
      // Player 2 under player 1's own name: refused next to player 2's alias.
      await page.locator('.player').nth(1).locator('.alias').fill(people[0].name);
      await page.click('#start-match');
      await expect
        .poll(() => page.locator('.player').nth(1).locator('.error').textContent())
        .toBe(`"${people[0].name}" is the name of player 1; an alias names no one playing`);
      await shoot(page, 'sidebar-aliases.png', page.locator('fieldset').filter({ has: page.locator('#players') }));
      await page.locator('.player').nth(1).locator('.alias').fill('');
      await page.click('#start-match');
      await page.waitForSelector('#result h1');
      const setup = (await page.evaluate(() => (globalThis as unknown as { __calls: MatchSetup[] }).__calls)).at(-1)!;
      expect(setup.players.map((p) => p.alias)).toEqual(['The Quiet One', ...people.slice(1).map(() => '')]);
      // Through to the match: the alias is the player's name; the person, the host's Who is who only.
      const checked = validateSetup(setup, 'sidebar-seed', '2026-11-21T12:00:00.000Z');
      if (!checked.ok) throw new Error(JSON.stringify(checked.error));
      const quiet = checked.value.players.find((p) => p.name === 'The Quiet One')!;
      expect(quiet.person).toBe(people[0].name);
      const result = replayMatch(checked.value);
      const host = viewFor(result, 'host');
      const table = host.sections.find((t) => t.title.startsWith('Who is who'));
      expect(table?.rows).toContainEqual(['The Quiet One', people[0].name, people[0].email]);
      for (const audience of ['public', `player:${quiet.id}`] as const) {
        const seen = JSON.stringify(viewFor(result, audience));
        expect(seen, audience).toContain('The Quiet One');
        for (const person of people) expect(seen, audience).not.toContain(person.name);
      }
      expect(errors).toEqual([]);
      await page.close();
    }, 120_000);

    it("trims the players to the game's most when the game changes, naming whose rows went", async () => {
      const { page, errors } = await openSidebar({ width: 300, height: 900 });
      await ensureRows(page, FIRST.playerCount.default);
      // The first game's rows, all but two filled in.
      const filled = FIRST.playerCount.default - 2;
      const most = EXAMPLE.playerCount.max;
      for (let i = 0; i < filled; i++)
        await page
          .locator('.player')
          .nth(i)
          .locator('.name')
          .fill(`P${i + 1}`);
      await page.selectOption('#game', EXAMPLE.id);
      expect(await page.locator('.player').count()).toBe(most);
      const gone = Array.from({ length: filled - most }, (_, i) => `P${most + i + 1}`);
      expect(await page.locator('#players-note').textContent()).toBe(
        `${EXAMPLE.title} takes at most ${most} players: the last ${FIRST.playerCount.default - most} rows went (${gone.join(', ')}).`,
      );
      expect(await page.locator('.player .number').allTextContents()).toEqual(
        Array.from({ length: most }, (_, i) => `${i + 1}.`),
      );
      await shoot(page, 'sidebar-trimmed.png');
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  });
});
