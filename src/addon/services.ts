// The ports (src/triggers/ports.ts) on Apps Script services. The only file, with main.ts and
// check.ts, that touches Apps Script globals. Scopes (appsscript.json): spreadsheets, forms,
// script.scriptapp, script.container.ui, drive.file. So: spreadsheets created and written through
// the advanced Sheets service; sharing and publishing through the advanced Drive service (v3), which
// drive.file allows on files this script created; no DriveApp (it needs the whole-Drive scope) and
// no MailApp (Drive's sharing email tells the players). Every behaviour of Google relied on here is
// listed, with its document, in docs/google.md.
/// <reference types="google-apps-script" />

import type { FormItemSpec, FormSpec } from '../forms/index.js';
import type { Request, WorkbookMetadata } from '../sheets/api.js';
import { METADATA_FIELDS } from '../sheets/api.js';
import type {
  Files,
  FormParts,
  FormProtection,
  FormRef,
  FormResponse,
  Forms,
  HostPorts,
  ItemParts,
  Lock,
  PublishResult,
  Scheduler,
  Spreadsheet,
  Store,
} from '../triggers/ports.js';

const TICK_HANDLER = 'onTick';
const SUBMIT_HANDLER = 'onFormSubmitted';
const EDIT_HANDLER = 'onRowEdited';
const HANDLERS = [TICK_HANDLER, SUBMIT_HANDLER, EDIT_HANDLER];

// An advanced service that is not enabled is not even declared: `!Sheets` would throw a
// ReferenceError instead of this message, so the check is `typeof`.
function sheetsService(): GoogleAppsScript.Sheets {
  if (typeof Sheets === 'undefined' || !Sheets)
    throw new Error(
      'The advanced Sheets service is not enabled for this script. In the Apps Script editor: Services (+) → Google Sheets API → Add (or push dist/appsscript.json again, which lists it).',
    );
  return Sheets;
}

function driveService(): GoogleAppsScript.Drive {
  if (typeof Drive === 'undefined' || !Drive)
    throw new Error(
      'The advanced Drive service is not enabled for this script. In the Apps Script editor: Services (+) → Drive API (v3) → Add (or push dist/appsscript.json again, which lists it).',
    );
  return Drive;
}

/** A collection of an advanced service: the typings mark each one optional; an enabled service has them all. */
function collection<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === null) throw new Error(`the advanced service has no ${name}: is its version the one appsscript.json names?`);
  return value;
}

export const spreadsheetsApi = () => collection(sheetsService().Spreadsheets, 'Sheets.Spreadsheets');
const valuesApi = () => collection(spreadsheetsApi().Values, 'Sheets.Spreadsheets.Values');
export const drivePermissions = () => collection(driveService().Permissions, 'Drive.Permissions');
export const driveRevisions = () => collection(driveService().Revisions, 'Drive.Revisions');
export const driveFiles = () => collection(driveService().Files, 'Drive.Files');

/**
 * The Form methods of Forms' publishing model ("Publish and manage responders on the form",
 * developers.google.com/workspace/forms/api/guides/publish-form), newer than
 * @types/google-apps-script; optional, as an older runtime may lack them.
 */
export interface PublishingForm extends GoogleAppsScript.Forms.Form {
  supportsAdvancedResponderPermissions?(): boolean;
  setPublished?(published: boolean): GoogleAppsScript.Forms.Form;
  isPublished?(): boolean;
  addPublishedReader?(email: string): GoogleAppsScript.Forms.Form;
  setEmailCollectionType?(type: string): GoogleAppsScript.Forms.Form;
  getEmailCollectionType?(): string;
}

/** The publishing methods of a form that has them (a legacy form has none: see publishState). */
function publishing(form: PublishingForm): { setPublished(published: boolean): void; isPublished(): boolean; addPublishedReader(email: string): void } {
  const { setPublished, isPublished, addPublishedReader } = form;
  if (!setPublished || !isPublished || !addPublishedReader) throw new Error('this form has no publishing settings (a legacy form)');
  return {
    setPublished: (published) => setPublished.call(form, published),
    isPublished: () => isPublished.call(form),
    addPublishedReader: (email) => addPublishedReader.call(form, email),
  };
}

