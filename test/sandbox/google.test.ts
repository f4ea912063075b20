// Today's Google, as the fakes hold it (each behaviour's document is named where the fake models it,
// test/sandbox/services.ts, and in docs/google.md): forms that start unpublished and open to named
// accounts only, verified or typed emails, refusals of publishing and link sharing, first tabs
// named in the owner's language, the daily quotas and the six-minute limit. And what the add-on
// does about each: Start that survives every refusal without a second copy of anything, Check
// this account… that reports what is refused and cleans up after itself.
import { expectMatchTriggers } from './whole-match.js';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { RESPONSES_MARGIN_MS, responsesSince } from '../../src/triggers/answers/form-responses.js';
import type { MatchFile } from '../../src/engine/index.js';
import { HOST, Table, logOf } from './players.js';
import { Sandbox } from './sandbox.js';
import { FormError, type GoogleOptions, QUOTAS, accountOf } from './services.js';
import { PLAYERS, SANDBOX_GAME, calmMinutes } from '../helpers/sandbox-game.js';

const START = '2026-11-21T18:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();
const SETUP = {
  game: SANDBOX_GAME.id,
  players: PLAYERS,
  startAt: START,
  timeZone: 'Europe/London',
  minutes: calmMinutes(),
  deadlines: {},
};

function table(options: Partial<Omit<GoogleOptions, 'dist'>> = {}): Table {
  const t = new Table(
    SANDBOX_GAME.id,
    PLAYERS.map((p) => p.email),
    undefined,
    '2026-11-21T17:00:00.000Z',
  );
  Object.assign(t.google.options, options);
  return t;
}

/** Files the script made, by kind. */
const made = (t: Table) =>
  [...t.google.files.values()]
    .filter((f) => f.byScript)
    .map((f) => f.kind)
    .sort();

describe('Start survives every refusal', () => {
  it('publishing and link sharing both refused, Start pressed three times: exactly one set of files, and the host is told', () => {
    const t = table({ refusePublishing: true, refuseLinkSharing: true });
    const answers = [t.startMatch(SETUP), t.startMatch(SETUP), t.startMatch(SETUP)] as {
      ok: boolean;
      links?: { warnings: string[]; published: boolean };
    }[];
    for (const answer of answers) expect(answer.ok).toBe(true);
    // One shared sheet, one form and one private sheet per player; nothing more.
    expect(made(t)).toEqual([...Array(4).fill('form'), ...Array(5).fill('spreadsheet')].sort());
    expectMatchTriggers(t.google.triggers);
    expect(t.google.sharingEmails).toHaveLength(8);
    const shared = t.google.files.get(t.sharedId())!;
    expect(shared.published).toBe(false);
    expect(shared.permissions.some((p) => p.type === 'anyone')).toBe(false);
    // The sidebar's answer and the Links tab say so.
    expect(answers[0].links!.published).toBe(false);
    expect(answers[0].links!.warnings.join('\n')).toMatch(
      /Publishing to the web was refused[^]*and so was sharing with anyone who has the link[^]*spectators cannot open the shared sheet/,
    );
    const linksTab = t.google.host
      .sheet('Links')
      .cells.flat()
      .map((c) => c?.userEnteredValue?.stringValue ?? '')
      .join('\n');
    expect(linksTab).toMatch(/spectators cannot open the shared sheet/);
  });

  it('a share the domain refuses is a warning naming the player and the file, not a Start that never finishes', () => {
    const t = table({ refuseSharingWith: ['cara@example.com'] });
    const answers = [t.startMatch(SETUP), t.startMatch(SETUP)] as { ok: boolean; links?: { warnings: string[] } }[];
    for (const answer of answers) expect(answer.ok).toBe(true);
    expect(made(t)).toEqual([...Array(4).fill('form'), ...Array(5).fill('spreadsheet')].sort());
    // Everyone else is shared with; Cara with nothing, and the host knows what to do.
    expect(t.google.sharingEmails.filter((e) => e.email === 'cara@example.com')).toEqual([]);
    expect(t.google.sharingEmails).toHaveLength(6);
    const warnings = answers[1].links!.warnings.join('\n');
    expect(warnings).toMatch(
      /Drive refused to share Cara's private sheet with cara@example\.com \(Sharing with cara@example\.com is not allowed by your organization's policy\): Cara cannot open it/,
    );
    expect(warnings).toMatch(/Drive refused to share the shared sheet with cara@example\.com/);
    const linksTab = t.google.host
      .sheet('Links')
      .cells.flat()
      .map((c) => c?.userEnteredValue?.stringValue ?? '')
      .join('\n');
    expect(linksTab).toMatch(/Share it with their account by hand/);
  });

  it('a start stopped after the shared sheet was made goes on with that sheet when pressed again, and makes no other', () => {
    const t = table();
    // The first press stops at its first Forms call: the shared sheet exists, published and recorded.
    t.google.onCall = (call) => {
      if (call.name === 'FormApp.create') {
        t.google.onCall = null;
        throw new Error('Exception: Service Forms timed out');
      }
    };
    const first = t.run('startMatch', SETUP) as { ok: boolean; errors?: { message: string }[] };
    expect(first.ok).toBe(false);
    expect(first.errors![0].message).toMatch(/Press Start the match again/);
    expect(made(t)).toEqual(['spreadsheet']);
    const shared = t.sharedId();
    expect(t.startMatch(SETUP).ok).toBe(true);
    expect(t.sharedId()).toBe(shared);
    expect(made(t).filter((k) => k === 'spreadsheet')).toHaveLength(5);
    expect(t.google.files.get(shared)!.published).toBe(true);
  });
});

