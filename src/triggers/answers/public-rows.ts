// The public rows: a tab "Your answers" of the shared sheet with one row per player, where each
// player types the open phase's public answers (Pasture's fence plan, Not Flower Field's colour).
// The whole tab is protected except the answer cells, and each player's answer cells are protected
// so that only that player (and the host, who owns the file) can edit them.
//
// When a row counts. An installable edit trigger on the shared sheet (onRowEdited in
// src/addon/main.ts) runs whenever a person edits a cell there; it records the edit (which cells,
// what they hold) with the time its execution started, which is after the edit: the event carries
// no time of its own (docs/google.md, "Public rows"). The next execution turns each recorded edit
// into a submission stamped with that time (row-edits.ts), so a row change never counts earlier than it
// was made, and there is no grace after a deadline. What remains: Google starts the trigger some
// moments after the edit (no documented bound), so an edit made that close before a deadline counts
// as late; and an edit typed on the tab while an execution rewrites it for the next phase (about a
// second) counts for the phase the tab shows once it is written (RowsSetup.since).

import { columnLetters } from '../../engine/core/coords.js';
import { isNobody } from '../../engine/core/email.js';
import type { PhaseSpec, Player, Question } from '../../engine/core/game.js';
import type { CellData, GridRange, Request, SheetMetadata, WorkbookMetadata } from '../../sheets/api.js';
import { rgb } from '../../sheets/colour.js';
import { freeSheetId, idsFrom, takenSheetIds } from '../../sheets/ids.js';
import { protectionIdOf } from '../../sheets/protections.js';
import type { Spreadsheet } from '../google/ports.js';
import type { RowsSetup } from '../saved/pointers.js';

export const ANSWERS_TAB = 'Your answers';
const ANSWERS_NOTE = 'Only the host edits this tab; each player edits the answer cells of their own row.';

// What the tab is set up for, as the saved pointer keeps it between executions.
export type { RowsPointer, RowsSetup } from '../saved/pointers.js';

/** The open phase's public questions (the same for every player who has them). */
function publicQuestions(phase: PhaseSpec | null): Question[] {
  if (!phase) return [];
  const out: Question[] = [];
  for (const list of Object.values(phase.questions)) {
    for (const q of list) if (q.public && !out.some((o) => o.id === q.id)) out.push(q);
  }
  return out;
}

/** The texts of the tab's first row for `phase`. */
function answersHeader(phase: PhaseSpec | null): string[] {
  const questions = publicQuestions(phase);
  if (phase && questions.length > 0) return ['Player', ...questions.map((q) => `${q.label} (${phase.title})`)];
  return ['Player', phase ? `Nothing to answer here in ${phase.title}: use your form` : 'The match is over'];
}

/** An anonymous match asks its public questions by form (see publicByForm), and its rows ask nothing. */
export function rowsSetupFor(phase: PhaseSpec | null, match: { readonly anonymous?: boolean } = {}): RowsSetup {
  if (publicByForm(match)) return { phase: phase?.id ?? null, questions: [], header: answersHeader(null) };
  return { phase: phase?.id ?? null, questions: publicQuestions(phase).map((q) => q.id), header: answersHeader(phase) };
}

/**
 * Whether a match asks its public questions through each player's own form rather than the
 * shared sheet's rows: an anonymous match does, since a row's protection names its player's
 * address to whoever may edit the sheet, and its players do not share it (docs/matchfile.md).
 * Its answers tab is then never drawn (execution/pipeline.ts).
 */
export function publicByForm(match: { readonly anonymous?: boolean }): boolean {
  return match.anonymous === true;
}

const text = (value: string, extra: CellData = {}): CellData => ({
  userEnteredValue: { stringValue: value },
  ...extra,
});
const bold = { textFormat: { bold: true } };
// backgroundColorStyle: CellFormat.backgroundColor is deprecated in its favour (Sheets API v4).
const GREY = { rgbColor: rgb('#EEEEEE') };
const WHITE = { rgbColor: rgb('#FFFFFF') };

