// What genius-host help prints, and the commands' names (a mistyped one is answered with the
// closest): one file per command in src/cli/commands/.

import { GAME_LIST } from '../engine/index.js';
import { InputError, closest } from '../node/errors.js';
import { botNames } from './demo.js';

const COMMAND_NAMES = [
  'replay',
  'new',
  'show',
  'start',
  'render',
  'pull',
  'verify',
  'season',
  'host',
  'login',
  'help',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

/** The command a word names; an unknown one is refused with the closest name. */
export function commandName(word: string): CommandName {
  const name = COMMAND_NAMES.find((c) => c === word);
  if (name !== undefined) return name;
  const guess = closest(word, COMMAND_NAMES);
  const hint = guess ? `; did you mean ${guess}?` : '';
  throw new InputError(
    `unknown command "${word}"${hint} (commands: ${COMMAND_NAMES.join(', ')}; genius-host help explains them)`,
  );
}

export const USAGE = `genius-host: host "The Genius"-style games from a spreadsheet.

Usage:
  genius-host replay FILE [--now TIME]     replay a match file (- reads standard input); prints JSON
                                           (exit 1 if the file is malformed)
  genius-host new GAME [--players N] [--seed S]
                                           print a complete match file with default options
  genius-host show FILE [--as AUDIENCE] [--all] [--now TIME]
                                           print a view of a match (host, public, player:<id>, team:<id>)
  genius-host start [GAME...] [--seed S] [--players N] [--bot NAME] [--out DIR]
                                           play a whole match of each game (or each GAME) with bots and write
                                           every workbook (.xlsx and .html) and the match file to DIR (out/)
  genius-host start SETUP.json --spreadsheet ID
                                           start a match in a host spreadsheet as the sidebar's New match…
                                           does (forms, sheets, sharing); run it again after a failure
  genius-host render FILE [--out DIR] [--now TIME]
                                           write every workbook of a match file to DIR
                                           (default out/rendered/<file name>)
  genius-host render FILE --to-sheets ID [--as AUDIENCE] [--now TIME]
                                           render one workbook (public unless --as) into the Google
                                           spreadsheet ID with one batchUpdate
  genius-host pull --spreadsheet ID        print the match a host spreadsheet keeps (its match log)
                                           as a match file: genius-host pull --spreadsheet ID > match.json
  genius-host verify FILE --commitment HASH
                                           check a match file published at the end of a match (the Seed
                                           tab of the spectators' sheet): the SHA-256 of its seed is HASH,
                                           the commitment shown from the start, replaying it gives the
                                           published final result, every receipt it lists matches
                                           its submission, and its log's chain holds (exit 1 if any
                                           does not hold)
  genius-host verify FILE --receipt CODE[,CODE…]
                                           what became of the moves your receipts (Receipt column of
                                           your private sheet) were given for: found as logged, nothing
                                           logged before them changed, counted or what replaced them,
                                           and what was logged after them for your seat (exit 1 if a
                                           move did not count or the file was changed; docs/trust.md)
  genius-host season FILES...|DIR          a season's ledger (garnets, Tokens of Life, who is still in)
                                           from its match files in order, and each match checked to start
                                           where the last one ended (exit 1 naming the first that does not);
                                           verify FILES...|DIR checks the chain alone
  genius-host host --spreadsheet ID [--once | --every 60s]
                                           host a match from this machine: the add-on's minute tick
                                           (genius-host help host explains it)
  genius-host login --client CLIENT.json   sign in once in the browser as your own Google account
                                           (CLIENT.json: a Desktop app OAuth client file)
  genius-host help
  genius-host --version                    the version of this build

ID is a Google spreadsheet's ID (the part of its address between /d/ and /edit) or its address.
render --to-sheets, pull, host and start --spreadsheet call Google's APIs as the credential of
GOOGLE_APPLICATION_CREDENTIALS (a service account's key file), else the account genius-host login signed
in, else Application Default Credentials; docs/machine-host.md: Hosting from a machine.

--now TIME replays as of TIME (e.g. 2026-11-21T18:00:00Z) a match file with a schedule; a file
without a schedule is a complete record and every phase in it closes, whatever --now says.

Games, with their bots (the first is the default; without --bot players take them in turn):
${GAME_LIST.map((game) => `  ${game.id.padEnd(18)} ${botNames(game).join(', ')}`).join('\n')}`;
