// The Apps Script API v1 endpoints of the loopback server (test/http/google-server.ts) that
// `npm run template` calls (scripts/template.mjs): projects.create, projects.updateContent and
// projects.getContent, with the request and answer shapes of the Apps Script discovery document
// (test/fixtures/google-discovery/script.v1.json), which the server checks every request against
// before it reaches here. What is checked here is what the schema cannot say, as Google's pages
// describe it:
// - "The Apps Script API doesn't work with service accounts" (developers.google.com/apps-script/api/concepts);
// - each user turns the API on for their account (script.google.com/home/usersettings; "Enable the
//   Apps Script API", developers.google.com/apps-script/api/how-tos/enable), else 403;
// - projects.create "Creates a new, empty script project with no script files and a base manifest
//   file"; `parentId` "The Drive ID of a parent file that the created script project is bound to"
//   (projects/create): a file the caller can open;
// - updateContent replaces every file of the project ("The content of the script project",
//   projects/updateContent): the manifest `appsscript` (JSON) must be among them, names are unique,
//   a JSON file is only the manifest.
import { HttpError } from './workspace-server.js';

/** A file of a project as the API writes it (Schema File: name, type, source). */
export interface ScriptFile {
  readonly name: string;
  readonly type: 'SERVER_JS' | 'HTML' | 'JSON';
  readonly source: string;
}

export interface ScriptProject {
  readonly scriptId: string;
  readonly title: string;
  /** The file it is bound to; undefined for a standalone project. */
  readonly parentId?: string;
  readonly owner: string;
  files: ScriptFile[];
}

/** The base manifest a new project holds (the Apps Script editor's own for a new project). */
const BASE_MANIFEST = JSON.stringify(
  { timeZone: 'America/New_York', dependencies: {}, exceptionLogging: 'STACKDRIVER', runtimeVersion: 'V8' },
  null,
  2,
);

/** Google's words when the user has not turned the API on (clasp shows the same). */
const API_OFF =
  'User has not enabled the Apps Script API. Enable it by visiting https://script.google.com/home/usersettings then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.';

export class ScriptProjects {
  readonly projects = new Map<string, ScriptProject>();
  /** Accounts that have turned the Apps Script API on in their user settings (undefined: every account has). */
  enabledFor: Set<string> | undefined;
  private next = 1;

  /** `canOpen(fileId, account)`: whether the account can open the Drive file a project is bound to. */
  constructor(private readonly canOpen: (fileId: string, account: string) => boolean) {}

  /** The projects bound to a file. */
  boundTo(fileId: string): ScriptProject[] {
    return [...this.projects.values()].filter((project) => project.parentId === fileId);
  }

  /** Answers an Apps Script API call (its body `json` already checked against the schema); undefined for another path. */
  route(method: string, url: URL, json: unknown, account: string): unknown {
    const path = /^\/v1\/projects(?:\/([^/]+)\/content)?$/.exec(url.pathname);
    if (!path) return undefined;
    if (account.endsWith('.gserviceaccount.com'))
      throw new HttpError(403, "The Apps Script API doesn't work with service accounts.");
    if (this.enabledFor && !this.enabledFor.has(account)) throw new HttpError(403, API_OFF);
    if (method === 'POST' && path[1] === undefined)
      return this.create((json ?? {}) as { title?: string; parentId?: string }, account);
    // A project is its creator's here (the API answers 404 for one the caller cannot see).
    const project = this.projects.get(decodeURIComponent(path[1] ?? ''));
    if (!project || project.owner !== account) throw new HttpError(404, 'Requested entity was not found.');
    if (method === 'PUT') return this.update(project, (json ?? {}) as { scriptId?: string; files?: ScriptFile[] });
    if (method === 'GET') return { scriptId: project.scriptId, files: project.files };
    return undefined;
  }

  private create(body: { title?: string; parentId?: string }, account: string): unknown {
    if (body.parentId !== undefined && !this.canOpen(body.parentId, account))
      throw new HttpError(404, `Requested entity was not found. (parentId ${body.parentId})`);
    const scriptId = `1script${String(this.next++).padStart(4, '0')}`;
    const project: ScriptProject = {
      scriptId,
      title: body.title ?? 'Untitled project',
      ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      owner: account,
      files: [{ name: 'appsscript', type: 'JSON', source: BASE_MANIFEST }],
    };
    this.projects.set(scriptId, project);
    const now = new Date().toISOString();
    return {
      scriptId,
      title: project.title,
      ...(project.parentId !== undefined ? { parentId: project.parentId } : {}),
      createTime: now,
      updateTime: now,
    };
  }

  private update(project: ScriptProject, body: { scriptId?: string; files?: ScriptFile[] }): unknown {
    const files = body.files ?? [];
    const names = files.map((file) => file.name);
    const problems = [
      ...(files.some((file) => file.name === 'appsscript' && file.type === 'JSON')
        ? []
        : ['the manifest file (appsscript, type JSON) is missing']),
      ...names.filter((name, i) => names.indexOf(name) !== i).map((name) => `the file ${name} is given twice`),
      ...files
        .filter((file) => file.type === 'JSON' && file.name !== 'appsscript')
        .map((file) => `${file.name}: only the manifest is a JSON file`),
      ...files
        .filter(
          (file) => !file.name || typeof file.source !== 'string' || !['SERVER_JS', 'HTML', 'JSON'].includes(file.type),
        )
        .map((file) => `${file.name || '(no name)'}: a file needs a name, a type and its source`),
    ];
    if (body.scriptId !== undefined && body.scriptId !== project.scriptId)
      problems.push(`content.scriptId ${body.scriptId} is not the project's`);
    if (problems.length > 0) throw new HttpError(400, `Invalid project content: ${problems.join('; ')}.`);
    project.files = files.map(({ name, type, source }) => ({ name, type, source }));
    return { scriptId: project.scriptId, files: project.files };
  }
}