describe('forms as Forms makes them today', () => {
  it("every form is published, closed until its phase opens, open to its player's account only, with verified emails", () => {
    const t = table();
    expect(t.startMatch(SETUP).ok).toBe(true);
    const match = logOf(t.sandbox);
    for (const player of match.players) {
      const form = t.google.forms.get(player.form!)!;
      expect(form.published).toBe(true);
      expect(form.accepting).toBe(false);
      expect(form.emailCollection).toBe('VERIFIED');
      const responders = t.google.files.get(form.id)!.permissions.filter((p) => p.view === 'published');
      expect(responders).toEqual([
        expect.objectContaining({ type: 'user', role: 'reader', emailAddress: player.email }),
      ]);
    }
    // The player's account, however its address is capitalised, and no other.
    const fake = t.google.forms.get(match.players[0].form!)!;
    expect(t.google.mayRespond(fake, 'ANN@Example.com')).toBe(true);
    expect(t.google.mayRespond(fake, 'ben@example.com')).toBe(false);
    // A Gmail address written with other dots and case, or as googlemail.com, is one account.
    expect(accountOf('A.N.N@GoogleMail.com')).toBe(accountOf('ann@gmail.com'));
    expect(accountOf('a.nn@example.com')).not.toBe(accountOf('ann@example.com'));
  });

  it('a form that publishing opened to anyone with the link is narrowed to its player: the wider responder is removed', () => {
    const t = table({ publishOpensToAnyone: true });
    expect(t.startMatch(SETUP).ok).toBe(true);
    const match = logOf(t.sandbox);
    for (const player of match.players) {
      const responders = t.google.files.get(player.form!)!.permissions.filter((p) => p.view === 'published');
      expect(responders).toEqual([expect.objectContaining({ type: 'user', emailAddress: player.email })]);
      expect(t.google.mayRespond(t.google.forms.get(player.form!)!, 'stranger@example.com')).toBe(false);
    }
  });

  it('an unpublished form does not accept responses, even when told to without a word, and refuses answers', () => {
    const sandbox = new Sandbox({ owner: HOST, start: START });
    const formId = vm.runInContext('FormApp.create("x").getId()', sandbox.context) as string;
    const form = sandbox.google.forms.get(formId)!;
    expect(form.published).toBe(false);
    expect(form.accepting).toBe(false);
    vm.runInContext(`FormApp.openById("${formId}").setAcceptingResponses(true)`, sandbox.context);
    expect(form.accepting).toBe(false);
    expect(() => sandbox.google.submitForm(formId, HOST, {})).toThrow(FormError);
    vm.runInContext(`FormApp.openById("${formId}").setPublished(true)`, sandbox.context);
    expect(form.accepting).toBe(true);
  });

  it('responder input records what was typed; verified records the account', () => {
    const t = table({ refuseVerifiedEmails: true });
    const answer = t.startMatch(SETUP) as { ok: boolean; links: { warnings: string[] } };
    expect(answer.ok).toBe(true);
    expect(answer.links.warnings.join('\n')).toMatch(
      /Ann: Forms records the address the sender types on ann@example\.com's form, not a verified one[^]*Only ann@example\.com's account can open the form/,
    );
    const p1 = logOf(t.sandbox).players[0];
    const form = t.google.forms.get(p1.form!)!;
    expect(form.emailCollection).toBe('RESPONDER_INPUT');
    form.published = true;
    form.accepting = true;
    form.items = [];
    expect(t.google.submitForm(form.id, 'ann@example.com', {}, 'someone-else@example.com').email).toBe(
      'someone-else@example.com',
    );
    form.emailCollection = 'VERIFIED';
    expect(t.google.submitForm(form.id, 'ann@example.com', {}, 'someone-else@example.com').email).toBe(
      'ann@example.com',
    );
  });

  it('legacy forms (no publish state) open at their phase as before, and the host is told they are open to anyone with the link', () => {
    const t = table({ legacyForms: true });
    const answer = t.startMatch(SETUP) as { ok: boolean; links: { warnings: string[] } };
    expect(answer.ok).toBe(true);
    expect(answer.links.warnings.join('\n')).toMatch(/legacy form/);
    t.google.clock.set(at(31));
    t.fire('CLOCK');
    const p1 = logOf(t.sandbox).players[0];
    expect(t.google.forms.get(p1.form!)!.accepting).toBe(true);
  });

  it('a form whose publishing was refused at the start is published when its phase opens', () => {
    const t = table();
    t.google.onCall = (call) => {
      if (call.name === 'Form.setPublished') throw new Error('Exception: We are sorry, a server error occurred');
    };
    const answer = t.startMatch(SETUP) as { ok: boolean; links: { warnings: string[] } };
    t.google.onCall = null;
    expect(answer.ok).toBe(true);
    expect(answer.links.warnings.join('\n')).toMatch(/Forms refused to publish ann@example\.com's form/);
    const p1 = logOf(t.sandbox).players[0];
    expect(t.google.forms.get(p1.form!)!.published).toBe(false);
    t.google.clock.set(at(31));
    t.fire('CLOCK');
    expect(t.google.forms.get(p1.form!)).toMatchObject({ published: true, accepting: true });
  });

  it('a form the start published opens at its phase with one call (no publish state read); Re-render reads it again', () => {
    const t = table();
    expect(t.startMatch(SETUP).ok).toBe(true);
    const since = t.google.executions.length;
    t.google.clock.set(at(31));
    t.fire('CLOCK');
    const opening = t.google.executions.slice(since).flatMap((e) => e.calls.map((c) => c.name));
    const publishReads = (calls: string[]) =>
      calls.filter((c) => /^Form\.(isPublished|supportsAdvancedResponderPermissions)$/.test(c));
    expect(opening.filter((c) => c === 'Form.setAcceptingResponses')).toHaveLength(PLAYERS.length);
    expect(publishReads(opening)).toEqual([]);
    const p1 = logOf(t.sandbox).players[0];
    expect(t.google.forms.get(p1.form!)!.accepting).toBe(true);
    // Unpublished by hand in the Forms editor: only Re-render, which trusts nothing, puts it right.
    t.google.forms.get(p1.form!)!.published = false;
    const rerender = t.google.executions.length;
    t.run('rerender');
    const again = t.google.executions.slice(rerender).flatMap((e) => e.calls.map((c) => c.name));
    expect(publishReads(again).length).toBeGreaterThan(0);
    expect(t.google.forms.get(p1.form!)).toMatchObject({ published: true, accepting: true });
  });

  it('responses are read incrementally: since the newest logged one less a margin', () => {
    const match = {
      submissions: [
        { phase: 'p', player: 'p1', at: at(10), answers: {}, via: 'form', form: 'F1', response: 'r1' },
        { phase: 'p', player: 'p1', at: at(20), answers: {}, via: 'form', form: 'F1', response: 'r2' },
        { phase: 'p', player: 'p2', at: at(30), answers: {}, via: 'form', form: 'F2', response: 'r3' },
      ],
    } as unknown as MatchFile;
    expect(responsesSince(match, 'F1')).toBe(new Date(Date.parse(at(20)) - RESPONSES_MARGIN_MS).toISOString());
    expect(responsesSince(match, 'F3')).toBeUndefined();
    // The fake honours the timestamp: only responses after it.
    const t = table();
    expect(t.startMatch(SETUP).ok).toBe(true);
    const formId = logOf(t.sandbox).players[0].form!;
    const form = t.google.forms.get(formId)!;
    form.accepting = true;
    form.items = [];
    t.google.clock.set(at(1));
    t.google.submitForm(formId, 'ann@example.com', {});
    t.google.clock.set(at(2));
    t.google.submitForm(formId, 'ann@example.com', {});
    const count = (since: string) =>
      vm.runInContext(`FormApp.openById("${formId}").getResponses(new Date("${since}")).length`, t.sandbox.context);
    expect(count(at(0))).toBe(2);
    expect(count(at(1))).toBe(1);
  });
});

describe('spreadsheets', () => {
  it("a new spreadsheet's first tab named in another language is dropped by its id; players cannot share the shared sheet on", () => {
    const t = table({ firstTabName: 'Feuille 1' });
    expect(t.startMatch(SETUP).ok).toBe(true);
    t.google.clock.set(at(1));
    t.fire('CLOCK');
    for (const file of t.google.sheets.values()) {
      if (file.id === t.google.host.id) continue;
      expect(file.workbook.tabs.map((tab) => tab.title)).not.toContain('Feuille 1');
    }
    const shared = t.google.files.get(t.sharedId())!;
    expect(shared.writersCanShare).toBe(false);
    expect(() => t.google.shareAs(t.sharedId(), 'ann@example.com', 'stranger@example.com')).toThrow(
      /only the owner can change its sharing/,
    );
  });

  it('Drive takes sendNotificationEmail for a user only: on anyone with the link it is refused, even false', () => {
    const t = table();
    expect(t.startMatch(SETUP).ok).toBe(true);
    const create = (type: string, notify?: boolean) =>
      vm.runInContext(
        `Drive.Permissions.create({ role: 'reader', type: '${type}'${type === 'user' ? ", emailAddress: 'eve@example.com'" : ''} }, "${t.sharedId()}"${notify === undefined ? '' : `, { sendNotificationEmail: ${notify} }`})`,
        t.sandbox.context,
      );
    expect(() => create('anyone', false)).toThrow(
      /sendNotificationEmail is not allowed for a permission of type "?anyone"?/,
    );
    expect(() => create('anyone', true)).toThrow(/sendNotificationEmail is not allowed/);
    expect(() => create('anyone')).not.toThrow();
    expect(() => create('user', false)).not.toThrow();
  });

  it("the sidebar's default time zone is the host spreadsheet's, not the script's", () => {
    const sandbox = new Sandbox({
      owner: HOST,
      start: START,
      timeZone: 'Asia/Tokyo',
      scriptTimeZone: 'America/New_York',
    });
    expect(sandbox.call<{ timeZone: string }>('newMatchDefaults').timeZone).toBe('Asia/Tokyo');
  });

  it('a missing advanced service gives the host a message that says how to turn it on', () => {
    const sandbox = new Sandbox({ owner: HOST, start: START });
    delete (sandbox.context as Record<string, unknown>).Sheets;
    const answer = sandbox.call<{ ok: boolean; errors: { message: string }[] }>('startMatch', SETUP);
    expect(answer.ok).toBe(false);
    expect(answer.errors[0].message).toMatch(
      /not turned on the Google Sheets API[^]*Extensions → Apps Script[^]*Next to Services, click Add a service \(\+\), choose Google Sheets API, and click Add/,
    );
    expect(answer.errors[0].message).not.toMatch(/appsscript\.json|push/);
  });
});

describe('An advanced service whose API is off in the Cloud project', () => {
  it("Start says the editor's steps, not Google's console link", () => {
    const sandbox = new Sandbox({ owner: HOST, start: START, apisOff: ['Drive'] });
    const answer = sandbox.call<{ ok: boolean; errors: { message: string }[] }>('startMatch', SETUP);
    expect(answer.ok).toBe(false);
    expect(answer.errors[0].message).toMatch(/choose Drive API, and click Add[^]*press Start the match again/);
    expect(answer.errors[0].message).not.toMatch(/console\.developers|has not been used in project/);
  });
});

describe('triggers made inside a trigger that never fire (Issue Tracker 150756612)', () => {
  it('an account marked so (by the rehearsal or a missed wake) runs its next match on the minute trigger Start makes, and meets each deadline', () => {
    const t = table({ triggersFromTriggersDisabled: true });
    t.google.properties.set('genius-host.menu-triggers', 'the rehearsal’s wake-up set from a running check never came');
    expect(t.startMatch(SETUP).ok).toBe(true);
    t.clockTriggers();
    // Made from the host's own call (Start), so it fires: the minute trigger, no hourly one.
    expect(t.google.triggers.filter((x) => x.kind === 'CLOCK').map((x) => x.handler)).toEqual(['onMinute']);
    expect(JSON.stringify(t.google.host.sheet('Links').cells)).toMatch(/runs on a check every minute/);
    t.google.clock.set(at(1));
    for (let phase = 0; phase < 2; phase++) {
      const answered = t.answerPhase();
      if (answered === 'over' || answered === 'decided' || answered.deadline === null)
        throw new Error('a phase with a deadline is open');
      t.google.clock.set(new Date(Date.parse(answered.deadline) - 60_000).toISOString());
      t.google.clock.advance(3 * 60);
      const closed = t.state().closed.find((c) => c.phase.id === answered.phase)!;
      expect(Date.parse(closed.timing.closedAt ?? '') - Date.parse(answered.deadline)).toBeLessThanOrEqual(2 * 60_000);
    }
    // No execution made a trigger (it would never fire, and would count toward the 20).
    expect(t.google.triggers.filter((x) => x.disabled)).toEqual([]);
  });
});

describe('LockService.getDocumentLock() answering null', () => {
  it("takes the script's lock instead: the match starts and its ticks run", () => {
    // "null if called from a standalone script or add-on that is not bound to a document" (Class LockService).
    const t = table({ noDocumentLock: true });
    expect(t.startMatch(SETUP).ok).toBe(true);
    t.clockTriggers();
    t.google.clock.advance(2 * 3600);
    const ticks = t.google.executions.filter((e) => e.trigger);
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.filter((e) => e.error !== undefined).map((e) => e.error)).toEqual([]);
  });
});

