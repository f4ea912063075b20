// The layout rule (.dependency-cruiser.mjs, run by npm run check) refuses what it says it refuses:
// a small tree of src/ folders, each breaking one rule, cruised with the project's own config. The
// tree's allowed imports (a game's own file, the CLI importing the engine, the triggers' pipeline
// importing their saved state) draw no complaint; a cycle is reported once, at the module the
// cruise meets first, and a cycle through a type-only import is one too. An import written
// `type:…` here is type-only.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** Each file of the tree and what it imports. */
const TREE: Record<string, string[]> = {
  'src/engine/core/upward.ts': ['../../sheets/node-side.js'],
  'src/engine/core/names-a-game.ts': ['../games/one/rules.js'],
  'src/engine/games/one/rules.ts': ['./state.js', '../two/rules.js'],
  'src/engine/games/one/state.ts': [],
  'src/engine/games/two/rules.ts': [],
  'src/sheets/node-side.ts': ['node:fs'],
  'src/node/uses-cli.ts': ['../cli/command.js'],
  'src/cli/command.ts': ['../node/uses-cli.js', '../engine/games/one/state.js'],
  'src/misc/anywhere.ts': ['../engine/games/two/rules.js'],
  'src/engine/core/left.ts': ['type:./right.js'],
  'src/engine/core/right.ts': ['./left.js'],
  'src/triggers/saved/keys.ts': ['../schedule/when.js'],
  'src/triggers/schedule/when.ts': [],
  'src/triggers/execution/pipeline.ts': ['../schedule/when.js', '../saved/keys.js'],
  'src/triggers/loose.ts': ['./saved/keys.js'],
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

function cruiseTree(): Violation[] {
  const dir = mkdtempSync(join(tmpdir(), 'gh-layout-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', verbatimModuleSyntax: true } }),
  );
  for (const [file, imports] of Object.entries(TREE)) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    const lines = imports.map((spec, i) =>
      spec.startsWith('type:')
        ? `import type { T } from '${spec.slice(5)}';\nexport type V${i} = T;`
        : `import * as m${i} from '${spec}';\nexport const v${i} = m${i};`,
    );
    writeFileSync(join(dir, file), `${lines.join('\n')}\nexport const here = 1;\n`);
  }
  const config = join(root, '.dependency-cruiser.mjs');
  const result = spawnSync(process.execPath, [depcruise, 'src', '--config', config, '--output-type', 'json'], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  const report = JSON.parse(result.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

describe('the layout rule', () => {
  // A child process that starts dependency-cruiser: up to a minute on two busy cores.
  it('refuses an upward import, a cycle (through a type too), a game importing another, Node in the bundle, a folder with no layer, a trigger folder importing one above it or none', () => {
    const found = cruiseTree().map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(found.sort()).toEqual(
      [
        'engine-imports-only-below: src/engine/core/upward.ts → src/sheets/node-side.ts',
        'core-names-no-game: src/engine/core/names-a-game.ts → src/engine/games/one/rules.ts',
        'game-imports-only-core: src/engine/games/one/rules.ts → src/engine/games/two/rules.ts',
        'bundle-has-no-node: src/sheets/node-side.ts → fs',
        'node-imports-only-below: src/node/uses-cli.ts → src/cli/command.ts',
        'no-circular: src/cli/command.ts → src/node/uses-cli.ts',
        'folder-has-a-layer: src/misc/anywhere.ts → src/engine/games/two/rules.ts',
        'no-circular: src/engine/core/left.ts → src/engine/core/right.ts',
        'triggers-saved-imports-only-below: src/triggers/saved/keys.ts → src/triggers/schedule/when.ts',
        'triggers-file-has-a-folder: src/triggers/loose.ts → src/triggers/saved/keys.ts',
      ].sort(),
    );
  }, 60_000);
});
