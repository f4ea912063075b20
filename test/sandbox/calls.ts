// Every call the script makes into a fake service, per execution: counted with the bytes it sends
// and receives (for the cost model, test/reliability/cost.ts), open to hooks before and after it
// (to interleave a player's answer or another execution at that point), and able to fail once, as
// Apps Script surfaces a failure: an exception out of the call, which ends the execution unless
// the script catches it.
//
// A call counts when the script makes it: calls the fakes make to each other while serving it
// (depth > 0) are part of it.

/** Services whose methods run inside the script's own process in Apps Script (no server round trip). */
const LOCAL_SERVICES = new Set([
  'Ui',
  'Menu',
  'PromptResponse',
  'HtmlService',
  'HtmlOutput',
  'Session',
  'Utilities',
  'Spreadsheet',
  'TextValidationBuilder',
  'TriggerBuilder',
  'ClockTriggerBuilder',
  'SpreadsheetTriggerBuilder',
  'Trigger',
  'FormResponse',
  'ItemResponse',
  'Item',
  'FormItemBuilder',
  'LockService',
  'PropertiesService',
  'User',
]);

export interface CallRecord {
  /** `Service.method`, e.g. `Sheets.Spreadsheets.batchUpdate`, `Form.addTextItem`, `Properties.getProperty`. */
  readonly name: string;
  /** A server round trip in Apps Script (the cost model charges it; faults are injected only here). */
  readonly remote: boolean;
  /** Whether the call changes something (a write), by its name. */
  readonly writes: boolean;
  /** Request body bytes (Sheets and Drive: the JSON sent). */
  bytesOut: number;
  /** Response bytes (Sheets and Drive: the JSON received). */
  bytesIn: number;
  /** The spreadsheet a Sheets API batchUpdate wrote to, or a spreadsheets.get or values.get read. */
  readonly spreadsheet?: string;
  /** The property a Properties.setProperty wrote. */
  readonly key?: string;
  /** The range a Sheets values.get read (`'tab'!A1:Z`). */
  readonly range?: string;
  /** The call threw (a fault or the service's own refusal). */
  failed?: string;
  /** The fake clock when the call returned (ms). */
  at?: number;
}

export interface ExecutionRecord {
  readonly id: number;
  /** The entry point Apps Script called. */
  readonly name: string;
  /** The fake clock when it started (ms). */
  readonly at: number;
  readonly calls: CallRecord[];
  /** Nesting of fake calls: only calls made at depth 0 are the script's. */
  depth: number;
  /** The exception that ended it, if any. */
  error?: string;
  /** A machine's execution (genius-host host, test/sandbox/machine.ts): Apps Script's 6 minutes do not bind it. */
  machine?: true;
  /** Wall time of the whole execution in the sandbox, and the part spent inside the fakes (ms). */
  ms?: number;
  serviceMs: number;
  /** Started by a trigger (its run time counts against the day's trigger time). */
  readonly trigger?: boolean;
  /** Apps Script ended it at its six-minute limit (the message it gave). */
  killed?: string;
  /** Time spent waiting for the document lock (ms of the fake clock; part of the run time). */
  lockWaitMs?: number;
  /** Time spent in Utilities.sleep (ms of the fake clock; part of the run time). */
  sleptMs?: number;
  /** When its last Utilities.sleep ended (ms of the fake clock). */
  wokeAt?: number;
  /** The fake clock when it ended (ms). */
  ended?: number;
  /** How many times it replayed the match, as its run's report says (src/triggers/saved/context.ts). */
  replays?: number;
}

/**
 * A fault: the execution's call number `index` (0-based, counting every call) throws once.
 * `quota` throws before the call takes effect (the service refused it); `timeout` throws after it
 * took effect (the server did the work, the script never heard back); `late` answers, but only
 * LATE_ANSWER_SECONDS later (the clock moves on while the script waits).
 */
export interface FaultPlan {
  readonly index: number;
  readonly mode: 'quota' | 'timeout' | 'late';
}

/** How long a `late` answer takes: long enough that a deadline or a reminder may pass meanwhile. */
export const LATE_ANSWER_SECONDS = 40;

