// The Forms and Files ports on the REST APIs (src/node/rest-forms.ts, files.ts), over real HTTP against
// the loopback server (test/http/workspace-server.ts, backed by the sandbox's forms and Drive), in
// a child process (test/http/ports-child.ts): what the add-on's ports do on Apps Script, with the
// same fallbacks and notes, and nothing lost or made twice when every call fails once.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormSpec } from '../../src/forms/index.js';
import { type GoogleOptions, publishedLinkOf } from '../sandbox/services.js';
import { ACCOUNT, LoopbackGoogle, type ServerOptions } from './google-server.js';

const root = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'gh-rest-ports-'));
const PLAYER = 'ada@example.com';

type Step = { port: 'forms' | 'files'; method: string; args: unknown[] };
type Answer = { value?: unknown; error?: string; counts?: Record<string, number> };

/** Runs `steps` through the ports in a child process against `google`; each step's answer, and the calls made. */
function runPorts(
  google: LoopbackGoogle,
  hostId: string,
  steps: Step[],
): Promise<{ answers: Answer[]; counts: Record<string, number>; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/tsx/dist/cli.mjs'), join(__dirname, 'ports-child.ts')],
      {
        cwd: root,
        env: {
          ...process.env,
          HOME: dir,
          METADATA_SERVER_DETECTION: 'none',
          GENIUS_HOST_GOOGLE_ROOT_URL: google.rootUrl,
          GENIUS_HOST_GOOGLE_RETRY_MS: '5',
          GENIUS_HOST_GOOGLE_TIMEOUT_MS: '1500',
          GOOGLE_APPLICATION_CREDENTIALS: google.writeKeyFile(join(dir, `key-${new URL(google.rootUrl).port}.json`)),
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const lines = stdout
        .trim()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Answer);
      const last = lines.pop();
      resolve({ answers: lines, counts: last?.counts ?? {}, stderr });
    });
    child.stdin.end(JSON.stringify({ hostId, steps }));
  });
}

async function server(options: ServerOptions = {}, world: Partial<GoogleOptions> = {}): Promise<LoopbackGoogle> {
  const google = new LoopbackGoogle({ ...options, world });
  await google.start();
  google.addSpreadsheet('1HostSpreadsheet');
  return google;
}

const SPEC: FormSpec = {
  phase: 'step-1',
  title: "Pasture: Ada's answers",
  description: 'Round 1: where your sheep go.',
  accepting: true,
  closedMessage: 'Closed until round 2.',
  items: [
    {
      questionId: 'move',
      title: 'Your move',
      help: 'A cell such as B4',
      kind: 'text',
      required: true,
      validation: '(?i)^(?:[A-H][1-8])$',
    },
    {
      questionId: 'field',
      title: 'Pasture',
      help: 'One of them',
      kind: 'choice',
      choices: ['North', 'South'],
      required: false,
    },
    {
      questionId: 'marks',
      title: 'Marks',
      help: 'Any of them',
      kind: 'multi',
      choices: ['x', 'y', 'z'],
      required: false,
    },
  ],
};

/** Creates a form and sets it up for PLAYER; the form's id. */
const setUpSteps = (): Step[] => [
  { port: 'forms', method: 'create', args: ["Pasture: Ada's answers"] },
  { port: 'forms', method: 'setUp', args: ['$form', '1HostSpreadsheet', PLAYER] },
];

/** Runs a first script that makes a form, then a second with `$form` replaced by its id. */
async function withForm(google: LoopbackGoogle, then: Step[]) {
  const first = await runPorts(google, '1HostSpreadsheet', [setUpSteps()[0]]);
  if (!first.answers[0]?.value) throw new Error(`no form made: ${JSON.stringify(first)}`);
  const formId = (first.answers[0].value as { id: string }).id;
  const steps = [setUpSteps()[1], ...then].map((s) => ({
    ...s,
    args: s.args.map((a) => (a === '$form' ? formId : a)),
  }));
  return { formId, ...(await runPorts(google, '1HostSpreadsheet', steps)) };
}