/** FormApp.EmailCollectionType's values (the Forms API's FormSettings.emailCollectionType). */
function emailCollectionType(name: 'VERIFIED' | 'RESPONDER_INPUT'): string {
  return (FormApp as unknown as { EmailCollectionType?: Record<string, string> }).EmailCollectionType?.[name] ?? name;
}

// Not `instanceof Error`: an exception thrown by a service need not be this realm's Error.
const messageOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String((error as { message: unknown }).message) : String(error);

const spreadsheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

/** A spreadsheet written through the advanced Sheets service: one batchUpdate per call. */
class SheetsSpreadsheet implements Spreadsheet {
  constructor(
    readonly id: string,
    readonly url: string,
    readonly firstSheetId?: number,
  ) {}

  getMetadata(): WorkbookMetadata {
    return spreadsheetsApi().get(this.id, { fields: METADATA_FIELDS }) as WorkbookMetadata;
  }

  batchUpdate(requests: readonly Request[]): void {
    spreadsheetsApi().batchUpdate({ requests: requests as GoogleAppsScript.Sheets.Schema.Request[] }, this.id);
  }

  readValues(range: string): string[][] {
    const answer = valuesApi().get(this.id, range, { valueRenderOption: 'FORMULA' });
    return (answer.values ?? []).map((row) => row.map((value) => (value === null || value === undefined ? '' : String(value))));
  }
}

class AppsScriptForms implements Forms {
  /** Forms opened in this execution (openById is a round trip; a handle stays valid until the end). */
  private readonly opened = new Map<string, GoogleAppsScript.Forms.Form>();

  private open(formId: string): GoogleAppsScript.Forms.Form {
    let form = this.opened.get(formId);
    if (!form) {
      form = FormApp.openById(formId);
      this.opened.set(formId, form);
    }
    return form;
  }

  create(title: string): FormRef {
    const form = FormApp.create(title);
    this.opened.set(form.getId(), form);
    return { id: form.getId(), url: form.getPublishedUrl(), editUrl: form.getEditUrl() };
  }

  setUp(formId: string, destination: string, responder: string): FormProtection {
    const form = this.open(formId) as PublishingForm;
    // Again after a start stopped part-way: a second setDestination would add a second responses tab.
    let linked = '';
    try {
      linked = form.getDestinationId();
    } catch {
      // No destination yet.
    }
    if (linked !== destination) form.setDestination(FormApp.DestinationType.SPREADSHEET, destination);
    form.setLimitOneResponsePerUser(false);
    form.setAllowResponseEdits(false);
    form.setShowLinkToRespondAgain(true);
    form.setConfirmationMessage(
      'Received. Your private sheet shows within a minute whether it was accepted, and why if not. You may send again: your last valid answer before the deadline counts.',
    );
    return protectForm(form, formId, responder);
  }

  show(formId: string, spec: FormSpec, items: Readonly<Record<string, string>>, same?: FormParts): Record<string, string> {
    const form = this.open(formId);
    if (!same?.title) form.setTitle(spec.title);
    if (!same?.description) form.setDescription(spec.description);
    if (!same?.closedMessage) form.setCustomClosedFormMessage(spec.closedMessage);
    // A closed form keeps its questions (nobody sees them).
    if (spec.items.length === 0) return { ...items };
    const shown = same?.items ?? null;
    const ids = Object.keys(items);
    if (shown && shown.length === spec.items.length && shown.every((p) => p.title && p.help && p.required && p.choices && p.validation)) return { ...items };
    // Items of the same kind in the same places are changed in place, part by part; otherwise
    // every item is made again. Each item's id is recorded with its question id, so answers map
    // back by question id whatever a title says.
    const existing = form.getItems();
    // In place only on the very items the map names (a failed rebuild leaves other ids).
    const inPlace =
      shown !== null &&
      shown.length === ids.length &&
      existing.length === ids.length &&
      existing.every((item, i) => String(item.getId()) === ids[i]) &&
      shown.every((p, i) => i >= spec.items.length || p.kind === spec.items[i].kind);
    if (!inPlace) for (const item of existing) form.deleteItem(item);
    const map: Record<string, string> = {};
    spec.items.forEach((item, i) => {
      const old = inPlace ? existing[i] : undefined;
      const parts = old ? shown?.[i] : undefined;
      map[String(old && parts ? updateItem(old, item, parts) : addItem(form, item))] = item.questionId;
    });
    if (inPlace) for (const extra of existing.slice(spec.items.length)) form.deleteItem(extra);
    return map;
  }

