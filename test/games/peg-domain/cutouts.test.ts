// Cut-outs in both notations, their placement and every rejection reason, on PALLET_T (pegs B2,
// F2 and D3 in the top-left corner).
import { describe, expect, it } from 'vitest';
import { readPallet } from '../../../src/engine/games/peg-domain/options.js';
import { type Pallet, palletFrom, palletName } from '../../../src/engine/games/peg-domain/pallet.js';
import { parseCut, parsePlace, placeCutout } from '../../../src/engine/games/peg-domain/parse.js';
import { PALLET_T, name9, ownedBy, pegMatch, pegNames, replayPeg, sq, sub } from './helpers.js';

const fresh = (): Pallet => palletFrom((readPallet(PALLET_T) as { pegs: boolean[] }).pegs);
const noPegs = new Array<boolean>(81).fill(false);

function cutOf(text: string, pallet = fresh()) {
  const cut = parseCut(text, pallet);
  if (!cut.ok) throw new Error(cut.error);
  return cut.value;
}

function reasonOf(text: string, pallet = fresh()): string {
  const cut = parseCut(text, pallet);
  if (cut.ok) throw new Error(`"${text}" was accepted`);
  return cut.error;
}

describe('reading a cut-out', () => {
  it('reads a peg and a U/D/L/R path, any case and spacing', () => {
    expect(cutOf('B2 RRD.').notation).toBe('B2 RRD');
    const cut = cutOf('b2 r r d');
    expect(cut.cells.map(palletName)).toEqual(['B2', 'C2', 'D2', 'D3']);
    expect(palletName(cut.anchor)).toBe('B2');
    expect(cut.notation).toBe('B2 RRD');
    expect(cutOf('D3 ULL').cells.map(palletName)).toEqual(['D3', 'D2', 'C2', 'B2']);
  });

  it('reads a list of squares; the anchor is the first peg listed', () => {
    const cut = cutOf('C2, D3 D2 B2 C1');
    expect(cut.cells.map(palletName)).toEqual(['C2', 'D3', 'D2', 'B2', 'C1']);
    expect(palletName(cut.anchor)).toBe('D3');
  });

  it('refuses a path that does not start on a peg, leaves the pallet, revisits, passes a third peg or ends off a peg', () => {
    expect(reasonOf('C2 RD')).toBe(
      'cut: C2 is not a peg; a path starts on a peg (or list every square of the cut-out)',
    );
    expect(reasonOf('B2 UU')).toBe('cut: step 2 (U) goes off the pallet from B1 (columns A–P, rows 1–12)');
    expect(reasonOf('B2 RDLU')).toBe('cut: step 4 (U) comes back to B2; a path never revisits a square');
    expect(reasonOf('B2 RRRRD')).toBe('cut: the path passes the peg F2 before its end; a cut-out holds exactly 2 pegs');
    expect(reasonOf('B2 RR')).toBe('cut: the path ends on D2, which is not a peg; it must end on a second peg');
  });

  it('refuses a list that is not connected, holds other than 2 pegs, or names a square twice', () => {
    expect(reasonOf('B2 C2 D3')).toBe("cut: D3 is not joined to B2; a cut-out's squares join orthogonally");
    expect(reasonOf('B2 C2 D2 E2 F2 D3')).toBe('cut: the cut-out holds 3 pegs (B2, F2 and D3); it must hold exactly 2');
    expect(reasonOf('B2 C2 D2')).toBe('cut: the cut-out holds 1 peg (B2); it must hold exactly 2');
    expect(reasonOf('B2 C2 C2 D2 D3')).toBe('cut: C2 named twice');
    expect(reasonOf('B2 C2 Q2')).toMatch(/^cut: Q2 is off the board/);
    expect(reasonOf('B2 C2 D2 D3 G3 H3')).toBe(
      "cut: G3 and H3 are not joined to B2; a cut-out's squares join orthogonally",
    );
  });

  it('refuses squares no longer on the pallet, naming the turn they went', () => {
    const pallet = fresh();
    const cutIn = pallet.cutIn.slice();
    cutIn[1 * 16 + 2] = 3; // C2 cut in turn 3
    const removedIn = pallet.removedIn.slice();
    removedIn[1 * 16 + 3] = 4; // D2 removed in turn 4
    const used = { ...pallet, cutIn, removedIn };
    expect(reasonOf('B2 RRD', used)).toBe('cut: C2 is not on your pallet any more (cut in turn 3)');
    expect(reasonOf('B2 C2 D2 D3', used)).toBe(
      'cut: C2 is not on your pallet any more (cut in turn 3); cut: D2 is not on your pallet any more (removed in turn 4)',
    );
  });
});

