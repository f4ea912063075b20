// The options a host sets in the New match… sidebar, one field each, read from the game's own
// options schema (Game.optionsSchema) through zod's JSON Schema (z.toJSONSchema). An option the
// game gives a title and a help line (`.check(z.meta({ title, description }))` in its options.ts)
// and a simple type gets a field: a whole number (or any number) with its bounds, a choice of words,
// a yes/no. The rest (boards, pallets, teams: shapes no single field holds) are given as JSON.
//
// Why the schema and not a list beside the definition: the label sits next to the bounds and the
// default it describes, so neither can drift from the other, and the definition gains no member.

import * as z from 'zod/mini';
import type { AnyGame } from './game.js';

interface FieldBase {
  /** The option's key in the match file's `options`. */
  readonly key: string;
  /** What the host reads beside the field. */
  readonly label: string;
  /** One line under it, in a host's words. */
  readonly help: string;
}

export type OptionField =
  | (FieldBase & {
      readonly kind: 'number';
      readonly min?: number;
      readonly max?: number;
      /** 1 for a whole number. */
      readonly step: number | 'any';
      readonly default?: number;
    })
  | (FieldBase & { readonly kind: 'choice'; readonly choices: readonly string[]; readonly default?: string })
  | (FieldBase & { readonly kind: 'yes-no'; readonly default?: boolean });

/** One property of the options' JSON Schema, as far as a field reads it. */
interface PropertySchema {
  readonly title?: unknown;
  readonly description?: unknown;
  readonly type?: unknown;
  readonly enum?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly default?: unknown;
}

const number = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** A property as a field, or null where it has no title or no shape one field holds. */
function fieldOf(key: string, property: PropertySchema): OptionField | null {
  if (typeof property.title !== 'string') return null;
  const base = {
    key,
    label: property.title,
    help: typeof property.description === 'string' ? property.description : '',
  };
  if (Array.isArray(property.enum) && property.enum.every((choice) => typeof choice === 'string')) {
    const choices: string[] = property.enum;
    return {
      ...base,
      kind: 'choice',
      choices,
      ...(typeof property.default === 'string' ? { default: property.default } : {}),
    };
  }
  if (property.type === 'integer' || property.type === 'number') {
    const [min, max, fallback] = [number(property.minimum), number(property.maximum), number(property.default)];
    return {
      ...base,
      kind: 'number',
      step: property.type === 'integer' ? 1 : 'any',
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(fallback !== undefined ? { default: fallback } : {}),
    };
  }
  if (property.type === 'boolean')
    return { ...base, kind: 'yes-no', ...(typeof property.default === 'boolean' ? { default: property.default } : {}) };
  return null;
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
