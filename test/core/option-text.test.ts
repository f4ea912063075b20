// Every option of every game as a host writes it in the New match… sidebar's fields, never JSON
// (core/option-fields.ts draws the fields, core/option-text.ts reads their text), and the setup's
// check that names each mistake at the box it is in, in words (src/triggers/host/match-setup.ts).
import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { GAME_LIST, newMatch } from '../../src/engine/index.js';
import { type Form, type OptionField, optionFields } from '../../src/engine/core/option-fields.js';
import { type OptionText, readOption, writeOption } from '../../src/engine/core/option-text.js';
import { validateSetup } from '../../src/triggers/host/match-setup.js';
import { SETUP_NOW, errorsOf, setupOf } from '../helpers/setups.js';
import { tinyGame } from '../helpers/tiny-game.js';

/** The option keys of the game's schema, every one of them. */
const optionKeys = (game: (typeof GAME_LIST)[number]) =>
  Object.keys(z.toJSONSchema(game.optionsSchema, { io: 'input', unrepresentable: 'any' }).properties ?? {});

/** Walks a field and the fields of its group. */
const everyField = (fields: readonly OptionField[]): OptionField[] =>
  fields.flatMap((f) => (f.kind === 'group' ? [f, ...everyField(f.parts)] : [f]));

