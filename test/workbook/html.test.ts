// The HTML page of a workbook: every tab as a section, cells as the sheet shows them (merges as
// spans, two-colour halves, notes), player text escaped. Drawn from a bot match of the sandbox's
// game (test/helpers/sandbox-game.ts), whose boards have all three.
import { describe, expect, it } from 'vitest';
import { newMatch, playMatch, replayMatch, samplePlayers } from '../../src/engine/index.js';
import { workbookHtml } from '../../src/workbook/html.js';
import { renderAudience } from '../../src/cli/outputs.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { SANDBOX_GAME } from '../helpers/sandbox-game.js';

describe('the HTML page of a workbook', () => {
  const players = samplePlayers(4).map((p, i) => (i === 0 ? { ...p, name: '<script>alert(1)</script>' } : p));
  const fresh = newMatch(SANDBOX_GAME.id, { seed: 'html', players });
  if (!fresh.ok) throw new Error(fresh.error);
  const result = replayMatch(playMatch(fresh.value));
  const { workbook } = renderAudience(result, 'public');
  const html = workbookHtml(workbook, { subtitle: 'for tests' });

  it('has a tab strip and one section per tab, in order', () => {
    const nav = [...html.matchAll(/<a href="#tab-(\d+)">([^<]+)<\/a>/g)].map((m) => m[2]);
    expect(nav).toEqual(workbook.tabs.map((t) => t.title));
    const sections = [...html.matchAll(/<section class="sheet" id="tab-(\d+)">/g)].map((m) => Number(m[1]));
    expect(sections).toEqual(workbook.tabs.map((t) => t.sheetId));
  });

  it('escapes player text', () => {
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('draws merges as spans, two-colour cells as two differently filled halves, and notes as hover text', () => {
    expect(html).toMatch(/<td class="[^"]*" colspan="2"/);
    // A two-colour cell: a cell with a single letter followed by a cell with a letter.
    expect(html).toMatch(
      /title="[A-H]\d: (red|blue|yellow|green)[^"]* and (red|blue|yellow|green)[^"]*"><div class="s\d+">[RBYG]<\/div><\/td><td class="[^"]*" title="[A-H]\d: /,
    );
    expect(html).toContain('<td class="');
  });

  it('draws a hand-made sheet faithfully: sizes, fills, lines and frozen rows', () => {
    const small = new EmbeddedWorkbook('small');
    small.batchUpdate([
      {
        updateSheetProperties: {
          properties: { sheetId: 0, gridProperties: { rowCount: 3, columnCount: 2, frozenRowCount: 1 } },
          fields: 'gridProperties(rowCount,columnCount,frozenRowCount)',
        },
      },
      {
        updateDimensionProperties: {
          range: { sheetId: 0, dimension: 'COLUMNS', startIndex: 0, endIndex: 1 },
          properties: { pixelSize: 33 },
          fields: 'pixelSize',
        },
      },
      {
        updateCells: {
          range: { sheetId: 0, startRowIndex: 1, endRowIndex: 2, startColumnIndex: 0, endColumnIndex: 2 },
          rows: [
            {
              values: [
                {
                  userEnteredValue: { numberValue: 7 },
                  userEnteredFormat: { backgroundColorStyle: { rgbColor: { red: 1 } } },
                },
                { userEnteredValue: { stringValue: 'a & b' } },
              ],
            },
          ],
          fields: '*',
        },
      },
      {
        updateBorders: {
          range: { sheetId: 0, startRowIndex: 1, endRowIndex: 2, startColumnIndex: 0, endColumnIndex: 1 },
          right: { style: 'SOLID_THICK' },
        },
      },
    ]);
    const page = workbookHtml(small);
    const css = (name: string) => new RegExp(`\\.${name}\\{([^}]*)\\}`).exec(page)![1];
    expect(page).toContain('<col style="width:33px">');
    expect(page).toContain('<tr style="height:21px" class="frozen">');
    // Text never grows its row: each cell's text is clipped at the row's height, as in Sheets.
    const clip = /<div class="(s\d+)">a &amp; b<\/div>/.exec(page)![1];
    expect(css(clip)).toBe('max-height:20px;overflow-x:visible;overflow-y:clip');
    const red = /<td class="(s\d+)"><div class="s\d+">7<\/div>/.exec(page)![1];
    expect(css(red)).toContain('background:#FF0000');
    expect(css(red)).toContain('border-right:3px solid #000000');
    expect(css(red)).toContain('text-align:right');
    // The line is shared: the cell to the right draws it as its left border.
    const text = /<td class="(s\d+)"><div class="s\d+">a &amp; b<\/div>/.exec(page)![1];
    expect(css(text)).toContain('border-left:3px solid #000000');
  });
});
