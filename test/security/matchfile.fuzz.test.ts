// The match-file loader (loadMatch / loadMatchText) against random JSON, random values, random
// bytes, and valid files mutated field by field. Properties: it never throws; a malformed file is
// answered with exactly one line `path: message` naming a field of the input (or `(match file)`);
// a valid file replays and renders; Object.prototype is never polluted.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  GAME_LIST,
  audiencesOf,
  loadMatch,
  loadMatchText,
  newMatch,
  playMatch,
  replayMatch,
  replayOutput,
  stringifyMatchFile,
  viewFor,
} from '../../src/engine/index.js';
import { FORMULAS, UNICODE, prototypeFingerprint, runs } from './hostile.js';

const MESSAGE_MAX = 500;
const root = join(__dirname, '../..');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Valid files to mutate: the examples, and for every game a new file and a whole bot match. */
const VALID: readonly { label: string; text: string }[] = [
  ...readdirSync(join(root, 'examples'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ label: `examples/${name}`, text: readFileSync(join(root, 'examples', name), 'utf8') })),
  ...GAME_LIST.flatMap((game) => {
    const fresh = newMatch(game.id, { seed: 'mutate', startAt: '2026-11-21T18:00:00Z' });
    if (!fresh.ok) throw new Error(fresh.error);
    return [
      { label: `new ${game.id}`, text: stringifyMatchFile(fresh.value) },
      { label: `played ${game.id}`, text: stringifyMatchFile(playMatch(fresh.value, { answerDecisions: true })) },
    ];
  }),
];

/** The first two phase ids of every game's bot match: values a hostile file may put anywhere. */
const PHASE_IDS: readonly string[] = [
  ...new Set(
    GAME_LIST.flatMap((game) => {
      const fresh = newMatch(game.id, { seed: 'phases' });
      if (!fresh.ok) throw new Error(fresh.error);
      return replayMatch(playMatch(fresh.value))
        .closed.slice(0, 2)
        .map((closed) => closed.phase.id);
    }),
  ),
];

// ---- Reading an error back: `path: message`, the path in formatPath's notation. ----

type Segment = { key: string; truncated: boolean } | { index: number };

/** Splits `players[3].id: message` into segments and message, or null if it is not that shape. */
function parseError(error: string): { segments: Segment[] | null; message: string } | null {
  if (error.startsWith('(match file): ')) return { segments: null, message: error.slice('(match file): '.length) };
  const segments: Segment[] = [];
  let rest = error;
  let first = true;
  for (;;) {
    const ident = (first ? /^([A-Za-z_$][\w$-]*)/ : /^\.([A-Za-z_$][\w$-]*)/).exec(rest);
    const index = /^\[(\d+)\]/.exec(rest);
    const quoted = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest);
    if (ident) segments.push({ key: ident[1], truncated: false });
    else if (index) segments.push({ index: Number(index[1]) });
    else if (quoted) {
      const key = JSON.parse(quoted[1]) as string;
      segments.push(key.endsWith('…') ? { key: key.slice(0, -1), truncated: true } : { key, truncated: false });
    } else break;
    rest = rest.slice((ident ?? index ?? quoted)![0].length);
    first = false;
  }
  if (segments.length === 0 || !rest.startsWith(': ')) return null;
  return { segments, message: rest.slice(2) };
}

/** How many leading segments of the path exist in `input`. */
function existingDepth(input: unknown, segments: readonly Segment[]): number {
  let here = input;
  for (const [depth, segment] of segments.entries()) {
    if (here === null || typeof here !== 'object') return depth;
    if ('index' in segment) {
      if (!Array.isArray(here) || segment.index >= here.length) return depth;
      here = here[segment.index];
    } else {
      const key = segment.truncated ? Object.keys(here).find((k) => k.startsWith(segment.key)) : segment.key;
      if (key === undefined || !Object.prototype.hasOwnProperty.call(here, key)) return depth;
      here = (here as Record<string, unknown>)[key];
    }
  }
  return segments.length;
}

/** Checks a loader error against the input it came from (undefined: the text was not JSON). */
function expectGoodError(error: unknown, input: unknown): void {
  expect(typeof error).toBe('string');
  const text = error as string;
  expect(text, 'one line').not.toMatch(/[\n\r\u2028\u2029]/);
  expect(text.length, text.slice(0, 200)).toBeLessThanOrEqual(MESSAGE_MAX);
  const parsed = parseError(text);
  expect(parsed, `not "path: message": ${text.slice(0, 200)}`).not.toBeNull();
  const { segments, message } = parsed!;
  expect(message.trim(), text).not.toBe('');
  if (segments === null) return;
  // The field named exists, or (for a missing one) everything above it does.
  const depth = existingDepth(input, segments);
  const missingAllowed = /required|expected .*received undefined/i.test(message) ? 1 : 0;
  expect(depth, `${text.slice(0, 200)} names a field that is not in the input`).toBeGreaterThanOrEqual(
    segments.length - missingAllowed,
  );
}

