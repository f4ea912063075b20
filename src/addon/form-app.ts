// The Forms port (src/triggers/google/ports.ts) on FormApp: each player's form made, published to one
// account with verified emails (each refusal said, with the next safest setting), kept in step with
// the open phase, and read. Every behaviour of Google relied on here is in docs/google.md.
/// <reference types="google-apps-script" />

import type { FormItemSpec, FormSpec } from '../forms/index.js';
import type { FormParts, FormProtection, FormRef, FormResponse, Forms, ItemParts } from '../triggers/google/ports.js';
import { planItems } from './form-items.js';
import {
  legacyFormNote,
  respondersAnyoneNote,
  respondersNoneNote,
  respondersReadBackNote,
  respondersWiderNote,
  unpublishedFormNote,
  unverifiedEmailsNote,
} from '../triggers/google/refusal-notes.js';
import { drivePermissions, messageOf } from './advanced.js';
import { isNobody, sameAccount } from '../engine/core/email.js';

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
function publishing(form: PublishingForm): {
  setPublished(published: boolean): void;
  isPublished(): boolean;
  addPublishedReader(email: string): void;
} {
  const { setPublished, isPublished, addPublishedReader } = form;
  if (!setPublished || !isPublished || !addPublishedReader)
    throw new Error('this form has no publishing settings (a legacy form)');
  return {
    setPublished: (published) => setPublished.call(form, published),
    isPublished: () => isPublished.call(form),
    addPublishedReader: (email) => addPublishedReader.call(form, email),
  };
}

/** FormApp.EmailCollectionType's values (the Forms API's FormSettings.emailCollectionType). */
function emailCollectionType(name: 'VERIFIED' | 'RESPONDER_INPUT'): string {
  // @types/google-apps-script has no FormApp.EmailCollectionType yet; Apps Script may not either.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- read as optional
  return (FormApp as unknown as { EmailCollectionType?: Record<string, string> }).EmailCollectionType?.[name] ?? name;
}

export class AppsScriptForms implements Forms {
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
    const form: PublishingForm = this.open(formId);
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
      'Received. Your private sheet shows within a minute whether it was accepted, and why if not, with its receipt: copy that and keep it. No receipt for it there within a few minutes? It was not logged: tell the host at once. You may send again: your last valid answer before the deadline counts.',
    );
    return protectForm(form, formId, responder);
  }

  show(
    formId: string,
    spec: FormSpec,
    items: Readonly<Record<string, string>>,
    same?: FormParts,
  ): Record<string, string> {
    const form = this.open(formId);
    if (!same?.title) form.setTitle(spec.title);
    if (!same?.description) form.setDescription(spec.description);
    if (!same?.closedMessage) form.setCustomClosedFormMessage(spec.closedMessage);
    // A closed form keeps its questions (nobody sees them).
    if (spec.items.length === 0) return { ...items };
    const shown = same?.items ?? null;
    const ids = new Set(Object.keys(items));
    if (
      shown &&
      shown.length === spec.items.length &&
      shown.every((p) => p.title && p.help && p.required && p.choices && p.validation)
    )
      return { ...items };
    // The form's items are kept where one of the same kind can show a wanted item (changed only
    // where they differ), the others deleted, and only what is missing made (form-items.ts). Each
    // item's id is recorded with its question id, so answers map back by question id whatever a
    // title says.
    const existing = form.getItems();
    // Kept only when the form holds exactly the items the map names, as the layout describes them
    // (a change stopped part-way may leave others): otherwise every item is made again.
    const known =
      shown !== null &&
      shown.length === existing.length &&
      existing.length === ids.size &&
      existing.every((item) => ids.has(String(item.getId())));
    if (!known) for (const item of existing) form.deleteItem(item);
    const kept = known ? existing : [];
    const partsOf = (j: number, i: number): ItemParts | null => {
      const parts = same?.across?.[j]?.[i] ?? (j === i ? shown?.[j] : undefined);
      return parts?.kind === spec.items[i].kind ? parts : null;
    };
    const plan = planItems(kept.length, spec.items, partsOf);
    for (const j of plan.deleted) form.deleteItem(kept[j]);
    const made = spec.items.map((item, i) => {
      const j = plan.from[i];
      const parts = j >= 0 ? partsOf(j, i) : null;
      return String(j >= 0 && parts ? updateItem(kept[j], item, parts) : addItem(form, item));
    });
    moveIntoPlace(form, made, plan.from);
    return Object.fromEntries(made.map((id, i) => [id, spec.items[i].questionId]));
  }

  startAccepting(formId: string, published?: FormProtection['published']): void {
    const form: PublishingForm = this.open(formId);
    // Found published at the start (read back there), or a legacy form: only the host can have
    // unpublished it since (in the Forms editor), so it opens with one call, not three; Re-render
    // asks again. No document says the call throws for an unpublished form, whose accepting "is
    // forced to false" without a word (docs/google.md): so a form not known published is asked
    // first, and an error here is the execution's like any other (the next one opens it again).
    if (published === true || published === 'legacy') {
      form.setAcceptingResponses(true);
      return;
    }
    // An unpublished form accepts no responses; publishing "also enables accepting responses"
    // (a form whose publishing was refused at the start gets another try here).
    if (publishState(form) === false) {
      publishing(form).setPublished(true);
      // Publishing may have opened it wider than its player (below); a refusal leaves it as it is.
      removeWiderResponders(formId);
      return;
    }
    form.setAcceptingResponses(true);
  }

  prepare(formIds: readonly string[]): void {
    for (const id of formIds) {
      try {
        this.open(id);
      } catch {
        // Opened again (and its failure met) where the execution needs it.
      }
    }
  }

  stopAccepting(formId: string, message?: string): void {
    const form: PublishingForm = this.open(formId);
    if (message !== undefined) form.setCustomClosedFormMessage(message);
    form.setAcceptingResponses(false);
  }

  addResponder(formId: string, email: string): void {
    const form: PublishingForm = this.open(formId);
    if (publishState(form) === null) return;
    publishing(form).addPublishedReader(email);
  }

  responses(formId: string, since?: string): FormResponse[] {
    const form = this.open(formId);
    // getResponses(timestamp): only the responses after that time (fewer to fetch and convert).
    const list =
      since === undefined
        ? form.getResponses()
        : // The typings' Base.Date is Apps Script's name for a JavaScript Date, which is what it takes.
          // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the same object
          form.getResponses(new Date(since) as unknown as GoogleAppsScript.Base.Date);
    return list.map((response) => {
      const items: Record<string, string | readonly string[]> = {};
      for (const answer of response.getItemResponses()) {
        // A text item's answer is a string, a checkbox item's a list of them ("Class ItemResponse").
        const value: unknown = answer.getResponse();
        items[String(answer.getItem().getId())] = Array.isArray(value) ? value.map(String) : String(value);
      }
      const email = response.getRespondentEmail();
      return { id: response.getId(), at: response.getTimestamp().toISOString(), ...(email ? { email } : {}), items };
    });
  }
}

