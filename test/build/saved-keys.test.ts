// One module owns every saved key (issue 43): the keys of the document and script properties, and
// the lease's developer metadata key, are written as text in src/triggers/saved/pointers.ts only.
// Every other file of src/ uses its names (KEY.quiet, OTHER_KEYS.lease…), so one list shows a
// reader everything the add-on keeps between executions. Read with the TypeScript compiler's
// parser, so comments never count.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const OWNER = 'src/triggers/saved/pointers.ts';
/** A saved key: the match's own (`gh.`) or the host's (`genius-host.`), as a whole literal or its start. */
const KEY_TEXT = /^(gh|genius-host)\.[a-z]/;

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The string and template literals of `text` that are, or start, a saved key. */
function keysIn(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) && KEY_TEXT.test(node.text)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('one module owns every saved key', () => {
  it('knows a key when it sees one, and not a comment', () => {
    expect(keysIn('a.ts', "const k = 'gh.quiet';")).toEqual(['gh.quiet']);
    expect(keysIn('a.ts', 'const k = `genius-host.rehearsal.seen.${id}`;')).toEqual(['genius-host.rehearsal.seen.']);
    expect(keysIn('a.ts', "// 'gh.quiet'\nconst host = 'genius-host host';")).toEqual([]);
    expect(keysIn(OWNER, readFileSync(join(root, OWNER), 'utf8'))).toContain('gh.quiet');
  });

  it('no file of src/ but saved/pointers.ts writes a key', () => {
    const others = files('src')
      .filter((path) => path !== OWNER)
      .flatMap((path) => keysIn(path, readFileSync(join(root, path), 'utf8')).map((key) => `${path}: ${key}`));
    expect(others).toEqual([]);
  });
});
