// Rounds from worked canvases: majorities and ties, the captain's votes, neighbouring segments in
// one round, the order of painting, captain elections, garnets, and answers that are refused.
import { describe, expect, it } from 'vitest';
import { QUADRANTS, say, strip, teamRound, run, ELECT_FIRSTS } from './helpers.js';

// Four 4-pixel segments (1, 3, 5, 7) kept apart by 1-pixel segments (2, 4, 6).
const APART = strip([4, 1, 4, 1, 4, 1, 4]);

describe('painting', () => {
  it('paints a segment for the team with strictly more votes than each other team; ties paint nothing', () => {
    const result = run({
      canvas: APART,
      submissions: [
        say(1, 'p1', { segment: '1' }),
        say(1, 'p2', { segment: '1' }),
        say(1, 'p5', { segment: '1' }),
        say(1, 'p3', { segment: '3' }),
        say(1, 'p6', { segment: '3' }),
        say(1, 'p9', { segment: '3' }),
        say(1, 'p4', { segment: '5' }),
        say(1, 'p7', { segment: '5' }),
        say(1, 'p8', { segment: '5' }),
        say(1, 'p10', { segment: '5' }),
        say(1, 'p11', { segment: '5' }),
        say(1, 'p12', { segment: '7' }),
      ],
    });
    const round1 = result.state.rounds[0];
    expect(round1.colours).toEqual(['red', null, null, null, null, null, 'yellow']);
    expect(round1.painted).toEqual([
      { segment: 1, team: 'red', coloured: ['p1', 'p2'] },
      { segment: 7, team: 'yellow', coloured: ['p12'] },
    ]);
    expect(round1.tallies).toEqual([
      { segment: 1, votes: { red: 2, blue: 1, yellow: 0 } },
      { segment: 3, votes: { red: 1, blue: 1, yellow: 1 } },
      { segment: 5, votes: { red: 1, blue: 2, yellow: 2 } },
      { segment: 7, votes: { red: 0, blue: 0, yellow: 1 } },
    ]);
    expect(round1.counts).toEqual({
      red: { segments: 1, pixels: 4 },
      blue: { segments: 0, pixels: 0 },
      yellow: { segments: 1, pixels: 4 },
    });
  });

  it('lets two teams paint neighbouring segments in the same round', () => {
    const result = run({
      canvas: QUADRANTS,
      submissions: [say(1, 'p1', { segment: '1' }), say(1, 'p5', { segment: '2' })],
    });
    expect(result.state.colours).toEqual(['red', 'blue', null, null]);
  });

  it('counts segments painted earlier in the same round, so the larger of two neighbours wins', () => {
    const votes = [say(1, 'p1', { segment: '1' }), say(1, 'p2', { segment: '2' })];
    expect(run({ canvas: strip([3, 5]), submissions: votes }).state.colours).toEqual([null, 'red']);
    expect(run({ canvas: strip([5, 3]), submissions: votes }).state.colours).toEqual(['red', null]);
    // Equal areas: reading order of the first pixel decides.
    expect(run({ canvas: strip([4, 4]), submissions: votes }).state.colours).toEqual(['red', null]);
  });

  it('follows the touch option: with king, a diagonal neighbour painted earlier blocks the same colour', () => {
    const votes = [say(1, 'p1', { segment: '1' }), say(1, 'p2', { segment: '4' }), say(1, 'p5', { segment: '2' })];
    expect(run({ canvas: QUADRANTS, submissions: votes }).state.colours).toEqual(['red', 'blue', null, 'red']);
    expect(run({ canvas: QUADRANTS, touch: 'king', submissions: votes }).state.colours).toEqual([
      'red',
      'blue',
      null,
      null,
    ]);
  });

  it('never paints next to a segment of the same colour from an earlier round', () => {
    const result = run({
      canvas: strip([4, 4, 4]),
      submissions: [...teamRound(1, { red: 1 }), ...teamRound(2, { red: 2, blue: 3 }), ...teamRound(3, { red: 3 })],
    });
    expect(result.state.rounds.map((r) => r.colours)).toEqual([
      ['red', null, null],
      ['red', null, 'blue'],
      ['red', null, 'blue'],
    ]);
  });
});

