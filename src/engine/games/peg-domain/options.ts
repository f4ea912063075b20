// Peg Domain options (docs/games/peg-domain.md, "Rules"): the variant, each player's pallet (rows of `X` peg /
// `.` square, generated from the seed when not given), who moves first, the final variant's
// items, the clocks and the tiebreak winner.

// Namespace import: lets esbuild drop the parts of zod we do not use (its locales alone are 260 KB).
import { quote } from '../../core/quote.js';
import * as z from 'zod/mini';
import type { OptionIssue, OptionsSetup, PreparedOptions } from '../../core/game.js';
import type { Random } from '../../core/random.js';
import { columnLetters, orthogonalIndices } from '../../core/coords.js';
import { PALLET, PALLET_CELLS, PEGS_PER_PALLET } from './geometry.js';

const ITEMS = ['additional-peg', 'rapid-removal', 'peg-subtraction'] as const;
export type Item = (typeof ITEMS)[number];

export const ITEM_NAMES: Record<Item, string> = {
  'additional-peg': 'Additional Peg',
  'rapid-removal': 'Rapid Removal',
  'peg-subtraction': 'Peg Subtraction',
};

/** Rapid Removal and Peg Subtraction must be used in the holder's first 5 turns of that kind. */
export const ITEM_TURN_LIMIT = 5;

/** A player of the match (the sidebar names them by their number in its Players box). */
const PLAYER = z.string().check(z.meta({ player: true }));

export const optionsSchema = z.strictObject({
  variant: z._default(z.enum(['classic', 'final']), 'classic').check(
    z.meta({
      title: 'Variant',
      description:
        "classic: the death match (DeathMatch 6 and 9); final: Final Match 2, where the other player may remove squares of the mover's pallet and items are used (set them under Items, below).",
    }),
  ),
  /** Player id → 12 rows of 16 characters, `X` a peg, `.` a square. */
  pallets: z.optional(z.record(PLAYER, z.array(z.string()))).check(
    z.meta({
      title: 'Pallets',
      description:
        "A player's pallet: 12 rows of 16 characters, X a peg and . a square, 36 pegs in all. A player left empty gets the first one given; all empty: one drawn from the seed for both.",
    }),
  ),
  first: z
    .optional(PLAYER)
    .check(z.meta({ title: 'Moves first', description: 'Who makes the first move; empty: the first player.' })),
  items: z._default(z.record(PLAYER, z.array(z.enum(ITEMS))), {}).check(
    z.meta({
      title: 'Items (final only)',
      description:
        'The items each player holds in the final: additional-peg (one more peg before the first turn), rapid-removal, peg-subtraction.',
    }),
  ),
  turnSeconds: z
    ._default(
      z
        .int()
        .check(
          z.minimum(10, 'a turn is at least 10 seconds'),
          z.maximum(86_400, 'a turn is at most 86400 seconds (a day)'),
        ),
      120,
    )
    .check(
      z.meta({
        title: 'Seconds a turn',
        description: 'How long the mover has for each move before their reserve runs; the rules give 120 (2 minutes).',
      }),
    ),
  reserveSeconds: z
    ._default(
      z
        .int()
        .check(
          z.minimum(0, 'the reserve cannot be negative'),
          z.maximum(86_400, 'the reserve is at most 86400 seconds (a day)'),
        ),
      480,
    )
    .check(
      z.meta({
        title: 'Reserve, in seconds',
        description:
          'Extra time each player has for the whole match, spent in 10-second steps when a turn runs over; the rules give 480 (8 minutes).',
      }),
    ),
  /** How long the pregame (Additional Peg) lasts: the seed's 3 minutes after seeing the pallets. */
  pregameSeconds: z
    ._default(
      z
        .int()
        .check(
          z.minimum(10, 'the pregame is at least 10 seconds'),
          z.maximum(86_400, 'the pregame is at most 86400 seconds (a day)'),
        ),
      180,
    )
    .check(
      z.meta({
        title: 'Pregame, in seconds',
        description:
          'In the final, how long the holder of Additional Peg has to add their peg before the first turn; the rules give 180 (3 minutes).',
      }),
    ),
  tiebreakWinner: z.optional(PLAYER).check(
    z.meta({
      title: 'Winner of a tie',
      description:
        "Who wins when both own as many squares and used as many pallet squares (the organiser's pick); empty: in the final, more items wins, then a draw from the seed.",
    }),
  ),
});

export type PegOptionsInput = z.infer<typeof optionsSchema>;

export interface PegOptions {
  readonly variant: 'classic' | 'final';
  /** Every player's pallet, as canonical rows (`X` and `.`). */
  readonly pallets: Readonly<Record<string, readonly string[]>>;
  readonly first: string;
  readonly items: Readonly<Record<string, readonly Item[]>>;
  readonly turnSeconds: number;
  readonly reserveSeconds: number;
  readonly pregameSeconds: number;
  readonly tiebreakWinner?: string;
}

