// The bugs the security fuzzing found in Fair and Square, each pinned by the smallest input that showed it
// (the engine's own are in test/security/regressions.test.ts).
import { describe, expect, it } from 'vitest';
import { loadMatch, newMatch, samplePlayers } from '../../../src/engine/index.js';
import { freshRun } from '../../helpers/fresh-run.js';

describe('Fair and Square: regressions found by the security fuzzing', () => {
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
});

describe('Fair and Square: regressions found by the security fuzzing: its match files', () => {
  function errorOf(result: { ok: true } | { ok: false; error: string }): string {
    if (result.ok) throw new Error('expected the file to be refused');
    return result.error;
  }

  it('a missing field is "required" even where the schema has its own message for a wrong type', () => {
    const fresh = newMatch('fair-and-square', { seed: 'regression' });
    if (!fresh.ok) throw new Error(fresh.error);
    const file = JSON.parse(JSON.stringify(fresh.value));
    delete file.options.pieces[2][0].rank;
    expect(errorOf(loadMatch(file))).toBe('options.pieces[2][0].rank: required');
    file.options.pieces[2][0].rank = 'four';
    expect(errorOf(loadMatch(file))).toBe('options.pieces[2][0].rank: a rank is a whole number');
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
