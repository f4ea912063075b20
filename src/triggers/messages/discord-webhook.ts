// Discord announcements (README, "Discord announcements"): the host pastes a channel's webhook URL
// (Discord: Server Settings → Integrations → Webhooks); each resolution posts the public headline
// and the spectators' link, each reminder who is still awaited (names only). The URL is a secret
// (anyone holding it can post in the channel): it is kept in the script properties (the Secrets
// port), never in a sheet, a form or the match file; the document properties only note since when
// posting is on. Discord's documents for each behaviour relied on are in docs/google.md.

import { isRecord } from '../../engine/core/guards.js';
import { errorText, redactSecrets, rememberSecret } from '../../engine/core/redact.js';
import type { HostContext } from '../saved/context.js';
import { KEY, OTHER_KEYS } from '../saved/pointers.js';
import type { HttpAnswer } from '../google/ports.js';

/** The script property holding the webhook URL (a machine's Secrets answer it from GENIUS_HOST_DISCORD_WEBHOOK: src/node/machine-discord.ts). */
export const WEBHOOK_SECRET = OTHER_KEYS.discordWebhook;

/**
 * A channel webhook's URL as Discord gives it ("Execute Webhook": POST /webhooks/{webhook.id}/
 * {webhook.token}, under https://discord.com/api, optionally with an API version; older URLs
 * say discordapp.com, test clients canary. or ptb.): the id a snowflake (17 to 20 digits), the
 * token letters, digits, "-" and "_".
 */
const WEBHOOK_URL =
  /^https:\/\/(?:(?:canary|ptb)\.)?discord(?:app)?\.com\/api(?:\/v\d{1,2})?\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]{40,100}$/;

/** Whether `url` is a channel webhook's URL as Discord gives it. */
export function isWebhookUrl(url: string): boolean {
  return WEBHOOK_URL.test(url);
}

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
    ctx.pointers.remove(STOPPED);
    return 'Discord posts are off: the webhook URL is removed from this script.';
  }
  if (!isWebhookUrl(url))
    throw new Error(
      'That is not a Discord webhook URL. In Discord: Server Settings → Integrations → Webhooks → your webhook → Copy Webhook URL; it looks like https://discord.com/api/webhooks/<digits>/<token>',
    );
  secrets.set(WEBHOOK_SECRET, url);
  // Another webhook (or the same, set again on purpose) is tried again, whatever stopped the last.
  ctx.pointers.remove(STOPPED);
  // Since when: a result closed before this is not announced (it may be days old).
  ctx.pointers.setText(KEY.discord, ctx.ports.clock.now());
  return 'Discord posts are on: each result and each reminder is posted to the webhook’s channel. The URL is kept in this script’s properties, never in a sheet or the match file.';
}

/**
 * Since when posts go out, or null when Discord is off: the pointer (in the document properties every
 * execution reads anyway) and a webhook this runner holds (a machine holds one only when its host
 * gave it: README, "Discord announcements").
 */
export function discordSince(ctx: HostContext): string | null {
  if (!ctx.ports.http || !ctx.ports.secrets) return null;
  const since = ctx.pointers.text(KEY.discord);
  if (since === null) return null;
  const url = ctx.ports.secrets.get(WEBHOOK_SECRET);
  if (!url) return null;
  // Discord refused this webhook for good (deleted, or its token wrong): nothing more is sent to it.
  const stopped = stoppedFor(ctx, url) !== null;
  // Whatever this execution keeps is redacted of its token, in any form, stopped or not (core/redact.ts).
  rememberSecret(url);
  return stopped ? null : since;
}

/**
 * Where Discord refused a webhook for good (404, 401, 403: "Rate Limits", invalid request limit:
 * "If a webhook returns a 404 status you should not attempt to use it again"; repeated invalid
 * requests earn a temporary ban of the address, which Apps Script shares): the webhook's id (the
 * part of its URL that is not secret) and why, in the document properties. The host's setting, as
 * KEY.discord: outside `gh.`, so a new match keeps it until the host sets a webhook again.
 */
