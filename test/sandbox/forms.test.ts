// The add-on's Forms port (src/addon/form-app.ts) on the sandbox's FormApp fake, call by call: every
// call to Forms is a round trip (test/reliability/cost.ts), so a form's change of phase makes only
// the calls it needs, and the form ends up showing and doing what was asked all the same.
import { describe, expect, it } from 'vitest';
import { AppsScriptForms } from '../../src/addon/form-app.js';
import type { FormItemSpec, FormSpec } from '../../src/forms/index.js';
import type { FormParts, FormProtection, ItemParts } from '../../src/triggers/google/ports.js';
import { HOST } from './players.js';
import { Google, type GoogleOptions } from './services.js';

const START = '2026-11-21T18:00:00.000Z';
const PLAYER = 'ann@example.com';

function world(options: Partial<Omit<GoogleOptions, 'dist'>> = {}): Google {
  return new Google({ owner: HOST, start: START, dist: '', ...options });
}

/** One execution of the port against `google`'s fakes (FormApp and Drive as the globals it calls); its remote calls. */
function execution<T>(google: Google, work: (forms: AppsScriptForms) => T): { result: T; calls: string[] } {
  const services = google.services();
  const globals = globalThis as Record<string, unknown>;
  const saved = { FormApp: globals.FormApp, Drive: globals.Drive };
  Object.assign(globals, { FormApp: services.FormApp, Drive: services.Drive });
  const record = google.beginExecution('forms port');
  try {
    const result = work(new AppsScriptForms());
    google.endExecution(record);
    return { result, calls: record.calls.filter((c) => c.remote).map((c) => c.name) };
  } catch (error) {
    google.endExecution(record, error);
    throw error;
  } finally {
    Object.assign(globals, saved);
  }
}

/** A player's form made and set up as Start does it; its id and what the setting up found. */
function setUpForm(google: Google): { formId: string; protection: FormProtection } {
  return execution(google, (forms) => {
    const formId = forms.create("Ann's answers").id;
    return { formId, protection: forms.setUp(formId, google.host.id, PLAYER) };
  }).result;
}

describe('opening a form for its phase', () => {
  it('a form the start found published opens with setAcceptingResponses alone', () => {
    const google = world();
    const { formId, protection } = setUpForm(google);
    expect(protection.published).toBe(true);
    const { calls } = execution(google, (forms) => forms.startAccepting(formId, protection.published));
    expect(calls).toEqual(['FormApp.openById', 'Form.setAcceptingResponses']);
    expect(google.forms.get(formId)!.accepting).toBe(true);
  });

  it('a legacy form opens with setAcceptingResponses alone too', () => {
    const google = world({ legacyForms: true });
    const { formId, protection } = setUpForm(google);
    expect(protection.published).toBe('legacy');
    const { calls } = execution(google, (forms) => forms.startAccepting(formId, protection.published));
    expect(calls).toEqual(['FormApp.openById', 'Form.setAcceptingResponses']);
    expect(google.forms.get(formId)!.accepting).toBe(true);
  });

  it('a form whose publishing the start could not do is asked, published and opened (its publish state not trusted)', () => {
    const google = world();
    google.onCall = (call) => {
      if (call.name === 'Form.setPublished') throw new Error('Exception: We are sorry, a server error occurred');
    };
    const { formId, protection } = setUpForm(google);
    google.onCall = null;
    expect(protection.published).toBe(false);
    const { calls } = execution(google, (forms) => forms.startAccepting(formId, protection.published));
    expect(calls).toContain('Form.isPublished');
    expect(calls).toContain('Form.setPublished');
    const form = google.forms.get(formId)!;
    expect([form.published, form.accepting]).toEqual([true, true]);
  });

  it("without the start's word (Re-render), a form unpublished by hand since is published again and opened", () => {
    const google = world();
    const { formId } = setUpForm(google);
    const form = google.forms.get(formId)!;
    form.published = false;
    execution(google, (forms) => forms.startAccepting(formId));
    expect([form.published, form.accepting]).toEqual([true, true]);
  });
});

