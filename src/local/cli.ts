// The genius-host command line: replay, new, show, start. Only this folder touches Node.

import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Audience } from '../engine/core/view.js';
import { GAMES, audiencesOf, loadMatchText, newMatch, replayMatch, replayOutput, stringifyMatchFile, viewFor } from '../engine/index.js';
import { renderMatch, runDemo } from './demo.js';
import { InputError } from './errors.js';
import { viewText } from './text.js';

const USAGE = `genius-host: host "The Genius"-style games from a spreadsheet.

Usage:
  genius-host replay FILE [--now TIME]     replay a match file; prints JSON (exit 1 if the file is malformed)
  genius-host new GAME [--players N] [--seed S]
                                           print a complete match file with default options
  genius-host show FILE [--as AUDIENCE] [--all] [--now TIME]
                                           print a view of a match (host, public, player:<id>, team:<id>)
  genius-host start [GAME] [--seed S] [--players N] [--bot NAME] [--out DIR]
                                           play a whole match of each game (or GAME) with bots and write
                                           every workbook (.xlsx and .html) and the match file to DIR (out/)
  genius-host render FILE [--out DIR] [--now TIME]
                                           write every workbook of a match file to DIR
                                           (default out/rendered/<file name>)
  genius-host help

Games: ${[...GAMES.keys()].join(', ')}`;


function readMatch(file: string | undefined) {
  if (!file) throw new InputError('name a match file, e.g. genius-host replay examples/not-flower-field.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const match = loadMatchText(text);
  if (!match.ok) throw new InputError(match.error);
  return match.value;
}

function nowOption(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Number.isNaN(Date.parse(value))) throw new InputError(`--now: "${value}" is not a time (e.g. 2026-11-21T18:00:00Z)`);
  return new Date(Date.parse(value)).toISOString();
}

function countOption(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InputError(`${flag}: "${value}" is not a whole number`);
  return n;
}

export async function main(argv: readonly string[], out: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      now: { type: 'string' },
      players: { type: 'string' },
      seed: { type: 'string' },
      as: { type: 'string' },
      all: { type: 'boolean' },
      bot: { type: 'string' },
      out: { type: 'string' },
    },
  });

  switch (command) {
    case 'replay': {
      const match = readMatch(positionals[0]);
      const result = replayMatch(match, { now: nowOption(values.now) });
      out(`${JSON.stringify(replayOutput(result), null, 2)}\n`);
      return 0;
    }
    case 'new': {
      const game = positionals[0];
      if (!game) throw new InputError(`name a game: ${[...GAMES.keys()].join(', ')}`);
      const match = newMatch(game, { players: countOption(values.players, '--players'), seed: values.seed });
      if (!match.ok) throw new InputError(match.error);
      out(stringifyMatchFile(match.value));
      return 0;
    }
    case 'show': {
      const match = readMatch(positionals[0]);
      const result = replayMatch(match, { now: nowOption(values.now) });
      const audience = (values.as ?? 'public') as Audience;
      if (!audiencesOf(result).includes(audience)) {
        throw new InputError(`--as: "${audience}" is not an audience of this match (${audiencesOf(result).join(', ')})`);
      }
      out(`${viewText(viewFor(result, audience), { colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR }, values.all)}\n`);
      return 0;
    }
    case 'start':
      return runDemo({
        games: positionals,
        seed: values.seed,
        players: countOption(values.players, '--players'),
        bot: values.bot,
        outDir: values.out ?? 'out',
        print: out,
      });
    case 'render': {
      const file = positionals[0];
      const match = readMatch(file);
      const result = replayMatch(match, { now: nowOption(values.now) });
      return renderMatch(match, result, values.out ?? join('out', 'rendered', basename(file!, extname(file!))), out);
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      out(`${USAGE}\n`);
      return 0;
    default:
      throw new InputError(`unknown command "${command}"\n\n${USAGE}`);
  }
}

/** Runs the CLI as a process: one line on stderr and exit 1 for a usage or input error. */
export function runCli(argv: readonly string[]): void {
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const known = error instanceof InputError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
      process.stderr.write(`genius-host: ${known ? (error as Error).message : `internal error: ${(error as Error).stack ?? String(error)}`}\n`);
      process.exitCode = 1;
    },
  );
}