/**
 * The requests that set the tab up for `phase` (creating it, with its protections, if the
 * spreadsheet lacks it). Answer cells are cleared: each phase starts from blank rows; with
 * `keepAnswers` (the same phase drawn again, as Re-render does) what the players typed stays.
 */
export function answersTabRequests(
  existing: WorkbookMetadata,
  players: readonly Player[],
  phase: PhaseSpec | null,
  { keepAnswers = false }: { keepAnswers?: boolean } = {},
): Request[] {
  const questions = publicQuestions(phase);
  const columns = 1 + Math.max(1, questions.length);
  const old = (existing.sheets ?? []).find((s) => s.properties?.title === ANSWERS_TAB);
  const requests: Request[] = [];
  let sheetId = old?.properties?.sheetId ?? undefined;
  const oldColumns = old?.properties?.gridProperties?.columnCount ?? 0;
  if (old && oldColumns !== columns) {
    // More public questions than the tab has room for: build it again with new protections.
    requests.push({ deleteSheet: { sheetId: old.properties?.sheetId ?? 0 } });
    sheetId = undefined;
  }
  if (sheetId === undefined || sheetId === null) {
    sheetId = freeSheetId(takenSheetIds(existing), idsFrom(0x4a0500), ANSWERS_TAB);
    requests.push(...newTabRequests(sheetId, players, columns));
  }
  const rows = tabRows(players, phase, columns);
  if (keepAnswers && old && oldColumns === columns) {
    requests.push(...redrawKeepingAnswers(old, sheetId, players, rows, { columns, open: questions.length > 0 }));
    return requests;
  }
  requests.push({
    updateCells: {
      range: { sheetId, startRowIndex: 0, endRowIndex: rows.length, startColumnIndex: 0, endColumnIndex: columns },
      rows,
      fields: TAB_FIELDS,
    },
  });
  return requests;
}

/** The fields of the tab's cells the drawing writes. */
const TAB_FIELDS = 'userEnteredValue,note,userEnteredFormat.textFormat,userEnteredFormat.backgroundColorStyle';

/** A player's answer cells: row 1 + i, every column after the name. */
const rowRange = (sheetId: number, i: number, columns: number): GridRange => ({
  sheetId,
  startRowIndex: 1 + i,
  endRowIndex: 2 + i,
  startColumnIndex: 1,
  endColumnIndex: columns,
});

const rowNote = (player: Player) => `${player.name}'s answers: only ${player.name} edits this row`;

/** A player's row kept to their account (Sheets draws the protection's id: it is never chosen). */
const protectRow = (sheetId: number, player: Player, i: number, columns: number): Request => ({
  addProtectedRange: {
    protectedRange: {
      range: rowRange(sheetId, i, columns),
      description: rowNote(player),
      editors: { users: editorsOf(player.email) },
    },
  },
});

/** A new tab: its size, column widths, text-only answer cells, and each row kept to its player. */
function newTabRequests(sheetId: number, players: readonly Player[], columns: number): Request[] {
  const rowCount = 1 + players.length;
  const answers = { sheetId, startRowIndex: 1, endRowIndex: rowCount, startColumnIndex: 1, endColumnIndex: columns };
  return [
    {
      addSheet: {
        properties: {
          sheetId,
          title: ANSWERS_TAB,
          gridProperties: { rowCount, columnCount: columns, frozenRowCount: 1 },
        },
      },
    },
    {
      updateDimensionProperties: {
        range: { sheetId, dimension: 'COLUMNS', startIndex: 0, endIndex: 1 },
        properties: { pixelSize: 140 },
        fields: 'pixelSize',
      },
    },
    {
      updateDimensionProperties: {
        range: { sheetId, dimension: 'COLUMNS', startIndex: 1, endIndex: columns },
        properties: { pixelSize: 320 },
        fields: 'pixelSize',
      },
    },
    // What a player types stays text: never a number, a date or a formula.
    {
      repeatCell: {
        range: answers,
        cell: { userEnteredFormat: { numberFormat: { type: 'TEXT' } } },
        fields: 'userEnteredFormat.numberFormat',
      },
    },
    {
      addProtectedRange: {
        protectedRange: { range: { sheetId }, description: ANSWERS_NOTE, unprotectedRanges: [answers] },
      },
    },
    ...players.map((player, i) => protectRow(sheetId, player, i, columns)),
  ];
}

