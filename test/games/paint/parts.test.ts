// Answers count part by part (docs/games/paint.md, section "Rules"): `segment`, `segment2`,
// `captain` and `reveal` are independent; a part refused counts as not sent and the others count.
// Worked examples on small canvases, then a property over random bot matches: replacing any one
// part of a submission by garbage never changes what the other parts did, and gives the move the
// submission makes without that part.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../src/engine/core/game.js';
import type { MatchFile } from '../../../src/engine/core/matchfile.js';
import { replay } from '../../../src/engine/core/replay.js';
import { simulate } from '../../../src/engine/core/simulate.js';
import { paint } from '../../../src/engine/games/paint/index.js';
import type { PaintMove, PaintState } from '../../../src/engine/games/paint/state.js';
import { newMatch, samplePlayers } from '../../../src/engine/index.js';
import { baseFile, matchOf } from '../../helpers/match.js';
import { ELECT_FIRSTS, say, strip, teamRound, run } from './helpers.js';

// Four 4-pixel segments (1, 3, 5, 7) kept apart by 1-pixel segments (2, 4, 6).
const APART = strip([4, 1, 4, 1, 4, 1, 4]);

describe('a refused part leaves the others counting', () => {
  it('a bad captain vote: the segment vote still counts and no garnet is lost', () => {
    const result = run({
      canvas: APART,
      garnets: { p1: 1 },
      submissions: [say(1, 'p1', { segment: '3', captain: 'Eve' })],
    });
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'captain: "Eve" is not on your team (red: Ann, Ben, Cara, Dev); name a teammate (yourself included) or write pass; your other answers still count',
    ]);
    expect(result.receipts[0].status).toBe('partial');
    expect(result.state.rounds[0].colours[2]).toBe('red');
    expect(result.state.rounds[0].garnetChanges).toEqual([]);
  });

  it('a bad segment beside a valid captain vote: the captain vote counts (and elects Ben); the segment costs a garnet', () => {
    // Red's votes: Ann → Ben (segment 99 refused), Ben → Ben, Cara → Cara, Dev → Dev: 2-1-1, Ben is
    // captain. Without Ann's vote it would be 1-1-1 and red would have no captain.
    const result = run({
      canvas: APART,
      garnets: { p1: 1 },
      submissions: [
        say(1, 'p1', { segment: '99', captain: 'Ben' }),
        say(1, 'p2', { segment: '1', captain: 'p2' }),
        say(1, 'p3', { segment: '1', captain: 'p3' }),
        say(1, 'p4', { segment: '1', captain: 'p4' }),
      ],
    });
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'segment: there is no segment 99 (the canvas has segments 1–7); your other answers still count',
    ]);
    expect(result.state.rounds[0].moves.p1).toEqual({ votes: [], captainVote: 'p2', reveal: false });
    expect(result.state.election?.teams.red).toEqual({ captain: 'p2', shape: '2-1-1', cast: 4 });
    expect(result.state.rounds[0].garnetChanges).toEqual([
      { player: 'p1', round: 1, garnets: -1, note: 'round 1: no valid segment' },
    ]);
  });

  it("a captain's bad second segment counts as not sent: one segment named, so 3 votes on it", () => {
    // Round 2, Ann captain: segment 3 and "three". The refused part counts as not sent, so Ann has
    // named one segment: 3 red votes on 3 beat Finn's and Gus's 2 (as a 1-vote split, red would lose).
    const result = run({
      canvas: APART,
      submissions: [
        ...teamRound(1, {}, ELECT_FIRSTS),
        say(2, 'p1', { segment: '3', segment2: 'three' }),
        say(2, 'p6', { segment: '3' }),
        say(2, 'p7', { segment: '3' }),
      ],
    });
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'segment2: "three" is not a segment number; write a number from 1 to 7; your other answers still count',
    ]);
    expect(result.state.rounds[1].moves.p1.votes).toEqual([{ segment: 3, weight: 3 }]);
    expect(result.state.rounds[1].tallies).toEqual([{ segment: 3, votes: { red: 3, blue: 2, yellow: 0 } }]);
    expect(result.state.rounds[1].colours[2]).toBe('red');
  });

  it("a captain's split with one painted segment: the other segment gets its 1 vote; the receipt names the painted one", () => {
    // Round 1 paints 1 red. Round 2, Ann captain: segment 1 (painted) and segment2 5. Segment 5 gets
    // 1 red vote and nothing else: red paints it. Segment 1 stays red; Ivo's 3 yellow votes there
    // paint nothing either.
    const result = run({
      canvas: APART,
      submissions: [
        ...teamRound(1, { red: 1 }, ELECT_FIRSTS),
        say(2, 'p1', { segment: '1', segment2: '5' }),
        say(2, 'p9', { segment: '1' }),
      ],
    });
    expect(result.rejected).toEqual([]);
    const round2 = result.state.rounds[1];
    expect(round2.moves.p1.votes).toEqual([
      { segment: 1, weight: 1 },
      { segment: 5, weight: 1 },
    ]);
    expect(round2.tallies).toEqual([
      { segment: 1, votes: { red: 1, blue: 0, yellow: 3 } },
      { segment: 5, votes: { red: 1, blue: 0, yellow: 0 } },
    ]);
    expect(round2.painted).toEqual([{ segment: 5, team: 'red', coloured: ['p1'] }]);
    expect(round2.colours).toEqual(['red', null, null, null, 'red', null, null]);
    expect(round2.garnetChanges).toEqual([]);
    const receipts = result.receipts.filter((r) => r.phase === 'round-2');
    expect(receipts.map((r) => [r.player, r.status, r.notes])).toEqual([
      [
        'p1',
        'accepted',
        [
          'segment: segment 1 is already painted red (R, round 1), so your vote counts but can paint nothing; painted segments never change',
        ],
      ],
      [
        'p9',
        'accepted',
        [
          'segment: segment 1 is already painted red (R, round 1), so your 3 votes count but can paint nothing; painted segments never change',
        ],
      ],
    ]);
  });

  it('a submission whose every part is refused is rejected whole: the earlier one still counts', () => {
    const result = run({
      canvas: APART,
      submissions: [say(1, 'p1', { segment: '3', captain: 'p1' }), say(1, 'p1', { segment: '0', captain: 'nobody' })],
    });
    expect(result.receipts.map((r) => r.status)).toEqual(['accepted', 'rejected']);
    expect(result.state.rounds[0].moves.p1).toEqual({
      votes: [{ segment: 3, weight: 1 }],
      captainVote: 'p1',
      reveal: false,
    });
  });
});

