// Builders for worked Fair and Square boards: a board from 7 rows, pieces by owner, type name and
// square ("a Fortress D4"), and the Position or GroupSetup the engine plays from.
import { parseCell } from '../../../src/engine/core/coords.js';
import { Random } from '../../../src/engine/core/random.js';
import { type Board, SHAPE, parseBoard } from '../../../src/engine/games/fair-and-square/board.js';
import type { PieceInfo, Position } from '../../../src/engine/games/fair-and-square/choose.js';
import {
  DEFAULT_PIECES,
  type PieceSpec,
  type PieceType,
  parsePieceSet,
} from '../../../src/engine/games/fair-and-square/pieces.js';
import type { GroupSetup } from '../../../src/engine/games/fair-and-square/play.js';

export function sq(name: string): number {
  const cell = parseCell(name, SHAPE);
  if (!cell.ok) throw new Error(cell.error);
  return cell.value.row * 7 + cell.value.col;
}

export function boardOf(...rows: string[]): Board {
  return parseBoard(rows);
}

export const EMPTY_ROWS = ['.......', '.......', '.......', '.......', '.......', '.......', '.......'];

export function typesOf(specs: readonly PieceSpec[]): PieceType[] {
  const { types, issues } = parsePieceSet(specs);
  if (issues.length > 0) throw new Error(issues.map((i) => i.message).join('; '));
  return types;
}

export const ROUND_TYPES = DEFAULT_PIECES.map(typesOf);

/** "a Fortress D4" or "b Sprinter E5 order=1,0": owner letter (a = number 0), type, square. */
function piecesOf(types: readonly PieceType[], lines: readonly string[]): { pieces: PieceInfo[]; cells: number[] } {
  const pieces: PieceInfo[] = [];
  const cells: number[] = [];
  for (const line of lines) {
    const [owner, name, at, order] = line.split(' ');
    const type = types.findIndex((t) => t.name === name);
    if (type < 0) throw new Error(`no type ${name}`);
    pieces.push({
      owner,
      number: owner.charCodeAt(0) - 97,
      type,
      order: order ? order.slice('order='.length).split(',').map(Number) : types[type].options.map((_, i) => i),
    });
    cells.push(sq(at));
  }
  return { pieces, cells };
}

export function positionOf(
  board: Board,
  types: readonly PieceType[],
  lines: readonly string[],
  captured: Record<string, string> = {},
): Position {
  const { pieces, cells } = piecesOf(types, lines);
  const captures = new Array<string | null>(49).fill(null);
  for (const [square, owner] of Object.entries(captured)) captures[sq(square)] = owner;
  return { board, types, pieces, cells, captures };
}

export function setupOf(
  board: Board,
  types: readonly PieceType[],
  lines: readonly string[],
  turns = 15,
  seed = 'worked',
): GroupSetup {
  const { pieces, cells } = piecesOf(types, lines);
  const players = [...new Set(pieces.map((p) => p.owner))].sort();
  return { board, types, players, pieces, starts: cells, turns, random: new Random(seed) };
}
