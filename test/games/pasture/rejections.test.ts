// Every refusal a player can meet, word for word: what was wrong, where, and what still counted.
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../src/engine/core/game.js';
import { loadMatch } from '../../../src/engine/index.js';
import { boardOf, orders, plans, play, players, reasons, start } from './helpers.js';

// Pastures: A1:A14 (one column wide), B1:G14, H1:H1 (a single cell), I1:N1 (one row high), H2:N14.
const fences = ['V:G', 'V:A', 'H:1 in H1', 'V:H in H1'];
const layout = start({ p1: 'C3', p2: 'A1', p3: 'H1', p4: 'J1' });

describe('start', () => {
  it('needs one cell on the board', () => {
    const result = play({
      players: 2,
      submissions: [
        { phase: 'start', player: 'p1', answers: { start: ' ' } },
        { phase: 'start', player: 'p1', answers: { start: 'hello' } },
        { phase: 'start', player: 'p1', answers: { start: 'P3' } },
        ...start({ p1: 'c 3', p2: 'N14' }),
      ],
    });
    expect(reasons(result)).toEqual([
      'start: name one cell for your sheep, e.g. C12',
      'start: "hello" is not a coordinate: write a column letter and a row number, e.g. C12',
      'start: P3 is off the board (columns A–N, rows 1–14)',
    ]);
    expect(result.state.placedAtRandom).toEqual([]);
  });
});

describe('plan', () => {
  it("must be a fence that splits the submitter's own pasture strictly inside", () => {
    const result = play({
      players: 4,
      options: { fences },
      submissions: [
        ...layout,
        ...plans(1, [
          ['p1', 'diagonal'],
          ['p1', 'V:J'],
          ['p1', 'between rows 1 and 3'],
          ['p2', 'V:C'],
          ['p4', 'H:3'],
          ['p3', 'H:1'],
        ]),
      ],
    });
    expect(reasons(result)).toEqual([
      'plan: "diagonal" is not a fence: write V:G (between columns G and H) or H:7 (between rows 7 and 8)',
      'plan: V:J does not split your pasture B1:G14 strictly inside it (a vertical fence there is V:B to V:F)',
      'plan: "between rows 1 and 3": rows 1 and 3 are not next to each other; a fence lies between two neighbouring rows',
      'plan: your pasture A1:A14 is one column wide, so only a horizontal fence can split it (H:1 to H:13)',
      'plan: your pasture I1:N1 is one row high, so only a vertical fence can split it (V:I to V:M)',
      'plan: your pasture H1:H1 is a single cell and cannot be split',
    ]);
  });

  it('takes the next id on every valid submission; a new plan or "none" withdraws the earlier one', () => {
    const result = play({
      players: 4,
      options: { fences },
      submissions: [
        ...layout,
        ...plans(1, [
          ['p1', 'V:D'],
          ['p2', 'H:7'],
          ['p1', 'H:4'],
          ['p4', 'V:K'],
          ['p4', 'none'],
          ['p2', 'V:X'],
        ]),
      ],
    });
    // p1's V:D was P1, replaced by P3; p4's P4 was withdrawn; p2's last try was refused, so P2 stands.
    expect(result.state.rounds[0].plans.map((p) => [p.id, p.player])).toEqual([
      ['P2', 'p2'],
      ['P3', 'p1'],
    ]);
    expect(reasons(result)).toEqual([
      'plan: "V:X" is not between two columns of the board (a vertical fence goes from V:A to V:M)',
    ]);
    const withdrawnThenNew = play({
      players: 4,
      options: { fences },
      submissions: [
        ...layout,
        ...plans(1, [
          ['p1', 'V:D'],
          ['p1', 'none'],
          ['p2', 'H:7'],
        ]),
      ],
    });
    // Withdrawing does not free an id: p2's plan is P2, never a second P1.
    expect(withdrawnThenNew.state.rounds[0].plans.map((p) => p.id)).toEqual(['P2']);
  });
});

