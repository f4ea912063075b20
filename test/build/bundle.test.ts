// The Apps Script bundle: built once, loaded in node:vm with no Node globals, entry points found
// as top-level functions, and the engine working inside it.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
let code = '';

/**
 * The most dist/Code.js may weigh: every Apps Script execution loads the whole bundle, so its size
 * is trigger time (docs/architecture.md, Runtime). Issue 42 asks for 350 KB; what holds it above
 * that is said there. A ratchet, not the target: 528 KB before the text of the build and the
 * look-alike table were packed (−21 KB), which the option fields, the fence and the boards in words
 * then spent again (525 KB); no change may make it heavier than it was.
 */
const MAX_BUNDLE_KB = 528;

beforeAll(() => {
  code = readFileSync(join(root, 'dist/Code.js'), 'utf8');
});

describe('dist/Code.js', () => {
  it('declares every entry point as a top-level function and has no top-level side effects', () => {
    const entries: string[] = JSON.parse(readFileSync(join(root, 'dist/entry-points.json'), 'utf8'));
    expect(entries).toContain('replayMatchJson');
    for (const name of entries) expect(code).toMatch(new RegExp(`^function ${name}\\(`, 'm'));
    const context = vm.createContext({});
    vm.runInContext(code, context);
    // zod keeps its configuration on globalThis; nothing else may appear.
    const globals = Object.keys(context)
      .filter((name) => !name.startsWith('__zod_'))
      .sort();
    expect(globals).toEqual(['GeniusHost', ...entries].sort());
  });

  it('needs no require, and no timers, URL or TextEncoder (a vm context has none of them)', () => {
    expect(code.includes('require(')).toBe(false);
    const context = vm.createContext({});
    expect(vm.runInContext('[typeof setTimeout, typeof URL, typeof TextEncoder, typeof process].join()', context)).toBe(
      'undefined,undefined,undefined,undefined',
    );
  });

  it(`weighs at most ${MAX_BUNDLE_KB} KB`, () => {
    const kb = statSync(join(root, 'dist/Code.js')).size / 1024;
    expect(
      kb,
      `dist/Code.js is ${kb.toFixed(1)} KB: node scripts/build.mjs --sizes says what makes it so`,
    ).toBeLessThanOrEqual(MAX_BUNDLE_KB);
  });

  it("refuses look-alike player names with Unicode's table as packed into it (Cyrillic, and outside the BMP)", () => {
    const context = vm.createContext({});
    vm.runInContext(code, context);
    const example = JSON.parse(readFileSync(join(root, `examples/${EXAMPLE_GAME.id}.json`), 'utf8'));
    const named = (first: string, second: string) => {
      const players = example.players.map((p: object, i: number) =>
        i === 0 ? { ...p, name: first } : i === 1 ? { ...p, name: second } : p,
      );
      const json = JSON.stringify({ ...example, players });
      return JSON.parse(vm.runInContext(`replayMatchJson(${JSON.stringify(json)})`, context)) as { error?: string };
    };
    // Cyrillic А (U+0410) for a Latin A; U+1D206 (Greek vocal notation, four UTF-16 units) for a 3.
    expect(named('Ann', '\u0410nn').error).toMatch(
      /^players\[1\]\.name: "\u0410nn" looks like players\[0\]'s name "Ann"/,
    );
    expect(named('Ann3', 'Ann\u{1D206}').error).toMatch(
      /^players\[1\]\.name: "Ann\u{1D206}" looks like players\[0\]'s name "Ann3"/u,
    );
    expect(named('Ann', 'Anna').error).toBeUndefined();
  });

  it('replays a match inside the sandbox, deterministically (Math.random throws there)', () => {
    const context = vm.createContext({});
    vm.runInContext('Math.random = () => { throw new Error("Math.random called"); };', context);
    vm.runInContext(code, context);
    const example = readFileSync(join(root, `examples/${EXAMPLE_GAME.id}.json`), 'utf8');
    const out = JSON.parse(vm.runInContext(`replayMatchJson(${JSON.stringify(example)})`, context));
    expect(out.game).toBe(EXAMPLE_GAME.id);
    expect(out.final).not.toBeNull();
    const bad = JSON.parse(vm.runInContext(`replayMatchJson('{"game":"x"}')`, context));
    expect(bad.error).toMatch(/^seed: /);
  });
});
