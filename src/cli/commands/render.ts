// genius-host render FILE: every workbook of a match to --out, or one into a Google spreadsheet
// (--to-sheets ID, one spreadsheets.get and one batchUpdate, several over 2 MB).

import { basename, extname, join } from 'node:path';
import { type MatchFile, viewFor } from '../../engine/index.js';
import { GoogleError } from '../../node/bridge.js';
import { InputError } from '../../node/errors.js';
import { RestSpreadsheet } from '../../node/rest-spreadsheet.js';
import { type RenderReport, renderView } from '../../sheets/index.js';
import { type Command, EXAMPLE_FILE } from '../args.js';
import { checkOutDir, renderMatch } from '../demo.js';
import { audienceOption, nowOption, readMatch, replayAt, spreadsheetOption, withGoogle } from '../read-match.js';
import { readerOf } from '../outputs.js';

export const render: Command = {
  options: ['out', 'now', 'to-sheets', 'as'],
  positionals: { min: 1, max: 1, what: 'a match file' },
  example: `genius-host render ${EXAMPLE_FILE}`,
  run({ values, positionals: [file] }, { out, progress }) {
    if (values['to-sheets'] !== undefined) {
      if (values.out !== undefined) throw new InputError('render writes to --out or to --to-sheets, not both');
      return renderToSheets(readMatch(file), values.now, values['to-sheets'], values.as, out);
    }
    if (values.as !== undefined)
      throw new InputError(
        '--as picks the workbook --to-sheets writes; without --to-sheets render writes every workbook to --out',
      );
    const outDir = values.out ?? join('out', 'rendered', basename(file, extname(file)));
    checkOutDir(outDir);
    const match = readMatch(file);
    return renderMatch(match, replayAt(match, values.now), outDir, out, progress, nowOption(values.now));
  },
};

/** Renders one audience's view into a Google spreadsheet: one spreadsheets.get, one batchUpdate (several over 2 MB). */
function renderToSheets(
  match: MatchFile,
  now: string | undefined,
  target: string,
  as: string | undefined,
  out: (text: string) => void,
): number {
  const id = spreadsheetOption(target, '--to-sheets');
  const result = replayAt(match, now);
  const audience = audienceOption(as, result);
  const view = viewFor(result, audience, { now: nowOption(now) });
  return withGoogle((google) => {
    const sheet = new RestSpreadsheet(google, id);
    let report: RenderReport;
    try {
      report = renderView(sheet, view);
    } catch (error) {
      // A batchUpdate whose first try took effect but timed out is refused when tried again (its
      // new tabs exist now): render once more from what the spreadsheet holds now.
      if (!(error instanceof GoogleError && error.retried && error.status === 400)) throw error;
      report = renderView(sheet, view);
    }
    const calls = (n = 0, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    out(
      `${result.game.title}: the ${readerOf(audience, result)} workbook is in ${sheet.url} (${report.batches === 1 ? 'one batchUpdate' : `${report.batches} batchUpdates`} of ${report.requests} requests, ${Math.ceil(report.bytes / 1024)} KB; Sheets API calls: ${calls(google.counts.getSpreadsheet, 'read')}, ${calls(google.counts.batchUpdate, 'write')})\n`,
    );
    return 0;
  });
}
