// genius-host verify FILE --commitment HASH: a published match file checked against the commitment
// shown from the start, and replayed to its published result (../verify.ts).

import { seedCommitment } from '../../engine/core/commitment.js';
import type { Command } from '../args.js';
import { readMatchText } from '../inputs.js';
import { verify as verifyMatch } from '../verify.js';

export const verify: Command = {
  options: ['commitment'],
  positionals: { min: 1, max: 1, what: 'a match file' },
  example: `genius-host verify match.json --commitment ${seedCommitment('genius')}`,
  run({ values, positionals }, { out }) {
    const { text, name } = readMatchText(positionals[0]);
    return verifyMatch(text, name, values.commitment, out);
  },
};
