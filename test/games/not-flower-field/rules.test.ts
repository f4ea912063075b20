// Not Flower Field rules from worked rounds. Players: p1 Ann, p2 Ben, p3 Cara, p4 Dev.
import { describe, expect, it } from 'vitest';
import { makeContext, replay } from '../../../src/engine/core/replay.js';
import { replayOutput } from '../../../src/engine/core/replay-output.js';
import { hasFullPlacement, slotsFor } from '../../../src/engine/games/not-flower-field/legal.js';
import { notFlowerField } from '../../../src/engine/games/not-flower-field/index.js';
import { type NffState, scoresOn } from '../../../src/engine/games/not-flower-field/state.js';
import { samplePlayers } from '../../../src/engine/index.js';
import { baseFile, matchOf } from '../../helpers/match.js';
import { draw } from './draw.js';

type Sub = { phase: string; player: string; answers: Record<string, string> };

const colours: Sub[] = [
  { phase: 'pregame', player: 'p1', answers: { colour: 'red' } },
  { phase: 'pregame', player: 'p2', answers: { colour: 'blue' } },
  { phase: 'pregame', player: 'p3', answers: { colour: 'yellow' } },
  { phase: 'pregame', player: 'p4', answers: { colour: 'green' } },
];

// Round 1 makes A1 black (red, blue and yellow land together), B1 red and blue, C1 red (Ann's
// own red and Cara's red for Ann land together and count once).
const round1: Sub[] = [
  { phase: 'round-1', player: 'p1', answers: { own: 'A1 B1 C1', others: 'blue H8, yellow H7, green H6' } },
  { phase: 'round-1', player: 'p2', answers: { own: 'A1 b1 E1', others: 'red G8, Cara G7, green G6' } },
  { phase: 'round-1', player: 'p3', answers: { own: 'A1 E2 E3', others: 'red C1, blue F7, green F6' } },
  { phase: 'round-1', player: 'p4', answers: { own: 'E4 E5 E6', others: 'Ann D7, Ben D6, Cara C8' } },
];

function play(submissions: Sub[], options: Record<string, unknown> = {}, players = 4) {
  const match = matchOf(baseFile('not-flower-field', players, { submissions, options }));
  return replay<NffState>(notFlowerField, match);
}

function cell(state: NffState, name: string): readonly string[] {
  const col = name.charCodeAt(0) - 65;
  const row = Number(name.slice(1)) - 1;
  return state.board[row * 8 + col];
}

describe('colour choice (pregame, public)', () => {
  it('refuses a colour already taken, black, and colours not on offer', () => {
    const result = play(
      [
        { phase: 'pregame', player: 'p1', answers: { colour: 'Red' } },
        { phase: 'pregame', player: 'p2', answers: { colour: 'red' } },
        { phase: 'pregame', player: 'p3', answers: { colour: 'black' } },
        { phase: 'pregame', player: 'p4', answers: { colour: 'pink' } },
      ],
      { rounds: 1 },
    );
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'colour: red is already taken by Ann',
      "colour: black is what three colours make; it is nobody's colour",
      'colour: "pink" is not on offer (red, blue, yellow, green, purple, orange)',
    ]);
    // Whoever chose nothing gets the first free colours of the palette, in player order.
    expect(result.state.colours).toEqual({ p1: 'red', p2: 'blue', p3: 'yellow', p4: 'green' });
    expect(result.state.colourNotes).toContain('Ben chose no colour and was given blue');
  });

  it('frees a colour when its holder changes their mind (the last valid choice counts)', () => {
    const result = play(
      [
        { phase: 'pregame', player: 'p1', answers: { colour: 'red' } },
        { phase: 'pregame', player: 'p1', answers: { colour: 'green' } },
        { phase: 'pregame', player: 'p2', answers: { colour: 'red' } },
      ],
      { rounds: 1 },
    );
    expect(result.rejected).toEqual([]);
    expect(result.state.colours).toMatchObject({ p1: 'green', p2: 'red' });
  });
});

