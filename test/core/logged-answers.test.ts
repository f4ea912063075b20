// What the match log keeps of a player's answers (answersForLog, docs/matchfile.md "Limits"):
// whatever a player sends, one submission's entry fits a log row, and what was cut is said in the
// answer and in the refusal's reason.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_LOGGED_ANSWER,
  MAX_LOGGED_ANSWERS,
  answersForLog,
  cutAnswer,
  sentLength,
} from '../../src/engine/core/submission.js';

/** What a log row holds: 25 cells of 40,000 characters (src/triggers/saved/match-log.ts). */
const ROW = 25 * 40_000;

describe('answers as the log keeps them', () => {
  it('keeps an answer up to the cap whole, and cuts a longer one with a note naming its length', () => {
    expect(cutAnswer('A1 B2 C3')).toBe('A1 B2 C3');
    expect(cutAnswer('x'.repeat(MAX_LOGGED_ANSWER))).toBe('x'.repeat(MAX_LOGGED_ANSWER));
    const cut = cutAnswer('y'.repeat(MAX_LOGGED_ANSWER + 1));
    expect(cut).toBe(`${'y'.repeat(MAX_LOGGED_ANSWER)}… (cut: 1,501 characters sent, the first 1,500 kept)`);
    expect(sentLength(cut)).toBe(MAX_LOGGED_ANSWER + 1);
    expect(sentLength('A1 B2 C3')).toBeUndefined();
  });

  it('cuts a long list by its total, and keeps at most the answers any phase asks and many more', () => {
    const list = Array.from({ length: 5000 }, (_, i) => `choice ${i}`);
    const kept = answersForLog({ boxes: list }).boxes as string[];
    expect(kept.join(',').length).toBeLessThan(MAX_LOGGED_ANSWER + 100);
    expect(sentLength(kept)).toBe(list.join(',').length);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`q${i}`, 'a']));
    expect(Object.keys(answersForLog(many))).toHaveLength(MAX_LOGGED_ANSWERS);
  });

  it('whatever is sent, the entry is far below what a log row holds (JSON escapes counted)', () => {
    const text = fc.string({ unit: fc.constantFrom('"', '\\', '\u0001', 'x', '\u2028'), maxLength: 20_000 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 20 }), fc.oneof(text, fc.array(text, { maxLength: 30 })), {
          maxKeys: 80,
        }),
        (answers) => {
          expect(JSON.stringify(answersForLog(answers)).length).toBeLessThan(ROW / 2);
        },
      ),
      { numRuns: 30 },
    );
  });
});
