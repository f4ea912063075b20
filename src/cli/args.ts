// The command line's options, and the parsing of one command's arguments: what a command does not
// take is refused in one line, with a suggestion (src/cli/commands/ has one file per command).

import { EXAMPLE_GAME } from '../engine/index.js';
import { parseArgs } from 'node:util';
import { seedCommitment } from '../engine/core/commitment.js';
import { InputError, closest } from '../node/errors.js';
import type { ProgressSink } from './demo.js';

/** The shape of a spreadsheet ID, for examples. */
export const EXAMPLE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
/** A match file every checkout has, for examples. */
export const EXAMPLE_FILE = `examples/${EXAMPLE_GAME.id}.json`;
/** The shape of a commitment (the SHA-256 of the seed "genius"), for examples. */
const EXAMPLE_COMMITMENT = seedCommitment('genius');

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
  receipt: { type: 'string', example: `--receipt ${EXAMPLE_COMMITMENT}` },
  once: { type: 'boolean', example: '--once' },
  every: { type: 'string', example: '--every 60s' },
  client: { type: 'string', example: '--client client_secret.json' },
} as const;
type OptionName = keyof typeof OPTIONS;
/** The options given: a string or, for a boolean option, true. */
export type Values = {
  [name in OptionName]?: (typeof OPTIONS)[name]['type'] extends 'boolean' ? boolean : string;
};

/** Where a command writes: its result (stdout) and its progress (stderr). */
export interface Output {
  out: (text: string) => void;
  progress: ProgressSink;
}

/** One command: what it takes, an example of a call, and what it does. */
export interface Command {
  options: readonly OptionName[];
  positionals: { min: number; max: number; what: string };
  /** A whole call, shown when the positionals are missing. */
  example: string;
  run(call: { values: Values; positionals: string[] }, output: Output): number | Promise<number>;
}

function isOptionName(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name);
}

/** Parses the arguments of one command, refusing what that command does not take, with a suggestion. */
export function parseCommand(
  name: string,
  command: Pick<Command, 'options' | 'positionals' | 'example'>,
  args: readonly string[],
): { values: Values; positionals: string[]; help: boolean } {
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(Object.entries(OPTIONS).map(([option, o]) => [option, { type: o.type }])),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  let help = false;
  const takes: readonly string[] = command.options;
  const listed = takes.length > 0 ? `it takes ${takes.map((o) => `--${o}`).join(', ')}` : 'it takes no options';
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    if (token.name === 'help' || token.name === 'h') {
      help = true;
      continue;
    }
    if (!isOptionName(token.name) || !takes.includes(token.name)) {
      if (isOptionName(token.name)) throw new InputError(`${name} takes no ${token.rawName} (${listed})`);
      const guess = closest(token.name, takes) ?? closest(token.name, Object.keys(OPTIONS));
      const hint = guess === undefined ? '' : takes.includes(guess) ? `; did you mean --${guess}?` : '';
      throw new InputError(`${name}: unknown option ${token.rawName}${hint} (${listed})`);
    }
    const value = optionValue(token.name, token);
    if (value !== true && token.name in values) throw new InputError(`${token.rawName} is given twice`);
    values[token.name] = value;
  }
  const { min, max, what } = command.positionals;
  if (!help && positionals.length < min) throw new InputError(`${name} needs ${what}, e.g. ${command.example}`);
  if (positionals.length > max) {
    if (max === 0) throw new InputError(`${name} takes no ${what}; got ${positionals.join(' ')}`);
    throw new InputError(
      `${name} takes one ${what.replace(/^an? /, '')}; got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  // Every key was checked against OPTIONS and its value against that option's type just above (optionValue):
  // a cast, since which value type goes with which key is more than one guard over the whole object can say.
  return { values: values as Values, positionals, help };
}

/** An option's value: true for a boolean option, else the text after it (never another option). */
function optionValue(
  name: OptionName,
  token: { rawName: string; value?: string; inlineValue?: boolean },
): string | boolean {
  const option = OPTIONS[name];
  if (option.type === 'boolean') {
    if (token.value !== undefined)
      throw new InputError(`${token.rawName} takes no value (write just ${token.rawName})`);
    return true;
  }
  if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) {
    throw new InputError(`${token.rawName} needs a value, e.g. ${option.example}`);
  }
  if (token.value === '') throw new InputError(`${token.rawName} is empty; give a value, e.g. ${option.example}`);
  if (!token.inlineValue && token.value.startsWith('-') && name !== 'seed') {
    throw new InputError(`${token.rawName} needs a value, e.g. ${option.example} (got ${token.value})`);
  }
  return token.value;
}
