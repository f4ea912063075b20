// The end after round 3, branch by branch, from worked canvases. Segments kept apart by 1-pixel
// separators, so each team paints exactly what it votes for.
import { describe, expect, it } from 'vitest';
import type { Final } from '../../../src/engine/core/game.js';
import { ELECT_FIRSTS, say, strip, teamRound, run } from './helpers.js';

// Odd segments 1…13 of 10, 8, 6, 5, 4, 3 and 2 pixels; even segments are 1-pixel separators.
const SIZES = strip([10, 1, 8, 1, 6, 1, 5, 1, 4, 1, 3, 1, 2]);
// Odd segments 1…15 of 4 pixels each, for ties.
const EVEN = strip([4, 1, 4, 1, 4, 1, 4, 1, 4, 1, 4, 1, 4, 1, 4]);

function award(final: Final | null, player: string) {
  return final?.awards.filter((a) => a.player === player).map((a) => [a.garnets, a.tokensOfLife, a.note]);
}

describe('the end', () => {
  describe('fewest segments loses; one team wins both ways', () => {
    const setup = {
      canvas: SIZES,
      garnets: { p12: 1 },
      submissions: [
        ...teamRound(1, { red: 1, blue: 3, yellow: 5 }, ELECT_FIRSTS),
        ...teamRound(2, { red: 7, blue: 9 }),
        ...teamRound(3, { red: 11 }),
      ],
    };

    it("waits for the captain's Token of Life gift to a non-captain of the other non-losing team", () => {
      const result = run(setup);
      expect(result.final).toBeNull();
      expect(result.pending).toEqual([
        {
          id: 'tol-gift',
          question:
            'Ann, captain of the sole winning team red, gives a Token of Life to a non-captain of blue (Finn, Gus and Hana): who?',
          choices: ['p6', 'p7', 'p8'],
        },
      ]);
    });

    it('then reports scores, winners, every award and the losing captain as elimination candidate', () => {
      const { final } = run({ ...setup, decisions: [{ id: 'tol-gift', choice: 'p7' }] });
      expect(final?.scores).toEqual({ red: 3, blue: 2, yellow: 1 });
      expect(final?.detail.pixels).toEqual({ red: 18, blue: 12, yellow: 6 });
      expect(final?.winners).toEqual(['red']);
      expect(final?.losers).toEqual(['yellow']);
      expect(final?.detail.loserReason).toBe('fewest segments on the final canvas (1)');
      expect(final?.tieBreak).toBeUndefined();
      expect(award(final, 'p1')).toEqual([
        [
          4,
          1,
          'red won (most segments and most pixels): +2 garnets and a Token of Life, +2 more as captain and a Token of Life to give away',
        ],
      ]);
      expect(award(final, 'p2')).toEqual([
        [2, 1, 'red won (most segments and most pixels): +2 garnets and a Token of Life'],
      ]);
      expect(award(final, 'p7')).toEqual([[0, 1, 'a Token of Life given by Ann, captain of red']]);
      expect(award(final, 'p5')).toEqual([]);
      expect(award(final, 'p12')).toEqual([[-1, 0, 'round 2: no valid segment']]);
      expect(award(final, 'p9')).toEqual([[0, 0, 'Elimination candidate: captain of the losing team yellow']]);
      expect(final?.eliminationCandidate).toBe('p9');
      expect(final?.detail.coloured).toMatchObject({ p1: 3, p5: 2, p9: 1 });
    });
  });

  it('breaks a tie on segments by fewer pixels; two winning teams share the awards', () => {
    const { final, pending } = run({
      canvas: SIZES,
      submissions: [
        ...teamRound(1, { blue: 1, red: 7, yellow: 9 }, ELECT_FIRSTS),
        ...teamRound(2, { blue: 3, red: 11, yellow: 13 }),
        ...teamRound(3, { red: 5 }),
      ],
    });
    expect(pending).toEqual([]);
    expect(final?.scores).toEqual({ red: 3, blue: 2, yellow: 2 });
    expect(final?.detail.pixels).toEqual({ red: 14, blue: 18, yellow: 6 });
    expect(final?.losers).toEqual(['yellow']);
    expect(final?.detail.loserReason).toBe(
      'blue and yellow tied on 2 segments on the final canvas; yellow had fewer pixels (6)',
    );
    expect(final?.tieBreak).toBe('blue and yellow tied on 2 segments on the final canvas; yellow had fewer pixels (6)');
    expect(final?.winners).toEqual(['red', 'blue']);
    expect(award(final, 'p1')).toEqual([
      [2, 1, 'red won (most segments): +1 garnet and a Token of Life, +1 more as captain'],
    ]);
    expect(award(final, 'p6')).toEqual([[1, 1, 'blue won (most pixels): +1 garnet and a Token of Life']]);
    expect(final?.eliminationCandidate).toBe('p9');
  });

  describe('a losing team with the most pixels does not win by pixels', () => {
    // No captains. Yellow paints 2 big segments, red 4 and blue 3 small ones.
    const submissions = [
      ...teamRound(1, { yellow: 1, red: 7, blue: 9 }),
      ...teamRound(2, { red: 11, blue: 13 }),
      say(2, 'p9', { segment: '3' }),
      say(2, 'p10', { segment: '3' }),
      say(2, 'p11', { segment: '3' }),
      say(3, 'p1', { segment: '5' }),
      say(3, 'p3', { segment: '5' }),
      say(3, 'p2', { segment: '2' }),
      say(3, 'p4', { segment: '2' }),
      say(3, 'p5', { segment: '4' }),
    ];

    it('and without a captain, its member who coloured the fewest segments is the candidate', () => {
      const { final, pending } = run({ canvas: SIZES, submissions });
      expect(pending).toEqual([]);
      expect(final?.scores).toEqual({ red: 4, blue: 3, yellow: 2 });
      expect(final?.detail.pixels).toEqual({ red: 15, blue: 7, yellow: 18 });
      expect(final?.losers).toEqual(['yellow']);
      expect(final?.winners).toEqual(['red']);
      expect(final?.detail.winnersBy).toEqual({
        segments: 'red',
        pixels: null,
        pixelsIgnored: 'yellow had the most pixels but lost',
      });
      // A sole winning team with no captain: no captain's extra, no Token of Life to give.
      expect(award(final, 'p1')).toEqual([[2, 1, 'red won (most segments): +2 garnets and a Token of Life']]);
      expect(final?.eliminationCandidate).toBe('p12');
      expect(award(final, 'p12')).toEqual([
        [
          0,
          0,
          'Elimination candidate: coloured the fewest segments (1) on the losing team yellow, which has no captain',
        ],
      ]);
    });

    it('a tie for the fewest coloured is a host decision', () => {
      const tied = submissions.filter((s) => !(s.player === 'p11' && s.phase === 'round-2'));
      const waiting = run({ canvas: SIZES, submissions: tied });
      expect(waiting.final).toBeNull();
      expect(waiting.pending).toEqual([
        {
          id: 'elimination-tie',
          question:
            "yellow lost without a captain and Kai and Lea each coloured the fewest segments (1): who is the elimination candidate? (The winning team's captains choose.)",
          choices: ['p11', 'p12'],
        },
      ]);
      const { final } = run({
        canvas: SIZES,
        submissions: tied,
        decisions: [{ id: 'elimination-tie', choice: 'p11' }],
      });
      expect(final?.eliminationCandidate).toBe('p11');
      expect(award(final, 'p11')).toEqual([
        [
          0,
          0,
          'Elimination candidate: coloured the fewest segments (1) on the losing team yellow, which has no captain; tied with Lea, chosen by the host',
        ],
      ]);
    });
  });

  it('breaks a tie on the final canvas by the canvas after round 2', () => {
    const { final, pending } = run({
      canvas: EVEN,
      decisions: [{ id: 'tol-gift', choice: 'p3' }],
      submissions: [
        ...teamRound(1, { red: 1, blue: 3, yellow: 5 }, ELECT_FIRSTS),
        ...teamRound(2, { red: 7, yellow: 9 }),
        ...teamRound(3, { blue: 11, yellow: 13 }),
      ],
    });
    expect(pending).toEqual([]);
    expect(final?.scores).toEqual({ red: 2, blue: 2, yellow: 3 });
    expect(final?.losers).toEqual(['blue']);
    expect(final?.detail.loserReason).toBe(
      'red and blue tied on segments and pixels on the final canvas; fewest segments after round 2 (1)',
    );
    expect(final?.winners).toEqual(['yellow']);
    expect(final?.detail.tokenOfLifeGift).toBe('p3');
  });

  it('then by the canvas after round 1', () => {
    const { final } = run({
      canvas: EVEN,
      decisions: [{ id: 'tol-gift', choice: 'p2' }],
      submissions: [
        ...teamRound(1, { red: 1, yellow: 5 }, ELECT_FIRSTS),
        ...teamRound(2, { blue: 3, yellow: 7 }),
        ...teamRound(3, { red: 9, blue: 11, yellow: 13 }),
      ],
    });
    expect(final?.losers).toEqual(['blue']);
    expect(final?.detail.loserReason).toBe(
      'red and blue tied on segments and pixels on the final canvas and after round 2; fewest segments after round 1 (0)',
    );
  });

  it('then asks the host; with every count tied nobody wins', () => {
    const submissions = [
      ...teamRound(1, { red: 1, blue: 3, yellow: 5 }, ELECT_FIRSTS),
      ...teamRound(2, { red: 7, blue: 9, yellow: 11 }),
    ];
    const waiting = run({ canvas: EVEN, submissions });
    expect(waiting.final).toBeNull();
    expect(waiting.pending).toEqual([
      {
        id: 'loser-tie',
        question:
          "Teams red, blue and yellow tied for the fewest segments and pixels on the final canvas, after round 2 and after round 1: which team loses? (The rules leave it to the winning team's choice.)",
        choices: ['red', 'blue', 'yellow'],
      },
    ]);
    const wrong = run({ canvas: EVEN, submissions, decisions: [{ id: 'loser-tie', choice: 'green' }] });
    expect(wrong.final).toBeNull();
    expect(wrong.rejected.map((r) => r.reason)).toEqual([
      'decision "loser-tie": "green" is not one of red, blue, yellow',
    ]);

    const { final } = run({ canvas: EVEN, submissions, decisions: [{ id: 'loser-tie', choice: 'Blue' }] });
    expect(final?.losers).toEqual(['blue']);
    expect(final?.winners).toEqual([]);
    expect(final?.detail.loserReason).toBe('red, blue and yellow tied at every comparison; the host decided');
    expect(final?.awards).toEqual([
      { player: 'p5', garnets: 0, tokensOfLife: 0, note: 'Elimination candidate: captain of the losing team blue' },
    ]);
  });
});
