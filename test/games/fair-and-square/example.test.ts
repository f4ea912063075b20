// examples/fair-and-square.json replays to the result its host's guide documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, replayOutput } from '../../../src/engine/index.js';

describe('examples/fair-and-square.json', () => {
  const loaded = loadMatchText(readFileSync(join(__dirname, '../../../examples/fair-and-square.json'), 'utf8'));
  if (!loaded.ok) throw new Error(loaded.error);
  const out = replayOutput(replayMatch(loaded.value));

  it('ends with Hana winning on 8 points and Cara the elimination candidate on 2', () => {
    expect(out.final?.scores).toEqual({ p1: 4, p2: 3, p3: 2, p4: 6, p5: 5, p6: 5, p7: 7, p8: 8 });
    expect(out.final?.winners).toEqual(['p8']);
    expect(out.final?.eliminationCandidate).toBe('p3');
    expect(out.final?.awards.filter((a) => a.tokensOfLife > 0).map((a) => a.player)).toEqual([
      'p1',
      'p4',
      'p5',
      'p6',
      'p7',
      'p8',
    ]);
    expect(out.final?.detail.tiebreaks).toEqual([
      'Eve and Finn tied on 5 points; Eve placed ahead on more 3s captured (1 to 0)',
    ]);
    expect(out.pending).toEqual([]);
  });

  it('refuses a placement by a 3, a placement of three pieces and an unaffordable priority', () => {
    expect(out.rejected.map((r) => [r.phase, r.player, r.reason])).toEqual([
      ['round-1', 'p3', 'pieces: D5 is diagonally next to the 3 on C4; no piece may start diagonally next to a 3'],
      [
        'round-3',
        'p2',
        'pieces: name exactly 4 pieces, not 3 (e.g. "Fortress B2; Marauder F2; Dasher B6; Sprinter F6")',
      ],
      ['round-3', 'p4', 'priority: costs 1 garnet and you have none to spend; your pieces still count'],
    ]);
    expect(out.rounds).toHaveLength(3);
  });
});