const STOPPED = KEY.discordStopped;

/** The webhook id of a webhook URL (never its token). */
const webhookId = (url: string) => /\/webhooks\/(\d+)\//.exec(url)?.[1] ?? '';

/** Why posts to `url` are stopped, or null when they are not. */
function stoppedFor(ctx: HostContext, url: string): string | null {
  const text = ctx.pointers.text(STOPPED);
  if (text === null) return null;
  const [id, ...why] = text.split('\n');
  return id === webhookId(url) ? why.join('\n') : null;
}

/**
 * A player's name as Discord should show it, not as markdown or a mention: every markdown
 * character escaped with a backslash, whitespace made one space (the post also allows no mention
 * at all: see post).
 */
export function discordText(name: string): string {
  return name.replace(/\s+/g, ' ').replace(/[\\*_~`|>#<@[\]():]/g, (c) => `\\${c}`);
}

/**
 * What one try of a post came to: sent, or why not (never holding the webhook's URL), with how long
 * Discord asked to wait before the next try when it said (`retry_after`, `Retry-After`).
 */
export type PostOutcome =
  | { readonly sent: true }
  | {
      readonly sent: false;
      readonly why: string;
      readonly waitMs?: number;
      /** Discord refused the webhook itself (404, 401, 403): no more posts go to it, this one included. */
      readonly stopped?: true;
    };

/**
 * Posts `content` to the webhook. `?wait=true` makes Discord answer only once the message is saved,
 * and with an error when it is not ("Execute Webhook": wait); `allowed_mentions` with no `parse`
 * types lets nothing in the text ping anyone ("Allowed Mentions Object"). A refusal is an answer,
 * never an exception: Discord's failures must not stop a resolution.
 */
export function post(ctx: HostContext, content: string, mentions: readonly string[] = []): PostOutcome {
  const url = ctx.ports.secrets?.get(WEBHOOK_SECRET);
  const http = ctx.ports.http;
  if (!url || !http) return { sent: false, why: 'no Discord webhook is set' };
  const stopped = stoppedFor(ctx, url);
  if (stopped !== null) return { sent: false, why: stopped, stopped: true };
  const body = {
    content: content.length > MAX_CONTENT ? `${content.slice(0, MAX_CONTENT - 1)}…` : content,
    allowed_mentions: mentionsAllowed(mentions),
  };
  let answer: HttpAnswer;
  try {
    answer = http.postJson(`${url}?wait=true`, body);
  } catch (error) {
    // UrlFetchApp's exceptions quote the whole URL ("Address unavailable: <url>"): never kept as thrown.
    return { sent: false, why: `Discord did not answer (${errorText(error)})` };
  }
  if (answer.status >= 200 && answer.status < 300) return { sent: true };
  const { why, waitMs, stop } = refusal(answer, Date.parse(ctx.ports.clock.now()));
  if (stop) {
    const said = redactSecrets(
      `${why}: posts to this webhook are stopped (Discord asks that a refused webhook not be used again). Set a webhook again with Genius Host → Discord webhook…`,
    );
    ctx.pointers.setText(STOPPED, `${webhookId(url)}\n${said}`);
    return { sent: false, why: said, stopped: true };
  }
  return { sent: false, why: redactSecrets(why), ...(waitMs !== undefined ? { waitMs } : {}) };
}

/**
 * Discord's `allowed_mentions` ("Allowed Mentions Object"): no `parse` type, so nothing in the text
 * pings by itself (not @everyone, no role), and `users` only the ids given (the players a phase's
 * opening waits for: opening-notices.ts), at most the 100 Discord takes, each once.
 */
function mentionsAllowed(users: readonly string[]): { parse: never[]; users?: string[] } {
  const ids = [...new Set(users.filter((id) => /^\d{17,20}$/.test(id)))].slice(0, MAX_MENTIONS);
  return ids.length > 0 ? { parse: [], users: ids } : { parse: [] };
}

/** Discord takes at most 100 user ids in `allowed_mentions.users` (the OpenAPI description's maxItems). */
const MAX_MENTIONS = 100;

/** The longest wait a refusal's retry_after or Retry-After is taken at (a "retry after 2 days" would outlast the retry window anyway). */
const LONGEST_WAIT_MS = 6 * 60 * 60_000;

/**
 * How long Discord asked to wait, in ms: the larger of the JSON body's `retry_after` (seconds, maybe
 * fractional: "Rate Limits", rate limit response structure) and the `Retry-After` header (seconds,
 * or an HTTP date as RFC 9110 allows), capped; undefined when neither says.
 */
export function retryAfterMs(answer: HttpAnswer, bodyRetryAfter: unknown, now: number): number | undefined {
  const waits: number[] = [];
  if (typeof bodyRetryAfter === 'number' && Number.isFinite(bodyRetryAfter) && bodyRetryAfter >= 0)
    waits.push(bodyRetryAfter * 1000);
  const header = Object.entries(answer.headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  const value = Array.isArray(header) ? header[0] : header;
  if (typeof value === 'string' && value.trim() !== '') {
    const text = value.trim();
    if (/^\d+(?:\.\d+)?$/.test(text)) waits.push(Number(text) * 1000);
    else if (!Number.isNaN(Date.parse(text))) waits.push(Math.max(0, Date.parse(text) - now));
  }
  return waits.length > 0 ? Math.min(LONGEST_WAIT_MS, Math.ceil(Math.max(...waits))) : undefined;
}

/**
 * Discord's answer in a line, and how long it asked to wait ("Rate Limits": a 429 carries
 * `retry_after` in its JSON body and a `Retry-After` header). Cloudflare, in front of Discord,
 * answers an address it is limiting with a 429 whose body is its "error code: 1015" text or page,
 * not JSON (discord-api-docs#8411, #5810): Apps Script fetches from Google's shared addresses.
 */
function refusal(answer: HttpAnswer, now: number): { why: string; waitMs?: number; stop?: true } {
  let detail: { message?: unknown; retry_after?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(answer.text);
    if (isRecord(parsed)) detail = parsed;
  } catch {
    // Not JSON (an outage's HTML page, Cloudflare's 1015): the status says enough.
  }
  const message = typeof detail.message === 'string' ? `: ${detail.message}` : '';
  const waitMs = retryAfterMs(answer, detail.retry_after, now);
  const wait = waitMs !== undefined ? { waitMs } : {};
  if (answer.status === 429) {
    const after = waitMs !== undefined ? ` (retry after ${Math.round(waitMs / 100) / 10} s)` : '';
    if (typeof detail.message !== 'string' && /\b1015\b/.test(answer.text))
      return {
        why: `Cloudflare in front of Discord is blocking this address for a while (error 1015, HTTP 429)${after}`,
        ...wait,
      };
    return { why: `Discord is rate limiting this webhook${after}`, ...wait };
  }
  // 404 (Unknown Webhook: deleted), 401 (its token is wrong), 403 (Discord's JSON refusal): the
  // webhook itself is refused, and asking again only earns the address a ban ("Rate Limits",
  // invalid request limit). A 403 without Discord's JSON is Cloudflare's page in front of it (a
  // block of the shared address, not of the webhook): tried again on the back-off like a 429.
  if (answer.status === 404 || answer.status === 401 || (answer.status === 403 && message !== ''))
    return {
      why: `Discord refused the webhook (HTTP ${answer.status}${message}): it may have been deleted, or its channel's permissions changed`,
      stop: true,
    };
  return { why: `Discord answered HTTP ${answer.status}${message}`, ...wait };
}
