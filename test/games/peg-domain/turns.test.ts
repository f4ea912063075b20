// Turns: alternation, finishing, skipping a finished player, the end; the clock and the reserve
// measured from submission times; the automatic finish; records without times.
import { describe, expect, it } from 'vitest';
import { START, at, pegMatch, piece, replayPeg, sub } from './helpers.js';

describe('turn order', () => {
  it('alternates, skips a finished player, lets the last one play on, and ends when both have finished', () => {
    const result = replayPeg(
      pegMatch({}, [
        sub('turn-1', 'p1', piece('A8', 'E1 0')),
        sub('turn-2', 'p2', { finish: 'yes' }),
        sub('turn-3', 'p1', piece('E8', 'E3 0')),
        sub('turn-3', 'p2', piece('A8', 'A2 0')),
        sub('turn-4', 'p1', piece('I8', 'E5 0')),
        sub('turn-5', 'p1', { finish: 'yes' }),
      ]),
    );
    expect(result.closed.map((c) => [c.phase.id, Object.keys(c.phase.questions)])).toEqual([
      ['turn-1', ['p1']],
      ['turn-2', ['p2']],
      ['turn-3', ['p1']],
      ['turn-4', ['p1']],
      ['turn-5', ['p1']],
    ]);
    expect(result.state.turns.map((t) => t.outcome)).toEqual(['placed', 'finished', 'placed', 'placed', 'finished']);
    expect(result.state.finishedIn).toEqual({ p2: 2, p1: 5 });
    expect(result.rejected.map((r) => [r.phase, r.reason])).toEqual([
      ['turn-3', 'Ben has nothing to answer in Turn 3 (Ann to move)'],
    ]);
    expect(result.open).toBeNull();
    // Ann's three pieces each take E (nobody's) and two of Ben's squares.
    expect(result.final?.scores).toEqual({ p1: 36 + 9, p2: 36 - 6 });
  });

  it('starts with the player named in `first`', () => {
    const result = replayPeg(pegMatch({ first: 'p2' }, [sub('turn-1', 'p2', piece('A8', 'E1 0'))]));
    expect(result.state.turns.slice(0, 2).map((t) => t.mover)).toEqual(['p2', 'p1']);
  });

  it('rejects an invalid move with its reason; a later valid move in the same turn counts', () => {
    const result = replayPeg(
      pegMatch({}, [
        sub('turn-1', 'p1', { cut: 'A8 R', place: 'E1 0' }),
        sub('turn-1', 'p1', { cut: 'A8 RR' }),
        sub('turn-1', 'p1', { cut: 'A8 RR', place: 'E1 0', finish: 'yes' }),
        sub('turn-1', 'p1', { finish: 'maybe' }),
        sub('turn-1', 'p1', piece('A8', 'E1 0')),
        sub('turn-1', 'p1', piece('E8', 'E3 0')),
      ]),
    );
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'cut: the path ends on B8, which is not a peg; it must end on a second peg',
      'place: name the domain square for your first peg and a rotation, e.g. E5 90',
      'finish: you answered yes and also sent a move; send either finish: yes or a cut-out and a placement',
      'finish: "maybe" is not yes or no; answer yes to finish, or no (or leave it blank) to play on',
      'Turn 1 (Ann to move) had already ended',
    ]);
    expect(result.state.turns[0].placement?.cut.notation).toBe('A8 RR');
  });
});

describe('the clock', () => {
  it("charges the reserve in whole 10-second steps beyond the turn's 2 minutes", () => {
    const result = replayPeg(
      pegMatch(
        {},
        [
          sub('turn-1', 'p1', piece('A8', 'E1 0'), 121), // 121 s: 10 s of reserve
          sub('turn-2', 'p2', piece('A8', 'A2 0'), 121 + 130), // 130 s: 10 s
          sub('turn-3', 'p1', piece('E8', 'E3 0'), 251 + 131), // 131 s: 20 s
          sub('turn-4', 'p2', piece('E8', 'A4 0'), 382 + 120), // exactly 120 s: nothing
        ],
        { startAt: START },
      ),
      at(510),
    );
    expect(result.rejected).toEqual([]);
    expect(result.state.turns.map((t) => [t.secondsUsed, t.reserveUsed, t.reserveLeft])).toEqual([
      [121, 10, 470],
      [130, 10, 470],
      [131, 20, 450],
      [120, 0, 470],
    ]);
    // Turn 5 is Ann's: 2 minutes plus her 450 seconds of reserve from its opening at +502 s.
    expect(result.open?.timing).toEqual({ opensAt: at(502), deadline: at(502 + 120 + 450) });
  });

  it('finishes a player automatically when turn time and reserve run out; a late move is refused', () => {
    const result = replayPeg(
      pegMatch(
        { reserveSeconds: 30 },
        [
          sub('turn-1', 'p1', piece('A8', 'E1 0'), 150), // the very deadline: 30 s of reserve, none left
          sub('turn-2', 'p2', piece('A8', 'A2 0'), 160),
          sub('turn-3', 'p1', piece('E8', 'E3 0'), 281), // deadline +280: too late
          sub('turn-4', 'p2', { finish: 'yes' }, 290),
        ],
        { startAt: START },
      ),
    );
    expect(result.rejected.map((r) => r.reason)).toEqual([
      `arrived at ${at(281)}, after the deadline of Turn 3 (Ann to move) (${at(280)})`,
    ]);
    expect(result.state.turns[2]).toMatchObject({
      mover: 'p1',
      outcome: 'out-of-time',
      secondsUsed: 120,
      reserveUsed: 0,
      reserveLeft: 0,
    });
    expect(result.state.finishedIn).toEqual({ p1: 3, p2: 4 });
    expect(result.closed[3].timing.opensAt).toBe(at(280));
    expect(result.final).not.toBeNull();
  });

  it('a record without times: moves use no time, and a turn with no valid move counts as finishing', () => {
    const result = replayPeg(
      pegMatch({}, [
        sub('turn-1', 'p1', piece('A8', 'E1 0')),
        sub('turn-2', 'p2', { cut: 'A8 R', place: 'A2 0' }),
        sub('turn-3', 'p1', { finish: 'yes' }),
      ]),
    );
    expect(result.state.turns.map((t) => [t.mover, t.outcome, t.secondsUsed, t.reserveLeft])).toEqual([
      ['p1', 'placed', null, 480],
      ['p2', 'no-move', null, 480],
      ['p1', 'finished', null, 480],
    ]);
    expect(result.final?.winners).toEqual(['p1']);
  });

  it('with a `now`, the open turn waits for its deadline', () => {
    const match = pegMatch({}, [sub('turn-1', 'p1', piece('A8', 'E1 0'), 30)], { startAt: START });
    const during = replayPeg(match, at(100));
    expect(during.open?.phase.id).toBe('turn-2');
    expect(during.open?.timing.deadline).toBe(at(30 + 600));
    const after = replayPeg(match, at(30 + 600));
    expect(after.state.turns[1]).toMatchObject({ mover: 'p2', outcome: 'out-of-time', reserveLeft: 0 });
    expect(after.open?.phase.id).toBe('turn-3');
  });
});
