// The add-on's additions to the match file: host events (extend a deadline, reopen a phase) and
// where a submission came from (form, row; verified email, form id), all decided by replay.
import { describe, expect, it } from 'vitest';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { parseMatchFile, stringifyMatchFile } from '../../src/engine/core/matchfile.js';
import { replay } from '../../src/engine/core/replay.js';
import { tinyGame } from '../helpers/tiny-game.js';

/** The registry the match files below are read against: the tiny game alone. */
const TINY_GAMES = new Map([[tinyGame.id, tinyGame]]);

const START = '2026-11-21T18:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();

function match(partial: Partial<MatchFile>, closeEarly = false): MatchFile {
  return {
    game: 'tiny',
    seed: 's',
    startAt: START,
    options: { rounds: 2, closeEarly },
    schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} },
    players: [
      { id: 'a', name: 'Ann', email: 'ann@example.com', garnets: 0, form: 'form-a' },
      { id: 'b', name: 'Ben', email: 'ben@example.com', garnets: 1, form: 'form-b' },
    ],
    submissions: [],
    decisions: [],
    ...partial,
  };
}

type Totals = { totals: Record<string, number> };

describe('host events', () => {
  it('extend moves the deadline of the open phase: a submission after the old deadline counts', () => {
    const file = match({
      submissions: [{ phase: 'step-1', player: 'a', at: at(70), answers: { n: '4' } }],
      events: [{ type: 'extend', phase: 'step-1', deadline: at(90), at: at(50) }],
    });
    const result = replay<Totals>(tinyGame, file, { now: at(80) });
    expect(result.open?.phase.id).toBe('step-1');
    expect(result.open?.timing.deadline).toBe(at(90));
    expect(result.receipts[0].status).toBe('accepted');
    // The next phase opens at the new deadline and keeps its own length.
    const later = replay<Totals>(tinyGame, file, { now: at(100) });
    expect(later.state.totals.a).toBe(4);
    expect(later.open?.timing).toEqual({ opensAt: at(90), deadline: at(150) });
  });

  it('an event counts only once its time has passed (replay as of an earlier time ignores it)', () => {
    const file = match({ events: [{ type: 'extend', phase: 'step-1', deadline: at(90), at: at(50) }] });
    expect(replay(tinyGame, file, { now: at(40) }).open?.timing.deadline).toBe(at(60));
    expect(replay(tinyGame, file, { now: at(55) }).open?.timing.deadline).toBe(at(90));
  });

  it('without the events the same file closes at the schedule (existing behaviour)', () => {
    const file = match({ submissions: [{ phase: 'step-1', player: 'a', at: at(70), answers: { n: '4' } }] });
    const result = replay<Totals>(tinyGame, file, { now: at(80) });
    expect(result.open?.phase.id).toBe('step-2');
    expect(result.receipts[0].status).toBe('rejected');
    expect(result.rejected[0].reason).toMatch(/after the deadline of Step 1/);
  });

  it('reopen (undo last phase) opens a closed phase again; the next phase is opened later', () => {
    const file = match({
      submissions: [
        { phase: 'step-1', player: 'a', at: at(10), answers: { n: '3' } },
        // Sent to step 2 while it was open, before the host undid step 1.
        { phase: 'step-2', player: 'a', at: at(65), answers: { n: '9' } },
        { phase: 'step-1', player: 'b', at: at(75), answers: { n: '5' } },
      ],
      events: [{ type: 'reopen', phase: 'step-1', deadline: at(120), at: at(70) }],
    });
    const before = replay<Totals>(tinyGame, { ...file, events: [] }, { now: at(69) });
    expect(before.open?.phase.id).toBe('step-2');
    const result = replay<Totals>(tinyGame, file, { now: at(80) });
    expect(result.open?.phase.id).toBe('step-1');
    expect(result.open?.timing.deadline).toBe(at(120));
    expect([...result.open!.moves.keys()]).toEqual(['a', 'b']);
    const after = replay<Totals>(tinyGame, file, { now: at(130) });
    expect(after.state.totals).toEqual({ a: 3, b: 5 });
    expect(after.open?.timing.opensAt).toBe(at(120));
    expect(after.rejected.map((r) => r.reason)).toEqual([`arrived at ${at(65)}, before Step 2 opened at ${at(120)}`]);
  });

  it('reopen undoes an early close: the phase then closes at the next closing move sent after the reopen', () => {
    const file = match(
      {
        submissions: [
          { phase: 'step-1', player: 'a', at: at(5), answers: { n: '10' } },
          { phase: 'step-1', player: 'b', at: at(12), answers: { n: '2' } },
          { phase: 'step-1', player: 'a', at: at(20), answers: { n: '10' } },
        ],
        events: [{ type: 'reopen', phase: 'step-1', deadline: at(50), at: at(8) }],
      },
      true,
    );
    const plain = replay<Totals>(tinyGame, { ...file, events: [] }, { now: at(30) });
    expect(plain.closed[0].timing.closedAt).toBe(at(5));
    expect(plain.rejected.map((r) => r.reason)).toEqual(['Step 1 had already ended', 'Step 1 had already ended']);
    // Ben's 2 (no closing move) keeps it open; Ann's 10 after the reopen closes it.
    const result = replay<Totals>(tinyGame, file, { now: at(30) });
    expect(result.closed[0].timing.closedAt).toBe(at(20));
    expect(result.state.totals).toEqual({ a: 10, b: 2 });
  });

  it('an extension issued before a phase (re)opened belongs to its earlier opening', () => {
    const file = match({
      events: [
        { type: 'extend', phase: 'step-2', deadline: at(200), at: at(70) },
        { type: 'reopen', phase: 'step-1', deadline: at(100), at: at(80) },
      ],
    });
    const result = replay(tinyGame, file, { now: at(110) });
    expect(result.open?.phase.id).toBe('step-2');
    expect(result.open?.timing).toEqual({ opensAt: at(100), deadline: at(160) });
  });
});

