// Close when ready and pause/resume (issue 18): host events of the log that replay decides. Every
// time below is minutes after START, so each example can be checked by hand.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchEvent } from '../../src/engine/core/game.js';
import { type MatchFile, parseMatchFile, stringifyMatchFile } from '../../src/engine/core/matchfile.js';
import { deadlineOf, pausesOf, shiftedDeadline } from '../../src/engine/core/deadlines.js';
import { earliestCloses, readyClose } from '../../src/engine/core/ready.js';
import { replay } from '../../src/engine/core/replay.js';
import { replayOutput } from '../../src/engine/core/replay-output.js';
import { tinyGame } from '../helpers/tiny-game.js';

const START = '2026-11-21T18:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();

function match(partial: Partial<MatchFile>, schedule: Partial<NonNullable<MatchFile['schedule']>> = {}): MatchFile {
  return {
    game: 'tiny',
    seed: 's',
    startAt: START,
    options: { rounds: 2, closeEarly: false },
    schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {}, ...schedule },
    players: [
      { id: 'a', name: 'Ann', garnets: 0 },
      { id: 'b', name: 'Ben', garnets: 1 },
    ],
    submissions: [],
    decisions: [],
    ...partial,
  };
}

type Tiny = { totals: Record<string, number>; log: string[] };
const READY = { closeWhenReady: { step: true } };

