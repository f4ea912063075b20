// Invariants over random legal play: bot matches with random sizes, bots, garnets and starting
// fences. Pastures always tile the board and nest, every sheep stays on the board and walks by the
// rules, scores equal a brute-force recount, garnets are never overspent, and replay is
// deterministic.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../src/engine/core/coords.js';
import { replay } from '../../../src/engine/core/replay.js';
import { replayOutput } from '../../../src/engine/core/replay-output.js';
import { simulate } from '../../../src/engine/core/simulate.js';
import { type Rect, contains } from '../../../src/engine/games/pasture/geometry.js';
import { pasture } from '../../../src/engine/games/pasture/index.js';
import type { PastureMove, PastureState, RoundRecord } from '../../../src/engine/games/pasture/state.js';
import { players } from './helpers.js';
import { matchOf } from '../../helpers/match.js';

const STARTING = [['V:G'], [], ['V:G', 'H:7'], ['V:A', 'H:13 in B1'], ['H:1', 'V:M in N14']];

function tiles(pastures: readonly Rect[]): boolean {
  const count = new Array<number>(196).fill(0);
  for (const r of pastures) {
    if (r.top < 0 || r.left < 0 || r.bottom > 13 || r.right > 13 || r.top > r.bottom || r.left > r.right) return false;
    for (let row = r.top; row <= r.bottom; row++) for (let col = r.left; col <= r.right; col++) count[row * 14 + col]++;
  }
  return count.every((n) => n === 1);
}

const holder = (pastures: readonly Rect[], cell: Cell) => pastures.find((r) => contains(r, cell))!;

/** The walk, step by step against the rectangles and the gate list (no grid, no crossing keys). */
function expectedEnd(record: RoundRecord, player: string): Cell {
  const from = record.from[player];
  const target = record.orders[player].move;
  if (!target) return from;
  const gated = (a: Cell, b: Cell) =>
    record.gates.some(
      ({ cells: [x, y] }) =>
        (x.row === a.row && x.col === a.col && y.row === b.row && y.col === b.col) ||
        (x.row === b.row && x.col === b.col && y.row === a.row && y.col === a.col),
    );
  let here = from;
  while (here.row !== target.row || here.col !== target.col) {
    const next = { row: here.row + Math.sign(target.row - here.row), col: here.col + Math.sign(target.col - here.col) };
    if (holder(record.pasturesBefore, here) !== holder(record.pasturesBefore, next) && !gated(here, next)) break;
    here = next;
  }
  return here;
}

/** floor(grass of the pasture ÷ sheep in it), summing cell by cell. */
function recount(
  record: RoundRecord,
  board: readonly (readonly number[])[],
  ids: readonly string[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of ids) {
    const rect = holder(record.pastures, record.positions[id]);
    let grass = 0;
    for (let row = 0; row < 14; row++)
      for (let col = 0; col < 14; col++)
        if (contains(rect, { row, col })) grass += board[row][col] * 2 ** (record.round - 1);
    const sheep = ids.filter((other) => contains(rect, record.positions[other])).length;
    out[id] = Math.floor(grass / sheep);
  }
  return out;
}

const matchArb = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 8 }),
  count: fc.integer({ min: 2, max: 20 }),
  rounds: fc.integer({ min: 1, max: 5 }),
  fences: fc.constantFrom(...STARTING),
  bots: fc.array(fc.constantFrom('random', 'greedy'), { minLength: 20, maxLength: 20 }),
  garnets: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 20, maxLength: 20 }),
});

describe('pasture properties', () => {
  it('hold over random bot matches', () => {
    fc.assert(
      fc.property(matchArb, ({ seed, count, rounds, fences, bots, garnets }) => {
        const list = players(count, Object.fromEntries(garnets.slice(0, count).map((g, i) => [`p${i + 1}`, g])));
        const ids = list.map((p) => p.id);
        const file = simulate(pasture, matchOf({ game: 'pasture', seed, players: list, options: { rounds, fences } }), {
          bots: Object.fromEntries(ids.map((id, i) => [id, bots[i]])),
        });
        const result = replay<PastureState, PastureMove>(pasture, file);
        const { state } = result;
        const board = (result.match.options as { board: number[][] }).board;
        expect(state.rounds).toHaveLength(rounds);
        expect(result.rejected).toEqual([]); // bots answer legally
        expect(result.final).not.toBeNull();

        for (const record of state.rounds) {
          expect(tiles(record.pasturesBefore)).toBe(true);
          expect(tiles(record.pastures)).toBe(true);
          // Every pasture that can be split gets exactly one fence, and new pastures nest in old ones.
          const splittable = record.pasturesBefore.filter((r) => r.bottom > r.top || r.right > r.left).length;
          expect(record.pastures.length).toBe(record.pasturesBefore.length + splittable);
          for (const rect of record.pastures) {
            expect(
              record.pasturesBefore.filter(
                (old) =>
                  contains(old, { row: rect.top, col: rect.left }) &&
                  contains(old, { row: rect.bottom, col: rect.right }),
              ),
            ).toHaveLength(1);
          }
          for (const id of ids) {
            const cell = record.positions[id];
            expect(cell.row >= 0 && cell.row < 14 && cell.col >= 0 && cell.col < 14).toBe(true);
            expect(cell).toEqual(expectedEnd(record, id));
          }
          expect(record.scores).toEqual(recount(record, board, ids));
        }
        const sums = Object.fromEntries(ids.map((id) => [id, state.rounds.reduce((n, r) => n + r.scores[id], 0)]));
        expect(result.final!.scores).toEqual(sums);
        for (const player of list) expect(state.spent[player.id]).toBeLessThanOrEqual(player.garnets);

        const again = replay(pasture, JSON.parse(JSON.stringify(file)));
        expect(again.state).toEqual(state);
        expect(replayOutput(again)).toEqual(replayOutput(result));
      }),
      { numRuns: 30 },
    );
  });
});
