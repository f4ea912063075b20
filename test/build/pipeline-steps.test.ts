// One answer's path through an execution without going back and forth (issue 43): each step of
// the pipeline (src/triggers/execution/pipeline.ts) takes what it needs as values and answers what
// it found, instead of reaching back through the context into shared helpers. These checks keep
// the narrowings that made it so: the execution's record is read once, the collectors and the plan
// answer entries for the pipeline to add, each form's spec is made once per replay, and what the
// steps need of the messages is handed to them. Read with the TypeScript compiler's parser, so
// comments never count.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
/** The folders an execution's steps live in (src/triggers/README.md); host/ and saved/ are not steps. */
const STEPS = ['answers', 'messages', 'drawing', 'schedule', 'execution'].map((f) => `src/triggers/${f}`);

function stepFiles(): string[] {
  return STEPS.flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `${dir}/${name}`),
  );
}

/** Where `text` calls a function or method named `name`: `name(…)` or `….name(…)`, by file and line. */
function callsOf(path: string, text: string, name: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const called = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : '';
      if (called === name) found.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** What `path` imports: each module as written, and each name it takes from it. */
function importsOf(path: string, text: string): { module: string; names: string[] }[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  return file.statements.flatMap((s) => {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) return [];
    const bindings = s.importClause?.namedBindings;
    const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((e) => e.name.text) : [];
    return [{ module: s.moduleSpecifier.text, names }];
  });
}

const importsIn = (path: string) => importsOf(path, readFileSync(join(root, path), 'utf8'));

/** Every call named `name` in the steps' files, file by file. */
function stepCalls(name: string): string[] {
  return stepFiles().flatMap((path) => callsOf(path, readFileSync(join(root, path), 'utf8'), name));
}

const file = (line: string) => line.replace(/:\d+$/, '');

describe("the pipeline's steps take values and answer what they found", () => {
  it('finds a call however it is written, and not in a comment', () => {
    expect(callsOf('a.ts', 'ctx.pointers.state();\nformSpecs(ctx, r);', 'state')).toEqual(['a.ts:1']);
    expect(callsOf('a.ts', 'ctx.pointers.state();\nformSpecs(ctx, r);', 'formSpecs')).toEqual(['a.ts:2']);
    expect(callsOf('a.ts', '// ctx.pointers.state()\nconst state = 1;', 'state')).toEqual([]);
  });

  it("reads the execution's record once, in the pipeline, and hands each step its part", () => {
    expect(stepCalls('state').map(file)).toEqual(['src/triggers/execution/pipeline.ts']);
  });

  it('leaves adding to the log to the pipeline: no collector nor the plan holds the inputs', () => {
    const holders = stepFiles().filter((path) => importsIn(path).some((i) => i.names.includes('Inputs')));
    expect(holders).toEqual(['src/triggers/execution/pipeline.ts']);
  });

  it("makes each form's spec once per replay: the first in decide, the second in the pipeline", () => {
    expect(stepCalls('formSpecs').map(file).sort()).toEqual([
      'src/triggers/execution/decide.ts',
      'src/triggers/execution/pipeline.ts',
    ]);
  });

  it("hands the messages step's facts on: neither the plan nor the schedule asks messages.ts itself", () => {
    for (const path of ['src/triggers/execution/decide.ts', 'src/triggers/schedule/next-due.ts'])
      expect(importsIn(path).map((i) => i.module)).not.toContain('../messages/messages.js');
  });
});