describe('close when ready', () => {
  const answered = [
    { phase: 'step-1', player: 'a', at: at(10), answers: { n: '3' } },
    { phase: 'step-1', player: 'b', at: at(20), answers: { n: '5' } },
  ];

  it('is noticed once every player who may answer has an answer accepted whole', () => {
    const file = match({ submissions: answered }, READY);
    const half = match({ submissions: answered.slice(0, 1) }, READY);
    expect(replay(tinyGame, half, { now: at(15) }).open?.ready).toEqual(['a']);
    expect(readyClose(replay(tinyGame, half, { now: at(15) }), at(15))).toBeNull();
    const result = replay(tinyGame, file, { now: at(25) });
    expect(result.open?.ready).toEqual(['a', 'b']);
    expect(readyClose(result, at(25))).toEqual({ type: 'close', phase: 'step-1', at: at(25) });
  });

  it('is not noticed where the option is off, for a schedule without it, while paused, or for an answer with a part refused', () => {
    const off = match({ submissions: answered }, { closeWhenReady: { step: false } });
    expect(readyClose(replay(tinyGame, off, { now: at(25) }), at(25))).toBeNull();
    const old = match({ submissions: answered });
    expect(readyClose(replay(tinyGame, old, { now: at(25) }), at(25))).toBeNull();
    const paused = match({ submissions: answered, events: [{ type: 'pause', at: at(22) }] }, READY);
    expect(readyClose(replay(tinyGame, paused, { now: at(25) }), at(25))).toBeNull();
    // Ann has no garnet for the bonus: her answer counts in part, and she is not ready until she sends it again.
    const partial = match({ submissions: [{ ...answered[0], answers: { n: '3', bonus: 'yes' } }, answered[1]] }, READY);
    const result = replay(tinyGame, partial, { now: at(25) });
    expect(result.open?.ready).toEqual(['b']);
    expect(readyClose(result, at(25))).toBeNull();
    // By phase id, then kind, then default.
    const byId = match({ submissions: answered }, { closeWhenReady: { default: false, step: false, 'step-1': true } });
    expect(readyClose(replay(tinyGame, byId, { now: at(25) }), at(25))?.phase).toBe('step-1');
  });

  it('an answer marked Done? Not yet counts but keeps the phase waiting for its player, until they send again with Yes', () => {
    const notYet = match(
      { submissions: [answered[0], { ...answered[1], answers: { n: '5', done: 'Not yet' } }] },
      READY,
    );
    const result = replay<Tiny>(tinyGame, notYet, { now: at(25) });
    expect(result.open?.ready).toEqual(['a']);
    expect(readyClose(result, at(25))).toBeNull();
    // The done answer is the core's: the game never sees it, and the receipt says why the phase waits.
    expect(result.receipts[1]).toMatchObject({ status: 'accepted', reasons: [], notDone: true });
    expect(result.receipts[1].notes).toEqual([
      'Done? Not yet: this answer counts, and the phase waits for you until you send again with Yes, or until its deadline',
    ]);
    expect(replay<Tiny>(tinyGame, notYet, { now: at(61) }).state.totals).toEqual({ a: 3, b: 5 });
    const yes = match(
      { submissions: [...notYet.submissions, { ...answered[1], at: at(30), answers: { n: '5', done: 'Yes' } }] },
      READY,
    );
    expect(readyClose(replay(tinyGame, yes, { now: at(31) }), at(31))).toEqual({
      type: 'close',
      phase: 'step-1',
      at: at(31),
    });
  });

  it('a close event closes the phase at its time; the next opens then, and an answer sent after it is refused', () => {
    const file = match(
      {
        submissions: [...answered, { phase: 'step-1', player: 'a', at: at(27), answers: { n: '9' } }],
        events: [{ type: 'close', phase: 'step-1', at: at(25) }],
      },
      READY,
    );
    const result = replay<Tiny>(tinyGame, file, { now: at(30) });
    expect(result.state.log).toEqual([`step-1 closed ${at(25)}`]);
    expect(result.state.totals).toEqual({ a: 3, b: 5 });
    expect(result.open?.phase.id).toBe('step-2');
    expect(result.open?.timing).toEqual({ opensAt: at(25), deadline: at(85) });
    expect(result.rejected[0].reason).toBe(
      `arrived at ${at(27)}, after Step 1 closed at ${at(25)}, when every player was ready`,
    );
    // As of a time before the event, it has not happened.
    expect(replay(tinyGame, file, { now: at(24) }).open?.phase.id).toBe('step-1');
    // The complete record (no --now) closes at the event too.
    expect(replay<Tiny>(tinyGame, file).state.log[0]).toBe(`step-1 closed ${at(25)}`);
  });

  it('a close after the deadline came too late: the deadline closed the phase', () => {
    const file = match({ submissions: answered, events: [{ type: 'close', phase: 'step-1', at: at(70) }] }, READY);
    expect(replay<Tiny>(tinyGame, file, { now: at(75) }).state.log).toEqual([`step-1 closed ${at(60)}`]);
  });

  it('Undo last phase after a close when ready reopens it: only answers sent since the reopen make the players ready again', () => {
    const events: MatchEvent[] = [
      { type: 'close', phase: 'step-1', at: at(25) },
      { type: 'reopen', phase: 'step-1', deadline: at(100), at: at(40) },
    ];
    const file = match({ submissions: answered, events }, READY);
    const reopened = replay(tinyGame, file, { now: at(45) });
    expect(reopened.open?.phase.id).toBe('step-1');
    expect(reopened.open?.ready).toEqual([]);
    expect(readyClose(reopened, at(45))).toBeNull();
    const again = match(
      {
        submissions: [
          ...answered,
          { phase: 'step-1', player: 'a', at: at(50), answers: { n: '4' } },
          { ...answered[1], at: at(55) },
        ],
        events,
      },
      READY,
    );
    expect(readyClose(replay(tinyGame, again, { now: at(56) }), at(56))).toEqual({
      type: 'close',
      phase: 'step-1',
      at: at(56),
    });
  });

  it('the option and the close event round-trip through the match file', () => {
    const file = match({ events: [{ type: 'close', phase: 'step-1', at: at(25) }] }, READY);
    const games = new Map([['tiny', tinyGame]]);
    const parsed = parseMatchFile(JSON.parse(stringifyMatchFile(file)), games);
    expect(parsed.ok && parsed.value.schedule?.closeWhenReady).toEqual({ step: true });
    expect(parsed.ok && parsed.value.events).toEqual(file.events);
    const bad = parseMatchFile(
      { ...JSON.parse(stringifyMatchFile(file)), schedule: { closeWhenReady: { step: 'yes' } } },
      games,
    );
    expect(bad.ok ? '' : bad.error).toMatch(/^schedule\.closeWhenReady\.step: /);
  });
});

