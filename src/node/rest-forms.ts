// The Forms port (src/triggers/google/ports.ts) on the Forms API v1 and Drive API v3 from Node: what
// src/addon/form-app.ts does with FormApp, with the same fallbacks and the same notes
// (src/triggers/google/refusal-notes.ts). Where the REST API has no counterpart of a FormApp setting, the form
// keeps Forms' default and docs/google.md (From a machine) says so: a response destination
// spreadsheet, the confirmation and closed-form messages, and text validation (the engine checks
// every answer and the player's sheet says why one was refused). Node-only.

import type { forms_v1 } from '@googleapis/forms';
import type { FormItemSpec, FormSpec } from '../forms/index.js';
import {
  legacyFormNote,
  respondersAnyoneNote,
  respondersNoneNote,
  respondersReadBackNote,
  respondersWiderNote,
  unpublishedFormNote,
  unverifiedEmailsNote,
} from '../triggers/google/refusal-notes.js';
import type { FormParts, FormProtection, FormRef, FormResponse, Forms, ItemParts } from '../triggers/google/ports.js';
import { type GoogleCalls, GoogleError } from './bridge.js';
import { refusal } from './refusal.js';
import { isNobody, sameAccount } from '../engine/core/email.js';
import { errorText } from '../engine/core/redact.js';

type Item = forms_v1.Schema$Item;
type Request = forms_v1.Schema$Request;

const editUrl = (id: string) => `https://docs.google.com/forms/d/${id}/edit`;

/** The one question of an item made by show (its question id keys the item map and the responses). */
const questionIdOf = (item: Item) => item.questionItem?.question?.questionId ?? '';

export class RestForms implements Forms {
  /** Each form's checkbox questions, read once when it first has responses (a checkbox answer is a list). */
  private readonly checkboxes = new Map<string, Set<string>>();

  constructor(private readonly google: GoogleCalls) {}

  private get(formId: string): forms_v1.Schema$Form {
    return this.google.call('getForm', { formId }, `form ${formId}`);
  }

  private update(
    formId: string,
    requests: Request[],
    requiredRevisionId?: string,
  ): forms_v1.Schema$BatchUpdateFormResponse {
    return this.google.call(
      'updateForm',
      { formId, requests, ...(requiredRevisionId ? { requiredRevisionId } : {}) },
      `form ${formId}`,
    );
  }

  private setPublishState(formId: string, isPublished: boolean, isAcceptingResponses: boolean): void {
    this.google.call('setPublishState', { formId, isPublished, isAcceptingResponses }, `form ${formId}`);
  }

  /**
   * A responder: a Drive permission with view "published" (Google's forms sample add_responder: role
   * reader, no sharing email). `sendNotificationEmail` is allowed for a user only, never for anyone
   * with the link (Drive API v3, permissions.create).
   */
  private addPublishedReader(
    formId: string,
    permission: { type: 'user'; emailAddress: string } | { type: 'anyone' },
  ): void {
    const quiet = permission.type === 'user' ? { sendNotificationEmail: false } : {};
    this.google.call(
      'createPermission',
      { fileId: formId, permission: { role: 'reader', view: 'published', ...permission }, ...quiet },
      `form ${formId}`,
    );
  }

  /**
   * With a named responder, removes every responder wider than one account (anyone with the link, a
   * whole domain) that publishing or an earlier attempt left (as src/addon/form-app.ts): Drive's
   * refusal, or null when nothing wider is left.
   */
  private removeWiderResponders(formId: string): string | null {
    return refusal(() => {
      const responders = this.google
        .call('listResponderPermissions', { fileId: formId }, `form ${formId}`)
        .filter((p) => p.view === 'published');
      if (!responders.some((p) => p.type === 'user')) return;
      for (const wider of responders.filter((p) => p.type === 'anyone' || p.type === 'domain'))
        if (wider.id)
          this.google.call('deletePermission', { fileId: formId, permissionId: wider.id }, `form ${formId}`);
    });
  }

