// genius-host login --client CLIENT.json: the one-time sign-in in the browser (src/node/browser-login.ts).

import { InputError } from '../../node/errors.js';
import { login as signIn } from '../../node/browser-login.js';
import type { Command } from '../args.js';

export const login: Command = {
  options: ['client'],
  positionals: { min: 0, max: 0, what: 'arguments' },
  example: 'genius-host login --client client_secret.json',
  run({ values }, { progress }) {
    if (values.client === undefined)
      throw new InputError(
        'login needs --client CLIENT.json, the OAuth client file of a Desktop app (docs/machine-host.md: Signing in as your own account)',
      );
    return signIn(values.client, (line) => progress.write(`${line}\n`));
  },
};
