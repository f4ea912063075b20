// The Forms API v1 and Drive API v3 calls of the Forms and Files ports (src/node/rest-forms.ts,
// src/node/files.ts), as promises, beside the Sheets calls of rest.ts: it runs in the worker thread
// too (src/node/worker.ts). Each call is one HTTP request with the request and answer shapes of the
// APIs' discovery documents (the client packages' types). Node-only.

import type { drive_v3 } from '@googleapis/drive';
import type { forms_v1 } from '@googleapis/forms';
import type { sheets_v4 } from '@googleapis/sheets';
import { isRecord } from '../engine/core/guards.js';

/** The client options rest.ts builds (credential, root URL, retries, time-out). */
type ClientOptions = Record<string, unknown> & { readonly retryConfig: RetryConfig };

/**
 * The calls of the Forms and Files ports. Scopes (rest.ts SCOPES): forms.body for the forms,
 * forms.responses.readonly for their responses, drive.file for the sharing and publishing of the
 * files this app made, spreadsheets for spreadsheets.create.
 */
export async function formsAndDriveCalls(options: ClientOptions, sheetsApi: sheets_v4.Sheets) {
  const { forms } = await import('@googleapis/forms');
  const { drive } = await import('@googleapis/drive');
  const driveApi: drive_v3.Drive = drive({ version: 'v3', ...options });
  const retry = options.retryConfig;
  const formsApi: forms_v1.Forms = forms({ version: 'v1', ...options });
  return {
    ...createCalls(formsApi, sheetsApi, driveApi, retry),
    ...formsCalls(formsApi),
    ...driveCalls(driveApi),
  };
}

/** The retry configuration rest.ts gives every call (gaxios retryConfig). */
interface RetryConfig {
  readonly shouldRetry: (error: { status?: number; response?: { status?: number } }) => boolean;
}

/**
 * A create that is not safe to repeat (each spreadsheets.create or forms.create makes another
 * file): a try that timed out or lost its connection may have made the file, so it is not tried
 * again blindly (gaxios still retries a 429 or 5xx, which Google answers before doing anything).
 * Drive is asked first for a file of that name and kind made since the call began ("Search for
 * files and folders": files.list with q); only when there is none is the create made again.
 */
async function createOnce<T>(
  retry: RetryConfig,
  make: (options: object) => Promise<T>,
  find: (since: string) => Promise<T | null>,
): Promise<T> {
  const since = new Date(Date.now() - 60_000).toISOString();
  // Google answered (with a status) rather than the connection failing or timing out.
  const answered = (error: unknown) =>
    isRecord(error) &&
    ((isRecord(error.response) && error.response.status !== undefined) || error.status !== undefined);
  const options = {
    retryConfig: { ...retry, shouldRetry: (error: never) => answered(error) && retry.shouldRetry(error) },
  };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await make(options);
    } catch (error) {
      if (answered(error) || attempt === 3) throw error;
      const found = await find(since);
      if (found) return found;
    }
  }
}

/** The newest file this app made with this name and MIME type since `since` (drive.file lists only the app's files). */
async function findMade(
  driveApi: drive_v3.Drive,
  name: string,
  mimeType: string,
  since: string,
): Promise<string | null> {
  const quoted = name.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  const q = `name = '${quoted}' and mimeType = '${mimeType}' and createdTime > '${since}' and trashed = false`;
  const files =
    (await driveApi.files.list({ q, orderBy: 'createdTime desc', pageSize: 1, fields: 'files(id)' })).data.files ?? [];
  return files[0]?.id ?? null;
}

