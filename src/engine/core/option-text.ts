// An option as a host writes it in the New match… sidebar's field (core/option-fields.ts) and as
// the match file holds it: `readOption` turns the field's text into the option's value (a list one
// a line, a grid one row a line, a value for each player…), `writeOption` the game's default back
// into the text the field starts with. Reading a whole list before the game checks it means the
// host is told "line 3: «x» is not a number" at the field, never a JSON parser's complaint.

import type { Form, Leaf, OptionField, Parts } from './option-form.js';
import { quote } from './quote.js';

/** What a field sends: its text, or a text for each part (a player's number "1", "2"…; a group's key). */
export type OptionText = string | { readonly [part: string]: OptionText };

export interface OptionTextIssue {
  /** Below the option: a player's id, a group's part. */
  readonly path: readonly string[];
  readonly message: string;
}

export interface ReadOption {
  /** Undefined: the field was left empty, and the option takes the game's default. */
  readonly value?: unknown;
  readonly issues: readonly OptionTextIssue[];
}

class Refusal extends Error {}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** Groups of lines, an empty line between one group and the next. */
const groups = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map(lines)
    .filter((group) => group.length > 0);

/** Items separated by commas (or, for numbers, words and players, spaces too). */
function commas(text: string, item: Leaf): string[] {
  const split = item.kind === 'text' ? /\s*,\s*/ : /[\s,]+/;
  return text
    .trim()
    .split(split)
    .filter((part) => part !== '');
}

function readLeaf(leaf: Leaf, text: string, players: readonly string[]): unknown {
  const word = text.trim();
  switch (leaf.kind) {
    case 'number': {
      const value = Number(word);
      if (word === '' || !Number.isFinite(value)) throw new Refusal(`${quote(word)} is not a number`);
      return value;
    }
    case 'choice': {
      const choice = leaf.choices.find((c) => c.toLowerCase() === word.toLowerCase());
      if (choice === undefined) throw new Refusal(`${quote(word)} is not one of ${leaf.choices.join(', ')}`);
      return choice;
    }
    case 'yes-no':
      if (/^(yes|true)$/i.test(word)) return true;
      if (/^(no|false)$/i.test(word)) return false;
      throw new Refusal(`${quote(word)} is neither yes nor no`);
    case 'text':
      return word;
    case 'player': {
      const n = Number(word.replace(/^player\s*/i, ''));
      if (!Number.isInteger(n) || n < 1 || n > players.length)
        throw new Refusal(
          `${quote(word)} is not a player's number: the Players box numbers them 1 to ${players.length}`,
        );
      return players[n - 1];
    }
  }
}

function readLine(item: Leaf | Parts, text: string, players: readonly string[]): unknown {
  if (item.kind !== 'parts') return readLeaf(item, text, players);
  const pieces = text.split(';');
  if (pieces.length !== item.parts.length)
    throw new Refusal(
      `${item.parts.length} parts separated by ";" are needed (${item.parts.map((p) => p.name).join('; ')}), this line has ${pieces.length}`,
    );
  return Object.fromEntries(
    item.parts.map(({ key, form }, i) => [
      key,
      form.kind === 'list'
        ? commas(pieces[i], form.item).map((word) => readLeaf(form.item, word, players))
        : readLeaf(form, pieces[i], players),
    ]),
  );
}

/** Runs `read` on each line, naming the line of a refusal. */
function each<T>(items: readonly string[], name: (i: number) => string, read: (item: string) => T): T[] {
  return items.map((item, i) => {
    try {
      return read(item);
    } catch (error) {
      if (error instanceof Refusal) throw new Refusal(`${name(i)}: ${error.message}`);
      throw error;
    }
  });
}

/** A form's value from one text, or a Refusal naming the line. Empty text is never passed here. */
function readText(form: Form, text: string, players: readonly string[]): unknown {
  switch (form.kind) {
    case 'list':
      return form.layout === 'commas'
        ? each(
            commas(text, form.item),
            (i) => `item ${i + 1}`,
            (word) => readLeaf(form.item, word, players),
          )
        : each(
            lines(text),
            (i) => `line ${i + 1}`,
            (line) => readLine(form.item, line, players),
          );
    case 'rows':
      return lines(text).map((line, r) =>
        each(
          commas(line, form.item),
          (c) => `line ${r + 1}, value ${c + 1}`,
          (word) => readLeaf(form.item, word, players),
        ),
      );
    case 'blocks':
      return groups(text).map((group, g) =>
        each(
          group,
          (i) => `group ${g + 1}, line ${i + 1}`,
          (line) => readLine(form.item, line, players),
        ),
      );
    case 'pairs':
      return Object.fromEntries(
        each(
          lines(text),
          (i) => `line ${i + 1}`,
          (line) => {
            const at = line.search(/[:=]/);
            if (at <= 0) throw new Refusal(`write it as ${form.name}: value`);
            const value = line.slice(at + 1);
            const each = form.value;
            const read =
              each.kind === 'list'
                ? commas(value, each.item).map((word) => readLeaf(each.item, word, players))
                : readLeaf(each, value, players);
            return [line.slice(0, at).trim(), read];
          },
        ),
      );
    case 'each-player':
    case 'group':
      throw new Refusal('a text for each part is needed');
    default:
      return readLeaf(form, text, players);
  }
}

