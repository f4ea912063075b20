// Properties over random boards and random bot matches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/engine/core/replay.js';
import { replayOutput } from '../../../src/engine/core/replay-output.js';
import { simulate } from '../../../src/engine/core/simulate.js';
import { notFlowerField } from '../../../src/engine/games/not-flower-field/index.js';
import { hasFullPlacement, slotsFor } from '../../../src/engine/games/not-flower-field/legal.js';
import { multiplierGrid } from '../../../src/engine/games/not-flower-field/options.js';
import { scorePlayer } from '../../../src/engine/games/not-flower-field/patterns.js';
import type { NffState } from '../../../src/engine/games/not-flower-field/state.js';
import { baseFile, matchOf } from '../../helpers/match.js';
import { bruteScore, hallHasPlacement } from './brute.js';

const COLOURS = ['red', 'blue', 'yellow', 'green'];

const cellArb = fc.oneof(
  fc.constant<string[]>([]),
  fc.constant(['black']),
  fc.constantFrom(...COLOURS).map((c) => [c]),
  fc
    .uniqueArray(fc.constantFrom(...COLOURS), { minLength: 2, maxLength: 2 })
    .map((pair) => pair.sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b))),
);

const boardArb = fc.integer({ min: 4, max: 6 }).chain((size) =>
  fc.record({
    size: fc.constant(size),
    board: fc.array(cellArb, { minLength: size * size, maxLength: size * size }),
    multipliers: fc.array(fc.constantFrom(1, 1, 1, 2, 3), { minLength: size * size, maxLength: size * size }),
  }),
);

describe('patterns', () => {
  it('score what a literal recount over every set of up to four cells scores', () => {
    fc.assert(
      fc.property(boardArb, fc.constantFrom(...COLOURS), ({ size, board, multipliers }, colour) => {
        expect(scorePlayer(board, size, colour, multipliers).total).toBe(bruteScore(board, size, colour, multipliers));
      }),
      { numRuns: 60 },
    );
  });
});

describe('legal full placement', () => {
  it("agrees with Hall's theorem on random boards", () => {
    fc.assert(
      fc.property(boardArb, fc.shuffledSubarray(COLOURS, { minLength: 3, maxLength: 4 }), ({ board }, colours) => {
        const [own, ...others] = colours;
        expect(hasFullPlacement(board, slotsFor(own, others))).toBe(hallHasPlacement(board, own, others));
      }),
      { numRuns: 200 },
    );
  });
});

const matchArb = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 12 }),
  players: fc.integer({ min: 3, max: 6 }),
  size: fc.integer({ min: 4, max: 8 }),
  rounds: fc.integer({ min: 1, max: 7 }),
  bots: fc.array(fc.constantFrom('random', 'greedy'), { minLength: 6, maxLength: 6 }),
});

describe('random bot matches', () => {
  it('keep every board legal, replay deterministically, end when they should, and score by the rules', () => {
    fc.assert(
      fc.property(matchArb, ({ seed, players, size, rounds, bots }) => {
        const match = matchOf(baseFile('not-flower-field', players, { seed, options: { size, rounds } }));
        const botFor = Object.fromEntries(match.players.map((p, i) => [p.id, bots[i]]));
        const played = simulate(notFlowerField, match, { bots: botFor, answerDecisions: true });
        const result = replay<NffState>(notFlowerField, played);
        const again = replay<NffState>(notFlowerField, JSON.parse(JSON.stringify(played)));

        // Replay is deterministic and bots never submit an illegal move.
        expect(again.state).toEqual(result.state);
        expect(replayOutput(again)).toEqual(replayOutput(result));
        expect(result.rejected.filter((r) => r.phase !== 'pregame')).toEqual([]);
        expect(result.final).not.toBeNull();

        const { state } = result;
        const colours = state.colours!;
        const palette = match.options.palette as string[];
        let previous: readonly (readonly string[])[] =
          state.rounds.length > 0 ? state.rounds[0].board.map(() => []) : [];
        for (const record of state.rounds) {
          record.board.forEach((cell, i) => {
            // Every cell is empty, black, or one or two distinct palette colours in palette order.
            const black = cell.length === 1 && cell[0] === 'black';
            expect(
              black ||
                (cell.length <= 2 && new Set(cell).size === cell.length && cell.every((c) => palette.includes(c))),
            ).toBe(true);
            if (!black) expect([...cell]).toEqual([...cell].sort((a, b) => palette.indexOf(a) - palette.indexOf(b)));
            // Cells never lose a colour, and black stays black.
            const before = previous[i];
            if (before.length === 1 && before[0] === 'black') expect(cell).toEqual(['black']);
            else if (!black) expect(before.every((c) => cell.includes(c))).toBe(true);
          });
          previous = record.board;
        }

        // The game ends early exactly when someone has no legal full placement (by Hall's theorem).
        const stuckOn = (board: NffState['board']) =>
          match.players
            .filter(
              (p) =>
                !hallHasPlacement(
                  board,
                  colours[p.id],
                  match.players.filter((o) => o.id !== p.id).map((o) => colours[o.id]),
                ),
            )
            .map((p) => p.id);
        state.rounds.slice(0, -1).forEach((record) => expect(stuckOn(record.board)).toEqual([]));
        if (state.ended?.reason === 'no-legal-placement') {
          expect(state.ended.players).toEqual(stuckOn(state.board));
          expect(state.ended.players.length).toBeGreaterThan(0);
        } else {
          expect(state.rounds).toHaveLength(rounds);
        }

        // Final scores are a brute-force recount of the final board.
        const multipliers = multiplierGrid(match.options as never);
        for (const p of match.players) {
          expect(result.final!.scores[p.id]).toBe(bruteScore(state.board, size, colours[p.id], multipliers));
        }
      }),
      { numRuns: 25 },
    );
  });
});
