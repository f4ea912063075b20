// Public rows, read when they change. The shared sheet's edit trigger (onRowEdited in
// src/addon/main.ts) calls recordEdit for every edit a person makes there: one document property
// per edit, written without the lock (two players editing at once write two keys, so nothing is
// lost), holding the cells and the time the trigger's execution started, which is after the edit
// (the event carries no time: docs/google.md, "Public rows"). It also drops the ticks' quiet pointer,
// so the next clock tick (armed a minute on: schedule/clock-triggers.ts wakeSoon) runs and collectEdits turns the recorded edits into submissions, each
// stamped with its own time (the rule and what it leaves open: public-rows.ts). On Apps Script no execution
// reads the rows for answers; only an execution that finds a tab rewrite left half-done reads its
// first row. A machine (genius-host host) has no edit trigger: readRows reads the rows instead.

import type { Submission } from '../../engine/core/game.js';
import type { MatchFile } from '../../engine/index.js';
import type { HostContext } from '../saved/context.js';
import type { LogEntry } from '../saved/match-log.js';
import { columnLetters } from '../../engine/core/coords.js';
import { isRecord } from '../../engine/core/guards.js';
import { cutAnswer } from '../../engine/core/submission.js';
import { sameAccount } from '../../engine/core/email.js';
import { KEY, type Pointers } from '../saved/pointers.js';
import type { HostPorts } from '../google/ports.js';
import { ANSWERS_TAB, type RowsPointer, type RowsSetup, readAnswersTab, showsSetup } from './public-rows.js';

/** An edit as the trigger's event gives it: the tab, the first cell (1-based, as Apps Script's Range) and the values. */
export interface CellEdit {
  readonly tab: string;
  readonly row: number;
  readonly column: number;
  readonly values: readonly (readonly string[])[];
  /**
   * The editor as the edit event's `user` names them: their address, or '' when Google does not
   * say (docs/google.md, "Public rows"). Absent where no event tells (a machine reads the rows).
   */
  readonly by?: string;
}

/** What one edit's property holds. */
interface EditRecord {
  readonly at: string;
  readonly row: number;
  readonly column: number;
  readonly values: string[][];
  readonly by?: string;
}

// A cell's text is kept as the log keeps any answer (cutAnswer: MAX_LOGGED_ANSWER characters, what
// is cut said in the answer): a property holds 9 KB, and no public answer of any game is near this long.
/** Columns kept of an edit (the answers tab has one per public question, and at most four). */
const MAX_COLUMNS = 4;
/** Rows kept of an edit (one per player: twenty at most). */
const MAX_ROWS = 25;

/**
 * The edit trigger's work: records an edit of the answers tab made before `at` (the execution's
 * start) and wakes the ticks. Edits of other tabs are not answers. Whether the edit is the shared
 * sheet's of the match running here is checked by the caller (it knows the event's spreadsheet).
 */
export function recordEdit(ports: Pick<HostPorts, 'store' | 'newId'>, at: string, edit: CellEdit): boolean {
  if (edit.tab !== ANSWERS_TAB) return false;
  // A record per row (a player's row is one line; the host may paste over several).
  edit.values.slice(0, MAX_ROWS).forEach((values, r) => {
    const record: EditRecord = {
      at,
      row: edit.row + r,
      column: edit.column,
      values: [values.slice(0, MAX_COLUMNS).map(cutAnswer)],
      ...(edit.by !== undefined ? { by: edit.by.slice(0, 320) } : {}),
    };
    // Keys sort by time, then by a unique id: the order edits are applied in.
    ports.store.set(
      `${KEY.editPrefix}${String(Date.parse(at)).padStart(15, '0')}.${ports.newId()}`,
      JSON.stringify(record),
    );
  });
  // The next tick must look (a quiet tick reads only this pointer).
  ports.store.remove(KEY.quiet);
  return true;
}

/**
 * A machine's public rows: it has no edit trigger, so each run (and the run at a deadline, just
 * before it: see run in execution/pipeline.ts) reads the answers tab while it asks something, and records
 * each row that changed since its last read as an edit made when the read came back. So a row
 * never counts as changed earlier than it was; a change made after the last read before a
 * deadline counts as late (docs/google.md, "Public rows from a machine"). Answers how many rows
 * changed.
 */
