// Field masks (`userEnteredFormat(backgroundColorStyle,textFormat.bold),note`) and the schema of
// the fields the embedded workbook understands. Pure: also used inside the Apps Script sandbox.
import { isRecord } from '../engine/core/guards.js';

/** A leaf's type, an enum of allowed strings, or a refusal with its reason. */
type Leaf = 'string' | 'number' | 'boolean' | readonly string[] | { readonly refuse: string };
export interface SchemaNode {
  readonly [field: string]: Leaf | SchemaNode;
}

const COLOR: SchemaNode = { red: 'number', green: 'number', blue: 'number', alpha: 'number' };
const COLOR_STYLE: SchemaNode = {
  rgbColor: COLOR,
  themeColor: { refuse: 'theme colours are not supported; use rgbColor' },
};
const BORDER_STYLES = ['DOTTED', 'DASHED', 'SOLID', 'SOLID_MEDIUM', 'SOLID_THICK', 'NONE', 'DOUBLE'] as const;
const BORDER: SchemaNode = { style: BORDER_STYLES, width: 'number', color: COLOR, colorStyle: COLOR_STYLE };

export const CELL_SCHEMA: SchemaNode = {
  userEnteredValue: {
    stringValue: 'string',
    numberValue: 'number',
    boolValue: 'boolean',
    formulaValue: {
      refuse: 'formulas are not supported (and the renderer never writes one: player text is a stringValue)',
    },
    errorValue: { refuse: 'error values are not supported' },
  },
  userEnteredFormat: {
    backgroundColor: COLOR,
    backgroundColorStyle: COLOR_STYLE,
    horizontalAlignment: ['LEFT', 'CENTER', 'RIGHT'],
    verticalAlignment: ['TOP', 'MIDDLE', 'BOTTOM'],
    wrapStrategy: ['OVERFLOW_CELL', 'LEGACY_WRAP', 'CLIP', 'WRAP'],
    textFormat: {
      bold: 'boolean',
      italic: 'boolean',
      strikethrough: 'boolean',
      underline: 'boolean',
      fontSize: 'number',
      fontFamily: 'string',
      foregroundColor: COLOR,
      foregroundColorStyle: COLOR_STYLE,
    },
    borders: { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER },
  },
  note: 'string',
};

export const SHEET_PROPERTIES_SCHEMA: SchemaNode = {
  sheetId: 'number',
  title: 'string',
  index: 'number',
  gridProperties: {
    rowCount: 'number',
    columnCount: 'number',
    frozenRowCount: 'number',
    frozenColumnCount: 'number',
    hideGridlines: 'boolean',
  },
};

export const DIMENSION_SCHEMA: SchemaNode = { pixelSize: 'number' };

export class FieldError extends Error {}

function isLeaf(node: Leaf | SchemaNode): node is Leaf {
  return typeof node === 'string' || Array.isArray(node) || 'refuse' in node;
}

/**
 * Parses a field mask into paths: `a,b(c,d.e)` → [a], [b,c], [b,d,e]. `*` means every field of
 * the schema's top level.
 */
export function parseMask(mask: string | null | undefined, schema: SchemaNode): string[][] {
  const text = (mask ?? '').replace(/\s+/g, '');
  if (text === '') throw new FieldError('"fields" is required: name at least one field (or "*")');
  if (text === '*')
    return Object.keys(schema)
      .filter((key) => !isRefused(schema[key]))
      .map((key) => [key]);
  let pos = 0;
  const list = (prefix: string[]): string[][] => {
    const out: string[][] = [];
    for (;;) {
      const match = /^[A-Za-z]+(\.[A-Za-z]+)*/.exec(text.slice(pos));
      if (!match) throw new FieldError(`fields "${mask}": expected a field name at position ${pos + 1}`);
      pos += match[0].length;
      const path = [...prefix, ...match[0].split('.')];
      if (text[pos] === '(') {
        pos += 1;
        out.push(...list(path));
        if (text[pos] !== ')') throw new FieldError(`fields "${mask}": missing ")" at position ${pos + 1}`);
        pos += 1;
      } else {
        out.push(path);
      }
      if (text[pos] !== ',') return out;
      pos += 1;
    }
  };
  const paths = list([]);
  if (pos !== text.length) throw new FieldError(`fields "${mask}": unexpected "${text.slice(pos)}"`);
  for (const path of paths) nodeAt(schema, path);
  return paths;
}

