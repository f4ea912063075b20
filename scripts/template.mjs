// npm run template: makes the template a host copies (README, For hosts). A maintainer runs it once
// a version, signed in with clasp (npx clasp login), and pastes the link it prints into the README.
//
// It calls Google's REST endpoints itself, as the account clasp signed in (its ~/.clasprc.json, or
// the file clasp's own `clasp_config_auth` names), so each step is one documented call the tests
// serve from the loopback Google (test/http/google-server.ts):
//   1. Drive files.create, a multipart upload of an .xlsx holding the Welcome tab (the next steps
//      for a host) with mimeType application/vnd.google-apps.spreadsheet: Drive converts it, and
//      the template spreadsheet exists with its one tab, Welcome;
//   2. Drive permissions.create (anyone, reader): whoever has the link can open it and make a copy;
//   3. Apps Script projects.create with parentId = the spreadsheet: the script bound to it, which a
//      copy of the spreadsheet carries with it;
//   4. projects.updateContent: dist/ (Code.js, every .html, appsscript.json), as clasp push sends it;
//   5. projects.getContent: read back and compared with dist/, as npm run push checks its push.
// No Sheets API call: clasp's sign-in is clasp's OAuth client, whose Cloud project does not have the
// Sheets API turned on ("Google Sheets API has not been used in project 1072944905499 before or it
// is disabled", docs/google.md), and an API is usable only in the client's own project. Drive and
// the Apps Script API are what clasp itself calls (its `clasp create --type sheets` makes its
// container with Drive's files.create), with its scopes drive.file and script.projects.
//
// GENIUS_HOST_GOOGLE_ROOT_URL sends every call to another root (the tests' loopback Google), as the
// command line does; GENIUS_HOST_DIST names another build to send (the tests' missing one).

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { welcome, welcomeXlsx } from './welcome.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.GENIUS_HOST_DIST ? resolve(process.env.GENIUS_HOST_DIST) : join(root, 'dist');
const googleRoot = process.env.GENIUS_HOST_GOOGLE_ROOT_URL;
const api = (host, path) => `${googleRoot ?? `https://${host}/`}${path}`;
const TITLE = 'genius-host';

/** What a failure part-way leaves in the account's Drive, said with the failure (the command never deletes). */
let madeSoFar = '';

function fail(line, code = 1) {
  console.error(`genius-host template: ${line}${madeSoFar}`);
  process.exit(code);
}

/** The build's files as the Apps Script API takes them (name without extension, type), or one line. */
function build() {
  const manifest = join(dist, 'appsscript.json');
  if (!existsSync(join(dist, 'Code.js')) || !existsSync(manifest))
    fail(`${dist} holds no build (Code.js, appsscript.json): run npm run build first.`, 2);
  const html = readdirSync(dist).filter((name) => name.endsWith('.html'));
  return [
    { name: 'Code', type: 'SERVER_JS', source: readFileSync(join(dist, 'Code.js'), 'utf8') },
    ...html.map((name) => ({ name: name.slice(0, -5), type: 'HTML', source: readFileSync(join(dist, name), 'utf8') })),
    { name: 'appsscript', type: 'JSON', source: readFileSync(manifest, 'utf8') },
  ];
}

/** The version and build About genius-host shows (dist/build.json, written by the same build), or one line. */
function buildInfo() {
  const file = join(dist, 'build.json');
  if (!existsSync(file)) fail(`${dist} holds no build.json: run npm run build first.`, 2);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** clasp's saved sign-in (its default user), or one line. */
function claspLogin() {
  const named = process.env.clasp_config_auth;
  let file = named ? resolve(named) : join(homedir(), '.clasprc.json');
  if (existsSync(file) && !file.endsWith('.json')) file = join(file, '.clasprc.json');
  const signIn = 'sign in first with npx clasp login (as the account that will own the template)';
  if (!existsSync(file)) fail(`not signed in: ${file} is missing; ${signIn}.`, 2);
  let login;
  try {
    login = JSON.parse(readFileSync(file, 'utf8'))?.tokens?.default;
  } catch (error) {
    fail(`${file} is not valid JSON (${error.message}); ${signIn}.`, 2);
  }
  if (!login?.refresh_token || !login.client_id || !login.client_secret)
    fail(`not signed in: ${file} holds no clasp sign-in; ${signIn}.`, 2);
  return login;
}

/** An access token from clasp's refresh token (OAuth 2.0 token endpoint), or one line. */
async function accessToken(login) {
  const answer = await fetch(googleRoot ? `${googleRoot}token` : 'https://oauth2.googleapis.com/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: login.refresh_token,
      client_id: login.client_id,
      client_secret: login.client_secret,
    }),
  }).catch((error) => fail(`could not reach Google (${error.message}).`));
  const body = await answer.json().catch(() => ({}));
  if (!answer.ok || !body.access_token)
    fail(
      `Google refused clasp's sign-in (${body.error_description ?? body.error ?? answer.status}): sign in again with npx clasp login.`,
    );
  return body.access_token;
}

