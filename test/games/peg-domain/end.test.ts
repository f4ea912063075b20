// The end: most domain squares, then most pallet squares used, then the tiebreak winner (the
// option; in the final variant by default the player with more items; else the seeded draw).
import { describe, expect, it } from 'vitest';
import { pegMatch, replayPeg, sub } from './helpers.js';

const bothFinish = [sub('turn-1', 'p1', { finish: 'yes' }), sub('turn-2', 'p2', { finish: 'yes' })];

describe('who wins', () => {
  it('more domain squares', () => {
    const { final } = replayPeg(
      pegMatch({}, [
        sub('turn-1', 'p1', { cut: 'A8 RR', place: 'E1 0' }),
        sub('turn-2', 'p2', { finish: 'yes' }),
        sub('turn-3', 'p1', { finish: 'yes' }),
      ]),
    );
    expect(final).toMatchObject({
      scores: { p1: 39, p2: 34 },
      winners: ['p1'],
      losers: ['p2'],
      eliminationCandidate: 'p2',
    });
    expect(final?.detail).toMatchObject({ decidedBy: 'more domain squares', palletSquaresUsed: { p1: 3, p2: 0 } });
    // No tie: the loser simply held fewer squares, and no tie-break is reported.
    expect(final?.tieBreak).toBeUndefined();
    expect(final?.awards.map((a) => a.note)).toEqual(['Wins the death match', 'Loses the death match: eliminated']);
  });

  it('then more pallet squares used (covering your own squares gains nothing but uses the pallet)', () => {
    const { final } = replayPeg(
      pegMatch({}, [
        sub('turn-1', 'p1', { cut: 'A8 RR', place: 'A1 0' }),
        sub('turn-2', 'p2', { finish: 'yes' }),
        sub('turn-3', 'p1', { finish: 'yes' }),
      ]),
    );
    expect(final).toMatchObject({ scores: { p1: 36, p2: 36 }, winners: ['p1'] });
    expect(final?.detail.decidedBy).toBe('tied on 36 domain squares; more pallet squares used');
    // What every sheet prints beside the loser's name.
    expect(final?.tieBreak).toBe('tied on 36 domain squares; more pallet squares used');
  });

  it('then the tiebreak winner named in the options (the DMO)', () => {
    const { final } = replayPeg(pegMatch({ tiebreakWinner: 'p2' }, bothFinish));
    expect(final?.winners).toEqual(['p2']);
    expect(final?.detail.decidedBy).toBe(
      'tied on 36 domain squares and 0 pallet squares used; Ben wins the tiebreak (option tiebreakWinner)',
    );
  });

  it('in the final variant, by default the player with more items; the loser is runner-up, not eliminated', () => {
    const { final } = replayPeg(
      pegMatch(
        { variant: 'final', items: { p1: ['rapid-removal'], p2: ['peg-subtraction', 'rapid-removal'] } },
        bothFinish,
      ),
    );
    expect(final).toMatchObject({ winners: ['p2'], losers: ['p1'], eliminationCandidate: null });
    expect(final?.detail.decidedBy).toBe('tied on 36 domain squares and 0 pallet squares used; Ben held more items');
    expect(final?.awards.map((a) => a.note)).toEqual(['Wins the final', 'Runner-up of the final']);
  });

  it('the option wins over items in the final variant', () => {
    const { final } = replayPeg(
      pegMatch({ variant: 'final', tiebreakWinner: 'p1', items: { p2: ['rapid-removal'] } }, bothFinish),
    );
    expect(final?.winners).toEqual(['p1']);
  });

  it('with nothing left to decide, the seeded draw, and the result says so', () => {
    const first = replayPeg(pegMatch({}, bothFinish));
    const again = replayPeg(pegMatch({}, bothFinish));
    expect(first.final?.winners).toEqual(again.final?.winners);
    const winner = first.final?.winners[0] === 'p1' ? 'Ann' : 'Ben';
    expect(first.final?.detail.decidedBy).toBe(
      `tied on 36 domain squares and 0 pallet squares used; no tiebreak winner was set, so the seeded draw picked ${winner}`,
    );
    const final = replayPeg(pegMatch({ variant: 'final' }, bothFinish)).final;
    expect(final?.detail.decidedBy).toMatch(
      /and items; no tiebreak winner was set, so the seeded draw picked (Ann|Ben)$/,
    );
  });
});
