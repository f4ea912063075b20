// The final variant: the opponent's removal and its restrictions, and the three items with their
// timing limits. Ann (p1) moves in odd turns on PALLET_T; Ben (p2) removes from her pallet.
import { describe, expect, it } from 'vitest';
import { palletName } from '../../../src/engine/games/peg-domain/pallet.js';
import { START, at, ownedBy, pegMatch, pegNames, piece, replayPeg, sq, sub } from './helpers.js';

const FINAL = { variant: 'final' };
const removedFrom = (state: ReturnType<typeof replayPeg>['state'], player: string) =>
  state.pallets[player].removedIn.flatMap((turn, i) => (turn > 0 ? [`${palletName(i)}@${turn}`] : []));

describe("the opponent's removal", () => {
  it('removes a square at the end of the turn, and refuses pegs, squares touching a peg or an earlier removal, and squares already gone', () => {
    const result = replayPeg(
      pegMatch(FINAL, [
        sub('turn-1', 'p2', { remove: ' ' }),
        sub('turn-1', 'p2', { remove: 'B2' }),
        sub('turn-1', 'p2', { remove: 'C3' }),
        sub('turn-1', 'p2', { remove: 'E5' }),
        sub('turn-1', 'p1', piece('A8', 'E1 0')),
        sub('turn-2', 'p2', piece('A8', 'A2 0')),
        sub('turn-3', 'p2', { remove: 'F5' }),
        sub('turn-3', 'p2', { remove: 'E5' }),
        sub('turn-3', 'p2', { remove: 'B8' }),
        sub('turn-3', 'p2', { remove: 'H5' }),
        sub('turn-3', 'p1', piece('E8', 'E3 0')),
      ]),
    );
    expect(result.rejected.map((r) => r.reason)).toEqual([
      "remove: name a square of Ann's pallet, e.g. H6",
      'remove: B2 is a peg; only a square may be removed',
      'remove: C3 touches the peg B2; a removed square may not touch a peg, even diagonally',
      'remove: F5 touches E5, removed in turn 1; a removed square may not touch an earlier one, even diagonally',
      "remove: E5 is not on Ann's pallet any more (removed in turn 1)",
      "remove: B8 is not on Ann's pallet any more (cut in turn 1)",
    ]);
    expect(removedFrom(result.state, 'p1')).toEqual(['E5@1', 'H5@3']);
    expect(result.state.turns[0].removal).toMatchObject({ by: 'p2', removed: [sq('E5', 16)], note: 'removed E5' });
  });

  it('does nothing when the mover cut that square this turn', () => {
    const result = replayPeg(
      pegMatch(FINAL, [
        sub('turn-1', 'p2', { remove: 'B5' }),
        sub('turn-1', 'p1', { cut: 'A8 B8 C8 B7 B6 B5', place: 'E5 0' }),
      ]),
    );
    expect(result.rejected).toEqual([]);
    expect(removedFrom(result.state, 'p1')).toEqual([]);
    expect(result.state.turns[0].removal?.note).toBe('Ann cut B5 this turn, so the removal does nothing');
  });

  it("counts a removal sent before the mover's move even when listed after it; not one sent later", () => {
    const timed = (removeAt: number) =>
      replayPeg(
        pegMatch(
          FINAL,
          [sub('turn-1', 'p1', piece('A8', 'E1 0'), 40), sub('turn-1', 'p2', { remove: 'E5' }, removeAt)],
          { startAt: START },
        ),
      );
    expect(removedFrom(timed(30).state, 'p1')).toEqual(['E5@1']);
    expect(removedFrom(timed(40).state, 'p1')).toEqual(['E5@1']);
    const late = timed(41);
    expect(removedFrom(late.state, 'p1')).toEqual([]);
    expect(late.rejected.map((r) => r.reason)).toEqual(['Turn 1 (Ann to move) had already ended']);
  });

  it("refuses a removal sent after the mover's move even when listed before it; an earlier removal still stands", () => {
    // The move at 40 s ends turn 1. Ben's H5 at 50 s comes after it (listed first, refused); his
    // E5 at 30 s, listed last, came before it and is the removal that counts.
    const result = replayPeg(
      pegMatch(
        FINAL,
        [
          sub('turn-1', 'p2', { remove: 'H5' }, 50),
          sub('turn-1', 'p1', piece('A8', 'E1 0'), 40),
          sub('turn-1', 'p2', { remove: 'E5' }, 30),
        ],
        {
          startAt: START,
        },
      ),
    );
    expect(removedFrom(result.state, 'p1')).toEqual(['E5@1']);
    expect(result.rejected.map((r) => [r.submission, r.reason])).toEqual([
      [0, 'Turn 1 (Ann to move) had already ended'],
    ]);
    expect(result.receipts.map((r) => [r.index, r.status, r.superseded])).toEqual([
      [0, 'rejected', false],
      [1, 'accepted', false],
      [2, 'accepted', false],
    ]);
    // Listed alone before the move, the late removal is refused all the same.
    const alone = replayPeg(
      pegMatch(FINAL, [sub('turn-1', 'p2', { remove: 'H5' }, 50), sub('turn-1', 'p1', piece('A8', 'E1 0'), 40)], {
        startAt: START,
      }),
    );
    expect(removedFrom(alone.state, 'p1')).toEqual([]);
    expect(alone.rejected.map((r) => r.reason)).toEqual(['Turn 1 (Ann to move) had already ended']);
  });

  it('is not asked in the classic variant', () => {
    const result = replayPeg(pegMatch({}, [sub('turn-1', 'p2', { remove: 'E5' })]));
    expect(result.rejected.map((r) => r.reason)).toEqual(['Ben has nothing to answer in Turn 1 (Ann to move)']);
  });
});