function expectLoadable(input: unknown): void {
  const result = loadMatch(input);
  if (result.ok) {
    const replayed = replayMatch(result.value);
    JSON.stringify(replayOutput(replayed));
  } else {
    expectGoodError(result.error, input);
  }
}

function expectLoadableText(text: string): void {
  let json: unknown;
  let isJson = true;
  try {
    json = JSON.parse(text);
  } catch {
    isJson = false;
  }
  const result = loadMatchText(text);
  if (result.ok) {
    expect(isJson).toBe(true);
    replayMatch(result.value);
  } else if (isJson) {
    expectGoodError(result.error, json);
  } else {
    expectGoodError(result.error, undefined);
    expect(result.error).toMatch(/^\(match file\): not valid JSON: /);
  }
}

// ---- Mutations of valid files. ----

type Path = (string | number)[];

function pathsOf(value: Json, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value))
    value.forEach((item, i) => {
      if (out.length < 4000) pathsOf(item, [...path, i], out);
    });
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (out.length < 4000) pathsOf(v, [...path, k], out);
  return out;
}

function deepNest(depth: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { deeper: value };
  return value;
}

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '',
  ' ',
  'a.b',
  'x[0]',
  'k: v',
  'line\nbreak',
  '\u202Ertl',
  '😀',
  '=1+1',
  'x'.repeat(300),
];

const hostileJson: fc.Arbitrary<Json> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, '', [], {}, [[]], {
      '': null,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Json>(
      ...FORMULAS,
      ...UNICODE,
      'p1',
      ...PHASE_IDS,
      'red',
      '2026-11-21T18:00:00Z',
      '2026-02-30T25:61:00Z',
    ),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.constantFrom<Json>('x'.repeat(100_000), `${'\u202E'.repeat(1000)}name`) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 5000 }).map((n) => deepNest(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Json>(Array(10_000).fill('x'), Array(3_000).fill({ id: 'p1', name: 'Ann' })),
  },
);

type Mutation =
  | { op: 'delete'; at: number }
  | { op: 'retype'; at: number; value: Json }
  | { op: 'duplicate'; at: number }
  | { op: 'addKey'; at: number; key: string; value: Json }
  | { op: 'rename'; at: number; name: string };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('retype' as const), at: fc.nat(), value: hostileJson }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({
    op: fc.constant('addKey' as const),
    at: fc.nat(),
    key: fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 6 })),
    value: hostileJson,
  }),
  // A player's id or name made hostile but still valid: the file should load and replay.
  fc.record({
    op: fc.constant('rename' as const),
    at: fc.nat(),
    name: fc.oneof(
      fc.constantFrom<string>(...FORMULAS, ...UNICODE),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    ),
  }),
);

function containerAt(root: Json, path: Path): Json {
  let here = root;
  for (const part of path) here = (here as Record<string | number, Json>)[part];
  return here;
}