  /** Who besides `responder` may answer the form, read back from Drive, in the host's words (a refused list says so). */
  private othersWhoMayAnswer(formId: string, responder: string): string[] {
    try {
      return this.google
        .call('listResponderPermissions', { fileId: formId }, `form ${formId}`)
        .filter((p) => p.view === 'published')
        .flatMap((p) =>
          p.type === 'anyone'
            ? ['anyone with the link']
            : p.type === 'domain'
              ? ['everyone in a domain']
              : p.emailAddress && !sameAccount(p.emailAddress, responder)
                ? [p.emailAddress]
                : [],
        );
    } catch (error) {
      return [`whoever Drive did not say (it refused the list: ${errorText(error)})`];
    }
  }

  create(title: string): FormRef {
    const form = this.google.call('createForm', { title }, `a new form "${title}"`);
    const id = form.formId;
    if (!id) throw new Error('Forms made a form without an id');
    return { id, url: form.responderUri ?? `https://docs.google.com/forms/d/${id}/viewform`, editUrl: editUrl(id) };
  }

  /**
   * The REST API sets no response destination, confirmation message or "respond again" link (its
   * FormSettings holds only emailCollectionType and quizSettings): responses are read with
   * forms.responses.list, as the tick reads them, and a new form's defaults stand (one response
   * per user not required, responses not editable, Forms' own confirmation).
   */
  setUp(formId: string, _destination: string, responder: string): FormProtection {
    // Published closed, so it can take responders and open later; a refusal is a note (read back below).
    const publishRefusal = refusal(() => this.setPublishState(formId, true, false));
    // A seat nobody holds (a rehearsal's bot): no responder, permission or sharing call; its bot answers in the log.
    if (isNobody(responder)) {
      const settings = this.get(formId).publishSettings;
      const published = settings ? settings.publishState?.isPublished === true : 'legacy';
      return { published, responders: 'none', emails: 'unknown', notes: [] };
    }
    const restricted = refusal(() => this.addPublishedReader(formId, { type: 'user', emailAddress: responder }));
    const linked = restricted === null ? null : refusal(() => this.addPublishedReader(formId, { type: 'anyone' }));
    // Only that account: whatever wider responder is there goes, or the host is told it stays.
    const wider = restricted === null ? this.removeWiderResponders(formId) : null;
    let emailRefusal = refusal(() => this.update(formId, [emailCollection('VERIFIED')]));
    // The next safest: collect the address the sender types.
    if (emailRefusal !== null) this.update(formId, [emailCollection('RESPONDER_INPUT')]);
    const form = this.get(formId);
    const notes: string[] = [];
    if (!form.publishSettings) {
      // forms.create makes forms with publish settings ("All newly created forms support publishing"); this one is older.
      notes.push(legacyFormNote(responder));
      return {
        published: 'legacy',
        responders: 'anyone',
        emails: emailsOf(form, responder, 'anyone', emailRefusal ?? '', notes),
        notes,
      };
    }
    const published = form.publishSettings.publishState?.isPublished === true;
    if (!published) notes.push(unpublishedFormNote(responder, publishRefusal ?? ''));
    let responders: FormProtection['responders'] = 'player';
    if (wider !== null) {
      notes.push(respondersWiderNote(responder, wider));
      responders = 'anyone';
    } else if (restricted !== null && linked === null) {
      notes.push(respondersAnyoneNote(responder, restricted));
      responders = 'anyone';
    } else if (restricted !== null && linked !== null) {
      notes.push(respondersNoneNote(responder, restricted, linked));
      responders = 'none';
    }
    // Checked: Drive's own list of who may answer (as src/addon/form-app.ts reads it back).
    if (responders === 'player') {
      const others = this.othersWhoMayAnswer(formId, responder);
      if (others.length > 0) {
        notes.push(respondersReadBackNote(responder, others));
        responders = 'anyone';
      }
    }
    emailRefusal ??= '';
    return { published, responders, emails: emailsOf(form, responder, responders, emailRefusal, notes), notes };
  }