  startAccepting(formId: string): void {
    const form = this.open(formId) as PublishingForm;
    // An unpublished form refuses to accept responses; publishing "also enables accepting
    // responses" (a form whose publishing was refused at the start gets another try here).
    if (publishState(form) === false) {
      publishing(form).setPublished(true);
      return;
    }
    form.setAcceptingResponses(true);
  }

  stopAccepting(formId: string, message?: string): void {
    const form = this.open(formId) as PublishingForm;
    if (message !== undefined) form.setCustomClosedFormMessage(message);
    form.setAcceptingResponses(false);
  }

  addResponder(formId: string, email: string): void {
    const form = this.open(formId) as PublishingForm;
    if (publishState(form) === null) return;
    publishing(form).addPublishedReader(email);
  }

  responses(formId: string, since?: string): FormResponse[] {
    const form = this.open(formId);
    // getResponses(timestamp): only the responses after that time (fewer to fetch and convert).
    const list = since === undefined ? form.getResponses() : form.getResponses(new Date(since) as unknown as GoogleAppsScript.Base.Date);
    return list.map((response) => {
      const items: Record<string, string | readonly string[]> = {};
      for (const answer of response.getItemResponses()) {
        const value = answer.getResponse() as string | string[];
        items[String(answer.getItem().getId())] = Array.isArray(value) ? value.map(String) : String(value);
      }
      const email = response.getRespondentEmail();
      return { id: response.getId(), at: response.getTimestamp().toISOString(), ...(email ? { email } : {}), items };
    });
  }
}

/** A new item at the end of the form, as `item` asks; its id. */
function addItem(form: GoogleAppsScript.Forms.Form, item: FormItemSpec): number {
  if (item.kind === 'text') {
    const text = form.addTextItem().setTitle(item.title).setHelpText(item.help).setRequired(item.required);
    if (item.validation) text.setValidation(textValidation(item));
    return text.getId();
  }
  const choice = item.kind === 'choice' ? form.addMultipleChoiceItem() : form.addCheckboxItem();
  return choice
    .setTitle(item.title)
    .setHelpText(item.help)
    .setChoiceValues([...(item.choices ?? [])])
    .setRequired(item.required)
    .getId();
}

/** An existing item of the same kind made to show `item`, changing only the parts that differ; its id. */
function updateItem(existing: GoogleAppsScript.Forms.Item, item: FormItemSpec, same: ItemParts): number {
  const target = item.kind === 'text' ? existing.asTextItem() : item.kind === 'choice' ? existing.asMultipleChoiceItem() : existing.asCheckboxItem();
  if (!same.title) target.setTitle(item.title);
  if (!same.help) target.setHelpText(item.help);
  if (!same.required) target.setRequired(item.required);
  if (!same.choices && item.kind !== 'text') (target as GoogleAppsScript.Forms.MultipleChoiceItem).setChoiceValues([...(item.choices ?? [])]);
  if (!same.validation && item.kind === 'text') {
    const text = target as GoogleAppsScript.Forms.TextItem;
    if (item.validation) text.setValidation(textValidation(item));
    else text.clearValidation();
  }
  return existing.getId();
}

function textValidation(item: FormItemSpec): GoogleAppsScript.Forms.TextValidation {
  return FormApp.createTextValidation()
    .setHelpText(item.validationHelp ?? item.help)
    .requireTextMatchesPattern(item.validation ?? '')
    .build();
}

/** Published (true or false), or null for a legacy form, which has no publish state. */
function publishState(form: PublishingForm): boolean | null {
  if (typeof form.supportsAdvancedResponderPermissions !== 'function' || !form.supportsAdvancedResponderPermissions()) return null;
  return publishing(form).isPublished();
}

