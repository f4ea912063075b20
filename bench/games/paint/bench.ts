// Paint's own measurement for npm run bench (bench/kit.ts): its canvas, generated from the seed at setup.
import { Random } from '../../../src/engine/core/random.js';
import { generateCanvas } from '../../../src/engine/games/paint/generate.js';
import type { BenchKit } from '../../kit.js';

export function bench({ say, table, time, median, ms, fail }: BenchKit): void {
  say('## Paint canvas generation');
  say();
  {
    for (let i = 0; i < 3; i++) generateCanvas(new Random(`bench-canvas-warm-${i}`));
    const times = Array.from({ length: 40 }, (_, i) => time(() => generateCanvas(new Random(`bench-canvas-${i}`))));
    if (median(times) >= 20)
      fail(`Paint: a canvas took ${ms(median(times))} ms to generate, median of 40 (target < 20 ms)`);
    table(
      ['canvases (40 seeds)', 'median ms', 'worst ms'],
      [['generateCanvas', ms(median(times)), ms(Math.max(...times))]],
    );
  }
}
