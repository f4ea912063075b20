// Fakes of the Apps Script services the add-on calls, typed against @types/google-apps-script
// (each implemented method takes the real method's parameters), behaving as the reference says:
// what they return, what they refuse, what persists. A call the sandbox does not implement throws,
// naming itself. One `Google` object holds the world: files, forms, triggers, the clock.
/// <reference types="google-apps-script" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from '../../src/sheets/api.js';
import {
  type CallHook,
  type CallRecord,
  type ExecutionRecord,
  type FaultPlan,
  LATE_ANSWER_SECONDS,
  faultMessage,
  isRemote,
  isWrite,
  jsonBytes,
  utf8Size,
  serviceOf,
} from './calls.js';
import { SheetFile, SheetsError } from './sheets.js';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { accountKey } from '../../src/engine/core/email.js';
import { deepClone, registerPlainDataClass, restoreInto } from './snapshot.js';
import { type Api, SchemaError, checkCall, discovery, methodById } from '../helpers/discovery.js';
import { discordPostProblems } from '../helpers/discord-openapi.js';

registerPlainDataClass(EmbeddedWorkbook);

const WRAPPED = Symbol('wrapped by the sandbox');

/**
 * An advanced service call checked as Google checks the REST call it makes (its discovery
 * document: test/helpers/discovery.ts): `resource` is the body, `optionalArgs` the query. Refused
 * as the advanced services report a refusal.
 */
function checkAdvanced(api: Api, methodId: string, resource: unknown, optionalArgs?: object): void {
  const doc = discovery(api);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(optionalArgs ?? {}))
    if (value !== undefined) query.append(name, String(value));
  try {
    checkCall(doc, methodById(doc, methodId), { query, body: resource });
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    throw new Error(`GoogleJsonResponseException: API call to ${methodId} failed with error: ${error.message}`, {
      cause: error,
    });
  }
}

/** The world as Google.snapshot() saw it. */
export interface Snapshot {
  readonly state: Readonly<Record<string, unknown>>;
  readonly brand?: 'snapshot';
}

/** What a snapshot leaves out: the configuration, and what only lives while an execution runs. */
const NOT_SNAPSHOT = new Set(['options', 'running', 'armedFault', 'onCall', 'onUserEdit', 'eventHandles']);

/** Each implemented method must accept the real method's parameters. */
type Loose<T> = { [K in keyof T]?: T[K] extends (...args: infer A) => unknown ? (...args: A) => unknown : unknown };

/** Throws, naming the call, for anything the sandbox does not implement. */
function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON' || key in object)
        return Reflect.get(object, key, receiver);
      throw new Error(`${name}.${String(key)} is not implemented by the sandbox`);
    },
  });
}

export class FakeClock {
  /** Told after every move of the clock, from and to (ms): Apps Script's clock triggers keep time (see Table.clockTriggers). */
  onMove: ((from: number, to: number) => void) | null = null;
  constructor(private ms: number) {}
  now(): number {
    return this.ms;
  }
  iso(): string {
    return new Date(this.ms).toISOString();
  }
  advance(seconds: number): void {
    this.moveTo(this.ms + seconds * 1000);
  }
  set(iso: string): void {
    this.moveTo(Date.parse(iso));
  }
  /** Sets the time without telling onMove (a trigger run at a minute mark, then the time put back). */
  jump(ms: number): void {
    this.ms = ms;
  }
  private moveTo(ms: number): void {
    const from = this.ms;
    this.ms = ms;
    if (ms > from) this.onMove?.(from, ms);
  }
}

export interface Permission {
  readonly role: string;
  readonly type: string;
  readonly emailAddress?: string;
  readonly notified: boolean;
  readonly message?: string;
  /** 'published': a form's responder ("Publish and manage responders on the form": role reader, view published). */
  readonly view?: 'published';
}

/**
 * The Google account an address signs in as: Gmail ignores dots, case and +tags in the name and
 * treats googlemail.com as gmail.com, so those spellings are one account; other domains compare by
 * case only (the same folding as src/engine/core/email.ts, which docs/matchfile.md sources).
 */
/**
 * Where Drive says a published spreadsheet is (Revision.publishedLink): Google's is a key of its own
 * (`/d/e/2PACX-…/pubhtml`), not the file's address; the fake's key holds the file id, so that tests
 * which name files by role can still read it.
 */
export function publishedLinkOf(fileId: string): string {
  return `https://docs.google.com/spreadsheets/d/e/2PACX-${fileId}/pubhtml`;
}

/** A permission's id, stable for its holder and view (Drive: `anyoneWithLink` for anyone, a number for a person). */
function permissionIdOf(p: Permission): string {
  if (p.type === 'anyone') return p.view ? 'anyoneWithLink-published' : 'anyoneWithLink';
  return `${Buffer.from(accountOf(p.emailAddress ?? ''))
    .toString('hex')
    .slice(0, 24)}${p.view ? '-published' : ''}`;
}

export function accountOf(email: string): string {
  return accountKey(email);
}

interface DriveFile {
  readonly id: string;
  readonly kind: 'spreadsheet' | 'form';
  /** Created by this script: drive.file lets the script share and publish it. */
  readonly byScript: boolean;
  readonly permissions: Permission[];
  published: boolean;
  publishAuto: boolean;
  /**
   * Whether writers may change the file's sharing (Drive API v3 File.writersCanShare: "Whether
   * users with only writer permission can modify the file's permissions"; true for a new file).
   */
  writersCanShare: boolean;
  /** In the owner's trash (Drive API v3 File.trashed: "Only the owner may trash a file"). */
  trashed?: boolean;
}

// ── Forms ───────────────────────────────────────────────────────────────────────────────────

type ItemKind = 'TEXT' | 'MULTIPLE_CHOICE' | 'CHECKBOX';

export class FakeItem {
  title = '';
  help = '';
  required = false;
  choices: string[] = [];
  pattern: string | null = null;
  patternHelp = '';
  constructor(
    readonly id: number,
    readonly kind: ItemKind,
  ) {}
}

export interface StoredResponse {
  readonly id: string;
  readonly timestamp: number;
  readonly email: string;
  readonly answers: ReadonlyMap<number, string | string[]>;
  readonly itemTitles: ReadonlyMap<number, string>;
}

export type EmailCollection = 'DO_NOT_COLLECT' | 'VERIFIED' | 'RESPONDER_INPUT';

export class FakeForm {
  title: string;
  description = '';
  items: FakeItem[] = [];
  /**
   * Forms created through the API after 30 June 2026 start unpublished and accept no responses
   * until published ("API changes to Google Forms", developers.google.com/workspace/forms/api/
   * guides/api-changes-to-google-forms); setPublished(true) "also enables accepting responses"
   * ("Publish and manage responders on the form"). A legacy form has no publish state and accepts
   * responses from the start, as forms always did.
   */
  published = false;
  accepting: boolean;
  closedMessage = '';
  /** How Forms collects the respondent's address (the Forms API's FormSettings.emailCollectionType). */
  emailCollection: EmailCollection = 'DO_NOT_COLLECT';
  destination: string | null = null;
  responses: StoredResponse[] = [];
  confirmation = '';
  constructor(
    readonly id: string,
    title: string,
    readonly supportsPublishing = true,
  ) {
    this.title = title;
    this.accepting = !supportsPublishing;
  }
  get url(): string {
    return `https://docs.google.com/forms/d/e/${this.id}/viewform`;
  }
  get collectEmail(): boolean {
    return this.emailCollection !== 'DO_NOT_COLLECT';
  }
  set collectEmail(collect: boolean) {
    this.emailCollection = collect ? (this.collectEmail ? this.emailCollection : 'RESPONDER_INPUT') : 'DO_NOT_COLLECT';
  }
}

/** Forms validates text with RE2; the patterns the add-on sends (`(?i)^(?:…)$`) read the same in JS. */
function re2(pattern: string): RegExp {
  const flags = pattern.startsWith('(?i)') ? 'i' : '';
  return new RegExp(flags ? pattern.slice(4) : pattern, flags);
}

export class FormError extends Error {}

// ── The world ───────────────────────────────────────────────────────────────────────────────

export interface TriggerRecord {
  readonly id: string;
  /** The user who installed it: getProjectTriggers shows each user only their own. */
  readonly owner: string;
  readonly handler: string;
  readonly kind: 'CLOCK' | 'ON_FORM_SUBMIT' | 'ON_EDIT';
  /** A recurring clock trigger: every this many minutes, or hours. */
  readonly minutes?: number;
  readonly hours?: number;
  /** A one-shot clock trigger (`at(date)`): its time (ms); it runs once, at or after it. */
  readonly at?: number;
  /** When it was created (ms of the fake clock): a clock trigger never runs before. */
  readonly created?: number;
  readonly source?: string;
  /** Made inside a trigger's execution on an account where such triggers are disabled: it never fires (GoogleOptions.triggersFromTriggersDisabled). */
  readonly disabled?: boolean;
}

/** A person's edit of one cell (0-based row and column), as the edit trigger hears of it. */
export interface UserEdit {
  readonly fileId: string;
  readonly tab: string;
  readonly row: number;
  readonly col: number;
  readonly value: string;
  readonly oldValue?: string;
  /** Who typed it (the fake's own record; the event tells it only as its `user` allows). */
  readonly email: string;
}

