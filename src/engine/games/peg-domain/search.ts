// Legal-move search: does a player have any legal cut-out and placement at all?
//
// Enumerating cut-outs is hopeless (a pallet holds astronomically many polyominoes), so the search
// turns the question round. If some cut-out fits somewhere, so does the simple path inside it
// between its two pegs (a subset of a legal placement is a legal placement). So: for each of the
// 4 rotations and each way to lay the turned pallet over the 9×9 domain (a "window", about 480
// per rotation), keep the pallet squares that are still on the pallet and land inside the domain
// off its pegs; a legal move exists exactly when two pegs in the window join through non-peg
// squares (or touch). That is one labelling of at most 81 squares per window: about 1,900
// windows, no path enumeration, and it stops at the first hit.
//
// With Peg Subtraction one domain peg may be lifted first: a window also counts when unblocking a
// single domain peg would join two pegs, which the same labelling answers.

import { orthogonalIndices } from '../../core/coords.js';
import { DOMAIN, DOMAIN_CELLS, PALLET, PALLET_CELLS, ROTATIONS, type Rotation, rotateOffset } from './geometry.js';
import { type Pallet, isOnPallet } from './pallet.js';

export interface SearchBoard {
  /** The mover's pallet. */
  readonly pallet: Pallet;
  /** Pegs on the domain. */
  readonly domainPegs: readonly boolean[];
}

/** The pallet turned `quarter` times clockwise, then shifted by (dr, dc) onto the domain. */
export interface Window {
  readonly quarter: number;
  readonly dr: number;
  readonly dc: number;
}

/** A legal move found: two pegs (domain squares in the window) and, if needed, the peg to subtract. */
export interface Found {
  /** The window's number in WINDOWS. */
  readonly window: number;
  readonly pegs: readonly [number, number];
  readonly subtract: number | null;
}

const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: DOMAIN_CELLS }, (_, i) =>
  orthogonalIndices(i, DOMAIN),
);
/** The same, flat for the hot loop: up to 4 neighbours per square, -1 padding. */
const FLAT_NEIGHBOURS = Int8Array.from(NEIGHBOURS.flatMap((list) => [0, 1, 2, 3].map((k) => list[k] ?? -1)));

const OUT = 0;
const SQUARE = 1;
const PEG = 2;
/** A live pallet square or peg under a domain peg: blocked unless that peg is subtracted. */
const UNDER_PEG_SQUARE = 3;
const UNDER_PEG_PEG = 4;

/** Every window: for each rotation, each shift that puts at least one pallet square on the domain. */
function allWindows(): Window[] {
  const out: Window[] = [];
  for (let quarter = 0; quarter < 4; quarter++) {
    const corners = [
      [0, 0],
      [0, PALLET.cols - 1],
      [PALLET.rows - 1, 0],
      [PALLET.rows - 1, PALLET.cols - 1],
    ].map(([r, c]) => rotateOffset(r, c, quarter));
    const rows = corners.map((c) => c[0]);
    const cols = corners.map((c) => c[1]);
    for (let dr = -Math.max(...rows); dr <= DOMAIN.rows - 1 - Math.min(...rows); dr++) {
      for (let dc = -Math.max(...cols); dc <= DOMAIN.cols - 1 - Math.min(...cols); dc++) out.push({ quarter, dr, dc });
    }
  }
  return out;
}

export const WINDOWS: readonly Window[] = allWindows();

/**
 * Per window, precomputed for the hot loop (10 numbers): the pallet square under domain A1
 * (row, column), how it moves one domain row down and one column right, and the rectangle of
 * domain rows and columns the turned pallet covers (first and last). Made on the first search, not
 * when the bundle loads: every Apps Script execution loads the whole bundle afresh, whatever game
 * it hosts, and building the table took a good part of that load.
 */
let geometry: Int16Array | null = null;

function geometryTable(): Int16Array {
  geometry ??= Int16Array.from(
    WINDOWS.flatMap(({ quarter, dr, dc }) => {
      const back = 4 - quarter;
      const corners = [
        [0, 0],
        [PALLET.rows - 1, PALLET.cols - 1],
      ].map(([r, c]) => rotateOffset(r, c, quarter));
      const rows = corners.map(([r]) => r + dr);
      const cols = corners.map(([, c]) => c + dc);
      return [
        ...rotateOffset(-dr, -dc, back),
        ...rotateOffset(1, 0, back),
        ...rotateOffset(0, 1, back),
        Math.max(0, Math.min(...rows)),
        Math.min(DOMAIN.rows - 1, Math.max(...rows)),
        Math.max(0, Math.min(...cols)),
        Math.min(DOMAIN.cols - 1, Math.max(...cols)),
      ];
    }),
  );
  return geometry;
}