describe('Rapid Removal', () => {
  it('removes the 3×3 area around the centre, sparing squares that touch a peg', () => {
    const result = replayPeg(
      pegMatch({ ...FINAL, items: { p2: ['rapid-removal'] } }, [
        sub('turn-1', 'p2', { remove: 'B5', rapid: 'yes' }),
        sub('turn-1', 'p1', piece('A8', 'E1 0')),
      ]),
    );
    expect(result.rejected).toEqual([]);
    // C4 touches the peg D3 (diagonally) and is spared.
    expect(removedFrom(result.state, 'p1')).toEqual(['A4@1', 'B4@1', 'A5@1', 'B5@1', 'C5@1', 'A6@1', 'B6@1', 'C6@1']);
    expect(result.state.itemsUsed.p2).toEqual({ 'rapid-removal': 1 });
  });

  it('works on the pallet as the turn ends: what the mover cut is gone, and cut pegs no longer spare their neighbours', () => {
    const result = replayPeg(
      pegMatch({ ...FINAL, items: { p2: ['rapid-removal'] } }, [
        sub('turn-1', 'p2', { remove: 'B8', rapid: 'yes' }),
        sub('turn-1', 'p1', { cut: 'A8 B8 C8 B7 B6 B5', place: 'E5 0' }),
      ]),
    );
    expect(result.rejected).toEqual([]);
    // The area A7..C9: Ann cut A8 B8 C8 and B7 this turn; A9 B9 C9 touch the pegs A10 and C10;
    // A7 and C7 touched only A8 and C8, which have left the pallet.
    expect(removedFrom(result.state, 'p1')).toEqual(['A7@1', 'C7@1']);
    expect(result.state.turns[0].removal?.note).toBe('Rapid Removal centred on B8: removed A7 C7');
  });

  it("is offered once, and only in the holder's first 5 removal turns", () => {
    const moves = ['A8', 'E8', 'I8', 'M8', 'A10', 'E10'];
    const turnOf = [1, 3, 4, 5, 6, 7];
    const unused = replayPeg(
      pegMatch({ ...FINAL, items: { p2: ['rapid-removal'] } }, [
        sub('turn-2', 'p2', { finish: 'yes' }),
        sub('turn-7', 'p2', { remove: 'H5', rapid: 'yes' }),
        ...moves.map((peg, i) => sub(`turn-${turnOf[i]}`, 'p1', piece(peg, `E${i + 1} 0`))),
      ]),
    );
    const offered = unused.closed
      .filter((c) => c.phase.questions.p2?.some((q) => q.id === 'rapid'))
      .map((c) => c.phase.id);
    expect(offered).toEqual(['turn-1', 'turn-3', 'turn-4', 'turn-5', 'turn-6']);
    // Ben has finished but still removes in Ann's turns; in her 6th turn the rapid part is ignored.
    expect(unused.rejected.map((r) => r.reason)).toEqual([
      '"rapid" is not a question of Turn 7 (Ann to move); that answer was ignored',
    ]);
    expect(removedFrom(unused.state, 'p1')).toEqual(['H5@7']);

    const used = replayPeg(
      pegMatch({ ...FINAL, items: { p2: ['rapid-removal'] } }, [
        sub('turn-1', 'p2', { remove: 'B5', rapid: 'yes' }),
        sub('turn-1', 'p1', piece('A8', 'E1 0')),
        sub('turn-2', 'p2', { finish: 'yes' }),
      ]),
    );
    expect(used.closed[2].phase.questions.p2.map((q) => q.id)).toEqual(['remove']);
  });

  it('needs a centre', () => {
    const result = replayPeg(
      pegMatch({ ...FINAL, items: { p2: ['rapid-removal'] } }, [sub('turn-1', 'p2', { rapid: 'yes' })]),
    );
    expect(result.rejected[0].reason).toBe('rapid: name the centre square of the 3×3 area in remove');
  });
});

