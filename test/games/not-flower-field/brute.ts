// Independent recounts for property tests: a literal reading of the rules over every small set of
// cells, and Hall's theorem for "has a legal full placement". Deliberately different algorithms
// from the engine's.
import type { Board } from '../../../src/engine/games/not-flower-field/board.js';

type Pt = [number, number];

const isBlack = (c: readonly string[]) => c.length === 1 && c[0] === 'black';
const orthAdjacent = (a: Pt, b: Pt) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1;

function product(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((prefix) => list.map((x) => [...prefix, x])), [[]]);
}

function normalise(points: Pt[]): string {
  const minR = Math.min(...points.map((p) => p[0]));
  const minC = Math.min(...points.map((p) => p[1]));
  return points
    .map(([r, c]) => `${r - minR},${c - minC}`)
    .sort()
    .join(' ');
}

const S: Pt[] = [
  [0, 1],
  [0, 2],
  [1, 0],
  [1, 1],
];
const rotate = (ps: Pt[]): Pt[] => ps.map(([r, c]) => [c, -r]);
const mirror = (ps: Pt[]): Pt[] => ps.map(([r, c]) => [r, -c]);
const SZ_SHAPES = new Set<string>();
for (const base of [S, mirror(S)]) {
  let shape = base;
  for (let k = 0; k < 4; k++) {
    SZ_SHAPES.add(normalise(shape));
    shape = rotate(shape);
  }
}

export function bruteScore(board: Board, size: number, colour: string, multipliers: readonly number[]): number {
  const at = ([r, c]: Pt) => board[r * size + c];
  const holds = (p: Pt) => at(p).includes(colour);
  const seen = new Set<string>();
  let total = 0;
  const span = Math.min(4, size);
  for (let r0 = 0; r0 + span <= size; r0++) {
    for (let c0 = 0; c0 + span <= size; c0++) {
      const window: Pt[] = [];
      for (let r = r0; r < r0 + span; r++) for (let c = c0; c < c0 + span; c++) window.push([r, c]);
      const choose = (from: number, picked: Pt[]) => {
        if (picked.length >= 2) {
          const key = picked
            .map(([r, c]) => r * size + c)
            .sort((a, b) => a - b)
            .join(',');
          if (!seen.has(key)) {
            seen.add(key);
            const points = 4 * picked.reduce((m, [r, c]) => m * multipliers[r * size + c], 1);
            total += points * matchingPatterns(picked);
          }
        }
        if (picked.length === 4) return;
        for (let i = from; i < window.length; i++) choose(i + 1, [...picked, window[i]]);
      };
      choose(0, []);
    }
  }
  return total;

  function matchingPatterns(cells: Pt[]): number {
    let n = 0;
    if (cells.length === 2) {
      const [a, b] = cells;
      if (orthAdjacent(a, b) && ((at(a).length === 0 && holds(b)) || (at(b).length === 0 && holds(a)))) n++;
    }
    if (cells.length === 3) {
      const found = cells.some((m) => {
        const ends = cells.filter((x) => x !== m);
        return isBlack(at(m)) && ends.every((e) => holds(e) && orthAdjacent(e, m));
      });
      if (found) n++;
    }
    if (cells.length === 4) {
      const sorted = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const row = sorted.every((p, i) => p[0] === sorted[0][0] && p[1] === sorted[0][1] + i);
      const col = sorted.every((p, i) => p[1] === sorted[0][1] && p[0] === sorted[0][0] + i);
      if (row || col) {
        const ok = product(sorted.map(at)).some(
          (pick) => new Set(pick).size === 4 && (pick[0] === colour || pick[3] === colour),
        );
        if (ok) n++;
      }
      const [tl, tr, bl, br] = sorted;
      const square =
        tr[0] === tl[0] &&
        tr[1] === tl[1] + 1 &&
        bl[0] === tl[0] + 1 &&
        bl[1] === tl[1] &&
        br[0] === tl[0] + 1 &&
        br[1] === tl[1] + 1;
      if (square) {
        const two = (x: Pt, y: Pt) => product([at(x), at(y)]).some(([p, q]) => p !== q);
        if ((holds(tl) && holds(br) && two(tr, bl)) || (holds(tr) && holds(bl) && two(tl, br))) n++;
      }
      if (cells.every(holds) && SZ_SHAPES.has(normalise(cells))) n++;
    }
    return n;
  }
}

/**
 * Hall's theorem for slots grouped by colour: a full placement exists exactly when every set of
 * colours has at least as many eligible cells as slots.
 */
export function hallHasPlacement(board: Board, own: string, opponents: readonly string[]): boolean {
  const groups = [{ colour: own, slots: 3 }, ...opponents.map((colour) => ({ colour, slots: 1 }))];
  const eligible = (cell: readonly string[], colour: string) =>
    !isBlack(cell) && cell.length < 2 && !cell.includes(colour);
  for (let mask = 1; mask < 1 << groups.length; mask++) {
    const chosen = groups.filter((_, i) => mask & (1 << i));
    const need = chosen.reduce((sum, g) => sum + g.slots, 0);
    const cells = board.filter((cell) => chosen.some((g) => eligible(cell, g.colour))).length;
    if (cells < need) return false;
  }
  return true;
}