describe('orders', () => {
  const round1 = (submissions: Submission[], garnets: Record<string, number> = {}) =>
    play({
      players: players(4, garnets),
      options: { fences },
      submissions: [
        ...layout,
        ...plans(1, [
          ['p1', 'V:D'],
          ['p2', 'H:7'],
          ['p1', 'H:4'],
        ]),
        ...submissions,
      ],
    });

  it('refuses each part on its own, with the reason, and rejects the whole only when nothing counts', () => {
    const result = round1(
      [
        ...orders(1, { p1: { move: 'Z1' } }),
        ...orders(1, { p1: { votes: 'X' } }),
        ...orders(1, { p1: { votes: 'P1' } }),
        ...orders(1, { p1: { votes: 'P2 p2' } }),
        ...orders(1, { p1: { extra: 'P2 P3' } }),
        ...orders(1, { p1: { extra: 'P2 three' } }),
        ...orders(1, { p1: { buyGate: 'maybe' } }),
        ...orders(1, { p1: { buyGate: 'yes' } }),
        ...orders(1, { p1: { gate: 'C3 ?' } }),
        ...orders(1, { p1: { gate: 'C3' } }),
        ...orders(1, { p1: { gate: 'C3 E3' } }),
        ...orders(1, { p1: { gate: 'C3 D3' } }),
        ...orders(1, { p1: { move: 'E9', votes: 'P9' } }),
        ...orders(1, { p1: { move: 'C9', votes: ['P2', 'P3'], extra: 'P2 P3' } }),
      ],
      { p1: 1 },
    );
    expect(reasons(result)).toEqual([
      'move: Z1 is off the board (columns A–N, rows 1–14); your sheep stays',
      'votes: "X" is not a plan id (write ids such as P1 P3)',
      'votes: P1 is not a plan of this round (the plans are P2, P3)',
      'votes: P2 is named twice; you have one vote per plan (buy more in "extra")',
      'extra: 2 extra votes cost 2 garnets and you have 1; no extra votes were bought',
      'extra: "three" is not a plan id (write ids such as P1 P3)',
      'buyGate: "maybe" is not yes or no; answer yes to buy a gate for 2 garnets, or no (or leave it blank)',
      'buyGate: a gate costs 2 garnets and you have 1',
      'gate: could not read "?" as a coordinate',
      'gate: name the two cells on either side of a fence, e.g. G5 H5 (you named 1)',
      'gate: C3 and E3 are not next to each other; a gate joins two orthogonally adjacent cells',
      'gate: no fence lies between C3 and D3 (both are in pasture B1:G14); a gate must cross a fence',
      "move: E9 is neither in your sheep's row (3) nor its column (C); a sheep moves only along its row or column, so it stays; votes: P9 is not a plan of this round (the plans are P2, P3)",
      'extra: 2 extra votes cost 2 garnets and you have 1; no extra votes were bought',
    ]);
    // Only the last, partly accepted submission counts: the move and votes stand, no garnet is spent.
    expect(result.receipts.slice(-14).map((r) => r.status)).toEqual([...new Array(13).fill('rejected'), 'partial']);
    const record = result.state.rounds[0];
    expect(record.orders.p1).toEqual({
      move: { row: 8, col: 2 },
      votes: ['P2', 'P3'],
      extra: [],
      gate: null,
      buyGate: false,
    });
    expect(result.state.spent.p1).toBe(0);
  });

  it('charges the gate first and refuses the extra votes the rest cannot pay for', () => {
    const result = round1(orders(1, { p4: { buyGate: 'yes', extra: 'P2', gate: 'J1 J2' } }), { p4: 2 });
    expect(reasons(result)).toEqual([
      'extra: 1 extra vote costs 1 garnet and you have 0 left after 2 for the gate; no extra votes were bought',
    ]);
    expect(result.state.rounds[0].gatesBought).toEqual(['p4']);
    expect(result.state.rounds[0].gates).toEqual([
      {
        player: 'p4',
        cells: [
          { row: 0, col: 9 },
          { row: 1, col: 9 },
        ],
      },
    ]);
    expect(result.state.gatesLeft.p4).toBe(1);
    expect(result.state.spent.p4).toBe(2);
  });

  it('allows one bought gate per game and refuses a gate once none is left', () => {
    // p1 on G5 and p2 on G6 face the fence between G and H.
    const result = play({
      players: players(2, { p1: 2 }),
      options: { rounds: 3 },
      submissions: [
        ...start({ p1: 'G5', p2: 'G6' }),
        ...orders(1, { p1: { buyGate: 'yes', gate: 'G5 H5' }, p2: { gate: 'G6 H6' } }),
        ...orders(2, { p1: { buyGate: 'yes', gate: 'H5 G5' }, p2: { gate: 'G6 H6' } }),
        ...orders(3, { p1: { gate: 'G5 H5' } }),
      ],
    });
    expect(reasons(result)).toEqual([
      'buyGate: you already bought your extra gate in round 1 (one per game)',
      'gate: you have no gate left (used in round 1); buy one with buyGate for 2 garnets',
      'gate: you have no gate left (used in rounds 1 and 2); your one extra gate is already bought',
    ]);
    expect(result.state.rounds.map((r) => r.gates.map((g) => g.player))).toEqual([['p1', 'p2'], ['p1'], []]);
    const none = play({
      players: 2,
      options: { gates: 0 },
      submissions: [...start({ p1: 'G5', p2: 'G6' }), ...orders(1, { p1: { gate: 'G5 H5' } })],
    });
    expect(reasons(none)).toEqual([
      'gate: you have no gate left (this match gives none); buy one with buyGate for 2 garnets',
    ]);
  });

  it('asks no votes when no plan was submitted: every pasture takes its default plan', () => {
    const result = play({
      players: 2,
      submissions: [...start({ p1: 'A1', p2: 'N1' }), ...orders(1, { p1: { votes: 'P1', move: 'A5' } })],
    });
    expect(reasons(result)).toEqual(['"votes" is not a question of Round 1: orders; that answer was ignored']);
    expect(result.state.rounds[0].positions.p1).toEqual({ row: 4, col: 0 });
  });
});

