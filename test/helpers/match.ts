// Small builders for match files in tests.
import { loadMatch, samplePlayers } from '../../src/engine/index.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';

export function matchOf(input: Record<string, unknown>): MatchFile {
  const loaded = loadMatch(input);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

export function baseFile(game: string, playerCount: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { game, seed: 'test', players: samplePlayers(playerCount), options: {}, submissions: [], decisions: [], ...extra };
}