describe('placing a cut-out', () => {
  it('reads the square and a clockwise rotation (0 when left out)', () => {
    expect(parsePlace('e5 90')).toEqual({ ok: true, value: { at: sq('E5'), rotation: 90 } });
    expect(parsePlace('E5')).toEqual({ ok: true, value: { at: sq('E5'), rotation: 0 } });
    expect(parsePlace('E5, 270°')).toEqual({ ok: true, value: { at: sq('E5'), rotation: 270 } });
    expect(parsePlace('E5 45')).toEqual({
      ok: false,
      error: 'place: 45 is not a rotation; turn the cut-out 0, 90, 180 or 270 degrees clockwise',
    });
    expect(parsePlace('J5 0')).toEqual({ ok: false, error: 'place: J5 is off the board (columns A–I, rows 1–9)' });
    expect(parsePlace('somewhere').ok).toBe(false);
  });

  // The L `B2 RRD` (right, right, down) turned about B2, placed with B2 on E5.
  const rotations: [number, string[]][] = [
    [0, ['E5', 'F5', 'G5', 'G6']], // right, right, down
    [90, ['E5', 'E6', 'E7', 'D7']], // down, down, left
    [180, ['E5', 'D5', 'C5', 'C4']], // left, left, up
    [270, ['E5', 'E4', 'E3', 'F3']], // up, up, right
  ];
  for (const [rotation, squares] of rotations) {
    it(`turns an asymmetric cut-out ${rotation}° clockwise about its first peg, cell by cell`, () => {
      const covered = placeCutout(cutOf('B2 RRD'), { at: sq('E5'), rotation: rotation as 0 }, noPegs);
      expect(covered.ok && covered.value.map(name9)).toEqual(squares);
      // The same through a whole match: Ann's squares and the two pegs (B2 on E5, D3 at the end).
      const { state, rejected } = replayPeg(
        pegMatch({}, [sub('turn-1', 'p1', { cut: 'B2 RRD', place: `E5 ${rotation}` })]),
      );
      expect(rejected).toEqual([]);
      const leftSide = Array.from({ length: 81 }, (_, i) => i)
        .filter((i) => i % 9 < 4)
        .map(name9);
      expect(ownedBy(state, 'p1').sort()).toEqual([...new Set([...leftSide, ...squares])].sort());
      expect(pegNames(state).sort()).toEqual(['E5', squares[3]].sort());
    });
  }

  it('the list notation turns about the first peg listed', () => {
    const covered = placeCutout(cutOf('D3 D2 C2 B2'), { at: sq('E5'), rotation: 90 }, noPegs);
    // From D3: up, left, left; turned 90° clockwise, up becomes right and left becomes up.
    expect(covered.ok && covered.value.map(name9)).toEqual(['E5', 'F5', 'F4', 'F3']);
  });

  it('refuses squares landing outside the domain or on a domain peg, naming each', () => {
    expect(placeCutout(cutOf('B2 RRD'), { at: sq('H5'), rotation: 0 }, noPegs)).toEqual({
      ok: false,
      error: 'place: D2 and D3 would land outside the domain (columns A–I, rows 1–9)',
    });
    const pegs = noPegs.slice();
    pegs[sq('F5')] = true;
    expect(placeCutout(cutOf('B2 RRD'), { at: sq('E5'), rotation: 0 }, pegs)).toEqual({
      ok: false,
      error: 'place: C2 would land on F5, which holds a peg',
    });
  });
});

describe('covering squares', () => {
  it("takes the opponent's and unowned squares; the pegs stay where they land", () => {
    // Ann puts the L on F5 (Ben's side): F5 G5 H5 H6 become hers, H6 and F5 are pegs.
    // Ben answers with B2 RRRR (five squares, pegs B2 and F2) on A1 turned 0: A1–E1.
    const { state, rejected } = replayPeg(
      pegMatch({}, [
        sub('turn-1', 'p1', { cut: 'B2 RRD', place: 'F5 0' }),
        sub('turn-2', 'p2', { cut: 'B2 RRRR', place: 'A1 0' }),
      ]),
    );
    expect(rejected).toEqual([]);
    expect(state.turns[0].placement).toMatchObject({ gained: 4, captured: 4 });
    expect(state.turns[1].placement).toMatchObject({ gained: 5, captured: 4 });
    expect(ownedBy(state, 'p1')).toHaveLength(36 - 4 + 4);
    expect(ownedBy(state, 'p2')).toHaveLength(36 - 4 + 5);
    expect(ownedBy(state, 'p2')).toEqual(expect.arrayContaining(['A1', 'B1', 'C1', 'D1', 'E1']));
    expect(pegNames(state)).toEqual(['A1', 'E1', 'F5', 'H6']);
  });

  it("never lets a cut-out land on a domain peg, even the placer's own", () => {
    const { rejected, state } = replayPeg(
      pegMatch({}, [
        sub('turn-1', 'p1', { cut: 'B2 RRD', place: 'E5 0' }),
        sub('turn-2', 'p2', { cut: 'B2 RRD', place: 'C5 0' }), // C5 D5 E5 E6: E5 is Ann's peg
        sub('turn-2', 'p2', { cut: 'B2 RRD', place: 'C6 0' }), // C6 D6 E6 E7: fine
      ]),
    );
    expect(rejected.map((r) => r.reason)).toEqual(['place: D2 would land on E5, which holds a peg']);
    expect(state.turns[1].placement?.covered.map(name9)).toEqual(['C6', 'D6', 'E6', 'E7']);
  });
});

describe('reasons stay short however big the cut-out', () => {
  it('names a few squares and counts the rest', async () => {
    const { listText } = await import('../../../src/engine/games/peg-domain/parse.js');
    expect(listText(['A1', 'B1'])).toBe('A1 and B1');
    expect(listText(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'G1', 'H1', 'I1'])).toBe('A1, B1, C1, D1, E1, F1 and 3 more');
  });
});
