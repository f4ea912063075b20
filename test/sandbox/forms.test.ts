// The add-on's Forms port (src/addon/forms.ts) on the sandbox's FormApp fake, call by call: every
// call to Forms is a round trip (test/reliability/cost.ts), so a form's change of phase makes only
// the calls it needs, and the form ends up showing and doing what was asked all the same.
import { describe, expect, it } from 'vitest';
import { AppsScriptForms } from '../../src/addon/forms.js';
import type { FormProtection } from '../../src/triggers/ports.js';
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
