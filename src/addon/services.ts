// The ports (src/triggers/google/ports.ts) on Apps Script services. With main.ts, check.ts, form-app.ts (the
// Forms port) and advanced.ts (the advanced services), the only files that touch Apps Script
// globals. Scopes (appsscript.json): spreadsheets, forms, script.scriptapp, script.container.ui,
// drive.file, script.send_mail, script.external_request. So: spreadsheets created and written
// through the advanced Sheets service; sharing and publishing through the advanced Drive service
// (v3), which drive.file allows on files this script created; no DriveApp (it needs the whole-Drive
// scope); MailApp for the reminders only (it sends, and cannot read the host's mail) and UrlFetchApp
// for Discord's webhook only. Every behaviour of Google relied on here is listed, with its document,
// in docs/google.md.
/// <reference types="google-apps-script" />

import { sameAccount } from '../engine/core/email.js';
import type { Request, SpreadsheetResource, WorkbookMetadata } from '../sheets/api.js';
import { METADATA_FIELDS, metadataOf } from '../sheets/api.js';
import type {
  Files,
  HostPorts,
  Http,
  Lock,
  Mail,
  PublishResult,
  Secrets,
  Spreadsheet,
  Store,
} from '../triggers/google/ports.js';
import { linkSharedNote, notPublishedNote } from '../triggers/google/refusal-notes.js';
import { driveFiles, drivePermissions, driveRevisions, messageOf, spreadsheetsApi, valuesApi } from './advanced.js';
import { AppsScriptForms } from './form-app.js';
import { appsScriptScheduler } from './triggers.js';
import { CALL_KINDS, measurePorts, type Samples, saveSamples } from '../triggers/google/measured.js';
import { KEY } from '../triggers/saved/pointers.js';

const spreadsheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

/**
 * Our Request (the @googleapis/sheets type) and the advanced service's are both the Sheets v4
 * discovery document's Request, typed by two packages; the tests check every one against it.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the same schema
const asServiceRequests = (requests: readonly Request[]) => requests as GoogleAppsScript.Sheets.Schema.Request[];

/** A spreadsheet written through the advanced Sheets service: one batchUpdate per call. */
class SheetsSpreadsheet implements Spreadsheet {
  constructor(
    readonly id: string,
    readonly url: string,
    readonly firstSheetId?: number,
  ) {}

  getMetadata(): WorkbookMetadata {
    return spreadsheetsApi().get(this.id, { fields: METADATA_FIELDS });
  }

  batchUpdate(requests: readonly Request[]): void {
    spreadsheetsApi().batchUpdate({ requests: asServiceRequests(requests) }, this.id);
  }

  /**
   * BatchUpdateSpreadsheetRequest.includeSpreadsheetInResponse: the answer's `updatedSpreadsheet`
   * is "the spreadsheet after updates were applied"; `responseIncludeGridData: false` leaves the
   * cells out. The advanced service's batchUpdate takes no `fields` (its signature has no optional
   * arguments), so the answer is cut to METADATA_FIELDS' shape here (docs/google.md).
   */
  batchUpdateDescribed(requests: readonly Request[]): WorkbookMetadata {
    const answer = spreadsheetsApi().batchUpdate(
      { requests: asServiceRequests(requests), includeSpreadsheetInResponse: true, responseIncludeGridData: false },
      this.id,
    );
    // The same Spreadsheet schema of the discovery document, typed by two packages.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the same schema
    return metadataOf(answer.updatedSpreadsheet as SpreadsheetResource | undefined);
  }

  readValues(range: string): string[][] {
    const answer = valuesApi().get(this.id, range, { valueRenderOption: 'FORMULA' });
    return (answer.values ?? []).map((row) =>
      row.map((value) => (value === null || value === undefined ? '' : String(value))),
    );
  }
}

/**
 * Publishes to the web, or shares with anyone who has the link where publishing is refused. A
 * domain may refuse both: that is an answer (spectators cannot see the sheet), not an error, so
 * Start goes on.
 */
function publish(fileId: string): PublishResult {
  try {
    const revisions = driveRevisions().list(fileId, { fields: 'revisions(id)' }).revisions ?? [];
    const head = revisions[revisions.length - 1];
    if (!head?.id) throw new Error('the file has no revision to publish');
    driveRevisions().update({ published: true, publishAuto: true, publishedOutsideDomain: true }, fileId, head.id);
    // Revision.publishedLink, "a link to the published revision", is where spectators look (Drive
    // API v3; output only, answered when `fields` asks for it, which the advanced service's update
    // does not take); the file's own pubhtml where Drive gives none.
    let link: string | undefined;
    try {
      link = driveRevisions().get(fileId, head.id, { fields: 'publishedLink' }).publishedLink ?? undefined;
    } catch {
      // Published all the same: the file's own pubhtml serves as the link.
    }
    return { url: link || `https://docs.google.com/spreadsheets/d/${fileId}/pubhtml`, published: true };
  } catch (error) {
    try {
      drivePermissions().create({ role: 'reader', type: 'anyone' }, fileId);
    } catch (linked) {
      return {
        url: spreadsheetUrl(fileId),
        published: false,
        note: notPublishedNote(messageOf(error), messageOf(linked)),
      };
    }
    return {
      url: `https://docs.google.com/spreadsheets/d/${fileId}/view`,
      published: false,
      note: linkSharedNote(messageOf(error)),
    };
  }
}

