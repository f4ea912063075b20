// Collecting: what players sent since the log last heard of it, as submissions. Form responses are
// credited to the phase the form showed when they came in (its pointer); public rows (row-edits.ts) to
// the phase the answers tab was set up for. Neither is judged here: replay refuses what is late or invalid,
// with its reason, and keeps it in the log.

import type { Submission } from '../../engine/core/game.js';
import { answersForLog } from '../../engine/core/submission.js';
import type { MatchFile } from '../../engine/index.js';
import { answersFromItems } from '../../forms/index.js';
import type { HostContext } from '../saved/context.js';
import type { LogEntry } from '../saved/match-log.js';

/** The form a player answers on (every match the add-on started gives each player one). */
export function formOf(player: MatchFile['players'][number]): string {
  if (!player.form)
    throw new Error(`player ${player.id} has no form in the match log; this match was not started by the add-on`);
  return player.form;
}

/**
 * How far before the newest logged response of a form the next read starts: a response Forms
 * timestamped earlier may become readable later (sent while the last read ran), and clocks differ.
 * What the margin reads again is known by its response id and dropped.
 */
export const RESPONSES_MARGIN_MS = 15 * 60_000;

/** When to read a form's responses from: its newest logged response's time less the margin (all, if none). */
export function responsesSince(match: MatchFile, formId: string): string | undefined {
  let newest = -Infinity;
  for (const s of match.submissions)
    if (s.form === formId && s.via === 'form' && s.at) newest = Math.max(newest, Date.parse(s.at));
  return Number.isFinite(newest) ? new Date(newest - RESPONSES_MARGIN_MS).toISOString() : undefined;
}

/** New responses of these players' forms, as submissions of the phase each form showed, oldest first. */
export function collectForms(ctx: HostContext, match: MatchFile, playerIds: readonly string[]): LogEntry[] {
  const logged = new Set(match.submissions.map((s) => s.response).filter((id): id is string => id !== undefined));
  const out: { at: number; entry: LogEntry }[] = [];
  for (const player of match.players.filter((p) => playerIds.includes(p.id))) {
    const formId = formOf(player);
    const pointer = ctx.pointers.form(formId);
    // Only what came in since the last responses logged (with a margin), deduplicated by id.
    const fresh = ctx.ports.forms
      .responses(formId, responsesSince(match, formId))
      .filter((r) => !logged.has(r.id))
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    for (const response of fresh) {
      logged.add(response.id);
      // Cut to what the log keeps: however much a player sends, the entry fits its row.
      const answers = answersForLog(
        answersFromItems(
          Object.entries(response.items).map(([itemId, value]) => ({
            questionId: pointer.items[itemId] ?? `item ${itemId}`,
            value,
          })),
        ),
      );
      const at = Date.parse(response.at);
      const submission: Submission = {
        phase: pointer.phase ?? '(form closed)',
        player: player.id,
        at: new Date(at).toISOString(),
        answers,
        via: 'form',
        form: formId,
        ...(response.email ? { from: response.email } : {}),
        response: response.id,
      };
      out.push({ at, entry: { kind: 'submission', value: submission } });
    }
  }
  return out.sort((a, b) => a.at - b.at).map((o) => o.entry);
}

/**
 * The players whose form may hold an answer not read yet: a form that accepts, or one whose last
 * close was not followed by a read (a form closed and read once more, see execution/decide.ts,
 * accepts nothing until it opens again, so it is not read: most forms most of the time).
 */
export function formsToRead(ctx: HostContext, match: MatchFile): string[] {
  return match.players.filter((p) => p.form !== undefined && ctx.pointers.form(p.form).open !== false).map((p) => p.id);
}
