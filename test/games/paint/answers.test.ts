// The shared yes/no words (src/engine/core/answers.ts, test/core/answers.test.ts) in Paint's yes/no question:
// each answered with every word (mixed case, spaces around).
import { describe, expect, it } from 'vitest';
import { say, run as runPaint, strip } from './helpers.js';

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
});
