// genius-host pull --spreadsheet ID: the match a host spreadsheet's log keeps, as a match file on
// stdout (two Sheets API reads).

import { inertJson } from '../../engine/core/quote.js';
import { stringifyMatchFile } from '../../engine/index.js';
import { InputError } from '../../node/errors.js';
import { RestSpreadsheet } from '../../node/rest-spreadsheet.js';
import { LOG_TAB, MatchLog } from '../../triggers/saved/match-log.js';
import { type Command, EXAMPLE_ID } from '../args.js';
import { spreadsheetOption, withGoogle } from '../read-match.js';

export const pull: Command = {
  options: ['spreadsheet'],
  positionals: { min: 0, max: 0, what: 'arguments' },
  example: `genius-host pull --spreadsheet ${EXAMPLE_ID} > match.json`,
  run({ values }, { out }) {
    if (values.spreadsheet === undefined) throw new InputError(`pull needs --spreadsheet ID, e.g. ${pull.example}`);
    const id = spreadsheetOption(values.spreadsheet, '--spreadsheet');
    return withGoogle((google) => {
      let read: ReturnType<MatchLog['read']>;
      try {
        read = new MatchLog(new RestSpreadsheet(google, id)).read();
      } catch (error) {
        if (error instanceof InputError) throw error;
        // The log's own complaints (a damaged row, a file that does not load) name the tab and row.
        throw new InputError(`spreadsheet ${id}: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!read)
        throw new InputError(
          `spreadsheet ${id} keeps no match (it has no "${LOG_TAB}" tab): is it the spreadsheet a match was started from?`,
        );
      out(inertJson(stringifyMatchFile(read.match)));
      return 0;
    });
  },
};
