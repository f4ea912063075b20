// Match options: the piece language with its errors, the default sets, boards and numbers.
import { describe, expect, it } from 'vitest';
import { loadMatch } from '../../../src/engine/index.js';
import type { FasOptions } from '../../../src/engine/games/fair-and-square/options.js';
import {
  DEFAULT_PIECES,
  describeOptions,
  parseOption,
  parsePieceSet,
} from '../../../src/engine/games/fair-and-square/pieces.js';
import { baseFile, matchOf } from '../../helpers/match.js';
import { ROUND_TYPES } from './worked.js';

function loadError(options: Record<string, unknown>): string {
  const loaded = loadMatch(baseFile('fair-and-square', 8, { options }));
  if (loaded.ok) throw new Error('expected the file to be refused');
  return loaded.error;
}

describe('the piece language', () => {
  it('reads every option kind, forgiving case and spacing', () => {
    const read = (text: string) => {
      const result = parseOption(text);
      if (!result.ok) throw new Error(result.error);
      return result.value;
    };
    expect(read('hold')).toEqual({ kind: 'hold' });
    expect(read(' STAY ')).toEqual({ kind: 'stay' });
    expect(read('step e')).toEqual({ kind: 'step', direction: 'E' });
    expect(read('dash  NW 2')).toEqual({ kind: 'dash', direction: 'NW', distance: 2 });
    expect(read('toward Point 3')).toEqual({ kind: 'toward', target: 'point', distance: 3 });
    expect(read('toward weaker 1')).toEqual({ kind: 'toward', target: 'weaker', distance: 1 });
    expect(read('away stronger')).toEqual({ kind: 'away', target: 'stronger' });
    expect(read('intercept weaker')).toEqual({ kind: 'intercept', target: 'weaker' });
    expect(read('intercept enemy')).toEqual({ kind: 'intercept', target: 'enemy' });
  });

  it('says exactly what is wrong with an option', () => {
    const error = (text: string) => {
      const result = parseOption(text);
      return result.ok ? 'ok' : result.error;
    };
    expect(error('jump 2')).toBe(
      '"jump 2" is not an option: an option is hold, stay, step DIR, dash DIR N, toward TARGET N, away TARGET or intercept TARGET',
    );
    expect(error('step X')).toBe('"step X": "X" is not a direction (N NE E SE S SW W NW)');
    expect(error('dash N')).toBe('"dash N": write dash DIR N, e.g. dash N 2');
    expect(error('dash N 9')).toBe('"dash N 9" needs a distance from 1 to 6 at the end, e.g. dash N 2');
    expect(error('toward home 1')).toBe('"toward home 1": "home" is not a target (point, enemy, weaker, stronger)');
    expect(error('away point')).toBe(
      '"away point": away takes a piece target (enemy, weaker, stronger), e.g. away stronger',
    );
    expect(error('hold on')).toBe('"hold on": write just "hold"');
  });

  it('has the default sets of docs/games/fair-and-square.md (Rules) for rounds 1, 2 and 3', () => {
    const table = ROUND_TYPES.map((types) => types.map((t) => `${t.name} ${t.rank}: ${describeOptions(t.options)}`));
    expect(table).toEqual([
      [
        'Fortress 3: A hold, B toward point 1',
        'Marauder 2: A hold, B intercept weaker, C toward weaker 1, D toward point 1',
        'Dasher 2: A hold, B toward point 2',
        'Sprinter 1: A hold, B toward point 3',
        'Traveller 1: A hold, B toward point 1, C step E',
        'Ranger 1: A hold, B dash N 2, C dash E 2, D dash S 2, E dash W 2',
      ],
      [
        'Fortress 3: A hold, B toward point 1',
        'Marauder 2: A hold, B intercept weaker, C toward weaker 1, D toward point 1',
        'Dasher 2: A hold, B toward weaker 2, C toward point 2',
        'Sprinter 1: A hold, B toward point 2, C away stronger',
        'Traveller 1: A hold, B toward point 1, C step E',
      ],
      [
        'Fortress 4: A hold, B toward point 1',
        'Marauder 2: A hold, B toward weaker 2, C intercept weaker, D toward point 1',
        'Dasher 2: A hold, B toward weaker 2, C toward point 2',
        'Sprinter 1: A hold, B toward point 2, C away stronger',
        'Traveller 1: A hold, B toward point 2',
      ],
    ]);
    expect(ROUND_TYPES[0].map((t) => t.short)).toEqual(['F', 'M', 'D', 'S', 'T', 'R']);
  });

  it('refuses a bad piece set in the match options, naming the field', () => {
    const pieces = DEFAULT_PIECES.map((set) => set.map((p) => ({ ...p, options: [...p.options] })));
    pieces[1][2].options[1] = 'toward weaker';
    expect(loadError({ pieces })).toBe(
      'options.pieces[1][2].options[1]: "toward weaker": write toward TARGET N, e.g. toward point 1',
    );
    const twins = DEFAULT_PIECES.map((set) => [...set]);
    twins[2] = [...twins[2], { name: 'fortress', rank: 1, options: ['stay'] }];
    expect(loadError({ pieces: twins })).toBe(
      'options.pieces[2][5].name: "fortress" is also the name of piece 0; names must differ',
    );
    const few = [DEFAULT_PIECES[0], DEFAULT_PIECES[1].slice(0, 2), DEFAULT_PIECES[2]];
    expect(loadError({ pieces: few })).toBe(
      'options.pieces[1]: a round needs at least 3 piece types (players place at least 3 different ones), got 2',
    );
    expect(loadError({ pieces: [DEFAULT_PIECES[0]] })).toBe('options.pieces: give three piece lists, one a round');
    const unnamed = [
      [{ name: '4x4', rank: 1, options: ['stay'] }, ...DEFAULT_PIECES[0]],
      DEFAULT_PIECES[1],
      DEFAULT_PIECES[2],
    ];
    expect(loadError({ pieces: unnamed })).toMatch(/^options\.pieces\[0\]\[0\]\.name: a piece name is 1–24 letters/);
  });

  it('gives types that share first letters longer short names', () => {
    const pieces = [
      [
        { name: 'Dasher', rank: 1, options: ['stay'] },
        { name: 'Dancer', rank: 1, options: ['stay'] },
        { name: 'Fortress', rank: 1, options: ['stay'] },
      ],
      DEFAULT_PIECES[1],
      DEFAULT_PIECES[2],
    ];
    const match = matchOf(baseFile('fair-and-square', 8, { options: { pieces } }));
    expect(match.options.pieces).toEqual(pieces);
    expect(parsePieceSet(pieces[0]).types.map((t) => t.short)).toEqual(['Das', 'Dan', 'F']);
  });
});

