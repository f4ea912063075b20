// Google's discovery documents (test/fixtures/google-discovery/) as a check of each request, so the
// loopback Google and the embedded workbook under test refuse what Google's own schema refuses:
// an unknown query parameter or body field (recursively through $ref, arrays and
// additionalProperties maps), a value of the wrong type (an int32 that is fractional or out of
// range, an int64 that is not a string of digits, a boolean that is not true or false), a value
// outside an enum, two kinds in one Request, a token without one of the method's scopes, and the
// few rules only a method's description states (METHOD_RULES). Refusals carry Google's wording
// ("Invalid JSON payload received. Unknown name …", "Invalid value at …",
// "Request had insufficient authentication scopes.").
//
// Stricter than Google on purpose in two ways, so the project never leans on what Google only
// tolerates: a field or parameter the document marks `deprecated` is refused, and so is a JSON
// null (proto3 JSON reads it as "unset"; only a map's entry may be null, which clears it). Read-only fields are not refused: Google ignores them,
// and a request's own description may say they are taken (AddProtectedRangeRequest's
// protectedRangeId); docs/google.md lists the cases.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A schema or a field of one, as discovery documents write them. */
export interface SchemaDoc {
  readonly id?: string;
  readonly $ref?: string;
  readonly type?: string;
  readonly format?: string;
  readonly description?: string;
  readonly enum?: readonly string[];
  readonly deprecated?: boolean;
  readonly properties?: Readonly<Record<string, SchemaDoc>>;
  readonly additionalProperties?: SchemaDoc;
  readonly items?: SchemaDoc;
}

interface ParameterDoc extends SchemaDoc {
  readonly location: 'query' | 'path';
  readonly required?: boolean;
  readonly repeated?: boolean;
}

export interface MethodDoc {
  readonly id: string;
  readonly httpMethod: string;
  readonly path: string;
  readonly flatPath?: string;
  readonly parameters?: Readonly<Record<string, ParameterDoc>>;
  readonly request?: { readonly $ref: string };
  readonly scopes?: readonly string[];
}

interface ResourceDoc {
  readonly methods?: Readonly<Record<string, MethodDoc>>;
  readonly resources?: Readonly<Record<string, ResourceDoc>>;
}

export interface DiscoveryDoc {
  readonly name: string;
  readonly revision: string;
  readonly servicePath: string;
  readonly parameters: Readonly<Record<string, ParameterDoc>>;
  readonly schemas: Readonly<Record<string, SchemaDoc>>;
  readonly resources: Readonly<Record<string, ResourceDoc>>;
}

export type Api = 'sheets.v4' | 'forms.v1' | 'drive.v3' | 'script.v1';

/** This folder, from the module's own URL: `__dirname` exists under vitest but not where the bench runs this (tsx, ES modules). */
const HERE = dirname(fileURLToPath(import.meta.url));
const loaded = new Map<Api, DiscoveryDoc>();

/** One of the discovery documents of test/fixtures/google-discovery (read once). */
export function discovery(api: Api): DiscoveryDoc {
  let doc = loaded.get(api);
  if (!doc) {
    doc = JSON.parse(readFileSync(join(HERE, '../fixtures/google-discovery', `${api}.json`), 'utf8')) as DiscoveryDoc;
    loaded.set(api, doc);
  }
  return doc;
}

