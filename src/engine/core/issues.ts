// A schema's refusal as the one line a person acts on: the field, as they would write its path, and
// what it takes. zod's own texts ("Too big: expected int to be <=9007199254740991", "expected
// object, received array") name its types, not the file's; they are reworded here.

import type * as z from 'zod/mini';
import { closest } from './closest.js';
import { mention, quote } from './quote.js';

const PLAIN_KEY = /^[A-Za-z_$][\w$-]{0,39}$/;

/**
 * Formats a path the way a person would write it: `players[3].id`, `options.board[2]`. A key that
 * is not a plain name (a space, a dot, a line break, 300 characters) is written quoted and cut
 * short, `options.numbers["a b"]`, so the path stays one readable line.
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && PLAIN_KEY.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${quote(String(part))}]`;
  }
  return out === '' ? '(match file)' : out;
}

/** The value at `path` inside `input`, or undefined where the path leaves it. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let here = input;
  for (const part of path) {
    if (here === null || typeof here !== 'object' || !Object.prototype.hasOwnProperty.call(here, part))
      return undefined;
    here = Reflect.get(here, part);
  }
  return here;
}

/** What a value of each of zod's types is, in the words of a JSON file. */
const TAKES: Readonly<Record<string, string>> = {
  object: 'an object ({ … })',
  record: 'an object ({ … })',
  array: 'a list ([ … ])',
  tuple: 'a list ([ … ])',
  string: 'text in double quotes',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

/** What the file holds instead, shortly: `a list`, `text "5"`, `2.5`. */
function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `text ${quote(value)}`;
  return String(value);
}

/** zod's own wording (its English locale), which a schema's message never starts with. */
const ZOD_WORDING = /^(Invalid input|Too big|Too small|Invalid option|Invalid string|Invalid element|Invalid key)\b/;

/** A bound as a person says it: "a whole number from 0 to 20", "at most 60 characters". */
function bound(issue: z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall): string {
  const limit = issue.code === 'too_big' ? `at most ${issue.maximum}` : `at least ${issue.minimum}`;
  if (issue.origin === 'int') return `a whole number ${limit}`;
  if (issue.origin === 'number') return `a number ${limit}`;
  if (issue.origin === 'array' || issue.origin === 'set') return `${limit} items`;
  if (issue.origin === 'string') return `${limit} characters`;
  return limit;
}

/** The first issue's message, in the file's words where zod's were its own. */
function message(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type') {
    const value = valueAt(input, issue.path);
    const takes = TAKES[issue.expected] ?? issue.expected;
    if (issue.path.length === 0)
      return `a match file is a JSON object ({ "game": …, "seed": …, "players": [ … ] }), not ${described(value)}`;
    return ZOD_WORDING.test(issue.message) ? `should be ${takes}, not ${described(value)}` : issue.message;
  }
  if ((issue.code === 'too_big' || issue.code === 'too_small') && ZOD_WORDING.test(issue.message)) return bound(issue);
  return issue.message;
}

/**
 * The first issue as one line; `input` is what the schema read, to tell a missing field (and one
 * that is there under a mistyped name) from a wrong one.
 */
export function firstIssue(error: z.core.$ZodError, input: unknown, prefix: readonly PropertyKey[] = []): string {
  const issues = error.issues;
  let issue = issues[0];
  // A number past the safe integers breaks z.int()'s own bound first; the schema's own bound, when
  // it has one ("at most 20 rounds"), says more.
  const own = issues.find((i) => i !== issue && i.code === issue.code && samePath(i.path, issue.path));
  if ((issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'int' && own) issue = own;
  const path = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') return unknownFields(issue, path);
  // A missing field is "required", also where the schema gives its own message for a wrong type; a
  // field beside it under a name one slip away (`plyers`) is what the file meant.
  if (
    issue.code === 'invalid_type' &&
    (/received undefined/.test(issue.message) || valueAt(input, issue.path) === undefined)
  ) {
    const name = issue.path.at(-1);
    const parent = issue.path.slice(0, -1);
    const unknown = issues.find(
      (i): i is z.core.$ZodIssueUnrecognizedKeys => i.code === 'unrecognized_keys' && samePath(i.path, parent),
    );
    const meant = typeof name === 'string' && unknown?.keys.find((key) => closest(key, [name]) === name);
    if (meant) return `${formatPath([...prefix, ...parent, meant])}: unknown field; did you mean ${name}?`;
    return `${formatPath(path)}: required`;
  }
  return `${formatPath(path)}: ${message(issue, input)}`;
}

function samePath(a: readonly PropertyKey[], b: readonly PropertyKey[]): boolean {
  return a.length === b.length && a.every((part, i) => part === b[i]);
}

/** `plyers: unknown field (also x, y and 2 more)`. */
function unknownFields(issue: z.core.$ZodIssueUnrecognizedKeys, path: readonly PropertyKey[]): string {
  const [first, ...others] = issue.keys;
  const named = others.slice(0, 3).map(mention);
  const more = others.length > named.length ? ` and ${others.length - named.length} more` : '';
  return `${formatPath([...path, first])}: unknown field${others.length > 0 ? ` (also ${named.join(', ')}${more})` : ''}`;
}