describe('boards and numbers', () => {
  it('generates six boards from the seed: one 3, two 2s, three 1s, none touching', () => {
    const options = matchOf(baseFile('fair-and-square', 8)).options as unknown as FasOptions;
    expect(options.boards).toHaveLength(6);
    for (const rows of options.boards) {
      const values = rows
        .join('')
        .split('')
        .filter((c) => c !== '.')
        .sort();
      expect(values).toEqual(['1', '1', '1', '2', '2', '3']);
      const points = rows.flatMap((row, r) => row.split('').flatMap((c, col) => (c === '.' ? [] : [[r, col]])));
      for (const [r1, c1] of points) {
        for (const [r2, c2] of points) {
          if (r1 !== r2 || c1 !== c2) expect(Math.max(Math.abs(r1 - r2), Math.abs(c1 - c2))).toBeGreaterThan(1);
        }
      }
    }
    expect(matchOf(baseFile('fair-and-square', 8)).options).toEqual(options);
  });

  it('refuses malformed boards and boards nobody can place on', () => {
    const boards = Array.from({ length: 6 }, () => [
      '1......',
      '.......',
      '.......',
      '.......',
      '.......',
      '.......',
      '.......',
    ]);
    expect(loadError({ boards: boards.map((b, i) => (i === 3 ? [...b.slice(0, 6), '..4....'] : b)) })).toBe(
      'options.boards[3][6]: a board row is 7 characters, each "." or a point value 1, 2 or 3',
    );
    const crowded = ['3.3.3.3', '.......', '3.3.3.3', '.......', '3.3.3.3', '.......', '3.3.3.3'];
    expect(loadError({ boards: boards.map((b, i) => (i === 5 ? crowded : b)) })).toBe(
      'options.boards[5]: only 0 squares (none) may take a piece; a player needs 4',
    );
    const empty = ['.......', '.......', '.......', '.......', '.......', '.......', '.......'];
    expect(loadError({ boards: boards.map((b, i) => (i === 0 ? empty : b)) })).toBe(
      'options.boards[0]: a board needs at least one point square',
    );
  });

  it('draws the numbers not given from the seed, and refuses bad ones', () => {
    const given = matchOf(baseFile('fair-and-square', 8, { options: { numbers: { p1: 7, p2: 0 } } }))
      .options as unknown as FasOptions;
    expect(given.numbers.p1).toBe(7);
    expect(given.numbers.p2).toBe(0);
    expect(Object.values(given.numbers).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(loadError({ numbers: { p1: 3, p2: 3 } })).toBe(
      "options.numbers.p2: number 3 is also p1's; numbers must differ",
    );
    expect(loadError({ numbers: { p9: 3 } })).toBe('options.numbers.p9: "p9" is not a player of this match');
    expect(loadError({ numbers: { p1: 8 } })).toBe('options.numbers.p1: numbers run 0–7');
  });
});
