// genius-host replay FILE [--now TIME]: the replay of a match file as JSON (docs/matchfile.md).

import { inertJson } from '../../engine/core/quote.js';
import { replayOutput } from '../../engine/index.js';
import { type Command, EXAMPLE_FILE } from '../args.js';
import { readMatch, replayAt } from '../read-match.js';

export const replay: Command = {
  options: ['now'],
  positionals: { min: 1, max: 1, what: 'a match file' },
  example: `genius-host replay ${EXAMPLE_FILE}`,
  run({ values, positionals }, { out }) {
    const result = replayAt(readMatch(positionals[0]), values.now);
    // JSON escapes C0 controls itself; inertJson escapes the C1 ones and direction controls a terminal may act on.
    out(`${inertJson(JSON.stringify(replayOutput(result), null, 2))}\n`);
    return 0;
  },
};
