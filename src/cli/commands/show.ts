// genius-host show FILE [--as AUDIENCE] [--all] [--now TIME]: one audience's view as terminal text.

import { viewFor } from '../../engine/index.js';
import { type Command, EXAMPLE_FILE } from '../args.js';
import { audienceOption, nowOption, readMatch, replayAt } from '../read-match.js';
import { viewText } from '../text.js';

export const show: Command = {
  options: ['as', 'all', 'now'],
  positionals: { min: 1, max: 1, what: 'a match file' },
  example: `genius-host show ${EXAMPLE_FILE}`,
  run({ values, positionals }, { out }) {
    const result = replayAt(readMatch(positionals[0]), values.now);
    const audience = audienceOption(values.as, result);
    const colour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
    out(`${viewText(viewFor(result, audience, { now: nowOption(values.now) }), { colour }, values.all)}\n`);
    return 0;
  },
};