/** Labels one window: what each domain square holds, and the components of free squares. */
export class WindowScan {
  readonly kind = new Uint8Array(DOMAIN_CELLS);
  readonly under = new Int16Array(DOMAIN_CELLS);
  /** Component label of each free square (-1 elsewhere), once labelled. */
  readonly component = new Int16Array(DOMAIN_CELLS);
  /** How many components, and how many pegs the window holds. */
  componentCount = 0;
  pegCount = 0;
  private readonly stack = new Int16Array(DOMAIN_CELLS);
  private readonly pegList = new Int16Array(DOMAIN_CELLS);
  private labelled = false;
  private readonly usable: Uint8Array;
  private readonly domainPeg: Uint8Array;

  constructor(readonly board: SearchBoard) {
    // What each pallet square is, once: gone, a square or a peg.
    this.usable = new Uint8Array(PALLET_CELLS);
    for (let p = 0; p < PALLET_CELLS; p++)
      this.usable[p] = isOnPallet(board.pallet, p) ? (board.pallet.pegs[p] ? PEG : SQUARE) : OUT;
    this.domainPeg = Uint8Array.from(board.domainPegs, (peg) => (peg ? 1 : 0));
  }

  /** Loads window number `w` of WINDOWS. */
  load(w: number): this {
    const g = w * 10;
    const [r0, c0, downR, downC, rightR, rightC, top, bottom, left, right] = geometryTable().subarray(g, g + 10);
    const domainPegs = this.domainPeg;
    this.kind.fill(OUT);
    this.under.fill(-1);
    let pegs = 0;
    for (let row = top; row <= bottom; row++) {
      let r = r0 + row * downR + left * rightR;
      let c = c0 + row * downC + left * rightC;
      for (let col = left, i = row * DOMAIN.cols + left; col <= right; col++, i++, r += rightR, c += rightC) {
        const p = r * PALLET.cols + c;
        this.under[i] = p;
        const kind = this.usable[p];
        if (kind === OUT) continue;
        if (domainPegs[i]) this.kind[i] = kind === PEG ? UNDER_PEG_PEG : UNDER_PEG_SQUARE;
        else {
          this.kind[i] = kind;
          if (kind === PEG) this.pegList[pegs++] = i;
        }
      }
    }
    this.pegCount = pegs;
    this.labelled = false;
    return this;
  }

  /** Labels the components of free squares (on demand: a window with fewer than 2 pegs rarely needs it). */
  private label(): void {
    if (this.labelled) return;
    this.labelled = true;
    this.component.fill(-1);
    let label = 0;
    for (let i = 0; i < DOMAIN_CELLS; i++) {
      if (this.kind[i] !== SQUARE || this.component[i] >= 0) continue;
      this.component[i] = label;
      let top = 0;
      this.stack[top++] = i;
      while (top > 0) {
        const base = this.stack[--top] * 4;
        for (let k = base; k < base + 4; k++) {
          const n = FLAT_NEIGHBOURS[k];
          if (n >= 0 && this.kind[n] === SQUARE && this.component[n] < 0) {
            this.component[n] = label;
            this.stack[top++] = n;
          }
        }
      }
      label++;
    }
    this.componentCount = label;
  }

  /** The squares of each component. */
  components(): number[][] {
    this.label();
    const out: number[][] = Array.from({ length: this.componentCount }, () => []);
    for (let i = 0; i < DOMAIN_CELLS; i++) if (this.component[i] >= 0) out[this.component[i]].push(i);
    return out;
  }

  isSquare(i: number): boolean {
    return this.kind[i] === SQUARE;
  }

