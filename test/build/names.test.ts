// Everything game-specific comes from a game's definition (issue 27): no file outside a game's own
// folders names a game or one of its phase kinds. A game's own folders are its definition
// (src/engine/games/<id>/), its tests (test/games/<id>/) and its benchmarks (bench/games/<id>/);
// the registry (src/engine/games/index.ts) is the one list of games. Code elsewhere asks the
// registry and the definition (GAME_LIST, game.phaseLengths, game.turnClock, …) instead.
//
// What counts as naming (read with the TypeScript compiler's parser, so comments never count):
//  - a game id inside a string or template literal, as a whole word: `'pasture'`,
//    `'examples/not-flower-field.json'`, `` `${dir}/paint` `` (a letter, digit or hyphen on either
//    side makes it another word: "painted", "paint-by-numbers");
//  - a phase kind as the whole literal, or as a phase id built on it: `'round'`, `"plans"`,
//    `'round-2'`, `` `round-${n}` ``, `'round-1/plans'`. The schedule's `default` is the engine's,
//    not a phase kind.
// In an HTML file, attribute values and the scripts count. The kinds are every game's, as its
// definition states them and a bot match of it shows them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GAME_LIST, newMatch, playMatch, replayMatch } from '../../src/engine/index.js';

const root = join(__dirname, '../..');
const SCANNED = ['src', 'scripts', 'bench', 'test'];
const EXTENSIONS = /\.(ts|mts|mjs|js|html)$/;

/** The registry: the one place that lists the games. */
const ALLOWED = new Set(['src/engine/games/index.ts']);

/**
 * Files written before the rule that still name a game, each to move into its game's own test
 * folder or to iterate the registry. Every one has moved (issue 27); the list only shrinks, so it
 * stays empty: a file here that no longer names one fails the test too.
 */
const NOT_YET_MOVED = new Set<string>([]);

/** A game's own folders, where it names itself. */
function ownFolder(path: string): boolean {
  return GAME_LIST.some((game) =>
    ['src/engine/games', 'test/games', 'bench/games'].some((dir) => path.startsWith(`${dir}/${game.id}/`)),
  );
}

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'fixtures') return [];
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return EXTENSIONS.test(name) ? [path] : [];
  });
}

/** Every phase kind of every game: what its definition lists, and what a bot match of it opens. */
function phaseKinds(): Set<string> {
  const kinds = new Set<string>();
  for (const game of GAME_LIST) {
    for (const kind of Object.keys(game.phaseLengths.kinds)) kinds.add(kind);
    for (const kind of Object.keys(game.closeWhenReady ?? {})) kinds.add(kind);
    const fresh = newMatch(game.id, { seed: 'names' });
    if (!fresh.ok) throw new Error(fresh.error);
    for (const closed of replayMatch(playMatch(fresh.value)).closed) kinds.add(closed.phase.kind);
  }
  return kinds;
}

/** The text of every string and template literal of a script. */
function literals(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** An HTML file's attribute values, and the literals of its scripts. */
function htmlLiterals(path: string, text: string): string[] {
  const attributes = [...text.matchAll(/\s[\w-]+="([^"]*)"/g)].map((m) => m[1]);
  const scripts = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap((m) => literals(`${path}.js`, m[1]));
  return [...attributes, ...scripts];
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What `literal` names: a game id as a whole word, or a phase kind as the literal or a phase id on it. */
function namesIn(literal: string, ids: readonly string[], kinds: readonly string[]): string[] {
  const games = ids.filter((id) => new RegExp(`(?<![A-Za-z0-9-])${escape(id)}(?![A-Za-z0-9-])`).test(literal));
  const phases = kinds.filter((kind) =>
    new RegExp(`^(?:${escape(kind)}(?:-(?:\\d+|$)[^]*)?|[^]*/${escape(kind)})$`).test(literal),
  );
  return [...games, ...phases];
}

describe('no file outside a game names it', () => {
  const ids = GAME_LIST.map((game) => game.id);
  const kinds = [...phaseKinds()];
  const scanned = SCANNED.flatMap(files).filter((path) => !ownFolder(path) && !ALLOWED.has(path));
  const offenders = new Map<string, string[]>();
  for (const path of scanned) {
    const text = readFileSync(join(root, path), 'utf8');
    const found = (path.endsWith('.html') ? htmlLiterals(path, text) : literals(path, text)).flatMap((l) =>
      namesIn(l, ids, kinds),
    );
    if (found.length > 0) offenders.set(path, [...new Set(found)]);
  }

  it('knows what to look for: every game id and the phase kinds of every game', () => {
    expect(ids.length).toBeGreaterThan(0);
    for (const game of GAME_LIST) expect(kinds.length, game.id).toBeGreaterThan(0);
    // The rule itself, on made-up names (a real one here would name it).
    expect(namesIn('examples/dye-pot.json', ['dye-pot'], [])).toEqual(['dye-pot']);
    expect(namesIn('the dye-pots', ['dye-pot'], [])).toEqual([]);
    expect(namesIn('dye-pot: a whole match', ['dye-pot'], [])).toEqual(['dye-pot']);
    expect(namesIn('stir-3/pour', [], ['stir', 'pour'])).toEqual(['stir', 'pour']);
    expect(namesIn('stir-', [], ['stir'])).toEqual(['stir']);
    expect(namesIn('stirring', [], ['stir'])).toEqual([]);
    expect(namesIn('stir up', [], ['stir'])).toEqual([]);
  });

  it('no file outside a game folder, the registry and the files still to move names a game or a phase kind', () => {
    const named = [...offenders]
      .filter(([path]) => !NOT_YET_MOVED.has(path))
      .map(([path, names]) => `${path}: ${names.join(', ')}`);
    expect(named).toEqual([]);
  });

  it('every file still to move still names one (the list only shrinks)', () => {
    expect([...NOT_YET_MOVED].filter((path) => !offenders.has(path))).toEqual([]);
  });
});
