// Not Flower Field options (docs/games/not-flower-field.md, "Rules"): rounds, board size, multiplier cells, palette.

import * as z from 'zod/mini';
import { type BoardShape, type Cell, formatCell, parseCell } from '../../core/coords.js';
import type { OptionIssue, OptionsSetup, PreparedOptions } from '../../core/game.js';
import { PALETTE } from '../../core/view.js';

/** Colours a player may choose: the readable palette, without the neutrals and black. */
export const PLAYER_COLOURS = ['red', 'blue', 'yellow', 'green', 'purple', 'orange', 'sky'] as const;
export type ColourName = (typeof PLAYER_COLOURS)[number];

const DEFAULT_PALETTE: ColourName[] = ['red', 'blue', 'yellow', 'green', 'purple', 'orange'];

export const optionsSchema = z.strictObject({
  rounds: z
    ._default(z.int().check(z.minimum(1, 'at least 1 round'), z.maximum(20, 'at most 20 rounds')), 5)
    .check(z.meta({ title: 'Rounds', description: 'How many rounds of placing are played; the rules play 5.' })),
  size: z
    ._default(z.int().check(z.minimum(4, 'the board is at least 4×4'), z.maximum(26, 'the board is at most 26×26')), 8)
    .check(
      z.meta({
        title: 'Board size',
        description:
          'The board is this many cells across and down (8: 8×8, A1 to H8); the ×2 and ×3 cells keep their places relative to the edges.',
      }),
    ),
  /** Cell → multiplier; default C3, F3, C6, F6 ×2 and D4, E5 ×3 (placed the same way on other sizes). */
  multipliers: z
    .optional(
      z.record(
        z.string().check(z.meta({ title: 'cell' })),
        z.int().check(z.minimum(1, 'a multiplier is at least 1'), z.maximum(10, 'a multiplier is at most 10')),
      ),
    )
    .check(
      z.meta({
        title: 'Multiplier cells',
        description:
          "A cell and what its points are multiplied by (1 to 10). Empty: the rules' C3, F3, C6, F6 ×2 and D4, E5 ×3, placed the same way on other sizes.",
      }),
    ),
  /** The colours on offer, in the order a cell lists them. The first four are the rules' default. */
  palette: z
    ._default(
      z
        .array(z.enum(PLAYER_COLOURS))
        .check(
          z.minLength(3, 'offer at least 3 colours'),
          z.maxLength(PLAYER_COLOURS.length, `offer at most ${PLAYER_COLOURS.length} colours`),
        ),
      DEFAULT_PALETTE,
    )
    .check(
      z.meta({
        title: 'Colours on offer',
        description: 'The colours players choose from, at least as many as players, in the order a cell lists them.',
      }),
    ),
});

export type NffOptionsInput = z.infer<typeof optionsSchema>;

export interface NffOptions {
  readonly rounds: number;
  readonly size: number;
  /** Multipliers as written, e.g. { "C3": 2 }, with every key a canonical coordinate. */
  readonly multipliers: Readonly<Record<string, number>>;
  readonly palette: readonly ColourName[];
}

export function shapeOf(size: number): BoardShape {
  return { rows: size, cols: size, style: 'letters' };
}

/** The rules' multiplier layout, which on 8×8 is C3, F3, C6, F6 ×2 and D4, E5 ×3. */
function defaultMultipliers(size: number): Record<string, number> {
  const shape = shapeOf(size);
  const near = 2;
  const far = size - 3;
  const mid = Math.floor(size / 2);
  const out: Record<string, number> = {};
  const put = (row: number, col: number, value: number) => {
    out[formatCell({ row, col }, shape)] = value;
  };
  put(near, near, 2);
  put(near, far, 2);
  put(far, near, 2);
  put(far, far, 2);
  put(mid - 1, mid - 1, 3);
  put(mid, mid, 3);
  return out;
}

export function prepareOptions(input: NffOptionsInput, { players }: OptionsSetup): PreparedOptions<NffOptions> {
  const issues: OptionIssue[] = [];
  const shape = shapeOf(input.size);
  const multipliers: Record<string, number> = {};
  for (const [key, value] of Object.entries(input.multipliers ?? defaultMultipliers(input.size))) {
    const cell = parseCell(key, shape);
    if (!cell.ok) {
      issues.push({ path: ['multipliers', key], message: cell.error });
      continue;
    }
    multipliers[formatCell(cell.value, shape)] = value;
  }
  const unique = new Set(input.palette);
  if (unique.size !== input.palette.length) issues.push({ path: ['palette'], message: 'a colour is listed twice' });
  if (players.length > input.palette.length) {
    issues.push({
      path: ['palette'],
      message: `${players.length} players need ${players.length} colours, the palette has ${input.palette.length}`,
    });
  }
  return { options: { rounds: input.rounds, size: input.size, multipliers, palette: input.palette }, issues };
}

/** Multiplier of each cell by index (row * size + col); 1 where none is set. */
export function multiplierGrid(options: NffOptions): number[] {
  const shape = shapeOf(options.size);
  const grid = new Array<number>(options.size * options.size).fill(1);
  for (const [key, value] of Object.entries(options.multipliers)) {
    const cell = parseCell(key, shape);
    if (cell.ok) grid[cell.value.row * options.size + cell.value.col] = value;
  }
  return grid;
}

export function hexOf(colour: string): string {
  const byName: Readonly<Record<string, string | undefined>> = PALETTE;
  return byName[colour] ?? PALETTE.grey;
}

export function letterOf(colour: string): string {
  return colour === 'black' ? '■' : colour.charAt(0).toUpperCase();
}

export type { Cell };
