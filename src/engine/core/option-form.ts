// The shapes of the New match… sidebar's option fields: what core/option-fields.ts draws from a
// game's options schema and core/option-text.ts reads the fields' text by. Types only, in a module
// of their own, so that neither of the two imports the other for them.

/** What one input holds: a number, a word of a list, a yes/no, a line of text, a player. */
export type Leaf =
  | {
      readonly kind: 'number';
      readonly min?: number;
      readonly max?: number;
      /** 1 for a whole number. */
      readonly step: number | 'any';
    }
  | { readonly kind: 'choice'; readonly choices: readonly string[] }
  | { readonly kind: 'yes-no' }
  | { readonly kind: 'text' }
  /** One of the match's players, named by their number in the Players box. */
  | { readonly kind: 'player' };

/** A line of several named parts ("Fortress; 3; hold, toward point 1"): an object in a list. */
export interface Parts {
  readonly kind: 'parts';
  readonly parts: readonly { readonly key: string; readonly name: string; readonly form: Leaf | Commas }[];
}

/** A list on one line, separated by commas: short items (numbers, words, players). */
export interface Commas {
  readonly kind: 'list';
  readonly layout: 'commas';
  readonly item: Leaf;
}

/** How an option's value is written: an input, or a box of text of the value's shape. */
export type Form =
  | Leaf
  | Commas
  /** One item a line. */
  | { readonly kind: 'list'; readonly layout: 'lines'; readonly item: Leaf | Parts }
  /** A list of lists of numbers: one row a line, the numbers separated by spaces. */
  | { readonly kind: 'rows'; readonly item: Leaf }
  /** A list of lists: one item a line, an empty line between one group and the next. */
  | { readonly kind: 'blocks'; readonly item: Leaf | Parts }
  /** A value for each player (a record keyed by player): one box a player. */
  | { readonly kind: 'each-player'; readonly value: Form }
  /** A record keyed by anything else: one a line, `key: value`; `name`: what a key is (the key's title). */
  | { readonly kind: 'pairs'; readonly name: string; readonly value: Leaf | Commas }
  /** An object of named parts: one field a part. */
  | { readonly kind: 'group'; readonly parts: readonly OptionField[] };

export type OptionField = Form & {
  /** The option's key in the match file's `options` (a part's key, within a group). */
  readonly key: string;
  /** What the host reads beside the field. */
  readonly label: string;
  /** One line under it, in a host's words. */
  readonly help: string;
  /** The game's default, when it has one. */
  readonly default?: unknown;
  /** A box of text: how to write in it, in a host's words. */
  readonly format?: string;
  /** A box of text: the default as written in it, which it starts with. */
  readonly text?: string;
};