describe('where a submission came from', () => {
  it("refuses a form submission from an address that is not the player's, and keeps it in the log", () => {
    const file = match({
      submissions: [
        {
          phase: 'step-1',
          player: 'a',
          at: at(1),
          answers: { n: '7' },
          via: 'form',
          form: 'form-a',
          from: 'Ben@Example.com',
          response: 'r1',
        },
        {
          phase: 'step-1',
          player: 'a',
          at: at(2),
          answers: { n: '2' },
          via: 'form',
          form: 'form-a',
          from: 'ANN@example.com',
          response: 'r2',
        },
        { phase: 'step-1', player: 'b', at: at(3), answers: { n: '4' }, via: 'form', form: 'form-b', response: 'r3' },
      ],
    });
    const result = replay<Totals>(tinyGame, file);
    expect(result.receipts.map((r) => r.status)).toEqual(['rejected', 'accepted', 'rejected']);
    expect(result.rejected.map((r) => r.reason)).toEqual([
      "sent from Ben@Example.com, which is not Ann's address",
      "the form did not verify the sender's email; Ben's form only takes answers from Ben's own Google account",
    ]);
    expect(result.state.totals).toEqual({ a: 2, b: 0 });
  });

  it("refuses a submission that came through another player's form", () => {
    const file = match({
      submissions: [
        {
          phase: 'step-1',
          player: 'b',
          at: at(1),
          answers: { n: '7' },
          via: 'form',
          form: 'form-a',
          from: 'ben@example.com',
        },
      ],
    });
    const result = replay(tinyGame, file);
    expect(result.rejected[0].reason).toBe("sent through Ann's form, not Ben's own form");
  });

  it("takes a public-row submission without an email (the row's protection is the identity)", () => {
    const file = match({
      submissions: [{ phase: 'step-1', player: 'b', at: at(1), answers: { n: '7' }, via: 'row' }],
    });
    expect(replay(tinyGame, file).receipts[0].status).toBe('accepted');
  });
});