/** The tab's rows for `phase`: the header, then each player's name and blank answer cells. */
function tabRows(players: readonly Player[], phase: PhaseSpec | null, columns: number): { values: CellData[] }[] {
  const questions = publicQuestions(phase);
  const open = questions.length > 0;
  const texts = answersHeader(phase);
  const header = [
    text(texts[0], { userEnteredFormat: bold }),
    ...(open
      ? questions.map((q, i) => text(texts[1 + i], { userEnteredFormat: bold, note: q.help }))
      : [text(texts[1], { userEnteredFormat: { textFormat: { italic: true } } })]),
  ];
  return [
    { values: header },
    ...players.map((player) => ({
      values: [
        text(player.name, { userEnteredFormat: bold }),
        ...Array.from({ length: columns - 1 }, (): CellData => ({
          userEnteredFormat: { backgroundColorStyle: open ? WHITE : GREY },
        })),
      ],
    })),
  ];
}

/** The same phase drawn again (Re-render): the header and the names, the answer cells only their colour, each row's editor its player's current account. */
function redrawKeepingAnswers(
  old: SheetMetadata,
  sheetId: number,
  players: readonly Player[],
  rows: readonly { values: CellData[] }[],
  { columns, open }: { columns: number; open: boolean },
): Request[] {
  const rowCount = 1 + players.length;
  return [
    {
      updateCells: {
        range: { sheetId, startRowIndex: 0, endRowIndex: 1, startColumnIndex: 0, endColumnIndex: columns },
        rows: rows.slice(0, 1),
        fields: TAB_FIELDS,
      },
    },
    {
      updateCells: {
        range: { sheetId, startRowIndex: 1, endRowIndex: rowCount, startColumnIndex: 0, endColumnIndex: 1 },
        rows: rows.slice(1).map((r) => ({ values: r.values.slice(0, 1) })),
        fields: TAB_FIELDS,
      },
    },
    {
      repeatCell: {
        range: { sheetId, startRowIndex: 1, endRowIndex: rowCount, startColumnIndex: 1, endColumnIndex: columns },
        cell: { userEnteredFormat: { backgroundColorStyle: open ? WHITE : GREY } },
        fields: 'userEnteredFormat.backgroundColorStyle',
      },
    },
    // Correct a player's email… changes a row's editor: the protection's id as Sheets drew it, read
    // from the metadata; a row whose protection is gone is protected again.
    ...players.map((player, i): Request => {
      const protectedRangeId = protectionIdOf(old, rowRange(sheetId, i, columns), rowNote(player));
      if (protectedRangeId === null) return protectRow(sheetId, player, i, columns);
      return {
        updateProtectedRange: {
          protectedRange: { protectedRangeId, editors: { users: editorsOf(player.email) } },
          fields: 'editors',
        },
      };
    }),
  ];
}

/** The tab as it stands (one read): its first row, and each player's first `width` answer cells. */
export function readAnswersTab(
  sheet: Spreadsheet,
  players: readonly Player[],
  width: number,
): { header: string[]; rows: Map<string, string[]> } {
  const values = sheet.readValues(`'${ANSWERS_TAB}'!A1:${columnLetters(width)}${players.length + 1}`);
  const rows = new Map<string, string[]>();
  players.forEach((player, i) => {
    const row = values[1 + i] ?? [];
    rows.set(
      player.id,
      Array.from({ length: width }, (_, c) => (row[1 + c] ?? '').trim()),
    );
  });
  return { header: values[0] ?? [], rows };
}

/** Whether the tab's first row is the one `setup` writes (blank cells after it aside). */
export function showsSetup(header: readonly string[], setup: RowsSetup): boolean {
  if (!setup.header) return true;
  return setup.header.every((t, i) => header[i] === t) && header.slice(setup.header.length).every((t) => t === '');
}

/** Who may edit a seat's row besides the owner: its player, unless the seat is nobody's (a rehearsal's bot: email.ts). */
function editorsOf(email: string | undefined): string[] {
  return email && !isNobody(email) ? [email] : [];
}
