// A fresh copy of the template, run by the built bundle in the sandbox: its menu shows Set up
// genius-host… until the setup is done (and never after, the next opens included); the setup's
// calls (its state, Check this account… without a dialog of its own, the kind of account kept only
// as the host says it); About genius-host shows the version and build the bundle was built with
// (dist/build.json, written by the same build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_LIST, REHEARSAL_GAME } from '../../src/engine/index.js';
import { Sandbox } from './sandbox.js';

const START = '2026-11-21T18:00:00.000Z';
const root = join(__dirname, '../..');
const built = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8')) as {
  version: string;
  build: string;
  guide: string;
};

/** The captions of the latest menu drawn. */
const menu = (sandbox: Sandbox) => sandbox.google.ui.menus.at(-1)!.items.map(([caption]) => caption);

describe('a fresh copy: Set up genius-host…', () => {
  it('shows Set up genius-host… first until the setup is done, and no more after it (the next open included)', () => {
    const sandbox = new Sandbox({ owner: 'host@gmail.com', start: START });
    sandbox.call('onOpen');
    expect(menu(sandbox).slice(0, 3)).toEqual(['Set up genius-host…', '---', 'New match…']);
    expect(sandbox.google.ui.menus.at(-1)!.items[0]).toEqual(['Set up genius-host…', 'showSetup']);
    expect(menu(sandbox)).toContain('About genius-host');

    sandbox.call('showSetup');
    const dialog = sandbox.google.ui.dialogs.at(-1)!;
    expect(dialog.title).toBe('Set up genius-host');
    expect(dialog.html).toMatch(/Google hasn't verified this app[^]*Advanced[^]*Go to genius-host \(unsafe\)[^]*Allow/);

    // The dialog's first calls: the state (nothing said yet: no kind guessed from a gmail.com address) and the check.
    expect(sandbox.call('setupState')).toEqual({
      kind: null,
      done: false,
      version: built.version,
      build: built.build,
      // The setup starts the rehearsal itself (startRehearsal): of the registry's game unless the host chooses another.
      rehearsal: { game: REHEARSAL_GAME.id, games: GAME_LIST.map((g) => ({ id: g.id, title: g.title })) },
    });
    const dialogsBefore = sandbox.google.ui.dialogs.length;
    const check = sandbox.call<{ items: { works: boolean }[]; kind: string; kindSaid: boolean }>('setupCheckAccount');
    expect(check.items.length).toBeGreaterThan(0);
    expect(check.items.every((item) => item.works)).toBe(true);
    expect(check.kindSaid).toBe(false);
    // Its report is drawn in the setup dialog, not in a dialog of its own (which would replace it).
    expect(sandbox.google.ui.dialogs.length).toBe(dialogsBefore);

    // The host's answer: anything but the two kinds is refused and leaves the setup not done.
    expect(() => sandbox.call('finishSetup', 'gmail')).toThrow(/"personal" or "workspace", not "gmail"/);
    sandbox.call('onOpen');
    expect(menu(sandbox)[0]).toBe('Set up genius-host…');

    expect(sandbox.call('finishSetup', 'workspace')).toEqual({ kind: 'workspace', done: true });
    // The menu is drawn again at once, without the item.
    expect(menu(sandbox)).not.toContain('Set up genius-host…');
    expect(menu(sandbox)[0]).toBe('New match…');
    expect(sandbox.call('setupState')).toMatchObject({ kind: 'workspace', done: true });
    expect(sandbox.call<{ kind: string; kindSaid: boolean }>('setupCheckAccount')).toMatchObject({
      kind: 'workspace',
      kindSaid: true,
    });
    // The next open of the spreadsheet.
    sandbox.call('onOpen');
    expect(menu(sandbox)).not.toContain('Set up genius-host…');
    expect(menu(sandbox).slice(-2)).toEqual(['Help', 'About genius-host']);
  });

  it('About genius-host shows the version and the build it was built with, and where the host guide is', () => {
    const sandbox = new Sandbox({ owner: 'host@gmail.com', start: START });
    const html = sandbox.call<string>('showAbout');
    const dialog = sandbox.google.ui.dialogs.at(-1)!;
    expect(dialog.title).toBe('About genius-host');
    expect(dialog.html).toContain(html);
    expect(built.version).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
    expect(html).toContain(`genius-host ${built.version}</b>, build ${built.build}.`);
    expect(built.build).toMatch(/^([0-9a-f]{12}(\+changes)?|unknown)$/);
    if (built.guide) expect(html).toContain(`href="${built.guide}"`);
    else expect(html).toMatch(/The host guide: the README's <b>For hosts<\/b>/);
    expect(html).toMatch(/make a new copy of the newest template: a match running in this spreadsheet goes on here/);
  });
});
