// examples/highest-unique.json replays to the result its guide (docs/games/highest-unique.md) describes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, replayOutput, resultLine } from '../../../src/engine/index.js';

const text = readFileSync(join(__dirname, '../../../examples/highest-unique.json'), 'utf8');

describe('examples/highest-unique.json', () => {
  const loaded = loadMatchText(text);
  if (!loaded.ok) throw new Error(loaded.error);
  const result = replayMatch(loaded.value);
  const out = replayOutput(result);

  it('replays to its documented result', () => {
    expect(out.rounds.map((r) => [r.uniqueHigh, r.scoredBy])).toEqual([
      [10, 'p1'],
      [9, 'p2'],
      [3, 'p3'],
      [3, 'p3'],
      [6, 'p4'],
    ]);
    expect(out.final?.scores).toEqual({ p1: 10, p2: 9, p3: 6, p4: 6 });
    expect(out.rejected.map((r) => r.reason)).toEqual([
      'pick: 11 is not a whole number from 1 to 10',
      'pick: "7.0" is not a whole number from 1 to 10 written in digits',
    ]);
    expect(resultLine(result)).toBe(
      'winner Ann (10) · loser Dev (6) on a tie-break (tied on 6 with Cara; fewer rounds scored (1 to 2)) · elimination candidate Dev',
    );
    expect(out.final?.awards.filter((a) => a.garnets !== 0)).toEqual([
      { player: 'p1', garnets: 1, tokensOfLife: 0, note: 'Most points (10): wins 1 garnet' },
    ]);
  });
});
