// The example match files replay to the results their guide documents.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, replayOutput } from '../../../src/engine/index.js';
import type { PegState } from '../../../src/engine/games/peg-domain/state.js';

function example(name: string) {
  const loaded = loadMatchText(readFileSync(join(__dirname, '../../../examples', name), 'utf8'));
  if (!loaded.ok) throw new Error(loaded.error);
  const result = replayMatch(loaded.value);
  return { result, state: result.state as PegState, out: replayOutput(result) };
}

describe('examples', () => {
  it('peg-domain-classic.json: Ben wins 48 to 33; Ann runs out of time in her last turn', () => {
    const { out, state } = example('peg-domain-classic.json');
    expect(out.final).toMatchObject({
      scores: { p1: 33, p2: 48 },
      winners: ['p2'],
      losers: ['p1'],
      eliminationCandidate: 'p1',
    });
    expect(out.rounds).toHaveLength(27);
    expect(out.rejected.map((r) => r.reason)).toEqual([
      'cut: step 1 (U) goes off the pallet from A1 (columns A–P, rows 1–12)',
      'finish: you answered yes and also sent a move; send either finish: yes or a cut-out and a placement',
      'cut: the path ends on D3, which is not a peg; it must end on a second peg; place: J5 is off the board (columns A–I, rows 1–9)',
    ]);
    expect(state.turns[26]).toMatchObject({ mover: 'p1', outcome: 'out-of-time', secondsUsed: 490, reserveLeft: 0 });
    expect(state.finishedIn).toEqual({ p2: 24, p1: 27 });
  });

  it('peg-domain-final.json: Ann wins 45 to 35, with all three items used', () => {
    const { out, state } = example('peg-domain-final.json');
    expect(out.final).toMatchObject({
      scores: { p1: 45, p2: 35 },
      winners: ['p1'],
      losers: ['p2'],
      eliminationCandidate: null,
    });
    expect(out.rounds).toHaveLength(30);
    expect(out.rejected.map((r) => r.reason)).toEqual([
      'extraPeg: B1 is already a peg',
      'remove: B1 is a peg; only a square may be removed',
      'remove: Z9 is off the board (columns A–P, rows 1–12)',
    ]);
    expect(state.itemsUsed).toEqual({ p1: { 'additional-peg': 0, 'peg-subtraction': 5 }, p2: { 'rapid-removal': 1 } });
    expect(out.rounds[0]).toMatchObject({
      removal: { by: 'p2', square: 'H12', rapid: true, removed: ['H11', 'I11', 'H12', 'I12'] },
    });
    expect(out.rounds[4]).toMatchObject({ subtracted: 'D1' });
  });
});
