// Hand-drawn Not Flower Field boards for tests: rows of space-separated cells, each "." (empty),
// "#" (black) or colour letters (R red, B blue, Y yellow, G green, P purple, O orange).
import type { Board } from '../../../src/engine/games/not-flower-field/board.js';

const COLOURS: Record<string, string> = { R: 'red', B: 'blue', Y: 'yellow', G: 'green', P: 'purple', O: 'orange' };

export function draw(rows: readonly string[]): { board: Board; size: number } {
  const cells = rows.map((r) => r.trim().split(/\s+/));
  const size = cells.length;
  for (const row of cells)
    if (row.length !== size) throw new Error(`draw: row "${row.join(' ')}" is not ${size} cells`);
  const board = cells.flat().map((token) => {
    if (token === '.') return [];
    if (token === '#') return ['black'];
    return [...token].map((letter) => COLOURS[letter]);
  });
  return { board, size };
}

export function ones(size: number): number[] {
  return new Array<number>(size * size).fill(1);
}