describe('emails compared as Google compares accounts', () => {
  const gmail = (partial: Partial<MatchFile>): MatchFile => {
    const file = match(partial);
    return { ...file, players: [{ ...file.players[0], email: 'ann.lee@gmail.com' }, file.players[1]] };
  };

  it('takes the same Gmail account written with other dots, case, a +tag or googlemail.com', () => {
    const froms = ['annlee@gmail.com', 'A.N.N.Lee@Gmail.com', 'ann.lee+genius@gmail.com', 'annlee@googlemail.com'];
    const file = gmail({
      submissions: froms.map((from, i) => ({
        phase: 'step-1',
        player: 'a',
        at: at(i + 1),
        answers: { n: String(i + 1) },
        via: 'form' as const,
        form: 'form-a',
        from,
        response: `r${i}`,
      })),
    });
    const result = replay<Totals>(tinyGame, file);
    expect(result.receipts.map((r) => r.status)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    expect(result.state.totals.a).toBe(4);
  });

  it('keeps the dots of a Workspace address and refuses another Gmail account', () => {
    const file = match({
      submissions: [
        {
          phase: 'step-1',
          player: 'a',
          at: at(1),
          answers: { n: '1' },
          via: 'form',
          form: 'form-a',
          from: 'a.nn@example.com',
          response: 'r1',
        },
        {
          phase: 'step-1',
          player: 'b',
          at: at(2),
          answers: { n: '1' },
          via: 'form',
          form: 'form-b',
          from: 'ben@gmail.com',
          response: 'r2',
        },
      ],
    });
    expect(replay(tinyGame, file).rejected.map((r) => r.reason)).toEqual([
      "sent from a.nn@example.com, which is not Ann's address",
      "sent from ben@gmail.com, which is not Ben's address",
    ]);
  });

  it("Correct a player's email counts from the phase open when the host made it, not for a phase already over", () => {
    // Ann's account is ann.real@example.org; the host typed ann@example.com. Step 1 (deadline
    // at 60) is over when the host corrects at 70, during step 2: step 1's answer stays refused,
    // step 2's answer sent before the correction counts.
    const file = match({
      submissions: [
        {
          phase: 'step-1',
          player: 'a',
          at: at(10),
          answers: { n: '5' },
          via: 'form',
          form: 'form-a',
          from: 'ann.real@example.org',
          response: 'r1',
        },
        {
          phase: 'step-2',
          player: 'a',
          at: at(65),
          answers: { n: '3' },
          via: 'form',
          form: 'form-a',
          from: 'ann.real@example.org',
          response: 'r2',
        },
      ],
      events: [{ type: 'email', player: 'a', email: 'ann.real@example.org', at: at(70) }],
    });
    const before = replay<Totals>(tinyGame, file, { now: at(69) });
    expect(before.receipts.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const after = replay<Totals>(tinyGame, file, { now: at(130) });
    expect(after.receipts.map((r) => r.status)).toEqual(['rejected', 'accepted']);
    expect(after.state.totals.a).toBe(3);
  });

  it('names the event of an unknown player, and an email that is not one', () => {
    const base = match({});
    const bad = (event: unknown) =>
      parseMatchFile(
        {
          ...base,
          players: [...base.players, { id: 'c', name: 'Cara', email: 'c@example.com' }],
          events: [event],
        },
        TINY_GAMES,
      );
    expect(bad({ type: 'email', player: 'zed', email: 'z@example.com', at: at(1) })).toEqual({
      ok: false,
      error: 'events[0].player: unknown player "zed"',
    });
    expect(bad({ type: 'email', player: 'a', email: 'not an email', at: at(1) })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^events\[0\]\.email: an email address/),
    });
  });
});

describe('the match-file schema', () => {
  const base = {
    game: tinyGame.id,
    seed: 's',
    players: ['Ann', 'Ben', 'Cara'].map((name, i) => ({
      id: `p${i + 1}`,
      name,
      email: `${name.toLowerCase()}@example.com`,
      form: `f${i}`,
    })),
  };

  it('reads events and submission sources, and writes them back', () => {
    const parsed = parseMatchFile(
      {
        ...base,
        submissions: [{ phase: 'step-1', player: 'p1', at: START, answers: { colour: 'red' }, via: 'row' }],
        events: [{ type: 'reopen', phase: 'step-1', deadline: at(60), at: at(30) }],
      },
      TINY_GAMES,
    );
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value.events).toHaveLength(1);
    expect(parsed.value.players[0].form).toBe('f0');
    const again = parseMatchFile(JSON.parse(stringifyMatchFile(parsed.value)), TINY_GAMES);
    expect(again.ok && again.value).toEqual(parsed.value);
  });

  it('leaves events out of a file that has none (files stay as they were)', () => {
    const parsed = parseMatchFile(base, TINY_GAMES);
    expect(parsed.ok && 'events' in parsed.value).toBe(false);
    expect(parsed.ok && stringifyMatchFile(parsed.value)).not.toMatch(/events/);
  });

  it('names the field of a malformed event or source', () => {
    const bad = (extra: Record<string, unknown>) => {
      const parsed = parseMatchFile({ ...base, ...extra }, TINY_GAMES);
      return parsed.ok ? 'ok' : parsed.error;
    };
    expect(bad({ events: [{ type: 'skip', phase: 'x', deadline: START, at: START }] })).toMatch(/^events\[0\]\.type: /);
    expect(bad({ events: [{ type: 'extend', phase: 'x', deadline: 'tomorrow', at: START }] })).toMatch(
      /^events\[0\]\.deadline: expected an ISO 8601 time/,
    );
    expect(bad({ submissions: [{ phase: 'step-1', player: 'p1', answers: {}, via: 'email' }] })).toMatch(
      /^submissions\[0\]\.via: /,
    );
  });
});