/**
 * Whether a failed call may pass if made again: Drive's "Resolve errors" guide
 * (developers.google.com/workspace/drive/api/guides/handle-errors) names rate limits (403
 * rateLimitExceeded, userRateLimitExceeded, sharingRateLimitExceeded; 429) and server errors (5xx,
 * backendError) as the ones to retry; Apps Script adds its own time-outs and quota messages. Any
 * other refusal (a domain's sharing policy) would be refused again.
 */
function mayPass(error: unknown): boolean {
  const text = messageOf(error);
  return /rate limit|quota|too many|backend error|internal error|unavailable|timed out|time-?out|try again|exceeded maximum execution time|\b(429|5\d\d)\b/i.test(
    text,
  );
}

/**
 * The calls this execution's ports timed (each execution starts with fresh globals), and the
 * store the first ports read their copy of the properties into: keepMeasured saves them there.
 */
const timings: Samples[] = [];
let measuredStore: Store | null = null;

/** Every port on the real services, each call timed by the script's clock (measured.ts). */
export function appsScriptPorts(): HostPorts {
  const raw = servicePorts();
  const { ports, samples } = measurePorts(raw, () => Date.now());
  timings.push(samples);
  measuredStore ??= raw.store;
  return ports;
}

/**
 * At the end of an execution: adds the calls its ports timed to the summary in the document
 * properties, in one write (none for an execution that reached only the properties). Never
 * throws: a measurement must not fail the execution it measured. `failed`: the execution stopped
 * on an error, so nothing more reaches Google after the call that failed (the next one measures).
 */
export function keepMeasured(failed = false): void {
  const all: Samples = {};
  for (const samples of timings.splice(0))
    for (const kind of CALL_KINDS) (all[kind] ??= []).push(...(samples[kind] ?? []));
  if (!measuredStore || failed) return;
  try {
    saveSamples(measuredStore, KEY.latency, all);
  } catch {
    // The Properties quota spent, or a write refused: the next execution measures again.
  }
}

function servicePorts(): HostPorts {
  const active = () => SpreadsheetApp.getActiveSpreadsheet();
  return {
    clock: { now: () => new Date().toISOString(), sleep: (ms) => Utilities.sleep(ms) },
    ...lockAndStore(),
    files: appsScriptFiles(active),
    forms: new AppsScriptForms(),
    scheduler: appsScriptScheduler(active),
    flush: () => SpreadsheetApp.flush(),
    newId: () => Utilities.getUuid(),
    mail: appsScriptMail(),
    http: appsScriptHttp(),
    secrets: scriptSecrets(),
  };
}

/**
 * Reminder emails through MailApp: plain text, one recipient each (the daily quota counts
 * recipients: "Quotas for Google Services", 100 a day for a personal account). `name` is what the
 * player sees as the sender.
 */
function appsScriptMail(): Mail {
  return {
    remainingDailyQuota: () => MailApp.getRemainingDailyQuota(),
    send: ({ to, subject, body }) => MailApp.sendEmail(to, subject, body, { name: 'genius-host' }),
  };
}

/**
 * Discord's webhook through UrlFetchApp. `muteHttpExceptions`: a 4xx or 5xx answer is returned,
 * not thrown ("Class UrlFetchApp", fetch(url, params)), so a refusal is read and logged. What it
 * still throws (no answer: "Address unavailable: <url>") quotes the URL: discord.ts redacts it.
 */
function appsScriptHttp(): Http {
  return {
    postJson: (url, body) => {
      const answer = UrlFetchApp.fetch(url, {
        method: 'post',
        contentType: 'application/json',
        payload: JSON.stringify(body),
        muteHttpExceptions: true,
      });
      // getAllHeaders: every header, one given twice as an array ("Class HTTPResponse"); Retry-After is read from it.
      return {
        status: answer.getResponseCode(),
        text: answer.getContentText(),
        // The typings say only `object`; the class's documentation says text, or a list for a repeated header.
        // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- as documented
        headers: answer.getAllHeaders() as Record<string, string | string[]>,
      };
    },
  };
}

/** The script properties: the webhook URL lives there, apart from the document properties every execution copies. */
function scriptSecrets(): Secrets {
  const properties = () => PropertiesService.getScriptProperties();
  return {
    get: (key) => properties().getProperty(key),
    set: (key, value) => void properties().setProperty(key, value),
    remove: (key) => void properties().deleteProperty(key),
  };
}

