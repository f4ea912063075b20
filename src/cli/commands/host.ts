// genius-host host --spreadsheet ID [--once | --every 60s]: the minute tick from this machine
// (../host-command.ts; genius-host help host explains it).

import { GoogleCalls } from '../../node/bridge.js';
import { machineDiscord } from '../../node/machine-discord.js';
import { InputError } from '../../node/errors.js';
import { machineParts } from '../../node/machine-parts.js';
import { type Command, EXAMPLE_ID } from '../args.js';
import { everyOption, hostMatch } from '../host-command.js';
import { spreadsheetOption } from '../read-match.js';

export const host: Command = {
  options: ['spreadsheet', 'once', 'every'],
  positionals: { min: 0, max: 0, what: 'arguments' },
  example: `genius-host host --spreadsheet ${EXAMPLE_ID} --every 60s`,
  async run({ values }, { progress }) {
    if (values.spreadsheet === undefined) throw new InputError(`host needs --spreadsheet ID, e.g. ${host.example}`);
    if (values.once && values.every !== undefined) throw new InputError('host runs --once or --every, not both');
    const spreadsheet = spreadsheetOption(values.spreadsheet, '--spreadsheet');
    const everyMs = values.every === undefined ? undefined : everyOption(values.every);
    const google = new GoogleCalls();
    try {
      // The webhook the host gave this machine, if any (checked before the first execution).
      const discord = machineDiscord(google);
      const parts = (g: GoogleCalls) => ({ ...machineParts(g), ...(discord ? { discord } : {}) });
      return await hostMatch({ spreadsheet, everyMs, google, parts, log: (line) => progress.write(`${line}\n`) });
    } finally {
      google.close();
    }
  },
};
