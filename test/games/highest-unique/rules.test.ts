// Highest Unique rules on worked rounds, each checkable by hand. Players: p1 Ann, p2 Ben, p3 Cara,
// p4 Dev, p5 Eve (samplePlayers).
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/engine/core/replay.js';
import { resultLine } from '../../../src/engine/core/outcome.js';
import { highestUnique } from '../../../src/engine/games/highest-unique/index.js';
import type { HuState } from '../../../src/engine/games/highest-unique/state.js';
import { answersText } from '../../../src/engine/core/views.js';
import { loadMatch } from '../../../src/engine/index.js';
import { baseFile, matchOf } from '../../helpers/match.js';

type Sub = { phase: string; player: string; answers: Record<string, string> };

/** One round's picks, by player id; a missing player sends nothing. */
function round(n: number, picks: Record<string, string>): Sub[] {
  return Object.entries(picks).map(([player, pick]) => ({ phase: `round-${n}`, player, answers: { pick } }));
}

function play(submissions: Sub[], options: Record<string, unknown> = {}, players = 5, seed = 'test') {
  const match = matchOf(baseFile('highest-unique', players, { submissions, options, seed }));
  return replay<HuState>(highestUnique, match);
}

describe('a round', () => {
  it('scores the highest number exactly one player sent, for that player', () => {
    // 10 and 9 are sent twice each, so 7 (Dev alone) is the highest unique number; Ben's 2 is unique but lower.
    const result = play(round(1, { p1: '10', p2: '2', p3: '9', p4: '7', p5: '10' }).concat(round(1, { p5: '9' })), {
      rounds: 1,
    });
    const [record] = result.state.rounds;
    expect(record.picks).toEqual({ p1: 10, p2: 2, p3: 9, p4: 7, p5: 9 });
    expect(record).toMatchObject({ number: 10, scorer: 'p1' });
  });

  it('lets a shared number cancel: the next unique number down scores', () => {
    const result = play(round(1, { p1: '10', p2: '2', p3: '9', p4: '7', p5: '10' }), { rounds: 1 });
    expect(result.state.rounds[0]).toMatchObject({ number: 9, scorer: 'p3' });
    expect(result.final?.scores).toEqual({ p1: 0, p2: 0, p3: 9, p4: 0, p5: 0 });
  });

  it('scores nobody when every number sent was sent by two or more', () => {
    const result = play(round(1, { p1: '5', p2: '5', p3: '3', p4: '3' }), { rounds: 1 });
    expect(result.state.rounds[0]).toMatchObject({ number: null, scorer: null });
    expect(result.state.rounds[0].picks.p5).toBeNull();
    expect(Object.values(result.final?.scores ?? {})).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('answers', () => {
  it('reads digits with spaces around them and leading zeros, and refuses everything else in one line', () => {
    const result = play(
      round(1, { p1: ' 7 ', p2: '07', p3: '0', p4: '11', p5: '7.0' }).concat(
        round(1, { p3: 'seven', p4: '+8', p5: '7 8' }),
      ),
      { rounds: 1 },
    );
    expect(result.rejected.map((r) => `${r.player}: ${r.reason}`)).toEqual([
      'p3: pick: 0 is not a whole number from 1 to 10',
      'p4: pick: 11 is not a whole number from 1 to 10',
      'p5: pick: "7.0" is not a whole number from 1 to 10 written in digits',
      'p3: pick: "seven" is not a whole number from 1 to 10 written in digits',
      'p4: pick: "+8" is not a whole number from 1 to 10 written in digits',
      'p5: pick: "7 8" is not a whole number from 1 to 10 written in digits',
    ]);
    // Ann's " 7 " and Ben's "07" are both 7, so 7 is shared; the others picked nothing.
    expect(result.state.rounds[0].picks).toEqual({ p1: 7, p2: 7, p3: null, p4: null, p5: null });
    expect(result.state.rounds[0].scorer).toBeNull();
  });

  it('reads any number of leading zeros (the rules set no limit), and a long number as out of range', () => {
    const zeros = `${'0'.repeat(500)}9`;
    const result = play(
      round(1, { p1: '0000007', p2: zeros, p3: '000', p4: '00000000000000000000011', p5: '12345678901234567890' }),
      { rounds: 1 },
    );
    expect(result.rejected.map((r) => `${r.player}: ${r.reason}`)).toEqual([
      'p3: pick: 0 is not a whole number from 1 to 10',
      'p4: pick: 11 is not a whole number from 1 to 10',
      'p5: pick: "12345678901234567890" is not a whole number from 1 to 10',
    ]);
    expect(result.state.rounds[0].picks).toEqual({ p1: 7, p2: 9, p3: null, p4: null, p5: null });
    expect(result.state.rounds[0]).toMatchObject({ number: 9, scorer: 'p2' });
  });

  it('reads a blank answer as nothing sent: refused, and an earlier valid number still counts', () => {
    const result = play(
      round(1, { p1: '4', p2: '6', p3: '3' }).concat(round(1, { p1: '   ', p3: '' })),
      { rounds: 1 },
      3,
    );
    expect(result.rejected.map((r) => `${r.player}: ${r.reason}`)).toEqual([
      'p1: pick: send a whole number from 1 to 10, e.g. 7',
      'p3: pick: send a whole number from 1 to 10, e.g. 7',
    ]);
    expect(result.state.rounds[0].picks).toEqual({ p1: 4, p2: 6, p3: 3 });
  });

  it('ignores an answer to a question the round does not ask, and counts the pick beside it', () => {
    const match = matchOf(
      baseFile('highest-unique', 3, {
        options: { rounds: 1 },
        submissions: [{ phase: 'round-1', player: 'p1', answers: { pick: '5', colour: 'red' } }],
      }),
    );
    const result = replay<HuState>(highestUnique, match);
    expect(result.state.rounds[0].picks.p1).toBe(5);
    expect(result.receipts[0].status).toBe('partial');
    expect(result.receipts[0].reasons.join(' ')).toMatch(
      /"colour" is not a question of Round 1; that answer was ignored/,
    );
  });

  it('loads an answer that is not text, and replay refuses that submission with its reason, not the file', () => {
    for (const pick of [true, false, null, {}, { a: 1 }, [null], [['7']], [true]]) {
      const loaded = loadMatch({
        ...baseFile('highest-unique', 3, { options: { rounds: 1 } }),
        submissions: [
          { phase: 'round-1', player: 'p1', answers: { pick: '5' } },
          { phase: 'round-1', player: 'p1', answers: { pick } },
          { phase: 'round-1', player: 'p2', answers: { pick: '6' } },
        ],
      });
      if (!loaded.ok) throw new Error(`${JSON.stringify(pick)}: ${loaded.error}`);
      const result = replay(highestUnique, loaded.value);
      expect(result.receipts.map((r) => r.status)).toEqual(['accepted', 'rejected', 'accepted']);
      expect(result.receipts[1].reasons).toEqual([
        'pick: an answer is text or a list of text; nothing of this submission was counted',
      ]);
      // The earlier valid pick stands; the log reads the refused answer in words, not as JSON.
      expect(result.final?.scores).toEqual({ p1: 0, p2: 6, p3: 0 });
      expect(answersText(loaded.value.submissions[1].answers)).toBe('pick: (not text)');
    }
  });

  it("keeps a player's earlier valid number when a later answer is refused, and the last valid one otherwise", () => {
    const result = play(
      round(1, { p1: '4', p2: '6', p3: '3' }).concat(round(1, { p1: 'seven', p2: '8' })),
      { rounds: 1 },
      3,
    );
    expect(result.state.rounds[0].picks).toEqual({ p1: 4, p2: 8, p3: 3 });
    expect(result.state.rounds[0]).toMatchObject({ number: 8, scorer: 'p2' });
  });

  it('follows the highest option', () => {
    const result = play(round(1, { p1: '15', p2: '16', p3: '3' }), { rounds: 1, highest: 15 }, 3);
    expect(result.rejected.map((r) => r.reason)).toEqual(['pick: 16 is not a whole number from 1 to 15']);
    expect(result.state.rounds[0]).toMatchObject({ number: 15, scorer: 'p1' });
  });

  it('refuses options out of range in one line naming the option', () => {
    const loaded = () => matchOf(baseFile('highest-unique', 3, { options: { highest: 1 } }));
    expect(loaded).toThrow(/highest/);
    expect(() => matchOf(baseFile('highest-unique', 13))).toThrow(/12/);
  });
});

// A whole match by hand. Ann 5 + 5 = 10 over two rounds, Ben 10 in one, Eve 3, Cara and Dev nothing.
const wholeMatch: Sub[] = [
  ...round(1, { p1: '5', p2: '9', p3: '9', p4: '3', p5: '3' }), // 5 Ann
  ...round(2, { p1: '5', p2: '10', p3: '9', p4: '9' }), // 10 Ben (Eve sends nothing)
  ...round(3, { p1: '5', p2: '8', p3: '8', p4: '7', p5: '7' }), // 5 Ann
  ...round(4, { p1: '6', p2: '6', p3: '4', p4: '4', p5: '3' }), // 3 Eve
  ...round(5, { p1: '2', p2: '2', p3: '1', p4: '1', p5: '1' }), // nobody
];

describe('the end', () => {
  it('gives the most points 1 garnet, a tie broken by more rounds scored', () => {
    const result = play(wholeMatch);
    expect(result.state.rounds.map((r) => r.scorer)).toEqual(['p1', 'p2', 'p1', 'p5', null]);
    expect(result.state.rounds[1].picks.p5).toBeNull();
    expect(result.final?.scores).toEqual({ p1: 10, p2: 10, p3: 0, p4: 0, p5: 3 });
    expect(result.final?.detail.roundsScored).toEqual({ p1: 2, p2: 1, p3: 0, p4: 0, p5: 1 });
    expect(result.final?.winners).toEqual(['p1']);
    expect(result.final?.awards.filter((a) => a.garnets !== 0)).toEqual([
      { player: 'p1', garnets: 1, tokensOfLife: 0, note: 'Most points (10): wins 1 garnet' },
    ]);
  });

  it('lets the seed pick the loser among players tied on points and rounds scored, and says so', () => {
    const losers = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const result = play(wholeMatch, {}, 5, seed);
      const loser = result.final?.losers[0] ?? '';
      losers.add(loser);
      // Cara and Dev both have 0 points from 0 rounds.
      expect(['p3', 'p4']).toContain(loser);
      expect(result.final?.eliminationCandidate).toBe(loser);
      const name = loser === 'p3' ? 'Cara' : 'Dev';
      expect(result.final?.tieBreak).toMatch(
        new RegExp(`^Cara, Dev tied on points and rounds scored; the seeded draw picked ${name} as the loser$`),
      );
      expect(resultLine(result)).toContain(`on a tie-break (${result.final?.tieBreak})`);
      // The same seed always picks the same loser.
      expect(play(wholeMatch, {}, 5, seed).final?.losers).toEqual([loser]);
    }
    // Across seeds the draw goes both ways: the seed, not the player order, decides.
    expect([...losers].sort()).toEqual(['p3', 'p4']);
  });

  it('breaks a tie on the fewest points by fewer rounds scored, and says so', () => {
    // Six rounds: Ann 9, Ben 10, Cara 8, Dev 4 in one round, Eve 2 + 2 in two.
    const submissions: Sub[] = [
      ...round(1, { p1: '9', p2: '10', p3: '10', p4: '1', p5: '1' }), // 9 Ann
      ...round(2, { p1: '9', p2: '10', p3: '9', p4: '4', p5: '4' }), // 10 Ben
      ...round(3, { p1: '7', p2: '7', p3: '8', p4: '5', p5: '5' }), // 8 Cara
      ...round(4, { p1: '9', p2: '9', p3: '10', p4: '4', p5: '10' }), // 4 Dev
      ...round(5, { p1: '9', p2: '9', p3: '10', p4: '10', p5: '2' }), // 2 Eve
      ...round(6, { p1: '9', p2: '9', p3: '10', p4: '10', p5: '2' }), // 2 Eve
    ];
    const result = play(submissions, { rounds: 6 });
    expect(result.final?.scores).toEqual({ p1: 9, p2: 10, p3: 8, p4: 4, p5: 4 });
    expect(result.final?.winners).toEqual(['p2']);
    expect(result.final?.losers).toEqual(['p4']);
    expect(result.final?.tieBreak).toBe('tied on 4 with Eve; fewer rounds scored (1 to 2)');
    expect(resultLine(result)).toBe(
      'winner Ben (10) · loser Dev (4) on a tie-break (tied on 4 with Eve; fewer rounds scored (1 to 2)) · elimination candidate Dev',
    );
  });

  it('names no tie-break where the loser simply scored least', () => {
    // Ann 3 in round 1, Cara 1 in round 2 (5 is shared), Ben nothing.
    const result = play(
      round(1, { p1: '3', p2: '2', p3: '2' }).concat(round(2, { p1: '5', p2: '5', p3: '1' })),
      { rounds: 2 },
      3,
    );
    expect(result.final).toMatchObject({
      scores: { p1: 3, p2: 0, p3: 1 },
      winners: ['p1'],
      losers: ['p2'],
      eliminationCandidate: 'p2',
    });
    expect(result.final?.tieBreak).toBeUndefined();
    expect(resultLine(result)).toBe('winner Ann (3) · loser Ben (0) · elimination candidate Ben');
  });
});