/** Applies a mutation in place to a fresh copy of a parsed file; keys are set as own properties. */
function applyMutation(root: { [key: string]: Json }, mutation: Mutation): void {
  const paths = pathsOf(root);
  const path = paths[mutation.at % paths.length];
  const setOwn = (target: object, key: string | number, value: Json) =>
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  if (mutation.op === 'rename') {
    const players = root.players as { [key: string]: Json }[] | undefined;
    if (!Array.isArray(players) || players.length === 0) return;
    const player = players[mutation.at % players.length];
    if (player === null || typeof player !== 'object' || Array.isArray(player)) return;
    if (mutation.at % 2 === 0) player.name = mutation.name;
    else player.id = ['__proto__', 'constructor', 'toString', 'valueOf', '-', '.', '_', 'P1', 'p1.x'][mutation.at % 9];
    return;
  }
  if (mutation.op === 'addKey') {
    const target = containerAt(root, path);
    if (target !== null && typeof target === 'object' && !Array.isArray(target))
      setOwn(target, mutation.key, structuredClone(mutation.value));
    return;
  }
  if (path.length === 0) return;
  const parent = containerAt(root, path.slice(0, -1)) as Record<string | number, Json> | Json[];
  const last = path[path.length - 1];
  if (mutation.op === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (mutation.op === 'retype') {
    // A copy: generated constants are shared between runs.
    setOwn(parent, last, structuredClone(mutation.value));
  } else if (Array.isArray(parent)) {
    parent.splice(last as number, 0, structuredClone(parent[last as number]));
  } else {
    setOwn(
      parent,
      `${last}`.toUpperCase() === last ? `${last}_` : `${last}`.toUpperCase(),
      structuredClone(parent[last]),
    );
  }
}

describe('the match-file loader', () => {
  const fingerprint = prototypeFingerprint();
  const unpolluted = () => {
    expect(prototypeFingerprint()).toBe(fingerprint);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  };

  it('answers random JSON text in one line, or loads it', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (text) => {
        expectLoadableText(text);
        unpolluted();
      }),
      { numRuns: runs(300) },
    );
  });

  it('answers random values in one line, or loads them', () => {
    const anything = fc.anything({
      maxDepth: 3,
      withNullPrototype: true,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
      withSparseArray: true,
      withBoxedValues: true,
      key: fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('game', 'seed', 'players', 'options', 'submissions', 'decisions', '__proto__', 'constructor'),
      ),
    });
    fc.assert(
      fc.property(anything, (value) => {
        expectLoadable(value);
        unpolluted();
      }),
      { numRuns: runs(300) },
    );
  });

  it('answers random bytes in one line', () => {
    const decoder = new TextDecoder('utf-8');
    const bytes = fc.uint8Array({ maxLength: 300 }).map((b) => decoder.decode(b));
    const latin = fc.uint8Array({ maxLength: 300 }).map((b) => String.fromCharCode(...b));
    const json = fc
      .uint8Array({ maxLength: 40 })
      .map((b) => `{"game": "${GAME_LIST[0].id}", "seed": "${String.fromCharCode(...b)}"}`);
    fc.assert(
      fc.property(fc.oneof(bytes, latin, json, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
        expectLoadableText(text);
        unpolluted();
      }),
      { numRuns: runs(300) },
    );
  });

  it('answers mutated valid files in one line naming the field, or loads and replays them', () => {
    const byLabel = new Map(VALID.map((v) => [v.label, v.text]));
    fc.assert(
      fc.property(
        fc.constantFrom(...byLabel.keys()),
        fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
        (label, mutations) => {
          const file = JSON.parse(byLabel.get(label)!) as { [key: string]: Json };
          for (const mutation of mutations) applyMutation(file, mutation);
          expectLoadable(file);
          // The same file as text, as the add-on reads its log: "__proto__" keys stay own keys.
          expectLoadableText(JSON.stringify(file));
          unpolluted();
        },
      ),
      { numRuns: runs(150) },
    );
  });

  it('never lets "__proto__" or "constructor.prototype" keys anywhere in a file reach Object.prototype', () => {
    const payloads: [string, Json][] = [
      ['__proto__', { polluted: 'yes' }],
      ['constructor', { prototype: { polluted: 'yes' } }],
      ['prototype', { polluted: 'yes' }],
    ];
    for (const { text } of VALID) {
      const objects = pathsOf(JSON.parse(text) as Json).filter((path) => {
        const value = containerAt(JSON.parse(text) as Json, path);
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      });
      // Every object of small files; an even sample of the large ones.
      const step = Math.max(1, Math.ceil(objects.length / 40));
      for (const path of objects.filter((_, i) => i % step === 0)) {
        for (const [key, payload] of payloads) {
          const file = JSON.parse(text) as Json;
          Object.defineProperty(containerAt(file, path), key, {
            value: payload,
            enumerable: true,
            writable: true,
            configurable: true,
          });
          expectLoadableText(JSON.stringify(file));
          unpolluted();
        }
      }
    }
  });

  it('loads files whose players have hostile but valid names and odd ids, plays them and renders every view', () => {
    const ODD_IDS = [
      '_',
      '-',
      '.',
      '__',
      'Constructor',
      'proto',
      'p.1',
      'x-y',
      '0',
      '007',
      'A1',
      // A player id that reads as a phase id (a numbered one a player id may be).
      PHASE_IDS.find((id) => /\d/.test(id) && /^[\w.-]+$/.test(id)) ?? 'p0',
      'host',
      'public',
      'Prototype',
      'NaN',
      'Infinity',
      'undefined',
      'null',
      'length',
    ];
    const names = fc.array(fc.constantFrom<string>(...FORMULAS, ...UNICODE.filter((u) => u.trim() !== '')), {
      minLength: 8,
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...GAME_LIST),
        names,
        fc.shuffledSubarray(ODD_IDS, { minLength: 20, maxLength: 20 }),
        (game, names, ids) => {
          const players = Array.from({ length: game.playerCount.default }, (_, i) => ({
            id: ids[i],
            name: `${names[i % names.length]} ${i + 1}`,
          }));
          const fresh = newMatch(game.id, { seed: 'names', players: players.map((p) => ({ ...p, garnets: 1 })) });
          if (!fresh.ok) throw new Error(fresh.error);
          const played = playMatch(fresh.value, { answerDecisions: true });
          const loaded = loadMatchText(stringifyMatchFile(played));
          if (!loaded.ok) throw new Error(loaded.error);
          const result = replayMatch(loaded.value);
          // Bots answer as players would; odd names and ids must not make their answers unreadable.
          expect(result.rejected).toEqual([]);
          expect(result.final).not.toBeNull();
          for (const audience of audiencesOf(result)) viewFor(result, audience);
          unpolluted();
        },
      ),
      { numRuns: runs(6) },
    );
  });
});