  /**
   * The item changes are one batchUpdate made against the revision just read: a retry of one that
   * took effect (its answer lost to a time-out) is refused as made against an older revision, and
   * the form is then read again and its items made again (the map names none of them).
   */
  show(
    formId: string,
    spec: FormSpec,
    items: Readonly<Record<string, string>>,
    same?: FormParts,
  ): Record<string, string> {
    try {
      return this.showOnce(formId, spec, items, same);
    } catch (error) {
      if (!(error instanceof GoogleError && error.retried && error.status === 400)) throw error;
      // The first try took effect when the form now shows the spec's items, in order.
      const shown = this.get(formId).items ?? [];
      const took =
        shown.length === spec.items.length &&
        shown.every((item, i) => item.title === spec.items[i].title && kindOf(item) === spec.items[i].kind);
      if (took) return Object.fromEntries(shown.map((item, i) => [questionIdOf(item), spec.items[i].questionId]));
      return this.showOnce(formId, spec, items, undefined);
    }
  }

  private showOnce(
    formId: string,
    spec: FormSpec,
    items: Readonly<Record<string, string>>,
    same?: FormParts,
  ): Record<string, string> {
    // No closed-form message in the REST API: a closed form shows Forms' own (the description says why).
    const requests: Request[] = [];
    const info = [...(same?.title ? [] : ['title']), ...(same?.description ? [] : ['description'])];
    if (info.length > 0)
      requests.push({
        updateFormInfo: { info: { title: spec.title, description: spec.description }, updateMask: info.join(',') },
      });
    const shown = same?.items ?? null;
    const keep =
      spec.items.length === 0 ||
      (shown &&
        shown.length === spec.items.length &&
        shown.every((p) => p.title && p.help && p.required && p.choices && p.validation));
    if (keep) {
      if (requests.length > 0) this.update(formId, requests);
      return { ...items };
    }
    const form = this.get(formId);
    const existing = form.items ?? [];
    const ids = Object.keys(items);
    // In place only on the very items the map names, of the same kinds (as src/addon/form-app.ts).
    const inPlace =
      shown !== null &&
      shown.length === ids.length &&
      existing.length === ids.length &&
      existing.every((item, i) => questionIdOf(item) === ids[i]) &&
      shown.every((p, i) => i >= spec.items.length || p.kind === spec.items[i].kind);
    const keys: (string | number)[] = [];
    if (inPlace) {
      spec.items.forEach((item, i) => {
        // Beyond the items the form has, a new one (as src/addon/form-app.ts adds it).
        if (i >= existing.length) {
          keys.push(requests.length);
          requests.push({ createItem: { item: itemOf(item), location: { index: i } } });
          return;
        }
        const update = updateRequest(i, item, shown[i]);
        if (update) requests.push(update);
        keys.push(questionIdOf(existing[i]));
      });
    }
    // Deleted from the last, so each location holds until its turn.
    for (let i = existing.length - 1; i >= (inPlace ? spec.items.length : 0); i -= 1)
      requests.push({ deleteItem: { location: { index: i } } });
    if (!inPlace) {
      spec.items.forEach((item, i) => {
        keys.push(requests.length);
        requests.push({ createItem: { item: itemOf(item), location: { index: i } } });
      });
    }
    const replies =
      requests.length > 0 ? (this.update(formId, requests, form.revisionId ?? undefined).replies ?? []) : [];
    const map: Record<string, string> = {};
    spec.items.forEach((item, i) => {
      const key = keys[i];
      const id = typeof key === 'string' ? key : (replies[key]?.createItem?.questionId?.[0] ?? '');
      if (id === '') throw new Error(`Forms created an item of form ${formId} without a question id`);
      map[id] = item.questionId;
    });
    this.checkboxes.delete(formId);
    return map;
  }

  /** Publishing "also enables accepting responses" (a form whose publishing was refused at the start gets another try). */
  startAccepting(formId: string): void {
    this.setPublishState(formId, true, true);
  }

  /**
   * Closes the form, published. The message is not set: the REST API has no closed-form message.
   * A refusal is no failure when the form is not published (it accepts nothing); a legacy form
   * cannot be closed through the API at all.
   */
  stopAccepting(formId: string, _message?: string): void {
    const refused = refusal(() => this.setPublishState(formId, true, false));
    if (refused === null) return;
    const form = this.get(formId);
    if (!form.publishSettings)
      throw new Error(
        `form ${formId} is a legacy form, which the Forms API cannot close (${refused}): close it by hand (Responses → Accepting responses)`,
      );
    if (form.publishSettings.publishState?.isPublished === true)
      throw new Error(`Forms refused to close form ${formId}: ${refused}`);
  }

