// The Paint canvas: a grid of pixels, each holding a segment number. A given map is checked once
// (every segment one piece, numbered 1…N in reading order of its first pixel) and measured once:
// each segment's area, first pixel, the segments it touches, and the order painting visits them.

import { indexName } from '../../core/coords.js';

export type Touch = 'orthogonal' | 'king';

/** The game's canvas of numbered segments (not the renderer's TabCanvas, a tab being laid out). */
export interface PaintCanvas {
  readonly width: number;
  readonly height: number;
  /** Segment number of each pixel, row by row (index = row * width + col). */
  readonly pixels: readonly number[];
  /** Segments are numbered 1…count. */
  readonly count: number;
  /** Area of segment n at [n - 1]. */
  readonly areas: readonly number[];
  /** First pixel (reading order) of segment n at [n - 1], as a pixel index. */
  readonly firstPixels: readonly number[];
  /** The segments touching segment n at [n - 1], ascending. */
  readonly touching: readonly (readonly number[])[];
  /** The order painting visits segments: largest first, equal areas by first pixel (= by number). */
  readonly order: readonly number[];
}

export type Rows = readonly (readonly number[])[];

/** The first thing wrong with a segment map, with its place in the rows, or null. */
export interface CanvasProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

export function pixelName(index: number, width: number): string {
  return indexName(index, { rows: 1, cols: width, style: 'rc' });
}

export function checkCanvas(rows: Rows): CanvasProblem | null {
  const width = rows[0].length;
  const ragged = rows.findIndex((row) => row.length !== width);
  if (ragged >= 0) {
    return {
      path: [ragged],
      message: `row ${ragged + 1} has ${rows[ragged].length} pixel${rows[ragged].length === 1 ? '' : 's'} but row 1 has ${width}; every row must be as wide`,
    };
  }
  const pixels = rows.flat();
  let highest = 0;
  for (let i = 0; i < pixels.length; i++) {
    if (pixels[i] > highest + 1) {
      return {
        path: [Math.floor(i / width), i % width],
        message: `${pixelName(i, width)} holds segment ${pixels[i]} before any pixel of segment ${highest + 1}; number segments 1…N in reading order of their first pixel`,
      };
    }
    highest = Math.max(highest, pixels[i]);
  }
  const reached = floodFromFirstPixels(pixels, width, highest);
  const cut = reached.indexOf(false);
  if (cut >= 0) {
    const first = pixels.indexOf(pixels[cut]);
    return {
      path: [Math.floor(cut / width), cut % width],
      message: `${pixelName(cut, width)} of segment ${pixels[cut]} is cut off from the segment's first pixel ${pixelName(first, width)}; a segment must be one piece, joined side to side`,
    };
  }
  return null;
}

/** Which pixels are joined, side to side through their own segment, to their segment's first pixel. */
function floodFromFirstPixels(pixels: readonly number[], width: number, count: number): boolean[] {
  const reached = new Array<boolean>(pixels.length).fill(false);
  const stack: number[] = [];
  for (let n = 1; n <= count; n++) {
    const start = pixels.indexOf(n);
    reached[start] = true;
    stack.push(start);
    for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
      for (const j of sideNeighbours(i, width, pixels.length)) {
        if (!reached[j] && pixels[j] === n) {
          reached[j] = true;
          stack.push(j);
        }
      }
    }
  }
  return reached;
}

export function sideNeighbours(i: number, width: number, size: number): number[] {
  const out: number[] = [];
  const col = i % width;
  if (i >= width) out.push(i - width);
  if (col < width - 1) out.push(i + 1);
  if (i + width < size) out.push(i + width);
  if (col > 0) out.push(i - 1);
  return out;
}

/** Measures a valid map once: areas, first pixels, the touch graph and the painting order. */
export function measureCanvas(rows: Rows, touch: Touch): PaintCanvas {
  const width = rows[0].length;
  const height = rows.length;
  const pixels = rows.flat();
  const count = pixels.reduce((most, n) => Math.max(most, n), 0);
  const areas = new Array<number>(count).fill(0);
  const firstPixels = new Array<number>(count).fill(-1);
  const touchSets = Array.from({ length: count }, () => new Set<number>());
  const link = (a: number, b: number) => {
    if (a === b) return;
    touchSets[a - 1].add(b);
    touchSets[b - 1].add(a);
  };
  for (let i = 0; i < pixels.length; i++) {
    const n = pixels[i];
    areas[n - 1]++;
    if (firstPixels[n - 1] < 0) firstPixels[n - 1] = i;
    const col = i % width;
    const below = i + width < pixels.length;
    // Each pair of neighbours is seen once: from the pixel above or to the left.
    if (col < width - 1) link(n, pixels[i + 1]);
    if (below) link(n, pixels[i + width]);
    if (touch === 'king' && below) {
      if (col < width - 1) link(n, pixels[i + width + 1]);
      if (col > 0) link(n, pixels[i + width - 1]);
    }
  }
  const numbers = Array.from({ length: count }, (_, k) => k + 1);
  return {
    width,
    height,
    pixels,
    count,
    areas,
    firstPixels,
    touching: touchSets.map((set) => [...set].sort((a, b) => a - b)),
    order: numbers.sort((a, b) => areas[b - 1] - areas[a - 1] || a - b),
  };
}
