// The bugs the security fuzzing found, each pinned by the smallest input that showed it.
import { describe, expect, it } from 'vitest';
import { MatchRun } from '../../src/engine/core/replay.js';
import { gameById, newMatch } from '../../src/engine/index.js';

function freshRun(gameId: string): MatchRun {
  const match = newMatch(gameId, { seed: 'regression' });
  if (!match.ok) throw new Error(match.error);
  return new MatchRun(gameById(match.value.game), match.value);
}

describe('regressions found by the security fuzzing', () => {
  it('a submission from a player id that names an Object member is refused, not a crash', () => {
    const run = freshRun('not-flower-field');
    for (const player of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const receipt = run.offer({ phase: 'pregame', player, answers: { colour: 'red' } }, 0);
      expect(receipt.status).toBe('rejected');
      expect(receipt.reasons[0]).toMatch(/has nothing to answer in Pregame/);
    }
  });
});
