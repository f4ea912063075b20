// A fresh match of a game, ready to take submissions: what a test of a game's answers starts from.
import { MatchRun } from '../../src/engine/core/replay.js';
import { gameById, newMatch } from '../../src/engine/index.js';

export function freshRun(gameId: string): MatchRun {
  const match = newMatch(gameId, { seed: 'regression' });
  if (!match.ok) throw new Error(match.error);
  return new MatchRun(gameById(match.value.game), match.value);
}
