// Names that say where they are (issue 43): no two files of src/ share a name, so a name in a
// stack trace, an import or a comment points at one file. Three layouts repeat names on purpose,
// each documented: a game's folder keeps each hook in the same file as every other game's
// (docs/architecture.md, "A game"), a command's file in src/cli/commands/ is named after the
// command, and a folder's public face is its index.ts (main.ts: the entry of each bundle).
import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Whether `path` is in a layout that repeats names on purpose. */
function byLayout(path: string): boolean {
  return (
    /^src\/engine\/games\/[^/]+\//.test(path) ||
    path.startsWith('src/cli/commands/') ||
    ['index.ts', 'main.ts'].includes(basename(path))
  );
}

/** Each name two files share, with the files. */
function repeated(paths: readonly string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const path of paths.filter((p) => !byLayout(p)))
    byName.set(basename(path), [...(byName.get(basename(path)) ?? []), path]);
  return [...byName.values()].filter((same) => same.length > 1).map((same) => same.join(' and '));
}

describe('file names', () => {
  it('finds a repeat, outside the layouts that repeat on purpose', () => {
    // Made-up folders: scripts/reorganise.mjs rewrites every real path it moves, in tests too.
    expect(repeated(['src/one/ports.ts', 'src/two/deep/ports.ts'])).toEqual([
      'src/one/ports.ts and src/two/deep/ports.ts',
    ]);
    expect(
      repeated([
        'src/engine/games/a/view.ts',
        'src/engine/games/b/view.ts',
        'src/cli/commands/replay.ts',
        'src/engine/core/replay.ts',
      ]),
    ).toEqual([]);
  });

  it('no two files of src/ share a name', () => {
    expect(repeated(files('src'))).toEqual([]);
  });
});