describe('pause and resume', () => {
  it('while paused nothing closes and the forms-to-be are held; the open pause is reported', () => {
    const file = match({ events: [{ type: 'pause', at: at(30) }] });
    const result = replay(tinyGame, file, { now: at(200) });
    expect(result.open?.phase.id).toBe('step-1');
    expect(result.open?.timing.deadline).toBe(at(60));
    expect(result.paused).toEqual({ from: at(30) });
  });

  it('a resume moves the open deadline by the paused time, and every later phase with it', () => {
    // Paused from 30 to 50: step 1 closes at 60 + 20 = 80, step 2 (60 minutes) at 140.
    const file = match({
      submissions: [
        { phase: 'step-1', player: 'a', at: at(40), answers: { n: '3' } },
        { phase: 'step-1', player: 'b', at: at(70), answers: { n: '5' } },
      ],
      events: [
        { type: 'pause', at: at(30) },
        { type: 'resume', at: at(50) },
      ],
    });
    const result = replay<Tiny>(tinyGame, file, { now: at(100) });
    expect(result.paused).toBeNull();
    expect(result.state.log).toEqual([`step-1 closed ${at(80)}`]);
    expect(result.open?.timing).toEqual({ opensAt: at(80), deadline: at(140) });
    // Sent while paused: refused with the pause named; sent after the old deadline but before the new: counts.
    expect(result.rejected.map((r) => r.reason)).toEqual([
      `arrived at ${at(40)}, while the host had paused the match (from ${at(30)} until ${at(50)}); nothing sent during a pause counts: send it again once the match goes on`,
    ]);
    expect(result.state.totals).toEqual({ a: 0, b: 5 });
  });

  it('explicit deadlines move too; a deadline passed before the pause does not', () => {
    // Step 1 (60 minutes) closed at 60, before the pause from 70 to 100; step 2's explicit deadline 200 moves to 230.
    const file = match(
      {
        events: [
          { type: 'pause', at: at(70) },
          { type: 'resume', at: at(100) },
        ],
      },
      { deadlines: { 'step-2': at(200) } },
    );
    const result = replay<Tiny>(tinyGame, file, { now: at(150) });
    expect(result.state.log).toEqual([`step-1 closed ${at(60)}`]);
    expect(result.open?.timing).toEqual({ opensAt: at(60), deadline: at(230) });
  });

  it('a deadline the host set during a pause stays where the host put it; one set before it moves', () => {
    const during = match({
      events: [
        { type: 'pause', at: at(30) },
        { type: 'extend', phase: 'step-1', deadline: at(90), at: at(40) },
        { type: 'resume', at: at(50) },
      ],
    });
    expect(replay(tinyGame, during, { now: at(55) }).open?.timing.deadline).toBe(at(90));
    const before = match({
      events: [
        { type: 'extend', phase: 'step-1', deadline: at(90), at: at(10) },
        { type: 'pause', at: at(30) },
        { type: 'resume', at: at(50) },
      ],
    });
    expect(replay(tinyGame, before, { now: at(55) }).open?.timing.deadline).toBe(at(110));
  });

  it('a start not yet reached at a pause moves with it', () => {
    const file = match({
      startAt: at(60),
      events: [
        { type: 'pause', at: at(0) },
        { type: 'resume', at: at(15) },
      ],
    });
    expect(replay(tinyGame, file, { now: at(20) }).open?.timing).toEqual({ opensAt: at(75), deadline: at(135) });
  });

  it('a pause while paused and a resume while not paused change nothing', () => {
    const events: MatchEvent[] = [
      { type: 'resume', at: at(5) },
      { type: 'pause', at: at(10) },
      { type: 'pause', at: at(20) },
      { type: 'resume', at: at(30) },
      { type: 'resume', at: at(40) },
    ];
    expect(pausesOf(events)).toEqual([{ from: at(10), until: at(30) }]);
  });

  it("a turn clock (the game's own length) moves too, and the game is told the phase opened later by the paused time", () => {
    const phase = { id: 'move-1', title: 'Move 1', kind: 'move', questions: {}, maxSeconds: 120 };
    const pauses = pausesOf([
      { type: 'pause', at: at(1) },
      { type: 'resume', at: at(11) },
    ]);
    expect(deadlineOf(phase, at(0), undefined, pauses)).toBe(at(12));
    expect(shiftedDeadline(at(2), at(0), pauses)).toBe(at(12));
  });
});

/**
 * An independent model of the rule: the match has an active clock that runs only while not
 * paused; a phase closes when its active time since opening reaches its length (an explicit
 * deadline: when the active time since the start reaches it). Minute by minute.
 */
function modelCloses(
  lengths: readonly number[],
  pauses: readonly { from: number; until: number }[],
  explicit: boolean,
): number[] {
  const closes: number[] = [];
  let active = 0;
  let phaseActive = 0;
  let phase = 0;
  let deadlineSum = 0;
  for (let wall = 0; phase < lengths.length && wall < 100_000; wall++) {
    // A phase whose time is up at this minute closes before a pause that begins at it.
    while (
      phase < lengths.length &&
      (explicit ? active >= deadlineSum + lengths[phase] : phaseActive >= lengths[phase])
    ) {
      closes.push(wall);
      deadlineSum += lengths[phase];
      phase += 1;
      phaseActive = 0;
    }
    if (!pauses.some((p) => p.from <= wall && wall < p.until)) {
      active += 1;
      phaseActive += 1;
    }
  }
  return closes;
}

