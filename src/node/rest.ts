// Google's REST APIs from Node, through Google's own client packages: each call the ports make, as
// a promise. It runs inside the worker thread of src/node/worker.ts (the ports are synchronous, like
// Apps Script; src/node/bridge.ts waits for these promises). Node-only: never imported by the Apps
// Script bundle (src/addon, src/engine, src/sheets, src/forms, src/triggers).

import type { sheets_v4 } from '@googleapis/sheets';
import { errorMessage, isRecord } from '../engine/core/guards.js';
import { savedLogin } from './credentials.js';
import { formsAndDriveCalls } from './rest-google.js';

/** The OAuth scope of every Sheets call here ("Choose Google Sheets API scopes": read and write spreadsheets). */
const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

/**
 * Every scope the calls need, the add-on's own minus Apps Script's (appsscript.json): Sheets;
 * forms.body to make and change forms ("Method: forms.create", forms.batchUpdate,
 * forms.setPublishSettings); forms.responses.readonly to read their responses
 * (forms.responses.list); drive.file to share and publish the files this app made ("Choose Google
 * Drive API scopes").
 */
export const SCOPES = [
  SHEETS_SCOPE,
  'https://www.googleapis.com/auth/forms.body',
  'https://www.googleapis.com/auth/forms.responses.readonly',
  'https://www.googleapis.com/auth/drive.file',
] as const;

export interface RestConfig {
  /**
   * Where the API calls go instead of Google (e.g. `http://127.0.0.1:8123/`): the client packages'
   * `rootUrl`. Undefined: Google's own roots from the discovery documents
   * (`https://sheets.googleapis.com/`).
   */
  readonly rootUrl?: string;
  /** Shortest wait before the first retry, in ms (gaxios retryConfig.retryDelay; the tests shorten it). */
  readonly retryDelayMs?: number;
  /** How long one try waits for an answer before it is abandoned and retried, in ms (the tests shorten it). */
  readonly timeoutMs?: number;
}

/**
 * An error as it crosses from the worker: the HTTP status and Google's own message. Google's APIs
 * answer an error with the body { error: { code, message, status } }, `status` one of the canonical
 * error codes of Google APIs (google.rpc.Code, e.g. PERMISSION_DENIED for HTTP 403).
 */
export interface CallError {
  readonly status?: number;
  /** The `error.status` word of Google's JSON error body (PERMISSION_DENIED, NOT_FOUND…). */
  readonly reason?: string;
  /** Drive's own reason, `error.errors[0].reason` of its error body (rateLimitExceeded, sharingRateLimitExceeded…: "Resolve errors"). */
  readonly detail?: string;
  readonly message: string;
  /** A Node error code (ENOENT, ECONNREFUSED…). */
  readonly code?: string;
  /** The credential could not be loaded at all (no ADC, unreadable key file). */
  readonly credential?: boolean;
  /** The call was tried more than once: an earlier try may have taken effect without its answer arriving. */
  readonly retried?: boolean;
}

/**
 * The client options that keep every call to a local root (GENIUS_HOST_GOOGLE_ROOT_URL: tests, an
 * emulator) on this machine, whatever the environment's proxy says. gaxios (under the client
 * packages and google-auth-library) sends a request through HTTPS_PROXY / HTTP_PROXY (either case)
 * unless NO_PROXY or its `noProxy` option names the address; a proxy would then receive the
 * loopback credential's signed token. `noProxy` naming the root's origin makes every call to it
 * direct. Google's own roots (no root URL) keep the environment's proxy, as any client would.
 */
export function directTo(rootUrl: string | undefined): { noProxy?: string[] } {
  return rootUrl === undefined ? {} : { noProxy: [new URL(rootUrl).origin] };
}

/** How many times a call is tried again. */
const RETRIES = 5;

/**
 * Retries as Google's documents ask: "Usage limits" of the Sheets API
 * (developers.google.com/workspace/sheets/api/limits) answers a quota overrun with 429 Too many
 * requests and asks for exponential backoff; Drive's "Resolve errors" guide
 * (developers.google.com/workspace/drive/api/guides/handle-errors) names 429 and the 5xx server
 * errors as the ones to retry with exponential backoff. gaxios (under the client packages) does the
 * backoff; which failures to retry is decided here, because its own rule retries neither a POST
 * nor a try that timed out (it treats the time-out's abort as the caller's). Every POST the ports
 * send is safe to repeat: a batchUpdate is atomic ("All Sheets requests are applied atomically",
 * same page) and the ones sent here write fixed cells and ids, so a repeat of one that did take
 * effect writes the same cells again or is refused as a whole (render then renders again from
 * what is there: src/cli/cli.ts).
 */