describe('captains', () => {
  // red 2-1-1 (Ben), blue 2-2 (none), yellow 2 with two passes (Kai); Lea's vote names a rival.
  const election = [
    say(1, 'p1', { captain: 'p2' }),
    say(1, 'p2', { captain: 'Ben' }),
    say(1, 'p3', { captain: 'cara' }),
    say(1, 'p4', { captain: 'p4' }),
    say(1, 'p5', { captain: 'p5' }),
    say(1, 'p6', { captain: 'p6' }),
    say(1, 'p7', { captain: 'Eve' }),
    say(1, 'p8', { captain: 'Finn' }),
    say(1, 'p9', { captain: 'pass' }),
    say(1, 'p10', { captain: 'kai' }),
    say(1, 'p11', { captain: 'Kai' }),
    say(1, 'p12', { captain: 'Ann' }),
  ];

  it('are elected by strictly the most votes; a tie or no votes means none', () => {
    const result = run({ canvas: APART, submissions: election });
    expect(result.state.election?.teams).toEqual({
      red: { captain: 'p2', shape: '2-1-1', cast: 4 },
      blue: { captain: null, shape: '2-2', cast: 4 },
      yellow: { captain: 'p11', shape: '2', cast: 2 },
    });
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'captain: "Ann" is not on your team (yellow: Ivo, Jo, Kai, Lea); name a teammate (yourself included) or write pass',
    ]);
    const none = run({ canvas: APART });
    expect(none.state.election?.teams.red).toEqual({ captain: null, shape: 'no votes', cast: 0 });
  });

  it('answer segment2 in rounds 2 and 3; non-captains answer reveal in round 2', () => {
    const result = run({ canvas: APART, submissions: election });
    const questions = (round: number, player: string) =>
      result.closed[round - 1].phase.questions[player].map((q) => q.id);
    expect(questions(1, 'p1')).toEqual(['segment', 'captain']);
    expect(questions(2, 'p2')).toEqual(['segment', 'segment2']);
    expect(questions(2, 'p1')).toEqual(['segment', 'reveal']);
    expect(questions(2, 'p5')).toEqual(['segment', 'reveal']);
    expect(questions(3, 'p11')).toEqual(['segment', 'segment2']);
    expect(questions(3, 'p1')).toEqual(['segment']);
  });

  it('put 3 votes on one segment, or 1 vote on each of two', () => {
    const result = run({
      canvas: APART,
      submissions: [
        ...teamRound(1, {}, ELECT_FIRSTS),
        // Ann alone (3) beats Gus and Hana (2) on segment 1.
        say(2, 'p1', { segment: '1' }),
        say(2, 'p7', { segment: '1' }),
        say(2, 'p8', { segment: '1' }),
        // Eve splits 1 + 1: Ben and Cara (2) beat her on 3; she alone paints 5.
        say(2, 'p5', { segment: '3', segment2: '5' }),
        say(2, 'p2', { segment: '3' }),
        say(2, 'p3', { segment: '3' }),
        // Ivo names only a second segment: all 3 votes go there. Jo is no captain: segment2 is ignored.
        say(2, 'p9', { segment2: '7' }),
        say(2, 'p10', { segment: '7', segment2: '1' }),
      ],
    });
    const round2 = result.state.rounds[1];
    expect(round2.moves.p1.votes).toEqual([{ segment: 1, weight: 3 }]);
    expect(round2.moves.p5.votes).toEqual([
      { segment: 3, weight: 1 },
      { segment: 5, weight: 1 },
    ]);
    expect(round2.moves.p9.votes).toEqual([{ segment: 7, weight: 3 }]);
    expect(round2.tallies).toEqual([
      { segment: 1, votes: { red: 3, blue: 2, yellow: 0 } },
      { segment: 3, votes: { red: 2, blue: 1, yellow: 0 } },
      { segment: 5, votes: { red: 0, blue: 1, yellow: 0 } },
      { segment: 7, votes: { red: 0, blue: 0, yellow: 4 } },
    ]);
    expect(round2.colours).toEqual(['red', null, 'red', null, 'blue', null, 'yellow']);
    expect(round2.painted.find((p) => p.segment === 5)?.coloured).toEqual(['p5']);
    expect(result.rejected.map((r) => r.reason)).toEqual([
      '"segment2" is not a question of Round 2; that answer was ignored',
    ]);
  });

  it('count 3 votes on a segment named twice: that is not two different segments', () => {
    // Seed 001: "If you do not specify 2 segments, your vote will automatically count for 3".
    const result = run({
      canvas: APART,
      submissions: [
        ...teamRound(1, {}, ELECT_FIRSTS),
        say(2, 'p1', { segment: '3', segment2: '#3' }),
        say(2, 'p6', { segment: '3' }),
        say(2, 'p7', { segment: '3' }),
      ],
    });
    expect(result.rejected).toEqual([]);
    expect(result.state.rounds[1].moves.p1.votes).toEqual([{ segment: 3, weight: 3 }]);
    // Ann's 3 beat Finn's and Gus's 2.
    expect(result.state.rounds[1].tallies).toEqual([{ segment: 3, votes: { red: 3, blue: 2, yellow: 0 } }]);
    expect(result.state.rounds[1].colours[2]).toBe('red');
  });
});

