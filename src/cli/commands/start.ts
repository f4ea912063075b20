// genius-host start [GAME...]: whole matches of bots, every workbook written to --out (demo.ts);
// genius-host start SETUP.json --spreadsheet ID: New match… from a machine (start-command.ts).

import { EXAMPLE_GAME } from '../../engine/index.js';
import { existsSync } from 'node:fs';
import { InputError } from '../../node/errors.js';
import { machineParts } from '../../node/machine-parts.js';
import { type Command, EXAMPLE_ID, type Output, type Values } from '../args.js';
import { runDemo } from '../demo.js';
import { countOption, spreadsheetOption, withGoogle } from '../read-match.js';
import { startOnSpreadsheet } from '../start-command.js';

export const start: Command = {
  options: ['seed', 'players', 'bot', 'out', 'spreadsheet'],
  positionals: { min: 0, max: Infinity, what: 'games' },
  example: `genius-host start ${EXAMPLE_GAME.id}`,
  run({ values, positionals }, { out, progress }) {
    if (values.spreadsheet !== undefined) return startFromSetup(positionals, values, { out, progress });
    refuseSetupFiles(positionals);
    return runDemo({
      games: positionals,
      seed: values.seed,
      players: countOption(values.players, '--players'),
      bot: values.bot,
      outDir: values.out ?? 'out',
      print: out,
      progress,
    });
  },
};

function startFromSetup(positionals: readonly string[], values: Values, { out, progress }: Output): number {
  const setup = positionals[0];
  if (positionals.length !== 1 || setup === undefined)
    throw new InputError(
      `start --spreadsheet takes one setup file, e.g. genius-host start setup.json --spreadsheet ${EXAMPLE_ID} (docs/machine-host.md: Starting a match from a machine)`,
    );
  const other = (['seed', 'players', 'bot', 'out'] as const).find((o) => values[o] !== undefined);
  if (other)
    throw new InputError(
      `start --spreadsheet takes no --${other}: the setup file says it all (its "seed", its "players")`,
    );
  const spreadsheet = spreadsheetOption(values.spreadsheet ?? '', '--spreadsheet');
  return withGoogle((google) =>
    startOnSpreadsheet({
      file: setup,
      spreadsheet,
      google,
      parts: machineParts,
      out,
      log: (line) => progress.write(`${line}\n`),
    }),
  );
}

/** A setup file named without --spreadsheet is not a game: says what it needs. */
function refuseSetupFiles(words: readonly string[]): void {
  for (const word of words) {
    if (/\.json$/i.test(word) || existsSync(word)) {
      throw new InputError(
        `start ${word}: a setup file starts a match on Google and needs --spreadsheet ID (the host spreadsheet's id), e.g. genius-host start ${word} --spreadsheet 1AbC…; without it, start plays bot matches of the games named, e.g. genius-host start ${EXAMPLE_GAME.id}`,
      );
    }
  }
}
