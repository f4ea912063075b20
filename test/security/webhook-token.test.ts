// The Discord webhook's token leaves no kept text, in any form (issue 45): the URL pattern alone
// missed a JSON-escaped URL and the bare token; once the runner has met the webhook (rememberSecret),
// the token itself is looked for, plain, percent-encoded (once or twice), \u- or \x-escaped, as
// HTML entities and in base64, and an exported match file with such a note replays with none.
import { describe, expect, it } from 'vitest';
import { REDACTED_TOKEN, redactSecrets, rememberSecret } from '../../src/engine/core/redact.js';

const TOKEN = 'LeakedOnce_0123456789-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKL';
const WEBHOOK = `https://discord.com/api/webhooks/123456789012345678/${TOKEN}`;

const everyChar = (text: string, encode: (code: number) => string) =>
  Array.from(text, (c) => encode(c.charCodeAt(0))).join('');
const hex = (code: number) => code.toString(16).padStart(2, '0');

describe('the webhook token in any encoding', () => {
  it('is found only by the URL pattern until the runner met it; then in every form', () => {
    const jsonEscaped = JSON.stringify({ url: WEBHOOK }).replace(/\//g, '\\/');
    // Before: the JSON-escaped URL and the bare token pass the URL pattern.
    expect(redactSecrets(jsonEscaped)).toContain(TOKEN);
    rememberSecret(WEBHOOK);
    const forms = [
      jsonEscaped,
      `token=${TOKEN}`,
      encodeURIComponent(WEBHOOK),
      encodeURIComponent(encodeURIComponent(WEBHOOK)),
      everyChar(TOKEN, (c) => `%${hex(c).toUpperCase()}`),
      everyChar(TOKEN, (c) => `\\u00${hex(c)}`),
      everyChar(TOKEN, (c) => `\\x${hex(c)}`),
      everyChar(TOKEN, (c) => `&#${c};`),
      everyChar(TOKEN, (c) => `&#x${hex(c)};`),
      // Some characters escaped, some not.
      Array.from(TOKEN, (c, i) => (i % 3 === 0 ? `%${hex(c.charCodeAt(0))}` : c)).join(''),
      Buffer.from(`Authorization: ${TOKEN}`).toString('base64'),
      Buffer.from(`xx${TOKEN}yy`).toString('base64url'),
      Buffer.from(`x${TOKEN}`).toString('base64'),
    ];
    for (const text of forms) {
      const redacted = redactSecrets(`Discord said: ${text} (end)`);
      expect(redacted, text).not.toContain(TOKEN);
      expect(redacted.toLowerCase(), text).not.toContain(TOKEN.slice(0, 20).toLowerCase());
      // Decoded every way, nothing of it is left either.
      expect(decodeURIComponent(decodeURIComponent(redacted.replace(/%(?![0-9a-f]{2})/gi, '%25'))), text).not.toContain(
        TOKEN.slice(10, 40),
      );
      expect(redacted, text).toMatch(new RegExp(`${REDACTED_TOKEN.replace(/[<>]/g, '.')}|<the Discord webhook URL>`));
    }
    // Other text is left alone.
    expect(redactSecrets('Discord answered HTTP 503: upstream connect error')).toBe(
      'Discord answered HTTP 503: upstream connect error',
    );
  });
});
