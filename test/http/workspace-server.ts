// The Forms API v1 and Drive API v3 endpoints of the loopback server (test/http/google-server.ts),
// and Sheets' spreadsheets.create, with the request and answer shapes of their discovery documents
// (forms.googleapis.com/$discovery/rest?version=v1, drive v3; the client packages' Schema$ types).
// They are backed by the sandbox's world (test/sandbox/services.ts): its forms (FakeForm: made
// unpublished, responders as Drive permissions with view "published", verified or typed emails),
// its Drive fake (the same sharing and publishing refusals as the add-on meets) and its
// spreadsheets. Every request reaching here has passed the discovery documents' checks
// (test/http/google-server.ts, test/helpers/discovery.ts: query parameters, body fields, types,
// enums, scopes), so the client cannot rely on what Google would not take; what is checked here is
// what the fakes model (another field Google takes is refused as not implemented) and what the
// schema cannot say (a required title, a filter's syntax, a revision).
import { join } from 'node:path';
import { type FakeForm, FakeItem, Google, type GoogleOptions } from '../sandbox/services.js';

/** Google's own words for the statuses the server answers without a reason of its own. */
const MESSAGES: Record<number, string> = {
  401: 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  403: 'The caller does not have permission',
  404: 'Requested entity was not found.',
  429: "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'.",
  500: 'Internal error encountered.',
  503: 'The service is currently unavailable.',
};

/** A refusal as Google answers it: the status, its message, and Drive's own reason (error.errors[0].reason). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = MESSAGES[status] ?? 'error',
    readonly detail?: string,
  ) {
    super(message);
  }
}

// ── What the sandbox models ─────────────────────────────────────────────────────────────────
// Every request has passed Google's schema (test/helpers/discovery.ts) before it reaches here;
// these are the fields and query parameters of it that the fakes behind the server apply. Another
// field Google takes is refused as not implemented, so a fake never ignores what a client sends.

type Shape = { readonly [field: string]: true | Shape };
const PUBLISH_STATE: Shape = { isPublished: true, isAcceptingResponses: true };
const QUESTION: Shape = {
  questionId: true,
  required: true,
  textQuestion: { paragraph: true },
  choiceQuestion: { type: true, options: { value: true }, shuffle: true },
};
const ITEM: Shape = { itemId: true, title: true, description: true, questionItem: { question: QUESTION } };
const LOCATION: Shape = { index: true };
const FORM_REQUEST: Shape = {
  updateFormInfo: { info: { title: true, description: true }, updateMask: true },
  updateSettings: { settings: { emailCollectionType: true }, updateMask: true },
  createItem: { item: ITEM, location: LOCATION },
  updateItem: { item: ITEM, location: LOCATION, updateMask: true },
  deleteItem: { location: LOCATION },
  moveItem: { originalLocation: LOCATION, newLocation: LOCATION },
};
const SHAPES = {
  form: { info: { title: true, documentTitle: true } },
  batchUpdateForm: {
    requests: FORM_REQUEST,
    includeFormInResponse: true,
    writeControl: { requiredRevisionId: true, targetRevisionId: true },
  },
  setPublishSettings: { publishSettings: { publishState: PUBLISH_STATE }, updateMask: true },
  permission: { role: true, type: true, emailAddress: true, view: true, domain: true, allowFileDiscovery: true },
  revision: { published: true, publishAuto: true, publishedOutsideDomain: true },
  file: { writersCanShare: true },
  spreadsheet: { properties: { title: true } },
} satisfies Record<string, Shape>;

/** Parses a body (Google's schema has passed it) and refuses a field the sandbox does not model. */
function bodyOf(text: string, shape: Shape, message: string): Record<string, unknown> {
  const body: unknown = text === '' ? {} : JSON.parse(text);
  const check = (value: unknown, at: Shape, path: string) => {
    if (value === null || typeof value !== 'object') return;
    for (const item of Array.isArray(value) ? value : [value]) {
      for (const [key, inner] of Object.entries(item as object)) {
        const known = at[key];
        if (known === undefined)
          throw new HttpError(400, `"${key}" at '${path}' is not implemented by the sandbox.`, 'invalid');
        if (known !== true) check(inner, known, `${path}.${key}`);
      }
    }
  };
  check(body, shape, message);
  return body as Record<string, unknown>;
}