const isEmpty = (input: OptionText | undefined): boolean =>
  input === undefined || (typeof input === 'string' ? input.trim() === '' : Object.values(input).every(isEmpty));

/** A list's empty box: the empty list where the game has a default (the box showed it), else left out. */
function emptyValue(field: Form & { readonly default?: unknown }): unknown {
  return field.kind === 'list' && Array.isArray(field.default) && field.default.length > 0 ? [] : undefined;
}

/**
 * The option's value as the field's text gives it. `players`: the match's player ids in the order
 * the Players box numbers them (a player's number N is `players[N - 1]`).
 */
export function readOption(field: OptionField, input: OptionText, players: readonly string[]): ReadOption {
  if (isEmpty(input)) {
    const value = emptyValue(field);
    return value === undefined ? { issues: [] } : { value, issues: [] };
  }
  if (field.kind === 'each-player' || field.kind === 'group') {
    if (typeof input === 'string') return { issues: [{ path: [], message: 'a text for each part is needed' }] };
    const issues: OptionTextIssue[] = [];
    const value: Record<string, unknown> = {};
    const parts =
      field.kind === 'group'
        ? field.parts.map((part) => ({ key: part.key, part }))
        : // A player by their number in the Players box; their id is the option's key.
          Object.keys(input)
            .filter((n) => players[Number(n) - 1] !== undefined)
            .map((n) => ({
              key: players[Number(n) - 1],
              at: n,
              part: { ...field.value, key: n, label: '', help: '' },
            }));
    for (const entry of parts) {
      const text = input['at' in entry ? entry.at : entry.key] ?? '';
      const read = readOption(entry.part, text, players);
      issues.push(...read.issues.map((issue) => ({ path: [entry.key, ...issue.path], message: issue.message })));
      // A group's empty part is an empty list (a team with no one yet), so the game names what is missing.
      if (read.value !== undefined) value[entry.key] = read.value;
      else if (field.kind === 'group' && isEmpty(text)) value[entry.key] = [];
    }
    return issues.length > 0 ? { issues } : { value, issues };
  }
  if (typeof input !== 'string') return { issues: [{ path: [], message: 'one text is needed' }] };
  try {
    return { value: readText(field, input, players), issues: [] };
  } catch (error) {
    if (error instanceof Refusal) return { issues: [{ path: [], message: error.message }] };
    throw error;
  }
}

/** A value as written in a box: yes/no, a player by their number, the rest as it is. */
function writeLeaf(value: unknown, players: readonly string[], leaf?: Leaf): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (leaf?.kind === 'player' && typeof value === 'string' && players.includes(value))
    return String(players.indexOf(value) + 1);
  return String(value);
}

function writeLine(item: Leaf | Parts, value: unknown, players: readonly string[]): string {
  if (item.kind !== 'parts') return writeLeaf(value, players, item);
  if (typeof value !== 'object' || value === null) return String(value);
  const record: Record<string, unknown> = { ...value };
  return item.parts
    .map(({ key, form }) => {
      const v = record[key];
      return Array.isArray(v) && form.kind === 'list'
        ? v.map((x) => writeLeaf(x, players, form.item)).join(', ')
        : writeLeaf(v, players, form.kind === 'list' ? undefined : form);
    })
    .join('; ');
}

/**
 * A value as a field writes it, which readOption reads back: the text a box starts with (the
 * game's default), or each player's or part's own. `players` as readOption takes them.
 */