describe("Apps Script's quotas and limits", () => {
  it("the day's trigger time spent, triggers stop until the quota resets; waiting counts, and a trigger does not wait for the lock", () => {
    const t = table();
    expect(t.startMatch(SETUP).ok).toBe(true);
    // A form answer's trigger finding the lock held does not wait for it (the holder, or the next
    // tick, reads its form): no wait, the ask left for the next execution.
    t.google.lockHeldElsewhere = true;
    t.fire('ON_FORM_SUBMIT');
    expect(t.google.executions.at(-1)!.lockWaitMs ?? 0).toBe(0);
    expect([...t.google.properties.keys()].some((k) => k.startsWith('gh.ask.'))).toBe(true);
    // The host's menu waits 30 s, as the host does: counted as run time (not trigger time).
    t.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
    t.run('resolveOverdueNow');
    expect(t.google.executions.at(-1)!.lockWaitMs).toBe(30_000);
    // Every form answer's trigger then runs 30 s (its first call waits that long).
    t.google.onCall = (_call, index, when) => {
      if (when === 'after' && index === 0) t.google.clock.advance(30);
    };
    const used = t.google.triggerTimeUsed();
    const runs = Math.ceil((QUOTAS.consumer.triggerMs - used) / 30_000);
    for (let i = 0; i < runs; i++) t.fire('ON_FORM_SUBMIT');
    t.google.onCall = null;
    expect(t.google.triggerTimeUsed()).toBeGreaterThanOrEqual(QUOTAS.consumer.triggerMs);
    expect(t.google.triggersRefused).toHaveLength(0);
    t.fire('CLOCK');
    expect(t.google.triggersRefused).toHaveLength(1);
    // The next day they run again.
    t.google.clock.advance(24 * 3600);
    t.google.lockHeldElsewhere = false;
    t.fire('CLOCK');
    expect(t.google.triggersRefused).toHaveLength(1);
  });

  it('the six-minute limit ends an execution, whatever the script catches', () => {
    const t = table();
    expect(t.startMatch(SETUP).ok).toBe(true);
    t.google.onCall = (_call, _i, when) => {
      if (when === 'after') t.google.clock.advance(100);
    };
    // A tick with work to do (an answer's ask woke it).
    t.google.properties.delete('gh.quiet');
    expect(() => t.fire('CLOCK')).toThrow(/Exceeded maximum execution time/);
    expect(t.google.executions.at(-1)!.killed).toMatch(/Exceeded maximum execution time/);
  });

  it('the Properties quota: once spent, every Properties call throws for the day', () => {
    const t = table();
    t.google.quotaDay.properties.start = t.google.clock.now();
    t.google.quotaDay.properties.calls = QUOTAS.consumer.properties;
    const answer = t.run('startMatch', SETUP) as { ok: boolean; errors: { message: string }[] };
    expect(answer.ok).toBe(false);
    expect(answer.errors[0].message).toMatch(/too many times for one day: properties/);
  });

  it("getProjectTriggers shows only the current user's triggers: Start leaves a co-owner's alone", () => {
    const t = table();
    t.google.triggers.push({
      id: 'theirs',
      owner: 'coowner@example.com',
      handler: 'onTick',
      kind: 'CLOCK',
      minutes: 1,
    });
    expect(t.startMatch(SETUP).ok).toBe(true);
    expectMatchTriggers(t.google.triggers.filter((x) => x.owner === HOST));
    expect(t.google.triggers.find((x) => x.id === 'theirs')).toBeDefined();
  });
});

