// The rules of the house for src/engine: it imports nothing outside itself but zod, pure-rand and
// @noble/hashes's SHA-256 (the seed's commitment), and never touches Node, Apps Script, the clock,
// the network or Math.random.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const engine = join(root, 'src/engine');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('src/engine stays pure', () => {
  const sources = files(engine).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

  it("imports only itself, zod/mini, pure-rand and @noble/hashes's SHA-256", () => {
    for (const { path, text } of sources) {
      for (const [, spec] of text.matchAll(/from\s+'([^']+)'/g)) {
        const allowed =
          spec.startsWith('.') ||
          spec === 'zod/mini' ||
          spec === 'zod/v4/locales/en.js' ||
          spec.startsWith('pure-rand/') ||
          spec === '@noble/hashes/sha2.js';
        expect(allowed, `${path} imports ${spec}`).toBe(true);
      }
    }
  });

  it('never reads the clock, Math.random, Node or Apps Script globals', () => {
    const banned = [
      /Math\.random/,
      /Date\.now\(/,
      /new Date\(\)/,
      /\bprocess\./,
      /\brequire\(/,
      /SpreadsheetApp|FormApp|ScriptApp|LockService|PropertiesService|UrlFetchApp/,
      /\bsetTimeout\(/,
      /\bfetch\(/,
    ];
    for (const { path, text } of sources) {
      const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const pattern of banned) expect(pattern.test(code), `${path} uses ${pattern}`).toBe(false);
    }
  });
});
