// Collecting: what players sent since the log last heard of it, as submissions. Form responses are
// credited to the phase the form showed when they came in (its pointer); public rows to the phase
// the answers tab was set up for. Neither is judged here: replay refuses what is late or invalid,
// with its reason, and keeps it in the log.

import type { Submission } from '../engine/core/game.js';
import { type MatchFile, replayMatch } from '../engine/index.js';
import { answersFromItems } from '../forms/index.js';
import type { HostContext } from './context.js';
import type { LogEntry } from './log.js';
import { ANSWERS_TAB, type RowsPointer, readAnswersTab, rowAnswers, rowStamp, showsSetup } from './rows.js';

/** The form a player answers on (every match the add-on started gives each player one). */
export function formOf(player: MatchFile['players'][number]): string {
  if (!player.form) throw new Error(`player ${player.id} has no form in the match log; this match was not started by the add-on`);
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
  for (const s of match.submissions) if (s.form === formId && s.via === 'form' && s.at) newest = Math.max(newest, Date.parse(s.at));
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
    const fresh = ctx.ports.forms.responses(formId, responsesSince(match, formId)).filter((r) => !logged.has(r.id)).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
    for (const response of fresh) {
      logged.add(response.id);
      const answers = answersFromItems(Object.entries(response.items).map(([itemId, value]) => ({ questionId: pointer.items[itemId] ?? `item ${itemId}`, value })));
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
 * Changed public rows, as submissions of the phase the rows were set up for, and the pointer
 * with this read's time (the caller stores it once the entries are logged).
 */
export function collectRows(ctx: HostContext, match: MatchFile, now: string): { entries: LogEntry[]; pointer: RowsPointer | null } {
  const rows = ctx.pointers.rows();
  const shared = ctx.pointers.shared();
  const setups = rows ? [rows, ...(rows.next ? [rows.next] : [])] : [];
  if (!rows || !shared || setups.every((s) => !s.phase || s.questions.length === 0)) return { entries: [], pointer: null };
  const sheet = ctx.ports.files.open(shared.id);
  // An execution that stopped before the tab's first write leaves no tab to read.
  if (rows.next && !(sheet.getMetadata().sheets ?? []).some((s) => s.properties?.title === ANSWERS_TAB)) return { entries: [], pointer: null };
  const tab = readAnswersTab(sheet, match.players, Math.max(1, ...setups.map((s) => s.questions.length)));
  // The rows answer the phase the tab shows: the recorded setup, or the one an execution was
  // writing when it stopped (adopted now, so the tab is not cleared again).
  const shown = setups.find((s) => showsSetup(tab.header, s)) ?? rows;
  const pointer: RowsPointer = { phase: shown.phase, questions: shown.questions, ...(shown.header ? { header: shown.header } : {}), readAt: now };
  if (!shown.phase || shown.questions.length === 0) return { entries: [], pointer: shown === rows ? null : pointer };
  // The deadline of the phase the rows show, as the log stood before this read.
  const before = replayMatch(match, { now: shown === rows ? rows.readAt : now });
  const timing = before.open?.phase.id === shown.phase ? before.open.timing : [...before.closed].reverse().find((c) => c.phase.id === shown.phase)?.timing;
  const at = rowStamp(now, rows.readAt, timing?.deadline);
  const phase = shown.phase;
  const out: LogEntry[] = [];
  for (const player of match.players) {
    const row = rowAnswers(tab.rows, player.id, shown.questions);
    const last = [...match.submissions].reverse().find((s) => s.via === 'row' && s.player === player.id && s.phase === phase);
    const previous = Object.fromEntries(shown.questions.map((q) => [q, last ? String(last.answers[q] ?? '') : '']));
    if (shown.questions.every((q) => (row[q] ?? '') === previous[q])) continue;
    out.push({ kind: 'submission', value: { phase, player: player.id, at, answers: row, via: 'row' } });
  }
  return { entries: out, pointer };
}
