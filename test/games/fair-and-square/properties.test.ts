// Invariants over random play: pieces never leave the board, piece counts only fall, captures are
// point squares and points add up, hold counts only grow on point squares, and replay is
// deterministic. Random group games use random boards and random piece sets (intercept enemy
// included, so prediction circles happen); whole matches are played by the bots.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '../../../src/engine/core/random.js';
import { simulate } from '../../../src/engine/core/simulate.js';
import { distance } from '../../../src/engine/games/fair-and-square/board.js';
import { fairAndSquare } from '../../../src/engine/games/fair-and-square/index.js';
import { MAX_DISTANCE, parsePieceSet } from '../../../src/engine/games/fair-and-square/pieces.js';
import { type GroupSetup, playGroup } from '../../../src/engine/games/fair-and-square/play.js';
import type { FasState } from '../../../src/engine/games/fair-and-square/state.js';
import { replayMatch, replayOutput } from '../../../src/engine/index.js';
import { baseFile, matchOf } from '../../helpers/match.js';

const OPTION_TEXTS = [
  'hold',
  'stay',
  'step N',
  'step SE',
  'dash W 2',
  'dash S 3',
  'toward point 1',
  'toward point 3',
  'toward enemy 1',
  'toward weaker 2',
  'toward stronger 1',
  'away stronger',
  'away enemy',
  'intercept weaker',
  'intercept enemy',
];

const groupGame = fc.record({
  values: fc.array(fc.constantFrom(0, 0, 0, 0, 0, 0, 1, 2, 3), { minLength: 49, maxLength: 49 }),
  types: fc.array(
    fc.record({
      rank: fc.integer({ min: 0, max: 4 }),
      options: fc.array(fc.constantFrom(...OPTION_TEXTS), { minLength: 1, maxLength: 4 }),
    }),
    {
      minLength: 3,
      maxLength: 5,
    },
  ),
  pieces: fc.array(
    fc.record({ owner: fc.integer({ min: 0, max: 3 }), type: fc.nat(), square: fc.integer({ min: 0, max: 48 }) }),
    {
      minLength: 1,
      maxLength: 16,
    },
  ),
  seed: fc.string({ maxLength: 6 }),
});

type GroupGame = typeof groupGame extends fc.Arbitrary<infer T> ? T : never;

function setupFrom(game: GroupGame): GroupSetup {
  const { types } = parsePieceSet(
    game.types.map((t, i) => ({ name: `T${'abcde'[i]}`, rank: t.rank, options: t.options })),
  );
  const pieces = game.pieces
    .slice()
    .sort((a, b) => a.owner - b.owner)
    .map((p) => {
      const type = p.type % types.length;
      return { owner: `p${p.owner}`, number: p.owner, type, order: types[type].options.map((_, i) => i) };
    });
  return {
    board: game.values,
    types,
    players: ['p0', 'p1', 'p2', 'p3'],
    pieces,
    starts: game.pieces
      .slice()
      .sort((a, b) => a.owner - b.owner)
      .map((p) => p.square),
    turns: 15,
    random: new Random(game.seed),
  };
}

describe('random group games', () => {
  it('keep pieces on the board, only lose pieces, and capture only point squares', () => {
    fc.assert(
      fc.property(groupGame, (game) => {
        const setup = setupFrom(game);
        const turns = playGroup(setup);
        expect(turns).toHaveLength(16);
        for (let t = 1; t < turns.length; t++) {
          const before = turns[t - 1];
          const now = turns[t];
          now.cells.forEach((cell, piece) => {
            expect(cell).toBeGreaterThanOrEqual(-1);
            expect(cell).toBeLessThan(49);
            if (before.cells[piece] < 0) expect(cell).toBe(-1);
            else if (cell >= 0) expect(distance(before.cells[piece], cell)).toBeLessThanOrEqual(MAX_DISTANCE);
            if (now.holds[piece] > 0) expect(setup.board[cell]).toBeGreaterThan(0);
          });
          const alive = (cells: readonly number[]) => cells.filter((c) => c >= 0).length;
          expect(alive(now.cells)).toBeLessThanOrEqual(alive(before.cells));
          let total = 0;
          now.captures.forEach((owner, square) => {
            if (owner === null) return;
            expect(setup.board[square]).toBeGreaterThan(0);
            total += setup.board[square];
          });
          expect(Object.values(now.points).reduce((a, b) => a + b, 0)).toBe(total);
        }
        expect(playGroup(setupFrom(game))).toEqual(turns);
      }),
      { numRuns: 150 },
    );
  });
});

describe('bot matches', () => {
  it('of 2 to 8 players replay deterministically to the state the bots saw, with no submission refused', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.constantFrom('random', 'reach-first'),
        fc.integer({ min: 2, max: 8 }),
        (seed, bot, players) => {
          const file = baseFile('fair-and-square', players, { seed });
          (file.players as { garnets: number }[]).forEach((p, i) => {
            p.garnets = i % 3;
          });
          const played = simulate(fairAndSquare, matchOf(file), { bots: bot, answerDecisions: true });
          const first = replayMatch(played);
          const again = replayMatch(JSON.parse(JSON.stringify(played)));
          expect(replayOutput(again)).toEqual(replayOutput(first));
          expect(first.rejected).toEqual([]);
          expect(first.final).not.toBeNull();
          const state = first.state as FasState;
          for (const round of state.rounds) {
            for (const group of round.groups) {
              // Places 1–4 give 3, 2, 1, 0; shared places only add.
              for (const player of group.players)
                expect(group.rankPoints[player]).toBe(Math.max(0, 4 - group.ranking.places[player]));
              const pieces = group.turns.map((t) => t.cells.filter((c) => c >= 0).length);
              expect(pieces[0]).toBe(group.players.length * 4);
              pieces.slice(1).forEach((count, i) => expect(count).toBeLessThanOrEqual(pieces[i]));
            }
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  // How fast a full 8-player bot match replays is a target of npm run bench (bench/bench.ts), not of a test.
});