/**
 * Publishes a new form closed, opens it to `responder`'s account only and asks for verified
 * emails, reading each setting back. Each refusal falls back to the next safest setting and is
 * said in the notes, with what the host can do; nothing here throws for a refusal.
 */
export function protectForm(form: PublishingForm, formId: string, responder: string): FormProtection {
  const notes: string[] = [];
  let published: boolean | 'legacy' = 'legacy';
  let responders: FormProtection['responders'] = 'anyone';
  let modern: boolean;
  try {
    modern = typeof form.supportsAdvancedResponderPermissions === 'function' && form.supportsAdvancedResponderPermissions();
  } catch {
    modern = false;
  }
  if (modern) {
    // Published, so it can take responders and later open; closed until its phase opens. A refusal
    // to publish is a note; reading the state back or closing the form that failing throws, and
    // Start is pressed again (this is safe to repeat).
    let refusal = '';
    try {
      publishing(form).setPublished(true);
    } catch (error) {
      refusal = messageOf(error);
    }
    published = publishing(form).isPublished();
    if (published) form.setAcceptingResponses(false);
    else
      notes.push(
        `Forms ${refusal ? `refused to publish ${responder}'s form (${refusal})` : `did not publish ${responder}'s form`}: nobody can open it yet. The add-on tries again when its first phase opens; if that fails too, open the form (its edit link) and press Publish.`,
      );
    responders = restrictResponders(form, formId, responder, notes);
  } else {
    // A legacy form: no publish state or named responders; accepting is its only switch.
    form.setAcceptingResponses(false);
    notes.push(
      `${responder}'s form is a legacy form (no publishing or responder settings): anyone with its link can open it. Answers count only when Forms recorded ${responder} as the sender, so send the link to them alone.`,
    );
  }
  const emails = collectVerifiedEmails(form, responder, responders, notes);
  return { published, responders, emails, notes };
}

/** The form's responders: the player's account, else anyone with the link, else nobody (each said). */
function restrictResponders(form: PublishingForm, formId: string, responder: string, notes: string[]): FormProtection['responders'] {
  try {
    publishing(form).addPublishedReader(responder);
    return 'player';
  } catch (restricted) {
    const why = messageOf(restricted);
    try {
      // "Anyone with the link can respond": a reader permission with view published.
      drivePermissions().create({ role: 'reader', type: 'anyone', view: 'published' } as GoogleAppsScript.Drive_v3.Drive.V3.Schema.Permission, formId);
      notes.push(
        `Forms refused to open ${responder}'s form to their account only (${why}); anyone with its link can open it instead. Answers still count only when Forms recorded ${responder} as the sender: send the link to them alone. To restrict it: open the form, Publish → Responders, and add ${responder}.`,
      );
      return 'anyone';
    } catch (linked) {
      notes.push(
        `Forms refused to open ${responder}'s form to their account (${why}), and to anyone with the link (${messageOf(linked)}): nobody but you can open it. Open the form, Publish → Responders, and add ${responder}, or ask your domain's administrator to allow it.`,
      );
      return 'none';
    }
  }
}

