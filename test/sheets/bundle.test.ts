// src/sheets goes into the Apps Script bundle, and the embedded workbook into its sandbox fakes:
// both stay pure (no Node, no clock, no Math.random), take nothing of googleapis but its types,
// and run in a bare node:vm context.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';

const root = join(__dirname, '../..');
const PURE = [
  ...readdirSync(join(root, 'src/sheets')).map((f) => join(root, 'src/sheets', f)),
  ...[
    'workbook.ts',
    'sheet-state.ts',
    'batch.ts',
    'batch-sheets.ts',
    'batch-cells.ts',
    'batch-metadata.ts',
    'fields.ts',
    'sheet-model.ts',
    'html.ts',
  ].map((f) => join(root, 'src/workbook', f)),
];

describe('the renderer and the embedded workbook stay pure', () => {
  it('import only the engine, each other, and googleapis types', () => {
    for (const path of PURE) {
      const text = readFileSync(path, 'utf8');
      for (const [line, spec] of [...text.matchAll(/^import(?: type)?[^'"]*'([^']+)';/gm)].map((m) => [m[0], m[1]])) {
        const name = relative(root, path);
        if (spec === '@googleapis/sheets') expect(line, `${name}: googleapis only as types`).toMatch(/^import type /);
        else expect(spec.startsWith('.') && !spec.includes('node:'), `${name} imports ${spec}`).toBe(true);
        if (name.startsWith('src/sheets'))
          expect(spec.startsWith('../workbook/'), `${name} must not import src/workbook`).toBe(false);
        if (name.startsWith('src/workbook'))
          expect(
            [
              './workbook.js',
              './sheet-state.js',
              './batch.js',
              './batch-sheets.js',
              './batch-cells.js',
              './batch-metadata.js',
              './fields.js',
              './sheet-model.js',
            ].includes(spec) ||
              spec.startsWith('../sheets/') ||
              spec.startsWith('../engine/core/'),
            `${name} imports ${spec}`,
          ).toBe(true);
      }
      const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const banned of [
        /Math\.random/,
        /Date\.now\(/,
        /new Date\(\)/,
        /\bprocess\./,
        /\brequire\(/,
        /\bsetTimeout\(/,
        /TextEncoder/,
        /structuredClone/,
      ]) {
        expect(banned.test(code), `${relative(root, path)} uses ${banned}`).toBe(false);
      }
    }
  });

  it('bundles small, without googleapis, and renders a match inside a bare sandbox', async () => {
    const entry = `
      import { loadMatchText, replayMatch, viewFor } from './src/engine/index.js';
      import { renderView } from './src/sheets/index.js';
      import { EmbeddedWorkbook } from './src/workbook/workbook.js';
      export function renderPublic(json) {
        const match = loadMatchText(json);
        const workbook = new EmbeddedWorkbook('sandbox');
        const report = renderView(workbook, viewFor(replayMatch(match.value), 'public'), { dropDefaultSheet: true });
        return JSON.stringify({ report, tabs: workbook.tabs.map((t) => t.title), batches: workbook.batchUpdates });
      }`;
    const result = await build({
      stdin: { contents: entry, resolveDir: root, loader: 'ts' },
      bundle: true,
      format: 'iife',
      globalName: 'Bundle',
      platform: 'neutral',
      mainFields: ['module', 'main'],
      target: 'es2019',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0].text;
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('googleapis'))).toBe(false);
    const sheetsBytes = Object.entries(result.metafile.outputs)[0][1].inputs;
    const rendererBytes = Object.entries(sheetsBytes)
      .filter(([path]) => path.startsWith('src/sheets/'))
      .reduce((sum, [, v]) => sum + v.bytesInOutput, 0);
    // 28 KB minified: the renderer, with the splitting of a render over 2 MB (chunk.ts, about 1.6 KB),
    // the Rules tab and the Season tab with its line on what it is for (about 26.4 KB after both merged),
    // and the memos that halve a render's time (format, character widths, part sizes: about 0.3 KB).
    expect(rendererBytes).toBeLessThan(28_000);

    const context = vm.createContext({});
    vm.runInContext('Math.random = () => { throw new Error("Math.random called"); };', context);
    vm.runInContext(code, context);
    const example = readFileSync(join(root, `examples/${EXAMPLE_GAME.id}.json`), 'utf8');
    const out = JSON.parse(vm.runInContext(`Bundle.renderPublic(${JSON.stringify(example)})`, context));
    expect(out.batches).toBe(1);
    expect(out.tabs.slice(0, 4)).toEqual(['Current', 'Scoreboard', 'Status', 'Legend']);
    expect(out.report.requests).toBeGreaterThan(50);
  });
});