describe('pause and resume: property', () => {
  const arbitraryCase = fc.record({
    lengths: fc.array(fc.integer({ min: 5, max: 90 }), { minLength: 2, maxLength: 5 }),
    gaps: fc.array(fc.record({ gap: fc.integer({ min: 0, max: 120 }), length: fc.integer({ min: 1, max: 90 }) }), {
      maxLength: 4,
    }),
    explicit: fc.boolean(),
  });

  it('every deadline not passed at a pause moves by exactly the paused time; replay is deterministic and survives the file', () => {
    fc.assert(
      fc.property(arbitraryCase, ({ lengths, gaps, explicit }) => {
        const pauses: { from: number; until: number }[] = [];
        let t = 0;
        for (const { gap, length } of gaps) {
          t += gap;
          pauses.push({ from: t, until: t + length });
          t += length;
        }
        const events: MatchEvent[] = pauses.flatMap((p) => [
          { type: 'pause' as const, at: at(p.from) },
          { type: 'resume' as const, at: at(p.until) },
        ]);
        const deadlines: Record<string, string> = {};
        let sum = 0;
        lengths.forEach((length, i) => {
          sum += length;
          if (explicit) deadlines[`step-${i + 1}`] = at(sum);
        });
        const minutes = explicit ? {} : Object.fromEntries(lengths.map((length, i) => [`step-${i + 1}`, length]));
        const file = match({ options: { rounds: lengths.length, closeEarly: false }, events }, { minutes, deadlines });
        const end = at(sum + t + 10);
        const result = replay<Tiny>(tinyGame, file, { now: end });
        const closes = result.closed.map((c) => c.timing.closedAt);
        expect(closes).toEqual(modelCloses(lengths, pauses, explicit).map(at));
        // Each deadline moved by the paused time of the pauses that began before it passed.
        result.closed.forEach((closed, i) => {
          const scheduled = explicit
            ? Date.parse(at(lengths.slice(0, i + 1).reduce((a, b) => a + b, 0)))
            : Date.parse(closed.timing.opensAt ?? '') + lengths[i] * 60_000;
          const pausedBefore = pauses
            .filter(
              (p) =>
                Date.parse(at(p.from)) < Date.parse(closed.timing.closedAt ?? '') &&
                (explicit || Date.parse(at(p.from)) >= Date.parse(closed.timing.opensAt ?? '')),
            )
            .reduce((total, p) => total + (p.until - p.from) * 60_000, 0);
          expect(Date.parse(closed.timing.closedAt ?? '')).toBe(scheduled + pausedBefore);
        });
        const again = replay<Tiny>(tinyGame, file, { now: end });
        expect(again.state).toEqual(result.state);
        const reread = parseMatchFile(JSON.parse(stringifyMatchFile(file)), new Map([['tiny', tinyGame]]));
        expect(
          reread.ok && replay<Tiny>(tinyGame, reread.value, { now: end }).closed.map((c) => c.timing.closedAt),
        ).toEqual(closes);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the trigger-time projection of a match that closes when ready', () => {
  it('counts each phase that closes when ready as closing the moment it opens, the busiest it can be', () => {
    const three = { options: { rounds: 3, closeEarly: false } };
    expect(earliestCloses(tinyGame, match(three))).toEqual([at(60), at(120), at(180)]);
    expect(earliestCloses(tinyGame, match(three, { closeWhenReady: { 'step-2': true } }))).toEqual([
      at(60),
      at(60),
      at(120),
    ]);
    expect(earliestCloses(tinyGame, match(three, READY))).toEqual([at(0), at(0), at(0)]);
  });
});

describe('the replay command during a pause', () => {
  it('says the match is paused, and nothing when it is not', () => {
    const file = match({ events: [{ type: 'pause', at: at(30) }] });
    expect(replayOutput(replay(tinyGame, file, { now: at(90) }))).toMatchObject({
      open: { phase: 'step-1', deadline: at(60) },
      paused: { from: at(30) },
    });
    expect(replayOutput(replay(tinyGame, file, { now: at(20) }))).not.toHaveProperty('paused');
  });
});
