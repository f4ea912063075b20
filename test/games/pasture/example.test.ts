// The example match replays to the result its guide documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/engine/core/replay.js';
import { replayOutput } from '../../../src/engine/core/replay-output.js';
import { pasture } from '../../../src/engine/games/pasture/index.js';
import type { PastureState } from '../../../src/engine/games/pasture/state.js';
import { loadMatchText } from '../../../src/engine/index.js';

const example = () => {
  const loaded = loadMatchText(readFileSync(join(__dirname, '../../../examples/pasture.json'), 'utf8'));
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
};

describe('examples/pasture.json', () => {
  it('replays to its documented result', () => {
    const result = replay<PastureState>(pasture, example());
    const out = replayOutput(result);
    expect(out.final).toMatchObject({
      scores: { p1: 2290, p2: 1612, p3: 3728, p4: 2290, p5: 3728, p6: 246, p7: 3728, p8: 2290, p9: 2290, p10: 1407 },
      winners: ['p3', 'p5', 'p7'],
      losers: ['p6'],
      eliminationCandidate: null,
    });
    expect(out.final!.awards.map((a) => [a.player, a.garnets])).toEqual([
      ['p3', 2],
      ['p5', 2],
      ['p7', 2],
      ['p1', 1],
      ['p4', 1],
      ['p8', 1],
      ['p9', 1],
      ['p2', -2],
      ['p6', -3],
      ['p8', -1],
      ['p10', -2],
    ]);
    expect(out.rejected.map((r) => [r.player, r.reason])).toEqual([
      ['p1', 'plan: V:J does not split your pasture A1:G14 strictly inside it (a vertical fence there is V:A to V:F)'],
      [
        'p4',
        "move: E7 is neither in your sheep's row (5) nor its column (C); a sheep moves only along its row or column, so it stays",
      ],
      ['p4', 'extra: 1 extra vote costs 1 garnet and you have 0; no extra votes were bought'],
    ]);
    const { state } = result;
    expect(state.placedAtRandom).toEqual(['p9']);
    // Cara's second plan replaced her first (P3), so round 1 has no P3.
    expect(state.rounds[0].plans.map((p) => p.id)).toEqual(['P1', 'P2', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']);
    expect(state.rounds[0].results.map((r) => [r.passed?.plan, r.decidedBy])).toEqual([
      ['P1', 'earliest plan'],
      ['P6', 'dominant votes'],
    ]);
    expect(state.rounds.map((r) => r.gates.map((g) => g.player))).toEqual([[], ['p10'], ['p6'], [], ['p2', 'p10']]);
    expect(out.rounds).toHaveLength(5);
  });
});

// How fast a full bot match replays is a target of npm run bench (bench/bench.ts: under 50 ms, the median), not of a test.
