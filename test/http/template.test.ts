// npm run template (scripts/template.mjs) against the loopback Google (test/http/google-server.ts):
// signed in as clasp leaves it (a .clasprc.json whose default user holds a refresh token), it makes
// the template spreadsheet with its Welcome tab, shares it with anyone who has the link, binds an
// Apps Script project to it (projects.create with parentId), sends dist/ (projects.updateContent),
// reads it back (projects.getContent) and prints the copy link. Every call passes Google's discovery
// documents, the Apps Script API's included (test/fixtures/google-discovery/script.v1.json). Wrong
// input gets one line: no sign-in, no build, the Apps Script API not turned on.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoopbackGoogle } from './google-server.js';
import { CLASP_CLIENT, USER } from './oauth-server.js';

const root = join(__dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'gh-template-'));

/** The scopes `clasp login` asks for (@google/clasp's login command), the ones the template's calls need among them. */
const CLASP_SCOPES = [
  'https://www.googleapis.com/auth/script.deployments',
  'https://www.googleapis.com/auth/script.projects',
  'https://www.googleapis.com/auth/script.webapp.deploy',
  'https://www.googleapis.com/auth/drive.metadata.readonly',
  'https://www.googleapis.com/auth/drive.file',
  'https://www.googleapis.com/auth/service.management',
  'https://www.googleapis.com/auth/logging.read',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
  'https://www.googleapis.com/auth/cloud-platform',
].join(' ');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the command as a child process (the server answers meanwhile, in this one). */
function template(env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, [join(root, 'scripts/template.mjs')], {
    cwd: root,
    env: { ...process.env, HOME: dir, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** A loopback Google and a clasp sign-in it honours, as `clasp login` writes it (tokens.default). */
async function signedIn(name: string): Promise<{ google: LoopbackGoogle; env: Record<string, string> }> {
  const google = new LoopbackGoogle();
  const rootUrl = await google.start();
  const auth = join(dir, `${name}.clasprc.json`);
  // Signed in as `clasp login` signs in: with clasp's own OAuth client.
  const refresh = google.oauth.grant(CLASP_SCOPES, CLASP_CLIENT.client_id);
  writeFileSync(
    auth,
    JSON.stringify({ tokens: { default: { type: 'authorized_user', ...CLASP_CLIENT, refresh_token: refresh } } }),
  );
  return { google, env: { GENIUS_HOST_GOOGLE_ROOT_URL: rootUrl, clasp_config_auth: auth } };
}

const oneLine = (run: Run) => expect(run.stderr.trim().split('\n')).toHaveLength(1);

describe.concurrent('npm run template', () => {
  it('makes the spreadsheet with its Welcome tab, shares it by link, binds a script holding the build, and prints the copy link', async () => {
    const { google, env } = await signedIn('made');
    const run = await template(env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const id = /copy link {4}https:\/\/docs\.google\.com\/spreadsheets\/d\/([^/]+)\/copy$/m.exec(run.stdout)?.[1];
    expect(id).toBeDefined();
    expect(run.stdout).toMatch(/Paste the copy link into README\.md in place of COPY-LINK-OF-THE-TEMPLATE/);

    // The spreadsheet is the account's, and its one tab is the Welcome tab, in plain text.
    const file = google.files.get(id!)!;
    expect(google.sharedWith.get(id!)).toEqual(new Set([USER]));
    expect(file.workbook.tabs.map((tab) => tab.title)).toEqual(['Welcome']);
    const lines = (file.values('Welcome!A1:A20', 'FORMULA').values ?? []).map((row) => String(row[0]));
    expect(lines[0]).toMatch(/^genius-host/);
    expect(lines.join('\n')).toMatch(/File → Make a copy/);
    expect(lines.join('\n')).toMatch(
      /Set up genius-host…[\s\S]*Check this account…[\s\S]*Rehearse a match…[\s\S]*New match…/,
    );
    expect(lines.join('\n')).toMatch(/Advanced, then "Go to genius-host \(unsafe\)"/);
    expect(lines.every((line) => !line.startsWith('='))).toBe(true);
    const built = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8')) as { version: string; build: string };
    expect(lines.join('\n')).toContain(`This template is genius-host ${built.version} (build ${built.build}).`);

    // Anyone with the link can open it (and so make a copy).
    const link = google.workspace.world.files.get(id!)?.permissions.find((p) => p.type === 'anyone');
    expect(link?.role).toBe('reader');

    // One project, bound to it, holding exactly dist/'s files.
    const [project, ...others] = google.scripts.boundTo(id!);
    expect(others).toHaveLength(0);
    expect(run.stdout).toContain(`script       ${project.scriptId}`);
    const byName = new Map(project.files.map((f) => [f.name, f]));
    expect(byName.get('Code')).toEqual({
      name: 'Code',
      type: 'SERVER_JS',
      source: readFileSync(join(root, 'dist/Code.js'), 'utf8'),
    });
    for (const html of ['sidebar', 'setup'])
      expect(byName.get(html)).toEqual({
        name: html,
        type: 'HTML',
        source: readFileSync(join(root, `dist/${html}.html`), 'utf8'),
      });
    expect(JSON.parse(byName.get('appsscript')!.source)).toEqual(
      JSON.parse(readFileSync(join(root, 'dist/appsscript.json'), 'utf8')),
    );
    const sent = google.seen.filter((s) => s.path.startsWith('/v1/projects')).map((s) => `${s.method} ${s.status}`);
    expect(sent).toEqual(['POST 200', 'PUT 200', 'GET 200']);
    // Made through Drive alone: clasp's sign-in may not call the Sheets API (the next test).
    expect(google.seen.filter((s) => s.path.startsWith('/v4/'))).toEqual([]);
    expect(google.seen.find((s) => s.path === '/upload/drive/v3/files')?.status).toBe(200);
    await google.close();
  }, 120_000);

  it("refuses the Sheets API to clasp's OAuth client, whose Cloud project has not turned it on, as Google answers it", async () => {
    const { google } = await signedIn('sheets-off');
    const token = await fetch(`${google.rootUrl}token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: google.oauth.grant(CLASP_SCOPES, CLASP_CLIENT.client_id),
        ...CLASP_CLIENT,
      }),
    }).then(async (answer) => ((await answer.json()) as { access_token: string }).access_token);
    const answer = await fetch(`${google.rootUrl}v4/spreadsheets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ properties: { title: 't' } }),
    });
    expect(answer.status).toBe(403);
    const body = (await answer.json()) as { error: { message: string; errors: { reason: string }[] } };
    expect(body.error.message).toMatch(
      /^Google Sheets API has not been used in project 1072944905499 before or it is disabled\./,
    );
    expect(body.error.errors[0].reason).toBe('accessNotConfigured');
    expect(google.files.size).toBe(0);
    await google.close();
  }, 120_000);

  it("refuses, as Google's schema does, an Apps Script API call the discovery document does not allow", async () => {
    const { google } = await signedIn('schema');
    const token = await fetch(`${google.rootUrl}token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: google.oauth.grant(CLASP_SCOPES, CLASP_CLIENT.client_id),
        ...CLASP_CLIENT,
      }),
    }).then(async (answer) => ((await answer.json()) as { access_token: string }).access_token);
    const call = (method: string, path: string, body: unknown) =>
      fetch(`${google.rootUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (answer) => ({
        status: answer.status,
        body: (await answer.json()) as { error?: { message: string } },
      }));
    // `parent` is not CreateProjectRequest's field (`parentId` is), and a file's type is one of its enum.
    const wrongField = await call('POST', 'v1/projects', { title: 't', parent: 'x' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error?.message).toMatch(/Unknown name "parent"/);
    const made = await call('POST', 'v1/projects', { title: 't' });
    expect(made.status).toBe(200);
    const id = (made.body as unknown as { scriptId: string }).scriptId;
    const wrongType = await call('PUT', `v1/projects/${id}/content`, {
      files: [{ name: 'appsscript', type: 'MANIFEST', source: '{}' }],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error?.message).toMatch(/Invalid value at 'files\[0\]\.type' \(TYPE_ENUM\), "MANIFEST"/);
    await google.close();
  }, 120_000);

  it("says in one line that Google refused clasp's sign-in (a revoked or expired token), and makes nothing", async () => {
    const { google, env } = await signedIn('revoked');
    google.oauth.revokeAll();
    const run = await template(env);
    expect(run.code).toBe(1);
    oneLine(run);
    expect(run.stderr).toMatch(
      /Google refused clasp's sign-in \(Token has been expired or revoked\.\): sign in again with npx clasp login/,
    );
    expect(google.files.size).toBe(0);
    await google.close();
  }, 120_000);

  it('says in one line that no one is signed in, and calls nothing', async () => {
    const { google, env } = await signedIn('nobody');
    const run = await template({ ...env, clasp_config_auth: join(dir, 'no-such-clasprc.json') });
    expect(run.code).toBe(2);
    oneLine(run);
    expect(run.stderr).toMatch(/not signed in: .*no-such-clasprc\.json is missing; sign in first with npx clasp login/);
    expect(google.seen).toHaveLength(0);
    await google.close();
  }, 120_000);

  it('says in one line that there is no build, and calls nothing', async () => {
    const { google, env } = await signedIn('unbuilt');
    const empty = join(dir, 'empty-dist');
    mkdirSync(empty, { recursive: true });
    const run = await template({ ...env, GENIUS_HOST_DIST: empty });
    expect(run.code).toBe(2);
    oneLine(run);
    expect(run.stderr).toMatch(/holds no build \(Code\.js, appsscript\.json\): run npm run build first/);
    expect(google.seen).toHaveLength(0);
    await google.close();
  }, 120_000);

  it("says in one line, with Google's own words, that the account has not turned the Apps Script API on", async () => {
    const { google, env } = await signedIn('api-off');
    google.scripts.enabledFor = new Set();
    const run = await template(env);
    expect(run.code).toBe(1);
    oneLine(run);
    expect(run.stderr).toMatch(
      /Creating the bound script was refused \(403: User has not enabled the Apps Script API\. Enable it by visiting https:\/\/script\.google\.com\/home\/usersettings/,
    );
    expect(google.scripts.projects.size).toBe(0);
    // What it made before the refusal is named, to delete.
    const [left] = [...google.files.keys()];
    expect(run.stderr).toContain(
      `The spreadsheet https://docs.google.com/spreadsheets/d/${left}/edit was made before this: delete it.`,
    );
    await google.close();
  }, 120_000);
});
