// genius-host verify FILE --commitment HASH: a published match file checked against the commitment
// shown from the start, replayed to its published result, and its receipts checked; --receipt CODE:
// the submission a player's receipt was given for (../verify.ts).

import { seedCommitment } from '../../engine/core/commitment.js';
import type { Command } from '../args.js';
import { readMatchText } from '../inputs.js';
import { verify as verifyMatch } from '../verify.js';

export const verify: Command = {
  options: ['commitment', 'receipt'],
  positionals: { min: 1, max: 1, what: 'a match file' },
  example: `genius-host verify match.json --commitment ${seedCommitment('genius')}`,
  run({ values, positionals }, { out }) {
    const { text, name } = readMatchText(positionals[0]);
    return verifyMatch(text, name, { commitment: values.commitment, receipt: values.receipt }, out);
  },
};
