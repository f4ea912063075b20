// Secrets that no kept text may hold (issue 28): a Discord webhook's URL carries its token, and
// anyone holding it can post in the channel. Apps Script's UrlFetchApp quotes the whole URL in the
// exceptions it throws ("Address unavailable: <url>", "Request failed for <url> returned code …"),
// so every error text is passed through redactSecrets before it is logged, shown or printed
// (src/triggers/messages/discord-webhook.ts, messages.ts, src/addon/main.ts, src/cli/host-command.ts), and the
// host's log view passes every message note through it again (a log written before this rule).

/**
 * A webhook URL as any text may quote it: `…/webhooks/<id>/<token>`, on any host (discord.com,
 * discordapp.com, canary., a proxy), its slashes plain or percent-encoded, with or without a scheme.
 * What follows the token (`?wait=true`) is left.
 */
const WEBHOOK_IN_TEXT =
  /(?:[a-z][a-z0-9+.-]*:(?:\/\/|%2F%2F))?[^\s"'<>()[\]]*?webhooks(?:\/|%2F)\d+(?:\/|%2F)[A-Za-z0-9_.%-]+/gi;

/** What a webhook URL is replaced by. */
export const REDACTED_WEBHOOK = '<the Discord webhook URL>';
/** What the webhook's token is replaced by, wherever it is found without its URL. */
export const REDACTED_TOKEN = '<the Discord webhook token>';

/**
 * The tokens this process has met (rememberSecret): the URL pattern alone misses a token quoted
 * bare, or in an encoding it does not read (a JSON-escaped URL, `https:\/\/…`; a token whose
 * characters are percent- or \u-escaped), so the known token itself is looked for in every form.
 */
const known = new Map<string, RegExp>();

/** A character as any text may write it: itself, %HH (or %25HH, encoded twice), \uHHHH, \xHH, &#D; or &#xH;. */
function anyEncoding(char: string): string {
  const code = char.charCodeAt(0);
  const hex = code.toString(16).padStart(2, '0');
  const plain = char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  return `(?:${plain}|%(?:25)?${hex}|\\\\u00${hex}|\\\\x${hex}|&#0*${code};|&#x0*${hex};)`;
}

/** Base64 (and its URL-safe form) of a token: a log may hold a header or a body encoded so. */
function base64Forms(token: string): string[] {
  const bytes = Array.from(token, (c) => c.charCodeAt(0) & 0xff);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += alphabet[(n >> 18) & 63] + alphabet[(n >> 12) & 63] + alphabet[(n >> 6) & 63] + alphabet[n & 63];
  }
  // The whole groups only: what follows depends on the text around the token, and this much is the token.
  return out.length >= 16 ? [out, out.replace(/\+/g, '-').replace(/\//g, '_')] : [];
}

/**
 * Remembers a webhook URL (or a bare token) whose token must leave no kept text, in any encoding:
 * the runner calls it where it reads the webhook (src/triggers/messages/discord-webhook.ts, the node host's Discord).
 */
export function rememberSecret(urlOrToken: string): void {
  const token = /\/webhooks\/\d+\/([A-Za-z0-9_-]+)/.exec(urlOrToken)?.[1] ?? urlOrToken.trim();
  if (token.length < 16 || known.has(token)) return;
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  // Base64 at each of the three alignments the token may fall on in a longer text.
  const base64 = [0, 1, 2].flatMap((k) => base64Forms(token.slice(k)));
  const forms = [Array.from(token, anyEncoding).join(''), ...base64.map(escaped)];
  known.set(token, new RegExp(forms.join('|'), 'gi'));
}

/** `text` with every webhook URL in it replaced (see WEBHOOK_IN_TEXT), and every known token in any form. */
export function redactSecrets(text: string): string {
  let out = text.replace(WEBHOOK_IN_TEXT, REDACTED_WEBHOOK);
  for (const pattern of known.values()) out = out.replace(pattern, REDACTED_TOKEN);
  return out;
}

/** An error's message, as one redacted text: the only way an error becomes text that is kept. */
export function errorText(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
  return redactSecrets(message);
}
