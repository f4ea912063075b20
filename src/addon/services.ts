// The ports (src/triggers/ports.ts) on Apps Script services. The only file, with main.ts, that
// touches Apps Script globals. Scopes (appsscript.json): spreadsheets, forms, script.scriptapp,
// script.container.ui, drive.file. So: spreadsheets through SpreadsheetApp and the advanced Sheets
// service; sharing and publishing through the advanced Drive service (v3), which drive.file allows
// on files this script created; no DriveApp (it needs the whole-Drive scope) and no MailApp
// (Drive's sharing email tells the players).
/// <reference types="google-apps-script" />

import type { FormItemSpec, FormSpec } from '../forms/index.js';
import type { Request, WorkbookMetadata } from '../sheets/api.js';
import { METADATA_FIELDS } from '../sheets/api.js';
import type { FormParts, FormRef, FormResponse, Forms, HostPorts, ItemParts, PublishResult, Spreadsheet } from '../triggers/ports.js';

export const TICK_HANDLER = 'onTick';
export const SUBMIT_HANDLER = 'onFormSubmitted';

function sheetsService(): GoogleAppsScript.Sheets {
  if (!Sheets) throw new Error('the advanced Sheets service is not enabled (appsscript.json lists it)');
  return Sheets;
}

function driveService(): GoogleAppsScript.Drive {
  if (!Drive) throw new Error('the advanced Drive service is not enabled (appsscript.json lists it)');
  return Drive;
}

export const spreadsheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

/** A spreadsheet written through the advanced Sheets service: one batchUpdate per call. */
class SheetsSpreadsheet implements Spreadsheet {
  constructor(readonly id: string, readonly url: string) {}

  getMetadata(): WorkbookMetadata {
    return sheetsService().Spreadsheets!.get(this.id, { fields: METADATA_FIELDS }) as WorkbookMetadata;
  }

  batchUpdate(requests: readonly Request[]): void {
    sheetsService().Spreadsheets!.batchUpdate({ requests: requests as GoogleAppsScript.Sheets.Schema.Request[] }, this.id);
  }

  readValues(range: string): string[][] {
    const answer = sheetsService().Spreadsheets!.Values!.get(this.id, range, { valueRenderOption: 'FORMULA' });
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

  create(title: string, destination: string): FormRef {
    const form = FormApp.create(title);
    form.setDestination(FormApp.DestinationType.SPREADSHEET, destination);
    // Forms then records the respondent's verified Google account email with each response.
    form.setCollectEmail(true);
    form.setLimitOneResponsePerUser(false);
    form.setAllowResponseEdits(false);
    form.setShowLinkToRespondAgain(true);
    form.setConfirmationMessage('Received. Your private sheet shows within a minute whether it was accepted, and why if not. You may send again: your last valid answer before the deadline counts.');
    form.setAcceptingResponses(false);
    return { id: form.getId(), url: form.getPublishedUrl(), editUrl: form.getEditUrl() };
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
    const inPlace = shown !== null && shown.length === ids.length && existing.length === ids.length
      && existing.every((item, i) => String(item.getId()) === ids[i]) && shown.every((p, i) => i >= spec.items.length || p.kind === spec.items[i].kind);
    if (!inPlace) for (const item of existing) form.deleteItem(item);
    const map: Record<string, string> = {};
    spec.items.forEach((item, i) => {
      const old = inPlace ? existing[i] : undefined;
      const parts = old ? shown![i] : undefined;
      map[String(old ? updateItem(old, item, parts!) : addItem(form, item))] = item.questionId;
    });
    if (inPlace) for (const extra of existing.slice(spec.items.length)) form.deleteItem(extra);
    return map;
  }

  setAccepting(formId: string, accepting: boolean, message?: string): void {
    const form = this.open(formId);
    if (!accepting && message !== undefined) form.setCustomClosedFormMessage(message);
    form.setAcceptingResponses(accepting);
  }

  responses(formId: string): FormResponse[] {
    return this.open(formId).getResponses().map((response) => {
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
  return choice.setTitle(item.title).setHelpText(item.help).setChoiceValues([...(item.choices ?? [])]).setRequired(item.required).getId();
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
  return FormApp.createTextValidation().setHelpText(item.validationHelp ?? item.help).requireTextMatchesPattern(item.validation!).build();
}

function publish(fileId: string): PublishResult {
  const drive = driveService();
  try {
    const revisions = drive.Revisions!.list(fileId, { fields: 'revisions(id)' }).revisions ?? [];
    const head = revisions[revisions.length - 1];
    if (!head?.id) throw new Error('the file has no revision to publish');
    drive.Revisions!.update({ published: true, publishAuto: true, publishedOutsideDomain: true }, fileId, head.id);
    return { url: `https://docs.google.com/spreadsheets/d/${fileId}/pubhtml`, published: true };
  } catch (error) {
    drive.Permissions!.create({ role: 'reader', type: 'anyone' }, fileId);
    return {
      url: `https://docs.google.com/spreadsheets/d/${fileId}/view`,
      published: false,
      note: `Publishing to the web was refused (${(error as Error).message}); the sheet is shared as "anyone with the link can view" instead. Post that link.`,
    };
  }
}

/** Every port on the real services. */
export function appsScriptPorts(): HostPorts {
  const active = () => SpreadsheetApp.getActiveSpreadsheet();
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
    clock: { now: () => new Date().toISOString() },
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
    files: {
      host: () => {
        const ss = active();
        return new SheetsSpreadsheet(ss.getId(), ss.getUrl());
      },
      create: (title) => {
        const ss = SpreadsheetApp.create(title);
        return new SheetsSpreadsheet(ss.getId(), ss.getUrl());
      },
      open: (id) => new SheetsSpreadsheet(id, spreadsheetUrl(id)),
      share: (fileId, email, role, message) => {
        // `fields`: a permission's emailAddress is not in the default answer (Drive API v3,
        // permissions.create and the Permission resource); it is the account's own address.
        const permission = driveService().Permissions!.create({ role, type: 'user', emailAddress: email }, fileId, { sendNotificationEmail: true, emailMessage: message, fields: 'id,emailAddress' });
        return permission.emailAddress ?? undefined;
      },
      sharedWith: (fileId) => (driveService().Permissions!.list(fileId, { fields: 'permissions(emailAddress)' }).permissions ?? []).flatMap((p) => (p.emailAddress ? [p.emailAddress] : [])),
      publish,
    },
    forms: new AppsScriptForms(),
    scheduler: {
      install: () => {
        for (const trigger of ScriptApp.getProjectTriggers()) {
          if ([TICK_HANDLER, SUBMIT_HANDLER].includes(trigger.getHandlerFunction())) ScriptApp.deleteTrigger(trigger);
        }
        ScriptApp.newTrigger(TICK_HANDLER).timeBased().everyMinutes(1).create();
        ScriptApp.newTrigger(SUBMIT_HANDLER).forSpreadsheet(active()).onFormSubmit().create();
      },
      remove: () => {
        for (const trigger of ScriptApp.getProjectTriggers()) {
          if ([TICK_HANDLER, SUBMIT_HANDLER].includes(trigger.getHandlerFunction())) ScriptApp.deleteTrigger(trigger);
        }
      },
    },
    flush: () => SpreadsheetApp.flush(),
    formatTime: (iso, timeZone) => Utilities.formatDate(new Date(iso), timeZone, 'EEE d MMM yyyy, HH:mm z'),
  };
}

export function newSeed(): string {
  return Utilities.getUuid();
}