type Issue = OptionIssue;

/** Reads pallet rows into a peg mask, or says which row and character is wrong. */
export function readPallet(rows: readonly string[]): { pegs: boolean[] } | { error: string; row?: number } {
  if (rows.length !== PALLET.rows) return { error: `a pallet has ${PALLET.rows} rows, got ${rows.length}` };
  const pegs: boolean[] = [];
  for (const [r, text] of rows.entries()) {
    if (text.length !== PALLET.cols)
      return { error: `row ${r + 1} has ${text.length} characters; a pallet row has ${PALLET.cols} (A–P)`, row: r };
    for (const [c, ch] of [...text].entries()) {
      if (ch !== 'X' && ch !== 'x' && ch !== '.') {
        return {
          error: `row ${r + 1}, column ${columnLetters(c)}: ${quote(ch)} is neither X (peg) nor . (square)`,
          row: r,
        };
      }
      pegs.push(ch !== '.');
    }
  }
  const count = pegs.filter(Boolean).length;
  if (count !== PEGS_PER_PALLET) return { error: `a pallet holds ${PEGS_PER_PALLET} pegs, this one ${count}` };
  return { pegs };
}

function palletRows(pegs: readonly boolean[]): string[] {
  const rows: string[] = [];
  for (let r = 0; r < PALLET.rows; r++) {
    rows.push(
      pegs
        .slice(r * PALLET.cols, (r + 1) * PALLET.cols)
        .map((p) => (p ? 'X' : '.'))
        .join(''),
    );
  }
  return rows;
}

/**
 * A pallet from the seed: 36 pegs dropped in random order, skipping any square orthogonally next
 * to a peg already placed, so every cut-out needs at least one connecting square (the seed's
 * pictures are lost; this keeps pegs spread out while leaving open areas for removals).
 */
export function generatePallet(random: Random): string[] {
  const pegs = new Array<boolean>(PALLET_CELLS).fill(false);
  let placed = 0;
  for (const index of random.shuffle(Array.from({ length: PALLET_CELLS }, (_, i) => i))) {
    if (placed === PEGS_PER_PALLET) break;
    if (orthogonalIndices(index, PALLET).some((n) => pegs[n])) continue;
    pegs[index] = true;
    placed++;
  }
  return palletRows(pegs);
}

export function prepareOptions(input: PegOptionsInput, { players, random }: OptionsSetup): PreparedOptions<PegOptions> {
  const issues: Issue[] = [];
  const ids = players.map((p) => p.id);
  const known = (id: string) => ids.includes(id);
  const list = ids.join(', ');

  const pallets: Record<string, string[]> = {};
  for (const [id, rows] of Object.entries(input.pallets ?? {})) {
    if (!known(id)) {
      issues.push({ path: ['pallets', id], message: `${quote(id)} is not a player of this match (${list})` });
      continue;
    }
    const read = readPallet(rows);
    if ('error' in read)
      issues.push({ path: ['pallets', id, ...(read.row !== undefined ? [read.row] : [])], message: read.error });
    else pallets[id] = palletRows(read.pegs);
  }
  // Both players play identical pallets unless each is given: a missing one copies the first.
  const shared = Object.values(pallets)[0] ?? generatePallet(random.fork('pallet'));
  for (const id of ids) pallets[id] ??= shared;

  const first = input.first ?? ids[0];
  if (!known(first))
    issues.push({ path: ['first'], message: `${quote(first)} is not a player of this match (${list})` });
  if (input.tiebreakWinner !== undefined && !known(input.tiebreakWinner)) {
    issues.push({
      path: ['tiebreakWinner'],
      message: `${quote(input.tiebreakWinner)} is not a player of this match (${list})`,
    });
  }

  const items: Record<string, Item[]> = Object.fromEntries(ids.map((id) => [id, []]));
  for (const [id, held] of Object.entries(input.items)) {
    if (!known(id)) {
      issues.push({ path: ['items', id], message: `${quote(id)} is not a player of this match (${list})` });
      continue;
    }
    if (held.length > 0 && input.variant !== 'final') {
      issues.push({
        path: ['items', id],
        message: 'items are used only in the final variant (set Variant, the option "variant", to final)',
      });
    }
    const twice = held.find((item, i) => held.indexOf(item) !== i);
    if (twice) issues.push({ path: ['items', id], message: `${twice} is listed twice` });
    items[id] = [...held];
  }

  return {
    options: {
      variant: input.variant,
      pallets,
      first,
      items,
      turnSeconds: input.turnSeconds,
      reserveSeconds: input.reserveSeconds,
      pregameSeconds: input.pregameSeconds,
      ...(input.tiebreakWinner !== undefined ? { tiebreakWinner: input.tiebreakWinner } : {}),
    },
    issues,
  };
}
