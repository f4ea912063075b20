// The bugs the security fuzzing found in Not Flower Field, each pinned by the smallest input that showed it
// (the engine's own are in test/security/regressions.test.ts).
import { describe, expect, it } from 'vitest';
import { MatchRun } from '../../../src/engine/core/replay.js';
import { gameById, loadMatch, newMatch } from '../../../src/engine/index.js';
import { freshRun } from '../../helpers/fresh-run.js';

describe('Not Flower Field: regressions found by the security fuzzing', () => {
  it('a submission from a player id that names an Object member is refused, not a crash', () => {
    const run = freshRun('not-flower-field');
    for (const player of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const receipt = run.offer({ phase: 'pregame', player, answers: { colour: 'red' } }, 0);
      expect(receipt.status).toBe('rejected');
      expect(receipt.reasons[0]).toMatch(/has nothing to answer in Pregame/);
    }
  });

  it('a 100 KB phase name, player id or question id is not echoed back in full', () => {
    const run = freshRun('not-flower-field');
    const huge = `${'=1+1'.repeat(25_000)}\n`;
    const receipts = [
      run.offer({ phase: huge, player: 'p1', answers: { colour: 'red' } }, 0),
      run.offer({ phase: 'pregame', player: huge, answers: { colour: 'red' } }, 1),
      run.offer({ phase: 'pregame', player: 'p1', answers: { colour: 'red', [huge]: 'x' } }, 2),
    ];
    for (const receipt of receipts) {
      expect(receipt.reasons).toHaveLength(1);
      expect(receipt.reasons[0].length).toBeLessThan(200);
      expect(receipt.reasons[0]).not.toMatch(/\n/);
    }
  });

  it('Not Flower Field: a long colour or opponent entry is not repeated in the reason', () => {
    const run = freshRun('not-flower-field');
    const long = `=IMPORTXML("http://x","//a")${'z'.repeat(900)}`;
    const colour = run.offer({ phase: 'pregame', player: 'p1', answers: { colour: long } }, 0);
    expect(colour.reasons[0]).toMatch(/^colour: "=IMPORTXML\(\\"http:\/\/x\\",\\"\/\/a\\"\)z+…" is not on offer/);
    ['red', 'blue', 'yellow', 'green'].forEach((c, i) =>
      run.offer({ phase: 'pregame', player: `p${i + 1}`, answers: { colour: c } }, i + 1),
    );
    run.close();
    const others = run.offer(
      { phase: 'round-1', player: 'p1', answers: { own: 'A1 B2 C3', others: `@SUM(A1)${'z'.repeat(900)}` } },
      5,
    );
    expect(others.reasons[0]).toMatch(/^others: could not tell whose colour "@SUM\(A1\)z+…" is;/);
    for (const receipt of [colour, others]) expect(receipt.reasons[0].length).toBeLessThan(300);
  });

  it('answers that are not text, as a sheet cell could hold them, are refused instead of throwing', () => {
    const run = freshRun('not-flower-field');
    for (const colour of [null, true, {}, [null], [['red']], undefined, Number.NaN, new Date(0)]) {
      const receipt = run.offer({ phase: 'pregame', player: 'p1', answers: { colour } as never }, 0);
      expect(receipt.reasons).toEqual([
        'colour: an answer is text or a list of text; nothing of this submission was counted',
      ]);
    }
    for (const answers of [null, 'red', ['red'], 5]) {
      expect(run.offer({ phase: 'pregame', player: 'p1', answers: answers as never }, 0).reasons[0]).toMatch(
        /^the answers are not a list of questions and answers/,
      );
    }
  });

  it('a submission time without a zone, or unreadable, is refused: it passed every deadline', () => {
    const match = newMatch('not-flower-field', { seed: 'regression', startAt: '2026-11-21T18:00:00Z' });
    if (!match.ok) throw new Error(match.error);
    const scheduled = { ...match.value, schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} } };
    const run = new MatchRun(gameById('not-flower-field'), scheduled);
    // Two days late, but unreadable (or read in the local zone): it used to count.
    for (const at of [
      '2026-11-23T18:00:00',
      'garbage',
      '2026-02-30T25:00:00Z',
      'x'.repeat(100_000),
      5,
      {},
      Object.create(null),
    ]) {
      const receipt = run.offer({ phase: 'pregame', player: 'p1', at: at as never, answers: { colour: 'red' } }, 0);
      expect(receipt.status).toBe('rejected');
      expect(receipt.reasons[0]).toMatch(/^arrived at an unreadable time .{1,60}; a time is ISO 8601 with a zone/);
      expect(receipt.at).toBeUndefined();
    }
    expect(
      run.offer({ phase: 'pregame', player: 'p1', at: '2026-11-23T18:00:00Z', answers: { colour: 'red' } }, 0)
        .reasons[0],
    ).toMatch(/after the deadline/);
    expect(
      run.offer({ phase: 'pregame', player: 'p1', at: '2026-11-21T18:30:00+00:00', answers: { colour: 'red' } }, 0)
        .status,
    ).toBe('accepted');
  });
});

describe('Not Flower Field: regressions found by the security fuzzing: its match files', () => {
  function errorOf(result: { ok: true } | { ok: false; error: string }): string {
    if (result.ok) throw new Error('expected the file to be refused');
    return result.error;
  }

  it('a field name with a line break, a colon or 300 characters is quoted in the path', () => {
    const file = {
      game: 'not-flower-field',
      seed: 's',
      players: [
        { id: 'p1', name: 'Ann' },
        { id: 'p2', name: 'Ben' },
        { id: 'p3', name: 'Cara' },
      ],
    };
    expect(errorOf(loadMatch({ ...file, 'a\nb: c': 1 }))).toBe('["a\\nb: c"]: unknown field');
    expect(errorOf(loadMatch({ ...file, options: { multipliers: { 'x y': 2 } } }))).toMatch(
      /^options\.multipliers\["x y"\]: /,
    );
    expect(errorOf(loadMatch({ ...file, options: { multipliers: { ['Q'.repeat(300)]: 2 } } }))).toMatch(
      /^options\.multipliers\["Q{40}…"\]: /,
    );
    // Many unknown fields: the first is the path, three more are named, the rest counted.
    const extra = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`extra${i}`, i]));
    expect(errorOf(loadMatch({ ...file, ...extra }))).toBe(
      'extra0: unknown field (also extra1, extra2, extra3 and 9996 more)',
    );
  });

  it('a 100 KB game name, player name or submission player is not repeated in the error', () => {
    const players = [
      { id: 'p1', name: 'Ann' },
      { id: 'p2', name: 'Ben' },
      { id: 'p3', name: 'Cara' },
    ];
    const huge = `${'x'.repeat(100_000)}\n`;
    const errors = [
      errorOf(loadMatch({ game: huge, seed: 's', players })),
      errorOf(
        loadMatch({
          game: 'not-flower-field',
          seed: 's',
          players: [...players, { id: 'p4', name: 'Di\u2028Di' }, { id: 'p5', name: 'DI\u2028DI' }],
        }),
      ),
      errorOf(
        loadMatch({
          game: 'not-flower-field',
          seed: 's',
          players,
          submissions: [{ phase: 'pregame', player: huge, answers: {} }],
        }),
      ),
    ];
    expect(errors[0]).toMatch(/^game: unknown game "x{40}…" \(one of /);
    expect(errors[1]).toBe('players[4].name: "DI\\u2028DI" is also players[3]\'s name; names must differ');
    expect(errors[2]).toBe(`submissions[0].player: unknown player "${'x'.repeat(40)}…"`);
  });
});