/** One call, its JSON answer, or one line naming the step and Google's message. */
async function call(token, step, method, url, body, type = 'application/json') {
  const raw = Buffer.isBuffer(body);
  const answer = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': type } : {}) },
    ...(body ? { body: raw ? body : JSON.stringify(body) } : {}),
  }).catch((error) => fail(`${step}: could not reach Google (${error.message}).`));
  const json = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    const message = String(json.error?.message ?? answer.statusText).split('\n')[0];
    const hint = /Apps Script API/.test(message) ? '' : ' Signed in as the right account? npx clasp login';
    fail(`${step} was refused (${answer.status}: ${message}).${hint}`);
  }
  return json;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The template spreadsheet, made by Drive from the Welcome tab's .xlsx: a multipart upload
 * ("Upload file data": metadata then the file, one request) whose metadata asks for a Google
 * spreadsheet, so Drive imports the file; its id, or one line.
 */
async function upload(token, xlsx) {
  const boundary = `genius-host-${Date.now().toString(36)}`;
  const metadata = { name: TITLE, mimeType: 'application/vnd.google-apps.spreadsheet' };
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\ncontent-type: ${XLSX}\r\n\r\n`,
    ),
    xlsx,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const url = `${googleRoot ?? 'https://www.googleapis.com/'}upload/drive/v3/files?uploadType=multipart&fields=id`;
  return call(
    token,
    'Making the spreadsheet (Drive upload)',
    'POST',
    url,
    body,
    `multipart/related; boundary=${boundary}`,
  );
}

/** Whether Apps Script holds what was sent: line endings and trailing white space aside; the manifest as JSON. */
function same(file, held) {
  if (!held || held.type !== file.type) return false;
  if (file.type === 'JSON') {
    try {
      return JSON.stringify(JSON.parse(file.source)) === JSON.stringify(JSON.parse(held.source));
    } catch {
      return false;
    }
  }
  const norm = (text) => String(text).replace(/\r\n/g, '\n').trimEnd();
  return norm(file.source) === norm(held.source);
}

async function main() {
  const files = build();
  const about = buildInfo();
  const token = await accessToken(claspLogin());
  const made = await upload(token, await welcomeXlsx(welcome(about)));
  const id = made.id;
  madeSoFar = ` The spreadsheet https://docs.google.com/spreadsheets/d/${id}/edit was made before this: delete it.`;
  await call(
    token,
    'Sharing it with anyone who has the link',
    'POST',
    api('www.googleapis.com', `drive/v3/files/${id}/permissions`),
    {
      type: 'anyone',
      role: 'reader',
    },
  );
  const script = api('script.googleapis.com', 'v1/projects');
  const project = await call(token, 'Creating the bound script', 'POST', script, { title: TITLE, parentId: id });
  const content = `${script}/${project.scriptId}/content`;
  await call(token, 'Sending the build', 'PUT', content, { scriptId: project.scriptId, files });
  const held = await call(token, 'Reading the script back', 'GET', content);
  const wrong = files.filter(
    (file) =>
      !same(
        file,
        (held.files ?? []).find((h) => h.name === file.name),
      ),
  );
  if (wrong.length > 0)
    fail(
      `the script ${project.scriptId} does not hold this build after the push: ${wrong.map((f) => f.name).join(', ')} differ from dist/. Run npm run template again.`,
    );
  console.log(`Made the template: a spreadsheet with its Welcome tab and its script (${files.map((f) => f.name).join(', ')} read back: this build, genius-host ${about.version}, build ${about.build}).
  spreadsheet  https://docs.google.com/spreadsheets/d/${id}/edit
  script       ${project.scriptId}
  copy link    https://docs.google.com/spreadsheets/d/${id}/copy
Paste the copy link into README.md in place of COPY-LINK-OF-THE-TEMPLATE (For hosts).`);
  if (!about.guide)
    console.log(
      "README.md's Host guide line still holds ADDRESS-OF-THIS-GUIDE: About genius-host names the README's For hosts without a link. Put the https address of docs/host-guide.md there and run npm run template again (it builds first).",
    );
}

await main();
