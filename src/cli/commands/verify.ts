// genius-host verify FILE --commitment HASH: a published match file checked against the commitment
// shown from the start, replayed to its published result, and its receipts checked; --receipt CODE:
// the submission a player's receipt was given for (../verify.ts).

import { seedCommitment } from '../../engine/core/commitment.js';
import type { Command } from '../args.js';
import { readMatchText } from '../read-match.js';
import { statSync } from 'node:fs';
import { InputError } from '../../node/errors.js';
import { checkChain, readSeason } from '../season.js';
import { verify as verifyMatch } from '../verify-command.js';

/** Whether a path is a directory (a season's): a path that is not there is read as a file, which says so. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export const verify: Command = {
  options: ['commitment', 'receipt'],
  positionals: { min: 1, max: Infinity, what: 'a match file' },
  example: `genius-host verify match.json --commitment ${seedCommitment('genius')}`,
  run({ values, positionals }, { out }) {
    // A season (several files, or their directory): the chain from match to match (docs/season.md).
    if (positionals.length > 1 || isDirectory(positionals[0])) {
      if (values.commitment !== undefined || values.receipt !== undefined)
        throw new InputError(
          'verify: --commitment and --receipt check one published file; a season (several files or a directory) is checked match to match without them',
        );
      return checkChain(readSeason(positionals), out);
    }
    const { text, name } = readMatchText(positionals[0]);
    return verifyMatch(text, name, { commitment: values.commitment, receipt: values.receipt }, out);
  },
};