export function writeOption(form: Form, value: unknown, players: readonly string[] = []): OptionText {
  const list = Array.isArray(value) ? value : [];
  const record: Record<string, unknown> = typeof value === 'object' && value !== null ? { ...value } : {};
  switch (form.kind) {
    case 'list':
      return form.layout === 'commas'
        ? list.map((item) => writeLeaf(item, players, form.item)).join(', ')
        : list.map((item) => writeLine(form.item, item, players)).join('\n');
    case 'rows':
      return list
        .map((row) => (Array.isArray(row) ? row.map((x) => writeLeaf(x, players, form.item)).join(' ') : ''))
        .join('\n');
    case 'blocks':
      return list
        .map((group) =>
          Array.isArray(group) ? group.map((item) => writeLine(form.item, item, players)).join('\n') : '',
        )
        .join('\n\n');
    case 'pairs':
      return Object.entries(record)
        .map(([key, v]) => {
          const each = form.value;
          const written =
            each.kind === 'list' && Array.isArray(v)
              ? v.map((x) => writeLeaf(x, players, each.item)).join(', ')
              : writeLeaf(v, players, each.kind === 'list' ? undefined : each);
          return `${key}: ${written}`;
        })
        .join('\n');
    case 'each-player':
      // A player by their number in the Players box, as readOption takes them.
      return Object.fromEntries(
        Object.entries(record)
          .filter(([id]) => players.includes(id))
          .map(([id, v]) => [String(players.indexOf(id) + 1), writeOption(form.value, v, players)]),
      );
    case 'group':
      return Object.fromEntries(form.parts.map((part) => [part.key, writeOption(part, record[part.key], players)]));
    default:
      return value === undefined ? '' : writeLeaf(value, players, form);
  }
}

/** A path below an option (`[1][2]`, `.p3[4]`, `.red[2]`) as its parts: "1", "2"; "p3", "4". */
const partsOf = (rest: string) => rest.split(/[.[\]]+/).filter((part) => part !== '');

/** "line 3", "group 2, line 1": a place in a box of text, for a path below its option. */
function placeInWords(form: Form, parts: readonly string[]): string {
  const at = (i: number) => Number(parts[i]) + 1;
  const known = (n: number) => parts.length >= n && parts.slice(0, n).every((p) => /^\d+$/.test(p));
  switch (form.kind) {
    case 'list':
      if (!known(1)) return '';
      return form.layout === 'commas' ? `item ${at(0)}` : `line ${at(0)}`;
    case 'rows':
      if (!known(1)) return '';
      return known(2) ? `line ${at(0)}, value ${at(1)}` : `line ${at(0)}`;
    case 'blocks':
      if (!known(1)) return '';
      return known(2) ? `group ${at(0)}, line ${at(1)}` : `group ${at(0)}`;
    case 'pairs':
      return parts[0] ?? '';
    default:
      return '';
  }
}

/**
 * Where a check of the options puts a mistake (`options.fences[1]`, `options.numbers.p3`) as the
 * sidebar shows it: the field (a player's or a part's own box where the option has one) and the
 * place in its text in words, never a path counted from 0.
 */
export function optionErrorAt(
  fields: readonly OptionField[],
  error: { readonly field: string; readonly message: string },
): { field: string; message: string } {
  const match = /^options\.([^.[]+)(.*)$/.exec(error.field);
  const field = match ? fields.find((f) => f.key === match[1]) : undefined;
  if (!match || !field) return { ...error };
  let parts = partsOf(match[2]);
  let box = `options.${field.key}`;
  let form: Form = field;
  // A player's or a part's own box: the path's next part names it.
  if ((field.kind === 'each-player' || field.kind === 'group') && parts.length > 0) {
    box += `.${parts[0]}`;
    form = field.kind === 'group' ? (field.parts.find((p) => p.key === parts[0]) ?? field) : field.value;
    parts = parts.slice(1);
  }
  const place = placeInWords(form, parts);
  return { field: box, message: place ? `${place}: ${error.message}` : error.message };
}

/**
 * An option's value with every player id in it renamed (an anonymous match's players, numbered
 * again in an order drawn from the host's secret): the option's form says where players stand.
 */
export function renamePlayers(form: Form, value: unknown, rename: (id: string) => string): unknown {
  if (value === undefined || value === null) return value;
  const list = (item: Leaf | Parts, v: unknown) => (Array.isArray(v) ? v.map((x) => renameLine(item, x, rename)) : v);
  switch (form.kind) {
    case 'player':
      return typeof value === 'string' ? rename(value) : value;
    case 'list':
    case 'rows':
      return form.kind === 'rows'
        ? Array.isArray(value)
          ? value.map((row) => list(form.item, row))
          : value
        : list(form.item, value);
    case 'blocks':
      return Array.isArray(value) ? value.map((group) => list(form.item, group)) : value;
    case 'each-player':
    case 'pairs':
    case 'group': {
      if (typeof value !== 'object' || Array.isArray(value)) return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, v]) => {
          if (form.kind === 'group') {
            const part = form.parts.find((p) => p.key === key);
            return [key, part ? renamePlayers(part, v, rename) : v];
          }
          return [form.kind === 'each-player' ? rename(key) : key, renamePlayers(form.value, v, rename)];
        }),
      );
    }
    default:
      return value;
  }
}

function renameLine(item: Leaf | Parts, value: unknown, rename: (id: string) => string): unknown {
  if (item.kind !== 'parts') return renamePlayers(item, value, rename);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record: Record<string, unknown> = { ...value };
  for (const part of item.parts) record[part.key] = renamePlayers(part.form, record[part.key], rename);
  return record;
}
