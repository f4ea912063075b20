// Discord posts the add-on keeps trying (docs/matchfile.md, "Messages"; README, "Discord
// announcements"). Discord rate-limits the shared addresses Apps Script fetches from, and Cloudflare
// in front of it answers some of them with its 1015 page at low volume (discord-api-docs#8411), so
// a refused post is not given up at once: it stays pending (its `failed` events in the log) and
// later executions try it again, no sooner than its event's `retry`, for POST_RETRY_WINDOW_MS after
// its first refusal. The log says all of it, so replay, the host's Status tab and the next
// execution (on Apps Script or a machine) agree on what is pending.

import type { MatchEvent, MessageEvent } from './game.js';
import { redactSecrets } from './redact.js';

/** How long a refused post is tried again, from its first refusal: then it is dropped. */
export const POST_RETRY_WINDOW_MS = 3 * 60 * 60_000;

/** A Discord post refused and not given up: its tries so far, and when it may be tried next. */
export interface PendingPost {
  readonly key: string;
  /** When it was first refused. */
  readonly since: string;
  /** How many tries were refused. */
  readonly tries: number;
  /** Not tried again before this (Discord's retry_after, or the back-off). */
  readonly retry: string;
  /** Until when it is tried at all (since + the window). */
  readonly until: string;
  /** Why the last try failed. */
  readonly note: string;
}

function discordEvents(events: readonly MatchEvent[] | undefined): MessageEvent[] {
  return (events ?? []).flatMap((e) => (e.type === 'message' && e.channel === 'discord' ? [e] : []));
}

/** The posts whose last try failed, oldest first. */
export function pendingPosts(events: readonly MatchEvent[] | undefined): PendingPost[] {
  const byKey = new Map<string, MessageEvent[]>();
  for (const e of discordEvents(events)) byKey.set(e.key, [...(byKey.get(e.key) ?? []), e]);
  const pending: PendingPost[] = [];
  for (const [key, tries] of byKey) {
    const last = tries[tries.length - 1];
    if (last.status !== 'failed') continue;
    const since = tries.find((t) => t.status === 'failed')?.at ?? last.at;
    pending.push({
      key,
      since,
      tries: tries.filter((t) => t.status === 'failed').length,
      retry: last.retry ?? last.at,
      until: new Date(Date.parse(since) + POST_RETRY_WINDOW_MS).toISOString(),
      note: redactSecrets(last.note ?? ''),
    });
  }
  return pending.sort((a, b) => Date.parse(a.since) - Date.parse(b.since));
}

/**
 * What the host should know of Discord (the host's Status tab), or null when nothing is wrong:
 * posts pending (Discord is refusing), or the last post given up after the window.
 */
export function discordTrouble(events: readonly MatchEvent[] | undefined): string | null {
  const pending = pendingPosts(events);
  const hours = POST_RETRY_WINDOW_MS / 3_600_000;
  if (pending.length > 0) {
    const first = pending[0];
    const last = pending[pending.length - 1];
    return `Discord is refusing this match's posts (${last.note}). ${pending.length === 1 ? '1 post waits' : `${pending.length} posts wait`} since ${first.since}, tried again until ${first.until} (${hours} hours), then dropped. A machine hosting the match with the webhook (README: Discord announcements) delivers them from its own address.`;
  }
  const all = discordEvents(events);
  const last = all[all.length - 1];
  if (last?.status === 'dropped')
    return `The last Discord post was not delivered and is dropped (${redactSecrets(last.note ?? 'no reason given')}).`;
  return null;
}
