// The bugs the security fuzzing found in the engine, each pinned by the smallest input that showed it;
// each game's own are in its test folder (test/games/<id>/security.test.ts).
import { describe, expect, it } from 'vitest';
import { parseCell, parseCellList } from '../../src/engine/core/coords.js';
import { mention, quote } from '../../src/engine/core/quote.js';
import { answersText } from '../../src/engine/core/views.js';
import { loadMatchText } from '../../src/engine/index.js';

describe('regressions found by the security fuzzing', () => {
  it('an echoed answer is quoted, kept short and on one line', () => {
    expect(quote('A1')).toBe('"A1"');
    expect(quote('a\nb"c')).toBe('"a\\nb\\"c"');
    expect(quote('\u202Eevil\u2028')).toBe('"\\u202eevil\\u2028"');
    expect(quote('x'.repeat(100_000))).toBe(`"${'x'.repeat(40)}…"`);
    // A surrogate pair is never cut in half, and a lone surrogate is written escaped.
    expect(quote(`${'x'.repeat(39)}😀😀`)).toBe(`"${'x'.repeat(39)}…"`);
    expect(quote('\uD800')).toBe('"\\ud800"');
    expect(mention('stir-2')).toBe('stir-2');
    expect(mention('Mary Ann')).toBe('Mary Ann');
    expect(mention('stir-2\n')).toBe('"stir-2\\n"');
  });

  it('a long coordinate is refused with a reason that does not repeat it', () => {
    const shape = { rows: 8, cols: 8 };
    for (const text of [
      'A'.repeat(5_000),
      `${'A'.repeat(5_000)}1`,
      `A1 ${'='.repeat(5_000)}`,
      `A1 B2 x\n${'y'.repeat(5_000)}`,
    ]) {
      const single = parseCell(text, shape);
      const list = parseCellList(text, shape);
      for (const result of [single, list]) {
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error.length).toBeLessThan(200);
          expect(result.error).not.toMatch(/\n/);
        }
      }
    }
  });

  it('the host log shows at most what the engine reads of an answer, never more than a Sheets cell holds', () => {
    expect(answersText({ own: 'A1 B2 C3', others: ['=1+1', '+1'] })).toBe('own: A1 B2 C3 | others: =1+1, +1');
    const shown = answersText({ [`q${'x'.repeat(1000)}`]: 'y'.repeat(100_000) });
    expect(shown).toBe(`q${'x'.repeat(59)}…: ${'y'.repeat(1000)}…`);
    const many = answersText(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'v'.repeat(900)])));
    expect(many.length).toBe(10_001);
    expect(many.endsWith('…')).toBe(true);
  });
});

describe('loader regressions found by the security fuzzing', () => {
  function errorOf(result: { ok: true } | { ok: false; error: string }): string {
    if (result.ok) throw new Error('expected the file to be refused');
    return result.error;
  }

  it('text that is not JSON is answered on one line, whatever bytes it holds', () => {
    // (The parser's own wording differs between Node versions; the escapes are ours.)
    const bytes = errorOf(loadMatchText('\u0000\n'));
    expect(bytes).toMatch(/^\(match file\): not valid JSON: .*\\u0000\\u000a/);
    // eslint-disable-next-line no-control-regex -- a NUL in the bytes is what this test looks for
    expect(bytes).not.toMatch(/[\u0000\n]/);
    const long = errorOf(loadMatchText(`{"game":\n\u2028${'x'.repeat(5000)}`));
    expect(long).not.toMatch(/[\n\r\u2028]/);
    expect(long.length).toBeLessThan(300);
  });
});