/**
 * Puts the items in the spec's order: the kept ones are in it already (their order is kept), the
 * new ones were made at the end; each that belongs before a kept one is moved (a call each).
 */
function moveIntoPlace(form: GoogleAppsScript.Forms.Form, made: readonly string[], from: readonly number[]): void {
  const order = [...made.filter((_, i) => from[i] >= 0), ...made.filter((_, i) => from[i] < 0)];
  made.forEach((id, i) => {
    const at = order.indexOf(id);
    if (at === i) return;
    form.moveItem(at, i);
    order.splice(at, 1);
    order.splice(i, 0, id);
  });
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
  const target =
    item.kind === 'text'
      ? existing.asTextItem()
      : item.kind === 'choice'
        ? existing.asMultipleChoiceItem()
        : existing.asCheckboxItem();
  if (!same.title) target.setTitle(item.title);
  if (!same.help) target.setHelpText(item.help);
  if (!same.required) target.setRequired(item.required);
  // `target` is the item as its kind (asTextItem… above), which the compiler cannot tie to item.kind.
  if (!same.choices && item.kind !== 'text')
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- a choice or checkbox item
    (target as GoogleAppsScript.Forms.MultipleChoiceItem).setChoiceValues([...(item.choices ?? [])]);
  if (!same.validation && item.kind === 'text') {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- a text item (see above)
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
  if (typeof form.supportsAdvancedResponderPermissions !== 'function' || !form.supportsAdvancedResponderPermissions())
    return null;
  return publishing(form).isPublished();
}

/**
 * Who besides `responder` may answer a form, read back from Drive (its responders are permissions
 * with view "published": "Publish and manage responders on the form"), in the host's words: anyone
 * with the link, a whole domain, other accounts. Empty: only `responder` (and the form's editors,
 * the host among them). Throws what Drive answers.
 */
function othersWhoMayAnswer(formId: string, responder: string): string[] {
  const permissions =
    drivePermissions().list(formId, {
      includePermissionsForView: 'published',
      fields: 'permissions(type,view,emailAddress)',
    }).permissions ?? [];
  return permissions
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
}

/**
 * Publishes a new form closed, opens it to `responder`'s account only and asks for verified
 * emails, reading each setting back. Each refusal falls back to the next safest setting and is
 * said in the notes, with what the host can do; nothing here throws for a refusal. A seat nobody
 * holds (a rehearsal's bot, an address of the .invalid domain) gets no responder, permission or
 * sharing call at all: nobody can answer its form, and its bot answers in the log.
 */
export function protectForm(form: PublishingForm, formId: string, responder: string): FormProtection {
  const notes: string[] = [];
  let published: boolean | 'legacy' = 'legacy';
  let responders: FormProtection['responders'] = 'anyone';
  let modern: boolean;
  try {
    modern =
      typeof form.supportsAdvancedResponderPermissions === 'function' && form.supportsAdvancedResponderPermissions();
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
    else notes.push(unpublishedFormNote(responder, refusal));
    if (isNobody(responder)) return { published, responders: 'none', emails: 'unknown', notes };
    responders = restrictResponders(form, formId, responder, notes);
    if (responders === 'player') responders = readBack(formId, responder, notes);
  } else {
    // A legacy form: no publish state or named responders; accepting is its only switch.
    form.setAcceptingResponses(false);
    if (isNobody(responder)) return { published, responders: 'none', emails: 'unknown', notes };
    notes.push(legacyFormNote(responder));
  }
  const emails = collectVerifiedEmails(form, responder, responders, notes);
  return { published, responders, emails, notes };
}

/**
 * With a named responder, removes every responder wider than one account (anyone with the link, a
 * whole domain) that publishing or an earlier attempt left ("Publish and manage responders on the
 * form": responders are Drive permissions with view "published", listed with
 * includePermissionsForView=published and removed with permissions.delete). Answers Drive's
 * refusal, or null when nothing wider is left.
 */
function removeWiderResponders(formId: string): string | null {
  try {
    const permissions =
      drivePermissions().list(formId, { includePermissionsForView: 'published', fields: 'permissions(id,type,view)' })
        .permissions ?? [];
    const responders = permissions.filter((p) => p.view === 'published');
    if (!responders.some((p) => p.type === 'user')) return null;
    for (const wider of responders.filter((p) => p.type === 'anyone' || p.type === 'domain'))
      if (wider.id) drivePermissions().remove(formId, wider.id);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

/**
 * The restriction checked: Drive's own list of who may answer. addPublishedReader "has no effect" on
 * an account that already edits the form, and publishing may have opened it to anyone with the link,
 * so only the list says whether anyone but the player may answer ('anyone', with a note, if so).
 */
function readBack(formId: string, responder: string, notes: string[]): FormProtection['responders'] {
  let others: string[];
  try {
    others = othersWhoMayAnswer(formId, responder);
  } catch (error) {
    notes.push(
      respondersReadBackNote(responder, [`whoever Drive did not say (it refused the list: ${messageOf(error)})`]),
    );
    return 'anyone';
  }
  if (others.length === 0) return 'player';
  notes.push(respondersReadBackNote(responder, others));
  return 'anyone';
}

/** The form's responders: the player's account, else anyone with the link, else nobody (each said). */
function restrictResponders(
  form: PublishingForm,
  formId: string,
  responder: string,
  notes: string[],
): FormProtection['responders'] {
  try {
    publishing(form).addPublishedReader(responder);
    // Only that account: whatever wider responder is there goes, or the host is told it stays.
    const wider = removeWiderResponders(formId);
    if (wider !== null) {
      notes.push(respondersWiderNote(responder, wider));
      return 'anyone';
    }
    return 'player';
  } catch (restricted) {
    const why = messageOf(restricted);
    try {
      // "Anyone with the link can respond": a reader permission with view published.
      drivePermissions().create({ role: 'reader', type: 'anyone', view: 'published' }, formId);
      notes.push(respondersAnyoneNote(responder, why));
      return 'anyone';
    } catch (linked) {
      notes.push(respondersNoneNote(responder, why, messageOf(linked)));
      return 'none';
    }
  }
}

/** Asks for verified email collection and reads back what Forms records. */
function collectVerifiedEmails(
  form: PublishingForm,
  responder: string,
  responders: FormProtection['responders'],
  notes: string[],
): FormProtection['emails'] {
  let refusal = '';
  try {
    if (typeof form.setEmailCollectionType !== 'function')
      throw new Error('this Apps Script runtime cannot choose the kind of email collection');
    form.setEmailCollectionType(emailCollectionType('VERIFIED'));
  } catch (error) {
    refusal = messageOf(error);
    // The next safest: collect some address (setCollectEmail does not say which kind).
    form.setCollectEmail(true);
  }
  let kind: string;
  try {
    kind = typeof form.getEmailCollectionType === 'function' ? String(form.getEmailCollectionType()) : '';
  } catch (error) {
    kind = '';
    // The read refused: the host is told why the setting could not be confirmed, as for any refusal.
    refusal = [refusal, `Forms refused to say which addresses it records: ${messageOf(error)}`]
      .filter((r) => r !== '')
      .join('; ');
  }
  if (kind === emailCollectionType('VERIFIED')) return 'verified';
  const emails = kind === emailCollectionType('RESPONDER_INPUT') ? 'responder-input' : 'unknown';
  notes.push(unverifiedEmailsNote(emails, responder, responders, refusal));
  return emails;
}
