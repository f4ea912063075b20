// The genius-host command line: replay, new, show, start, render, pull, verify, host, login, each
// in its own file in commands/. Only src/cli, src/node (Google's REST APIs) and the embedded
// workbook's exports touch Node.
// Every mistake in how it is called or in its input is one line on stderr and exit status 1.

import { inert } from '../engine/core/quote.js';
import { errorText, redactSecrets } from '../engine/core/redact.js';
import { InputError, isErrnoException } from '../node/errors.js';
import { type Output, parseCommand } from './args.js';
import { COMMANDS } from './commands/index.js';
import type { ProgressSink } from './demo.js';
import { HOST_HELP } from './host-help.js';
import { USAGE, commandName } from './usage.js';

/** The version of this build (scripts/build.mjs defines it from package.json; "unbuilt" when run from src/). */
declare const GENIUS_HOST_VERSION: string | undefined;
const VERSION = typeof GENIUS_HOST_VERSION === 'string' ? GENIUS_HOST_VERSION : 'unbuilt';

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
  const name = commandName(first);
  const command = COMMANDS[name];
  const { values, positionals, help } = parseCommand(name, command, rest);
  if (help) {
    out(`${name === 'host' ? HOST_HELP : USAGE}\n`);
    return 0;
  }
  const output: Output = { out, progress };
  return command.run({ values, positionals }, output);
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
  const { code, path, syscall } = isErrnoException(error) ? error : {};
  if (code && FILE_ERRORS[code])
    return `${path ?? syscall ?? 'a file'}: ${FILE_ERRORS[code]}${syscall ? ` (${syscall})` : ''}`;
  if (code === 'EPIPE') return 'the output was closed before everything was written';
  const message = errorText(error);
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