/** spreadsheets.create and the Forms API's calls. */
/** The calls that make a file: each made once even when its first try times out (createOnce). */
function createCalls(
  formsApi: forms_v1.Forms,
  sheetsApi: sheets_v4.Sheets,
  driveApi: drive_v3.Drive,
  retry: RetryConfig,
) {
  return {
    /**
     * spreadsheets.create (POST /v4/spreadsheets, body a Spreadsheet): "Creates a spreadsheet,
     * returning the newly created spreadsheet" with its first tab's sheetId.
     */
    async createSpreadsheet(params: { title: string }): Promise<sheets_v4.Schema$Spreadsheet> {
      const fields = 'spreadsheetId,spreadsheetUrl,sheets(properties(sheetId,title))';
      return createOnce(
        retry,
        async (options) =>
          (
            await sheetsApi.spreadsheets.create(
              { requestBody: { properties: { title: params.title } }, fields },
              options,
            )
          ).data,
        async (since) => {
          const id = await findMade(driveApi, params.title, 'application/vnd.google-apps.spreadsheet', since);
          return id ? { spreadsheetId: id, spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit` } : null;
        },
      );
    },
    /**
     * forms.create (POST /v1/forms?unpublished=true): only info.title and info.documentTitle are
     * copied, "all other fields … are disallowed" (Forms API, "Method: forms.create"); `unpublished`
     * asks for an unpublished form whatever the default of the day (api-changes-to-google-forms).
     */
    async createForm(params: { title: string }): Promise<forms_v1.Schema$Form> {
      return createOnce(
        retry,
        async (options) =>
          (
            await formsApi.forms.create(
              { unpublished: true, requestBody: { info: { title: params.title, documentTitle: params.title } } },
              options,
            )
          ).data,
        async (since) => {
          const id = await findMade(driveApi, params.title, 'application/vnd.google-apps.form', since);
          return id ? (await formsApi.forms.get({ formId: id })).data : null;
        },
      );
    },
  };
}

/** The calls on a form that exists: read it, change it, publish it, list its responses. */
function formsCalls(formsApi: forms_v1.Forms) {
  return {
    /** forms.get (GET /v1/forms/{formId}): the Form, with its items, settings and publishSettings (absent on a legacy form). */
    async getForm(params: { formId: string }): Promise<forms_v1.Schema$Form> {
      return (await formsApi.forms.get(params)).data;
    },
    /** forms.batchUpdate (POST /v1/forms/{formId}:batchUpdate): "All the specified updates are made or none of them are". */
    async updateForm(params: {
      formId: string;
      requests: forms_v1.Schema$Request[];
      requiredRevisionId?: string;
    }): Promise<forms_v1.Schema$BatchUpdateFormResponse> {
      // writeControl.requiredRevisionId: "If this is not the latest revision of the form, the request is not processed" (WriteControl).
      const writeControl = params.requiredRevisionId
        ? { writeControl: { requiredRevisionId: params.requiredRevisionId } }
        : {};
      return (
        await formsApi.forms.batchUpdate({
          formId: params.formId,
          requestBody: { requests: params.requests, ...writeControl },
        })
      ).data;
    },
    /** forms.setPublishSettings (POST /v1/forms/{formId}:setPublishSettings, updateMask publishState). */
    async setPublishState(params: {
      formId: string;
      isPublished: boolean;
      isAcceptingResponses: boolean;
    }): Promise<forms_v1.Schema$SetPublishSettingsResponse> {
      const { formId, ...publishState } = params;
      return (
        await formsApi.forms.setPublishSettings({
          formId,
          requestBody: { publishSettings: { publishState }, updateMask: 'publishState' },
        })
      ).data;
    },
    /**
     * forms.responses.list (GET /v1/forms/{formId}/responses), every page: `filter` "timestamp > N"
     * gets the responses "submitted after (but not at) timestamp N" (RFC 3339 UTC).
     */
    async listResponses(params: { formId: string; since?: string }): Promise<forms_v1.Schema$FormResponse[]> {
      const all: forms_v1.Schema$FormResponse[] = [];
      let pageToken: string | undefined;
      do {
        const page = (
          await formsApi.forms.responses.list({
            formId: params.formId,
            ...(params.since !== undefined ? { filter: `timestamp > ${params.since}` } : {}),
            ...(pageToken ? { pageToken } : {}),
          })
        ).data;
        all.push(...(page.responses ?? []));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return all;
    },
  };
}

/** The Drive API's calls: sharing (permissionCalls), publishing, a file's metadata. */
function driveCalls(driveApi: drive_v3.Drive) {
  return {
    ...permissionCalls(driveApi),
    ...accountPermissionCalls(driveApi),
    /** revisions.list, every page: the ids in order, oldest first (the last is the head). */
    async listRevisionIds(params: { fileId: string }): Promise<string[]> {
      const ids: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = (
          await driveApi.revisions.list({
            fileId: params.fileId,
            fields: 'nextPageToken,revisions(id)',
            ...(pageToken ? { pageToken } : {}),
          })
        ).data;
        for (const r of page.revisions ?? []) if (r.id) ids.push(r.id);
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      return ids;
    },
    /**
     * revisions.update (PATCH /drive/v3/files/{fileId}/revisions/{revisionId}, body a Revision); the
     * answer has `publishedLink` ("a link to the published revision", output only) when Drive gives one.
     */
    async updateRevision(params: {
      fileId: string;
      revisionId: string;
      revision: drive_v3.Schema$Revision;
    }): Promise<drive_v3.Schema$Revision> {
      return (
        await driveApi.revisions.update({
          fileId: params.fileId,
          revisionId: params.revisionId,
          requestBody: params.revision,
          fields: 'id,published,publishedLink',
        })
      ).data;
    },
    /** files.update (PATCH /drive/v3/files/{fileId}, body a File): metadata only here. */
    async updateFile(params: { fileId: string; file: drive_v3.Schema$File }): Promise<drive_v3.Schema$File> {
      return (
        await driveApi.files.update({ fileId: params.fileId, requestBody: params.file, fields: 'id,writersCanShare' })
      ).data;
    },
  };
}

/** permissions.list with `params`, every page followed (nextPageToken): all the file's permissions. */
async function everyPermission(
  driveApi: drive_v3.Drive,
  params: drive_v3.Params$Resource$Permissions$List,
): Promise<drive_v3.Schema$Permission[]> {
  const all: drive_v3.Schema$Permission[] = [];
  let pageToken: string | undefined;
  do {
    const page = (await driveApi.permissions.list({ ...params, ...(pageToken ? { pageToken } : {}) })).data;
    all.push(...(page.permissions ?? []));
    pageToken = page.nextPageToken ?? undefined;
  } while (pageToken);
  return all;
}

/** The Drive API's call that finds a person's permissions on a file, a form's responder's included (Files.unshare). */
function accountPermissionCalls(driveApi: drive_v3.Drive) {
  return {
    /** permissions.list with includePermissionsForView=published, every page: each permission's id, role and account (Files.unshare). */
    async listAccountPermissions(params: { fileId: string }): Promise<drive_v3.Schema$Permission[]> {
      return everyPermission(driveApi, {
        fileId: params.fileId,
        includePermissionsForView: 'published',
        fields: 'nextPageToken,permissions(id,role,emailAddress)',
      });
    },
  };
}

/** The Drive API's permission calls: sharing a file, a form's responders. */
function permissionCalls(driveApi: drive_v3.Drive) {
  return {
    /**
     * permissions.create (POST /drive/v3/files/{fileId}/permissions): the answer has the fields asked
     * for. `sendNotificationEmail` "defaults to `true` for users and groups, and is not allowed for
     * other requests": it is sent only for a user or a group.
     */
    async createPermission(params: {
      fileId: string;
      permission: drive_v3.Schema$Permission;
      sendNotificationEmail?: boolean;
      emailMessage?: string;
      fields?: string;
    }): Promise<drive_v3.Schema$Permission> {
      const { fileId, permission, sendNotificationEmail, emailMessage, fields } = params;
      const notifiable = permission.type === 'user' || permission.type === 'group';
      if (sendNotificationEmail !== undefined && !notifiable)
        throw new Error(
          `sendNotificationEmail is for a user or group permission only, not ${String(permission.type)} (Drive API v3, permissions.create)`,
        );
      return (
        await driveApi.permissions.create({
          fileId,
          requestBody: permission,
          ...(sendNotificationEmail !== undefined ? { sendNotificationEmail } : {}),
          ...(emailMessage !== undefined ? { emailMessage } : {}),
          ...(fields ? { fields } : {}),
        })
      ).data;
    },
    /** permissions.list, every page: the addresses (as the add-on's Drive.Permissions.list; a form's responders are not listed). */
    async listPermissionEmails(params: { fileId: string }): Promise<string[]> {
      const all = await everyPermission(driveApi, {
        fileId: params.fileId,
        fields: 'nextPageToken,permissions(emailAddress)',
      });
      return all.flatMap((p) => (p.emailAddress ? [p.emailAddress] : []));
    },
    /** permissions.list with includePermissionsForView=published, every page: a form's responders among the rest (id, type, view). */
    async listResponderPermissions(params: { fileId: string }): Promise<drive_v3.Schema$Permission[]> {
      return everyPermission(driveApi, {
        fileId: params.fileId,
        includePermissionsForView: 'published',
        fields: 'nextPageToken,permissions(id,type,view,emailAddress)',
      });
    },
    /** permissions.delete (DELETE /drive/v3/files/{fileId}/permissions/{permissionId}). */
    async deletePermission(params: { fileId: string; permissionId: string }): Promise<void> {
      await driveApi.permissions.delete({ fileId: params.fileId, permissionId: params.permissionId });
    },
  };
}
