// The default canvas, generated from the match seed: 67 × 40 pixels in about 40 segments.
//
// Segments grow from scattered seed pixels, one pixel at a time: each step a segment is drawn
// with probability by its own weight (so sizes vary several-fold) and claims a random free pixel
// on its border. A segment only ever grows from its own pixels, so each is one piece. Segments
// smaller than MIN_AREA are merged into a neighbour (still one piece), then all are numbered in
// reading order of their first pixel.
//
// Keep this stable: a match file without a canvas replays on the canvas this makes from its seed,
// so any change here changes the result of every such match (examples/paint.json pins it).

import type { Random } from '../../core/random.js';
import { present } from '../../core/guards.js';
import { type Rows, sideNeighbours } from './canvas.js';

const DEFAULT_WIDTH = 67;
const DEFAULT_HEIGHT = 40;
const DEFAULT_SEGMENTS = 42;
const MIN_AREA = 12;

export function generateCanvas(
  random: Random,
  width = DEFAULT_WIDTH,
  height = DEFAULT_HEIGHT,
  segments = DEFAULT_SEGMENTS,
): Rows {
  const size = width * height;
  const owner = new Int32Array(size).fill(-1);
  const seeds = scatterSeeds(random, width, height, segments);
  // Weights 1…12 on a roughly logarithmic scale: a few big segments, many middling, some small.
  const weights = seeds.map(() => Math.round(2 ** (random.int(0, 35) / 10)));
  const frontiers: number[][] = seeds.map(() => []);
  const claim = (pixel: number, segment: number) => {
    owner[pixel] = segment;
    for (const next of sideNeighbours(pixel, width, size)) if (owner[next] < 0) frontiers[segment].push(next);
  };
  seeds.forEach((pixel, segment) => claim(pixel, segment));

  let active = seeds.map((_, segment) => segment);
  let free = size - seeds.length;
  while (free > 0) {
    active = active.filter((segment) => frontiers[segment].length > 0);
    const total = active.reduce((sum, segment) => sum + weights[segment], 0);
    let ticket = random.int(0, total - 1);
    const segment = present(
      active.find((s) => (ticket -= weights[s]) < 0),
      'the segment a ticket below the total weight falls in',
    );
    const frontier = frontiers[segment];
    const pick = random.int(0, frontier.length - 1);
    const pixel = frontier[pick];
    frontier[pick] = frontier[frontier.length - 1];
    frontier.pop();
    if (owner[pixel] >= 0) continue;
    claim(pixel, segment);
    free--;
  }
  mergeSmallSegments(owner, width, seeds.length);
  return numberInReadingOrder(owner, width, height);
}

/** Seed pixels spread out: each keeps a distance from the others when a few tries allow it. */
function scatterSeeds(random: Random, width: number, height: number, count: number): number[] {
  const spacing = Math.floor(Math.sqrt((width * height) / count) / 2);
  const seeds: number[] = [];
  const taken = new Set<number>();
  while (seeds.length < count) {
    let pixel = -1;
    for (let attempt = 0; attempt < 30 && pixel < 0; attempt++) {
      const candidate = random.int(0, width * height - 1);
      const far = seeds.every(
        (s) =>
          Math.max(
            Math.abs((s % width) - (candidate % width)),
            Math.abs(Math.floor(s / width) - Math.floor(candidate / width)),
          ) >= spacing,
      );
      if (far && !taken.has(candidate)) pixel = candidate;
    }
    if (pixel < 0) {
      do pixel = random.int(0, width * height - 1);
      while (taken.has(pixel));
    }
    seeds.push(pixel);
    taken.add(pixel);
  }
  return seeds;
}

/** Merges each too-small segment into the neighbour it shares most border with. */
function mergeSmallSegments(owner: Int32Array, width: number, count: number): void {
  const areas = new Array<number>(count).fill(0);
  for (const segment of owner) areas[segment]++;
  for (let segment = 0; segment < count; segment++) {
    if (areas[segment] === 0 || areas[segment] >= MIN_AREA) continue;
    const border = new Map<number, number>();
    for (let i = 0; i < owner.length; i++) {
      if (owner[i] !== segment) continue;
      for (const j of sideNeighbours(i, width, owner.length)) {
        if (owner[j] !== segment) border.set(owner[j], (border.get(owner[j]) ?? 0) + 1);
      }
    }
    const into = [...border.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
    for (let i = 0; i < owner.length; i++) if (owner[i] === segment) owner[i] = into;
    areas[into] += areas[segment];
    areas[segment] = 0;
  }
}

function numberInReadingOrder(owner: Int32Array, width: number, height: number): number[][] {
  const numbers = new Map<number, number>();
  const rows: number[][] = [];
  for (let row = 0; row < height; row++) {
    const line: number[] = [];
    for (let col = 0; col < width; col++) {
      const segment = owner[row * width + col];
      const number = numbers.get(segment) ?? numbers.size + 1;
      numbers.set(segment, number);
      line.push(number);
    }
    rows.push(line);
  }
  return rows;
}
