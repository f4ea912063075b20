// Issue 25: a cast asserts what the compiler cannot check, so each one in src/ says why a type guard,
// a typed declaration or `satisfies` could not do instead (a comment on its line or the line above).
// Read with the TypeScript compiler's parser, so a cast's text inside a string or comment never counts;
// `as const` is no cast.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Whether a line holds a comment, or is one (a line inside a block comment starts with `*`). */
const COMMENT = /\/\/|\/\*|^\s*\*/;

/** `name:line as type` for every cast in `text` with no comment on its line or the line above. */
function uncommentedCasts(name: string, text: string): string[] {
  const lines = text.split('\n');
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && node.type.getText(source) !== 'const') {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      if (!COMMENT.test(lines[line]) && !COMMENT.test(lines[line - 1] ?? ''))
        found.push(`${name}:${line + 1} as ${node.type.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('casts in src/', () => {
  it('each says why no guard could replace it', () => {
    const files = sources(join(root, 'src'));
    expect(files.flatMap((file) => uncommentedCasts(relative(root, file), readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('finds a cast with no comment, and not one with a reason above it, `as const` or a cast in a string', () => {
    const text = [
      'const a = b as string;',
      '// The API types it as object; its documentation says text.',
      'const c = d as string;',
      "const e = [1] as const, f = 'g as string';",
      'const h = <number>i;',
    ].join('\n');
    expect(uncommentedCasts('probe.ts', text)).toEqual(['probe.ts:1 as string', 'probe.ts:5 as number']);
  });
});