const text = (questionId: string, title: string): FormItemSpec => ({
  questionId,
  title,
  help: `${title}: a word`,
  kind: 'text',
  required: true,
});
const choice = (questionId: string, title: string): FormItemSpec => ({
  questionId,
  title,
  help: `${title}: one of them`,
  kind: 'choice',
  choices: ['Yes', 'No'],
  required: false,
});
const specOf = (items: FormItemSpec[]): FormSpec => ({
  phase: 'p',
  title: "Ann's answers",
  description: 'A phase.',
  accepting: true,
  closedMessage: 'Closed.',
  items,
});

/** What forms-sync.ts tells the port: which parts of the form (showing `shown`) show `wanted` already. */
function partsBetween(shown: FormSpec, wanted: FormSpec): FormParts {
  const parts = (old: FormItemSpec, want: FormItemSpec | undefined): ItemParts => ({
    kind: old.kind,
    title: old.title === want?.title,
    help: old.help === want?.help,
    required: old.required === want?.required,
    choices: JSON.stringify(old.choices ?? []) === JSON.stringify(want?.choices ?? []),
    validation: old.validation === want?.validation,
  });
  return {
    title: shown.title === wanted.title,
    description: shown.description === wanted.description,
    closedMessage: shown.closedMessage === wanted.closedMessage,
    items: shown.items.map((old, i) => parts(old, wanted.items[i])),
    across: shown.items.map((old) => wanted.items.map((want) => parts(old, want))),
  };
}

/** A form set up and showing `first`; then shown `next`: the calls that took, and the item map. */
function change(first: FormItemSpec[], next: FormItemSpec[]) {
  const google = world();
  const { formId } = setUpForm(google);
  const from = specOf(first);
  const to = specOf(next);
  const map = execution(google, (forms) => forms.show(formId, from, {})).result;
  const before = google.forms.get(formId)!.items.map((i) => i.id);
  const changed = execution(google, (forms) => forms.show(formId, to, map, partsBetween(from, to)));
  return { google, formId, before, map: changed.result, calls: changed.calls, to };
}

describe('changing the items for the next phase', () => {
  it('an item of another kind in the middle goes; the items around it are kept, as they are', () => {
    const { google, formId, before, map, calls } = change(
      [text('a', 'First'), text('b', 'Second'), choice('c', 'Third')],
      [text('a', 'First'), choice('c', 'Third')],
    );
    expect(calls).toEqual(['FormApp.openById', 'Form.getItems', 'Form.deleteItem']);
    const items = google.forms.get(formId)!.items;
    expect(items.map((i) => i.id)).toEqual([before[0], before[2]]);
    expect(map).toEqual({ [before[0]]: 'a', [before[2]]: 'c' });
  });

  it('a new item that belongs before a kept one is made at the end and moved into place (each move a call)', () => {
    const { google, formId, before, map, calls, to } = change(
      [text('a', 'First')],
      [choice('z', 'Opening'), text('a', 'First')],
    );
    expect(calls.filter((c) => c === 'Form.deleteItem')).toEqual([]);
    expect(calls.filter((c) => c === 'Form.moveItem')).toHaveLength(1);
    const form = google.forms.get(formId)!;
    expect(form.items.map((i) => [i.title, i.kind])).toEqual([
      ['Opening', 'MULTIPLE_CHOICE'],
      ['First', 'TEXT'],
    ]);
    expect(form.items[1].id).toBe(before[0]);
    // Answers map back by question id, whatever the order.
    form.accepting = true;
    google.submitForm(formId, PLAYER, { Opening: 'Yes', First: 'word' });
    const [response] = execution(google, (forms) => forms.responses(formId)).result;
    expect(Object.fromEntries(Object.entries(response.items).map(([id, v]) => [map[id], v]))).toEqual({
      z: 'Yes',
      a: 'word',
    });
    // And the next change, on items no longer in the order they were made, is in place still.
    const again = specOf([{ ...to.items[0], help: 'Another help' }, to.items[1]]);
    const { calls: next } = execution(google, (forms) => forms.show(formId, again, map, partsBetween(to, again)));
    expect(next).toEqual(['FormApp.openById', 'Form.getItems', 'FormItem.setHelpText']);
  });

  it('items of kinds the next phase has none of are all made again', () => {
    const { google, formId, calls } = change([text('a', 'First')], [choice('b', 'Only')]);
    expect(calls.filter((c) => c === 'Form.deleteItem')).toHaveLength(1);
    expect(calls).toContain('Form.addMultipleChoiceItem');
    expect(google.forms.get(formId)!.items.map((i) => i.title)).toEqual(['Only']);
  });
});