describe('placing and merging', () => {
  it('lands all placements at once: union per cell, the same colour once, three colours black', () => {
    const { state, rejected } = play([...colours, ...round1], { rounds: 2 });
    expect(rejected).toEqual([]);
    expect(cell(state, 'A1')).toEqual(['black']);
    expect(cell(state, 'B1')).toEqual(['red', 'blue']);
    expect(cell(state, 'C1')).toEqual(['red']);
    expect(cell(state, 'C8')).toEqual(['yellow']);
  });

  it('turns a one-colour cell black when two more colours arrive in one round, and black stays black', () => {
    const round2: Sub[] = [
      { phase: 'round-2', player: 'p2', answers: { own: 'C1 A2 A3', others: 'red A4, yellow A5, green A6' } },
      { phase: 'round-2', player: 'p3', answers: { own: 'C1 B2 B3', others: 'red B4, blue B5, green B6' } },
    ];
    const { state } = play([...colours, ...round1, ...round2], { rounds: 3 });
    expect(cell(state, 'C1')).toEqual(['black']);
    expect(cell(state, 'A1')).toEqual(['black']);
  });

  it('rejects a submission that breaks any rule whole, naming every cell and rule', () => {
    const bad: Sub = {
      phase: 'round-2',
      player: 'p1',
      answers: { own: 'A1 B1 C1', others: 'blue D1, yellow D1, green H1' },
    };
    const { state, rejected, receipts } = play([...colours, ...round1, bad], { rounds: 2 });
    expect(rejected.map((r) => r.reason)).toEqual([
      'D1 is named twice: all 6 cells must be different; A1 is black: nothing can be placed on a black cell; ' +
        'B1 already holds red and blue: a cell with two colours takes no more; C1 already holds red: the same colour cannot be placed there again',
    ]);
    expect(receipts[receipts.length - 1].status).toBe('rejected');
    // Nothing of it landed: H1 stays empty.
    expect(cell(state, 'H1')).toEqual([]);
  });

  it.each([
    [{ others: 'blue D1, yellow D2, green D3' }, 'own: name 3 cells for your colour (e.g. own "A1 B2 C3")'],
    [{ own: 'D1 D2', others: 'blue D3, yellow D4, green D5' }, 'own: name exactly 3 cells for your colour, not 2'],
    [{ own: 'D1 D2 Z9', others: 'blue D3, yellow D4, green D5' }, 'own: Z9 is off the board (columns A–H, rows 1–8)'],
    [{ own: 'D1 D2 D3' }, 'others: name one cell for each opponent\'s colour (e.g. "blue D4, yellow E5, green F6")'],
    [
      { own: 'D1 D2 D3', others: 'purple D4, yellow D5, green D6' },
      'others: could not tell whose colour "purple D4" is; start each entry with one of blue (Ben), yellow (Cara), green (Dev)',
    ],
    [
      { own: 'D1 D2 D3', others: 'red D4, yellow D5, green D6' },
      'others: "red D4" names your own colour; put your own three cells in "own"',
    ],
    [{ own: 'D1 D2 D3', others: 'yellow D5, green D6' }, 'others: no cell given for blue (Ben)'],
    [
      { own: 'D1 D2 D3', others: 'blue D4, Ben D7, yellow D5, green D6' },
      'others: 2 cells given for blue (Ben); give exactly one',
    ],
    [
      { own: 'D1 D2 D3', others: 'blue D4, yellow D5, green I6' },
      'others: green: I6 is off the board (columns A–H, rows 1–8)',
    ],
  ])('rejects %j with a reason the player can act on', (answers, reason) => {
    const { rejected } = play([...colours, { phase: 'round-1', player: 'p1', answers }], { rounds: 1 });
    expect(rejected.map((r) => r.reason)).toEqual([reason]);
  });

  it('reads opponents by name or colour, in any case and order, with "cell colour" too', () => {
    const { rejected, state } = play(
      [
        ...colours,
        { phase: 'round-1', player: 'p1', answers: { own: 'd 1, D2; d3', others: 'BEN D4; D5 yellow\ngreen: D6' } },
      ],
      { rounds: 1 },
    );
    expect(rejected).toEqual([]);
    expect(cell(state, 'D1')).toEqual(['red']);
    expect(cell(state, 'D4')).toEqual(['blue']);
    expect(cell(state, 'D5')).toEqual(['yellow']);
    expect(cell(state, 'D6')).toEqual(['green']);
  });
});

