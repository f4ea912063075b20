// Secrets that no kept text may hold (issue 28): a Discord webhook's URL carries its token, and
// anyone holding it can post in the channel. Apps Script's UrlFetchApp quotes the whole URL in the
// exceptions it throws ("Address unavailable: <url>", "Request failed for <url> returned code …"),
// so every error text is passed through redactSecrets before it is logged, shown or printed
// (src/triggers/discord.ts, messages.ts, src/addon/main.ts, src/cli/host-command.ts), and the
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

/** `text` with every webhook URL in it replaced (see WEBHOOK_IN_TEXT). */
export function redactSecrets(text: string): string {
  return text.replace(WEBHOOK_IN_TEXT, REDACTED_WEBHOOK);
}

/** An error's message, as one redacted text: the only way an error becomes text that is kept. */
export function errorText(error: unknown): string {
  const message =
    typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
  return redactSecrets(message);
}