describe('Check this account…', () => {
  it('reports each refusal the account makes, with what a match does instead, and removes what it made', () => {
    const t = table({
      refusePublishing: true,
      refuseLinkSharing: true,
      refuseResponderRestriction: true,
      refuseVerifiedEmails: true,
    });
    const report = t.run('checkThisAccount') as {
      items: { item: string; works: boolean; instead?: string }[];
      kind: string;
      dailyTriggerMinutes: number;
      games: { title: string; fits: boolean }[];
      leftovers: string[];
    };
    const state = Object.fromEntries(report.items.map((i) => [i.item, i.works]));
    expect(state).toEqual({
      'Create a spreadsheet (Sheets API)': true,
      'Read who owns it (Drive, drive.file scope)': true,
      'Publish a spreadsheet to the web': false,
      'Share a spreadsheet with anyone who has the link': false,
      'Stop writers from sharing a spreadsheet on': true,
      'Protect a range for one editor': true,
      'Create a form': true,
      'Publish a form (keep it closed until its phase)': true,
      "Open a form to one player's account only": false,
      'Collect verified email addresses (read back)': false,
      'Install and delete a trigger': true,
      'Keep small pointers (document properties)': true,
    });
    for (const item of report.items.filter((i) => !i.works)) expect(item.instead, item.item).toMatch(/\w/);
    // host@example.com is not a Gmail address, which says nothing of the kind of account (a
    // personal account can have any address): not said, so counted as personal.
    expect(report).toMatchObject({ kind: 'personal', kindSaid: false, dailyTriggerMinutes: 90, leftovers: [] });
    expect(report.games.find((g) => g.title === 'Pasture')!.fits).toBe(true);
    // Cleaned up: no file, trigger or property of the check is left.
    expect(made(t)).toEqual([]);
    expect(t.google.triggers).toEqual([]);
    expect([...t.google.properties.keys()]).toEqual([]);
    expect(t.google.ui.dialogs.at(-1)!.html).toMatch(
      /refused[^]*Google does not tell the add-on whether this is a personal or a Workspace account[^]*Every throwaway file was removed/,
    );
  });

  it("where the script's Cloud project has the Sheets API off, says step by step, in the editor's words, how to add the service", () => {
    // A copy's hidden Cloud project: nothing documented turns on there what its manifest lists.
    const t = table({ apisOff: ['Sheets'] });
    const report = t.run('checkThisAccount') as { items: { item: string; works: boolean; instead?: string }[] };
    const sheets = report.items.find((i) => i.item === 'Create a spreadsheet (Sheets API)')!;
    expect(sheets.works).toBe(false);
    expect(sheets.instead).toMatch(
      /not turned on the Google Sheets API[^]*1\. In this spreadsheet, open Extensions → Apps Script\.[^]*2\. At the left, click Editor\.[^]*Remove[^]*Next to Services, click Add a service \(\+\), choose Google Sheets API, and click Add[^]*Check this account… again/,
    );
    // In the host's words: nothing they cannot do.
    expect(sheets.instead).not.toMatch(/appsscript\.json|push|console\.developers/);
    // One advanced Drive call is still made (reading the form's responders back), and works.
    expect(report.items.find((i) => i.item === "Open a form to one player's account only")?.works).toBe(true);
    expect(made(t)).toEqual([]);
  });

  it('where the Drive API is off, says how to add the Drive service', () => {
    const t = table({ apisOff: ['Drive'] });
    const report = t.run('checkThisAccount') as { items: { item: string; works: boolean; instead?: string }[] };
    const owner = report.items.find((i) => i.item === 'Read who owns it (Drive, drive.file scope)')!;
    expect(owner.works).toBe(false);
    expect(owner.instead).toMatch(/Next to Services, click Add a service \(\+\), choose Drive API, and click Add/);
    const responders = report.items.find((i) => i.item === "Open a form to one player's account only")!;
    expect(responders.works).toBe(false);
    expect(responders.instead).toMatch(/choose Drive API, and click Add/);
  });

  it("reads the form's responders back: a form Forms opened to anyone with the link is refused, not confirmed", () => {
    // Publishing opens the form to anyone with the link (Forms' publish dialog); the check's
    // responder is the host, the form's owner, on whom addPublishedReader has no effect.
    const t = table({ publishOpensToAnyone: true });
    const report = t.run('checkThisAccount') as { items: { item: string; works: boolean; instead?: string }[] };
    const responders = report.items.find((i) => i.item === "Open a form to one player's account only")!;
    expect(responders.works).toBe(false);
    expect(responders.instead).toMatch(/anyone with the link/);
  });

  it('counts the trigger time of the kind of account the host said, and keeps it for the next matches', () => {
    const sandbox = new Sandbox({ owner: 'host@gmail.com', start: START });
    // A gmail.com address can be a Workspace account's alias, and a custom domain a personal account's:
    // only the host's word counts.
    expect(() => sandbox.call('setAccountKind', 'enterprise')).toThrow(/"personal" or "workspace", not "enterprise"/);
    sandbox.call('setAccountKind', 'workspace');
    const report = sandbox.call<{ kind: string; kindSaid: boolean; dailyTriggerMinutes: number }>('checkThisAccount');
    expect(report).toMatchObject({ kind: 'workspace', kindSaid: true, dailyTriggerMinutes: 360 });
    expect(sandbox.google.ui.dialogs.at(-1)!.html).toMatch(/You said this is a Google Workspace account: 6 hours/);
    expect(sandbox.call<{ account: string | null }>('newMatchDefaults').account).toBe('workspace');
  });

  it("on a personal account everything works, and every game at its largest fits the day's trigger time, a phase a day", () => {
    const sandbox = new Sandbox({ owner: 'host@gmail.com', start: START });
    const report = sandbox.call<{
      items: { works: boolean }[];
      kind: string;
      dailyTriggerMinutes: number;
      games: { title: string; fits: boolean; minutesPerDay: number }[];
    }>('checkThisAccount');
    expect(report.items.every((i) => i.works)).toBe(true);
    expect(report.kind).toBe('personal');
    expect(report.dailyTriggerMinutes).toBe(90);
    expect(report.games.filter((g) => !g.fits)).toEqual([]);
    // Within it, projected on the pessimistic latencies (src/triggers/google/latency.ts), as the sidebar
    // projects it; the bench measures what the sandbox spends (issue 26's targets).
    expect(Math.max(...report.games.map((g) => g.minutesPerDay))).toBeLessThanOrEqual(90);
  });
});