/**
 * What a remote call is, for the fault sweeps (test/reliability/faults.ts), which fault each kind
 * with each mode and list what they faulted: a write (by its name: isWrite), an email (MailApp),
 * a fetch (UrlFetchApp: Discord), or else a read.
 */
export type CallKind = 'read' | 'write' | 'mail' | 'fetch';
export const CALL_KINDS: readonly CallKind[] = ['read', 'write', 'mail', 'fetch'];

export function callKind(call: Pick<CallRecord, 'name' | 'writes'>): CallKind {
  const service = call.name.split('.')[0];
  if (service === 'MailApp') return 'mail';
  if (service === 'UrlFetchApp') return 'fetch';
  return call.writes ? 'write' : 'read';
}

export type CallHook = (call: CallRecord, index: number, when: 'before' | 'after') => void;

export function serviceOf(label: string): string {
  if (/^(TEXT|MULTIPLE_CHOICE|CHECKBOX) item$/.test(label)) return 'FormItem';
  return label.replace(/\(.*\)$/s, '');
}

export function isRemote(service: string, method: string): boolean {
  if (method === 'create' && /TriggerBuilder$/.test(service)) return true;
  // ScriptApp.newTrigger only "begins the process of creating an installable trigger": it returns a
  // TriggerBuilder, answered in the script process like the builders; the builder's create() is the
  // server call (Class ScriptApp, newTrigger; Class TriggerBuilder).
  if (service === 'ScriptApp' && method === 'newTrigger') return false;
  if (service === 'Lock' && method === 'hasLock') return false;
  if (service === 'FormApp' && method === 'createTextValidation') return false;
  // A trigger event's range and sheet know where they are; reading their values, or the form a
  // responses tab belongs to, asks the server.
  if ((service === 'Range' || service === 'Sheet') && method !== 'getValues' && method !== 'getFormUrl') return false;
  // An item's id, title and kind, and the item as its own kind, are answered by the handle itself.
  if (service === 'FormItem' && /^(get|as)/.test(method)) return false;
  return !LOCAL_SERVICES.has(service);
}

export function isWrite(service: string, method: string): boolean {
  if (service === 'Lock') return false;
  return /^(set|add|delete|create|update|batchUpdate|remove|publish|flush|deleteTrigger|deleteItem)/.test(method);
}

/** The message Apps Script gives for a refused or timed-out call of `name`. */
export function faultMessage(name: string, mode: 'quota' | 'timeout'): string {
  const service = name.split('.')[0];
  if (service === 'Sheets') {
    const method = name.split('.').slice(1).join('.').toLowerCase();
    return mode === 'quota'
      ? `GoogleJsonResponseException: API call to sheets.${method} failed with error: Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'`
      : `GoogleJsonResponseException: API call to sheets.${method} failed with error: The service is currently unavailable.`;
  }
  if (service === 'Drive') {
    return mode === 'quota'
      ? `GoogleJsonResponseException: API call to drive.${name.split('.').slice(1).join('.').toLowerCase()} failed with error: User rate limit exceeded.`
      : `GoogleJsonResponseException: API call to drive.${name.split('.').slice(1).join('.').toLowerCase()} failed with error: Backend Error`;
  }
  const product =
    (
      {
        Form: 'Forms',
        FormItem: 'Forms',
        FormApp: 'Forms',
        Properties: 'properties',
        SpreadsheetApp: 'Spreadsheets',
        ScriptApp: 'ScriptApp',
        Lock: 'LockService',
        MailApp: 'email',
        UrlFetchApp: 'urlfetch',
      } as Record<string, string>
    )[service] ?? service;
  return mode === 'quota'
    ? `Exception: Service invoked too many times for one day: ${product.toLowerCase()}.`
    : `Exception: Service ${product} timed out while accessing document`;
}

/**
 * A text's length in UTF-8, counted natively: the bytes src/engine/core/utf8.ts counts (a lone
 * surrogate as U+FFFD, as Buffer writes it), without a loop over the sandbox's megabytes of JSON.
 */
export function utf8Size(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Byte length of a value as JSON (0 for undefined). */
export function jsonBytes(value: unknown): number {
  if (value === undefined) return 0;
  try {
    return utf8Size(JSON.stringify(value) ?? '');
  } catch {
    return 0;
  }
}
