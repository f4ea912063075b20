// Discord's own OpenAPI description of its HTTP API (/work/shared/discord-api/openapi.json, copied
// from discord/discord-api-spec) as a check of every webhook post the project sends, as
// test/helpers/discovery.ts checks every Google request: `POST /webhooks/{webhook_id}/{webhook_token}`,
// its path (a snowflake id), its query (`wait`, `thread_id`, `with_components`) and its JSON body
// (the request body schema, validated by Ajv against JSON Schema 2020-12, which OpenAPI 3.1 uses).
//
// Stricter than Discord on purpose in one way, as the discovery check is: a body field the
// description does not name is refused (every object schema is closed), so the project never leans
// on what Discord only ignores.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/** Where the shared copy is, and a copy next to the tests when the shared one is absent. */
const PLACES = [
  // import.meta, not __dirname: npm run pictures loads the sandbox (which checks posts with this) as an ES module.
  join(dirname(fileURLToPath(import.meta.url)), '../../../../shared/discord-api/openapi.json'),
  '/work/shared/discord-api/openapi.json',
];

const PATH = '/webhooks/{webhook_id}/{webhook_token}';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The description as Discord publishes it. */
function openapi(): { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } } {
  const place = PLACES.find((p) => existsSync(p));
  if (!place) throw new Error(`Discord's OpenAPI description is not at ${PLACES.join(' or ')}`);
  return JSON.parse(readFileSync(place, 'utf8')) as ReturnType<typeof openapi>;
}

/** `schema` with every object schema that lists its properties closed to others (see the top). */
function closed(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(schema))
    out[key] = key === 'properties' ? mapValues(value, closed) : closed(value);
  if (out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

function mapValues(value: Json, f: (v: Json) => Json): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, f(v)]));
}

let compiled: { body: ValidateFunction; query: Map<string, ValidateFunction> } | null = null;

function validators(): NonNullable<typeof compiled> {
  if (compiled) return compiled;
  const doc = openapi();
  const operation = doc.paths[PATH]?.post as {
    requestBody: { content: { 'application/json': { schema: Json } } };
    parameters: { name: string; in: string; schema: Json }[];
  };
  if (!operation) throw new Error(`Discord's OpenAPI description has no POST ${PATH}`);
  // Vendor keywords (x-discord-union) are notes, not rules; formats are checked where they say something.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('snowflake', /^(0|[1-9][0-9]*)$/);
  ajv.addFormat('uri', (text: string) => URL.canParse(text));
  ajv.addFormat('date-time', (text: string) => !Number.isNaN(Date.parse(text)));
  for (const name of ['int32', 'int64', 'double']) ajv.addFormat(name, { type: 'number', validate: () => true });
  ajv.addFormat('nonce', () => true);
  ajv.addSchema({ $id: 'discord', components: { schemas: closed(doc.components.schemas) } });
  const resolve = (schema: Json) =>
    ajv.compile(
      JSON.parse(JSON.stringify(closed(schema)).replaceAll('"#/components/', '"discord#/components/')) as object,
    );
  const body = resolve(operation.requestBody.content['application/json'].schema);
  const query = new Map(operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, resolve(p.schema)]));
  compiled = { body, query };
  return compiled;
}

/** Ajv's errors as one line each: where, and what. */
function lines(errors: readonly ErrorObject[] | null | undefined, where: string): string[] {
  return (errors ?? []).map(
    (e) =>
      `${where}${e.instancePath || ''}: ${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
  );
}

/**
 * What Discord's description refuses in one webhook post: `url` the webhook's URL with its query,
 * `body` the JSON sent. Empty when it is valid.
 */
export function discordPostProblems(url: string, body: unknown): string[] {
  const { body: checkBody, query } = validators();
  const problems: string[] = [];
  const parsed = new URL(url);
  const path = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)$/.exec(parsed.pathname);
  if (!path) problems.push(`path: ${parsed.pathname} is not ${PATH}`);
  else if (!/^(0|[1-9][0-9]*)$/.test(path[1])) problems.push(`webhook_id: ${path[1]} is not a snowflake`);
  for (const [name, value] of parsed.searchParams) {
    const check = query.get(name);
    if (!check) {
      problems.push(`query: ${name} is not a parameter of POST ${PATH}`);
      continue;
    }
    // A query parameter is text; a boolean's is true or false.
    const typed: unknown = value === 'true' ? true : value === 'false' ? false : value;
    if (!check(typed)) problems.push(...lines(check.errors, `query ${name}`));
  }
  if (!checkBody(body)) problems.push(...lines(checkBody.errors, 'body'));
  return problems;
}
