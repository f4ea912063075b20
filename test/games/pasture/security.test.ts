// The bugs the security fuzzing found in Pasture, each pinned by the smallest input that showed it
// (the engine's own are in test/security/regressions.test.ts).
import { describe, expect, it } from 'vitest';
import { MatchRun } from '../../../src/engine/core/replay.js';
import { parseFence } from '../../../src/engine/games/pasture/geometry.js';
import { gameById, newMatch } from '../../../src/engine/index.js';
import { freshRun } from '../../helpers/fresh-run.js';

describe('Pasture: regressions found by the security fuzzing', () => {
  it('an answer over 1000 characters is refused before any game parses it', () => {
    const match = newMatch('pasture', { seed: 'regression' });
    if (!match.ok) throw new Error(match.error);
    const run = new MatchRun(gameById('pasture'), match.value);
    // 100 000 letters made the coordinate-list regex try every start: seconds per answer. How long
    // it takes now is a target of npm run bench ("Hostile answers"); here, that it is refused unread.
    const receipt = run.offer({ phase: 'start', player: 'p1', answers: { start: 'A'.repeat(100_000) } }, 0);
    expect(receipt.reasons).toEqual([
      'start: this answer has 100000 characters and an answer has at most 1000; nothing of this submission was counted',
    ]);
    const list = run.offer({ phase: 'start', player: 'p1', answers: { start: Array(400).fill('A1 B2') } }, 1);
    expect(list.status).toBe('rejected');
    // Padding is trimmed first, and an answer of exactly 1000 characters is still read.
    expect(run.offer({ phase: 'start', player: 'p1', answers: { start: `${' '.repeat(5000)}C12 ` } }, 2).status).toBe(
      'accepted',
    );
    expect(
      run.offer({ phase: 'start', player: 'p1', answers: { start: `C${'9'.repeat(999)}` } }, 3).reasons[0],
    ).toMatch(/off the board/);
  });

  it('Pasture: a long plan or plan id is not repeated in the reason', () => {
    const answer = `=IMPORTXML("http://x","//a") ${'V'.repeat(900)}`;
    for (const text of [answer, `between columns ${'A'.repeat(400)} and ${'C'.repeat(400)}`]) {
      const fence = parseFence(text);
      expect(fence.ok).toBe(false);
      if (!fence.ok) expect(fence.error.length).toBeLessThan(250);
    }
    const run = freshRun('pasture');
    run.offer({ phase: 'start', player: 'p1', answers: { start: 'A1' } }, 0);
    run.close();
    const plan = run.offer({ phase: 'round-1/plans', player: 'p1', answers: { plan: answer } }, 1);
    expect(plan.reasons[0]).toMatch(/^plan: "=IMPORTXML\(\\"http:\/\/x\\",\\"\/\/a\\"\) V+…" is not a fence/);
    expect(plan.reasons[0].length).toBeLessThan(200);
  });

  it('answers to 5000 questions that do not exist make one reason, not 5000', () => {
    const run = freshRun('pasture');
    run.offer({ phase: 'start', player: 'p1', answers: { start: 'A1' } }, 0);
    run.close();
    const one = run.offer({ phase: 'round-1/plans', player: 'p1', answers: { plan: 'V:C', colour: 'red' } }, 1);
    expect(one.reasons).toEqual(['"colour" is not a question of Round 1: fence plans; that answer was ignored']);
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`q${i}`, 'x']));
    const receipt = run.offer({ phase: 'round-1/plans', player: 'p1', answers: { plan: 'V:C', ...many } }, 2);
    expect(receipt.status).toBe('partial');
    expect(receipt.reasons).toEqual([
      '"q0", "q1", "q2" and 4997 more are not questions of Round 1: fence plans; those answers were ignored',
    ]);
  });
});