describe('a player named like a colour', () => {
  // p1 is "Red" and plays blue, listed before Ann (p2), who plays red; Cara is "Blue Rover" and
  // plays yellow; Dev is "Green" and plays purple; green is nobody's. Colours are read first: "red
  // D4" is red's (Ann's), never Red's.
  const named = samplePlayers(4).map((p, i) => ({ ...p, name: ['Red', 'Ann', 'Blue Rover', 'Green'][i] }));
  const picks: Sub[] = [
    { phase: 'pregame', player: 'p1', answers: { colour: 'blue' } },
    { phase: 'pregame', player: 'p2', answers: { colour: 'red' } },
    { phase: 'pregame', player: 'p3', answers: { colour: 'yellow' } },
    { phase: 'pregame', player: 'p4', answers: { colour: 'purple' } },
  ];
  const playNamed = (others: string, player = 'p1') =>
    replay<NffState>(
      notFlowerField,
      matchOf(
        baseFile('not-flower-field', 4, {
          players: named,
          options: { rounds: 1 },
          submissions: [...picks, { phase: 'round-1', player, answers: { own: 'A1 A2 A3', others } }],
        }),
      ),
    );

  it('never captures the cell meant for the colour of that name', () => {
    // Cara sends red's cell by colour and Red's (blue) cell by the colour blue.
    const { rejected, state } = playNamed('red D4, blue D5, purple D6', 'p3');
    expect(rejected).toEqual([]);
    expect(cell(state, 'D4')).toEqual(['red']);
    expect(cell(state, 'D5')).toEqual(['blue']);
    expect(cell(state, 'D6')).toEqual(['purple']);
    // "D7 red" and "redD7" are red's too, whichever end the colour is at.
    const ends = playNamed('D7 red, blueD8, E1 = purple', 'p3');
    expect(ends.rejected).toEqual([]);
    expect([cell(ends.state, 'D7'), cell(ends.state, 'D8'), cell(ends.state, 'E1')]).toEqual([
      ['red'],
      ['blue'],
      ['purple'],
    ]);
  });

  it('is named by their name where the entry is not a colour and a cell, and a colour nobody plays is never a name', () => {
    // "Blue Rover D4" is not blue and a cell: it is Cara's (yellow).
    const rover = playNamed('red D4, Blue Rover D5, Green D6');
    expect(rover.rejected.map((r) => r.reason)).toEqual([
      'others: could not tell whose colour "Green D6" is; start each entry with one of red (Ann), yellow (Blue Rover), purple (Green)',
    ]);
    const fixed = playNamed('red D4, Blue Rover D5, purple D6');
    expect(fixed.rejected).toEqual([]);
    expect(cell(fixed.state, 'D5')).toEqual(['yellow']);
    // Red (blue) naming blue names their own colour, not Cara's "Blue Rover".
    expect(playNamed('blue D4, red D5, yellow D6, purple D7').rejected.map((r) => r.reason)).toEqual([
      'others: "blue D4" names your own colour; put your own three cells in "own"',
    ]);
  });
});