/** Array.isArray, for a readonly list (TypeScript's own guard leaves one in the union). */
function isChoice(node: Leaf | SchemaNode): node is readonly string[] {
  return Array.isArray(node);
}

function isRefused(node: Leaf | SchemaNode): node is { readonly refuse: string } {
  return typeof node === 'object' && !Array.isArray(node) && 'refuse' in node && typeof node.refuse === 'string';
}

/** The schema node a path leads to; throws for a field the workbook does not support. */
export function nodeAt(schema: SchemaNode, path: readonly string[]): Leaf | SchemaNode {
  let node: Leaf | SchemaNode = schema;
  for (const [i, key] of path.entries()) {
    if (isLeaf(node))
      throw new FieldError(
        `field "${path.slice(0, i + 1).join('.')}": "${path.slice(0, i).join('.')}" has no sub-fields`,
      );
    const next: Leaf | SchemaNode | undefined = node[key];
    if (next === undefined)
      throw new FieldError(`field "${path.slice(0, i + 1).join('.')}" is not supported by the embedded workbook`);
    if (isRefused(next)) throw new FieldError(`field "${path.slice(0, i + 1).join('.')}": ${next.refuse}`);
    node = next;
  }
  return node;
}

/** Checks a value against its schema node, naming the first field that is wrong. */
export function validate(value: unknown, node: Leaf | SchemaNode, where: string): void {
  if (value === undefined || value === null) return;
  if (typeof node === 'string') {
    if (typeof value !== node) throw new FieldError(`${where}: expected a ${node}, got ${JSON.stringify(value)}`);
    if (node === 'number' && !Number.isFinite(value)) throw new FieldError(`${where}: expected a finite number`);
    return;
  }
  if (isChoice(node)) {
    if (typeof value !== 'string' || !node.includes(value))
      throw new FieldError(`${where}: ${JSON.stringify(value)} is not one of ${node.join(', ')}`);
    return;
  }
  if (isRefused(node)) throw new FieldError(`${where}: ${node.refuse}`);
  if (!isRecord(value)) throw new FieldError(`${where}: expected an object`);
  for (const [key, inner] of Object.entries(value)) {
    const child = node[key];
    if (child === undefined) throw new FieldError(`${where}.${key} is not supported by the embedded workbook`);
    validate(inner, child, `${where}.${key}`);
  }
}

export function getPath(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = Reflect.get(node, key);
  }
  return node ?? undefined;
}

/**
 * Sets (or with `undefined`, clears) a path, pruning objects left empty. Each object along the path
 * is replaced by a changed copy, never changed in place: the one below `target` may be shared with
 * a cell the workbook still holds (a batch copies only what it writes: batch.ts).
 */
export function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  const [head, ...rest] = path;
  if (rest.length === 0) {
    if (value === undefined) delete target[head];
    else target[head] = value;
    return;
  }
  const existing = target[head];
  if (!isRecord(existing) && value === undefined) return;
  const child = isRecord(existing) ? { ...existing } : {};
  setPath(child, rest, value);
  if (Object.keys(child).length === 0) delete target[head];
  else target[head] = child;
}

/** A deep copy of plain JSON data (objects, lists, strings, numbers, booleans, null). */
export function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  // A copy has its original's type, which no check at run time can give back: hence the two casts.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- a list copied item by item
  if (Array.isArray(value)) return value.map(copy) as T;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) if (inner !== undefined) out[key] = copy(inner);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- an object copied key by key
  return out as T;
}
