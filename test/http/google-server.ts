// A loopback stand-in for Google's REST APIs, for the Node host's tests: 127.0.0.1 only, an
// ephemeral port, closed by the test or by itself after a while without requests. It speaks the
// Sheets API v4 endpoints src/node uses, with the request and response shapes of the Sheets v4
// discovery document (sheets.googleapis.com/$discovery/rest?version=v4): spreadsheets.get,
// spreadsheets.batchUpdate and spreadsheets.values.get, and Google's JSON error body
// ({ error: { code, message, status } }); Forms v1, Drive v3 and spreadsheets.create are in
// test/http/workspace-server.ts, the Apps Script API's projects in test/http/script-server.ts,
// Google's OAuth endpoints in test/http/oauth-server.ts. The spreadsheets are the sandbox's (test/sandbox/sheets.ts:
// the embedded workbook plus hidden tabs, protections and values.get), so a render over HTTP is
// applied by the same code as the embedded render.
//
// Authentication is checked as Google checks a service account's self-signed JWT (AIP-4111): the
// bearer token must be signed by the key the test made, name its account and not be expired; the
// spreadsheet must be shared with that account. Then every request is checked against Google's
// discovery documents (test/helpers/discovery.ts, over test/fixtures/google-discovery): the method
// its verb and path name, the token's scopes against the method's, its query parameters and its
// body, refused as Google refuses them (400 INVALID_ARGUMENT, 403 for the scopes) before anything
// is served.
import {
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  type KeyPairKeyObjectResult,
  sign,
  verify,
} from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Request } from '../../src/sheets/api.js';
import { SchemaError, alreadyChecked, checkCall, discovery, methodAt } from '../helpers/discovery.js';
import type { Google, GoogleOptions } from '../sandbox/services.js';
import { type ResponseOptions, SheetFile } from '../sandbox/sheets.js';
import { CLASP_CLIENT, OAuthServer, projectOf } from './oauth-server.js';
import { xlsxToSpreadsheet } from './xlsx-import.js';
import { ScriptProjects } from './script-server.js';
import { HttpError, Workspace } from './workspace-server.js';

export const ACCOUNT = 'genius-host-runner@genius-host-test.iam.gserviceaccount.com';

/** One request as the server saw it, with the status it answered. */
export interface Seen {
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

export interface ServerOptions {
  /** Each distinct call (method, path and body) is first answered with these statuses, in turn, then served. */
  readonly failEachCallWith?: readonly number[];
  /**
   * Each distinct call's first try is carried out but held unanswered until the client gives up on
   * it (closes the connection), or at most this long (ms): so the client tries again a call that
   * has taken effect. Held until the client's own time-out, not for a fixed time, so the test does
   * not depend on which of two timers fires first.
   */
  readonly slowFirstTryMs?: number;
  /** Closes itself after this long without a request (ms). */
  readonly idleMs?: number;
  /** The sandbox world behind the Forms and Drive endpoints (its refusals: refuseSharingWith, legacyForms…). */
  readonly world?: Partial<GoogleOptions>;
  /** Or a sandbox's own world, its spreadsheets served too, shared with ACCOUNT (test/http/host.test.ts). */
  readonly sandboxWorld?: Google;
}

const REASONS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** What the spreadsheet refuses (a request it cannot apply, a range it cannot parse) is a 400, as Google answers. */
function refused<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new HttpError(400, (error as Error).message);
  }
}

/** Resolves when the client closes the connection (its time-out), or after `mostMs` if it never does. */
function untilClientGivesUp(res: ServerResponse, mostMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, mostMs);
    res.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const base64url = (text: string) => Buffer.from(text, 'base64url');

/** The APIs the server speaks, as Google describes them. */
const APIS = [discovery('sheets.v4'), discovery('forms.v1'), discovery('drive.v3'), discovery('script.v1')];

/** A request body as JSON (undefined when there is none), refused as Google refuses one it cannot parse. */
function parsed(body: string): unknown {
  if (body === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, 'Invalid JSON payload received. Unexpected token.');
  }
}

/**
 * The call checked against its method in the discovery documents: the token's scopes, the query
 * and the body. Drive's refusals carry its reason too (error.errors[0].reason, "Resolve errors").
 */
function checkAgainstSchema(method: string, url: URL, body: string, scopes: readonly string[]): unknown {
  const call = methodAt(APIS, method, url.pathname);
  if (!call) throw new HttpError(404, `no method at ${method} ${url.pathname}`);
  const json = parsed(body);
  try {
    checkCall(call.doc, call.method, { query: url.searchParams, body: json, scopes });
    return json;
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    throw new HttpError(
      error.status,
      error.message,
      call.doc.name === 'drive' && error.status === 400 ? 'badRequest' : undefined,
    );
  }
}