function retryConfig(config: RestConfig) {
  return {
    // gaxios waits retryDelay before the first retry, then ((multiplier^n - 1) / 2) s: 1, 1, 4,
    // 13 and 32 s (the cap) here, about a minute in all, as the per-minute quotas refill.
    retry: RETRIES,
    retryDelay: config.retryDelayMs ?? 1000,
    retryDelayMultiplier: 3,
    maxRetryDelay: 32_000,
    shouldRetry: (error: {
      status?: number;
      response?: { status?: number };
      config?: { retryConfig?: { currentRetryAttempt?: number } };
    }) => {
      if ((error.config?.retryConfig?.currentRetryAttempt ?? 0) >= RETRIES) return false;
      const status = error.response?.status ?? error.status;
      // No answer at all: the try timed out or the connection dropped.
      if (status === undefined) return true;
      return status === 408 || status === 429 || status >= 500;
    },
  };
}

/** What a failed call comes to, for the one line the CLI prints. */
export function callError(error: unknown): CallError {
  // gaxios's error (or a network error) read field by field, each optional: what any of them holds is checked where used.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- every field optional, each read with ?.
  const e = error as {
    status?: number;
    response?: {
      status?: number;
      data?: {
        error?: string | { status?: string; message?: string; errors?: { reason?: string }[] };
        error_description?: string;
      };
    };
    message?: string;
    code?: string | number;
    config?: { retryConfig?: { currentRetryAttempt?: number } };
  };
  const status = e.status ?? e.response?.status;
  const data = e.response?.data;
  const body = typeof data?.error === 'object' ? data.error : undefined;
  // The OAuth token endpoint answers { error, error_description } (RFC 6749, 5.2): both, in Google's words.
  const oauth =
    typeof data?.error === 'string'
      ? `${data.error}${data.error_description ? `: ${data.error_description}` : ''}`
      : undefined;
  const message = body?.message ?? oauth ?? e.message ?? String(error);
  const credential =
    status === undefined &&
    /default credentials|credential file|GOOGLE_APPLICATION_CREDENTIALS|genius-host login|private_key|client_email|No key or keyFile set|^The file at .* does not exist|Unexpected token|not valid JSON|in JSON at position/i.test(
      message,
    );
  return {
    ...(status !== undefined ? { status } : {}),
    ...(body?.status ? { reason: body.status } : {}),
    ...(body?.errors?.[0]?.reason ? { detail: body.errors[0].reason } : {}),
    message,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(credential ? { credential } : {}),
    ...((e.config?.retryConfig?.currentRetryAttempt ?? 0) > 0 ? { retried: true } : {}),
  };
}

/**
 * Every call the ports make, as promises; one client per API, authorised by Application Default
 * Credentials. The client package is loaded here, not imported at the top, so that a missing one is
 * an answer to the waiting caller rather than a worker that never starts.
 */
/**
 * A JSON POST to a Discord webhook (src/node/machine-discord.ts), not to Google: Node's fetch, no
 * credential, no retry (a refused post is tried again by a later execution: messages.ts). No
 * answer at all is an answer here too (`failed`), so the caller words it, without the URL.
 */