describe('every option a field', () => {
  it('every option of every game has a labelled field with a line of help, so none is left to JSON', () => {
    for (const game of GAME_LIST) {
      const fields = optionFields(game);
      expect(
        fields.map((f) => f.key),
        game.id,
      ).toEqual(optionKeys(game));
      for (const field of fields) {
        expect(field.label, `${game.id}.${field.key}`).toMatch(/^[A-Z]/);
        expect(field.help.length, `${game.id}.${field.key}`).toBeGreaterThan(20);
      }
    }
  });

  it("reads back what it writes, for every option of a new match of every game (boards, teams, each player's…)", () => {
    for (const game of GAME_LIST) {
      const made = newMatch(game.id);
      if (!made.ok) throw new Error(made.error);
      const ids = made.value.players.map((p) => p.id);
      const options: Record<string, unknown> = { ...made.value.options };
      for (const field of optionFields(game)) {
        if (options[field.key] === undefined) continue;
        const text = writeOption(field, options[field.key], ids);
        // What a host sees is never JSON: no brace, bracket or quote mark of a match file.
        expect(JSON.stringify(text), `${game.id}.${field.key}`).not.toMatch(/\\"|[{[]\s*\\"/);
        const read = readOption(field, text, ids);
        expect(read.issues, `${game.id}.${field.key}`).toEqual([]);
        // Nothing written (each player's list empty): the box is left to the game, which fills the same.
        const blank = Object.values(typeof text === 'string' ? { text } : text).every((t) => t === '');
        expect(read.value, `${game.id}.${field.key}`).toEqual(blank ? undefined : options[field.key]);
      }
    }
  });

  it("starts each box with the game's default as written, which reads back to the default", () => {
    for (const game of GAME_LIST) {
      const defaults = game.optionsSchema.parse({}) as Record<string, unknown>;
      for (const field of everyField(optionFields(game))) {
        if (field.text === undefined || field.text === '') continue;
        expect(readOption(field, field.text, []).value, `${game.id}.${field.key}`).toEqual(defaults[field.key]);
      }
    }
  });

  it('a title on any shape gives a field: a list, a grid, groups of lines, a value for each player, a team of players', () => {
    const player = z.string().check(z.meta({ player: true }));
    const titled = (title: string) => z.meta({ title, description: `${title}, in a host's words.` });
    const optionsSchema = z.strictObject({
      steps: z._default(z.array(z.enum(['a', 'b'])), ['a']).check(titled('Steps')),
      grid: z.optional(z.array(z.array(z.int()))).check(titled('Grid')),
      lines: z.optional(z.array(z.string())).check(titled('Lines')),
      blocks: z
        .optional(z.array(z.array(z.strictObject({ name: z.string(), size: z.int(), tags: z.array(z.string()) }))))
        .check(titled('Blocks')),
      each: z.optional(z.record(player, z.int())).check(titled('Each')),
      cells: z.optional(z.record(z.string(), z.int())).check(titled('Cells')),
      team: z.optional(z.strictObject({ left: z.array(player), right: z.array(player) })).check(titled('Team')),
      leader: z.optional(player).check(titled('Leader')),
    });
    const fields = optionFields({ ...tinyGame, optionsSchema });
    expect(fields.map((f) => [f.key, f.kind])).toEqual([
      ['steps', 'list'],
      ['grid', 'rows'],
      ['lines', 'list'],
      ['blocks', 'blocks'],
      ['each', 'each-player'],
      ['cells', 'pairs'],
      ['team', 'group'],
      ['leader', 'player'],
    ]);
    const ids = ['x1', 'x2', 'x3'];
    const read = (key: string, text: OptionText) =>
      readOption(
        fields.find((f) => f.key === key)!,
        text,
        ids,
      );
    expect(read('steps', 'b, a').value).toEqual(['b', 'a']);
    expect(read('grid', '1 2 3\n4 5 6').value).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(read('blocks', 'Ox; 3; hold, stay\n\nCat; 1; stay').value).toEqual([
      [{ name: 'Ox', size: 3, tags: ['hold', 'stay'] }],
      [{ name: 'Cat', size: 1, tags: ['stay'] }],
    ]);
    expect(read('each', { '1': '4', '3': '', '2': '7' }).value).toEqual({ x1: 4, x2: 7 });
    expect(read('cells', 'C3: 2\nD4 = 3').value).toEqual({ C3: 2, D4: 3 });
    expect(read('team', { left: '1, 3', right: '2' }).value).toEqual({ left: ['x1', 'x3'], right: ['x2'] });
    expect(read('leader', '2').value).toBe('x2');
    // Mistakes are named by line and item, counted from 1, in words.
    expect(read('grid', '1 2 3\n4 five 6').issues).toEqual([
      { path: [], message: 'line 2, value 2: "five" is not a number' },
    ]);
    expect(read('steps', 'a, c').issues[0].message).toBe('item 2: "c" is not one of a, b');
    expect(read('team', { left: '1, 4', right: '' }).issues).toEqual([
      { path: ['left'], message: 'item 2: "4" is not a player\'s number: the Players box numbers them 1 to 3' },
    ]);
    expect(read('blocks', 'Ox; 3').issues[0].message).toMatch(/^group 1, line 1: 3 parts separated by ";"/);
    // An empty box leaves the option to the game; a list the box showed pre-filled, emptied, is the empty list.
    expect(read('grid', '  \n ')).toEqual({ issues: [] });
    expect(read('steps', '').value).toEqual([]);
  });
});

