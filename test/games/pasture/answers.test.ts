// The shared yes/no words (src/engine/core/answers.ts, test/core/answers.test.ts) in Pasture's yes/no question:
// each answered with every word (mixed case, spaces around).
import { describe, expect, it } from 'vitest';
import { orders, plans, play as playPasture, players, start } from './helpers.js';

const YES = ['yes', 'Y', ' true ', 'TRUE'];
const NO = ['no', 'N', ' false ', 'False'];

describe('the same words in every game', () => {
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
});
