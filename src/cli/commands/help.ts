// genius-host help [COMMAND]: the usage, or the host command's own page (genius-host help host).

import type { Command } from '../args.js';
import { HOST_HELP } from '../host-help.js';
import { USAGE, commandName } from '../usage.js';

export const help: Command = {
  options: [],
  positionals: { min: 0, max: 1, what: 'a command' },
  example: 'genius-host help host',
  run({ positionals: [topic] }, { out }) {
    // A mistyped command is answered with the closest name.
    const name = topic === undefined ? undefined : commandName(topic);
    out(`${name === 'host' ? HOST_HELP : USAGE}\n`);
    return 0;
  },
};