/** Query parameters other than these (and the standard ones: fields, alt, prettyPrint…) are refused as not implemented. */
function checkQuery(url: URL, allowed: readonly string[]): void {
  for (const key of url.searchParams.keys()) {
    if (!allowed.includes(key) && !['fields', 'alt', 'prettyPrint', 'quotaUser', '$.xgafv'].includes(key))
      throw new HttpError(400, `The query parameter "${key}" is not implemented by the sandbox.`, 'invalid');
  }
}

/** An Error the sandbox's fake threw, as the HTTP answer Google gives for it. */
function httpErrorOf(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const message = (error as Error).message
    .replace(/^GoogleJsonResponseException: API call to [\w.]+ failed with error: /, '')
    .replace(/^Exception: /, '');
  if (/not found|No item with the given ID/i.test(message)) return new HttpError(404, message, 'notFound');
  if (/not implemented by the sandbox|is required|only\b.*\bhere|unknown|is for a form's responders/i.test(message))
    return new HttpError(400, message, 'invalid');
  return new HttpError(403, message, 'forbidden');
}

/** Forms' item and question ids are hex strings; the fake's are numbers. */
const itemIdOf = (item: FakeItem) => item.id.toString(16);
const questionIdOf = (id: number) => (id + 0x10000000).toString(16);

export class Workspace {
  readonly world: Google;
  private readonly services: ReturnType<Google['services']>;
  private nextItem = 0x3a000;
  /** The files made through the API, as Drive's files.list sees them (name, MIME type, creation time). */
  private readonly made: { id: string; name: string; mimeType: string; createdTime: string }[] = [];
  /** Each form's revision: a batchUpdate that changes it makes a new one (Form.revisionId). */
  private readonly revisions = new Map<string, number>();
  private revisionOf = (form: FakeForm) => (this.revisions.get(form.id) ?? 1).toString(16).padStart(8, '0');

  constructor(
    owner: string,
    options: Partial<GoogleOptions>,
    /** Tells the Sheets endpoints of a spreadsheet made here (and who may open it). */
    private readonly onSpreadsheet: (file: ReturnType<Google['newSpreadsheet']>, account: string) => void,
    /** A sandbox's own world, served as it stands (a match the sandbox's add-on started and handed to a machine). */
    world?: Google,
  ) {
    this.world =
      world ?? new Google({ owner, start: new Date().toISOString(), dist: join(__dirname, '../../dist'), ...options });
    this.services = this.world.services();
  }

  /** Answers a Forms, Drive or spreadsheets.create request; undefined for any other path. */
  route(method: string, url: URL, body: string, account: string): unknown {
    const path = url.pathname;
    try {
      if (method === 'POST' && path === '/v4/spreadsheets') return this.createSpreadsheet(url, body, account);
      const form = /^\/v1\/forms(?:\/([^/:]+)(:batchUpdate|:setPublishSettings|\/responses)?)?$/.exec(path);
      if (form) return this.routeForm(method, url, body, form[1], form[2]);
      if (method === 'GET' && path === '/drive/v3/files') return this.listFiles(url);
      const drive = /^\/drive\/v3\/files\/([^/]+)(?:\/(permissions|revisions)(?:\/([^/]+))?)?$/.exec(path);
      if (drive) return this.routeDrive(method, url, body, decodeURIComponent(drive[1]), drive[2], drive[3]);
    } catch (error) {
      throw httpErrorOf(error);
    }
    return undefined;
  }

  private createSpreadsheet(url: URL, body: string, account: string): unknown {
    checkQuery(url, []);
    const resource = bodyOf(body, SHAPES.spreadsheet, 'spreadsheet') as { properties?: { title?: string } };
    const sheets = this.services.Sheets as { Spreadsheets: { create(r: unknown): { spreadsheetId: string } } };
    const made = sheets.Spreadsheets.create(resource);
    this.made.push({
      id: made.spreadsheetId,
      name: resource.properties?.title ?? '',
      mimeType: 'application/vnd.google-apps.spreadsheet',
      createdTime: new Date().toISOString(),
    });
    this.onSpreadsheet(this.world.spreadsheet(made.spreadsheetId), account);
    return made;
  }

  /** An empty spreadsheet Drive makes for an upload it imports (files.create), the caller's; the import fills it. */
  uploadSpreadsheet(name: string, account: string): ReturnType<Google['newSpreadsheet']> {
    const file = this.world.newSpreadsheet(name, true);
    this.made.push({
      id: file.id,
      name,
      mimeType: 'application/vnd.google-apps.spreadsheet',
      createdTime: new Date().toISOString(),
    });
    this.onSpreadsheet(file, account);
    return file;
  }

  // ── Forms v1 ────────────────────────────────────────────────────────────────────────────────

  private fakeForm(id: string): FakeForm {
    const form = this.world.forms.get(decodeURIComponent(id));
    if (!form) throw new HttpError(404, 'Requested entity was not found.');
    return form;
  }

  private routeForm(
    method: string,
    url: URL,
    body: string,
    id: string | undefined,
    action: string | undefined,
  ): unknown {
    if (method === 'POST' && id === undefined) {
      checkQuery(url, ['unpublished']);
      const resource = bodyOf(body, SHAPES.form, 'form') as { info?: { title?: string } };
      if (!resource.info?.title) throw new HttpError(400, 'Form title is required.');
      const formApp = this.services.FormApp as { create(title: string): { getId(): string } };
      const form = this.fakeForm(formApp.create(resource.info.title).getId());
      this.made.push({
        id: form.id,
        name: resource.info.title,
        mimeType: 'application/vnd.google-apps.form',
        createdTime: new Date().toISOString(),
      });
      // Made through the API: unpublished unless asked otherwise (the default since 30 June 2026,
      // "API changes to Google Forms"); `unpublished=false` publishes it, accepting.
      if (form.supportsPublishing && url.searchParams.get('unpublished') === 'false')
        form.published = form.accepting = true;
      return this.formResource(form);
    }
    if (id === undefined) throw new HttpError(404, `no method at ${method} ${url.pathname}`);
    const form = this.fakeForm(id);
    if (method === 'GET' && action === undefined) return (checkQuery(url, []), this.formResource(form));
    if (method === 'POST' && action === ':batchUpdate')
      return (
        checkQuery(url, []),
        this.batchUpdate(form, bodyOf(body, SHAPES.batchUpdateForm, 'batch_update_form_request'))
      );
    if (method === 'POST' && action === ':setPublishSettings')
      return (checkQuery(url, []), this.setPublishSettings(form, body));
    if (method === 'GET' && action === '/responses') return this.responses(form, url);
    throw new HttpError(404, `no method at ${method} ${url.pathname}`);
  }

  private formResource(form: FakeForm): unknown {
    return {
      formId: form.id,
      info: {
        title: form.title,
        documentTitle: form.title,
        ...(form.description ? { description: form.description } : {}),
      },
      settings: form.emailCollection === 'DO_NOT_COLLECT' ? {} : { emailCollectionType: form.emailCollection },
      items: form.items.map((item) => ({
        itemId: itemIdOf(item),
        title: item.title,
        ...(item.help ? { description: item.help } : {}),
        questionItem: {
          question: {
            questionId: questionIdOf(item.id),
            ...(item.required ? { required: true } : {}),
            ...(item.kind === 'TEXT'
              ? { textQuestion: {} }
              : {
                  choiceQuestion: {
                    type: item.kind === 'CHECKBOX' ? 'CHECKBOX' : 'RADIO',
                    options: item.choices.map((value) => ({ value })),
                  },
                }),
          },
        },
      })),
      revisionId: this.revisionOf(form),
      responderUri: form.url,
      // "This field isn't set for legacy forms" (Form.publishSettings).
      ...(form.supportsPublishing
        ? { publishSettings: { publishState: { isPublished: form.published, isAcceptingResponses: form.accepting } } }
        : {}),
    };
  }

  /** All the updates or none ("A batch of updates… All the specified updates are made or none of them are"). */
  private batchUpdate(form: FakeForm, body: Record<string, unknown>): unknown {
    const saved = {
      title: form.title,
      description: form.description,
      emailCollection: form.emailCollection,
      items: form.items.map((i) => Object.assign(new FakeItem(i.id, i.kind), i)),
    };
    // "If this is not the latest revision of the form, the request is not processed and returns a 400 bad request error" (WriteControl.requiredRevisionId).
    const required = (body.writeControl as { requiredRevisionId?: string } | undefined)?.requiredRevisionId;
    if (required !== undefined && required !== this.revisionOf(form))
      throw new HttpError(
        400,
        `The revision ${required} of form ${form.id} is not its latest (${this.revisionOf(form)}).`,
      );
    try {
      const replies = ((body.requests ?? []) as Record<string, Record<string, unknown>>[]).map((request) =>
        this.applyRequest(form, request),
      );
      this.revisions.set(form.id, (this.revisions.get(form.id) ?? 1) + 1);
      return { replies, writeControl: { requiredRevisionId: this.revisionOf(form) } };
    } catch (error) {
      Object.assign(form, saved);
      throw httpErrorOf(error);
    }
  }

  private applyRequest(form: FakeForm, request: Record<string, Record<string, unknown>>): unknown {
    const [kind, ...others] = Object.keys(request);
    if (!kind || others.length > 0) throw new HttpError(400, 'Invalid requests: each Request sets exactly one kind.');
    const r = request[kind];
    const mask = String(r.updateMask ?? '')
      .split(',')
      .filter((f) => f !== '');
    const at = (location: unknown, max: number) => {
      const index = (location as { index?: number } | undefined)?.index ?? 0;
      if (!Number.isInteger(index) || index < 0 || index > max)
        throw new HttpError(400, `Invalid requests: location index ${index} is out of range.`);
      return index;
    };
    if (kind === 'updateFormInfo') {
      const info = (r.info ?? {}) as { title?: string; description?: string };
      if (mask.length === 0 || mask.some((f) => f !== 'title' && f !== 'description'))
        throw new HttpError(400, `Invalid requests: updateMask "${mask.join(',')}" is not a field of Info.`);
      if (mask.includes('title')) form.title = info.title ?? '';
      if (mask.includes('description')) form.description = info.description ?? '';
      return {};
    }
    if (kind === 'updateSettings') {
      if (mask.join(',') !== 'emailCollectionType')
        throw new HttpError(400, `Invalid requests: updateMask "${mask.join(',')}" is not supported here.`);
      const type = (r.settings as { emailCollectionType?: string }).emailCollectionType ?? 'DO_NOT_COLLECT';
      const handle = (
        this.services.FormApp as { openById(id: string): { setEmailCollectionType(t: string): void } }
      ).openById(form.id);
      handle.setEmailCollectionType(type);
      return {};
    }
    if (kind === 'createItem') {
      const index = at(r.location, form.items.length);
      this.nextItem += 1;
      const question = ((r.item as { questionItem?: { question?: Record<string, unknown> } }).questionItem?.question ??
        {}) as Record<string, unknown>;
      const choice = question.choiceQuestion as { type?: string } | undefined;
      const kindOf = question.textQuestion
        ? 'TEXT'
        : choice?.type === 'RADIO'
          ? 'MULTIPLE_CHOICE'
          : choice?.type === 'CHECKBOX'
            ? 'CHECKBOX'
            : null;
      if (!kindOf)
        throw new HttpError(400, 'Invalid requests: the sandbox implements text, RADIO and CHECKBOX questions only.');
      const item = new FakeItem(this.nextItem, kindOf);
      this.setItem(item, r.item as Record<string, unknown>, [
        'title',
        'description',
        'questionItem.question.required',
        'questionItem.question.choiceQuestion.options',
      ]);
      form.items.splice(index, 0, item);
      return { createItem: { itemId: itemIdOf(item), questionId: [questionIdOf(item.id)] } };
    }
    if (kind === 'updateItem') {
      const item = form.items[at(r.location, form.items.length - 1)];
      if (!item || mask.length === 0)
        throw new HttpError(400, 'Invalid requests: updateItem needs an item and an updateMask.');
      this.setItem(item, r.item as Record<string, unknown>, mask);
      return {};
    }
    if (kind === 'deleteItem') {
      form.items.splice(at(r.location, form.items.length - 1), 1);
      return {};
    }
    throw new HttpError(400, `Invalid requests: ${kind} is not implemented by the sandbox`);
  }

  private setItem(item: FakeItem, body: Record<string, unknown>, mask: readonly string[]): void {
    const question = ((body.questionItem as { question?: Record<string, unknown> } | undefined)?.question ?? {}) as {
      required?: boolean;
      choiceQuestion?: { options?: { value?: string }[] };
    };
    for (const field of mask) {
      if (field === 'title') item.title = String(body.title ?? '');
      else if (field === 'description') item.help = String(body.description ?? '');
      else if (field === 'questionItem.question.required') item.required = question.required === true;
      else if (field === 'questionItem.question.choiceQuestion.options') {
        if (item.kind === 'TEXT') continue;
        const options = (question.choiceQuestion?.options ?? []).map((o) => String(o.value ?? ''));
        if (options.length === 0)
          throw new HttpError(400, 'Invalid requests: a choice question needs at least one option.');
        item.choices = options;
      } else
        throw new HttpError(400, `Invalid requests: updateMask field "${field}" is not implemented by the sandbox`);
    }
  }

  private setPublishSettings(form: FakeForm, body: string): unknown {
    const resource = bodyOf(body, SHAPES.setPublishSettings, 'set_publish_settings_request') as {
      publishSettings?: { publishState?: { isPublished?: boolean; isAcceptingResponses?: boolean } };
    };
    // "Legacy forms aren't supported because they don't have the publishSettings field."
    if (!form.supportsPublishing)
      throw new HttpError(400, "Legacy forms aren't supported because they don't have the publishSettings field.");
    const state = resource.publishSettings?.publishState;
    if (state?.isPublished === undefined || state.isAcceptingResponses === undefined)
      throw new HttpError(400, 'publishState.isPublished and isAcceptingResponses are required.');
    const handle = (
      this.services.FormApp as {
        openById(id: string): { setPublished(p: boolean): void; setAcceptingResponses(a: boolean): void };
      }
    ).openById(form.id);
    handle.setPublished(state.isPublished);
    // "If is_published is set to false, this field is forced to false."
    if (state.isPublished) handle.setAcceptingResponses(state.isAcceptingResponses);
    return {
      formId: form.id,
      publishSettings: { publishState: { isPublished: form.published, isAcceptingResponses: form.accepting } },
    };
  }

  private responses(form: FakeForm, url: URL): unknown {
    checkQuery(url, ['filter', 'pageSize', 'pageToken']);
    const filter = url.searchParams.get('filter');
    let after = (_ms: number) => true;
    if (filter !== null) {
      // "timestamp > N" or "timestamp >= N", N in RFC 3339 UTC "Zulu" format.
      const parsed = /^timestamp\s*(>=?)\s*(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)$/.exec(filter.trim());
      if (!parsed) throw new HttpError(400, `Invalid filter: "${filter}"`);
      const n = Date.parse(parsed[2]);
      after = parsed[1] === '>' ? (ms) => ms > n : (ms) => ms >= n;
    }
    const all = form.responses.filter((r) => after(r.timestamp));
    const size = Number(url.searchParams.get('pageSize') ?? 0) || 5000;
    const start = Number(url.searchParams.get('pageToken') ?? 0);
    const page = all.slice(start, start + size);
    return {
      responses: page.map((r) => ({
        formId: form.id,
        responseId: r.id,
        createTime: new Date(r.timestamp).toISOString(),
        lastSubmittedTime: new Date(r.timestamp).toISOString(),
        ...(r.email ? { respondentEmail: r.email } : {}),
        answers: Object.fromEntries(
          [...r.answers].map(([itemId, value]) => [
            questionIdOf(itemId),
            {
              questionId: questionIdOf(itemId),
              textAnswers: { answers: (Array.isArray(value) ? value : [value]).map((v) => ({ value: v })) },
            },
          ]),
        ),
      })),
      ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
    };
  }

  // ── Drive v3 ────────────────────────────────────────────────────────────────────────────────

  /**
   * files.list with the query the client sends ("Search for files and folders": name = '…' and
   * mimeType = '…' and createdTime > '…' and trashed = false), over the files made here (with
   * drive.file an app sees only the files it made).
   */
  private listFiles(url: URL): unknown {
    checkQuery(url, ['q', 'orderBy', 'pageSize', 'pageToken']);
    const q = url.searchParams.get('q') ?? '';
    const parsed =
      /^name = '((?:[^'\\]|\\.)*)' and mimeType = '([^']+)' and createdTime > '([^']+)' and trashed = false$/.exec(q);
    if (!parsed) throw new HttpError(400, `Invalid Value: q "${q}" is not implemented by the sandbox`, 'invalid');
    const name = parsed[1].replace(/\\(.)/g, '$1');
    const files = this.made
      .filter(
        (f) => f.name === name && f.mimeType === parsed[2] && f.createdTime > parsed[3] && this.world.files.has(f.id),
      )
      .sort((a, b) => b.createdTime.localeCompare(a.createdTime));
    return { files: files.map((f) => ({ id: f.id })) };
  }

  private routeDrive(
    method: string,
    url: URL,
    body: string,
    fileId: string,
    collection: string | undefined,
    itemId: string | undefined,
  ): unknown {
    const drive = this.services.Drive as {
      Permissions: {
        create(r: unknown, id: string, o: unknown): unknown;
        list(id: string, o: unknown): unknown;
        remove(id: string, permissionId: string): void;
      };
      Revisions: {
        list(id: string, o: unknown): unknown;
        update(r: unknown, id: string, rev: string, o: unknown): unknown;
      };
      Files: { update(r: unknown, id: string): unknown };
    };
    const flag = (name: string) => (url.searchParams.has(name) ? url.searchParams.get(name) === 'true' : undefined);
    if (collection === 'permissions' && itemId === undefined && method === 'POST') {
      checkQuery(url, ['sendNotificationEmail', 'emailMessage', 'supportsAllDrives']);
      const permission = bodyOf(body, SHAPES.permission, 'permission');
      const notify = flag('sendNotificationEmail');
      // "This defaults to `true` for users and groups, and is not allowed for other requests" (permissions.create).
      if (notify !== undefined && permission.type !== 'user' && permission.type !== 'group')
        throw new HttpError(
          400,
          `Bad Request: sendNotificationEmail is not allowed for a permission of type ${String(permission.type)}`,
          'badRequest',
        );
      const emailMessage = url.searchParams.get('emailMessage');
      return drive.Permissions.create(permission, fileId, {
        ...(notify !== undefined ? { sendNotificationEmail: notify } : {}),
        ...(emailMessage !== null ? { emailMessage } : {}),
        fields: url.searchParams.get('fields') ?? '',
      });
    }
    if (collection === 'permissions' && itemId === undefined && method === 'GET') {
      checkQuery(url, ['includePermissionsForView', 'pageSize', 'pageToken', 'supportsAllDrives']);
      const fields = (url.searchParams.get('fields') ?? '').replace(/^nextPageToken,/, '');
      if (!/^permissions\([\w,]+\)$/.test(fields))
        throw new HttpError(
          400,
          `permissions.list with fields "${fields}" is not implemented by the sandbox`,
          'invalid',
        );
      const view = url.searchParams.get('includePermissionsForView');
      // Every permission on one page (no nextPageToken).
      return drive.Permissions.list(fileId, { fields, ...(view !== null ? { includePermissionsForView: view } : {}) });
    }
    if (collection === 'permissions' && itemId !== undefined && method === 'DELETE') {
      checkQuery(url, ['supportsAllDrives']);
      drive.Permissions.remove(fileId, decodeURIComponent(itemId));
      return {};
    }
    if (collection === 'revisions' && itemId === undefined && method === 'GET')
      return (checkQuery(url, ['pageSize', 'pageToken']), drive.Revisions.list(fileId, {}));
    if (collection === 'revisions' && itemId !== undefined && method === 'PATCH')
      return (
        checkQuery(url, []),
        drive.Revisions.update(bodyOf(body, SHAPES.revision, 'revision'), fileId, decodeURIComponent(itemId), {
          fields: url.searchParams.get('fields') ?? '',
        })
      );
    if (collection === undefined && method === 'PATCH')
      return (checkQuery(url, ['supportsAllDrives']), drive.Files.update(bodyOf(body, SHAPES.file, 'file'), fileId));
    throw new HttpError(404, `no method at ${method} ${url.pathname}`);
  }
}
