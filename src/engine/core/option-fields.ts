// The options a host sets in the New match… sidebar, one labelled field each, read from the game's
// own options schema (Game.optionsSchema) through zod's JSON Schema (z.toJSONSchema). Every option
// the game gives a title and a help line (`.check(z.meta({ title, description }))` in its options.ts)
// gets a field: a number with its bounds, a choice of words, a yes/no, one of the match's players,
// or a box of text whose shape follows the option's (a list one a line or separated by commas, a
// grid one row a line, groups with an empty line between them, a value for each player). The text
// is read back into the option's value by core/option-text.ts, so a host never writes JSON.
//
// A string the game marks `z.meta({ player: true })` (a record's key, a list's item, a value) is a
// player of the match: the host names them by their number in the sidebar's Players box.
//
// Why the schema and not a list beside the definition: the label sits next to the bounds and the
// default it describes, so neither can drift from the other, and the definition gains no member.

import * as z from 'zod/mini';
import type { AnyGame } from './game.js';
import type { Commas, Form, Leaf, OptionField, Parts } from './option-form.js';
import { writeOption } from './option-text.js';

export type { Commas, Form, Leaf, OptionField, Parts } from './option-form.js';

/** One property of the options' JSON Schema, as far as a field reads it. */
interface PropertySchema {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly type?: unknown;
  readonly enum?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly default?: unknown;
  readonly items?: unknown;
  readonly properties?: unknown;
  readonly additionalProperties?: unknown;
  readonly propertyNames?: unknown;
  readonly player?: unknown;
}

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const schemaOf = (value: unknown): PropertySchema | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;

/** A single value's input, or null where the schema is no single value. */
function leafOf(property: PropertySchema): Leaf | null {
  if (Array.isArray(property.enum) && property.enum.every((choice) => typeof choice === 'string')) {
    const choices: string[] = property.enum;
    return { kind: 'choice', choices };
  }
  if (property.type === 'integer' || property.type === 'number') {
    const [min, max] = [number(property.minimum), number(property.maximum)];
    return {
      kind: 'number',
      step: property.type === 'integer' ? 1 : 'any',
      ...(min !== undefined ? { min } : {}),
      // zod writes a whole number's own limit (2^53 - 1) where the game sets none.
      ...(max !== undefined && max < Number.MAX_SAFE_INTEGER ? { max } : {}),
    };
  }
  if (property.type === 'boolean') return { kind: 'yes-no' };
  if (property.type === 'string') return property.player === true ? { kind: 'player' } : { kind: 'text' };
  return null;
}

/** A list's item on one line: a single value, or an object's parts separated by semicolons. */
function lineOf(item: PropertySchema): Leaf | Parts | null {
  const leaf = leafOf(item);
  if (leaf) return leaf;
  const properties = schemaOf(item.properties);
  if (item.type !== 'object' || !properties) return null;
  const parts: Parts['parts'][number][] = [];
  for (const [key, value] of Object.entries(properties)) {
    const part = schemaOf(value);
    if (!part) return null;
    const single = leafOf(part);
    const items = schemaOf(part.items);
    const list = part.type === 'array' && items ? leafOf(items) : null;
    const form: Leaf | Commas | null = single ?? (list ? { kind: 'list', layout: 'commas', item: list } : null);
    if (!form) return null;
    parts.push({ key, name: typeof part.title === 'string' ? part.title : key, form });
  }
  return { kind: 'parts', parts };
}

/** A list's items separated by commas where they are short, else one a line. */
function listOf(item: Leaf | Parts): Form {
  if (item.kind === 'parts' || item.kind === 'text') return { kind: 'list', layout: 'lines', item };
  return { kind: 'list', layout: 'commas', item };
}

/** How a value of this schema is written, or null where no field holds it. */
function formOf(property: PropertySchema): Form | null {
  const leaf = leafOf(property);
  if (leaf) return leaf;
  if (property.type === 'array') {
    const items = schemaOf(property.items);
    if (!items) return null;
    const inner = schemaOf(items.items);
    if (items.type === 'array' && inner) {
      const line = lineOf(inner);
      if (!line) return null;
      // A grid of numbers reads best as rows; a list of lists of anything else, as groups of lines.
      return line.kind === 'number' ? { kind: 'rows', item: line } : { kind: 'blocks', item: line };
    }
    const line = lineOf(items);
    return line ? listOf(line) : null;
  }
  if (property.type !== 'object') return null;
  const values = schemaOf(property.additionalProperties);
  if (values) {
    const value = formOf(values);
    if (!value) return null;
    const keys = schemaOf(property.propertyNames);
    if (keys?.player === true) return { kind: 'each-player', value };
    const name = typeof keys?.title === 'string' ? keys.title : 'name';
    if (value.kind === 'list' && value.layout === 'commas') return { kind: 'pairs', name, value };
    const single = leafOf(values);
    return single ? { kind: 'pairs', name, value: single } : null;
  }
  const properties = schemaOf(property.properties);
  if (!properties) return null;
  const parts = Object.entries(properties).map(([key, value]) => fieldOf(key, schemaOf(value) ?? {}, true));
  return parts.every((part) => part !== null) ? { kind: 'group', parts } : null;
}

