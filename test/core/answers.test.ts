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
import { say, run as runPaint, strip } from '../games/paint/helpers.js';
import { orders, plans, play as playPasture, players, start } from '../games/pasture/helpers.js';
import { pegMatch, piece, replayPeg, sub } from '../games/peg-domain/helpers.js';

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

// Every yes/no question of every game, answered with each word (mixed case, spaces around).
const YES = ['yes', 'Y', ' true ', 'TRUE'];
const NO = ['no', 'N', ' false ', 'False'];

describe('the same words in every game', () => {
  it('Paint `reveal`', () => {
    const revealed = (word: string) =>
      runPaint({
        canvas: strip([4, 4]),
        garnets: { p1: 1 },
        submissions: [say(1, 'p1', { segment: '2' }), say(2, 'p1', { segment: '1', reveal: word })],
      }).state.rounds[1].moves.p1;
    for (const word of YES) expect(revealed(word).reveal).toBe(true);
    for (const word of NO) expect(revealed(word).reveal).toBe(false);
  });

  it('Pasture `buyGate` (refused `true` before the vocabulary was shared)', () => {
    const bought = (word: string) => {
      const result = playPasture({
        players: players(2, { p1: 2 }),
        submissions: [
          ...start({ p1: 'C3', p2: 'J9' }),
          ...plans(1, [['p1', 'V:D']]),
          ...orders(1, { p1: { buyGate: word } }),
        ],
      });
      expect(result.rejected).toEqual([]);
      return result.state.gateBoughtIn.p1 === 1;
    };
    for (const word of YES) expect(bought(word)).toBe(true);
    for (const word of NO) expect(bought(word)).toBe(false);
  });

  it('Peg Domain `finish` (took "finished" and refused `false` before)', () => {
    const outcome = (answers: Record<string, string>) => {
      const result = replayPeg(pegMatch({}, [sub('turn-1', 'p1', answers), sub('turn-1', 'p1', piece('A8', 'E1 0'))]));
      return [result.state.turns[0].outcome, result.rejected.map((r) => r.reason)];
    };
    for (const word of YES)
      expect(outcome({ finish: word })).toEqual(['finished', ['Turn 1 (Ann to move) had already ended']]);
    // No: play on, so the move that follows counts (a "no" with nothing else is not a move).
    for (const word of NO) expect(outcome({ finish: word })[0]).toBe('placed');
    expect(outcome({ finish: 'finished' })).toEqual([
      'placed',
      ['finish: "finished" is not yes or no; answer yes to finish, or no (or leave it blank) to play on'],
    ]);
  });
});