  /** Every pair of pegs that a cut-out can join in this window (touching, or through free squares). */
  pairs(): [number, number][] {
    this.label();
    const out: [number, number][] = [];
    const seen = new Set<number>();
    const attached: number[][] = Array.from({ length: this.componentCount }, () => []);
    for (let i = 0; i < DOMAIN_CELLS; i++) {
      if (this.kind[i] !== PEG) continue;
      for (const n of NEIGHBOURS[i]) {
        if (this.kind[n] === PEG && n > i) out.push([i, n]);
        const label = this.component[n];
        if (label >= 0 && !attached[label].includes(i)) attached[label].push(i);
      }
    }
    for (const pegs of attached) {
      for (let a = 0; a < pegs.length; a++) {
        for (let b = a + 1; b < pegs.length; b++) {
          const key = Math.min(pegs[a], pegs[b]) * DOMAIN_CELLS + Math.max(pegs[a], pegs[b]);
          if (!seen.has(key)) {
            seen.add(key);
            out.push([pegs[a], pegs[b]]);
          }
        }
      }
    }
    return out;
  }

  /** The first pair of joinable pegs, or null; cheaper than `pairs` (stops at the first). */
  firstPair(): [number, number] | null {
    if (this.pegCount < 2) return null;
    this.label();
    const firstPeg = new Int16Array(this.componentCount).fill(-1);
    for (let k = 0; k < this.pegCount; k++) {
      const i = this.pegList[k];
      for (let j = i * 4; j < i * 4 + 4; j++) {
        const n = FLAT_NEIGHBOURS[j];
        if (n < 0) continue;
        if (this.kind[n] === PEG) return [i, n];
        const label = this.component[n];
        if (label < 0) continue;
        if (firstPeg[label] < 0) firstPeg[label] = i;
        else if (firstPeg[label] !== i) return [firstPeg[label], i];
      }
    }
    return null;
  }

  /** A pair joinable once one domain peg is subtracted, with that peg, or null. */
  pairBySubtraction(): { pegs: [number, number]; subtract: number } | null {
    const components = this.components();
    for (let x = 0; x < DOMAIN_CELLS; x++) {
      const kind = this.kind[x];
      if (kind !== UNDER_PEG_SQUARE && kind !== UNDER_PEG_PEG) continue;
      const reached: number[] = kind === UNDER_PEG_PEG ? [x] : [];
      for (const n of NEIGHBOURS[x]) {
        if (this.kind[n] === PEG) reached.push(n);
        const label = this.component[n];
        if (label < 0) continue;
        for (const cell of components[label]) {
          for (const m of NEIGHBOURS[cell]) if (this.kind[m] === PEG) reached.push(m);
        }
      }
      const distinct = [...new Set(reached)];
      if (distinct.length >= 2) return { pegs: [distinct[0], distinct[1]], subtract: x };
    }
    return null;
  }

  /**
   * A shortest chain of domain squares from peg `a` to peg `b` through free squares (and through
   * the subtracted peg's square, if any).
   */
  path(a: number, b: number, subtract: number | null = null): number[] {
    const from = new Int16Array(DOMAIN_CELLS).fill(-1);
    from[a] = a;
    const queue = [a];
    for (let k = 0; k < queue.length; k++) {
      const cell = queue[k];
      for (const n of NEIGHBOURS[cell]) {
        if (from[n] >= 0) continue;
        if (n === b) {
          from[n] = cell;
          const out = [b];
          for (let at = cell; at !== a; at = from[at]) out.push(at);
          out.push(a);
          return out.reverse();
        }
        if (this.kind[n] === SQUARE || n === subtract) {
          from[n] = cell;
          queue.push(n);
        }
      }
    }
    throw new Error(`WindowScan.path: no path from ${a} to ${b}`);
  }
}

/**
 * A legal move, or null when there is none (finishing is then forced). With `subtract` (the
 * player may still use Peg Subtraction), a move that needs a domain peg lifted counts too, but
 * only when no move fits without one.
 */
export function findLegalMove(board: SearchBoard, { subtract = false }: { subtract?: boolean } = {}): Found | null {
  const scan = new WindowScan(board);
  let fallback: Found | null = null;
  for (let w = 0; w < WINDOWS.length; w++) {
    scan.load(w);
    const pair = scan.firstPair();
    if (pair) return { window: w, pegs: pair, subtract: null };
    if (subtract && !fallback) {
      const lifted = scan.pairBySubtraction();
      if (lifted) fallback = { window: w, pegs: lifted.pegs, subtract: lifted.subtract };
    }
  }
  return fallback;
}

export function hasLegalMove(board: SearchBoard, options: { subtract?: boolean } = {}): boolean {
  return findLegalMove(board, options) !== null;
}

export function rotationOf(window: Window): Rotation {
  return ROTATIONS[window.quarter];
}