describe('Peg Subtraction', () => {
  const items = { ...FINAL, items: { p1: ['peg-subtraction'] } };
  const opening = [sub('turn-1', 'p1', piece('A8', 'A1 0')), sub('turn-2', 'p2', piece('A8', 'E3 0'))];

  it('lifts a domain peg before the placement: the square stays owned but is no longer a peg', () => {
    const result = replayPeg(
      pegMatch(items, [...opening, sub('turn-3', 'p1', { ...piece('E8', 'A5 0'), subtract: 'G3' })]),
    );
    expect(result.rejected).toEqual([]);
    expect(pegNames(result.state)).toEqual(['A1', 'C1', 'E3', 'A5', 'C5']);
    expect(ownedBy(result.state, 'p2')).toContain('G3');
    expect(result.state.turns[2].subtracted).toBe(sq('G3'));
    expect(result.state.itemsUsed.p1).toEqual({ 'peg-subtraction': 3 });
  });

  it('lets a cut-out land where the lifted peg stood', () => {
    const over = piece('E8', 'E3 0');
    const result = replayPeg(
      pegMatch(items, [
        ...opening,
        sub('turn-3', 'p1', over),
        sub('turn-3', 'p1', { ...over, subtract: 'E5' }),
        sub('turn-3', 'p1', { ...over, subtract: 'E3' }),
      ]),
    );
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'place: E8 would land on E3, which holds a peg; place: G8 would land on G3, which holds a peg',
      'subtract: E5 holds no peg; name a peg on the domain',
      'place: G8 would land on G3, which holds a peg',
    ]);
    // Ben's piece stands on E3 F3 G3 with pegs E3 and G3: lift E3 and cover C3 D3 E3.
    const lifted = replayPeg(
      pegMatch(items, [...opening, sub('turn-3', 'p1', { cut: 'E8 RR', place: 'C3 0', subtract: 'E3' })]),
    );
    expect(lifted.rejected).toEqual([]);
    expect(lifted.state.turns[2].placement).toMatchObject({
      covered: [sq('C3'), sq('D3'), sq('E3')],
      gained: 1,
      captured: 1,
    });
    expect(pegNames(lifted.state)).toEqual(['A1', 'C1', 'C3', 'E3', 'G3']);
  });

  it("is offered once, and only in the holder's first 5 turns", () => {
    const moves = ['A8', 'E8', 'I8', 'M8', 'A10', 'E10'];
    const turnOf = [1, 3, 4, 5, 6, 7];
    const result = replayPeg(
      pegMatch(items, [
        sub('turn-2', 'p2', { finish: 'yes' }),
        ...moves.map((peg, i) => sub(`turn-${turnOf[i]}`, 'p1', piece(peg, `A${i + 1} 0`))),
      ]),
    );
    const offered = result.closed
      .filter((c) => c.phase.questions.p1?.some((q) => q.id === 'subtract'))
      .map((c) => c.phase.id);
    expect(offered).toEqual(['turn-1', 'turn-3', 'turn-4', 'turn-5', 'turn-6']);
    const once = replayPeg(
      pegMatch(items, [...opening, sub('turn-3', 'p1', { ...piece('E8', 'A5 0'), subtract: 'G3' })]),
    );
    expect(
      once.closed.filter((c) => c.phase.questions.p1?.some((q) => q.id === 'subtract')).map((c) => c.phase.id),
    ).toEqual(['turn-1', 'turn-3']);
  });
});

describe('Additional Peg', () => {
  const items = { ...FINAL, items: { p1: ['additional-peg'] } };

  it("opens a pregame for the holder only, with the seed's 3 minutes", () => {
    const result = replayPeg(pegMatch(items, [], { startAt: START }), at(10));
    expect(result.open?.phase).toMatchObject({ id: 'pregame', maxSeconds: 180 });
    expect(Object.keys(result.open?.phase.questions ?? {})).toEqual(['p1']);
    expect(result.open?.timing.deadline).toBe(at(180));
  });

  it('adds a peg on a square touching no peg; the new peg can end a cut-out', () => {
    const result = replayPeg(
      pegMatch(items, [
        sub('pregame', 'p1', { extraPeg: 'B2' }),
        sub('pregame', 'p1', { extraPeg: 'C4' }),
        sub('pregame', 'p1', { extraPeg: 'E5' }),
        sub('turn-1', 'p1', { cut: 'D3 DDR', place: 'E1 0' }),
      ]),
    );
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'extraPeg: B2 is already a peg',
      'extraPeg: C4 touches the peg D3; the Additional Peg may not touch a peg, even diagonally',
    ]);
    expect(result.state.extraPegs).toEqual({ p1: sq('E5', 16) });
    expect(result.state.turns[0].placement?.cut.cells.map(palletName)).toEqual(['D3', 'D4', 'D5', 'E5']);
    expect(result.state.itemsUsed.p1).toEqual({ 'additional-peg': 0 });
  });

  it('has no pregame when nobody holds it', () => {
    const result = replayPeg(pegMatch(FINAL, []));
    expect(result.closed[0].phase.id).toBe('turn-1');
  });
});
