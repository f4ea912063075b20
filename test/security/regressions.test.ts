// The bugs the security fuzzing found, each pinned by the smallest input that showed it.
import { describe, expect, it } from 'vitest';
import { parseCell, parseCellList } from '../../src/engine/core/coords.js';
import { mention, quote } from '../../src/engine/core/quote.js';
import { MatchRun } from '../../src/engine/core/replay.js';
import { answersText } from '../../src/engine/core/views.js';
import { parseFence } from '../../src/engine/games/pasture/geometry.js';
import { gameById, loadMatch, loadMatchText, newMatch, samplePlayers } from '../../src/engine/index.js';

function freshRun(gameId: string): MatchRun {
  const match = newMatch(gameId, { seed: 'regression' });
  if (!match.ok) throw new Error(match.error);
  return new MatchRun(gameById(match.value.game), match.value);
}

describe('regressions found by the security fuzzing', () => {
  it('a submission from a player id that names an Object member is refused, not a crash', () => {
    const run = freshRun('not-flower-field');
    for (const player of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const receipt = run.offer({ phase: 'pregame', player, answers: { colour: 'red' } }, 0);
      expect(receipt.status).toBe('rejected');
      expect(receipt.reasons[0]).toMatch(/has nothing to answer in Pregame/);
    }
  });

  it('an echoed answer is quoted, kept short and on one line', () => {
    expect(quote('A1')).toBe('"A1"');
    expect(quote('a\nb"c')).toBe('"a\\nb\\"c"');
    expect(quote('\u202Eevil\u2028')).toBe('"\\u202eevil\\u2028"');
    expect(quote('x'.repeat(100_000))).toBe(`"${'x'.repeat(40)}…"`);
    // A surrogate pair is never cut in half, and a lone surrogate is written escaped.
    expect(quote(`${'x'.repeat(39)}😀😀`)).toBe(`"${'x'.repeat(39)}…"`);
    expect(quote('\uD800')).toBe('"\\ud800"');
    expect(mention('round-2')).toBe('round-2');
    expect(mention('Mary Ann')).toBe('Mary Ann');
    expect(mention('round-2\n')).toBe('"round-2\\n"');
  });

  it('a long coordinate is refused with a reason that does not repeat it', () => {
    const shape = { rows: 8, cols: 8 };
    for (const text of [
      'A'.repeat(5_000),
      `${'A'.repeat(5_000)}1`,
      `A1 ${'='.repeat(5_000)}`,
      `A1 B2 x\n${'y'.repeat(5_000)}`,
    ]) {
      const single = parseCell(text, shape);
      const list = parseCellList(text, shape);
      for (const result of [single, list]) {
        expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error.length).toBeLessThan(200);
          expect(result.error).not.toMatch(/\n/);
        }
      }
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

  it('Fair and Square: a long piece type or priority is not repeated in the reason', () => {
    const run = freshRun('fair-and-square');
    const name = `=SUM${'x'.repeat(900)}`;
    const pieces = run.offer(
      { phase: 'round-1', player: 'p1', answers: { pieces: `${name} B2; Fortress F2; Dasher B6; Sprinter F6` } },
      0,
    );
    expect(pieces.reasons[0]).toMatch(/^pieces: "SUMx+…" is not a piece type this round/);
    const dangling = run.offer({ phase: 'round-1', player: 'p1', answers: { pieces: `Fortress B2 ${name}` } }, 1);
    for (const receipt of [pieces, dangling]) expect(receipt.reasons[0].length).toBeLessThan(300);
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

  it('the host log shows at most what the engine reads of an answer, never more than a Sheets cell holds', () => {
    expect(answersText({ own: 'A1 B2 C3', others: ['=1+1', '+1'] })).toBe('own: A1 B2 C3 | others: =1+1, +1');
    const shown = answersText({ [`q${'x'.repeat(1000)}`]: 'y'.repeat(100_000) });
    expect(shown).toBe(`q${'x'.repeat(59)}…: ${'y'.repeat(1000)}…`);
    const many = answersText(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'v'.repeat(900)])));
    expect(many.length).toBe(10_001);
    expect(many.endsWith('…')).toBe(true);
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
    // A number is read as text, as the loader reads one in a match file.
    const paint = freshRun('paint');
    expect(paint.offer({ phase: 'round-1', player: 'p1', answers: { segment: 3 } as never }, 0).status).toBe(
      'accepted',
    );
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

describe('loader regressions found by the security fuzzing', () => {
  function errorOf(result: { ok: true } | { ok: false; error: string }): string {
    if (result.ok) throw new Error('expected the file to be refused');
    return result.error;
  }

  it('text that is not JSON is answered on one line, whatever bytes it holds', () => {
    // (The parser's own wording differs between Node versions; the escapes are ours.)
    const bytes = errorOf(loadMatchText('\u0000\n'));
    expect(bytes).toMatch(/^\(match file\): not valid JSON: .*\\u0000\\u000a/);
    // eslint-disable-next-line no-control-regex -- a NUL in the bytes is what this test looks for
    expect(bytes).not.toMatch(/[\u0000\n]/);
    const long = errorOf(loadMatchText(`{"game":\n\u2028${'x'.repeat(5000)}`));
    expect(long).not.toMatch(/[\n\r\u2028]/);
    expect(long.length).toBeLessThan(300);
  });

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

  it('a missing field is "required" even where the schema has its own message for a wrong type', () => {
    const fresh = newMatch('fair-and-square', { seed: 'regression' });
    if (!fresh.ok) throw new Error(fresh.error);
    const file = JSON.parse(JSON.stringify(fresh.value));
    delete file.options.pieces[2][0].rank;
    expect(errorOf(loadMatch(file))).toBe('options.pieces[2][0].rank: required');
    file.options.pieces[2][0].rank = 'four';
    expect(errorOf(loadMatch(file))).toBe('options.pieces[2][0].rank: a rank is a whole number');
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

  it('a player id that names an Object member is refused: games keep records by id', () => {
    for (const id of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      const players = samplePlayers(8);
      players[1] = { ...players[1], id };
      expect(errorOf(newMatch('fair-and-square', { players }))).toBe(
        'players[1].id: this id is reserved (every JavaScript object has a member of that name); choose another, e.g. p1',
      );
    }
    // Ids that merely look odd are still fine.
    const players = samplePlayers(8).map((p, i) => ({
      ...p,
      id: ['_', '-', '.', 'proto', 'Constructor', 'p.1', '__', 'x-y'][i],
    }));
    expect(newMatch('fair-and-square', { players }).ok).toBe(true);
  });
});
