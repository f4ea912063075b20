// Pause and resume (issue 18) on Peg Domain's turn clock: a paused turn charges only the time played.
// The rule for every game is in test/core/pause-ready.test.ts.
import { describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../../src/engine/core/game.js';
import * as peg from './helpers.js';

describe("pause and resume: Peg Domain's turn clock", () => {
  it('a turn paused for 5 minutes charges only the time played: the move at +400 s after a 300 s pause used 100 s', () => {
    // Turn 1 opens at START with 120 s plus 480 s of reserve (deadline +600 s); paused from +30 s to +330 s.
    const events: MatchEvent[] = [
      { type: 'pause', at: peg.at(30) },
      { type: 'resume', at: peg.at(330) },
    ];
    const match = {
      ...peg.pegMatch({}, [peg.sub('turn-1', 'p1', peg.piece('A8', 'E1 0'), 400)], { startAt: peg.START }),
      events,
    };
    const during = peg.replayPeg(match, peg.at(200));
    expect(during.open?.timing.deadline).toBe(peg.at(600));
    expect(during.paused).toEqual({ from: peg.at(30) });
    const result = peg.replayPeg(match, peg.at(410));
    expect(result.rejected).toEqual([]);
    expect(result.state.turns[0]).toMatchObject({
      mover: 'p1',
      outcome: 'placed',
      secondsUsed: 100,
      reserveUsed: 0,
      reserveLeft: 480,
    });
    // Without the pause the same move would have used 400 s: 280 s of reserve.
    const unpaused = peg.replayPeg({ ...match, events: [] }, peg.at(410));
    expect(unpaused.state.turns[0]).toMatchObject({ secondsUsed: 400, reserveLeft: 200 });
  });
});
