// Every document the project cites is in the project. Code comments, tests and docs may point a
// reader to a Markdown file (docs/games/paint.md, docs/matchfile.md, bench/results.md …); a pointer
// to a file the repository does not hold leaves a newcomer with nothing to follow. This test reads
// every text file under the scanned folders and checks that each Markdown file name in it exists,
// read from the repository root, from docs/, or from the citing file's own folder (a relative
// Markdown link).

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

/** Where citations live: the product's code, its tests, its docs and its tools. */
const SCANNED = ['src', 'test', 'docs', 'README.md', 'scripts', 'bench'];

/** Files read as text (pictures and other binaries cannot cite anything). */
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|md|html|json|txt|css|yml|yaml)$/;

/** A Markdown file name: letters, digits, `_`, `-`, `.` and `/`, ending in `.md`. */
const CITATION = /[\w/.-]+\.md\b/g;

/** Web addresses cite pages elsewhere, not files of this repository. */
const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

function filesUnder(path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return TEXT.test(path) ? [path] : [];
  return readdirSync(full).flatMap((name) => (name === 'node_modules' ? [] : filesUnder(join(path, name))));
}

interface Citation {
  readonly file: string;
  readonly line: number;
  readonly cited: string;
}

/** The `.md` names a text cites, with their line numbers (web addresses left out). */
function citationsIn(file: string, text: string): Citation[] {
  const out: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const match of line.replace(URL, ' ').matchAll(CITATION)) out.push({ file, line: index + 1, cited: match[0] });
  });
  return out;
}

/** Whether a cited name is a file of the repository, read from the root, docs/ or the citing file's folder. */
function resolves(
  citation: Citation,
  exists: (path: string) => boolean = (path) => existsSync(join(root, path)),
): boolean {
  const name = citation.cited.replace(/^\.\//, '');
  const bases = ['', 'docs', dirname(citation.file)];
  return bases.some((base) => {
    const path = relative('.', join(base, name));
    return !path.startsWith('..') && exists(path);
  });
}

const files = SCANNED.flatMap(filesUnder)
  .map((file) => file.split('\\').join('/'))
  .sort();

describe('citations of documents', () => {
  it('scans the folders where citations live', () => {
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('src/engine/'))).toBe(true);
    expect(files.some((file) => file.startsWith('docs/games/'))).toBe(true);
  });

  it('finds a citation, and tells one that resolves from one that does not', () => {
    // Names of missing files are built here, so that this file does not cite them itself.
    const md = (name: string) => `${name}.md`;
    const game = md('docs/games/dye-pot');
    const present = new Set(['docs/matchfile.md', game, 'README.md']);
    const exists = (path: string) => present.has(path);
    const text = `// See ${game}, "Rules", and matchfile.md;\n// then ${md('RULEBOOK')}, and https://example.com/a/${md('NOTES')}`;
    const found = citationsIn('src/engine/x.ts', text);
    expect(found.map((c) => [c.cited, c.line])).toEqual([
      [game, 1],
      ['matchfile.md', 1],
      [md('RULEBOOK'), 2],
    ]);
    expect(found.map((c) => resolves(c, exists))).toEqual([true, true, false]);
    // A relative link from docs/games/ to the match file format, and one that climbs out of the repository.
    expect(resolves({ file: game, line: 1, cited: md('../matchfile') }, exists)).toBe(true);
    expect(resolves({ file: 'src/x.ts', line: 1, cited: md('../../README') }, exists)).toBe(false);
  });

  it('cites only documents that are in the repository', () => {
    const missing = files
      .flatMap((file) => citationsIn(file, readFileSync(join(root, file), 'utf8')))
      .filter((citation) => !resolves(citation))
      .map((c) => `${c.file}:${c.line} cites ${c.cited}, which is not in the repository`);
    expect(missing).toEqual([]);
  });
});
