// Pasture options (docs/games/pasture.md, "Rules"): rounds, the grass board, starting fences, gates per
// player and the vote tiebreak chain.

import * as z from 'zod/mini';
import { parseCell } from '../../core/coords.js';
import type { OptionIssue, OptionsSetup, PreparedOptions } from '../../core/game.js';
import type { Random } from '../../core/random.js';
import {
  type Fence,
  type Rect,
  SHAPE,
  SIZE,
  WHOLE_BOARD,
  compareRects,
  formatFence,
  formatRect,
  parseFence,
  pastureIndexAt,
  splitRect,
  splits,
} from './geometry.js';

/** Steps that settle a tie for the most Dominant Votes, in the order the host lists them. */
const TIEBREAKS = ['influence', 'earliest', 'random'] as const;
export type Tiebreak = (typeof TIEBREAKS)[number];

const grassRow = z
  .array(
    z
      .int('grass values are whole numbers')
      .check(z.minimum(0, 'grass cannot be negative'), z.maximum(1_000_000, 'a grass value is at most 1000000')),
  )
  .check(z.length(SIZE, `a row holds ${SIZE} grass values (columns A–N)`));

export const optionsSchema = z.strictObject({
  rounds: z._default(z.int().check(z.minimum(1, 'at least 1 round'), z.maximum(20, 'at most 20 rounds')), 5).check(
    z.meta({
      title: 'Rounds',
      description: 'How many rounds of fence plans and orders are played; the rules play 5.',
    }),
  ),
  /** 14 rows (top first) of 14 grass values; default generated from the seed, values 1–9. */
  board: z.optional(z.array(grassRow).check(z.length(SIZE, `the board is ${SIZE} rows of ${SIZE} grass values`))).check(
    z.meta({
      title: 'Grass board',
      description: `The grass of every cell: ${SIZE} rows (top first) of ${SIZE} values (columns A to N), each 0 to 1000000. Empty: drawn from the seed, 1 to 9 a cell.`,
    }),
  ),
  /** Starting fences in order, each `V:G`/`H:7`, optionally `in <cell>` to split only that cell's pasture. */
  fences: z._default(z.array(z.string()), ['V:G']).check(
    z.meta({
      title: 'Starting fences',
      description:
        'Fences the board starts with, in order: V:G runs between columns G and H, H:7 between rows 7 and 8; "H:7 in A1" splits only the pasture holding A1. The rules start with V:G; empty: one pasture.',
    }),
  ),
  /** Gates each player starts with. */
  gates: z
    ._default(z.int().check(z.minimum(0, 'gates cannot be negative'), z.maximum(10, 'at most 10 gates')), 1)
    .check(
      z.meta({
        title: 'Gates each player starts with',
        description:
          'A gate lets sheep through a fence; a player places one a round at most, and may buy one more for 2 garnets.',
      }),
    ),
  tiebreak: z
    ._default(z.array(z.enum(TIEBREAKS)).check(z.minLength(1, 'name at least one tiebreak')), [...TIEBREAKS])
    .check(
      z.meta({
        title: 'Settling a tie of Dominant Votes',
        description:
          'The steps, in order: influence (most Influence Votes), earliest (the earliest plan), random (a draw from the seed). A tie still open after the last goes to the draw.',
      }),
    ),
});

export type PastureOptionsInput = z.infer<typeof optionsSchema>;

export interface PastureOptions {
  readonly rounds: number;
  readonly board: readonly (readonly number[])[];
  readonly fences: readonly string[];
  readonly gates: number;
  readonly tiebreak: readonly Tiebreak[];
}

/** A starting fence with where it was written (for the pasture tree). */
export interface StartingFence {
  readonly fence: Fence;
  readonly pasture: Rect;
}

/** The default board: every cell 1–9 from the seed. */
function generateBoard(random: Random): number[][] {
  return Array.from({ length: SIZE }, () => Array.from({ length: SIZE }, () => random.int(1, 9)));
}

const SCOPED = /^(.*?)\s+in\s+(.+)$/i;

/**
 * Applies starting fences in order. `H:7` splits every pasture the line crosses strictly inside;
 * `H:7 in A1` splits only the pasture holding A1. A fence that splits nothing is an error.
 */
export function applyStartingFences(texts: readonly string[]): {
  pastures: Rect[];
  built: StartingFence[];
  issues: { index: number; message: string }[];
} {
  let pastures: Rect[] = [WHOLE_BOARD];
  const built: StartingFence[] = [];
  const issues: { index: number; message: string }[] = [];
  texts.forEach((text, index) => {
    const scoped = SCOPED.exec(text.trim());
    const fence = parseFence(scoped ? scoped[1] : text);
    if (!fence.ok) {
      issues.push({ index, message: fence.error });
      return;
    }
    let targets = pastures.filter((rect) => splits(rect, fence.value));
    if (scoped) {
      const cell = parseCell(scoped[2], SHAPE);
      if (!cell.ok) {
        issues.push({ index, message: cell.error });
        return;
      }
      const holder = pastures[pastureIndexAt(pastures, cell.value)];
      targets = targets.filter((rect) => rect === holder);
      if (targets.length === 0) {
        issues.push({
          index,
          message: `${formatFence(fence.value)} does not split the pasture ${formatRect(holder)} that holds ${scoped[2].trim().toUpperCase()}`,
        });
        return;
      }
    }
    if (targets.length === 0) {
      issues.push({
        index,
        message: `${formatFence(fence.value)} splits no pasture (it lies on an edge or an earlier fence)`,
      });
      return;
    }
    for (const rect of targets) built.push({ fence: fence.value, pasture: rect });
    pastures = pastures
      .flatMap((rect) => (targets.includes(rect) ? splitRect(rect, fence.value) : [rect]))
      .sort(compareRects);
  });
  return { pastures, built, issues };
}

export function prepareOptions(input: PastureOptionsInput, { random }: OptionsSetup): PreparedOptions<PastureOptions> {
  const issues: OptionIssue[] = [];
  for (const { index, message } of applyStartingFences(input.fences).issues)
    issues.push({ path: ['fences', index], message });
  const seen = new Set<string>();
  input.tiebreak.forEach((step, index) => {
    if (seen.has(step)) issues.push({ path: ['tiebreak', index], message: `"${step}" is listed twice` });
    seen.add(step);
  });
  return {
    options: {
      rounds: input.rounds,
      board: input.board ?? generateBoard(random),
      fences: input.fences,
      gates: input.gates,
      tiebreak: input.tiebreak,
    },
    issues,
  };
}

/** Grass worth of each cell in round `round`: the base value × 2^(round − 1). */
export function grassFactor(round: number): number {
  return 2 ** (round - 1);
}

/** The base grass of a pasture (sum of its cells). */
export function baseGrass(board: readonly (readonly number[])[], rect: Rect): number {
  let sum = 0;
  for (let row = rect.top; row <= rect.bottom; row++) {
    for (let col = rect.left; col <= rect.right; col++) sum += board[row][col];
  }
  return sum;
}
