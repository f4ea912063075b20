// Discord announcements (README, "Discord announcements"): the host pastes a channel's webhook URL
// (Discord: Server Settings → Integrations → Webhooks); each resolution posts the public headline
// and the spectators' link, each reminder who is still awaited (names only). The URL is a secret
// (anyone holding it can post in the channel): it is kept in the script properties (the Secrets
// port), never in a sheet, a form or the match file; the document properties only note since when
// posting is on. Discord's documents for each behaviour relied on are in docs/google.md.

import type { HostContext } from './context.js';
import { KEY } from './pointers.js';
import type { HttpAnswer } from './ports.js';

/** The script property holding the webhook URL. */
const WEBHOOK_SECRET = 'genius-host.discord-webhook';

/**
 * A channel webhook's URL as Discord gives it ("Execute Webhook": POST /webhooks/{webhook.id}/
 * {webhook.token}, under https://discord.com/api, optionally with an API version; older URLs
 * say discordapp.com, test clients canary. or ptb.): the id a snowflake (17 to 20 digits), the
 * token letters, digits, "-" and "_".
 */
const WEBHOOK_URL = /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{40,100}$/;

/** Discord refuses a message of more than 2,000 characters ("Execute Webhook": content). */
const MAX_CONTENT = 2000;

/** The answer for the host (Discord webhook…): what was set or cleared, or why the text was refused. */
export function setWebhook(ctx: HostContext, text: string): string {
  const secrets = ctx.ports.secrets;
  if (!secrets) throw new Error('This host cannot keep a Discord webhook (it has no place for secrets).');
  const url = text.trim();
  if (url === '') {
    secrets.remove(WEBHOOK_SECRET);
    ctx.pointers.remove(KEY.discord);
    return 'Discord posts are off: the webhook URL is removed from this script.';
  }
  if (!WEBHOOK_URL.test(url))
    throw new Error(
      'That is not a Discord webhook URL. In Discord: Server Settings → Integrations → Webhooks → your webhook → Copy Webhook URL; it looks like https://discord.com/api/webhooks/123456789012345678/abc…',
    );
  secrets.set(WEBHOOK_SECRET, url);
  // Since when: a result closed before this is not announced (it may be days old).
  ctx.pointers.setText(KEY.discord, ctx.ports.clock.now());
  return 'Discord posts are on: each result and each reminder is posted to the webhook’s channel. The URL is kept in this script’s properties, never in a sheet or the match file.';
}

/** Since when posts go out, or null when Discord is off (read from the document properties every execution reads anyway). */
export function discordSince(ctx: HostContext): string | null {
  if (!ctx.ports.http || !ctx.ports.secrets) return null;
  return ctx.pointers.text(KEY.discord);
}

/**
 * A player's name as Discord should show it, not as markdown or a mention: every markdown
 * character escaped with a backslash, whitespace made one space (the post also allows no mention
 * at all: see post).
 */
export function discordText(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/[\\*_~`|>#<@[\]():]/g, (c) => `\\${c}`);
}

/** What one try of a post came to: sent, or why not. */
export type PostOutcome = { readonly sent: true } | { readonly sent: false; readonly why: string };

/**
 * Posts `content` to the webhook. `?wait=true` makes Discord answer only once the message is saved,
 * and with an error when it is not ("Execute Webhook": wait); `allowed_mentions` with no `parse`
 * types lets nothing in the text ping anyone ("Allowed Mentions Object"). A refusal is an answer,
 * never an exception: Discord's failures must not stop a resolution.
 */
export function post(ctx: HostContext, content: string): PostOutcome {
  const url = ctx.ports.secrets?.get(WEBHOOK_SECRET);
  const http = ctx.ports.http;
  if (!url || !http) return { sent: false, why: 'no Discord webhook is set' };
  const body = { content: content.length > MAX_CONTENT ? `${content.slice(0, MAX_CONTENT - 1)}…` : content, allowed_mentions: { parse: [] } };
  let answer: HttpAnswer;
  try {
    answer = http.postJson(`${url}?wait=true`, body);
  } catch (error) {
    return { sent: false, why: `Discord did not answer (${error instanceof Error ? error.message : String(error)})` };
  }
  if (answer.status >= 200 && answer.status < 300) return { sent: true };
  return { sent: false, why: refusal(answer) };
}

/** Discord's answer in a line: a rate limit says when to try again ("Rate Limits": 429 with retry_after, in seconds). */
function refusal(answer: HttpAnswer): string {
  let detail: { message?: unknown; retry_after?: unknown } = {};
  try {
    detail = JSON.parse(answer.text) as typeof detail;
  } catch {
    // Not JSON (an outage's HTML page): the status says enough.
  }
  const message = typeof detail.message === 'string' ? `: ${detail.message}` : '';
  if (answer.status === 429) {
    const after = typeof detail.retry_after === 'number' ? ` (retry after ${detail.retry_after} s)` : '';
    return `Discord is rate limiting this webhook${after}`;
  }
  if (answer.status === 401 || answer.status === 404)
    return `Discord refused the webhook (HTTP ${answer.status}${message}): it may have been deleted; set it again with Discord webhook…`;
  return `Discord answered HTTP ${answer.status}${message}`;
}
