// A spreadsheet's metadata is not read before every write (issue 26; src/triggers/saved/known-metadata.ts):
// a batchUpdate answers the metadata after it, a player's and the public spreadsheet's is kept
// between executions, a write refused with kept metadata is done again with metadata read afresh,
// and Re-render always reads. On the calm match of the sandbox's game (test/helpers/sandbox-game.ts).
import { describe, expect, it } from 'vitest';
import { botAnswers } from '../reliability/scenarios.js';
import type { ExecutionRecord } from '../sandbox/calls.js';
import { type Table, privatePart } from '../sandbox/players.js';
import { calmMatch } from '../sandbox/calm-match.js';

/** A match whose first round is open, every sheet drawn. */
function roundOpen(): Table {
  const table = calmMatch();
  const answered = table.answerPhase();
  if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no deadline');
  table.passDeadline(answered);
  return table;
}

/** The first player answers the open round by form: the execution of that answer. */
function answer(table: Table): { player: string; execution: ExecutionRecord } {
  const player = table.players()[0].id;
  const bot = botAnswers(table, player)!;
  const before = table.google.executions.length;
  expect(table.sendForm(player, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
  const execution = table.google.executions.slice(before).find((e) => e.name === 'onFormSubmitted');
  if (!execution) throw new Error('the answer ran no execution');
  return { player, execution };
}

const reads = (execution: ExecutionRecord, spreadsheet: string) =>
  execution.calls.filter((c) => c.name === 'Sheets.Spreadsheets.get' && c.spreadsheet === spreadsheet).length;
const writes = (execution: ExecutionRecord, spreadsheet: string) =>
  execution.calls.filter((c) => c.name === 'Sheets.Spreadsheets.batchUpdate' && c.spreadsheet === spreadsheet);
const titles = (table: Table, spreadsheet: string) =>
  table.google.spreadsheet(spreadsheet).workbook.tabs.map((tab) => tab.title);

describe("a spreadsheet's metadata known without reading it", () => {
  it("an answer's execution writes its sender's sheet without reading that sheet's metadata", () => {
    const table = roundOpen();
    const { player, execution } = answer(table);
    const sheet = table.playerFile(player).sheet;
    expect(writes(execution, sheet).filter((c) => !c.failed)).toHaveLength(1);
    expect(reads(execution, sheet)).toBe(0);
    // Nor the host's (issue 42): the log is read by its kept tab id with one values read, and its
    // append answers the metadata the host's own drawing then needs.
    expect(reads(execution, table.google.host.id)).toBe(0);
    const logReads = execution.calls.filter(
      (c) => c.name === 'Sheets.Spreadsheets.Values.get' && c.spreadsheet === table.google.host.id,
    );
    expect(logReads).toHaveLength(1);
  });

  it('a tab deleted by hand since the last write is drawn again: the refused write is done again as read now', () => {
    const table = roundOpen();
    const sheet = table.playerFile(table.players()[0].id).sheet;
    const file = table.google.spreadsheet(sheet);
    const drawn = titles(table, sheet);
    const gone = file.workbook.tabs.find((tab) => tab.title === 'Legend')!;
    // The player's sheet's owner (the host) deletes a tab by hand.
    file.workbook.batchUpdate([{ deleteSheet: { sheetId: gone.sheetId } }]);
    const { execution } = answer(table);
    const sent = writes(execution, sheet);
    // The first write, made with the kept metadata, names the deleted tab and is refused whole; the
    // metadata is read; the second write draws the sheet.
    expect(sent.map((c) => c.failed !== undefined)).toEqual([true, false]);
    expect(reads(execution, sheet)).toBe(1);
    expect(titles(table, sheet)).toEqual(drawn);
    expect(execution.error).toBeUndefined();
  });

  it('Re-render reads every spreadsheet’s metadata afresh', () => {
    const table = roundOpen();
    const before = table.google.executions.length;
    table.run('rerender');
    const execution = table.google.executions[before];
    for (const spreadsheet of [table.sharedId(), ...table.players().map((p) => table.playerFile(p.id).sheet)])
      expect(reads(execution, spreadsheet)).toBe(1);
  });
});
