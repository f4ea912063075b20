// docs/authoring.md's `check` example is code a new game copies: it must compile against the engine's
// types and helpers as they are, and pass what the answer fuzz asks of every game's refusals
// (test/security/answers.fuzz.test.ts): a reason of sane length, whatever the player typed. The
// example is taken from the page itself, so a page that drifts from the code fails here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { CheckResult, PhaseSpec, Submission } from '../../src/engine/core/game.js';
import { LONG_STRINGS, reasonProblem } from '../security/hostile.js';

const root = join(__dirname, '../..');

/** The page's code block that defines checkSubmission. */
function checkExample(): string {
  const page = readFileSync(join(root, 'docs/authoring.md'), 'utf8');
  const blocks = [...page.matchAll(/```ts\n([^]*?)```/g)].map((m) => m[1]);
  const block = blocks.find((b) => b.includes('export function checkSubmission'));
  if (!block) throw new Error('docs/authoring.md has no ts block defining checkSubmission');
  return block;
}

/**
 * The example as a module of its own, in a folder outside the repository (a test that reads every
 * file of test/ must never meet it): its imports made absolute, the sketch's types declared.
 */
function asModule(example: string): string {
  return `${example.replaceAll("'../../core/", `'${join(root, 'src/engine/core')}/`)}
type OddState = unknown;
interface OddMove { readonly pick: 'odd' | 'even' }
`;
}

type Check = (s: unknown, p: PhaseSpec, submission: Submission) => CheckResult<{ pick: string }>;

describe("docs/authoring.md's check example", () => {
  it('compiles against the engine, reads answers with its helpers, and keeps every refusal short', async () => {
    const example = checkExample();
    expect(example).toMatch(/from '\.\.\/\.\.\/core\/answers\.js'/);
    expect(example).toMatch(/from '\.\.\/\.\.\/core\/quote\.js'/);
    const folder = mkdtempSync(join(tmpdir(), 'genius-host-authoring-'));
    const file = join(folder, 'parse.ts');
    writeFileSync(file, asModule(example));
    try {
      // The type check, with the project's own compiler options.
      const config = ts.readConfigFile(join(root, 'tsconfig.json'), (path) => ts.sys.readFile(path));
      const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
      const program = ts.createProgram([file], { ...options, noEmit: true });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);

      const { checkSubmission } = (await import(file)) as { checkSubmission: Check };
      const phase = { id: 'step-1', title: 'Step 1', kind: 'step' } as unknown as PhaseSpec;
      const offer = (pick: unknown) =>
        checkSubmission(undefined, phase, { phase: 'step-1', player: 'p1', answers: { pick } } as Submission);
      expect(offer(' Odd ')).toEqual({ ok: true, move: { pick: 'odd' } });
      expect(offer(['even'])).toEqual({ ok: true, move: { pick: 'even' } });
      // The fuzz's long answers, and any text at all: refused with a reason the host's log can hold.
      const refusals = [...LONG_STRINGS.map((l) => l.text), '', 'constructor', 'odd\u202Eeven'].map(offer);
      for (const result of refusals) if (!result.ok) expect(reasonProblem(result.reason)).toBeNull();
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 2000 })), (text) => {
          const result = offer(text);
          if (!result.ok) expect(reasonProblem(result.reason)).toBeNull();
        }),
        { numRuns: 200 },
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