/**
 * An API answers only the OAuth clients of Cloud projects where it is turned on ("Enabling APIs":
 * usable "in the application's Google Cloud project"). clasp's client belongs to a project where the
 * Sheets API is off; its Sheets calls are refused with Google's words, as public reports quote them
 * (docs/google.md, "The template").
 */
function notEnabledIn(client: string | undefined, path: string): void {
  if (client !== CLASP_CLIENT.client_id || !path.startsWith('/v4/spreadsheets')) return;
  const project = projectOf(client);
  throw new HttpError(
    403,
    `Google Sheets API has not been used in project ${project} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/sheets.googleapis.com/overview?project=${project} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
    'accessNotConfigured',
  );
}

/** The parts of a multipart body: each one's content type and bytes. */
function multipartParts(raw: Buffer, boundary: string): { type: string; body: Buffer }[] {
  const parts: { type: string; body: Buffer }[] = [];
  const marker = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(marker);
  while (at >= 0) {
    const start = at + marker.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const next = raw.indexOf(marker, start);
    if (next < 0) break;
    const part = raw.subarray(start, next);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    // The part's data ends before the CRLF that precedes the next boundary.
    const body = part.subarray(split + 4, part.length - 2);
    parts.push({ type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '', body });
    at = next;
  }
  return parts;
}

/**
 * The service account's key pair, made once per test file: a 2048-bit key takes a few hundred
 * milliseconds to make, and each server made its own (a server is made per test).
 */
let accountKey: KeyPairKeyObjectResult | null = null;
function sharedAccountKey() {
  accountKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 });
  return accountKey;
}

export class LoopbackGoogle {
  readonly files = new Map<string, SheetFile>();
  /** Which accounts each spreadsheet is shared with. */
  readonly sharedWith = new Map<string, Set<string>>();
  readonly seen: Seen[] = [];
  private readonly attempts = new Map<string, number>();
  private readonly key = sharedAccountKey();
  /** The key the server trusts for ACCOUNT (another key is a refused credential). */
  private trusted: KeyObject = this.key.publicKey;
  private server: Server | null = null;
  private idle: NodeJS.Timeout | null = null;
  rootUrl = '';
  /** Google's OAuth endpoints for genius-host login (test/http/oauth-server.ts); the access tokens they issue are accepted. */
  readonly oauth = new OAuthServer();
  /** Runs before each authenticated call is served: a test throws an HttpError from it to refuse one call. */
  interrupt: ((method: string, path: string) => void) | null = null;
  /**
   * Awaited before each authenticated call is served: a test holds one call there (a machine stopped
   * with its request on the way) until it lets it go, so what happens meanwhile is the test's choice.
   */
  hold: ((call: { method: string; path: string; account: string; body: unknown }) => Promise<void> | void) | null =
    null;
  /** Runs as soon as a call has been served, before any other is (a test checks who wrote what, and when). */
  served: ((call: { method: string; path: string; account: string; body: unknown }) => void) | null = null;
  /** ServerOptions.slowFirstTryMs, changeable between calls (a test makes files first, then slows every later call). */
  slowFirstTryMs: number;
  /** Forms v1, Drive v3 and spreadsheets.create (test/http/workspace-server.ts); its world holds the forms and Drive's files. */
  readonly workspace: Workspace;
  /** The Apps Script API's projects (test/http/script-server.ts), bound to the spreadsheets here. */
  readonly scripts = new ScriptProjects((id, account) => this.sharedWith.get(id)?.has(account) ?? false);

  constructor(private readonly options: ServerOptions = {}) {
    this.slowFirstTryMs = options.slowFirstTryMs ?? 0;
    this.workspace = new Workspace(
      ACCOUNT,
      options.world ?? {},
      (file, account) => {
        this.files.set(file.id, file);
        this.sharedWith.set(file.id, new Set([account]));
      },
      options.sandboxWorld,
    );
    for (const file of options.sandboxWorld?.sheets.values() ?? []) {
      this.files.set(file.id, file);
      this.sharedWith.set(file.id, new Set([ACCOUNT]));
    }
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref();
    this.touch();
    this.rootUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return this.rootUrl;
  }

  close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const server = this.server;
    this.server = null;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  private touch(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.close(), this.options.idleMs ?? 60_000);
    this.idle.unref();
  }

  /** A service account key file for ACCOUNT, as the Cloud console downloads it. */
  writeKeyFile(path: string, account = ACCOUNT): string {
    const privateKey = this.key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    writeFileSync(
      path,
      JSON.stringify(
        {
          type: 'service_account',
          project_id: 'genius-host-test',
          private_key_id: 'k1',
          private_key: privateKey,
          client_email: account,
          client_id: '1',
          token_uri: 'https://oauth2.googleapis.com/token',
        },
        null,
        2,
      ),
    );
    return path;
  }

  /** A self-signed JWT for ACCOUNT carrying `scopes`, as Google's client library makes one from the key file (AIP-4111). */
  token(scopes: readonly string[]): string {
    const part = (json: object) => Buffer.from(JSON.stringify(json)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${part({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${part({ iss: ACCOUNT, sub: ACCOUNT, scope: scopes.join(' '), iat: now, exp: now + 3600 })}`;
    return `${unsigned}.${sign('RSA-SHA256', Buffer.from(unsigned), this.key.privateKey).toString('base64url')}`;
  }

  /** From now on the server trusts another key (as if the key file's key had been deleted). */
  revokeKey(): void {
    this.trusted = createPublicKey(
      generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
  }

  /** A new spreadsheet with its blank first tab, shared with `accounts`. */
  addSpreadsheet(id: string, accounts: readonly string[] = [ACCOUNT]): SheetFile {
    const file = new SheetFile(id, `Spreadsheet ${id}`, 'host@example.com');
    this.files.set(id, file);
    this.sharedWith.set(id, new Set(accounts));
    return file;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.touch();
    const url = new URL(req.url ?? '/', this.rootUrl);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let status = 200;
    let answer: unknown;
    const signIn = this.oauth.handle(req.method ?? 'GET', url, body);
    if (signIn) {
      this.seen.push({ method: req.method ?? 'GET', path: url.pathname, status: signIn.status });
      res.writeHead(signIn.status, { 'content-type': 'application/json; charset=UTF-8', ...signIn.headers });
      res.end(signIn.body === undefined ? '' : JSON.stringify(signIn.body));
      return;
    }
    const call = `${req.method} ${url.pathname}${url.search} ${body}`;
    const first = !this.attempts.has(call);
    try {
      this.failOnce(call);
      const { account, scopes, client } = this.authenticate(req.headers.authorization);
      if (req.method === 'POST' && url.pathname === '/upload/drive/v3/files')
        answer = await this.upload(url, req.headers['content-type'] ?? '', Buffer.concat(chunks), account, scopes);
      else {
        const json = checkAgainstSchema(req.method ?? 'GET', url, body, scopes);
        notEnabledIn(client, url.pathname);
        this.interrupt?.(req.method ?? 'GET', url.pathname);
        await this.hold?.({ method: req.method ?? 'GET', path: url.pathname, account, body: json });
        answer = this.route(req.method ?? 'GET', url, body, json, account);
        this.served?.({ method: req.method ?? 'GET', path: url.pathname, account, body: json });
      }
    } catch (error) {
      status = error instanceof HttpError ? error.status : 500;
      const detail =
        error instanceof HttpError && error.detail
          ? { errors: [{ domain: 'global', reason: error.detail, message: error.message }] }
          : {};
      answer = {
        error: { code: status, message: (error as Error).message, status: REASONS[status] ?? 'UNKNOWN', ...detail },
      };
    }
    this.seen.push({ method: req.method ?? 'GET', path: decodeURIComponent(url.pathname), status });
    if (first && this.slowFirstTryMs) await untilClientGivesUp(res, this.slowFirstTryMs);
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(answer));
  }

  private failOnce(call: string): void {
    const fail = this.options.failEachCallWith ?? [];
    const n = this.attempts.get(call) ?? 0;
    this.attempts.set(call, n + 1);
    if (n < fail.length) throw new HttpError(fail[n]);
  }

  /**
   * Drive's files.create as a multipart upload ("Upload file data": uploadType=multipart, the
   * file's metadata as JSON then its data, in a multipart/related body), checked against the
   * method in Drive's discovery document (scopes, query, metadata). An .xlsx whose metadata asks
   * for a Google spreadsheet is imported: a spreadsheet with the workbook's tabs and text (only
   * what xlsx-import.ts reads), the caller's.
   */
  private async upload(
    url: URL,
    type: string,
    raw: Buffer,
    account: string,
    scopes: readonly string[],
  ): Promise<unknown> {
    const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
    if (url.searchParams.get('uploadType') !== 'multipart' || !/^multipart\/related/.test(type) || !boundary)
      throw new HttpError(
        400,
        'The sandbox implements multipart uploads only (uploadType=multipart, multipart/related).',
      );
    const parts = multipartParts(raw, boundary);
    if (parts.length !== 2)
      throw new HttpError(400, `A multipart upload has 2 parts, metadata and media; ${parts.length} sent.`);
    const metadata = parsed(parts[0].body.toString('utf8')) as { name?: string; mimeType?: string } | undefined;
    const call = methodAt(APIS, 'POST', '/drive/v3/files');
    if (!call) throw new HttpError(500);
    try {
      checkCall(call.doc, call.method, { query: url.searchParams, body: metadata, scopes });
    } catch (error) {
      if (error instanceof SchemaError) throw new HttpError(error.status, error.message);
      throw error;
    }
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    if (metadata?.mimeType !== 'application/vnd.google-apps.spreadsheet' || !parts[1].type.startsWith(xlsx))
      throw new HttpError(400, 'The sandbox imports an .xlsx into a Google spreadsheet only.');
    const file = this.workspace.uploadSpreadsheet(metadata.name ?? 'Untitled', account);
    await xlsxToSpreadsheet(parts[1].body, file);
    const fields = url.searchParams.get('fields');
    const resource = {
      kind: 'drive#file',
      id: file.id,
      name: metadata.name ?? 'Untitled',
      mimeType: metadata.mimeType,
    };
    return fields === 'id' ? { id: file.id } : resource;
  }

  /** The account, scopes and OAuth client of a valid access token this server issued or self-signed JWT (its scopes are checked per method). */
  private authenticate(header: string | undefined): { account: string; scopes: readonly string[]; client?: string } {
    const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
    if (!token) throw new HttpError(401);
    const user = this.oauth.accountOf(token);
    if (user) return user;
    const [head, payload, signature] = token.split('.');
    if (!head || !payload || !signature) throw new HttpError(401);
    if (!verify('RSA-SHA256', Buffer.from(`${head}.${payload}`), this.trusted, base64url(signature)))
      throw new HttpError(401);
    const claims = JSON.parse(base64url(payload).toString('utf8')) as {
      iss?: string;
      sub?: string;
      scope?: string;
      exp?: number;
    };
    if (!claims.iss || (claims.exp ?? 0) * 1000 < Date.now()) throw new HttpError(401);
    return { account: claims.iss, scopes: (claims.scope ?? '').split(' ') };
  }

  private spreadsheet(id: string, account: string): SheetFile {
    const file = this.files.get(id);
    if (!file) throw new HttpError(404);
    if (!this.sharedWith.get(id)?.has(account)) throw new HttpError(403);
    return file;
  }

  /** Serves a call whose body (`json`, parsed from `body`) the discovery checks have passed. */
  private route(method: string, url: URL, body: string, json: unknown, account: string): unknown {
    const script = this.scripts.route(method, url, json, account);
    if (script !== undefined) return script;
    const workspace = this.workspace.route(method, url, body, account);
    if (workspace !== undefined) return workspace;
    // Sheets v4 paths (the discovery document's flatPath): v4/spreadsheets/{spreadsheetId},
    // v4/spreadsheets/{spreadsheetId}:batchUpdate, v4/spreadsheets/{spreadsheetId}/values/{range}.
    const path = /^\/v4\/spreadsheets\/([^/:]+)(:batchUpdate|\/values\/(.+))?$/.exec(url.pathname);
    if (!path) throw new HttpError(404, `no method at ${method} ${url.pathname}`);
    const file = this.spreadsheet(decodeURIComponent(path[1]), account);
    if (method === 'GET' && path[2] === undefined) {
      const fields = url.searchParams.get('fields') ?? undefined;
      return refused(() => file.get(fields));
    }
    if (method === 'POST' && path[2] === ':batchUpdate') {
      // The requests checked above, handed on as they are: the spreadsheet need not check them again.
      const { requests = [], ...answer } = (json as ({ requests?: Request[] } & ResponseOptions) | undefined) ?? {};
      return refused(() => alreadyChecked(requests, () => file.batchUpdate(requests, answer)));
    }
    if (method === 'GET' && path[3] !== undefined) {
      return refused(() =>
        file.values(decodeURIComponent(path[3]), url.searchParams.get('valueRenderOption') ?? undefined),
      );
    }
    throw new HttpError(404, `no method at ${method} ${url.pathname}`);
  }
}