export function readRows(ctx: HostContext): number {
  const rows = ctx.pointers.rows();
  const shared = ctx.pointers.shared();
  if (!rows || !shared || rows.questions.length === 0) return 0;
  const width = Math.min(rows.questions.length, MAX_COLUMNS);
  const values = ctx.ports.files
    .open(shared.id)
    .readValues(`'${ANSWERS_TAB}'!B2:${columnLetters(width)}${1 + MAX_ROWS}`);
  const at = ctx.ports.clock.now();
  const grid = Array.from({ length: MAX_ROWS }, (_, r) =>
    Array.from({ length: width }, (_, c) => String(values[r]?.[c] ?? '').trim()),
  );
  let before: string[][] | null = null;
  try {
    const read: unknown = JSON.parse(ctx.pointers.text(KEY.rowsRead) ?? 'null');
    before = isTextRows(read) ? read : null;
  } catch {
    before = null;
  }
  let changed = 0;
  grid.forEach((row, r) => {
    const was = before?.[r];
    if (was ? JSON.stringify(was) === JSON.stringify(row) : row.every((v) => v === '')) return;
    recordEdit(ctx.ports, at, { tab: ANSWERS_TAB, row: 2 + r, column: 2, values: [row] });
    changed += 1;
  });
  ctx.pointers.setText(KEY.rowsRead, JSON.stringify(grid));
  return changed;
}

/** Whether `id` is the shared sheet of the match set up here (one read of its pointer alone). */
export function isSharedSheet(store: HostPorts['store'], id: string): boolean {
  const text = store.peek(KEY.shared);
  try {
    if (text === null) return false;
    const shared: unknown = JSON.parse(text);
    return isRecord(shared) && shared.id === id;
  } catch {
    return false;
  }
}

/** Whether a value read back from JSON is rows of cell texts. */
function isTextRows(value: unknown): value is string[][] {
  return Array.isArray(value) && value.every((row) => Array.isArray(row) && row.every((c) => typeof c === 'string'));
}

function parseRecord(text: string | null): EditRecord | null {
  if (text === null) return null;
  try {
    const r: unknown = JSON.parse(text);
    if (
      !isRecord(r) ||
      typeof r.at !== 'string' ||
      Number.isNaN(Date.parse(r.at)) ||
      typeof r.row !== 'number' ||
      !Number.isInteger(r.row) ||
      typeof r.column !== 'number' ||
      !Number.isInteger(r.column) ||
      !isTextRows(r.values)
    )
      return null;
    return {
      at: r.at,
      row: r.row,
      column: r.column,
      values: r.values,
      ...(typeof r.by === 'string' ? { by: r.by } : {}),
    };
  } catch {
    return null;
  }
}

const strip = (s: RowsSetup): RowsSetup => ({
  phase: s.phase,
  questions: s.questions,
  ...(s.header ? { header: s.header } : {}),
  ...(s.since ? { since: s.since } : {}),
});

/**
 * The setups the tab may have shown, newest first, and the pointer to keep when an execution
 * stopped between rewriting the tab and recording it (`next`): the tab's first row tells which it
 * shows (one read, only then).
 */
function setupsOf(
  ctx: HostContext,
  match: MatchFile,
  rows: RowsPointer,
): { setups: RowsSetup[]; pointer: RowsPointer | null } {
  const older = rows.previous ? [rows.previous] : [];
  if (!rows.next) return { setups: [rows, ...older], pointer: null };
  const shared = ctx.pointers.shared();
  if (!shared) return { setups: [rows, ...older], pointer: null };
  const sheet = ctx.ports.files.open(shared.id);
  const exists = (sheet.getMetadata().sheets ?? []).some((s) => s.properties?.title === ANSWERS_TAB);
  const header = exists
    ? readAnswersTab(sheet, match.players, Math.max(1, rows.questions.length, rows.next.questions.length)).header
    : [];
  if (exists && showsSetup(header, rows.next)) {
    // The rewrite happened: adopt it (the tab is not cleared again), the old setup before it.
    const adopted: RowsPointer = {
      ...strip(rows.next),
      ...(rows.phase !== null && rows.questions.length > 0 ? { previous: strip(rows) } : {}),
    };
    return { setups: [adopted, strip(rows)], pointer: adopted };
  }
  return { setups: [rows, ...older], pointer: null };
}

