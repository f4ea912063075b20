// The Apps Script bundle: built once, loaded in node:vm with no Node globals, entry points found
// as top-level functions, and the engine working inside it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
let code = '';

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