async function postJson(
  params: { url: string; body: unknown },
  timeoutMs: number,
): Promise<{ status: number; text: string; headers: Record<string, string> } | { failed: string }> {
  try {
    const response = await fetch(params.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(params.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return {
      status: response.status,
      text: await response.text(),
      headers: Object.fromEntries(response.headers.entries()),
    };
  } catch (error) {
    // fetch's TypeError says little ("fetch failed"); its cause names the network's error (ECONNREFUSED…).
    const cause = error instanceof Error && isRecord(error.cause) ? error.cause : {};
    const why = typeof cause.code === 'string' ? cause.code : typeof cause.message === 'string' ? cause.message : '';
    return { failed: [errorMessage(error), why].filter(Boolean).join(': ') };
  }
}

/**
 * The credentials of restCalls: the saved sign-in of genius-host login when there is one, else
 * Application Default Credentials (`adc`, also what identity() reads).
 */
function restAuth(config: RestConfig, googleAuth: (typeof import('@googleapis/sheets'))['auth']) {
  // Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS (a service account's key file),
  // else gcloud's application-default login, else the metadata server of a Google Cloud runtime.
  const saved = savedLogin();
  // The saved sign-in of genius-host login (src/node/browser-login.ts) when GOOGLE_APPLICATION_CREDENTIALS
  // names no key: its refresh token gets access tokens from the OAuth token endpoint.
  const direct = directTo(config.rootUrl);
  const login = saved
    ? new googleAuth.OAuth2({
        clientId: saved.client_id,
        clientSecret: saved.client_secret,
        ...(config.rootUrl
          ? { endpoints: { oauth2TokenUrl: `${config.rootUrl}token` }, transporterOptions: direct }
          : {}),
      })
    : null;
  login?.setCredentials({ refresh_token: saved?.refresh_token });
  // With a local root, every call goes there and nowhere else, the token's refresh too: an
  // authorized_user file named by GOOGLE_APPLICATION_CREDENTIALS refreshes at the root's token
  // endpoint, directly, as the saved sign-in does (not at Google's through the proxy).
  const adc = new googleAuth.GoogleAuth({
    scopes: [...SCOPES],
    ...(config.rootUrl
      ? {
          clientOptions: { transporterOptions: direct, endpoints: { oauth2TokenUrl: `${config.rootUrl}token` } },
        }
      : {}),
  });
  // A service account's key signs its own token (a self-signed JWT carrying the scopes: AIP-4111,
  // google.aip.dev/auth/4111, which AIP-4112 prefers for service account keys): no round trip to
  // the OAuth token endpoint before the first call.
  adc.useJWTAccessWithScope = true;
  return { login, adc, direct };
}

export async function restCalls(config: RestConfig) {
  // `auth` is google-auth-library as the client packages bring it (the same copy their calls use).
  const { auth: googleAuth, sheets } = await import('@googleapis/sheets');
  const { login, adc, direct } = restAuth(config, googleAuth);
  const auth = login ?? adc;
  const options = {
    auth,
    ...(config.rootUrl ? { rootUrl: config.rootUrl, ...direct } : {}),
    retryConfig: retryConfig(config),
    timeout: config.timeoutMs ?? 60_000,
  };
  const api: sheets_v4.Sheets = sheets({ version: 'v4', ...options });

  return {
    ...(await formsAndDriveCalls(options, api)),
    postJson: (params: { url: string; body: unknown }) => postJson(params, config.timeoutMs ?? 60_000),
    /** Who the calls run as: the service account's address, when the credential names one. */
    async identity(): Promise<{ email: string | null }> {
      if (login) return { email: null };
      const credentials = await adc.getCredentials();
      return { email: credentials.client_email ?? null };
    },
    /** spreadsheets.get (Sheets API v4 REST reference, "Method: spreadsheets.get": GET /v4/spreadsheets/{spreadsheetId}, `fields` a field mask); answers a Spreadsheet. */
    async getSpreadsheet(params: { spreadsheetId: string; fields: string }): Promise<sheets_v4.Schema$Spreadsheet> {
      return (await api.spreadsheets.get(params)).data;
    },
    /**
     * spreadsheets.batchUpdate ("Method: spreadsheets.batchUpdate": POST
     * /v4/spreadsheets/{spreadsheetId}:batchUpdate, body BatchUpdateSpreadsheetRequest { requests });
     * answers a BatchUpdateSpreadsheetResponse { spreadsheetId, replies }.
     */
    async batchUpdate(params: {
      spreadsheetId: string;
      requests: sheets_v4.Schema$Request[];
    }): Promise<sheets_v4.Schema$BatchUpdateSpreadsheetResponse> {
      return (
        await api.spreadsheets.batchUpdate({
          spreadsheetId: params.spreadsheetId,
          requestBody: { requests: params.requests },
        })
      ).data;
    },
    /**
     * spreadsheets.values.get ("Method: spreadsheets.values.get",
     * developers.google.com/sheets/api/reference/rest/v4/spreadsheets.values/get: GET
     * /v4/spreadsheets/{spreadsheetId}/values/{range}, valueRenderOption a query parameter); answers
     * a ValueRange { range, majorDimension, values }, trailing empty rows and cells left out.
     */
    async getValues(params: {
      spreadsheetId: string;
      range: string;
      valueRenderOption: 'FORMULA';
    }): Promise<sheets_v4.Schema$ValueRange> {
      return (await api.spreadsheets.values.get(params)).data;
    },
  };
}

export type RestCalls = Awaited<ReturnType<typeof restCalls>>;
export type CallName = keyof RestCalls;
