// Sizes that keep the code readable: no source file over 500 lines, no function over 80 (a longer
// one is split into the steps its comments name). Read with the TypeScript compiler's parser.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const MAX_FILE_LINES = 500;
const MAX_FUNCTION_LINES = 80;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

function longFunctions(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = 'name' in node && node.name ? node.name.getText() : '(a function)';
      if (last - first + 1 > MAX_FUNCTION_LINES)
        out.push(`${relative(root, path)}:${first + 1} ${name} is ${last - first + 1} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe('source sizes', () => {
  const files = sources(join(root, 'src'));

  it(`no source file is over ${MAX_FILE_LINES} lines`, () => {
    const long = files
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length }))
      .filter((f) => f.lines > MAX_FILE_LINES);
    expect(long.map((f) => `${relative(root, f.path)} is ${f.lines} lines`)).toEqual([]);
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap(longFunctions)).toEqual([]);
  });
});
