// One answer vocabulary (src/engine/core/answers.ts): an answer read as one trimmed text, a list
// joined by "; ", and the same yes/no words in every game that asks a yes/no question.
import { describe, expect, it } from 'vitest';
import {
  LIST_SEPARATOR,
  NO_WORDS,
  YES_WORDS,
  answerText,
  answerTexts,
  readYesNo,
} from '../../src/engine/core/answers.js';

describe('answerText', () => {
  it('trims, joins a list with "; " and leaves blanks out', () => {
    const answers = { a: '  12 ', b: [' P1', '', 'P2 '], c: '   ', d: [] as string[], e: ['  '] };
    expect(answerText(answers, 'a')).toBe('12');
    expect(answerText(answers, 'b')).toBe(`P1${LIST_SEPARATOR}P2`);
    expect(answerText(answers, 'b')).toBe('P1; P2');
    expect(['c', 'd', 'e', 'missing'].map((key) => answerText(answers, key))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(answerTexts(answers)).toEqual({ a: '12', b: 'P1; P2' });
  });

  it("reads only the answers' own keys", () => {
    expect(answerText({}, 'constructor')).toBeUndefined();
    expect(answerText({}, '__proto__')).toBeUndefined();
    expect(answerText({}, 'toString')).toBeUndefined();
    expect(answerTexts(JSON.parse('{"__proto__": "yes", "constructor": " no "}'))).toEqual({ constructor: 'no' });
  });
});

describe('readYesNo', () => {
  it('reads yes, y, true and no, n, false in any case with spaces around', () => {
    expect(YES_WORDS).toEqual(['yes', 'y', 'true']);
    expect(NO_WORDS).toEqual(['no', 'n', 'false']);
    for (const word of ['yes', 'Y', ' TRUE ', 'True']) expect(readYesNo('q', word)).toEqual({ ok: true, value: true });
    for (const word of ['no', 'N', ' FALSE ', 'No']) expect(readYesNo('q', word)).toEqual({ ok: true, value: false });
  });

  it('refuses anything else, naming the question and the answer', () => {
    expect(readYesNo('reveal', 'maybe')).toEqual({
      ok: false,
      error: 'reveal: "maybe" is not yes or no; answer yes or no (or leave it blank)',
    });
    expect(readYesNo('buyGate', 'yes please', 'answer yes to buy')).toEqual({
      ok: false,
      error: 'buyGate: "yes please" is not yes or no; answer yes to buy',
    });
    for (const word of ['yess', 'ye', 'finish', 'ok', '1', '0', 'nope', 'y e s'])
      expect(readYesNo('q', word).ok).toBe(false);
  });
});