describe.concurrent('the Forms port on Forms API v1 and Drive API v3', () => {
  let google: LoopbackGoogle;
  beforeAll(async () => (google = await server()));
  afterAll(() => google.close());

  it('makes a form unpublished, publishes it closed to the player only with verified emails, shows a phase, opens it and reads what the player sent', async () => {
    const { formId, answers, stderr } = await withForm(google, [
      { port: 'forms', method: 'show', args: ['$form', SPEC, {}] },
      { port: 'forms', method: 'startAccepting', args: ['$form'] },
    ]);
    expect(stderr).toBe('');
    expect(answers[0].value).toEqual({ published: true, responders: 'player', emails: 'verified', notes: [] });
    const form = google.workspace.world.forms.get(formId);
    if (!form) throw new Error('no form');
    expect(form.published && form.accepting).toBe(true);
    expect(form.title).toBe(SPEC.title);
    expect(form.description).toBe(SPEC.description);
    expect(form.items.map((i) => [i.kind, i.title, i.help, i.required, i.choices])).toEqual([
      ['TEXT', 'Your move', 'A cell such as B4', true, []],
      ['MULTIPLE_CHOICE', 'Pasture', 'One of them', false, ['North', 'South']],
      ['CHECKBOX', 'Marks', 'Any of them', false, ['x', 'y', 'z']],
    ]);
    // Only the player's account may answer; the address Forms records is the signed-in one.
    expect(() => google.workspace.world.submitForm(formId, 'eve@example.com', { 'Your move': 'B4' })).toThrow(
      /not among the responders/,
    );
    google.workspace.world.submitForm(
      formId,
      PLAYER,
      { 'Your move': 'B4', Pasture: 'North', Marks: ['y'] },
      'someone-else@example.com',
    );
    const map = answers[1].value as Record<string, string>;
    expect(Object.values(map)).toEqual(['move', 'field', 'marks']);
    const read = await runPorts(google, '1HostSpreadsheet', [{ port: 'forms', method: 'responses', args: [formId] }]);
    const [response] = read.answers[0].value as { email: string; items: Record<string, unknown> }[];
    expect(response.email).toBe(PLAYER);
    // Keyed by the map's ids: a checkbox answer is a list even with one tick.
    expect(Object.fromEntries(Object.entries(response.items).map(([id, v]) => [map[id], v]))).toEqual({
      move: 'B4',
      field: 'North',
      marks: ['y'],
    });
  });

  it('changes only what differs in place, closes without unpublishing, and reads responses after a time', async () => {
    const { formId, answers } = await withForm(google, [{ port: 'forms', method: 'show', args: ['$form', SPEC, {}] }]);
    const map = answers[1].value as Record<string, string>;
    const same = {
      title: true,
      description: true,
      closedMessage: true,
      items: SPEC.items.map((i) => ({
        kind: i.kind,
        title: true,
        help: true,
        required: true,
        choices: true,
        validation: true,
      })),
    };
    const changed: FormSpec = {
      ...SPEC,
      items: SPEC.items.map((i) => (i.questionId === 'field' ? { ...i, choices: ['East', 'West'] } : i)),
    };
    const parts = { ...same, items: same.items.map((p, i) => (i === 1 ? { ...p, choices: false } : p)) };
    const second = await runPorts(google, '1HostSpreadsheet', [
      { port: 'forms', method: 'show', args: [formId, changed, map, parts] },
      { port: 'forms', method: 'startAccepting', args: [formId] },
    ]);
    expect(second.answers[0].value).toEqual(map);
    // One read of the items, one batchUpdate with the one change.
    expect(second.counts).toEqual({ getForm: 1, updateForm: 1, setPublishState: 1 });
    const form = google.workspace.world.forms.get(formId);
    if (!form) throw new Error('no form');
    expect(form.items[1].choices).toEqual(['East', 'West']);
    google.workspace.world.clock.set('2026-11-24T10:00:00Z');
    google.workspace.world.submitForm(formId, PLAYER, { 'Your move': 'A1' });
    google.workspace.world.clock.set('2026-11-24T11:00:00Z');
    google.workspace.world.submitForm(formId, PLAYER, { 'Your move': 'C3' });
    const third = await runPorts(google, '1HostSpreadsheet', [
      { port: 'forms', method: 'responses', args: [formId, '2026-11-24T10:30:00.000Z'] },
      { port: 'forms', method: 'stopAccepting', args: [formId, 'Closed.'] },
    ]);
    expect((third.answers[0].value as { at: string }[]).map((r) => r.at)).toEqual(['2026-11-24T11:00:00.000Z']);
    expect(form.published).toBe(true);
    expect(form.accepting).toBe(false);
  });
});