/** A1 notation of a 0-based cell. */
function a1(row: number, col: number): string {
  let letters = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

export interface GoogleOptions {
  readonly owner: string;
  readonly start: string;
  readonly timeZone?: string;
  /** The domain refuses publishing to the web (the add-on falls back to view-by-link). */
  readonly refusePublishing?: boolean;
  /** The domain refuses sharing with anyone who has the link, files and forms alike. */
  readonly refuseLinkSharing?: boolean;
  /**
   * The domain refuses sharing with these addresses (a Workspace policy that allows no sharing
   * outside the organisation): a 403 that Drive's "Resolve errors" guide does not list among the
   * errors worth retrying, so asking again is refused again.
   */
  readonly refuseSharingWith?: readonly string[];
  /** Forms refuses to restrict a form's responders to named accounts (addPublishedReader). */
  readonly refuseResponderRestriction?: boolean;
  /** Forms refuses verified email collection (only responder input is allowed). */
  readonly refuseVerifiedEmails?: boolean;
  /** New forms are legacy forms, without a publish state (supportsAdvancedResponderPermissions() false). */
  readonly legacyForms?: boolean;
  /**
   * Publishing a form that has no responders opens it to anyone with the link (a published-view
   * `anyone` permission), as Forms' publish dialog offers by default; a named responder added later
   * does not take it away.
   */
  readonly publishOpensToAnyone?: boolean;
  /** What Sheets names a new spreadsheet's first tab: the owner's language ('Sheet1' in English). */
  readonly firstTabName?: string;
  /** The script's own time zone (appsscript.json), when it differs from the host spreadsheet's. */
  readonly scriptTimeZone?: string;
  /** The host's account: quotas differ (Apps Script "Quotas for Google Services"). Consumer by default. */
  readonly account?: 'consumer' | 'workspace';
  /**
   * The Google accounts that exist, by their own address. Drive reports a user permission's
   * emailAddress as the account's own address when the address shared with is that account
   * written another way (case, Gmail dots, googlemail.com): Drive API v3, Permission resource,
   * "emailAddress: the email address of the user or group to which this permission refers".
   */
  readonly accounts?: readonly string[];
  /**
   * Advanced services listed in the manifest whose API is not turned on in the script's hidden
   * Cloud project (a copy's, where nothing documented turns it on: docs/google.md): every call
   * throws Google's "has not been used in project … before or it is disabled".
   */
  readonly apisOff?: readonly ('Sheets' | 'Drive')[];
  /**
   * A trigger created inside a trigger's execution is made but never fires, as the public report
   * Issue Tracker 150756612 ("Installed triggers are disabled when created from another trigger
   * function in V8") describes; the rehearsal tries it (docs/google.md, triggers-from-trigger).
   */
  readonly triggersFromTriggersDisabled?: boolean;
  /** LockService.getDocumentLock() answers null (it does "if called from a standalone script or add-on that is not bound to a document"). */
  readonly noDocumentLock?: boolean;
  readonly dist: string;
}

/** The project number of the sandbox script's hidden Cloud project (in "has not been used in project …"). */
const SCRIPT_PROJECT = '417392650318';

/** What an advanced service's call answers when its API is off in the script's Cloud project. */
function apiOffMessage(service: string, method: string): string {
  const api = service.startsWith('Sheets') ? 'sheets' : 'drive';
  const title = api === 'sheets' ? 'Google Sheets API' : 'Google Drive API';
  const call = `${api}.${service.split('.').slice(1).join('.').toLowerCase()}.${method}`;
  return `GoogleJsonResponseException: API call to ${call} failed with error: ${title} has not been used in project ${SCRIPT_PROJECT} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${api}.googleapis.com/overview?project=${SCRIPT_PROJECT} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`;
}

/**
 * Apps Script's daily quotas and limits ("Quotas for Google Services",
 * developers.google.com/apps-script/guides/services/quotas): triggers' total runtime 90 min a day
 * (consumer) or 6 h (Workspace); Properties read/write 50,000 or 500,000 a day; email recipients
 * (MailApp) 100 or 1,500 a day; script runtime
 * 6 min an execution. Quotas "reset 24 hours after the first request".
 */
export const QUOTAS = {
  consumer: { triggerMs: 90 * 60_000, properties: 50_000, emailRecipients: 100 },
  workspace: { triggerMs: 6 * 60 * 60_000, properties: 500_000, emailRecipients: 1500 },
  executionMs: 6 * 60_000,
  dayMs: 24 * 60 * 60_000,
} as const;

export interface SentMail {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
  /** The sender's name the script gave (options.name). */
  readonly from: string;
  readonly at: number;
}

export interface DiscordPost {
  readonly url: string;
  readonly content: string;
  readonly allowedMentions: unknown;
  readonly at: number;
}

export class Google {
  readonly clock: FakeClock;
  readonly files = new Map<string, DriveFile>();
  readonly sheets = new Map<string, SheetFile>();
  readonly forms = new Map<string, FakeForm>();
  readonly triggers: TriggerRecord[] = [];
  /** When each clock trigger last ran (ms, by id): a one-shot trigger runs once; it stays listed until deleted. */
  readonly clockRan: Record<string, number> = {};
  readonly properties = new Map<string, string>();
  /** Every email MailApp sent (one recipient each: the add-on sends no other kind). */
  readonly mail: SentMail[] = [];
  /** The script properties (PropertiesService.getScriptProperties), apart from the document's. */
  readonly scriptProperties = new Map<string, string>();
  /**
   * Discord: the webhooks that exist (by URL), every message they accepted, and what they refused.
   * `rateLimited`: how many posts from now on Discord answers 429 (JSON `retry_after` and a
   * `Retry-After` header of `retryAfter` seconds); `blocked`: how many Cloudflare answers with its
   * 1015 page (429, HTML, no retry information); `unreachable`: every fetch throws, quoting the URL
   * as UrlFetchApp does ("Address unavailable: <url>").
   */
  readonly discord = {
    webhooks: new Set<string>(),
    posts: [] as DiscordPost[],
    outage: false,
    rateLimited: 0,
    retryAfter: 1.5,
    blocked: 0,
    unreachable: false,
    /** Discord refuses the webhook itself: 401 (its token is wrong: "Invalid Webhook Token") or 403 ("Missing Permissions"). */
    refuseWebhook: null as 401 | 403 | null,
    refused: [] as { url: string; status: number; at: number }[],
    /** Every post Discord's OpenAPI description refuses, with why (none, in every test). */
    invalid: [] as { payload: string; problems: string[] }[],
  };
  /** Every sharing email Drive sent (Permissions.create with a notification). */
  readonly sharingEmails: { fileId: string; email: string; message: string }[] = [];
  readonly ui = {
    menus: [] as { name: string; items: [string, string][] }[],
    sidebars: [] as string[],
    dialogs: [] as { title: string; html: string }[],
    alerts: [] as string[],
    prompts: [] as string[],
  };
  /** Answers the host gives to the next prompts (button, text). */
  readonly promptAnswers: { button: 'OK' | 'CANCEL'; text: string }[] = [];
  lockHeldElsewhere = false;
  /** Runs just before a form stops accepting responses: a player pressing Send at that moment. */
  beforeFormCloses: ((formId: string) => void) | null = null;
  /** The execution holding the document lock (released when it ends, as in Apps Script). */
  lockOwner: number | null = null;
  private counter = 0;
  readonly host: SheetFile;
  /** Calls by name, over every execution. */
  readonly calls = new Map<string, number>();
  /** Every execution so far, in the order they started (nested ones after the one they interrupt). */
  readonly executions: ExecutionRecord[] = [];
  private readonly running: ExecutionRecord[] = [];
  /** A fault for the next execution to start. */
  private armedFault: FaultPlan | null = null;
  /** Runs before and after every call the script makes (to interleave people or executions there). */
  onCall: CallHook | null = null;
  /**
   * The Sheets API's per-minute quotas for the host's account (60 reads and 60 writes a minute per
   * user per project: "Usage limits", developers.google.com/sheets/api/limits), enforced over any
   * 60 seconds of the fake clock; a call over the quota throws as Apps Script does. On by default;
   * null turns it off.
   */
  sheetsQuota: { readonly reads: number; readonly writes: number } | null = { reads: 60, writes: 60 };
  /** Who runs the script now (menus and the sidebar: the host; triggers: whoever installed them). */
  currentUser: string;
  /** The daily quotas' windows: each starts at its first use and lasts 24 hours (QUOTAS). */
  readonly quotaDay = {
    triggers: { start: -Infinity, ms: 0 },
    properties: { start: -Infinity, calls: 0 },
    mail: { start: -Infinity, calls: 0 },
  };
  /** Trigger executions Apps Script did not start because the day's trigger time was spent. */
  readonly triggersRefused: { name: string; at: number }[] = [];
  /** Sheets API calls by the script: when (fake clock ms) and whether a write. */
  readonly sheetsCalls: { at: number; write: boolean }[] = [];

  /** The address Google reports for `email`: the account's own, when an account of `options.accounts` is that address written another way. */
  accountAddress(email: string): string {
    const key = accountKey(email);
    return this.options.accounts?.find((a) => accountKey(a) === key) ?? email;
  }

  constructor(readonly options: GoogleOptions) {
    this.clock = new FakeClock(Date.parse(options.start));
    this.currentUser = options.owner;
    this.host = this.newSpreadsheet('Host spreadsheet', false);
  }

  private nextId(prefix: string): string {
    this.counter += 1;
    return `${prefix}${String(this.counter).padStart(4, '0')}${'x'.repeat(36)}`.slice(0, 44);
  }

  /** The whole world as it stands (files, forms, triggers, properties, clock, history), to restore later. */
  snapshot(): Snapshot {
    const state: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this)) if (!NOT_SNAPSHOT.has(key)) state[key] = value;
    return { state: deepClone(state) } as Snapshot;
  }

  /** Puts the world back as `snapshot` had it (the snapshot can be restored again). */
  restore(snapshot: Snapshot): void {
    if (this.running.length > 0) throw new Error('restore: an execution is running');
    restoreInto(this as unknown as Record<string, unknown>, snapshot.state, ['clock']);
    this.armedFault = null;
    this.onCall = null;
  }

  // ── Executions and calls ────────────────────────────────────────────────────────────────

  /** Apps Script starts an execution (a trigger, a menu item, google.script.run). */
  beginExecution(name: string, trigger = false): ExecutionRecord {
    const record: ExecutionRecord & { fault?: FaultPlan } = {
      id: this.executions.length + 1,
      name,
      at: this.clock.now(),
      calls: [],
      depth: 0,
      serviceMs: 0,
      ...(trigger ? { trigger } : {}),
    };
    if (this.armedFault) {
      record.fault = this.armedFault;
      this.armedFault = null;
    }
    this.executions.push(record);
    this.running.push(record);
    return record;
  }

  /** The execution ends (returned or threw): Apps Script releases any lock it still holds. */
  endExecution(record: ExecutionRecord, error?: unknown): void {
    if (error !== undefined) record.error = error instanceof Error ? error.message : String(error);
    else if (record.killed) record.error = record.killed;
    record.ended = this.clock.now();
    // A trigger's run time, lock waits included, counts against the day's trigger time.
    if (record.trigger) this.chargeTriggerTime(this.clock.now() - record.at);
    const index = this.running.lastIndexOf(record);
    if (index >= 0) this.running.splice(index, 1);
    if (this.lockOwner === record.id) this.lockOwner = null;
  }

  private quotas() {
    return QUOTAS[this.options.account ?? 'consumer'];
  }

  /** The quota window `which` as of now: a new one once 24 hours have passed since it started. */
  private window<K extends keyof Google['quotaDay']>(which: K): Google['quotaDay'][K] {
    const now = this.clock.now();
    const window = this.quotaDay[which];
    if (now >= window.start + QUOTAS.dayMs) {
      window.start = now;
      if ('ms' in window) window.ms = 0;
      else window.calls = 0;
    }
    return window;
  }

  private chargeTriggerTime(ms: number): void {
    this.window('triggers').ms += Math.max(0, ms);
  }

  /**
   * Whether Apps Script starts a trigger now: once the day's trigger time ("Triggers total
   * runtime") is spent, triggers stop until the quota resets.
   */
  triggerTimeLeft(): boolean {
    return this.window('triggers').ms < this.quotas().triggerMs;
  }

  /** Trigger time spent in the current quota window (ms of the fake clock). */
  triggerTimeUsed(): number {
    return this.window('triggers').ms;
  }

  /** The execution running now (the innermost, when one interrupts another). */
  current(): ExecutionRecord | undefined {
    return this.running[this.running.length - 1];
  }

  /** The next execution's call number `index` fails once. */
  armFault(plan: FaultPlan): void {
    this.armedFault = plan;
  }

  /** Counts and hooks every method of a fake, then makes it strict (unimplemented calls name themselves). */
  instrument<T extends object>(label: string, target: T): T {
    const service = serviceOf(label);
    const fields = target as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
      const fn = fields[key];
      if (typeof fn === 'function' && !(WRAPPED in fn))
        fields[key] = this.wrap(service, key, fn as (...args: unknown[]) => unknown);
    }
    return strict(label, target);
  }

  private wrap(service: string, method: string, fn: (...args: unknown[]) => unknown): (...args: unknown[]) => unknown {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the fakes' own methods (their `this` is the fake) reach the world through it
    const google = this;
    const name = `${service}.${method}`;
    const remote = isRemote(service, method);
    const writes = isWrite(service, method);
    const api = service.startsWith('Sheets') || service.startsWith('Drive');
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      const execution = google.current() as (ExecutionRecord & { fault?: FaultPlan }) | undefined;
      if (!execution || execution.depth > 0) return fn.apply(this, args);
      // "Script runtime: 6 min / execution": past it Apps Script ends the execution, whatever the
      // script catches; here every later call throws too, and the execution ends with the error.
      if (!execution.killed && !execution.machine && google.clock.now() - execution.at > QUOTAS.executionMs)
        execution.killed = 'Exceeded maximum execution time';
      if (execution.killed) throw new Error(execution.killed);
      if (service === 'Properties') {
        const day = google.window('properties');
        if (day.calls >= google.quotas().properties)
          throw new Error('Exception: Service invoked too many times for one day: properties.');
        day.calls += 1;
      }
      const call: CallRecord = {
        name,
        remote,
        writes,
        bytesOut: api ? jsonBytes(args) : 0,
        bytesIn: 0,
        ...(name === 'Sheets.Spreadsheets.batchUpdate' ? { spreadsheet: String(args[1]) } : {}),
        ...(name === 'Sheets.Spreadsheets.get' || name === 'Sheets.Spreadsheets.Values.get'
          ? { spreadsheet: String(args[0]) }
          : {}),
        ...(name === 'Properties.setProperty' ? { key: String(args[0]) } : {}),
        ...(name === 'Sheets.Spreadsheets.Values.get' ? { range: String(args[1]) } : {}),
      };
      const index = execution.calls.length;
      execution.calls.push(call);
      google.calls.set(name, (google.calls.get(name) ?? 0) + 1);
      google.onCall?.(call, index, 'before');
      const fault = remote && execution.fault?.index === index ? execution.fault : null;
      if (fault) execution.fault = undefined;
      if (fault?.mode === 'quota') {
        call.failed = faultMessage(name, 'quota');
        throw new Error(call.failed);
      }
      if (api && google.options.apisOff?.some((off) => service.startsWith(off))) {
        call.failed = apiOffMessage(service, method);
        throw new Error(call.failed);
      }
      if (service.startsWith('Sheets')) google.chargeSheetsQuota(call);
      execution.depth += 1;
      const started = performance.now();
      let result: unknown;
      try {
        result = fn.apply(this, args);
      } catch (error) {
        call.failed = (error as Error).message;
        throw error;
      } finally {
        execution.depth -= 1;
        execution.serviceMs += performance.now() - started;
      }
      if (api) call.bytesIn = jsonBytes(result);
      // A late answer: the call did its work, and the script hears of it only now.
      if (fault?.mode === 'late') google.clock.advance(LATE_ANSWER_SECONDS);
      if (fault?.mode === 'timeout') {
        call.failed = faultMessage(name, 'timeout');
        throw new Error(call.failed);
      }
      google.onCall?.(call, index, 'after');
      // When it returned (after the cost model moved the clock by it, where a test does so).
      call.at = google.clock.now();
      return result;
    };
    Object.defineProperty(wrapped, WRAPPED, { value: true });
    return wrapped;
  }

  /** The Sheets API's per-minute quotas (when set): the call over it throws before taking effect. */
  private chargeSheetsQuota(call: CallRecord): void {
    const now = this.clock.now();
    if (this.sheetsQuota) {
      const recent = this.sheetsCalls.filter((c) => c.write === call.writes && c.at > now - 60_000).length;
      const limit = call.writes ? this.sheetsQuota.writes : this.sheetsQuota.reads;
      if (recent >= limit) {
        call.failed = `GoogleJsonResponseException: API call to sheets.${call.name.split('.').slice(1).join('.').toLowerCase()} failed with error: Quota exceeded for quota metric '${call.writes ? 'Write' : 'Read'} requests' and limit '${call.writes ? 'Write' : 'Read'} requests per minute per user' of service 'sheets.googleapis.com'`;
        throw new Error(call.failed);
      }
    }
    this.sheetsCalls.push({ at: now, write: call.writes });
  }

  newSpreadsheet(title: string, byScript: boolean): SheetFile {
    const id = this.nextId('ss');
    // Sheets names the first tab in the owner's language.
    const file = new SheetFile(id, title, this.options.owner, this.options.firstTabName);
    this.sheets.set(id, file);
    this.files.set(id, {
      id,
      kind: 'spreadsheet',
      byScript,
      permissions: [{ role: 'owner', type: 'user', emailAddress: this.options.owner, notified: false }],
      published: false,
      publishAuto: false,
      writersCanShare: true,
    });
    return file;
  }

  /** A writer of a file shares it on (Drive refuses when the owner turned writersCanShare off). */
  shareAs(fileId: string, writer: string, email: string): void {
    const file = this.files.get(fileId);
    if (!file || !this.canWrite(fileId, writer)) throw new FormError(`${writer} cannot share ${fileId}: not a writer`);
    if (!file.writersCanShare)
      throw new FormError(`${writer} cannot share ${fileId}: only the owner can change its sharing`);
    file.permissions.push({ role: 'reader', type: 'user', emailAddress: email, notified: true });
  }

  /** Whether a signed-in account may open and answer a form (its responders, or anyone with the link). */
  mayRespond(form: FakeForm, email: string): boolean {
    if (!form.supportsPublishing) return true;
    const file = this.files.get(form.id);
    return (file?.permissions ?? []).some(
      (p) =>
        (p.role === 'owner' && accountOf(p.emailAddress!) === accountOf(email)) ||
        (p.view === 'published' && (p.type === 'anyone' || accountOf(p.emailAddress ?? '') === accountOf(email))),
    );
  }

  spreadsheet(id: string): SheetFile {
    const file = this.sheets.get(id);
    if (!file) throw new SheetsError(`Requested entity was not found: spreadsheet ${id}`);
    return file;
  }

  /** Whether `email` may write to a file (owner or writer). */
  canWrite(fileId: string, email: string): boolean {
    return (this.files.get(fileId)?.permissions ?? []).some(
      (p) => p.emailAddress?.toLowerCase() === email.toLowerCase() && (p.role === 'writer' || p.role === 'owner'),
    );
  }

  canRead(fileId: string, email: string): boolean {
    const file = this.files.get(fileId);
    return (
      (file?.permissions ?? []).some(
        (p) => p.type === 'anyone' || p.emailAddress?.toLowerCase() === email.toLowerCase(),
      ) ||
      (file?.published ?? false)
    );
  }

  /**
   * A player answers a form in the browser, signed in as `email` (typing `typed` into the email
   * question of a form that collects responder input). Forms' own checks apply: an unpublished
   * form cannot be opened; a form published to named responders refuses every other account
   * ("Publish and manage responders on the form": a responder is a reader permission with view
   * published, for a user or for anyone with the link).
   */
  submitForm(
    formId: string,
    email: string,
    answers: Readonly<Record<string, string | readonly string[]>>,
    typed?: string,
  ): StoredResponse {
    const form = this.forms.get(formId);
    if (!form) throw new FormError(`no form ${formId}`);
    if (form.supportsPublishing && !form.published)
      throw new FormError(`The form ${form.title} is not published: nobody can open it`);
    if (!this.mayRespond(form, email))
      throw new FormError(`You need permission: ${email} is not among the responders of the form ${form.title}`);
    if (!form.accepting)
      throw new FormError(`The form ${form.title} is no longer accepting responses. ${form.closedMessage}`);
    const stored = new Map<number, string | string[]>();
    for (const [title, value] of Object.entries(answers)) {
      const item = form.items.find((i) => i.title === title);
      if (!item)
        throw new FormError(
          `the form has no question "${title}" (it has ${form.items.map((i) => i.title).join(', ')})`,
        );
      if (item.kind === 'CHECKBOX') {
        const list = Array.isArray(value) ? [...value] : [String(value)];
        for (const v of list)
          if (!item.choices.includes(v)) throw new FormError(`"${v}" is not a choice of "${title}"`);
        if (list.length > 0) stored.set(item.id, list);
        continue;
      }
      const text = Array.isArray(value) ? value.join(' ') : String(value);
      if (text === '') continue;
      if (item.kind === 'MULTIPLE_CHOICE' && !item.choices.includes(text))
        throw new FormError(`"${text}" is not a choice of "${title}"`);
      if (item.pattern && !re2(item.pattern).test(text))
        throw new FormError(`${title}: ${item.patternHelp || 'invalid answer'}`);
      stored.set(item.id, text);
    }
    for (const item of form.items)
      if (item.required && !stored.has(item.id)) throw new FormError(`"${item.title}" is a required question`);
    const response: StoredResponse = {
      id: `2_${formId.slice(2, 10)}_${form.responses.length + 1}`,
      timestamp: this.clock.now(),
      // Verified: the signed-in account's address; responder input: whatever was typed.
      email:
        form.emailCollection === 'VERIFIED'
          ? email
          : form.emailCollection === 'RESPONDER_INPUT'
            ? (typed ?? email)
            : '',
      answers: stored,
      itemTitles: new Map(form.items.map((i) => [i.id, i.title])),
    };
    form.responses.push(response);
    if (form.destination) this.writeResponseRow(form, response);
    return response;
  }

  /** Forms writes each response as a row of the destination's "Form Responses N" tab. */
  private readonly responseTabs = new Map<string, { tab: string; columns: string[]; rows: number }>();
  /** Response tabs made so far: Forms numbers each new one after every one before, unlinked or not. */
  private responseTabsMade = 0;

  /** The form sends no more responses to its tab (the tab stays, as a plain tab). */
  unlinkDestination(formId: string): void {
    this.responseTabs.delete(formId);
  }

  linkDestination(form: FakeForm, spreadsheetId: string): void {
    const target = this.spreadsheet(spreadsheetId);
    const n = ++this.responseTabsMade;
    const tab = `Form Responses ${n}`;
    target.workbook.batchUpdate([{ addSheet: { properties: { title: tab } } }]);
    this.responseTabs.set(form.id, { tab, columns: ['Timestamp', 'Email Address'], rows: 1 });
  }

  private writeResponseRow(form: FakeForm, response: StoredResponse): void {
    const dest = this.responseTabs.get(form.id)!;
    const target = this.spreadsheet(form.destination!);
    const sheet = target.sheet(dest.tab);
    const values: string[] = [new Date(response.timestamp).toISOString(), response.email];
    for (const [itemId, value] of response.answers) {
      const title = response.itemTitles.get(itemId)!;
      let col = dest.columns.indexOf(title);
      if (col < 0) {
        dest.columns.push(title);
        col = dest.columns.length - 1;
      }
      values[col] = Array.isArray(value) ? value.join(', ') : value;
    }
    const requests: Request[] = [];
    if (dest.columns.length > sheet.columnCount)
      requests.push({
        updateSheetProperties: {
          properties: { sheetId: sheet.sheetId, gridProperties: { columnCount: dest.columns.length } },
          fields: 'gridProperties.columnCount',
        },
      });
    // Array.from, not map: a question left unanswered is a hole in `values`, and a hole is a cell too (an empty one; JSON would send null).
    const row = (texts: readonly (string | undefined)[]) => ({
      values: Array.from(texts, (t) => (t ? { userEnteredValue: { stringValue: t } } : {})),
    });
    requests.push({
      updateCells: {
        start: { sheetId: sheet.sheetId, rowIndex: 0, columnIndex: 0 },
        rows: [row(dest.columns)],
        fields: 'userEnteredValue',
      },
    });
    requests.push({
      updateCells: {
        start: { sheetId: sheet.sheetId, rowIndex: dest.rows, columnIndex: 0 },
        rows: [row(values)],
        fields: 'userEnteredValue',
      },
    });
    target.workbook.batchUpdate(requests);
    this.lastResponse = { formId: form.id, tab: dest.tab, row: dest.rows + 1 };
    dest.rows += 1;
  }

  /** The form whose responses land in `tab` of `spreadsheetId` (Sheet.getFormUrl), if any. */
  formOfTab(spreadsheetId: string, tab: string): FakeForm | null {
    for (const [formId, dest] of this.responseTabs) {
      const form = this.forms.get(formId);
      if (form && form.destination === spreadsheetId && dest.tab === tab) return form;
    }
    return null;
  }

  /** A person types into a cell of a spreadsheet. */
  typeInSheet(fileId: string, email: string, tab: string, row: number, col: number, typed: string): void {
    const file = this.spreadsheet(fileId);
    const before = file.values(`'${tab.replace(/'/g, "''")}'!${a1(row, col)}`, 'FORMULA').values?.[0]?.[0];
    file.type(email, this.canWrite(fileId, email), tab, row, col, typed);
    // "An installable edit trigger runs when a user modifies a value in a spreadsheet"; script
    // executions and API requests do not run triggers ("Installable triggers", Restrictions): only
    // this, a person's edit, fires the spreadsheet's edit triggers, each as its owner.
    for (const trigger of this.triggers.filter((t) => t.kind === 'ON_EDIT' && t.source === fileId)) {
      this.onUserEdit?.(trigger, {
        fileId,
        tab,
        row,
        col,
        value: typed,
        email,
        ...(before !== undefined && before !== '' ? { oldValue: String(before) } : {}),
      });
    }
  }

  /** Runs an edit trigger's handler (set by the Sandbox, which runs executions). */
  onUserEdit: ((trigger: TriggerRecord, edit: UserEdit) => void) | null = null;
  /** The response row Forms wrote last (a form-submit trigger's event names it). */
  lastResponse: { formId: string; tab: string; row: number } | null = null;

  /**
   * The event object of an edit trigger ("Event objects", Google Sheets, Edit): authMode, range
   * (the edited cell), source, triggerUid, user, and for one cell value and oldValue ("only
   * available if the edited range is a single cell"; a cleared cell has no new value here). No
   * time: the event carries none. `source` is "a Spreadsheet object, representing the Google
   * Sheets file to which the script is bound": the host's spreadsheet, even for a trigger
   * installed on another file (the shared sheet). The edited file is the range's
   * `getSheet().getParent()`.
   */
  editEvent(
    trigger: TriggerRecord,
    edit: UserEdit,
    handles: {
      range: (fileId: string, tab: string, row: number, col: number) => unknown;
      spreadsheet: (fileId: string) => unknown;
    },
  ): Record<string, unknown> {
    return {
      authMode: 'FULL',
      range: handles.range(edit.fileId, edit.tab, edit.row, edit.col),
      source: handles.spreadsheet(this.host.id),
      triggerUid: trigger.id,
      // "A User object, representing the active user, if available (depending on a complex set of
      // security restrictions)"; User.getEmail: "not available in any context that allows a script
      // to run without that user's authorization … these restrictions generally do not apply if the
      // developer runs the script themselves": the trigger's owner editing is named, anyone else
      // (a player, who never authorized the add-on) is a blank string (docs/google.md, "Public rows").
      user: { getEmail: () => (edit.email === trigger.owner ? edit.email : '') },
      ...(edit.value !== '' ? { value: edit.value } : {}),
      ...(edit.oldValue !== undefined ? { oldValue: edit.oldValue } : {}),
    };
  }

  /** The event handles the last execution's services made (the Sandbox builds events with them). */
  eventHandles: {
    range: (fileId: string, tab: string, row: number, col: number) => unknown;
    spreadsheet: (fileId: string) => unknown;
    responseRange: (formId: string, tab: string, row: number) => unknown;
  } | null = null;

  // ── The services ────────────────────────────────────────────────────────────────────────

  services(): Record<string, unknown> {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the fakes' own methods (their `this` is the fake) reach the world through it
    const google = this;
    // Every fake below is counted and hooked call by call (see calls.ts).
    const strict = <T extends object>(label: string, target: T): T => google.instrument(label, target);

    const spreadsheetHandle = (file: SheetFile) =>
      strict(`Spreadsheet(${file.title})`, {
        getId: () => file.id,
        getUrl: () => file.url,
        getName: () => file.title,
        getSpreadsheetTimeZone: () => google.options.timeZone ?? 'Etc/UTC',
      } satisfies Loose<GoogleAppsScript.Spreadsheet.Spreadsheet>);

    // What a trigger's event hands the script: the edited (or response's) range and its sheet.
    const sheetHandle = (file: SheetFile, tab: string) =>
      strict('Sheet', {
        getName: () => tab,
        // "Returns the Spreadsheet that contains this sheet" (Sheet.getParent).
        getParent: () => spreadsheetHandle(file),
        // "Returns the URL for the form that sends its responses to this sheet, or null" (Sheet).
        getFormUrl: () => {
          const form = google.formOfTab(file.id, tab);
          return form ? `https://docs.google.com/forms/d/${form.id}/edit` : null;
        },
      });
    const rangeHandle = (file: SheetFile, tab: string, row: number, col: number) =>
      strict('Range', {
        getRow: () => row + 1,
        getColumn: () => col + 1,
        getNumRows: () => 1,
        getNumColumns: () => 1,
        getSheet: () => sheetHandle(file, tab),
        getA1Notation: () => a1(row, col),
        getValues: () => [
          [file.values(`'${tab.replace(/'/g, "''")}'!${a1(row, col)}`, 'FORMULA').values?.[0]?.[0] ?? ''],
        ],
      });
    google.eventHandles = {
      range: (fileId, tab, row, col) => rangeHandle(google.spreadsheet(fileId), tab, row, col),
      spreadsheet: (fileId) => spreadsheetHandle(google.spreadsheet(fileId)),
      responseRange: (formId, tab, row) =>
        rangeHandle(google.spreadsheet(google.forms.get(formId)!.destination!), tab, row - 1, 0),
    };

    const ButtonSet = { OK: 'OK', OK_CANCEL: 'OK_CANCEL', YES_NO: 'YES_NO', YES_NO_CANCEL: 'YES_NO_CANCEL' };
    const Button = { OK: 'OK', CANCEL: 'CANCEL', YES: 'YES', NO: 'NO', CLOSE: 'CLOSE' };
    const htmlText = (html: unknown) => (html as { getContent(): string }).getContent();
    const ui = strict('Ui', {
      ButtonSet,
      Button,
      createMenu: (name: string) => {
        const items: [string, string][] = [];
        const menu: object = strict('Menu', {
          addItem: (caption: string, functionName: string) => {
            items.push([caption, functionName]);
            return menu;
          },
          addSeparator: () => {
            items.push(['---', '']);
            return menu;
          },
          addToUi: () => {
            google.ui.menus.push({ name, items });
          },
        } satisfies Loose<GoogleAppsScript.Base.Menu>);
        return menu;
      },
      showSidebar: (html: GoogleAppsScript.HTML.HtmlOutput) => {
        google.ui.sidebars.push(htmlText(html));
      },
      showModalDialog: (html: GoogleAppsScript.HTML.HtmlOutput, title: string) => {
        google.ui.dialogs.push({ title, html: htmlText(html) });
      },
      alert: (title: string, prompt: string, _buttons: GoogleAppsScript.Base.ButtonSet) => {
        google.ui.alerts.push(`${title}: ${prompt}`);
        return Button.OK;
      },
      prompt: (title: string, prompt: string, _buttons: GoogleAppsScript.Base.ButtonSet) => {
        google.ui.prompts.push(`${title}: ${prompt}`);
        const answer = google.promptAnswers.shift();
        if (!answer) throw new Error(`the sandbox host has no answer ready for the prompt "${title}"`);
        return strict('PromptResponse', {
          getSelectedButton: () => Button[answer.button],
          getResponseText: () => answer.text,
        });
      },
    } satisfies Loose<GoogleAppsScript.Base.Ui>);

    const SpreadsheetApp = strict('SpreadsheetApp', {
      getActiveSpreadsheet: () => spreadsheetHandle(google.host),
      create: (name: string) => spreadsheetHandle(google.newSpreadsheet(name, true)),
      flush: () => {},
      getUi: () => ui,
    } satisfies Loose<GoogleAppsScript.Spreadsheet.SpreadsheetApp>);

    const Sheets = strict('Sheets', {
      Spreadsheets: strict('Sheets.Spreadsheets', {
        // spreadsheets.create: the new spreadsheet with its first tab, named in the owner's language.
        create: (resource: GoogleAppsScript.Sheets.Schema.Spreadsheet) => {
          checkAdvanced('sheets.v4', 'sheets.spreadsheets.create', resource);
          const file = google.newSpreadsheet(resource.properties?.title ?? 'Untitled spreadsheet', true);
          return {
            spreadsheetId: file.id,
            spreadsheetUrl: file.url,
            properties: { title: file.title },
            sheets: (file.workbook.getMetadata().sheets ?? []).map((sheet) => ({
              properties: { sheetId: sheet.properties!.sheetId, title: sheet.properties!.title },
            })),
          };
        },
        get: (spreadsheetId: string, optionalArgs: { fields?: string }) => {
          checkAdvanced('sheets.v4', 'sheets.spreadsheets.get', undefined, optionalArgs);
          return google.spreadsheet(spreadsheetId).get(optionalArgs?.fields);
        },
        batchUpdate: (
          resource: GoogleAppsScript.Sheets.Schema.BatchUpdateSpreadsheetRequest,
          spreadsheetId: string,
        ) => {
          // The requests themselves are checked by the spreadsheet (test/sandbox/sheets.ts), once.
          checkAdvanced('sheets.v4', 'sheets.spreadsheets.batchUpdate', { ...resource, requests: [] });
          const { requests, ...answer } = resource;
          return google.spreadsheet(spreadsheetId).batchUpdate((requests ?? []) as Request[], answer);
        },
        Values: strict('Sheets.Spreadsheets.Values', {
          get: (spreadsheetId: string, range: string, optionalArgs: { valueRenderOption?: string }) => {
            checkAdvanced('sheets.v4', 'sheets.spreadsheets.values.get', undefined, optionalArgs);
            return google.spreadsheet(spreadsheetId).values(range, optionalArgs?.valueRenderOption);
          },
        } satisfies Loose<GoogleAppsScript.Sheets.Collection.Spreadsheets.ValuesCollection>),
      } satisfies Loose<GoogleAppsScript.Sheets.Collection.SpreadsheetsCollection>),
    });

    const driveFile = (fileId: string) => {
      const file = google.files.get(fileId);
      // drive.file: only files this script created (or the user opened with it) are visible.
      if (!file || !file.byScript)
        throw new Error(
          `GoogleJsonResponseException: API call to drive.permissions failed with error: File not found: ${fileId}.`,
        );
      return file;
    };
    const Drive = strict('Drive', {
      Permissions: strict('Drive.Permissions', {
        create: (
          resource: GoogleAppsScript.Drive_v3.Drive.V3.Schema.Permission,
          fileId: string,
          optionalArgs?: { sendNotificationEmail?: boolean; emailMessage?: string; fields?: string },
        ) => {
          checkAdvanced('drive.v3', 'drive.permissions.create', resource, optionalArgs);
          const file = driveFile(fileId);
          if (!['reader', 'commenter', 'writer'].includes(resource.role ?? ''))
            throw new Error(`Drive.Permissions.create: role "${resource.role}" is not implemented by the sandbox`);
          if (resource.type === 'user' && !resource.emailAddress)
            throw new Error('Drive.Permissions.create: emailAddress is required for type user');
          if (resource.type !== 'user' && resource.type !== 'anyone')
            throw new Error(`Drive.Permissions.create: type "${resource.type}" is not implemented by the sandbox`);
          // sendNotificationEmail: "This defaults to `true` for users and groups, and is not allowed
          // for other requests" (Drive API v3, permissions.create), so even `false` is refused.
          if (resource.type !== 'user' && optionalArgs?.sendNotificationEmail !== undefined)
            throw new Error(
              `GoogleJsonResponseException: API call to drive.permissions.create failed with error: Bad Request: sendNotificationEmail is not allowed for a permission of type ${resource.type}`,
            );
          const view = (resource as { view?: string }).view;
          if (view !== undefined && (view !== 'published' || file.kind !== 'form' || resource.role !== 'reader'))
            throw new Error(`Drive.Permissions.create: view "${view}" is for a form's responders (role reader) only`);
          if (view === 'published' && !google.forms.get(fileId)?.supportsPublishing)
            throw new Error(
              'GoogleJsonResponseException: API call to drive.permissions.create failed with error: This form does not support responder permissions (a legacy form)',
            );
          // A responder named by account is what addPublishedReader makes: refused alike.
          if (view === 'published' && resource.type === 'user' && google.options.refuseResponderRestriction)
            throw new Error(
              'GoogleJsonResponseException: API call to drive.permissions.create failed with error: Responders cannot be restricted to named people for this form',
            );
          if (resource.type === 'anyone' && google.options.refuseLinkSharing)
            throw new Error(
              'GoogleJsonResponseException: API call to drive.permissions.create failed with error: The domain administrators have disabled sharing with anyone who has the link',
            );
          if (
            resource.type === 'user' &&
            google.options.refuseSharingWith?.some((e) => accountOf(e) === accountOf(resource.emailAddress ?? ''))
          ) {
            throw new Error(
              `GoogleJsonResponseException: API call to drive.permissions.create failed with error: Sharing with ${resource.emailAddress} is not allowed by your organization's policy`,
            );
          }
          const notified = resource.type === 'user' && optionalArgs?.sendNotificationEmail !== false;
          if (notified)
            google.sharingEmails.push({
              fileId,
              email: resource.emailAddress!,
              message: optionalArgs?.emailMessage ?? '',
            });
          const address = resource.emailAddress ? google.accountAddress(resource.emailAddress) : undefined;
          const permission: Permission = {
            role: resource.role!,
            type: resource.type!,
            ...(address ? { emailAddress: address } : {}),
            notified,
            ...(optionalArgs?.emailMessage ? { message: optionalArgs.emailMessage } : {}),
            ...(view ? { view } : {}),
          };
          // A person (or anyone) has one permission per file and view: asking again replaces it.
          const same = file.permissions.findIndex(
            (p) =>
              p.role !== 'owner' &&
              p.type === permission.type &&
              p.view === permission.view &&
              (p.emailAddress ?? '').toLowerCase() === (permission.emailAddress ?? '').toLowerCase(),
          );
          if (same >= 0) file.permissions[same] = permission;
          else file.permissions.push(permission);
          // Drive answers with the default fields (id, type, kind, role) unless `fields` asks for more
          // (Drive API v3, permissions.create: the `fields` parameter; docs/google.md, Accounts and addresses).
          const fields = (optionalArgs?.fields ?? '').split(',').map((f) => f.trim());
          return {
            id: permissionIdOf(permission),
            role: resource.role,
            type: resource.type,
            ...(fields.includes('emailAddress') && address ? { emailAddress: address } : {}),
          };
        },
        list: (fileId: string, optionalArgs: { fields?: string; includePermissionsForView?: string }) => {
          checkAdvanced('drive.v3', 'drive.permissions.list', undefined, optionalArgs);
          const file = driveFile(fileId);
          const fields = /^permissions\(([\w,]+)\)$/.exec(optionalArgs?.fields ?? '')?.[1].split(',') ?? [];
          const known = ['id', 'type', 'role', 'view', 'emailAddress'];
          if (fields.length === 0 || fields.some((f) => !known.includes(f)))
            throw new Error(
              `Drive.Permissions.list with fields "${optionalArgs?.fields}" is not implemented by the sandbox`,
            );
          // A form's responders are listed only when asked for (includePermissionsForView=published).
          const listed = file.permissions.filter(
            (p) => p.view === undefined || optionalArgs.includePermissionsForView === 'published',
          );
          const all: Record<string, (p: Permission) => string | undefined> = {
            id: permissionIdOf,
            type: (p) => p.type,
            role: (p) => p.role,
            view: (p) => p.view,
            emailAddress: (p) => p.emailAddress,
          };
          return {
            permissions: listed.map((p) =>
              Object.fromEntries(fields.flatMap((f) => (all[f](p) === undefined ? [] : [[f, all[f](p)]]))),
            ),
          };
        },
        // permissions.delete: the permission goes (a form's responder included).
        remove: (fileId: string, permissionId: string) => {
          const file = driveFile(fileId);
          const at = file.permissions.findIndex((p) => p.role !== 'owner' && permissionIdOf(p) === permissionId);
          if (at < 0)
            throw new Error(
              `GoogleJsonResponseException: API call to drive.permissions.delete failed with error: Permission not found: ${permissionId}.`,
            );
          file.permissions.splice(at, 1);
        },
      } satisfies Loose<GoogleAppsScript.Drive_v3.Drive.V3.Collection.PermissionsCollection>),
      Files: strict('Drive.Files', {
        update: (resource: GoogleAppsScript.Drive_v3.Drive.V3.Schema.File, fileId: string) => {
          checkAdvanced('drive.v3', 'drive.files.update', resource);
          const file = driveFile(fileId);
          const fields = Object.keys(resource);
          if (fields.some((f) => f !== 'writersCanShare' && f !== 'trashed'))
            throw new Error(`Drive.Files.update of ${fields.join(', ')} is not implemented by the sandbox`);
          if (resource.writersCanShare !== undefined) file.writersCanShare = resource.writersCanShare;
          // Drive's trash (Rehearse a match… trashes what it made): only the owner may trash a file.
          if (resource.trashed !== undefined) {
            if (file.permissions.find((p) => p.role === 'owner')?.emailAddress !== google.currentUser)
              throw new Error(
                'GoogleJsonResponseException: insufficientFilePermissions: only the owner can trash this file',
              );
            file.trashed = resource.trashed;
          }
          return { id: fileId, writersCanShare: file.writersCanShare, trashed: file.trashed ?? false };
        },
        // drive.file: the script may delete what it created (Check this account… cleans up so).
        remove: (fileId: string) => {
          driveFile(fileId);
          google.files.delete(fileId);
          google.sheets.delete(fileId);
          google.forms.delete(fileId);
        },
      } satisfies Loose<GoogleAppsScript.Drive_v3.Drive.V3.Collection.FilesCollection>),
      Revisions: strict('Drive.Revisions', {
        list: (fileId: string, optionalArgs: object) => {
          checkAdvanced('drive.v3', 'drive.revisions.list', undefined, optionalArgs);
          driveFile(fileId);
          return { revisions: [{ id: '1' }, { id: '2' }] };
        },
        get: (fileId: string, revisionId: string, optionalArgs?: { fields?: string }) => {
          checkAdvanced('drive.v3', 'drive.revisions.get', undefined, optionalArgs);
          const file = driveFile(fileId);
          if (revisionId !== '1' && revisionId !== '2')
            throw new Error(`Drive.Revisions.get: revision not found: ${revisionId}`);
          const fields = (optionalArgs?.fields ?? '').split(',').map((f) => f.trim());
          const link = revisionId === '2' && file.published ? publishedLinkOf(fileId) : undefined;
          return { id: revisionId, ...(fields.includes('publishedLink') && link ? { publishedLink: link } : {}) };
        },
        update: (
          resource: GoogleAppsScript.Drive_v3.Drive.V3.Schema.Revision,
          fileId: string,
          revisionId: string,
          optionalArgs?: { fields?: string },
        ) => {
          checkAdvanced('drive.v3', 'drive.revisions.update', resource, optionalArgs);
          const file = driveFile(fileId);
          if (revisionId !== '2')
            throw new Error(`Drive.Revisions.update: only the head revision can be published (got ${revisionId})`);
          if (google.options.refusePublishing)
            throw new Error(
              'GoogleJsonResponseException: API call to drive.revisions.update failed with error: Publishing is disabled by your administrator',
            );
          file.published = resource.published === true;
          file.publishAuto = resource.publishAuto === true;
          // Revision.publishedLink: "A link to the published revision" (output only, Docs Editors
          // files), answered only when `fields` asks for it, as every field outside the defaults.
          // A published sheet's address is not its file id's: Sheets gives it a key of its own.
          const fields = (optionalArgs?.fields ?? '').split(',').map((f) => f.trim());
          const link = file.published ? publishedLinkOf(fileId) : undefined;
          return {
            id: revisionId,
            ...(fields.includes('published') ? { published: file.published } : {}),
            ...(fields.includes('publishAuto') ? { publishAuto: file.publishAuto } : {}),
            ...(fields.includes('publishedLink') && link ? { publishedLink: link } : {}),
          };
        },
      } satisfies Loose<GoogleAppsScript.Drive_v3.Drive.V3.Collection.RevisionsCollection>),
    });

    const formHandle = (form: FakeForm): GoogleAppsScript.Forms.Form => {
      const self: Record<string, unknown> = {};
      const chain =
        (fn: (...args: never[]) => void) =>
        (...args: never[]) => {
          fn(...args);
          return handle;
        };
      const itemHandle = (item: FakeItem) => {
        const h: Record<string, unknown> = {};
        Object.assign(h, {
          getId: () => item.id,
          getTitle: () => item.title,
          getType: () => item.kind,
          setTitle: (title: string) => {
            item.title = title;
            return h;
          },
          setHelpText: (text: string) => {
            item.help = text;
            return h;
          },
          setRequired: (required: boolean) => {
            item.required = required;
            return h;
          },
          setChoiceValues: (values: string[]) => {
            if (values.length === 0) throw new Error('setChoiceValues: a choice question needs at least one choice');
            item.choices = [...values];
            return h;
          },
          setValidation: (validation: { pattern: string; help: string }) => {
            if (item.kind !== 'TEXT') throw new Error('setValidation: only text items take a text validation here');
            item.pattern = validation.pattern;
            item.patternHelp = validation.help;
            re2(item.pattern);
            return h;
          },
          clearValidation: () => {
            if (item.kind !== 'TEXT') throw new Error('clearValidation: only text items take a text validation here');
            item.pattern = null;
            item.patternHelp = '';
            return h;
          },
          // Item.asTextItem() and the like: the same item as its kind (Forms throws for another kind).
          asTextItem: () => as('TEXT'),
          asMultipleChoiceItem: () => as('MULTIPLE_CHOICE'),
          asCheckboxItem: () => as('CHECKBOX'),
        });
        const as = (kind: ItemKind) => {
          if (item.kind !== kind) throw new Error(`Item ${item.id} is a ${item.kind} item, not ${kind}`);
          return handle;
        };
        const handle = strict(`${item.kind} item`, h);
        return handle;
      };
      Object.assign(self, {
        getId: () => form.id,
        getTitle: () => form.title,
        getPublishedUrl: () => form.url,
        getEditUrl: () => `https://docs.google.com/forms/d/${form.id}/edit`,
        setTitle: chain((title: string) => {
          form.title = title;
        }),
        setDescription: chain((text: string) => {
          form.description = text;
        }),
        setDestination: chain((type: string, id: string) => {
          if (type !== 'SPREADSHEET') throw new Error(`setDestination: unknown destination type ${type}`);
          google.spreadsheet(id);
          form.destination = id;
          google.linkDestination(form, id);
        }),
        // setCollectEmail(true) does not choose the kind of collection: a form that collected
        // nothing collects responder input (the less safe one) until told otherwise.
        // Form.removeDestination: "Unlinks the form from its current response destination" (its tab stays).
        removeDestination: chain(() => {
          form.destination = null;
          google.unlinkDestination(form.id);
        }),
        getDestinationId: () => {
          if (!form.destination) throw new Error('Exception: This form has no response destination');
          return form.destination;
        },
        setCollectEmail: chain((collect: boolean) => {
          form.collectEmail = collect;
        }),
        collectsEmail: () => form.collectEmail,
        setEmailCollectionType: chain((type: string) => {
          if (!['DO_NOT_COLLECT', 'VERIFIED', 'RESPONDER_INPUT'].includes(type))
            throw new Error(`setEmailCollectionType: unknown type ${type}`);
          if (type === 'VERIFIED' && google.options.refuseVerifiedEmails)
            throw new Error(
              'Exception: Verified email collection is not available for this form (your organisation allows only responder input)',
            );
          form.emailCollection = type as EmailCollection;
        }),
        getEmailCollectionType: () => form.emailCollection,
        supportsAdvancedResponderPermissions: () => form.supportsPublishing,
        isPublished: () => {
          if (!form.supportsPublishing)
            throw new Error('Exception: This form does not support publishing (a legacy form)');
          return form.published;
        },
        // Publishing "also enables accepting responses"; unpublishing stops them.
        setPublished: chain((published: boolean) => {
          if (!form.supportsPublishing)
            throw new Error('Exception: This form does not support publishing (a legacy form)');
          const file = google.files.get(form.id)!;
          if (published && google.options.publishOpensToAnyone && !file.permissions.some((p) => p.view === 'published'))
            file.permissions.push({ role: 'reader', type: 'anyone', notified: false, view: 'published' });
          form.published = published;
          form.accepting = published;
        }),
        isAcceptingResponses: () => form.accepting,
        addPublishedReader: chain((email: string) => {
          if (!form.supportsPublishing)
            throw new Error('Exception: This form does not support responder permissions (a legacy form)');
          if (google.options.refuseResponderRestriction)
            throw new Error('Exception: Responders cannot be restricted to named people for this form');
          // An address of the reserved .invalid domain is nobody's account (RFC 2606): Drive shares
          // only with an account, unless it may send an invitation (which a responder is not sent).
          if (/\.invalid$/i.test(email.trim()))
            throw new Error(`Exception: Invalid argument: ${email} is not a Google account`);
          const file = google.files.get(form.id)!;
          // "has no effect" on a user who is already an editor (the owner is one): no responder is
          // made, so nothing keeps the form to that account (issue 39, docs/google.md).
          if (
            file.permissions.some(
              (p) =>
                (p.role === 'owner' || p.role === 'writer') && accountOf(p.emailAddress ?? '') === accountOf(email),
            )
          )
            return;
          if (
            !file.permissions.some(
              (p) => p.view === 'published' && accountOf(p.emailAddress ?? '') === accountOf(email),
            )
          )
            file.permissions.push({
              role: 'reader',
              type: 'user',
              emailAddress: email,
              notified: false,
              view: 'published',
            });
        }),
        getPublishedReaders: () =>
          google.files
            .get(form.id)!
            .permissions.filter((p) => p.view === 'published' && p.type === 'user')
            .map((p) => strict('User', { getEmail: () => p.emailAddress! })),
        setLimitOneResponsePerUser: chain((limit: boolean) => {
          if (limit) throw new Error('the sandbox implements only setLimitOneResponsePerUser(false)');
        }),
        setAllowResponseEdits: chain((allow: boolean) => {
          if (allow) throw new Error('the sandbox implements only setAllowResponseEdits(false)');
        }),
        setShowLinkToRespondAgain: chain(() => {}),
        setConfirmationMessage: chain((message: string) => {
          form.confirmation = message;
        }),
        setAcceptingResponses: chain((accepting: boolean) => {
          // An unpublished form accepts nothing: it must be published first ("API changes to Google
          // Forms"), and its accepting "is forced to false" (the Forms API's PublishState). No
          // document says the call throws: it takes no effect, and says nothing.
          if (accepting && form.supportsPublishing && !form.published) return;
          if (!accepting && form.accepting && google.beforeFormCloses) {
            const hook = google.beforeFormCloses;
            google.beforeFormCloses = null;
            hook(form.id);
          }
          form.accepting = accepting;
        }),
        setCustomClosedFormMessage: chain((message: string) => {
          form.closedMessage = message;
        }),
        getItems: () => form.items.map(itemHandle),
        deleteItem: (item: { getId(): number } | number) => {
          const index = typeof item === 'number' ? item : form.items.findIndex((i) => i.id === item.getId());
          if (index < 0 || index >= form.items.length) throw new Error('deleteItem: no such item in this form');
          form.items.splice(index, 1);
        },
        // Form.moveItem(from, to) / moveItem(item, toIndex): "Moves an item at a given index among all
        // the items in the form to another given index. Throws a scripting exception if the to index
        // is out of bounds."
        moveItem: (item: { getId(): number } | number, to: number) => {
          const from = typeof item === 'number' ? item : form.items.findIndex((i) => i.id === item.getId());
          if (from < 0 || from >= form.items.length) throw new Error('moveItem: no such item in this form');
          if (!Number.isInteger(to) || to < 0 || to >= form.items.length)
            throw new Error(`Exception: Invalid argument: toIndex (${to} is out of bounds)`);
          const [moved] = form.items.splice(from, 1);
          form.items.splice(to, 0, moved);
          return itemHandle(moved);
        },
        addTextItem: () => itemHandle(addItem('TEXT')),
        addMultipleChoiceItem: () => itemHandle(addItem('MULTIPLE_CHOICE')),
        addCheckboxItem: () => itemHandle(addItem('CHECKBOX')),
        // getResponses(timestamp): the responses after a given date and time (Apps Script Form reference).
        getResponses: (timestamp?: GoogleAppsScript.Base.Date) =>
          form.responses
            .filter((r) => timestamp === undefined || r.timestamp > (timestamp as unknown as Date).getTime())
            .map((r) =>
              strict('FormResponse', {
                getId: () => r.id,
                getTimestamp: () => new Date(r.timestamp),
                getRespondentEmail: () => r.email,
                getItemResponses: () =>
                  [...r.answers].map(([itemId, value]) =>
                    strict('ItemResponse', {
                      // An item deleted since the response still answers with its id and title.
                      getItem: () => strict('Item', { getId: () => itemId, getTitle: () => r.itemTitles.get(itemId) }),
                      getResponse: () => (Array.isArray(value) ? [...value] : value),
                    }),
                  ),
              }),
            ),
      });
      let nextItem = 1000 + form.items.length;
      const addItem = (kind: ItemKind) => {
        nextItem += 1;
        const item = new FakeItem(Number(`${google.forms.size}${nextItem}${google.counter}`), kind);
        google.counter += 1;
        form.items.push(item);
        return item;
      };
      const handle = strict(`Form(${form.title})`, self) as unknown as GoogleAppsScript.Forms.Form;
      return handle;
    };

    // FormApp.EmailCollectionType is newer than @types/google-apps-script: added beside the typed part.
    const emailCollectionType = {
      EmailCollectionType: {
        DO_NOT_COLLECT: 'DO_NOT_COLLECT',
        VERIFIED: 'VERIFIED',
        RESPONDER_INPUT: 'RESPONDER_INPUT',
      },
    };
    const FormApp = strict(
      'FormApp',
      Object.assign(emailCollectionType, {
        DestinationType: { SPREADSHEET: 'SPREADSHEET' },
        create: (title: string) => {
          const id = google.nextId('fm');
          const form = new FakeForm(id, title, !google.options.legacyForms);
          google.forms.set(id, form);
          google.files.set(id, {
            id,
            kind: 'form',
            byScript: true,
            permissions: [{ role: 'owner', type: 'user', emailAddress: google.options.owner, notified: false }],
            published: false,
            publishAuto: false,
            writersCanShare: true,
          });
          return formHandle(form);
        },
        openById: (id: string) => {
          const form = google.forms.get(id);
          if (!form)
            throw new Error(
              `No item with the given ID could be found, or you do not have permission to access it. (${id})`,
            );
          return formHandle(form);
        },
        createTextValidation: () => {
          let pattern: string | null = null;
          let help = '';
          const builder = strict('TextValidationBuilder', {
            setHelpText: (text: string) => {
              help = text;
              return builder;
            },
            requireTextMatchesPattern: (p: string) => {
              pattern = p;
              return builder;
            },
            build: () => {
              if (pattern === null) throw new Error('TextValidationBuilder.build: no requirement set');
              return { pattern, help };
            },
          });
          return builder;
        },
      } satisfies Loose<GoogleAppsScript.Forms.FormApp>),
    );

    const ScriptApp = strict('ScriptApp', {
      // "Gets all installable triggers associated with the current project and current user."
      getProjectTriggers: () =>
        google.triggers
          .filter((t) => t.owner === google.currentUser)
          .map((t) =>
            strict('Trigger', {
              getHandlerFunction: () => t.handler,
              getUniqueId: () => t.id,
              getEventType: () => t.kind,
            }),
          ),
      deleteTrigger: (trigger: GoogleAppsScript.Script.Trigger) => {
        const index = google.triggers.findIndex((t) => t.id === trigger.getUniqueId());
        if (index < 0) throw new Error('deleteTrigger: no such trigger');
        google.triggers.splice(index, 1);
      },
      newTrigger: (functionName: string) =>
        strict('TriggerBuilder', {
          timeBased: () => {
            // One schedule a builder: every n minutes (1, 5, 10, 15 or 30), every n hours, or once at a date.
            let schedule: { minutes: number } | { hours: number } | { at: number } | null = null;
            const once = (next: typeof schedule) => {
              if (schedule !== null) throw new Error('ClockTriggerBuilder: a schedule is already set');
              schedule = next;
              return clock;
            };
            const clock = strict('ClockTriggerBuilder', {
              everyMinutes: (n: number) => {
                if (![1, 5, 10, 15, 30].includes(n))
                  throw new Error('Invalid argument: everyMinutes takes 1, 5, 10, 15 or 30');
                return once({ minutes: n });
              },
              everyHours: (n: number) => {
                if (![1, 2, 4, 6, 8, 12].includes(n))
                  throw new Error('Invalid argument: everyHours takes 1, 2, 4, 6, 8 or 12');
                return once({ hours: n });
              },
              at: (date: Date) => {
                // The script's Date is of its own realm (node:vm): not `instanceof` this one's.
                if (Object.prototype.toString.call(date) !== '[object Date]' || !Number.isFinite(date.getTime()))
                  throw new Error('Invalid argument: at takes a Date');
                return once({ at: date.getTime() });
              },
              create: () => {
                if (schedule === null) throw new Error('ClockTriggerBuilder.create: no schedule set');
                const fromTrigger = google.options.triggersFromTriggersDisabled && google.current()?.trigger === true;
                return addTrigger({
                  handler: functionName,
                  kind: 'CLOCK',
                  ...schedule,
                  created: google.clock.now(),
                  ...(fromTrigger ? { disabled: true } : {}),
                });
              },
            });
            return clock;
          },
          // forSpreadsheet(sheet) or forSpreadsheet(key): "tied to the spreadsheet with the given ID" (TriggerBuilder).
          forSpreadsheet: (sheet: GoogleAppsScript.Spreadsheet.Spreadsheet | string) => {
            const source = typeof sheet === 'string' ? sheet : sheet.getId();
            google.spreadsheet(source);
            let kind: 'ON_FORM_SUBMIT' | 'ON_EDIT' | null = null;
            const builder = strict('SpreadsheetTriggerBuilder', {
              onFormSubmit: () => {
                kind = 'ON_FORM_SUBMIT';
                return builder;
              },
              onEdit: () => {
                kind = 'ON_EDIT';
                return builder;
              },
              create: () => {
                if (!kind) throw new Error('SpreadsheetTriggerBuilder.create: no event set');
                return addTrigger({ handler: functionName, kind, source });
              },
            });
            return builder;
          },
        }),
    } satisfies Loose<GoogleAppsScript.Script.ScriptApp>);
    const addTrigger = (t: Omit<TriggerRecord, 'id' | 'owner'>) => {
      if (google.triggers.filter((x) => x.owner === google.currentUser).length >= 20)
        throw new Error(
          'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
        );
      const record = {
        ...t,
        owner: google.currentUser,
        id: `trigger-${google.triggers.length + 1}-${google.counter++}`,
      };
      google.triggers.push(record);
      return strict('Trigger', { getUniqueId: () => record.id, getHandlerFunction: () => record.handler });
    };

    const lock = strict('Lock', {
      // The lock serialises executions. tryLock "attempts to acquire the lock, timing out after the
      // provided number of milliseconds" (Apps Script Lock reference). Code here is synchronous, so
      // the holder cannot release while another execution waits: a wait while another holds it
      // lasts the whole timeout (the fake clock moves by it, and it counts as the waiting
      // execution's run time, so as trigger time) and then fails; a test that wants it to succeed
      // runs the waiter once the holder releases (an onCall hook).
      tryLock: (timeoutInMillis: number) => {
        const me = google.current()?.id ?? 0;
        if (google.lockHeldElsewhere || (google.lockOwner !== null && google.lockOwner !== me)) {
          const waiting = google.current();
          google.clock.advance(Math.max(0, timeoutInMillis) / 1000);
          if (waiting) waiting.lockWaitMs = (waiting.lockWaitMs ?? 0) + Math.max(0, timeoutInMillis);
          return false;
        }
        google.lockOwner = me;
        return true;
      },
      releaseLock: () => {
        if (google.lockOwner === (google.current()?.id ?? 0)) google.lockOwner = null;
      },
      hasLock: () => google.lockOwner !== null && google.lockOwner === (google.current()?.id ?? 0),
    } satisfies Loose<GoogleAppsScript.Lock.Lock>);
    const LockService = strict('LockService', {
      // "null if called from a standalone script or add-on that is not bound to a document" (Class LockService).
      getDocumentLock: () => (google.options.noDocumentLock ? null : lock),
      // One lock for the script: the sandbox runs one script, so it is the same lock.
      getScriptLock: () => lock,
    } satisfies Loose<GoogleAppsScript.Lock.LockService>);

    const properties: object = strict('Properties', {
      getProperty: (key: string) => google.properties.get(key) ?? null,
      setProperty: (key: string, value: string) => {
        if (utf8Size(key) + utf8Size(value) > 9 * 1024) throw new Error(`Argument too large: value (${key})`);
        google.properties.set(key, String(value));
        const total = [...google.properties].reduce((n, [k, v]) => n + utf8Size(k) + utf8Size(v), 0);
        if (total > 500 * 1024) throw new Error('You have exceeded the property storage quota.');
        return properties;
      },
      deleteProperty: (key: string) => {
        google.properties.delete(key);
        return properties;
      },
      getKeys: () => [...google.properties.keys()],
      getProperties: () => Object.fromEntries(google.properties),
    } satisfies Loose<GoogleAppsScript.Properties.Properties>);
    const scriptProperties: object = strict('Properties', {
      getProperty: (key: string) => google.scriptProperties.get(key) ?? null,
      setProperty: (key: string, value: string) => {
        google.scriptProperties.set(key, String(value));
        return scriptProperties;
      },
      deleteProperty: (key: string) => {
        google.scriptProperties.delete(key);
        return scriptProperties;
      },
      getKeys: () => [...google.scriptProperties.keys()],
      getProperties: () => Object.fromEntries(google.scriptProperties),
    } satisfies Loose<GoogleAppsScript.Properties.Properties>);
    const PropertiesService = strict('PropertiesService', {
      getDocumentProperties: () => properties,
      getScriptProperties: () => scriptProperties,
    } satisfies Loose<GoogleAppsScript.Properties.PropertiesService>);

    const Session = strict('Session', {
      getScriptTimeZone: () => google.options.scriptTimeZone ?? google.options.timeZone ?? 'Etc/UTC',
    } satisfies Loose<GoogleAppsScript.Base.Session>);

    const Utilities = strict('Utilities', {
      getUuid: () => `00000000-0000-4000-8000-${String(++google.counter).padStart(12, '0')}`,
      // "Sleeps for specified number of milliseconds": the fake clock moves, and the execution's
      // run time (so trigger time) includes it.
      sleep: (milliseconds: number) => {
        const ms = Math.max(0, Math.min(milliseconds, 300_000));
        const running = google.current();
        google.clock.advance(ms / 1000);
        if (running) {
          running.sleptMs = (running.sleptMs ?? 0) + ms;
          running.wokeAt = google.clock.now();
        }
      },
    } satisfies Loose<GoogleAppsScript.Utilities.Utilities>);

    const htmlOutput = (content: string) => {
      let title = '';
      const output: object = strict('HtmlOutput', {
        setTitle: (t: string) => {
          title = t;
          return output;
        },
        setWidth: (_w: number) => output,
        setHeight: (_h: number) => output,
        getTitle: () => title,
        getContent: () => content,
      } satisfies Loose<GoogleAppsScript.HTML.HtmlOutput>);
      return output;
    };
    const HtmlService = strict('HtmlService', {
      createHtmlOutput: (html: string) => htmlOutput(html),
      createHtmlOutputFromFile: (filename: string) => {
        const path = join(google.options.dist, `${filename}.html`);
        return htmlOutput(readFileSync(path, 'utf8'));
      },
    } satisfies Loose<GoogleAppsScript.HTML.HtmlService>);

    const MailApp = strict('MailApp', google.mailApp());
    const UrlFetchApp = strict('UrlFetchApp', google.urlFetchApp());

    return {
      SpreadsheetApp,
      Sheets,
      Drive,
      FormApp,
      ScriptApp,
      LockService,
      PropertiesService,
      Session,
      Utilities,
      HtmlService,
      MailApp,
      UrlFetchApp,
    };
  }

  /**
   * MailApp ("Class MailApp"): getRemainingDailyQuota is "the number of recipients you can send
   * emails to for the rest of the day"; past it sendEmail throws "Service invoked too many times for
   * one day: email." ("Quotas for Google Services"). Only the form the add-on uses is modelled:
   * sendEmail(recipient, subject, body, { name }), plain text.
   */
  private mailApp() {
    const window = () => this.window('mail');
    const left = () => Math.max(0, this.quotas().emailRecipients - window().calls);
    return {
      getRemainingDailyQuota: () => left(),
      sendEmail: (recipient: string, subject: string, body: string, options?: { name?: string }) => {
        if (typeof recipient !== 'string' || !/^[^@\s,]+@[^@\s,]+$/.test(recipient))
          throw new Error(`MailApp.sendEmail: the sandbox takes one address, not ${JSON.stringify(recipient)}`);
        if (typeof subject !== 'string' || typeof body !== 'string')
          throw new Error('MailApp.sendEmail: subject and body must be text');
        if (subject.length > 250) throw new Error('MailApp.sendEmail: subject too long');
        const unknown = Object.keys(options ?? {}).filter((k) => k !== 'name');
        if (unknown.length > 0)
          throw new Error(`MailApp.sendEmail: option ${unknown.join(', ')} is not implemented by the sandbox`);
        if (left() <= 0) throw new Error('Service invoked too many times for one day: email.');
        window().calls += 1;
        this.mail.push({ to: recipient, subject, body, from: options?.name ?? '', at: this.clock.now() });
      },
    };
  }

  /**
   * UrlFetchApp, for Discord's "Execute Webhook" only: a POST of JSON to a webhook URL. With
   * muteHttpExceptions a 4xx or 5xx answer is returned, without it thrown ("Class UrlFetchApp",
   * fetch(url, params)). Discord answers 200 with the message (?wait=true), 404 Unknown Webhook for
   * one that does not exist, 429 with retry_after and Retry-After while rate limited ("Rate Limits"),
   * Cloudflare's 1015 page (429, HTML) while it blocks the address (discord-api-docs#8411), 400 for
   * more than 2,000 characters ("Execute Webhook": content); an outage is a 503 page; no answer at
   * all throws "Address unavailable: <url>".
   */
  private urlFetchApp() {
    return {
      fetch: (
        url: string,
        params: { method?: string; contentType?: string; payload?: string; muteHttpExceptions?: boolean },
      ) => this.discordFetch(url, params, 'apps-script'),
    };
  }

  /**
   * Discord as the add-on's UrlFetchApp reaches it, or as a machine does (`from`, the sandbox's
   * machine: test/sandbox/machine.ts): Cloudflare's 1015 block (`discord.blocked`) is of Google's
   * shared addresses only; a machine posts from its own.
   */
  discordFetch(
    url: string,
    params: { method?: string; contentType?: string; payload?: string; muteHttpExceptions?: boolean },
    from: 'apps-script' | 'machine',
  ): { getResponseCode(): number; getContentText(): string; getAllHeaders(): Record<string, string> } {
    type Reply = { getResponseCode(): number; getContentText(): string; getAllHeaders(): Record<string, string> };
    const answer = (status: number, text: string, headers: Record<string, string> = {}): Reply => ({
      getResponseCode: () => status,
      getContentText: () => text,
      getAllHeaders: () => ({ 'Content-Type': text.startsWith('<') ? 'text/html' : 'application/json', ...headers }),
    });
    const match = /^(https:\/\/discord\.com\/api\/webhooks\/\d+\/[\w-]+)\?wait=true$/.exec(url);
    if (
      !match ||
      params.method !== 'post' ||
      params.contentType !== 'application/json' ||
      typeof params.payload !== 'string'
    )
      throw new Error(
        `UrlFetchApp.fetch(${url}, ${JSON.stringify(params)}) is not implemented by the sandbox (only a JSON POST to a Discord webhook with ?wait=true)`,
      );
    // No answer at all: UrlFetchApp throws whatever muteHttpExceptions says, quoting the whole URL.
    if (this.discord.unreachable) {
      this.discord.refused.push({ url: match[1], status: 0, at: this.clock.now() });
      throw new Error(`Address unavailable: ${url}`);
    }
    const body = JSON.parse(params.payload) as { content?: unknown; allowed_mentions?: { parse?: unknown } };
    // Discord's own description of the webhook (test/helpers/discord-openapi.ts): a post it refuses is noted, and answered as Discord does.
    const invalid = discordPostProblems(url, body);
    let reply: Reply;
    if (invalid.length > 0) {
      this.discord.invalid.push({ payload: params.payload, problems: invalid });
      reply = answer(400, JSON.stringify({ message: 'Invalid Form Body', code: 50035 }));
    } else if (this.discord.outage) reply = answer(503, '<html><body>upstream connect error</body></html>');
    else if (from === 'apps-script' && this.discord.blocked > 0 && this.discord.blocked--)
      reply = answer(
        429,
        '<!DOCTYPE html><html><head><title>Access denied | discord.com used Cloudflare to restrict access</title></head><body><h1>Error 1015</h1><h2>You are being rate limited</h2><p>The owner of this website (discord.com) has banned you temporarily from accessing this website.</p></body></html>',
      );
    else if (this.discord.rateLimited > 0 && this.discord.rateLimited--)
      reply = answer(
        429,
        JSON.stringify({ message: 'You are being rate limited.', retry_after: this.discord.retryAfter, global: false }),
        {
          'Retry-After': String(Math.ceil(this.discord.retryAfter)),
        },
      );
    else if (!this.discord.webhooks.has(match[1]))
      reply = answer(404, JSON.stringify({ message: 'Unknown Webhook', code: 10015 }));
    else if (this.discord.refuseWebhook === 401)
      reply = answer(401, JSON.stringify({ message: 'Invalid Webhook Token', code: 50027 }));
    else if (this.discord.refuseWebhook === 403)
      reply = answer(403, JSON.stringify({ message: 'Missing Permissions', code: 50013 }));
    else if (typeof body.content !== 'string' || body.content.length === 0 || body.content.length > 2000)
      reply = answer(400, JSON.stringify({ message: 'Invalid Form Body', code: 50035 }));
    else {
      this.discord.posts.push({
        url: match[1],
        content: body.content,
        allowedMentions: body.allowed_mentions,
        at: this.clock.now(),
      });
      reply = answer(200, JSON.stringify({ id: String(this.discord.posts.length), content: body.content }));
    }
    if (reply.getResponseCode() >= 300) {
      this.discord.refused.push({ url: match[1], status: reply.getResponseCode(), at: this.clock.now() });
      if (!params.muteHttpExceptions)
        throw new Error(
          `Request failed for https://discord.com returned code ${reply.getResponseCode()}. Truncated server response: ${reply.getContentText().slice(0, 100)}`,
        );
    }
    return reply;
  }
}
