// A player's sheet starts with what to do (issue 40, item 2), and a player reads it on a phone: its
// title and lines wrap within a small (320 px) phone's width (less the sheet's row numbers), not across the
// boards' whole width, so nobody scrolls sideways to read what to send and by when. Every game,
// since each game's boards size the columns the header sits over.
import { describe, expect, it } from 'vitest';
import { GAME_LIST, replayMatch, viewFor } from '../../src/engine/index.js';
import { SheetModel, displayText } from '../../src/workbook/sheet-model.js';
import { finished, rendered } from '../helpers/demo-match.js';
import { sheetOf } from './helpers.js';

/** A small (320 px) phone less the row numbers (about 46 px) and the page's margins (about 20 px a side). */
const PHONE_TEXT = 320 - 46 - 40;

/**
 * The demo match cut off halfway, on hour-long phases that close as soon as everyone has answered:
 * half an hour in, the first phase still waiting for an answer is open, and p1 has a what-to-do header.
 */
function midway(game: string) {
  const { match } = finished(game);
  const half = {
    ...match,
    submissions: match.submissions.slice(0, Math.floor(match.submissions.length / 2)),
    decisions: [],
    startAt: '2026-01-01T00:00:00Z',
    schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {}, closeWhenReady: { default: true } },
  };
  const result = replayMatch(half, { now: '2026-01-01T00:30:00Z' });
  if (!result.open) throw new Error(`${game}: no phase is open halfway`);
  return result;
}

describe("a player's what-to-do header at a phone's width", () => {
  for (const game of GAME_LIST.map((g) => g.id))
    it(`${game}: wraps within ${PHONE_TEXT} px, and freezes nothing above the board`, () => {
      const view = viewFor(midway(game), 'player:p1', { formUrl: 'https://docs.google.com/forms/d/e/ann/viewform' });
      const todo = view.status.todo ?? [];
      expect(todo.length).toBeGreaterThan(0);
      const sheet = sheetOf(rendered(view), view.boards[0].tab);
      const model = new SheetModel(sheet);
      // The header rows: the title, then each what-to-do line, each one cell at the sheet's left.
      const rows = [view.title, ...todo].map((text) => {
        const row = sheet.cells.findIndex((line) => displayText(line?.[0]).startsWith(text.slice(0, 40)));
        expect(row, `"${text.slice(0, 40)}" at the left of a row`).toBeGreaterThanOrEqual(0);
        return row;
      });
      for (const row of rows) {
        const merge = model.mergeAt(row, 0);
        const end = merge ? merge.endColumnIndex : 1;
        const width = sheet.columnWidths.slice(0, end).reduce((sum, w) => sum + w, 0);
        expect(width, `row ${row + 1} spans ${width} px`).toBeLessThanOrEqual(PHONE_TEXT);
        expect(model.cell(row, 0)?.userEnteredFormat?.wrapStrategy).toBe('WRAP');
      }
      // Tall once wrapped: frozen, it would leave a phone's screen no room for the board.
      expect(sheet.frozenRowCount).toBe(0);
      // The spectators' sheet keeps its header across the boards, frozen as before.
      const spectators = viewFor(midway(game), 'public');
      expect(spectators.status.todo).toBeUndefined();
    });
});