/** Asks for verified email collection and reads back what Forms records. */
function collectVerifiedEmails(form: PublishingForm, responder: string, responders: FormProtection['responders'], notes: string[]): FormProtection['emails'] {
  let refusal = '';
  try {
    if (typeof form.setEmailCollectionType !== 'function') throw new Error('this Apps Script runtime cannot choose the kind of email collection');
    form.setEmailCollectionType(emailCollectionType('VERIFIED'));
  } catch (error) {
    refusal = messageOf(error);
    // The next safest: collect some address (setCollectEmail does not say which kind).
    form.setCollectEmail(true);
  }
  let kind: string;
  try {
    kind = typeof form.getEmailCollectionType === 'function' ? String(form.getEmailCollectionType()) : '';
  } catch {
    kind = '';
  }
  if (kind === emailCollectionType('VERIFIED')) return 'verified';
  const risk =
    responders === 'player'
      ? `Only ${responder}'s account can open the form, so answers still come from them; they must type their own address exactly, or their answers are refused.`
      : `Anyone holding the form's link can type ${responder}'s address and answer for them: send the link to them alone.`;
  const fix = 'To fix it: open the form, Settings → Responses → Collect email addresses → Verified.';
  if (kind === emailCollectionType('RESPONDER_INPUT')) {
    notes.push(
      `Forms records the address the sender types on ${responder}'s form, not a verified one${refusal ? ` (verified collection was refused: ${refusal})` : ''}. ${risk} ${fix}`,
    );
    return 'responder-input';
  }
  notes.push(`Could not confirm that ${responder}'s form records verified addresses${refusal ? ` (${refusal})` : ''}. ${risk} ${fix}`);
  return 'unknown';
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
    return { url: `https://docs.google.com/spreadsheets/d/${fileId}/pubhtml`, published: true };
  } catch (error) {
    try {
      drivePermissions().create({ role: 'reader', type: 'anyone' }, fileId);
    } catch (linked) {
      return {
        url: spreadsheetUrl(fileId),
        published: false,
        note: `Publishing to the web was refused (${messageOf(error)}), and so was sharing with anyone who has the link (${messageOf(linked)}): spectators cannot open the shared sheet; only the players, who are shared with it, can. Ask your domain's administrator to allow one of them, or post pictures of the board.`,
      };
    }
    return {
      url: `https://docs.google.com/spreadsheets/d/${fileId}/view`,
      published: false,
      note: `Publishing to the web was refused (${messageOf(error)}); the sheet is shared as "anyone with the link can view" instead. Post that link.`,
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

/** Every port on the real services. */
export function appsScriptPorts(): HostPorts {
  const active = () => SpreadsheetApp.getActiveSpreadsheet();
  return {
    clock: { now: () => new Date().toISOString(), sleep: (ms) => Utilities.sleep(ms) },
    ...lockAndStore(),
    files: appsScriptFiles(active),
    forms: new AppsScriptForms(),
    scheduler: appsScriptScheduler(active),
    flush: () => SpreadsheetApp.flush(),
    formatTime: (iso, timeZone) => Utilities.formatDate(new Date(iso), timeZone, 'EEE d MMM yyyy, HH:mm z'),
    newId: () => Utilities.getUuid(),
  };
}

/** The document lock and the document properties, which share a copy of the properties. */
function lockAndStore(): { lock: Lock; store: Store } {
  const properties = PropertiesService.getDocumentProperties();
  const lock = LockService.getDocumentLock();
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
      return new SheetsSpreadsheet(id, made.spreadsheetUrl ?? spreadsheetUrl(id), typeof first === 'number' ? first : undefined);
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
        return { refused: messageOf(error).replace(/^GoogleJsonResponseException: API call to [\w.]+ failed with error: /, '') };
      }
    },
    sharedWith: (fileId) =>
      (drivePermissions().list(fileId, { fields: 'permissions(emailAddress)' }).permissions ?? []).flatMap((p) => (p.emailAddress ? [p.emailAddress] : [])),
    publish,
  };
}

/** The minute tick, the form-submit trigger and the shared sheet's edit trigger. */
function appsScriptScheduler(active: () => GoogleAppsScript.Spreadsheet.Spreadsheet): Scheduler {
  const removeOurs = () => {
    for (const trigger of ScriptApp.getProjectTriggers()) {
      if (HANDLERS.includes(trigger.getHandlerFunction())) ScriptApp.deleteTrigger(trigger);
    }
  };
  return {
    install: (sharedId) => {
      removeOurs();
      ScriptApp.newTrigger(TICK_HANDLER).timeBased().everyMinutes(1).create();
      ScriptApp.newTrigger(SUBMIT_HANDLER).forSpreadsheet(active()).onFormSubmit().create();
      // An installable edit trigger on the shared sheet: it runs, as the host, when a person edits
      // it, not when a script or the API writes it ("Installable triggers", docs/google.md).
      ScriptApp.newTrigger(EDIT_HANDLER).forSpreadsheet(sharedId).onEdit().create();
    },
    remove: removeOurs,
  };
}

export function newSeed(): string {
  return Utilities.getUuid();
}
