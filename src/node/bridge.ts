// Synchronous calls to Google's REST APIs. The ports (src/triggers/google/ports.ts) are synchronous, like
// Apps Script, and Node's HTTP is not: each call is posted to a worker thread (src/node/worker.ts,
// built to dist/google-worker.mjs next to dist/cli.mjs) and this thread sleeps on a shared
// Int32Array (Atomics.wait) until the worker has posted the answer, which it then takes off the
// port with receiveMessageOnPort. Retries with backoff happen inside the worker (src/node/rest.ts).

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { InputError } from './errors.js';
import { checkKeyFile } from './credentials.js';
import type { CallError, CallName, RestCalls, RestConfig } from './rest.js';

/** Google's token endpoint refused the saved sign-in: revoked, expired, or its client deleted. */
const REFUSED_SIGN_IN = /invalid_grant|invalid_client|unauthorized_client/;

/** A failure of Google (or of reaching it), as the one line the CLI prints. */
export class GoogleError extends InputError {
  /** The saved sign-in was refused: no call can pass until the user signs in again (host --every stops). */
  readonly signInRefused: boolean;

  /**
   * `retried`: the call was tried more than once, so an earlier try (one that timed out, or a
   * server error) may have taken effect although its answer never arrived.
   */
  constructor(
    message: string,
    readonly status?: number,
    readonly retried = false,
    /** The failed call as the worker saw it (Google's own message and reasons), when Google answered. */
    readonly call?: CallError,
  ) {
    super(message);
    this.signInRefused = call !== undefined && REFUSED_SIGN_IN.test(call.message);
  }
}

/** The environment variable that sends every call to a local server instead of Google (tests, emulators). */
const ROOT_URL_VARIABLE = 'GENIUS_HOST_GOOGLE_ROOT_URL';

/** Retries and time-outs can take minutes (gaxios backs off up to 32 s a try); past this, give up. */
const LONGEST_CALL_MS = 10 * 60_000;

