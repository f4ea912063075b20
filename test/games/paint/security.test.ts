// The bugs the security fuzzing found in Paint, each pinned by the smallest input that showed it
// (the engine's own are in test/security/regressions.test.ts).
import { describe, expect, it } from 'vitest';
import { freshRun } from '../../helpers/fresh-run.js';

describe('Paint: regressions found by the security fuzzing', () => {
  it('Paint: a long segment, captain vote or reveal answer is not repeated in the reason', () => {
    const run = freshRun('paint');
    const long = `=1+1${'9'.repeat(900)}`;
    const receipt = run.offer({ phase: 'round-1', player: 'p1', answers: { segment: long, captain: long } }, 0);
    expect(receipt.status).toBe('rejected');
    expect(receipt.reasons[0]).toMatch(
      /^segment: "=1\+1(9)+…" is not a segment number; .*; captain: "=1\+1(9)+…" is not on your team/,
    );
    expect(receipt.reasons[0].length).toBeLessThan(300);
  });

  it('an answer that is a number, as a sheet cell could hold it, is read as text', () => {
    // A number is read as text, as the loader reads one in a match file.
    const paint = freshRun('paint');
    expect(paint.offer({ phase: 'round-1', player: 'p1', answers: { segment: 3 } as never }, 0).status).toBe(
      'accepted',
    );
  });
});