describe('match file options', () => {
  const load = (options: Record<string, unknown>, count = 4) => {
    const loaded = loadMatch({ game: 'pasture', seed: 's', players: players(count), options });
    return loaded.ok ? 'ok' : loaded.error;
  };

  it('name the offending field in one line', () => {
    expect(load({ board: boardOf(1).slice(1) })).toBe('options.board: the board is 14 rows of 14 grass values');
    expect(load({ board: boardOf(1).map((row, i) => (i === 3 ? row.slice(1) : row)) })).toBe(
      'options.board[3]: a row holds 14 grass values (columns A–N)',
    );
    expect(load({ board: boardOf(1, { C2: -1 }) })).toBe('options.board[1][2]: grass cannot be negative');
    expect(load({ board: boardOf(1, { C2: 1.5 }) })).toBe('options.board[1][2]: grass values are whole numbers');
    expect(load({ fences: ['V:G', 'sideways'] })).toBe(
      'options.fences[1]: "sideways" is not a fence: write V:G (between columns G and H) or H:7 (between rows 7 and 8)',
    );
    expect(load({ fences: ['V:G', 'H:3 in Q1'] })).toBe(
      'options.fences[1]: Q1 is off the board (columns A–N, rows 1–14)',
    );
    expect(load({ tiebreak: ['influence', 'influence'] })).toBe('options.tiebreak[1]: "influence" is listed twice');
    expect(load({ gates: -1 })).toBe('options.gates: gates cannot be negative');
    expect(load({}, 21)).toBe('players: Pasture takes 2–20 players, got 21');
    expect(load({ board: boardOf(3), fences: [], gates: 2, tiebreak: ['earliest'] })).toBe('ok');
  });
});