/** A leaf as the host writes it, for a format line: "a number", "one of red, blue". */
function leafWords(leaf: Leaf): string {
  switch (leaf.kind) {
    case 'number': {
      const what = leaf.step === 1 ? 'a whole number' : 'a number';
      if (leaf.min !== undefined && leaf.max !== undefined) return `${what} from ${leaf.min} to ${leaf.max}`;
      return leaf.min !== undefined ? `${what}, at least ${leaf.min}` : what;
    }
    case 'choice':
      return `one of ${leaf.choices.join(', ')}`;
    case 'yes-no':
      return 'yes or no';
    case 'text':
      return 'text';
    case 'player':
      return "a player's number in the Players box";
  }
}

const partsWords = (item: Leaf | Parts) =>
  item.kind === 'parts'
    ? `${item.parts.map((p) => p.name).join('; ')} (separated by ";"${item.parts.some((p) => p.form.kind === 'list') ? ', a list by commas' : ''})`
    : leafWords(item);

/** How to write in a box of this form, or undefined for a single input. */
function formatOf(form: Form): string | undefined {
  switch (form.kind) {
    case 'list':
      return form.layout === 'commas'
        ? `Separated by commas, each ${leafWords(form.item)}.`
        : `One a line${form.item.kind === 'text' ? '' : `, each ${partsWords(form.item)}`}.`;
    case 'rows':
      return `One row a line, its values separated by spaces, each ${leafWords(form.item)}.`;
    case 'blocks':
      return `One a line${form.item.kind === 'text' ? '' : `, each ${partsWords(form.item)}`}; an empty line between one group and the next.`;
    case 'pairs':
      return `One a line, as ${form.name}: value, each value ${form.value.kind === 'list' ? `a list separated by commas, each ${leafWords(form.value.item)}` : leafWords(form.value)}.`;
    case 'group': {
      // Parts written alike (three teams) say how once, for the whole group.
      const formats = new Set(form.parts.map((part) => part.format));
      const [only] = formats;
      return formats.size === 1 ? only : undefined;
    }
    case 'each-player': {
      const inside = formatOf(form.value);
      return `A box for each player${inside ? `; in each: ${inside.charAt(0).toLowerCase()}${inside.slice(1)}` : '.'}`;
    }
    default:
      return undefined;
  }
}

/**
 * A property as a field, or null where it has no title or no shape a field holds. A part of a group
 * (`untitled`) may go without a title: its key names it.
 */
function fieldOf(key: string, property: PropertySchema, untitled = false): OptionField | null {
  if (typeof property.title !== 'string' && !untitled) return null;
  const form = formOf(property);
  if (!form) return null;
  const format = formatOf(form);
  return {
    key,
    label: typeof property.title === 'string' ? property.title : key,
    help: typeof property.description === 'string' ? property.description : '',
    ...form,
    ...(property.default !== undefined ? { default: property.default } : {}),
    ...(format !== undefined ? { format } : {}),
    // Empty where the game gives no default: the box says what leaving it empty does (its help).
    ...(format !== undefined && property.default !== undefined ? { text: writtenDefault(form, property.default) } : {}),
  };
}

/** A default as its box of text starts with it (a value for each player has no one box: none). */
function writtenDefault(form: Form, value: unknown): string {
  const text = writeOption(form, value);
  return typeof text === 'string' ? text : '';
}

/** The game's options a host sets field by field, in the schema's order. */
export function optionFields(game: AnyGame): OptionField[] {
  // The options as a match file gives them (io: input): a default fills what is left out. A check
  // JSON Schema cannot say (a refinement) reads as no constraint: the setup's check still makes it.
  const schema = z.toJSONSchema(game.optionsSchema, { io: 'input', unrepresentable: 'any' });
  // A property that is `true` (anything goes) has no shape a field holds.
  return Object.entries(schema.properties ?? {})
    .map(([key, property]) => (typeof property === 'object' ? fieldOf(key, property) : null))
    .filter((field): field is OptionField => field !== null);
}