// Garbage for each part: never a valid answer to it.
const GARBAGE: Readonly<Record<string, readonly string[]>> = {
  segment: ['0', '999', 'zz', 'segment', '#', '1.5', '-3', '12 13'],
  segment2: ['0', '999', 'zz', 'segment', '#', '1.5', '-3', '12 13'],
  captain: ['nobody', 'zz', 'p99', 'Ann Ben', '0'],
  reveal: ['maybe', 'zz', '2', 'yes please', 'nope'],
};

function playedMatch(seed: string, garnets: readonly number[]): MatchFile {
  const players = samplePlayers(12).map((p, i) => ({ ...p, garnets: garnets[i] }));
  const fresh = newMatch('paint', { seed, players });
  if (!fresh.ok) throw new Error(fresh.error);
  return simulate(paint, fresh.value, {
    bots: Object.fromEntries(players.map((p) => [p.id, 'random'])),
    answerDecisions: true,
  });
}

/** The move that counted for the player in the submission's round, or undefined. */
function movedIn(file: MatchFile, submission: Submission): PaintMove | undefined {
  const round = Number(submission.phase.replace('round-', ''));
  return replay<PaintState>(paint, file).state.rounds[round - 1].moves[submission.player];
}

describe('property: replacing one part by garbage never changes what the other parts did', () => {
  it('holds over random bot matches', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 12, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (seed, garnets, pickSubmission, pickPart, pickGarbage) => {
          const played = playedMatch(seed, garnets);
          // Bots send one submission per player and phase, every part valid.
          const withParts = played.submissions
            .map((s, i) => ({ s, i }))
            .filter(({ s }) => Object.keys(s.answers).length > 0);
          const { s: original, i: index } = withParts[pickSubmission % withParts.length];
          const parts = Object.keys(original.answers);
          const part = parts[pickPart % parts.length];
          const garbage = GARBAGE[part][pickGarbage % GARBAGE[part].length];
          const changed: MatchFile = {
            ...played,
            submissions: played.submissions.map((s, i) =>
              i === index ? { ...s, answers: { ...s.answers, [part]: garbage } } : s,
            ),
          };

          const before = movedIn(played, original)!;
          expect(before).toBeDefined();
          const result = replay<PaintState>(paint, changed);
          const receipt = result.receipts[index];
          const after = movedIn(changed, original);
          if (parts.length === 1) {
            // Nothing else in it: rejected whole, and nothing counts for the player.
            expect(receipt.status).toBe('rejected');
            expect(after).toBeUndefined();
            return;
          }
          expect(receipt.status).toBe('partial');
          expect(receipt.reasons.some((r) => r.startsWith(`${part}: `))).toBe(true);
          expect(after).toBeDefined();
          // A refused part counts as not sent: the move is the one the submission makes without it.
          const { [part]: _refused, ...without } = original.answers;
          const omitted: MatchFile = {
            ...played,
            submissions: played.submissions.map((s, i) => (i === index ? { ...s, answers: without } : s)),
          };
          expect(after).toEqual(movedIn(omitted, original));
          if (part !== 'captain') expect(after!.captainVote).toBe(before.captainVote);
          if (part !== 'reveal') expect(after!.reveal).toBe(before.reveal);
          if (part !== 'segment' && part !== 'segment2') {
            expect(after!.votes).toEqual(before.votes);
            return;
          }
          // The other segment answer (a captain's) still votes for its segment, now the only one
          // named: its 3 votes.
          const other = part === 'segment' ? 'segment2' : 'segment';
          const otherText = original.answers[other] as string | undefined;
          expect(after!.votes).toEqual(otherText === undefined ? [] : [{ segment: Number(otherText), weight: 3 }]);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('the worked example of docs/games/paint.md', () => {
  it('replays as the guide tells it', () => {
    const result = run({
      canvas: APART,
      garnets: { p1: 1, p5: 1 },
      submissions: [
        say(1, 'p1', { segment: '99', captain: 'Ben' }),
        say(1, 'p2', { segment: '1', captain: 'Ben' }),
        say(1, 'p3', { segment: '1', captain: 'Cara' }),
        say(1, 'p4', { segment: '1', captain: 'Dev' }),
        say(1, 'p5', { segment: '7' }),
        say(2, 'p2', { segment: '1', segment2: '5' }),
        say(2, 'p5', { segment: '1' }),
        say(3, 'p2', { segment: '3', segment2: '3' }),
        say(3, 'p6', { segment: '3' }),
        say(3, 'p7', { segment: '3' }),
      ],
    });
    const [round1, round2, round3] = result.state.rounds;
    expect(result.state.election?.teams.red).toEqual({ captain: 'p2', shape: '2-1-1', cast: 4 });
    expect(round1.colours).toEqual(['red', null, null, null, null, null, 'blue']);
    expect(round2.moves.p2.votes).toEqual([
      { segment: 1, weight: 1 },
      { segment: 5, weight: 1 },
    ]);
    expect(round2.painted).toEqual([{ segment: 5, team: 'red', coloured: ['p2'] }]);
    expect(result.receipts.filter((r) => r.phase === 'round-2').map((r) => r.notes?.length)).toEqual([1, 1]);
    expect(round3.tallies).toEqual([{ segment: 3, votes: { red: 3, blue: 2, yellow: 0 } }]);
    expect(round3.colours).toEqual(['red', null, 'red', null, 'red', null, 'blue']);
    expect(
      result.state.rounds.map((r) =>
        r.garnetChanges.filter((c) => c.player === 'p1' || c.player === 'p5').map((c) => [c.player, c.note]),
      ),
    ).toEqual([[['p1', 'round 1: no valid segment']], [], [['p5', 'round 3: no valid segment']]]);
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'segment: there is no segment 99 (the canvas has segments 1–7); your other answers still count',
    ]);
  });
});

describe('the worked example of the Rules in docs/games/paint.md', () => {
  it('counts each answer as the table says', () => {
    // Twenty 1-pixel segments in a row (each touches only its neighbours). Red: Kai, Dev, Cara,
    // Finn; blue: Ann, Ben, Eve, Gus; yellow: Lea, Hana, Ivo, Jo. Round 1 elects Kai and Lea and
    // paints 3 red (Eve and Dev vote too, so they keep their garnets).
    const teams = {
      red: ['p11', 'p4', 'p3', 'p6'],
      blue: ['p1', 'p2', 'p5', 'p7'],
      yellow: ['p12', 'p8', 'p9', 'p10'],
    };
    const vote = (round: number, player: string, answers: Record<string, string>) => ({
      phase: `round-${round}`,
      player,
      answers,
    });
    const file = matchOf(
      baseFile('paint', 12, {
        options: { canvas: [Array.from({ length: 20 }, (_, k) => k + 1)], teams },
        players: samplePlayers(12).map((p) => ({ ...p, garnets: p.id === 'p4' ? 1 : p.id === 'p5' ? 2 : 0 })),
        submissions: [
          ...teams.red.map((id) => vote(1, id, { segment: '3', captain: 'Kai' })),
          ...teams.yellow.map((id) => vote(1, id, { captain: 'Lea' })),
          vote(1, 'p5', { segment: '15' }),
          vote(2, 'p11', { segment: '7', segment2: '7' }),
          vote(2, 'p1', { segment: '7' }),
          vote(2, 'p2', { segment: '7' }),
          vote(2, 'p12', { segment: '3', segment2: '9' }),
          vote(2, 'p4', { segment: '42', reveal: 'yes' }),
        ],
      }),
    );
    const result = replay<PaintState>(paint, file);
    const round2 = result.state.rounds[1];
    expect(result.state.election?.teams.red.captain).toBe('p11');
    expect(result.state.election?.teams.yellow.captain).toBe('p12');
    expect(result.state.rounds[0].colours[2]).toBe('red');
    expect(round2.moves.p11.votes).toEqual([{ segment: 7, weight: 3 }]);
    expect(round2.moves.p12.votes).toEqual([
      { segment: 3, weight: 1 },
      { segment: 9, weight: 1 },
    ]);
    expect(round2.moves.p4).toEqual({ votes: [], captainVote: null, reveal: true });
    expect(round2.moves.p5).toBeUndefined();
    expect(round2.tallies).toEqual([
      { segment: 3, votes: { red: 0, blue: 0, yellow: 1 } },
      { segment: 7, votes: { red: 3, blue: 2, yellow: 0 } },
      { segment: 9, votes: { red: 0, blue: 0, yellow: 1 } },
    ]);
    expect(round2.painted.map((p) => [p.segment, p.team])).toEqual([
      [7, 'red'],
      [9, 'yellow'],
    ]);
    expect(
      round2.garnetChanges
        .filter((c) => c.player === 'p4' || c.player === 'p5')
        .map((c) => [c.player, c.garnets, c.note]),
    ).toEqual([
      ['p4', -1, "round 2: bought the reveal of teammates' captain votes"],
      ['p5', -1, 'round 2: no valid segment'],
    ]);
    expect(result.rejected.filter((r) => r.phase === 'round-2').map((r) => r.reason)).toEqual([
      'segment: there is no segment 42 (the canvas has segments 1–20); your other answers still count',
    ]);
  });
});
