// Property tests over whole bot matches: every bot answer is legal, replay is deterministic,
// pallet squares are conserved (on the pallet + on the domain + removed = 192), no pallet square
// is used twice, the domain stays consistent and the scores are the domain counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../../src/engine/core/simulate.js';
import { pegDomain } from '../../../src/engine/games/peg-domain/index.js';
import { isOnPallet } from '../../../src/engine/games/peg-domain/pallet.js';
import type { PegState } from '../../../src/engine/games/peg-domain/state.js';
import { baseFile, matchOf } from '../../helpers/match.js';
import { START, replayPeg } from './helpers.js';

const ITEMS = ['additional-peg', 'rapid-removal', 'peg-subtraction'];

function checkInvariants(state: PegState, players: string[]): void {
  for (const player of players) {
    const pallet = state.pallets[player];
    const placed = state.turns.filter((t) => t.mover === player).flatMap((t) => t.placement?.cut.cells ?? []);
    const removed = state.turns.filter((t) => t.mover === player).flatMap((t) => t.removal?.removed ?? []);
    const onPallet = pallet.pegs.filter((_, i) => isOnPallet(pallet, i)).length;
    expect(onPallet + placed.length + removed.length).toBe(192);
    expect(new Set([...placed, ...removed]).size).toBe(placed.length + removed.length);
    for (const cell of placed) expect(pallet.cutIn[cell]).toBeGreaterThan(0);
    for (const cell of removed) expect(pallet.removedIn[cell]).toBeGreaterThan(0);
  }
  // Every domain peg sits on a square its placer owns, and each placement put down exactly 2 pegs.
  state.domain.peg.forEach((peg, i) => {
    if (peg) expect(state.domain.owner[i]).not.toBeNull();
  });
  for (const turn of state.turns) {
    if (!turn.placement) continue;
    const pallet = state.pallets[turn.mover];
    expect(turn.placement.cut.cells.filter((c) => pallet.pegs[c])).toHaveLength(2);
  }
}

describe('bot matches', () => {
  it('stay legal, conserve pallet squares and replay to the same result', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.constantFrom('classic', 'final'),
        fc.constantFrom('random', 'greedy'),
        fc.constantFrom('random', 'greedy'),
        fc.boolean(),
        fc.subarray(ITEMS),
        fc.subarray(ITEMS),
        (seed, variant, bot1, bot2, timed, items1, items2) => {
          const options = variant === 'final' ? { variant, items: { p1: items1, p2: items2 } } : { variant };
          const match = matchOf(baseFile('peg-domain', 2, { seed, options, ...(timed ? { startAt: START } : {}) }));
          const played = simulate(pegDomain, match, { bots: { p1: bot1, p2: bot2 }, secondsBetween: 50 });
          const result = replayPeg(played);
          expect(result.rejected).toEqual([]);
          expect(result.final).not.toBeNull();
          checkInvariants(result.state, ['p1', 'p2']);
          const owned = (id: string) => result.state.domain.owner.filter((o) => o === id).length;
          expect(result.final?.scores).toEqual({ p1: owned('p1'), p2: owned('p2') });
          expect(replayPeg(played).state).toEqual(result.state);
          // Bots finish only when nothing fits (with 100 s per answer in a timed match, nobody runs out of time).
          for (const turn of result.state.turns.filter((t) => t.outcome !== 'placed'))
            expect(turn.outcome).toBe('finished');
        },
      ),
      { numRuns: 12 },
    );
  });
});
