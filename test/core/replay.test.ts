import { describe, expect, it } from 'vitest';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { replay } from '../../src/engine/core/replay.js';
import { replayOutput } from '../../src/engine/core/replay-output.js';
import { simulate } from '../../src/engine/core/simulate.js';
import { tinyGame } from '../helpers/tiny-game.js';

function match(partial: Partial<MatchFile>): MatchFile {
  return {
    game: 'tiny',
    seed: 's',
    options: { rounds: 2, closeEarly: false },
    players: [
      { id: 'a', name: 'Ann', garnets: 0 },
      { id: 'b', name: 'Ben', garnets: 1 },
    ],
    submissions: [],
    decisions: [],
    ...partial,
  };
}

describe('replay', () => {
  it('counts the last valid submission per player and phase, and reports every rejection', () => {
    const result = replay<{ totals: Record<string, number> }>(
      tinyGame,
      match({
        submissions: [
          { phase: 'step-1', player: 'a', answers: { n: '3' } },
          { phase: 'step-1', player: 'a', answers: { n: '7' } },
          { phase: 'step-1', player: 'a', answers: { n: '99' } },
          { phase: 'step-1', player: 'b', answers: { n: '2' } },
          { phase: 'step-2', player: 'a', answers: { n: '1' } },
          { phase: 'step-2', player: 'b', answers: { n: '4', bonus: 'yes' } },
        ],
      }),
    );
    expect(result.state.totals).toEqual({ a: 8, b: 11 });
    expect(result.rejected).toEqual([
      { phase: 'step-1', player: 'a', reason: 'n: "99" is not a number from 1 to 10', submission: 2 },
    ]);
    expect(result.receipts.map((r) => [r.status, r.superseded])).toEqual([
      ['accepted', true],
      ['accepted', false],
      ['rejected', false],
      ['accepted', false],
      ['accepted', false],
      ['accepted', false],
    ]);
    expect(result.final?.winners).toEqual(['b']);
  });

  it('keeps the valid part of a submission and reports the refused part', () => {
    const result = replay<{ totals: Record<string, number> }>(
      tinyGame,
      match({
        submissions: [{ phase: 'step-1', player: 'a', answers: { n: '5', bonus: 'yes' } }],
      }),
    );
    expect(result.state.totals.a).toBe(5);
    expect(result.receipts[0].status).toBe('partial');
    expect(result.rejected).toEqual([
      { phase: 'step-1', player: 'a', reason: 'bonus: costs 1 garnet and you have none', submission: 0 },
    ]);
  });

  it('never drops a submission: unknown phases, unknown questions and finished matches are all reported', () => {
    const result = replay(
      tinyGame,
      match({
        submissions: [
          { phase: 'step-9', player: 'a', answers: { n: '1' } },
          { phase: 'step-1', player: 'b', answers: { n: '1', colour: 'red' } },
        ],
      }),
    );
    expect(result.receipts).toHaveLength(2);
    expect(result.rejected.map((r) => r.reason)).toEqual([
      'the match is over: no step-9 is open',
      '"colour" is not a question of Step 1; that answer was ignored',
    ]);
  });

  it('holds back final while a host decision is pending, and checks the answer', () => {
    const tie = match({
      submissions: [
        { phase: 'step-1', player: 'a', answers: { n: '3' } },
        { phase: 'step-1', player: 'b', answers: { n: '3' } },
      ],
    });
    const pending = replay(tinyGame, tie);
    expect(pending.final).toBeNull();
    expect(pending.pending).toEqual([{ id: 'tie', question: 'who wins?', choices: ['a', 'b'] }]);

    const wrong = replay(tinyGame, {
      ...tie,
      decisions: [
        { id: 'tie', choice: 'zed' },
        { id: 'other', choice: 'x' },
      ],
    });
    expect(wrong.final).toBeNull();
    expect(wrong.rejected.map((r) => r.reason)).toEqual([
      'decision "tie": "zed" is not one of a, b',
      'no decision "other" was asked for in this match',
    ]);

    const answered = replay(tinyGame, { ...tie, decisions: [{ id: 'tie', choice: 'B' }] });
    expect(answered.pending).toEqual([]);
    expect(answered.final?.winners).toEqual(['b']);
  });

  describe('with a schedule', () => {
    const scheduled = match({
      startAt: '2026-11-21T18:00:00Z',
      schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: { 'step-2': '2026-11-21T22:00:00Z' } },
      submissions: [
        { phase: 'step-1', player: 'a', at: '2026-11-21T18:30:00Z', answers: { n: '4' } },
        { phase: 'step-1', player: 'b', at: '2026-11-21T19:00:01Z', answers: { n: '9' } },
        { phase: 'step-2', player: 'b', at: '2026-11-21T20:00:00Z', answers: { n: '2' } },
      ],
    });

    it('refuses a submission by its own timestamp after the deadline', () => {
      const result = replay<{ totals: Record<string, number> }>(tinyGame, scheduled);
      expect(result.rejected[0]).toEqual({
        phase: 'step-1',
        player: 'b',
        submission: 1,
        reason: 'arrived at 2026-11-21T19:00:01Z, after the deadline of Step 1 (2026-11-21T19:00:00.000Z)',
      });
      expect(result.state.totals).toEqual({ a: 4, b: 2 });
    });

    it('keeps a phase open until its deadline has passed', () => {
      const midway = replay(tinyGame, scheduled, { now: '2026-11-21T20:30:00Z' });
      expect(midway.open?.phase.id).toBe('step-2');
      expect(midway.open?.timing).toEqual({
        opensAt: '2026-11-21T19:00:00.000Z',
        deadline: '2026-11-21T22:00:00.000Z',
      });
      expect([...midway.open!.moves.keys()]).toEqual(['b']);
      expect(midway.final).toBeNull();
      expect(replayOutput(midway).open).toEqual({
        phase: 'step-2',
        deadline: '2026-11-21T22:00:00.000Z',
        submitted: ['b'],
      });

      const after = replay(tinyGame, scheduled, { now: '2026-11-21T22:00:00Z' });
      expect(after.open).toBeNull();
      expect(after.final).not.toBeNull();
    });

    it('refuses a submission for a phase that has not opened yet', () => {
      const early = replay(
        tinyGame,
        {
          ...scheduled,
          submissions: [{ phase: 'step-2', player: 'a', at: '2026-11-21T18:10:00Z', answers: { n: '5' } }],
        },
        { now: '2026-11-21T18:20:00Z' },
      );
      expect(early.rejected[0].reason).toBe('step-2 is not open (the open phase is step-1)');
      const later = replay(tinyGame, {
        ...scheduled,
        submissions: [{ phase: 'step-2', player: 'a', at: '2026-11-21T18:10:00Z', answers: { n: '5' } }],
      });
      expect(later.rejected[0].reason).toBe(
        'arrived at 2026-11-21T18:10:00Z, before Step 2 opened at 2026-11-21T19:00:00.000Z',
      );
    });
  });

  it('closes a phase early when the game says so, refusing what arrives after', () => {
    const result = replay<{ log: string[] }>(
      tinyGame,
      match({
        options: { rounds: 1, closeEarly: true },
        startAt: '2026-11-21T18:00:00Z',
        schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} },
        submissions: [
          { phase: 'step-1', player: 'a', at: '2026-11-21T18:05:00Z', answers: { n: '10' } },
          { phase: 'step-1', player: 'b', at: '2026-11-21T18:04:00Z', answers: { n: '3' } },
          { phase: 'step-1', player: 'b', at: '2026-11-21T18:06:00Z', answers: { n: '4' } },
        ],
      }),
      { now: '2026-11-21T18:10:00Z' },
    );
    expect(result.open).toBeNull();
    expect(result.state.log).toEqual(['step-1 closed 2026-11-21T18:05:00Z']);
    expect(result.rejected.map((r) => r.reason)).toEqual(['Step 1 had already ended']);
  });

  it('is deterministic, and a bot-played match replays to the state the bots saw', () => {
    const played = simulate(tinyGame, match({ options: { rounds: 3, closeEarly: false } }), { answerDecisions: true });
    expect(played.submissions).toHaveLength(6);
    const first = replay(tinyGame, played);
    const second = replay(tinyGame, JSON.parse(JSON.stringify(played)));
    expect(second.state).toEqual(first.state);
    expect(replayOutput(second)).toEqual(replayOutput(first));
    expect(first.final).not.toBeNull();
  });
});