describe('answers that cannot count', () => {
  it('are rejected with a reason naming the segment and the rule; an earlier valid answer still counts', () => {
    const result = run({
      canvas: APART,
      submissions: [
        say(1, 'p1', { segment: '1' }),
        say(1, 'p2', { segment: '#3' }),
        say(1, 'p2', { segment: '99' }),
        say(1, 'p3', { segment: 'five' }),
        say(1, 'p4', { segment: ' ' }),
        say(2, 'p5', { segment: '1' }),
        say(2, 'p6', { segment: 'Segment 5', reveal: 'maybe' }),
      ],
    });
    expect(result.rejected.map((r) => [r.player, r.reason])).toEqual([
      ['p2', 'segment: there is no segment 99 (the canvas has segments 1–7)'],
      ['p3', 'segment: "five" is not a segment number; write a number from 1 to 7'],
      ['p4', 'segment: nothing to count; name a segment (1–7)'],
      [
        'p6',
        'reveal: "maybe" is not yes or no; answer yes to spend 1 garnet on the reveal, or no (or leave it blank); your other answers still count',
      ],
    ]);
    expect(result.state.rounds[0].colours.slice(0, 3)).toEqual(['red', null, 'red']);
    // Eve's vote for the painted segment 1 is valid: it counts and paints nothing, and her receipt says so.
    const eve = result.receipts.find((r) => r.player === 'p5')!;
    expect([eve.status, eve.reasons, eve.notes]).toEqual([
      'accepted',
      [],
      [
        'segment: segment 1 is already painted red (R, round 1), so your vote counts but can paint nothing; painted segments never change',
      ],
    ]);
    // Finn's segment counts beside his refused reveal.
    expect(result.state.rounds[1].moves.p6).toEqual({
      votes: [{ segment: 5, weight: 1 }],
      captainVote: null,
      reveal: false,
    });
  });
});

describe('garnets during play', () => {
  it('cost 1 for no valid segment (if the player has one) and 1 for the reveal, refused when unaffordable', () => {
    const result = run({
      canvas: APART,
      garnets: { p1: 2, p2: 1, p3: 0, p6: 1, p7: 0 },
      submissions: [
        say(1, 'p2', { captain: 'p2' }),
        say(1, 'p6', { segment: '3' }),
        say(1, 'p7', { segment: '5' }),
        say(2, 'p6', { segment: '1', reveal: 'yes' }),
        say(2, 'p7', { segment: '7', reveal: 'yes' }),
        say(2, 'p7', { reveal: 'yes' }),
      ],
    });
    expect(result.rejected.map((r) => [r.player, r.reason])).toEqual([
      ['p7', 'reveal: costs 1 garnet and you have 0; your other answers still count'],
      // Nothing else in it: rejected whole, so the vote before still counts.
      ['p7', 'reveal: costs 1 garnet and you have 0'],
    ]);
    expect(result.receipts.find((r) => r.player === 'p7' && r.phase === 'round-2')?.status).toBe('partial');
    expect(result.state.rounds[1].colours[6]).toBe('blue');
    expect(result.state.rounds.map((r) => r.garnetChanges.map((c) => [c.player, c.garnets, c.note]))).toEqual([
      [
        ['p1', -1, 'round 1: no valid segment'],
        ['p2', -1, 'round 1: no valid segment'],
      ],
      [
        ['p6', -1, "round 2: bought the reveal of teammates' captain votes"],
        ['p1', -1, 'round 2: no valid segment'],
      ],
      [],
    ]);
    expect(result.state.garnets).toMatchObject({ p1: 0, p2: 0, p3: 0, p6: 0, p7: 0 });
  });

  it('are taken when no white segment is left: a painted segment is always there to name', () => {
    // One segment, painted red in round 1. In rounds 2 and 3 Eve names it (a valid vote that
    // paints nothing) and keeps her garnets; Finn sends nothing and loses one each round.
    const result = run({
      canvas: [[1]],
      garnets: { p5: 3, p6: 3 },
      submissions: [
        ...teamRound(1, { red: 1 }),
        say(1, 'p5', { segment: '1' }),
        say(1, 'p6', { segment: '1' }),
        say(2, 'p5', { segment: '1' }),
        say(3, 'p5', { segment: '1' }),
      ],
    });
    expect(result.state.rounds[0].colours).toEqual(['red']);
    expect(result.receipts.find((r) => r.player === 'p5' && r.phase === 'round-3')?.notes).toEqual([
      'segment: segment 1 is already painted red (R, round 1), so your vote counts but can paint nothing; painted segments never change',
    ]);
    expect(result.state.rounds.map((r) => r.garnetChanges.map((c) => [c.player, c.note]))).toEqual([
      [],
      [['p6', 'round 2: no valid segment']],
      [['p6', 'round 3: no valid segment']],
    ]);
    expect(result.state.garnets).toMatchObject({ p5: 3, p6: 1 });
  });
});
