// The one UTF-8 helper (src/engine/core/utf8.ts) counts and writes what Node's Buffer does, on any
// text: surrogate pairs as 4 bytes, a lone surrogate as U+FFFD (3 bytes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Bytes, utf8Length } from '../../src/engine/core/utf8.js';

/** Any sequence of UTF-16 code units, lone surrogates included. */
const codeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
  .map((units) => String.fromCharCode(...units));

/** Texts of a few characters that meet at every edge: ASCII (NUL too) between lone and paired surrogates. */
const edges = fc
  .array(fc.constantFrom('a', '\0', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', 'é', '€', '🎲'), { maxLength: 12 })
  .map((parts) => parts.join(''));

describe('utf8Length and utf8Bytes', () => {
  it('count 1 to 4 bytes a character, and a lone surrogate as U+FFFD', () => {
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('🎲')).toBe(4);
    // A high surrogate with no low one after it is one U+FFFD, and the next character counts alone.
    expect(utf8Length('\uD800é')).toBe(5);
    expect(utf8Length('é\uDC00')).toBe(5);
    expect(utf8Length('\uD800')).toBe(3);
    // Lone surrogates with ASCII between them are no pair, however the ASCII is counted.
    expect(utf8Length('\uD800a\uDC00')).toBe(7);
    expect(utf8Length('\uD800\0\uDC00')).toBe(7);
    expect(utf8Length('ab\0\0é')).toBe(6);
  });

  it("agree with Node's Buffer on any text", () => {
    fc.assert(
      fc.property(
        fc.oneof(codeUnits, edges, fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
        (text) => {
          expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
          expect(Buffer.from(utf8Bytes(text)).equals(Buffer.from(text, 'utf8'))).toBe(true);
        },
      ),
    );
  });
});
