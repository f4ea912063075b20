// Emails the day's quota left out (README, "Reminders"; docs/notices.md). MailApp counts recipients
// and has a daily number of them (Quotas for Google Services: "Email recipients per day", 100 for a
// personal account, 1,500 for Workspace; MailApp.getRemainingDailyQuota answers what is left). An
// email the quota refused is logged as skipped with this note, and the host's Status tab names the
// players of the open phase who were not emailed for it, so the host can tell them another way.

import type { MatchEvent } from './game.js';

/** The note of an email skipped because the day's recipients were spent. */
export const MAIL_QUOTA_SPENT =
  "the day's email quota is spent (MailApp: 100 recipients a day for a personal account, 1,500 for Workspace)";

/**
 * The host's line on the open phase's emails the quota left out: who, and for what (the opening's
 * notice, a reminder), or null when every one went out. `phaseId` and `opensAt` name the opening;
 * `name` gives a player's name.
 */
export function notEmailedLine(
  events: readonly MatchEvent[] | undefined,
  phaseId: string,
  opensAt: string | undefined,
  name: (id: string) => string,
): string | null {
  const opening = opensAt === undefined ? null : `open:${phaseId}@${opensAt}`;
  const skipped = (events ?? []).flatMap((e) =>
    e.type === 'message' &&
    e.channel === 'email' &&
    e.status === 'skipped' &&
    e.note === MAIL_QUOTA_SPENT &&
    e.player !== undefined &&
    (e.key === opening || e.key.startsWith(`remind:${phaseId}@`))
      ? [{ player: e.player, what: e.key === opening ? 'the notice that the phase is open' : 'a reminder' }]
      : [],
  );
  if (skipped.length === 0) return null;
  const byPlayer = new Map<string, Set<string>>();
  for (const { player, what } of skipped) byPlayer.set(player, (byPlayer.get(player) ?? new Set()).add(what));
  const who = [...byPlayer].map(([id, whats]) => `${name(id)} (${[...whats].join(', ')})`).join('; ');
  return `Not emailed, the day's email quota being spent: ${who}. Tell them another way; the quota comes back 24 hours after the day's first email.`;
}
