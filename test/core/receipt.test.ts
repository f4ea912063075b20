// Sealed-move receipts (docs/matchfile.md, "Receipts"): the code of a submission is SHA-256 over a
// fixed JSON form of its phase, player, time and answers and a salt drawn for its player from the
// seed; each player's sheet lists one code per logged submission of theirs, and no other view
// holds any; the published file lists every code, and each one can be recomputed from it.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../src/engine/core/game.js';
import { publishedMatch } from '../../src/engine/core/publish.js';
import { receiptCode, receiptSalt } from '../../src/engine/core/receipt.js';
import { GAME_LIST, newMatch, playMatch, replayMatch, viewFor } from '../../src/engine/index.js';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const RECEIPT = /^[0-9a-f]{64}$/;

describe('the receipt code of a submission', () => {
  it('is the worked example of docs/matchfile.md, checkable with sha256sum', () => {
    // printf '%s' '["genius-host receipt salt 1","genius","p1"]' | sha256sum
    const salt = 'b689072d7e6661c33562ca662b2a99287a0e440b9e12ca10d9daba3209f207d9';
    expect(receiptSalt('genius', 'p1')).toBe(salt);
    // printf '%s' '["genius-host receipt 1","<salt>","round1","p1","2026-11-21T18:05:00Z",[["pick","7"]]]' | sha256sum
    const code = receiptCode('genius', {
      phase: 'round1',
      player: 'p1',
      at: '2026-11-21T18:05:00Z',
      answers: { pick: '7' },
    });
    expect(code).toBe('d709f228ad3f7e76a85d9091d105ce414e309c8ce842962f36a13f8bc35b9833');
    expect(code).toBe(
      sha256(`["genius-host receipt 1","${salt}","round1","p1","2026-11-21T18:05:00Z",[["pick","7"]]]`),
    );
  });

  it("agrees with Node's SHA-256 over the documented form, for any submission", () => {
    const answer = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }));
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.string({ minLength: 1 }),
        fc.option(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          { nil: undefined },
        ),
        fc.dictionary(fc.string(), answer),
        (seed, phase, player, at, answers) => {
          const salt = sha256(JSON.stringify(['genius-host receipt salt 1', seed, player]));
          const sorted = Object.keys(answers)
            .sort()
            .map((key) => [key, answers[key]]);
          const expected = sha256(JSON.stringify(['genius-host receipt 1', salt, phase, player, at ?? null, sorted]));
          expect(receiptCode(seed, { phase, player, ...(at ? { at } : {}), answers })).toBe(expected);
        },
      ),
    );
  });

  it('changes with the phase, the player, the time, any answer or the seed; not with the order of the answers or how it arrived', () => {
    const base: Submission = {
      phase: 'r1',
      player: 'p1',
      at: '2026-11-21T18:05:00Z',
      answers: { a: '1', b: ['x', 'y'] },
    };
    const code = receiptCode('s', base);
    expect(code).toMatch(RECEIPT);
    const others = [
      receiptCode('s', { ...base, phase: 'r2' }),
      receiptCode('s', { ...base, player: 'p2' }),
      receiptCode('s', { ...base, at: '2026-11-21T18:05:01Z' }),
      receiptCode('s', { ...base, answers: { a: '2', b: ['x', 'y'] } }),
      receiptCode('s', { ...base, answers: { a: '1', b: ['y', 'x'] } }),
      receiptCode('t', base),
    ];
    expect(new Set([code, ...others]).size).toBe(others.length + 1);
    expect(receiptCode('s', { ...base, answers: { b: ['x', 'y'], a: '1' } })).toBe(code);
    const arrived: Submission = { ...base, via: 'row', from: 'ann@example.com', form: 'f1', uid: 'u1' };
    expect(receiptCode('s', arrived)).toBe(code);
  });

  it("salts each player's codes apart: the same answer from two players, or from one player under two seeds, gives unrelated codes", () => {
    expect(receiptSalt('genius', 'p1')).not.toBe(receiptSalt('genius', 'p2'));
    expect(receiptSalt('genius', 'p1')).not.toBe(receiptSalt('genius!', 'p1'));
  });
});

describe('receipts in every game', () => {
  for (const game of GAME_LIST) {
    it(`${game.id}: each player sees one receipt per logged submission of theirs, no other view holds one, and the published file lists them all`, () => {
      const created = newMatch(game.id, { seed: `receipts-${game.id}` });
      if (!created.ok) throw new Error(created.error);
      const match = playMatch(created.value, { answerDecisions: true });
      const result = replayMatch(match);
      expect(result.final).not.toBeNull();
      const codes = match.submissions.map((s) => receiptCode(match.seed, s));
      expect(new Set(codes).size).toBe(codes.length);

      const column = (table: { header: readonly string[]; rows: readonly (readonly unknown[])[] } | null) => {
        if (!table) return [];
        const at = table.header.indexOf('Receipt');
        return table.rows.map((row) => row[at]).filter((cell) => cell !== '');
      };
      for (const player of match.players) {
        const own = match.submissions.flatMap((s, i) => (s.player === player.id ? [codes[i]] : []));
        const view = viewFor(result, `player:${player.id}`);
        expect(column(view.log)).toEqual(own);
        // Another player's code is nowhere in this player's view.
        const text = JSON.stringify(view);
        expect(codes.filter((code, i) => match.submissions[i].player !== player.id && text.includes(code))).toEqual([]);
      }
      // The spectators see the codes only in the match file published at the end (with the seed).
      const { seed, ...spectators } = viewFor(result, 'public');
      const shown = JSON.stringify(spectators);
      expect(codes.filter((code) => shown.includes(code))).toEqual([]);
      const file = seed?.published?.lines.join('\n') ?? '';
      expect(codes.filter((code) => !file.includes(code))).toEqual([]);
      expect(column(viewFor(result, 'host').log)).toEqual(codes);

      const published = publishedMatch(match, result.final!);
      expect(published.submissions.map((s) => s.receipt)).toEqual(codes);
    });
  }
});
