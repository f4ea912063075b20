// Collecting: what players sent since the log last heard of it, as submissions. Form responses are
// credited to the phase the form showed when they came in (its pointer); public rows (row-edits.ts) to
// the phase the answers tab was set up for. Neither is judged here: replay refuses what is late or invalid,
// with its reason, and keeps it in the log.

import type { Submission } from '../../engine/core/game.js';
import { answersForLog } from '../../engine/core/submission.js';
import { GAMES, type MatchFile } from '../../engine/index.js';
import { answersFromItems } from '../../forms/index.js';
import type { HostContext } from '../saved/context.js';
import type { LogEntry } from '../saved/match-log.js';

/**
 * How often a tick reads every form that may hold an answer anyway (see formsDue). Each answer's
 * form-submit trigger reads its form at once (Google documents the trigger: docs/google.md), a
 * deadline closes and reads every form once more, and a reminder reads the forms before it is sent,
 * so this read only hastens the receipt of an answer whose trigger did not fire; with nothing due,
 * it is once a day (it was every 2 hours: twenty forms read, most of a day's trigger time, issue 26).
 */
export const FORMS_EVERY_MINUTES = 24 * 60;
/** How often a tick reads the forms: a machine has no form-submit trigger, so it polls them often. */
export const formsEveryMinutes = (ctx: HostContext) => ctx.ports.machine?.formsEveryMinutes ?? FORMS_EVERY_MINUTES;

/**
 * How often a tick reads the forms of a phase that may end on a move (Game.closesEarly: a Peg
 * Domain turn), where an answer whose form-submit trigger did not fire would cost the next player
 * their turn's time until it is read. Every tick read them (two Forms calls a form, every minute
 * near a deadline: issue 42); every other minute halves that, and a missed trigger (which Google
 * does not say happens: docs/google.md) costs the next player at most two minutes. A machine, with
 * no form-submit trigger, reads them every run.
 */
export const EARLY_FORMS_EVERY_MINUTES = 2;

/** How long after the last read of every form the ticks read them again (0: every run). */
export function formsPollMs(ctx: HostContext, match: MatchFile): number {
  if (GAMES.get(match.game)?.closesEarly === undefined) return formsEveryMinutes(ctx) * 60_000;
  return ctx.ports.machine ? 0 : EARLY_FORMS_EVERY_MINUTES * 60_000;
}

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