describe('early end', () => {
  it('is a matching of colours to cells, not a count of free cells', () => {
    // Five cells are open (four red, one yellow) but only one lacks red, so red cannot place its
    // three; blue can (own blue on the red cells, red on the yellow cell, yellow on a red cell).
    const { board } = draw(['R R R R', 'Y # # #', '# # # #', '# # # #']);
    expect(hasFullPlacement(board, slotsFor('red', ['blue', 'yellow']))).toBe(false);
    expect(hasFullPlacement(board, slotsFor('blue', ['red', 'yellow']))).toBe(true);
    // Yellow fits too: own on three red cells, red on the yellow cell, blue on the last red cell.
    expect(hasFullPlacement(board, slotsFor('yellow', ['red', 'blue']))).toBe(true);
    // With one red cell fewer, yellow still has five open cells' worth of slots but one too few cells.
    const tighter = draw(['R R R #', 'Y # # #', '# # # #', '# # # #']).board;
    expect(hasFullPlacement(tighter, slotsFor('yellow', ['red', 'blue']))).toBe(false);
  });

  it('ends the game before a round in which someone has no legal full placement', () => {
    // 4×4, three players: round 1 blackens twelve cells and leaves four open, too few for five.
    const fill: Sub[] = [
      { phase: 'pregame', player: 'p1', answers: { colour: 'red' } },
      { phase: 'pregame', player: 'p2', answers: { colour: 'blue' } },
      { phase: 'pregame', player: 'p3', answers: { colour: 'yellow' } },
      { phase: 'round-1', player: 'p1', answers: { own: 'A1 B1 C1', others: 'blue D1, yellow A2' } },
      { phase: 'round-1', player: 'p2', answers: { own: 'A1 B1 C1', others: 'red D1, yellow B2' } },
      { phase: 'round-1', player: 'p3', answers: { own: 'A1 B1 C1', others: 'red A2, blue B2' } },
    ];
    const result = play(fill, { size: 4, rounds: 5, multipliers: {} }, 3);
    // A1 B1 C1 black; D1 red+blue; A2 red+yellow; B2 blue+yellow: ten cells remain empty, so
    // everyone can still place and the game goes on (this file has no schedule, so the rounds
    // nobody played are played with no placements, to the last).
    expect(result.state.rounds).toHaveLength(5);
    expect(result.state.ended).toEqual({ reason: 'rounds' });
    // Round 2, worked by hand: C2, D2, A3 take blue and yellow; B3 red+yellow; C3 red+blue;
    // D3, A4, B4 red; C4 blue; D4 yellow. Open cells: D3, A4, B4 (red), C4 (blue), D4 (yellow).
    // Red needs three cells without red: only C4 and D4 → stuck. Blue: own D3 A4 B4, red D4,
    // yellow C4. Yellow: own D3 A4 B4, red C4, blue D4. So only Ann (red) is stuck.
    const more: Sub[] = [
      { phase: 'round-2', player: 'p1', answers: { own: 'B3 C3 D3', others: 'blue C4, yellow D4' } },
      { phase: 'round-2', player: 'p2', answers: { own: 'C2 D2 A3', others: 'red A4, yellow B3' } },
      { phase: 'round-2', player: 'p3', answers: { own: 'C2 D2 A3', others: 'red B4, blue C3' } },
    ];
    const ended = play([...fill, ...more], { size: 4, rounds: 5, multipliers: {} }, 3);
    expect(ended.rejected).toEqual([]);
    expect(ended.state.ended).toEqual({ reason: 'no-legal-placement', beforeRound: 3, players: ['p1'] });
    // A brute force over every assignment agrees.
    const brute = (own: string, others: string[]) => {
      const open = ended.state.board
        .map((c, i) => ({ c, i }))
        .filter(({ c }) => !(c.length === 1 && c[0] === 'black') && c.length < 2);
      const slots = [own, own, own, ...others];
      const used = new Set<number>();
      const go = (k: number): boolean =>
        k === slots.length ||
        open.some(({ c, i }) => {
          if (used.has(i) || c.includes(slots[k])) return false;
          used.add(i);
          const found = go(k + 1);
          used.delete(i);
          return found;
        });
      return go(0);
    };
    expect([
      brute('red', ['blue', 'yellow']),
      brute('blue', ['red', 'yellow']),
      brute('yellow', ['red', 'blue']),
    ]).toEqual([false, true, true]);
    expect(ended.open).toBeNull();
    expect(ended.final).not.toBeNull();
    expect(replayOutput(ended).rounds).toHaveLength(2);
    expect(ended.final?.detail.ending).toEqual({ reason: 'no-legal-placement', beforeRound: 3, players: ['p1'] });
    // A round-3 submission is refused: the match is over.
    const late = play(
      [...fill, ...more, { phase: 'round-3', player: 'p1', answers: { own: 'D4', others: '' } }],
      { size: 4, rounds: 5, multipliers: {} },
      3,
    );
    expect(late.rejected.map((r) => r.reason)).toEqual(['the match is over: no round-3 is open']);
  });
});

