import { describe, expect, it } from 'vitest';
import { loadMatch, loadMatchText, newMatch, samplePlayers } from '../../src/engine/index.js';
import { baseFile } from '../helpers/match.js';

function errorOf(input: unknown): string {
  const result = loadMatch(input);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

describe('match file validation names the offending field', () => {
  const good = baseFile('not-flower-field', 4);

  it('accepts a minimal file and fills defaults', () => {
    const result = loadMatch({ game: 'not-flower-field', seed: 's', players: samplePlayers(4).map(({ id, name }) => ({ id, name })) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.players[0].garnets).toBe(0);
    expect(result.value.options).toMatchObject({ rounds: 5, size: 8, multipliers: { C3: 2, F3: 2, C6: 2, F6: 2, D4: 3, E5: 3 } });
    expect(result.value.submissions).toEqual([]);
  });

  it('keeps the first of entries sharing an id (two hosts logged one thing), and every entry without one', () => {
    const players = samplePlayers(4);
    const sent = (uid: string | undefined, answer: string) => ({ phase: 'round-1', player: 'p1', answers: { a: answer }, ...(uid ? { uid } : {}) });
    const loaded = loadMatch({
      ...good,
      players,
      submissions: [sent('response:1', 'first'), sent(undefined, 'plain'), sent('response:1', 'again'), sent(undefined, 'plain')],
      decisions: [
        { id: 'tie', choice: 'p1', uid: 'host:a' },
        { id: 'tie', choice: 'p2', uid: 'host:a' },
      ],
      events: [
        { type: 'close', phase: 'round-1', at: '2026-11-21T18:00:00Z', uid: 'close:round-1:0' },
        { type: 'close', phase: 'round-1', at: '2026-11-21T18:05:00Z', uid: 'close:round-1:0' },
      ],
    });
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.value.submissions.map((s) => s.answers.a)).toEqual(['first', 'plain', 'plain']);
    expect(loaded.value.decisions).toEqual([{ id: 'tie', choice: 'p1', uid: 'host:a' }]);
    expect(loaded.value.events?.map((e) => e.at)).toEqual(['2026-11-21T18:00:00Z']);
    expect(errorOf({ ...good, submissions: [{ ...sent(undefined, 'x'), uid: '' }] })).toBe('submissions[0].uid: an entry id is not empty');
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
    expect(errorOf({ ...good, startAt: 'tomorrow' })).toBe('startAt: expected an ISO 8601 time such as 2026-11-21T18:00:00Z');
    expect(errorOf({ ...good, players: samplePlayers(2) })).toBe('players: Not Flower Field takes 3–6 players, got 2');
    const players = samplePlayers(4);
    expect(errorOf({ ...good, players: [...players.slice(0, 3), { ...players[3], garnets: -1 }] })).toBe('players[3].garnets: garnets cannot be negative');
    expect(errorOf({ ...good, players: [...players.slice(0, 3), { ...players[3], email: 'nope' }] })).toBe('players[3].email: not an email address');
    expect(errorOf({ ...good, players: [...players.slice(0, 3), { ...players[3], name: 'ann' }] })).toBe(
      'players[3].name: "ann" is also players[0]\'s name; names must differ',
    );
    expect(errorOf({ ...good, colour: 'red' })).toBe('colour: unknown field');
  });

  it('names malformed submissions and decisions', () => {
    expect(errorOf({ ...good, submissions: [{ phase: 'pregame', player: 'p9', answers: {} }] })).toBe('submissions[0].player: unknown player "p9"');
    expect(errorOf({ ...good, submissions: [{ phase: 'pregame', player: 'p1', answers: { colour: true } }] })).toMatch(/^submissions\[0\]\.answers\.colour: /);
    expect(errorOf({ ...good, submissions: [{ phase: 'pregame', player: 'p1', at: 'noon', answers: {} }] })).toBe(
      'submissions[0].at: expected an ISO 8601 time such as 2026-11-21T18:00:00Z',
    );
    expect(errorOf({ ...good, decisions: [{ id: 'dmo' }] })).toBe('decisions[0].choice: required');
  });

  it('names malformed options', () => {
    expect(errorOf({ ...good, options: { rounds: 0 } })).toBe('options.rounds: at least 1 round');
    expect(errorOf({ ...good, options: { multipliers: { Z9: 2 } } })).toBe('options.multipliers.Z9: Z9 is off the board (columns A–H, rows 1–8)');
    expect(errorOf({ ...good, options: { rouns: 3 } })).toBe('options.rouns: unknown field');
    expect(errorOf({ ...good, players: samplePlayers(5), options: { palette: ['red', 'blue', 'green', 'yellow'] } })).toBe(
      'options.palette: 5 players need 5 colours, the palette has 4',
    );
  });

  it('answers bad JSON in one line', () => {
    const result = loadMatchText('{ "game": ');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^\(match file\): not valid JSON: /);
  });

  it('numbers in answers are read as text, as a form would send them', () => {
    const result = loadMatch({ ...good, submissions: [{ phase: 'round-1', player: 'p1', answers: { own: 12 } }] });
    expect(result.ok && result.value.submissions[0].answers.own).toBe('12');
  });

  it('new GAME gives a complete file that loads again unchanged', () => {
    const fresh = newMatch('not-flower-field', { seed: 'x' });
    expect(fresh.ok).toBe(true);
    if (!fresh.ok) return;
    const again = loadMatch(JSON.parse(JSON.stringify(fresh.value)));
    expect(again).toEqual(fresh);
  });
});

describe('match files as text', () => {
  it('keep board rows and short items on one line, and read back to the same file', async () => {
    const { stringifyMatchFile } = await import('../../src/engine/core/matchfile.js');
    const fresh = newMatch('not-flower-field', { seed: 'x' });
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
