// The genius-host command line: replay, new, show, start, render, pull, verify, host, login. Only this folder and
// src/node (Google's REST APIs) touch Node.
// Every mistake in how it is called or in its input is one line on stderr and exit status 1.

import { existsSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { seedCommitment } from '../engine/core/commitment.js';
import { inert, inertJson } from '../engine/core/quote.js';
import { type Audience } from '../engine/core/view.js';
import {
  EXAMPLE_GAME,
  GAMES,
  GAME_LIST,
  type MatchFile,
  audiencesOf,
  loadMatch,
  newMatch,
  replayMatch,
  replayOutput,
  stringifyMatchFile,
  viewFor,
} from '../engine/index.js';
import { GoogleCalls, GoogleError } from '../node/bridge.js';
import { RestSpreadsheet } from '../node/ports.js';
import { type RenderReport, renderView } from '../sheets/index.js';
import { LOG_TAB, MatchLog } from '../triggers/log.js';
import { type ProgressSink, botNames, checkOutDir, renderMatch, runDemo } from './demo.js';
import { InputError, closest, inFile } from './errors.js';
import { parseJsonFile, readTextFile } from './json-text.js';
import { readerOf } from './outputs.js';
import { viewText } from './text.js';
import { verify } from './verify.js';
import { HOST_HELP } from './host-help.js';
import { everyOption, hostMatch } from './host-command.js';
import { redactSecrets } from '../engine/core/redact.js';
import { machineDiscord } from '../node/discord.js';

/** The version of this build (scripts/build.mjs defines it from package.json; "unbuilt" when run from src/). */
declare const GENIUS_HOST_VERSION: string | undefined;
const VERSION = typeof GENIUS_HOST_VERSION === 'string' ? GENIUS_HOST_VERSION : 'unbuilt';
import { machineParts } from '../node/machine-parts.js';
import { login } from '../node/login.js';
import { startOnSpreadsheet } from './start-command.js';

const USAGE = `genius-host: host "The Genius"-style games from a spreadsheet.

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
                                           the commitment shown from the start, and replaying it gives the
                                           published final result (exit 1 if either does not hold)
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
in, else Application Default Credentials; README: Hosting from a machine.

--now TIME replays as of TIME (e.g. 2026-11-21T18:00:00Z) a match file with a schedule; a file
without a schedule is a complete record and every phase in it closes, whatever --now says.

Games, with their bots (the first is the default; without --bot players take them in turn):
${GAME_LIST.map((game) => `  ${game.id.padEnd(18)} ${botNames(game).join(', ')}`).join('\n')}`;

const EXAMPLE_FILE = `examples/${EXAMPLE_GAME.id}.json`;
/** The shape of a spreadsheet ID, for examples. */
const EXAMPLE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
/** The shape of a commitment (the SHA-256 of the seed "genius"), for examples. */
const EXAMPLE_COMMITMENT = seedCommitment('genius');

/** What each command takes: its options and how many positional arguments. */
const COMMANDS = {
  replay: { options: ['now'], positionals: { min: 1, max: 1, what: 'a match file' } },
  new: { options: ['players', 'seed'], positionals: { min: 1, max: 1, what: 'a game' } },
  show: { options: ['as', 'all', 'now'], positionals: { min: 1, max: 1, what: 'a match file' } },
  start: {
    options: ['seed', 'players', 'bot', 'out', 'spreadsheet'],
    positionals: { min: 0, max: Infinity, what: 'games' },
  },
  render: { options: ['out', 'now', 'to-sheets', 'as'], positionals: { min: 1, max: 1, what: 'a match file' } },
  pull: { options: ['spreadsheet'], positionals: { min: 0, max: 0, what: 'arguments' } },
  verify: { options: ['commitment'], positionals: { min: 1, max: 1, what: 'a match file' } },
  host: { options: ['spreadsheet', 'once', 'every'], positionals: { min: 0, max: 0, what: 'arguments' } },
  login: { options: ['client'], positionals: { min: 0, max: 0, what: 'arguments' } },
  help: { options: [], positionals: { min: 0, max: 1, what: 'a command' } },
} as const;
type Command = keyof typeof COMMANDS;

const OPTIONS = {
  now: { type: 'string', example: '--now 2026-11-21T18:00:00Z' },
  players: { type: 'string', example: '--players 4' },
  seed: { type: 'string', example: '--seed mine' },
  as: { type: 'string', example: '--as public' },
  all: { type: 'boolean', example: '--all' },
  bot: { type: 'string', example: '--bot random' },
  out: { type: 'string', example: '--out out' },
  'to-sheets': { type: 'string', example: `--to-sheets ${EXAMPLE_ID}` },
  spreadsheet: { type: 'string', example: `--spreadsheet ${EXAMPLE_ID}` },
  commitment: { type: 'string', example: `--commitment ${EXAMPLE_COMMITMENT}` },
  once: { type: 'boolean', example: '--once' },
  every: { type: 'string', example: '--every 60s' },
  client: { type: 'string', example: '--client client_secret.json' },
} as const;
type OptionName = keyof typeof OPTIONS;
type Values = {
  now?: string;
  players?: string;
  seed?: string;
  as?: string;
  all?: boolean;
  bot?: string;
  out?: string;
  'to-sheets'?: string;
  spreadsheet?: string;
  commitment?: string;
  once?: boolean;
  every?: string;
  client?: string;
};

/** Parses the arguments of one command, refusing what that command does not take, with a suggestion. */
function parseCommand(
  command: Command,
  args: readonly string[],
): { values: Values; positionals: string[]; help: boolean } {
  const spec = COMMANDS[command];
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(Object.entries(OPTIONS).map(([name, o]) => [name, { type: o.type }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  let help = false;
  const takes = spec.options as readonly string[];
  const listed = takes.length > 0 ? `it takes ${takes.map((o) => `--${o}`).join(', ')}` : 'it takes no options';
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    if (token.name === 'help' || token.name === 'h') {
      help = true;
      continue;
    }
    const name = token.name as OptionName;
    if (!takes.includes(name)) {
      if (name in OPTIONS) throw new InputError(`${command} takes no ${token.rawName} (${listed})`);
      const guess = closest(token.name, takes) ?? closest(token.name, Object.keys(OPTIONS));
      const hint = guess === undefined ? '' : takes.includes(guess) ? `; did you mean --${guess}?` : '';
      throw new InputError(`${command}: unknown option ${token.rawName}${hint} (${listed})`);
    }
    const option = OPTIONS[name];
    if (option.type === 'boolean') {
      if (token.value !== undefined)
        throw new InputError(`${token.rawName} takes no value (write just ${token.rawName})`);
      values[name] = true;
      continue;
    }
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
      throw new InputError(`${token.rawName} needs a value, e.g. ${option.example}`);
    }
    if (token.value === '') throw new InputError(`${token.rawName} is empty; give a value, e.g. ${option.example}`);
    if (!token.inlineValue && token.value.startsWith('-') && name !== 'seed') {
      throw new InputError(`${token.rawName} needs a value, e.g. ${option.example} (got ${token.value})`);
    }
    if (name in values) throw new InputError(`${token.rawName} is given twice`);
    values[name] = token.value;
  }
  const { min, max, what } = spec.positionals;
  if (!help && positionals.length < min) throw new InputError(`${command} needs ${what}, e.g. ${exampleOf(command)}`);
  if (positionals.length > max) {
    if (max === 0) throw new InputError(`${command} takes no ${what}; got ${positionals.join(' ')}`);
    throw new InputError(
      `${command} takes one ${what.replace(/^an? /, '')}; got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  return { values: values as Values, positionals, help };
}

function exampleOf(command: Command): string {
  if (command === 'new') return `genius-host new ${EXAMPLE_GAME.id} (games: ${[...GAMES.keys()].join(', ')})`;
  if (command === 'start') return `genius-host start ${EXAMPLE_GAME.id}`;
  if (command === 'pull') return `genius-host pull --spreadsheet ${EXAMPLE_ID} > match.json`;
  if (command === 'verify') return `genius-host verify match.json --commitment ${EXAMPLE_COMMITMENT}`;
  if (command === 'host') return `genius-host host --spreadsheet ${EXAMPLE_ID} --every 60s`;
  return `genius-host ${command} ${EXAMPLE_FILE}`;
}

function readMatch(file: string): MatchFile {
  const { text, name } = readMatchText(file);
  return matchFrom(text, name);
}

/** The text of a match file (`-`: standard input) and the name its errors give it. */
function readMatchText(file: string): { text: string; name: string } {
  return readTextFile(file, `not a match file (e.g. ${EXAMPLE_FILE})`);
}

function matchFrom(text: string, file: string): MatchFile {
  const match = loadMatch(parseJsonFile(text, file));
  if (!match.ok) throw inFile(file, match.error);
  return match.value;
}

function nowOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Number.isNaN(Date.parse(value)))
    throw new InputError(`--now: "${value}" is not a time (e.g. 2026-11-21T18:00:00Z)`);
  return new Date(Date.parse(value)).toISOString();
}

/**
 * Replays as of --now. A match file without a schedule is a complete record in which every phase
 * closes (docs/matchfile.md), so --now has no deadlines to compare and changes nothing.
 */
function replayAt(match: MatchFile, now: string | undefined) {
  const time = nowOption(now);
  return replayMatch(match, { now: match.schedule ? time : undefined });
}

/** A spreadsheet ID, or the ID in a spreadsheet's address. */
function spreadsheetOption(value: string, flag: string): string {
  const fromUrl = /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/.exec(value)?.[1];
  const id = fromUrl ?? value.trim();
  if (!/^[A-Za-z0-9_-]{10,}$/.test(id))
    throw new InputError(
      `${flag}: "${value}" is not a spreadsheet ID (the part of its address between /d/ and /edit, e.g. ${flag} ${EXAMPLE_ID})`,
    );
  return id;
}

/** Runs `work` with calls to Google's APIs (a worker thread, ended afterwards). */
function withGoogle<T>(work: (google: GoogleCalls) => T): T {
  const google = new GoogleCalls();
  try {
    return work(google);
  } finally {
    google.close();
  }
}

/** Renders one audience's view into a Google spreadsheet: one spreadsheets.get, one batchUpdate (several over 2 MB). */
function renderToSheets(
  match: MatchFile,
  now: string | undefined,
  target: string,
  as: string | undefined,
  out: (text: string) => void,
): number {
  const id = spreadsheetOption(target, '--to-sheets');
  const result = replayAt(match, now);
  const audience = (as ?? 'public') as Audience;
  if (!audiencesOf(result).includes(audience))
    throw new InputError(`--as: "${audience}" is not an audience of this match (${audiencesOf(result).join(', ')})`);
  const view = viewFor(result, audience);
  return withGoogle((google) => {
    const sheet = new RestSpreadsheet(google, id);
    let report: RenderReport;
    try {
      report = renderView(sheet, view);
    } catch (error) {
      // A batchUpdate whose first try took effect but timed out is refused when tried again (its
      // new tabs exist now): render once more from what the spreadsheet holds now.
      if (!(error instanceof GoogleError && error.retried && error.status === 400)) throw error;
      report = renderView(sheet, view);
    }
    const calls = (n = 0, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    out(
      `${result.game.title}: the ${readerOf(audience, result)} workbook is in ${sheet.url} (${report.batches === 1 ? 'one batchUpdate' : `${report.batches} batchUpdates`} of ${report.requests} requests, ${Math.ceil(report.bytes / 1024)} KB; Sheets API calls: ${calls(google.counts.getSpreadsheet, 'read')}, ${calls(google.counts.batchUpdate, 'write')})\n`,
    );
    return 0;
  });
}

/** login --client CLIENT.json: the one-time sign-in in the browser (src/node/login.ts). */
function loginCommand(client: string | undefined, progress: ProgressSink): Promise<number> {
  if (client === undefined)
    throw new InputError(
      'login needs --client CLIENT.json, the OAuth client file of a Desktop app (README: Signing in as your own account)',
    );
  return login(client, (line) => progress.write(`${line}\n`));
}

/** render FILE: every workbook to --out, or one into a Google spreadsheet (--to-sheets). */
function render(
  file: string,
  values: Values,
  out: (text: string) => void,
  progress: ProgressSink,
): number | Promise<number> {
  if (values['to-sheets'] !== undefined) {
    if (values.out !== undefined) throw new InputError('render writes to --out or to --to-sheets, not both');
    return renderToSheets(readMatch(file), values.now, values['to-sheets'], values.as, out);
  }
  if (values.as !== undefined)
    throw new InputError(
      '--as picks the workbook --to-sheets writes; without --to-sheets render writes every workbook to --out',
    );
  const outDir = values.out ?? join('out', 'rendered', basename(file, extname(file)));
  checkOutDir(outDir);
  const match = readMatch(file);
  return renderMatch(match, replayAt(match, values.now), outDir, out, progress);
}

/** start SETUP.json --spreadsheet ID: New match… from a machine (start-command.ts). */
function startFromSetup(
  positionals: readonly string[],
  values: Values,
  out: (text: string) => void,
  progress: ProgressSink,
): number {
  const setup = positionals[0];
  if (positionals.length !== 1 || setup === undefined)
    throw new InputError(
      `start --spreadsheet takes one setup file, e.g. genius-host start setup.json --spreadsheet ${EXAMPLE_ID} (README: Starting a match from a machine)`,
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

/** The match a host spreadsheet's log keeps, as a match file on stdout (two Sheets API reads). */
function pull(spreadsheet: string | undefined, out: (text: string) => void): number {
  if (spreadsheet === undefined) throw new InputError(`pull needs --spreadsheet ID, e.g. ${exampleOf('pull')}`);
  const id = spreadsheetOption(spreadsheet, '--spreadsheet');
  return withGoogle((google) => {
    let read: ReturnType<MatchLog['read']>;
    try {
      read = new MatchLog(new RestSpreadsheet(google, id)).read();
    } catch (error) {
      if (error instanceof InputError) throw error;
      // The log's own complaints (a damaged row, a file that does not load) name the tab and row.
      throw new InputError(`spreadsheet ${id}: ${(error as Error).message}`);
    }
    if (!read)
      throw new InputError(
        `spreadsheet ${id} keeps no match (it has no "${LOG_TAB}" tab): is it the spreadsheet a match was started from?`,
      );
    out(inertJson(stringifyMatchFile(read.match)));
    return 0;
  });
}

/** genius-host host: the minute tick from this machine, once or --every (src/local/host-command.ts). */
async function host(values: Values, progress: ProgressSink): Promise<number> {
  if (values.spreadsheet === undefined) throw new InputError(`host needs --spreadsheet ID, e.g. ${exampleOf('host')}`);
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
}

function countOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 1)
    throw new InputError(`${flag}: "${value}" is not a number of players (a whole number, 1 or more), e.g. ${flag} 4`);
  return n;
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

function gameOption(id: string): string {
  if (GAMES.has(id)) return id;
  const guess = closest(id, [...GAMES.keys()]);
  throw new InputError(
    `unknown game "${id}"${guess ? `; did you mean ${guess}?` : ''} (one of ${[...GAMES.keys()].join(', ')})`,
  );
}

function commandOf(word: string): Command {
  if (word in COMMANDS) return word as Command;
  const guess = closest(word, Object.keys(COMMANDS));
  const hint = guess ? `; did you mean ${guess}?` : '';
  throw new InputError(
    `unknown command "${word}"${hint} (commands: ${Object.keys(COMMANDS).join(', ')}; genius-host help explains them)`,
  );
}

async function main(
  argv: readonly string[],
  out: (text: string) => void = (t) => process.stdout.write(t),
  progress: ProgressSink = { write: (t) => process.stderr.write(t), live: Boolean(process.stderr.isTTY) },
): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    out(`${USAGE}\n`);
    return 0;
  }
  if (first === '--version' || first === '-v' || first === 'version') {
    out(`genius-host ${VERSION}\n`);
    return 0;
  }
  if (first.startsWith('-'))
    throw new InputError(
      `name a command before the options, e.g. genius-host start ${argv.join(' ')} (genius-host help lists the commands)`,
    );
  const command = commandOf(first);
  const { values, positionals, help } = parseCommand(command, rest);
  if (help) {
    out(`${command === 'host' ? HOST_HELP : USAGE}\n`);
    return 0;
  }

  switch (command) {
    case 'replay': {
      const result = replayAt(readMatch(positionals[0]), values.now);
      // JSON escapes C0 controls itself; inertJson escapes the C1 ones and direction controls a terminal may act on.
      out(`${inertJson(JSON.stringify(replayOutput(result), null, 2))}\n`);
      return 0;
    }
    case 'new': {
      const game = gameOption(positionals[0]);
      const match = newMatch(game, { players: countOption(values.players, '--players'), seed: values.seed });
      if (!match.ok) throw new InputError(match.error);
      out(stringifyMatchFile(match.value));
      return 0;
    }
    case 'show': {
      const result = replayAt(readMatch(positionals[0]), values.now);
      const audience = (values.as ?? 'public') as Audience;
      if (!audiencesOf(result).includes(audience)) {
        throw new InputError(
          `--as: "${audience}" is not an audience of this match (${audiencesOf(result).join(', ')})`,
        );
      }
      out(
        `${viewText(viewFor(result, audience), { colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR }, values.all)}\n`,
      );
      return 0;
    }
    case 'start':
      if (values.spreadsheet !== undefined) return startFromSetup(positionals, values, out, progress);
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
    case 'render':
      return render(positionals[0], values, out, progress);
    case 'pull':
      return pull(values.spreadsheet, out);
    case 'verify': {
      const { text, name } = readMatchText(positionals[0]);
      return verify(text, name, values.commitment, out);
    }
    case 'login':
      return loginCommand(values.client, progress);
    case 'host':
      return host(values, progress);
    case 'help':
      if (positionals[0] === 'host') {
        out(`${HOST_HELP}\n`);
        return 0;
      }
      if (positionals[0] !== undefined) commandOf(positionals[0]);
      out(`${USAGE}\n`);
      return 0;
  }
}

const FILE_ERRORS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'not allowed',
  EPERM: 'not allowed',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'already exists',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

/** The one line the CLI prints for an error: its own message, a file system error, or a bug. */
export function errorLine(error: unknown): string {
  // A message may quote a Discord webhook's URL (a failed post's exception): never printed whole.
  if (error instanceof InputError) return redactSecrets(error.message);
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  if (code && FILE_ERRORS[code])
    return `${path ?? syscall ?? 'a file'}: ${FILE_ERRORS[code]}${syscall ? ` (${syscall})` : ''}`;
  if (code === 'EPIPE') return 'the output was closed before everything was written';
  const message = redactSecrets((error as Error)?.message ?? String(error));
  return `internal error: ${message.split('\n')[0]} (a bug in genius-host; GENIUS_HOST_DEBUG=1 prints where it happened)`;
}

/** Runs the CLI as a process: one line on stderr and exit 1 for any error; no stack trace unless GENIUS_HOST_DEBUG is set. */
export function runCli(argv: readonly string[]): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    // `genius-host replay FILE | head` closes the pipe early: that is not the user's mistake.
    if (error.code === 'EPIPE') process.exit(0);
  });
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // One line, and inert: a message may carry a player's name or a file's text (src/engine/core/quote.ts).
      process.stderr.write(`genius-host: ${inert(errorLine(error).replace(/\s*\n\s*/g, ' '))}\n`);
      if (process.env.GENIUS_HOST_DEBUG && error instanceof Error && !(error instanceof InputError))
        process.stderr.write(`${error.stack}\n`);
      process.exitCode = 1;
    },
  );
}