describe('the end', () => {
  // Red A1 scores one "beside an empty cell" (4 points) with 1 cell; blue scores the same with 2
  // cells (B3 is walled in by black); yellow and green score nothing and hold nothing.
  const { board } = draw(['R # # #', '. # # #', '# B # #', '# # . B']);
  const match = matchOf(baseFile('not-flower-field', 4, { options: { size: 4, multipliers: {} } }));
  const ctx = makeContext(match, match.options);
  const state: NffState = {
    colours: { p1: 'red', p2: 'blue', p3: 'yellow', p4: 'green' },
    colourNotes: [],
    board,
    rounds: [],
    ended: { reason: 'rounds' },
  };

  it('ranks by points, then cells holding the colour, then a seeded draw that the result reports', () => {
    const asked: string[] = [];
    const final = notFlowerField.finish(state, ctx as never, (request) => {
      asked.push(request.id);
      return request.choices[0];
    });
    expect(final.scores).toEqual({ p1: 4, p2: 4, p3: 0, p4: 0 });
    expect(final.winners).toEqual(['p2']);
    const [first, second, third, loser] = final.detail.ranking as string[];
    expect([first, second]).toEqual(['p2', 'p1']);
    expect([third, loser].sort()).toEqual(['p3', 'p4']);
    expect(final.losers).toEqual([loser]);
    expect(final.eliminationCandidate).toBe(loser);
    const name = ctx.playerName;
    expect(final.detail.tiebreaks).toEqual([
      `${name(third)}, ${name(loser)} tied on points and cells; the seeded draw picked ${name(loser)} as the loser`,
    ]);
    expect(final.tieBreak).toBe(
      `${name(third)}, ${name(loser)} tied on points and cells; the seeded draw picked ${name(loser)} as the loser`,
    );
    // The loser chooses a death-match opponent among those who neither won nor lost.
    expect(asked).toEqual(['dmo']);
    expect(final.detail.deathMatchOpponent).toBe('p1');
  });

  it('asks nothing when only one player neither won nor lost', () => {
    const three = matchOf(baseFile('not-flower-field', 3, { options: { size: 4, multipliers: {} } }));
    const ctx3 = makeContext(three, three.options);
    const final = notFlowerField.finish(
      { ...state, colours: { p1: 'red', p2: 'blue', p3: 'yellow' } },
      ctx3 as never,
      () => {
        throw new Error('no decision expected');
      },
    );
    expect(final.winners).toEqual(['p2']);
    expect(final.losers).toEqual(['p3']);
    expect(final.detail.deathMatchOpponent).toBe('p1');
  });

  it("reports a running score after every round, equal to the score on that round's board", () => {
    const result = play([...colours, ...round1], { rounds: 2 });
    const rounds = replayOutput(result).rounds as { round: number; scores: Record<string, number> }[];
    expect(rounds.map((r) => r.round)).toEqual([1, 2]);
    const onBoard = (index: number) =>
      Object.fromEntries(
        Object.entries(scoresOn(result.state.rounds[index].board, result.state.colours!, result.ctx as never)).map(
          ([p, b]) => [p, b.total],
        ),
      );
    expect(rounds[0].scores).toEqual(onBoard(0));
    expect(rounds[1].scores).toEqual(onBoard(1));
    // Nobody placed anything in round 2, so its running score equals round 1's.
    expect(rounds[1].scores).toEqual(rounds[0].scores);
  });
});
