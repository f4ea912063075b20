// The limit of submissions read per player and phase (MAX_SUBMISSIONS_PER_PHASE), worked on the tiny
// game: Ann sends her form 53 times at step 1; the 50th is her last that counts, the three after
// it are logged, refused with a receipt naming it, and shown in the logs without their answers.
import { describe, expect, it } from 'vitest';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { replay } from '../../src/engine/core/replay.js';
import { MAX_SUBMISSIONS_PER_PHASE } from '../../src/engine/core/submission.js';
import { viewFor } from '../../src/engine/core/views.js';
import { tinyGame } from '../helpers/tiny-game.js';

const at = (i: number) => new Date(Date.UTC(2026, 10, 21, 18, 0, i)).toISOString();

function annSends(count: number): MatchFile {
  return {
    game: 'tiny',
    seed: 's',
    options: { rounds: 2, closeEarly: false },
    players: [
      { id: 'a', name: 'Ann', garnets: 0 },
      { id: 'b', name: 'Ben', garnets: 1 },
    ],
    // Ann's answers go 1, 2, …, 10, 1, 2, …: her 50th is 10, her 51st would be 1.
    submissions: [
      ...Array.from({ length: count }, (_, i) => ({
        phase: 'step-1',
        player: 'a',
        at: at(i),
        answers: { n: String((i % 10) + 1) },
      })),
      { phase: 'step-1', player: 'b', at: at(count), answers: { n: '2' } },
    ],
    decisions: [],
  };
}

describe('submissions a phase', () => {
  it('reads 50 of a player in a phase; the 51st on is logged, refused with the answer that counts, and not shown', () => {
    expect(MAX_SUBMISSIONS_PER_PHASE).toBe(50);
    const result = replay<{ totals: Record<string, number> }>(tinyGame, annSends(53));
    // Her 50th (n = 10) counts, not her 53rd (n = 3).
    expect(result.state.totals.a).toBe(10);
    const ann = result.receipts.filter((r) => r.player === 'a');
    expect(ann.filter((r) => r.status === 'accepted').map((r) => r.superseded)).toEqual([
      ...Array<boolean>(49).fill(true),
      false,
    ]);
    const refused = ann.slice(50);
    expect(refused.map((r) => [r.index, r.status, r.overLimit])).toEqual([
      [50, 'rejected', true],
      [51, 'rejected', true],
      [52, 'rejected', true],
    ]);
    expect(refused[0].reasons).toEqual([
      `more than 50 answers this phase, so this one was not read; the last that counts is submission #50, sent ${at(49)}`,
    ]);
    // The host's log and Ann's own show the refused ones without their answers, with the reason.
    for (const audience of ['host', 'player:a'] as const) {
      const rows = viewFor(result, audience).log?.rows ?? [];
      const row = rows.find((r) => r[0] === 51);
      // Logged all the same, so it has its receipt (docs/matchfile.md, "Receipts").
      expect(row?.[7]).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.slice(4, 7)).toEqual([
        '(not read: over the limit of answers a phase)',
        'rejected',
        // The host's log keeps the reason as the engine wrote it; a player's reads its time in words.
        audience === 'host'
          ? refused[0].reasons[0]
          : 'more than 50 answers this phase, so this one was not read; the last that counts is submission #50, sent Sat 21 Nov 2026, 18:00:49 UTC',
      ]);
      expect(rows.find((r) => r[0] === 50)?.[4]).toBe('n: 10');
    }
    // Ben is not touched by Ann's count, nor is Ann's count carried into step 2.
    expect(result.receipts.find((r) => r.player === 'b')?.status).toBe('accepted');
  });

  it('names no answer when none of the first 50 was valid', () => {
    const match = annSends(0);
    const invalid = Array.from({ length: 51 }, (_, i) => ({
      phase: 'step-1',
      player: 'a',
      at: at(i),
      answers: { n: '99' },
    }));
    const result = replay(tinyGame, { ...match, submissions: [...invalid, ...match.submissions] });
    expect(result.receipts[50].reasons).toEqual([
      'more than 50 answers this phase, so this one was not read; the last that counts is none (no earlier answer was valid)',
    ]);
  });

  it('starts a new count in the next phase', () => {
    const match = annSends(50);
    const next = { phase: 'step-2', player: 'a', at: at(100), answers: { n: '4' } };
    const result = replay<{ totals: Record<string, number> }>(tinyGame, {
      ...match,
      submissions: [...match.submissions, next],
    });
    expect(result.receipts.every((r) => r.status === 'accepted')).toBe(true);
    expect(result.state.totals.a).toBe(14);
  });
});