/**
 * The configuration from the environment. A root URL other than Google's must be on this machine
 * (127.0.0.1, localhost or ::1): the calls carry the credential's signed token, which must never go
 * to another host.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): RestConfig {
  const root = env[ROOT_URL_VARIABLE];
  if (root === undefined || root === '') return {};
  let url: URL;
  try {
    url = new URL(root);
  } catch {
    throw new InputError(`${ROOT_URL_VARIABLE}: "${root}" is not a URL (e.g. http://127.0.0.1:8123/)`);
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new InputError(
      `${ROOT_URL_VARIABLE}: "${root}" is not on this machine (http://127.0.0.1:PORT/ only: the calls carry your credential)`,
    );
  }
  // The tests' knobs, read only with a local root: the first retry's wait and one try's time-out.
  const ms = (name: string) => (/^\d+$/.test(env[name] ?? '') ? Number(env[name]) : undefined);
  const retryDelayMs = ms('GENIUS_HOST_GOOGLE_RETRY_MS');
  const timeoutMs = ms('GENIUS_HOST_GOOGLE_TIMEOUT_MS');
  return {
    rootUrl: url.href,
    ...(retryDelayMs !== undefined ? { retryDelayMs } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}

type Answer<N extends CallName> = Awaited<ReturnType<RestCalls[N]>>;

export class GoogleCalls {
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private readonly port: MessagePort;
  private readonly worker: Worker;
  /** How many calls of each kind were made (the quota a command costs; retries are not counted). */
  readonly counts: Partial<Record<CallName, number>> = {};
  /** Runs before every call, with its name (the machine's store writes what it kept before a write: src/node/host-ports.ts). */
  beforeCall: ((name: CallName) => void) | null = null;

  /** `file`: the built worker (dist/google-worker.mjs, beside the built CLI; tests running the sources name it). */
  constructor(
    config: RestConfig = configFromEnv(),
    file = fileURLToPath(new URL('./google-worker.mjs', import.meta.url)),
  ) {
    if (!existsSync(file)) throw new InputError(`${file} is missing: run \`npm run build\` first`);
    // A key file that cannot be one is said before the worker starts, not as a call that failed.
    checkKeyFile();
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(file, { workerData: { signal: this.signal, port: port2, config }, transferList: [port2] });
    // The process ends when the command is done, whether or not close() was called.
    this.worker.unref();
  }

  /** Makes one call and waits for its answer; throws a GoogleError saying what went wrong. */
  call<N extends CallName>(name: N, params: Parameters<RestCalls[N]>[0], what: string): Answer<N> {
    this.beforeCall?.(name);
    this.counts[name] = (this.counts[name] ?? 0) + 1;
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ name, params });
    if (Atomics.wait(this.signal, 0, 0, LONGEST_CALL_MS) === 'timed-out') {
      throw new GoogleError(`${what}: Google did not answer within ${LONGEST_CALL_MS / 60_000} minutes`);
    }
    // The worker answers the call just posted, in this shape (worker.ts); a generic answer cannot be checked at run time.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the thread's own protocol
    const reply = receiveMessageOnPort(this.port)?.message as { value?: Answer<N>; error?: CallError } | undefined;
    if (!reply) throw new GoogleError(`${what}: the call to Google ended without an answer`);
    if (reply.error)
      throw new GoogleError(this.describe(reply.error, what), reply.error.status, reply.error.retried, reply.error);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- a reply without error carries the value
    return reply.value as Answer<N>;
  }

  /** One line for a failed call, with what the user can do about it. */
  private describe(error: CallError, what: string): string {
    const key =
      "Set GOOGLE_APPLICATION_CREDENTIALS to a service account's key file (docs/machine-host.md: Hosting from a machine)";
    if (error.credential && /Could not load the default credentials/.test(error.message)) {
      return `no Google credential: GOOGLE_APPLICATION_CREDENTIALS is not set, there is no gcloud application-default login and this is not a Google Cloud runtime. ${key}, or sign in once as your own account: genius-host login --client CLIENT.json`;
    }
    if (error.credential)
      return `the Google credential cannot be used: ${error.message.replace(/\s+/g, ' ').replace(/\.?$/, '')}. ${key}`;
    if (error.code === 'ERR_MODULE_NOT_FOUND')
      return `Google's API client is not installed (${error.message}): run npm ci`;
    // A refresh token of an OAuth client whose consent screen is "Testing" lasts 7 days ("Using OAuth
    // 2.0 to Access Google APIs", Refresh token expiration): the usual reason a week-long host stops.
    if (/invalid_grant/.test(error.message))
      return `Google refused the saved sign-in (${error.message}): it was revoked, or it expired, as every sign-in does after 7 days while the OAuth client's consent screen is "Testing"; publish the consent screen "In production" (docs/machine-host.md: Signing in as your own account), then run genius-host login --client CLIENT.json again`;
    if (REFUSED_SIGN_IN.test(error.message))
      return `Google refused the saved sign-in (${error.message}): run genius-host login --client CLIENT.json again, or set GOOGLE_APPLICATION_CREDENTIALS`;
    if (error.status === undefined)
      return `${what}: could not reach Google (${error.code ? `${error.code}: ` : ''}${error.message})`;
    const said = `HTTP ${error.status}${error.reason ? ` ${error.reason}` : ''}: ${error.message}`;
    if (error.status === 401)
      return `Google refused the credential (${said}). ${key}, and check that the key is not deleted or disabled`;
    // A rate limit Drive answers with 403 (its reason says so: "Resolve errors") is not a missing share.
    if (
      error.status === 403 &&
      error.reason === 'PERMISSION_DENIED' &&
      !/RateLimitExceeded$/i.test(error.detail ?? '')
    ) {
      let who = 'the service account';
      try {
        who = this.call('identity', undefined, 'the credential').email ?? who;
      } catch {
        // Keep the general wording.
      }
      return `${what}: Google refused access (${said}); share it with ${who} as an editor`;
    }
    if (error.status === 404)
      return `${what}: not found (${said}); the ID is the part of the spreadsheet's address between /d/ and /edit`;
    return `${what}: ${said}`;
  }

  /** Ends the worker (the process can also just end). */
  close(): void {
    void this.worker.terminate();
  }
}