describe('a box of text reads back what it was written from', () => {
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9:.'-]{0,11}$/);
  const ids = ['a1', 'b2', 'c3', 'd4'];
  const cases: { form: Form; value: fc.Arbitrary<unknown> }[] = [
    {
      form: { kind: 'list', layout: 'commas', item: { kind: 'number', step: 'any' } },
      value: fc.array(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }).map((x) => x + 0),
        { minLength: 1 },
      ),
    },
    {
      form: { kind: 'list', layout: 'commas', item: { kind: 'player' } },
      value: fc.array(fc.constantFrom(...ids), { minLength: 1 }),
    },
    {
      form: { kind: 'list', layout: 'lines', item: { kind: 'text' } },
      value: fc.array(
        fc.stringMatching(/^\S(.*\S)?$/).filter((t) => !/[\r\n\u2028\u2029]/.test(t) && t.trim() === t),
        { minLength: 1 },
      ),
    },
    {
      form: { kind: 'rows', item: { kind: 'number', step: 1 } },
      value: fc.array(fc.array(fc.integer(), { minLength: 1 }), { minLength: 1 }),
    },
    {
      form: { kind: 'blocks', item: { kind: 'text' } },
      value: fc.array(fc.array(word, { minLength: 1 }), { minLength: 1 }),
    },
    {
      form: { kind: 'pairs', name: 'cell', value: { kind: 'number', step: 1 } },
      value: fc.dictionary(
        word.filter((k) => !/[:=]/.test(k)),
        fc.integer(),
        { minKeys: 1 },
      ),
    },
    {
      form: {
        kind: 'each-player',
        value: { kind: 'list', layout: 'commas', item: { kind: 'choice', choices: ['x', 'y'] } },
      },
      value: fc.dictionary(fc.constantFrom(...ids), fc.array(fc.constantFrom('x', 'y'), { minLength: 1 }), {
        minKeys: 1,
      }),
    },
  ];
  it('for any value of a list, a grid, groups of lines, name: value lines, a value for each player', () => {
    for (const { form, value } of cases)
      fc.assert(
        fc.property(value, (v) => {
          const field = { ...form, key: 'k', label: 'K', help: '' } as OptionField;
          const read = readOption(field, writeOption(form, v, ids), ids);
          expect(read.issues).toEqual([]);
          expect(read.value).toEqual(v);
        }),
        { numRuns: 60 },
      );
  });
});

describe("the setup's check of the options' boxes", () => {
  /** A game with a box of text and a field for each player, or a player to choose. */
  const game = GAME_LIST.find((g) => {
    const kinds = optionFields(g).map((f) => f.kind);
    return kinds.includes('each-player') && kinds.includes('player');
  });

  it('names a mistake in each of three boxes at once, each at its own box, with the line in words', () => {
    expect(game).toBeDefined();
    const fields = optionFields(game!);
    const eachPlayer = fields.find((f) => f.kind === 'each-player')!;
    const chosen = fields.find((f) => f.kind === 'player')!;
    const setup = setupOf(game!.id);
    const players = setup.players.slice(0, game!.playerCount.max);
    const errors = errorsOf({
      ...setup,
      players,
      optionTexts: {
        [chosen.key]: String(players.length + 3),
        [eachPlayer.key]: { '2': '%%%' },
      },
      options: { [fields.find((f) => f.kind === 'number')?.key ?? 'x']: 'many' },
    });
    expect(errors.map((e) => e.field).sort()).toEqual(
      [
        `options.${chosen.key}`,
        `options.${eachPlayer.key}.p2`,
        `options.${fields.find((f) => f.kind === 'number')?.key ?? 'x'}`,
      ].sort(),
    );
    // In words, never a path counted from 0 or a JSON parser's complaint.
    for (const error of errors) expect(error.message).not.toMatch(/\[\d+\]|JSON|Unexpected token/);
  });

  it("keeps an anonymous match's chosen player the same person when its seats are drawn again", () => {
    const fields = optionFields(game!);
    const chosen = fields.find((f) => f.kind === 'player')!;
    const base = setupOf(game!.id);
    const setup = { ...base, players: base.players.slice(0, game!.playerCount.max), anonymous: true };
    // Several secrets: the drawn order moves the second player typed to another seat in some of them.
    let moved = 0;
    for (const secret of ['s1', 's2', 's3', 's4', 's5', 's6'].map((s) => `${s}-a-host-secret-long-enough`)) {
      const checked = validateSetup({ ...setup, optionTexts: { [chosen.key]: '2' } }, 'seed', SETUP_NOW, secret);
      if (!checked.ok) throw new Error(JSON.stringify(checked.error));
      const file = checked.value;
      const id = (file.options as Record<string, unknown>)[chosen.key];
      const person = file.players.find((p) => p.id === id);
      expect(person?.person, secret).toBe(setup.players[1].name);
      if (id !== 'p2') moved++;
    }
    expect(moved).toBeGreaterThan(0);
  });
});