/**
 * The setup an edit at `at` answers: the newest that began at or before it (or the oldest known).
 * A tab that asks nothing (the phase is answered by form) takes no answers: an edit typed there
 * answers the setup before it that asked, and is logged (late, as its receipt says) rather than lost.
 */
function setupAt(setups: readonly RowsSetup[], at: string): RowsSetup {
  const found = setups.findIndex((s) => s.since === undefined || Date.parse(s.since) <= Date.parse(at));
  const from = found < 0 ? setups.length - 1 : found;
  return setups.slice(from).find((s) => s.phase !== null && s.questions.length > 0) ?? setups[from];
}

/**
 * Whether Google attributed a row's edit to someone other than its player (`other`) or to no one
 * (`unknown`); undefined when it named the player (any account the seat has had), or when no event
 * could tell (a machine). Listed on the Host actions list (core/host-actions.ts).
 */
function editorOf(match: MatchFile, player: string, by: string | undefined): 'other' | 'unknown' | undefined {
  if (by === undefined) return undefined;
  if (by === '') return 'unknown';
  const accounts = [
    match.players.find((p) => p.id === player)?.email,
    ...(match.events ?? []).map((e) =>
      (e.type === 'substitute' || e.type === 'email') && e.player === player ? e.email : undefined,
    ),
  ];
  return accounts.some((email) => email !== undefined && sameAccount(email, by)) ? undefined : 'other';
}

/**
 * The recorded edits as submissions, oldest first: each edit that changes its player's row (as
 * the log last had it for that phase) is the whole row at the edit's time. `consumed`: the edit
 * keys to remove once the entries are in the log; each submission carries its edit's key as its
 * `response`, so an edit read again after a failure is not logged twice. `pointer`: the rows
 * pointer to store with the entries (a half-done rewrite adopted), if it changes.
 */
export function collectEdits(
  ctx: HostContext,
  match: MatchFile,
): { entries: LogEntry[]; consumed: string[]; pointer: RowsPointer | null } {
  const pointers: Pointers = ctx.pointers;
  const keys = pointers.store
    .keys()
    .filter((k) => k.startsWith(KEY.editPrefix))
    .sort();
  const rows = pointers.rows();
  // A rewrite of the tab left half-done is settled even without edits (or the tab is cleared again).
  if (!rows || (keys.length === 0 && !rows.next)) return { entries: [], consumed: [], pointer: null };
  const { setups, pointer } = setupsOf(ctx, match, rows);
  const logged = new Set(match.submissions.map((s) => s.response).filter((id): id is string => id !== undefined));
  // Each player's row as the log holds it, by phase (updated as edits are applied).
  const current = new Map<string, Record<string, string>>();
  const rowOf = (player: string, setup: RowsSetup): Record<string, string> => {
    const key = `${setup.phase}/${player}`;
    let row = current.get(key);
    if (!row) {
      const last = [...match.submissions]
        .reverse()
        .find((s) => s.via === 'row' && s.player === player && s.phase === setup.phase);
      row = Object.fromEntries(setup.questions.map((q) => [q, last ? String(last.answers[q] ?? '') : '']));
      current.set(key, row);
    }
    return row;
  };
  const entries: LogEntry[] = [];
  for (const key of keys) {
    const record = parseRecord(pointers.store.get(key));
    const id = `edit:${key.slice(KEY.editPrefix.length)}`;
    if (!record || logged.has(id)) continue;
    const setup = setupAt(setups, record.at);
    // Row 1 is the header; player i's row is 2 + i. A tab that asks nothing takes no answers.
    const player = match.players[record.row - 2];
    if (!player || !setup.phase || setup.questions.length === 0) continue;
    const row = rowOf(player.id, setup);
    const next = { ...row };
    record.values[0]?.forEach((value, c) => {
      const question = setup.questions[record.column - 2 + c];
      if (question !== undefined) next[question] = String(value ?? '').trim();
    });
    if (setup.questions.every((q) => next[q] === row[q])) continue;
    current.set(`${setup.phase}/${player.id}`, next);
    const editedBy = editorOf(match, player.id, record.by);
    const submission: Submission = {
      phase: setup.phase,
      player: player.id,
      at: new Date(Date.parse(record.at)).toISOString(),
      answers: next,
      via: 'row',
      response: id,
      ...(editedBy ? { editedBy } : {}),
    };
    entries.push({ kind: 'submission', value: submission });
  }
  return { entries, consumed: keys, pointer };
}