describe.concurrent('refusals: the same fallbacks and notes as the add-on', () => {
  it('a domain that refuses named responders and verified emails: anyone with the link, typed addresses, each said', async () => {
    const google = await server({}, { refuseResponderRestriction: true, refuseVerifiedEmails: true });
    const { answers } = await withForm(google, []);
    const protection = answers[0].value as { responders: string; emails: string; notes: string[] };
    expect(protection.responders).toBe('anyone');
    expect(protection.emails).toBe('responder-input');
    expect(protection.notes).toEqual([
      expect.stringMatching(
        /^Forms refused to open ada@example.com's form to their account only \(Responders cannot be restricted to named people for this form\); anyone with its link/,
      ),
      expect.stringMatching(
        /^Forms records the address the sender types on ada@example.com's form, not a verified one \(verified collection was refused: /,
      ),
    ]);
    await google.close();
  });

  it('a form that publishing opened to anyone with the link is narrowed to the player: the wider responder is listed and removed', async () => {
    const google = await server({}, { publishOpensToAnyone: true });
    const { formId, answers } = await withForm(google, []);
    expect(answers[0].value).toEqual({ published: true, responders: 'player', emails: 'verified', notes: [] });
    const responders = google.workspace.world.files.get(formId)?.permissions.filter((p) => p.view === 'published');
    expect(responders).toEqual([expect.objectContaining({ type: 'user', emailAddress: PLAYER })]);
    await google.close();
  });

  it('link sharing refused too: nobody but the host can open the form', async () => {
    const google = await server({}, { refuseResponderRestriction: true, refuseLinkSharing: true });
    const { answers } = await withForm(google, []);
    const protection = answers[0].value as { responders: string; notes: string[] };
    expect(protection.responders).toBe('none');
    expect(protection.notes[0]).toMatch(
      /and to anyone with the link \(The domain administrators have disabled sharing with anyone who has the link\): nobody but you can open it/,
    );
    await google.close();
  });

  it('sharing: writers cannot share on, the sharing email carries the message, a refused share is an answer, publishing falls back to the link', async () => {
    const google = await server(
      {},
      { refuseSharingWith: ['bob@corp.example'], refusePublishing: true, accounts: ['Ada.Lovelace@gmail.com'] },
    );
    const first = await runPorts(google, '1HostSpreadsheet', [
      { port: 'files', method: 'create', args: ['Pasture: the match (public)'] },
    ]);
    const made = first.answers[0].value as { id: string };
    const { answers } = await runPorts(google, '1HostSpreadsheet', [
      {
        port: 'files',
        method: 'share',
        args: [made.id, 'adalovelace@gmail.com', 'writer', 'Your row is on the tab Answers.'],
      },
      { port: 'files', method: 'share', args: [made.id, 'bob@corp.example', 'reader', 'Hello'] },
      { port: 'files', method: 'sharedWith', args: [made.id] },
      { port: 'files', method: 'publish', args: [made.id] },
    ]);
    expect(answers[0].value).toEqual({ account: 'Ada.Lovelace@gmail.com' });
    expect(answers[1].value).toEqual({
      refused: "Sharing with bob@corp.example is not allowed by your organization's policy",
    });
    expect(answers[2].value).toEqual([ACCOUNT, 'Ada.Lovelace@gmail.com']);
    expect(answers[3].value).toEqual({
      url: `https://docs.google.com/spreadsheets/d/${made.id}/view`,
      published: false,
      note: 'Publishing to the web was refused (Publishing is disabled by your administrator); the sheet is shared as "anyone with the link can view" instead. Post that link.',
    });
    const world = google.workspace.world;
    expect(world.files.get(made.id)?.writersCanShare).toBe(false);
    expect(world.sharingEmails).toEqual([
      { fileId: made.id, email: 'adalovelace@gmail.com', message: 'Your row is on the tab Answers.' },
    ]);
    await google.close();
  });
});