  addResponder(formId: string, email: string): void {
    const refused = refusal(() => this.addPublishedReader(formId, { type: 'user', emailAddress: email }));
    if (refused === null) return;
    // Nothing to add on a legacy form (anyone with the link may open it).
    if (!this.get(formId).publishSettings) return;
    throw new Error(`Forms refused to add ${email} as a responder of form ${formId}: ${refused}`);
  }

  responses(formId: string, since?: string): FormResponse[] {
    const list = this.google.call(
      'listResponses',
      { formId, ...(since !== undefined ? { since } : {}) },
      `form ${formId}`,
    );
    if (list.length === 0) return [];
    const checkboxes = this.checkboxesOf(formId);
    return list.map((response) => {
      const items: Record<string, string | readonly string[]> = {};
      for (const [questionId, answer] of Object.entries(response.answers ?? {})) {
        const values = (answer.textAnswers?.answers ?? []).map((a) => a.value ?? '');
        items[questionId] = checkboxes.has(questionId) || values.length > 1 ? values : (values[0] ?? '');
      }
      const email = response.respondentEmail;
      const at = response.lastSubmittedTime ?? response.createTime ?? '';
      return { id: response.responseId ?? '', at: new Date(at).toISOString(), ...(email ? { email } : {}), items };
    });
  }

  private checkboxesOf(formId: string): Set<string> {
    let known = this.checkboxes.get(formId);
    if (!known) {
      const items = this.get(formId).items ?? [];
      known = new Set(items.filter((item) => kindOf(item) === 'multi').map(questionIdOf));
      this.checkboxes.set(formId, known);
    }
    return known;
  }
}

/** The kind of question an item asks, as a FormItemSpec names it. */
function kindOf(item: Item): string {
  const question = item.questionItem?.question;
  if (question?.textQuestion) return 'text';
  return question?.choiceQuestion?.type === 'CHECKBOX' ? 'multi' : 'choice';
}

/** FormSettings.emailCollectionType (Forms API): VERIFIED, RESPONDER_INPUT or DO_NOT_COLLECT. */
function emailCollection(type: 'VERIFIED' | 'RESPONDER_INPUT'): Request {
  return { updateSettings: { settings: { emailCollectionType: type }, updateMask: 'emailCollectionType' } };
}

/** What the form records as the sender's address, read back; anything but verified is a note. */
function emailsOf(
  form: forms_v1.Schema$Form,
  responder: string,
  responders: FormProtection['responders'],
  refusal: string,
  notes: string[],
): FormProtection['emails'] {
  const kind = form.settings?.emailCollectionType;
  if (kind === 'VERIFIED') return 'verified';
  const emails = kind === 'RESPONDER_INPUT' ? 'responder-input' : 'unknown';
  notes.push(unverifiedEmailsNote(emails, responder, responders, refusal));
  return emails;
}

/** A question item as `item` asks (Forms API Item: a questionItem with a text or choice question). */
function itemOf(item: FormItemSpec): Item {
  const question =
    item.kind === 'text'
      ? { required: item.required, textQuestion: { paragraph: false } }
      : {
          required: item.required,
          choiceQuestion: {
            type: item.kind === 'choice' ? 'RADIO' : 'CHECKBOX',
            options: (item.choices ?? []).map((value) => ({ value })),
          },
        };
  return { title: item.title, description: item.help, questionItem: { question } };
}

/** An updateItem changing only the parts that differ; null when none does (a validation has no REST counterpart). */
function updateRequest(index: number, item: FormItemSpec, same: ItemParts): Request | null {
  const mask = [
    ...(same.title ? [] : ['title']),
    ...(same.help ? [] : ['description']),
    ...(same.required ? [] : ['questionItem.question.required']),
    ...(same.choices || item.kind === 'text' ? [] : ['questionItem.question.choiceQuestion.options']),
  ];
  return mask.length === 0
    ? null
    : { updateItem: { item: itemOf(item), location: { index }, updateMask: mask.join(',') } };
}