/**
 * The document lock, or the script's where Apps Script gives none: getDocumentLock() answers null
 * "if called from a standalone script or add-on that is not bound to a document" (Class
 * LockService). Each copy of the spreadsheet carries its own script, so its script lock keeps the
 * same executions apart.
 */
export function documentLock(): GoogleAppsScript.Lock.Lock {
  // The types say Lock; the document says it may be null: widened by the declaration, not a cast.
  const lock: GoogleAppsScript.Lock.Lock | null = LockService.getDocumentLock();
  return lock ?? LockService.getScriptLock();
}

/** The document lock and the document properties, which share a copy of the properties. */
function lockAndStore(): { lock: Lock; store: Store } {
  const properties = PropertiesService.getDocumentProperties();
  const lock = documentLock();
  // Every property is read in one call and kept for the execution: an execution reads its
  // pointers dozens of times (a form's, a player's, for every player), and every read counts
  // against the daily Properties quota (50,000 for a consumer account, a minute tick alone is
  // 1,440 executions). Writes go through at once. The copy is dropped when the lock is taken, so
  // under the lock it is never older than the last execution's writes.
  let copy: Record<string, string> | null = null;
  const all = () => (copy ??= { ...properties.getProperties() });
  return {
    lock: {
      tryAcquire: (ms) => {
        const got = lock.tryLock(ms);
        if (got) copy = null;
        return got;
      },
      release: () => lock.releaseLock(),
    },
    store: {
      get: (key) => all()[key] ?? null,
      peek: (key) => properties.getProperty(key),
      peekKeys: () => properties.getKeys(),
      set: (key, value) => {
        properties.setProperty(key, value);
        if (copy) copy[key] = value;
      },
      remove: (key) => {
        properties.deleteProperty(key);
        if (copy) delete copy[key];
      },
      keys: () => Object.keys(all()),
    },
  };
}

/** Spreadsheets, sharing and publishing, on the Sheets API and the advanced Drive service. */
function appsScriptFiles(active: () => GoogleAppsScript.Spreadsheet.Spreadsheet): Files {
  // Files whose writers may no longer share them on (set once an execution, before the first writer).
  const reshareLocked = new Set<string>();
  return {
    host: () => {
      const ss = active();
      return new SheetsSpreadsheet(ss.getId(), ss.getUrl());
    },
    // Created through the Sheets API with the script's own authorisation: a file the app created
    // is one drive.file covers ("Choose Google Drive API scopes", developers.google.com/
    // workspace/drive/api/guides/api-specific-auth: drive.file lets an app "create new Drive
    // files, or modify existing files, that you open with an app"), so Drive may share and
    // publish it. The answer names the blank first tab, to drop by its id later.
    create: (title) => {
      const made = spreadsheetsApi().create({ properties: { title } });
      const id = made.spreadsheetId;
      if (!id) throw new Error('Sheets made a spreadsheet without an id');
      const first = made.sheets?.[0]?.properties?.sheetId;
      return new SheetsSpreadsheet(
        id,
        made.spreadsheetUrl ?? spreadsheetUrl(id),
        typeof first === 'number' ? first : undefined,
      );
    },
    open: (id) => new SheetsSpreadsheet(id, spreadsheetUrl(id)),
    share: (fileId, email, role, message) => {
      // A writer could otherwise share the file on, with anyone (Drive API v3 File.writersCanShare).
      if (role === 'writer' && !reshareLocked.has(fileId)) {
        driveFiles().update({ writersCanShare: false }, fileId);
        reshareLocked.add(fileId);
      }
      // `fields`: a permission's emailAddress is not in the default answer (Drive API v3,
      // permissions.create and the Permission resource); it is the account's own address.
      try {
        const permission = drivePermissions().create({ role, type: 'user', emailAddress: email }, fileId, {
          sendNotificationEmail: true,
          emailMessage: message,
          fields: 'id,emailAddress',
        });
        return permission.emailAddress ? { account: permission.emailAddress } : {};
      } catch (error) {
        if (mayPass(error)) throw error;
        return {
          refused: messageOf(error).replace(/^GoogleJsonResponseException: API call to [\w.]+ failed with error: /, ''),
        };
      }
    },
    sharedWith: (fileId) =>
      (drivePermissions().list(fileId, { fields: 'permissions(emailAddress)' }).permissions ?? []).flatMap((p) =>
        p.emailAddress ? [p.emailAddress] : [],
      ),
    // permissions.list with includePermissionsForView=published lists a form's responders too;
    // permissions.delete removes one (Drive API v3; Forms API "Remove responders from your form").
    unshare: (fileId, email) => {
      const permissions =
        drivePermissions().list(fileId, {
          includePermissionsForView: 'published',
          fields: 'permissions(id,role,emailAddress)',
        }).permissions ?? [];
      for (const p of permissions)
        if (p.id && p.role !== 'owner' && p.emailAddress && sameAccount(p.emailAddress, email))
          drivePermissions().remove(fileId, p.id);
    },
    publish,
  };
}

export function newSeed(): string {
  return Utilities.getUuid();
}