describe.concurrent('every call failing once: nothing lost, nothing made twice', () => {
  it('429 then 500 on every call: one form, set up, shown and opened; one sheet, shared and published', async () => {
    const google = await server({ failEachCallWith: [429, 500] });
    const { formId, answers, stderr } = await withForm(google, [
      { port: 'forms', method: 'show', args: ['$form', SPEC, {}] },
      { port: 'forms', method: 'startAccepting', args: ['$form'] },
      { port: 'files', method: 'create', args: ["Pasture: Ada's sheet (private)"] },
    ]);
    expect(stderr).toBe('');
    expect(answers.map((a) => a.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(answers[0].value).toEqual({ published: true, responders: 'player', emails: 'verified', notes: [] });
    const world = google.workspace.world;
    expect([...world.forms.keys()]).toEqual([formId]);
    expect(world.forms.get(formId)?.items).toHaveLength(3);
    expect(world.files.get(formId)?.permissions.filter((p) => p.view === 'published')).toHaveLength(1);
    const sheetId = (answers[3].value as { id: string }).id;
    const { answers: shared } = await runPorts(google, '1HostSpreadsheet', [
      { port: 'files', method: 'share', args: [sheetId, PLAYER, 'reader', 'Your sheet'] },
      { port: 'files', method: 'publish', args: [sheetId] },
    ]);
    expect(shared.map((a) => a.error)).toEqual([undefined, undefined]);
    // The spectators' link as Drive gives it for the published revision (Revision.publishedLink).
    expect(shared[1].value).toEqual({ url: publishedLinkOf(sheetId), published: true });
    expect(
      [...world.sheets.values()].filter((s) => s.title === "Pasture: Ada's sheet (private)").map((s) => s.id),
    ).toEqual([sheetId]);
    expect(world.sharingEmails.filter((e) => e.fileId === sheetId)).toHaveLength(1);
    expect(world.files.get(sheetId)?.published).toBe(true);
    await google.close();
  }, 60_000);

  // Up to 1.5 minutes, not the default minute: every call over HTTP is answered 2.5 s late, after the client's time-out, and tried again, on 2 busy cores.
  it('each call carried out but answered after the time-out, then tried again: one form, one sheet, the same shares', async () => {
    const google = await server({ slowFirstTryMs: 2500 });
    const first = await runPorts(google, '1HostSpreadsheet', [
      { port: 'forms', method: 'create', args: ["Pasture: Ada's answers"] },
      { port: 'files', method: 'create', args: ['Pasture: the match (public)'] },
    ]);
    const formId = (first.answers[0].value as { id: string }).id;
    const sheetId = (first.answers[1].value as { id: string }).id;
    // The creates were not made again: Drive found what the timed-out try had made.
    expect([...google.workspace.world.forms.keys()]).toEqual([formId]);
    expect(
      [...google.workspace.world.sheets.values()]
        .filter((f) => f.title === 'Pasture: the match (public)')
        .map((f) => f.id),
    ).toEqual([sheetId]);
    const { answers, stderr } = await runPorts(google, '1HostSpreadsheet', [
      { port: 'forms', method: 'setUp', args: [formId, '1HostSpreadsheet', PLAYER] },
      { port: 'forms', method: 'show', args: [formId, SPEC, {}] },
      { port: 'forms', method: 'startAccepting', args: [formId] },
      { port: 'files', method: 'share', args: [sheetId, PLAYER, 'writer', 'Your row'] },
      { port: 'files', method: 'publish', args: [sheetId] },
    ]);
    expect(stderr).toBe('');
    expect(answers.map((a) => a.error)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(answers[0].value).toEqual({ published: true, responders: 'player', emails: 'verified', notes: [] });
    const world = google.workspace.world;
    // The batchUpdate that made the items took effect, its retry was refused as made against an
    // older revision, and the form was read and its items made again: three, as the map says.
    const form = world.forms.get(formId);
    if (!form) throw new Error('no form');
    expect(form.published && form.accepting).toBe(true);
    expect(form.items.map((i) => i.title)).toEqual(['Your move', 'Pasture', 'Marks']);
    const map = answers[1].value as Record<string, string>;
    expect(Object.values(map)).toEqual(['move', 'field', 'marks']);
    expect(world.files.get(formId)?.permissions.filter((p) => p.view === 'published')).toHaveLength(1);
    expect(world.files.get(sheetId)?.permissions.filter((p) => p.emailAddress === PLAYER)).toHaveLength(1);
    expect(world.files.get(sheetId)?.published).toBe(true);
    await google.close();
  }, 90_000);
});
