// The shared yes/no words (src/engine/core/answers.ts, test/core/answers.test.ts) in Peg Domain's yes/no question:
// each answered with every word (mixed case, spaces around).
import { describe, expect, it } from 'vitest';
import { pegMatch, piece, replayPeg, sub } from './helpers.js';

const YES = ['yes', 'Y', ' true ', 'TRUE'];
const NO = ['no', 'N', ' false ', 'False'];

describe('the same words in every game', () => {
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