/** A request Google refuses: its HTTP status and Google's message (lines joined, as Google joins them). */
export class SchemaError extends Error {
  constructor(
    readonly status: 400 | 403,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Schemas that hold exactly one of their fields (a proto `oneof`), from their descriptions. Sheets'
 * Request: "A single kind of update to apply to a spreadsheet" (the reference: "Union field
 * kind"); Forms' Request: "The kinds of update requests that can be made"; Sheets' ExtendedValue:
 * "The kinds of value that a cell in a spreadsheet can have". `required`: an empty one is refused
 * (Sheets: "Invalid requests[0]: No request set.").
 */
const ONE_OF: Readonly<
  Record<string, Readonly<Record<string, { readonly name: string; readonly required: boolean }>>>
> = {
  sheets: { Request: { name: 'kind', required: true }, ExtendedValue: { name: 'value', required: false } },
  forms: { Request: { name: 'kind', required: true } },
};

/** What a request sends, as the server received it. */
export interface Sent {
  readonly query: URLSearchParams;
  /** The parsed JSON body (undefined: none). */
  readonly body: unknown;
  /** The token's scopes (undefined: not checked, as in the embedded workbook). */
  readonly scopes?: readonly string[];
}

/**
 * Rules a method's description states and its schema cannot: each refuses a request with one line,
 * or answers null. Drive's permissions.create, sendNotificationEmail: "Whether to send a
 * notification email when sharing to users or groups. … is not allowed for other requests."
 * Forms' forms.create: "Only the form.info.title and form.info.document_title fields are copied to
 * the new form. All other fields … are disallowed."
 */
const METHOD_RULES: Readonly<Record<string, (sent: Sent) => string | null>> = {
  'forms.forms.create': ({ body }) => {
    const { info, ...others } = (body ?? {}) as { info?: object };
    const extra = [
      ...Object.keys(others),
      ...Object.keys(info ?? {})
        .filter((key) => key !== 'title' && key !== 'documentTitle')
        .map((key) => `info.${key}`),
    ];
    return extra.length > 0
      ? `forms.create copies only info.title and info.documentTitle; ${extra.join(', ')} is disallowed.`
      : null;
  },
  'drive.permissions.create': ({ query, body }) => {
    const type = (body as { type?: unknown } | undefined)?.type;
    if (query.has('sendNotificationEmail') && type !== 'user' && type !== 'group')
      return `sendNotificationEmail is not allowed for a permission of type "${String(type)}" (only for users and groups).`;
    return null;
  },
};

/** Every method of a document, depth first. */
function* methodsOf(resources: Readonly<Record<string, ResourceDoc>>): Generator<MethodDoc> {
  for (const resource of Object.values(resources)) {
    yield* Object.values(resource.methods ?? {});
    yield* methodsOf(resource.resources ?? {});
  }
}

/** A method by its id (e.g. `sheets.spreadsheets.batchUpdate`). */
export function methodById(doc: DiscoveryDoc, id: string): MethodDoc {
  for (const method of methodsOf(doc.resources)) if (method.id === id) return method;
  throw new Error(`no method ${id} in ${doc.name} ${doc.revision}`);
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const patterns = new WeakMap<MethodDoc, { pattern: RegExp; literal: number }>();

/** The regular expression of a method's URL path (flatPath: `{name}` one segment, `{+name}` any), made once. */
function pathPattern(doc: DiscoveryDoc, method: MethodDoc): { pattern: RegExp; literal: number } {
  const made = patterns.get(method);
  if (made) return made;
  const template = `/${doc.servicePath}${method.flatPath ?? method.path}`;
  const parts = template.split(/(\{\+?[^}]+\})/);
  const source = parts
    .map((part) => (part.startsWith('{+') ? '(.+)' : part.startsWith('{') ? '([^/]+)' : escape(part)))
    .join('');
  const literal = parts.filter((part) => !part.startsWith('{')).join('').length;
  const pattern = { pattern: new RegExp(`^${source}$`), literal };
  patterns.set(method, pattern);
  return pattern;
}

/**
 * The method an HTTP request calls, among several documents: the one whose path matches with the
 * most literal characters (so `…/{spreadsheetId}:batchUpdate` wins over `…/{spreadsheetId}`).
 */
export function methodAt(
  docs: readonly DiscoveryDoc[],
  httpMethod: string,
  pathname: string,
): { doc: DiscoveryDoc; method: MethodDoc } | null {
  let best: { doc: DiscoveryDoc; method: MethodDoc; literal: number } | null = null;
  for (const doc of docs) {
    for (const method of methodsOf(doc.resources)) {
      if (method.httpMethod !== httpMethod) continue;
      const { pattern, literal } = pathPattern(doc, method);
      if (pattern.test(pathname) && (!best || literal > best.literal)) best = { doc, method, literal };
    }
  }
  return best && { doc: best.doc, method: best.method };
}

/** Checks one call (query, body, scopes) against its method; throws a SchemaError with every refusal. */
export function checkCall(doc: DiscoveryDoc, method: MethodDoc, sent: Sent): void {
  if (sent.scopes && !(method.scopes ?? []).some((scope) => sent.scopes!.includes(scope)))
    throw new SchemaError(403, 'Request had insufficient authentication scopes.');
  const errors = [...queryErrors(doc, method, sent.query)];
  if (method.request) {
    if (sent.body !== undefined) errors.push(...bodyErrors(doc, method.request.$ref, sent.body));
  } else if (
    sent.body !== undefined &&
    !(typeof sent.body === 'object' && sent.body !== null && Object.keys(sent.body).length === 0)
  ) {
    errors.push(`Invalid JSON payload received. ${method.id} takes no request body.`);
  }
  const broken = errors.length === 0 ? METHOD_RULES[method.id]?.(sent) : null;
  if (broken) errors.push(broken);
  if (errors.length > 0) throw new SchemaError(400, errors.join('\n'));
}

/** Checks a body against a schema of the document (e.g. `BatchUpdateSpreadsheetRequest`); throws a SchemaError. */
export function checkBody(doc: DiscoveryDoc, schema: string, body: unknown): void {
  const errors = bodyErrors(doc, schema, body);
  if (errors.length > 0) throw new SchemaError(400, errors.join('\n'));
}

/** Requests checked whole by the caller now applying them (the sandbox's spreadsheet hands them on to its workbook). */
let checkedNow: ReadonlySet<unknown> = new Set();

/** A Sheets batchUpdate body checked as Google checks it (the embedded workbook's check under test: test/schema-setup.ts). */
export function checkSheetsBatchUpdate(body: { readonly requests: readonly unknown[] }): void {
  if (body.requests.length > 0 && body.requests.every((request) => checkedNow.has(request))) return;
  checkBody(discovery('sheets.v4'), 'BatchUpdateSpreadsheetRequest', body);
}

/**
 * Runs `apply` with `requests` taken as checked: the sandbox's spreadsheet checks a whole body
 * (its extensions included), then hands the rest, the same objects, to its workbook, which need
 * not check them again. Only for the length of the call, so a request changed later is checked.
 */
export function alreadyChecked<T>(requests: readonly unknown[], apply: () => T): T {
  const before = checkedNow;
  checkedNow = new Set(requests);
  try {
    return apply();
  } finally {
    checkedNow = before;
  }
}

function queryErrors(doc: DiscoveryDoc, method: MethodDoc, query: URLSearchParams): string[] {
  const errors: string[] = [];
  const parameters = { ...doc.parameters, ...method.parameters };
  for (const name of new Set(query.keys())) {
    const parameter = parameters[name];
    if (!parameter || parameter.location !== 'query') {
      errors.push(
        `Invalid JSON payload received. Unknown name "${name}": Cannot bind query parameter. Field '${name}' could not be found in request message.`,
      );
      continue;
    }
    const values = query.getAll(name);
    if (parameter.deprecated) errors.push(deprecated(name, '', parameter));
    if (values.length > 1 && !parameter.repeated)
      errors.push(`Invalid value at '${snake(name)}': ${name} is not repeated, given ${values.length} times.`);
    for (const value of values) {
      const problem = scalarProblem(parameter, value, true);
      if (problem) errors.push(`Invalid value at '${snake(name)}' (${problem}), "${value}"`);
    }
  }
  for (const [name, parameter] of Object.entries(method.parameters ?? {}))
    if (parameter.location === 'query' && parameter.required && !query.has(name))
      errors.push(`Required parameter missing: ${name}.`);
  return errors;
}

/** Google names a field in its messages by its proto name (snake_case). */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const deprecated = (name: string, at: string, field: SchemaDoc) =>
  `"${name}"${at ? ` at '${at}'` : ''} is deprecated (${field.description ?? 'deprecated'}); the loopback Google refuses deprecated fields.`;

const INT32 = [-(2 ** 31), 2 ** 31 - 1];
const UINT32 = [0, 2 ** 32 - 1];

/**
 * What is wrong with a scalar, as Google's type name (TYPE_INT32…), or null. `fromQuery`: the value
 * is a query parameter's text, where numbers and booleans are written out.
 */
function scalarProblem(field: SchemaDoc, value: unknown, fromQuery = false): string | null {
  const { type, format } = field;
  if (type === 'any') return null;
  if (type === 'boolean')
    return (fromQuery ? value === 'true' || value === 'false' : typeof value === 'boolean') ? null : 'TYPE_BOOL';
  if (type === 'integer') {
    const name = format === 'uint32' ? 'TYPE_UINT32' : 'TYPE_INT32';
    const n = fromQuery && typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
    const [min, max] = format === 'uint32' ? UINT32 : INT32;
    return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? null : name;
  }
  if (type === 'number') {
    const n = fromQuery && typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? null : format === 'float' ? 'TYPE_FLOAT' : 'TYPE_DOUBLE';
  }
  if (type === 'string') {
    if (typeof value !== 'string')
      return format === 'int64' ? 'TYPE_INT64' : format === 'uint64' ? 'TYPE_UINT64' : 'TYPE_STRING';
    if (format === 'int64' && !(/^-?\d+$/.test(value) && BigInt(value) >= -(2n ** 63n) && BigInt(value) < 2n ** 63n))
      return 'TYPE_INT64';
    if (format === 'uint64' && !(/^\d+$/.test(value) && BigInt(value) < 2n ** 64n)) return 'TYPE_UINT64';
    if (field.enum && !field.enum.includes(value)) return 'TYPE_ENUM';
    return null;
  }
  return `unknown type ${type}`;
}

/** Where in a body a value is: field names and indexes, written out only for a refusal. */
type Path = (string | number)[];

/** A path as Google writes it: proto (snake_case) field names, `[i]` indexes, `["key"]` map keys. */
function pathText(path: Path): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (part.startsWith('[')) text += part;
    else text += text === '' ? snake(part) : `.${snake(part)}`;
  }
  return text;
}

function bodyErrors(doc: DiscoveryDoc, schema: string, body: unknown): string[] {
  const errors: string[] = [];
  const oneOf = ONE_OF[doc.name] ?? {};
  const path: Path = [];
  const at = () => pathText(path);
  const atName = () => (path.length === 0 ? '' : ` at '${at()}'`);
  const show = (value: unknown) => JSON.stringify(value) ?? String(value);

  /** The fields of an object against a schema's properties (the value is known to be an object). */
  const checkFields = (fields: Readonly<Record<string, SchemaDoc>>, value: Record<string, unknown>): string[] => {
    const set: string[] = [];
    for (const key in value) {
      const item = value[key];
      // A field whose value is undefined is not sent (JSON leaves it out).
      if (item === undefined) continue;
      set.push(key);
      const field = fields[key];
      if (!field) {
        errors.push(`Invalid JSON payload received. Unknown name "${key}"${atName()}: Cannot find field.`);
        continue;
      }
      if (field.deprecated) errors.push(deprecated(key, at(), field));
      path.push(key);
      check(field, item);
      path.pop();
    }
    return set;
  };

  const checkObject = (name: string, value: unknown) => {
    const message = doc.schemas[name];
    if (!message) return void errors.push(`no schema ${name} in ${doc.name} ${doc.revision}`);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return void errors.push(`Invalid value at '${at() || name}' (type.googleapis.com/${name}), ${show(value)}`);
    const set = checkFields(message.properties ?? {}, value as Record<string, unknown>);
    const union = oneOf[name];
    if (union && set.length > 1)
      errors.push(
        `Invalid value at '${at()}' (oneof), oneof field '${union.name}' is already set. Cannot set '${set.slice(1).join("', '")}'`,
      );
    if (union?.required && set.length === 0) errors.push(`Invalid ${at() || name}: No request set.`);
  };

  const check = (field: SchemaDoc, value: unknown): void => {
    if (value === null)
      return void errors.push(`Invalid value at '${at()}': null is not a value (leave the field out).`);
    if (field.$ref) return checkObject(field.$ref, value);
    if (field.type === 'array') {
      if (!Array.isArray(value))
        return void errors.push(`Invalid value at '${at()}' (repeated), ${show(value)}: a list is expected.`);
      const item = field.items ?? {};
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        check(item, value[i]);
        path.pop();
      }
      return;
    }
    if (field.type === 'object') {
      if (typeof value !== 'object' || Array.isArray(value))
        return void errors.push(`Invalid value at '${at()}' (map), ${show(value)}`);
      const entries = value as Record<string, unknown>;
      if (field.additionalProperties) {
        for (const key in entries) {
          // A null entry of a map is how an entry is cleared (Drive's File.appProperties: "Entries with null values are cleared").
          if (entries[key] === undefined || entries[key] === null) continue;
          path.push(`[${JSON.stringify(key)}]`);
          check(field.additionalProperties, entries[key]);
          path.pop();
        }
      } else if (field.properties) checkFields(field.properties, entries);
      return;
    }
    const problem = scalarProblem(field, value);
    if (problem) errors.push(`Invalid value at '${at()}' (${problem}), ${show(value)}`);
  };

  checkObject(schema, body);
  return errors;
}
