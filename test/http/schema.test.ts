// The loopback Google as strict as Google's own schema: requests Google's discovery documents
// (test/fixtures/google-discovery) refuse, sent over HTTP to the loopback server, each refused with
// Google's status and wording; the server used to serve every one of them but forms.create's
// (which its own list of the fields the fake models refused already). Then the check itself
// (test/helpers/discovery.ts) on what no request of the server reaches: maps, int64 and uint32,
// the embedded workbook's own check.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { METADATA_FIELDS } from '../../src/sheets/api.js';
import { checkBody, checkCall, discovery, methodAt, methodById } from '../helpers/discovery.js';
import { Google } from '../sandbox/services.js';
import { LoopbackGoogle } from './google-server.js';

const auth = (name: string) => `https://www.googleapis.com/auth/${name}`;
/** The scopes genius-host asks for (src/node/rest.ts SCOPES). */
const ALL = [auth('spreadsheets'), auth('forms.body'), auth('forms.responses.readonly'), auth('drive.file')];

let google: LoopbackGoogle;
let formId = '';
let fileId = '';

async function call(
  method: string,
  path: string,
  body?: unknown,
  scopes: readonly string[] = ALL,
): Promise<{ status: number; message: string; answer: unknown }> {
  const response = await fetch(new URL(path, google.rootUrl), {
    method,
    headers: {
      authorization: `Bearer ${google.token(scopes)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: answer.error?.message ?? '', answer };
}

beforeAll(async () => {
  google = new LoopbackGoogle();
  await google.start();
  google.addSpreadsheet('1Sheet');
  const form = await call('POST', 'v1/forms', { info: { title: 'Answers' } });
  formId = (form.answer as { formId: string }).formId;
  const made = await call('POST', 'v4/spreadsheets', { properties: { title: 'Shared' } });
  fileId = (made.answer as { spreadsheetId: string }).spreadsheetId;
  if (!formId || !fileId) throw new Error(`setup failed: ${JSON.stringify([form, made])}`);
});

afterAll(() => google.close());

const cell = (format: object) => ({
  repeatCell: {
    range: { sheetId: 0, startRowIndex: 0, endRowIndex: 1, startColumnIndex: 0, endColumnIndex: 1 },
    cell: { userEnteredFormat: format },
    fields: 'userEnteredFormat',
  },
});

/** Each a kind of request Google's schema refuses, with the status and the words of the refusal. */
const REFUSED: {
  what: string;
  method: string;
  path: () => string;
  body?: unknown;
  scopes?: readonly string[];
  status: number;
  says: RegExp;
}[] = [
  {
    what: 'an unknown query parameter (spreadsheets.get)',
    method: 'GET',
    path: () => `v4/spreadsheets/1Sheet?fields=${encodeURIComponent(METADATA_FIELDS)}&colour=red`,
    status: 400,
    says: /Unknown name "colour": Cannot bind query parameter/,
  },
  {
    what: "a query parameter of another method (values.get's valueRenderOption on batchUpdate)",
    method: 'POST',
    path: () => 'v4/spreadsheets/1Sheet:batchUpdate?valueRenderOption=FORMULA',
    body: { requests: [cell({ horizontalAlignment: 'LEFT' })] },
    status: 400,
    says: /Unknown name "valueRenderOption": Cannot bind query parameter/,
  },
  {
    what: 'a query parameter outside its enum (values.get majorDimension)',
    method: 'GET',
    path: () => "v4/spreadsheets/1Sheet/values/'Sheet1'!A1:B2?valueRenderOption=FORMULA&majorDimension=DIAGONAL",
    status: 400,
    says: /Invalid value at 'major_dimension' \(TYPE_ENUM\), "DIAGONAL"/,
  },
  {
    what: 'an unknown top-level body field (batchUpdate)',
    method: 'POST',
    path: () => 'v4/spreadsheets/1Sheet:batchUpdate',
    body: { requests: [cell({ horizontalAlignment: 'LEFT' })], dryRun: true },
    status: 400,
    says: /Unknown name "dryRun": Cannot find field/,
  },
  {
    what: 'a non-boolean boolean in a body (includeSpreadsheetInResponse: "yes")',
    method: 'POST',
    path: () => 'v4/spreadsheets/1Sheet:batchUpdate',
    body: { requests: [cell({ horizontalAlignment: 'LEFT' })], includeSpreadsheetInResponse: 'yes' },
    status: 400,
    says: /Invalid value at 'include_spreadsheet_in_response' \(TYPE_BOOL\), "yes"/,
  },
  {
    what: 'a fractional int32 in a body (a column 20.5 pixels wide)',
    method: 'POST',
    path: () => 'v4/spreadsheets/1Sheet:batchUpdate',
    body: {
      requests: [
        {
          updateDimensionProperties: {
            range: { sheetId: 0, dimension: 'COLUMNS', startIndex: 0, endIndex: 1 },
            properties: { pixelSize: 20.5 },
            fields: 'pixelSize',
          },
        },
      ],
    },
    status: 400,
    says: /Invalid value at 'requests\[0\]\.update_dimension_properties\.properties\.pixel_size' \(TYPE_INT32\), 20\.5/,
  },
  {
    what: 'two kinds in one Sheets Request (the second one dropped before)',
    method: 'POST',
    path: () => 'v4/spreadsheets/1Sheet:batchUpdate',
    body: { requests: [{ addSheet: { properties: { title: 'Hidden', hidden: true } }, deleteSheet: { sheetId: 0 } }] },
    status: 400,
    says: /Invalid value at 'requests\[0\]' \(oneof\), oneof field 'kind' is already set\. Cannot set 'deleteSheet'/,
  },
  {
    what: 'a deprecated field (CellFormat.backgroundColor: "Use background_color_style")',
    method: 'POST',
    path: () => 'v4/spreadsheets/1Sheet:batchUpdate',
    body: { requests: [cell({ backgroundColor: { red: 1 } })] },
    status: 400,
    says: /"backgroundColor" at 'requests\[0\]\.repeat_cell\.cell\.user_entered_format' is deprecated/,
  },
  {
    what: 'a JSON null for a field (batchUpdate responseRanges)',
    method: 'POST',
    path: () => 'v4/spreadsheets/1Sheet:batchUpdate',
    body: { requests: [cell({ horizontalAlignment: 'LEFT' })], responseRanges: null },
    status: 400,
    says: /Invalid value at 'response_ranges': null/,
  },
  {
    what: 'a field forms.create does not copy ("All other fields … are disallowed")',
    method: 'POST',
    path: () => 'v1/forms',
    body: { info: { title: 'Answers', description: 'Round 1' } },
    status: 400,
    says: /forms\.create copies only info\.title and info\.documentTitle; info\.description is disallowed/,
  },
  {
    what: 'a number for a string (a Forms item title)',
    method: 'POST',
    path: () => `v1/forms/${formId}:batchUpdate`,
    body: {
      requests: [
        {
          createItem: { item: { title: 5, questionItem: { question: { textQuestion: {} } } }, location: { index: 0 } },
        },
      ],
    },
    status: 400,
    says: /Invalid value at 'requests\[0\]\.create_item\.item\.title' \(TYPE_STRING\), 5/,
  },
  {
    what: 'a string for a boolean (Forms publishState.isPublished: "true")',
    method: 'POST',
    path: () => `v1/forms/${formId}:setPublishSettings`,
    body: { publishSettings: { publishState: { isPublished: 'true', isAcceptingResponses: false } } },
    status: 400,
    says: /Invalid value at 'publish_settings\.publish_state\.is_published' \(TYPE_BOOL\), "true"/,
  },
  {
    what: 'a fractional int32 in a query (forms.responses.list pageSize)',
    method: 'GET',
    path: () => `v1/forms/${formId}/responses?pageSize=2.5`,
    status: 400,
    says: /Invalid value at 'page_size' \(TYPE_INT32\), "2\.5"/,
  },
  {
    what: 'forms.responses.list with the forms.body scope only (it needs a responses or Drive scope)',
    method: 'GET',
    path: () => `v1/forms/${formId}/responses`,
    scopes: [auth('forms.body')],
    status: 403,
    says: /^Request had insufficient authentication scopes\.$/,
  },
  {
    what: 'a non-boolean boolean in a query (Drive sendNotificationEmail=yes)',
    method: 'POST',
    path: () => `drive/v3/files/${fileId}/permissions?sendNotificationEmail=yes`,
    body: { role: 'reader', type: 'user', emailAddress: 'ada@example.com' },
    status: 400,
    says: /Invalid value at 'send_notification_email' \(TYPE_BOOL\), "yes"/,
  },
  {
    what: 'a string for a boolean in a Drive body (writersCanShare: "false")',
    method: 'PATCH',
    path: () => `drive/v3/files/${fileId}`,
    body: { writersCanShare: 'false' },
    status: 400,
    says: /Invalid value at 'writers_can_share' \(TYPE_BOOL\), "false"/,
  },
  {
    what: 'sendNotificationEmail on an "anyone" permission ("not allowed for other requests" than users and groups)',
    method: 'POST',
    path: () => `drive/v3/files/${fileId}/permissions?sendNotificationEmail=false`,
    body: { role: 'reader', type: 'anyone' },
    status: 400,
    says: /sendNotificationEmail is not allowed for a permission of type "anyone"/,
  },
];

describe('the loopback Google refuses what Google’s schema refuses', () => {
  it.each(REFUSED)('$what', async ({ method, path, body, scopes, status, says }) => {
    const answer = await call(method, path(), body, scopes);
    expect(answer.status, answer.message).toBe(status);
    expect(answer.message).toMatch(says);
    expect((answer.answer as { error: { status: string } }).error.status).toBe(
      status === 400 ? 'INVALID_ARGUMENT' : 'PERMISSION_DENIED',
    );
  });

  it('still serves the same calls written as Google takes them', async () => {
    const served = await Promise.all([
      call('GET', `v4/spreadsheets/1Sheet?fields=${encodeURIComponent(METADATA_FIELDS)}`),
      call('POST', 'v4/spreadsheets/1Sheet:batchUpdate', {
        requests: [cell({ backgroundColorStyle: { rgbColor: { red: 1 } } })],
        includeSpreadsheetInResponse: false,
      }),
      call('GET', `v1/forms/${formId}/responses?pageSize=2`),
      call('GET', `v1/forms/${formId}/responses`, undefined, [auth('forms.responses.readonly')]),
      call('POST', `drive/v3/files/${fileId}/permissions?sendNotificationEmail=false`, {
        role: 'reader',
        type: 'user',
        emailAddress: 'ada@example.com',
      }),
      call('POST', `drive/v3/files/${fileId}/permissions`, { role: 'reader', type: 'anyone' }),
    ]);
    expect(served.map((s) => [s.status, s.message])).toEqual(served.map(() => [200, '']));
  });
});

describe('the discovery check', () => {
  const drive = discovery('drive.v3');
  const sheets = discovery('sheets.v4');

  it('finds a method by its verb and path, the most literal path first', () => {
    const all = [sheets, discovery('forms.v1'), drive];
    expect(methodAt(all, 'POST', '/v4/spreadsheets/abc:batchUpdate')?.method.id).toBe(
      'sheets.spreadsheets.batchUpdate',
    );
    expect(methodAt(all, 'GET', '/v4/spreadsheets/abc')?.method.id).toBe('sheets.spreadsheets.get');
    expect(methodAt(all, 'GET', '/v4/spreadsheets/abc/values/Sheet1!A1%3AB2')?.method.id).toBe(
      'sheets.spreadsheets.values.get',
    );
    expect(methodAt(all, 'PATCH', '/drive/v3/files/f1/revisions/head')?.method.id).toBe('drive.revisions.update');
    expect(methodAt(all, 'DELETE', '/v4/spreadsheets/abc')).toBeNull();
  });

  it('refuses a wrong value in an additionalProperties map, and an unknown field through arrays', () => {
    expect(() => checkBody(drive, 'File', { appProperties: { round: 5 } })).toThrow(
      `Invalid value at 'app_properties["round"]' (TYPE_STRING), 5`,
    );
    expect(() => checkBody(drive, 'File', { appProperties: { round: '5' } })).not.toThrow();
    // "Entries with null values are cleared in update and copy requests" (File.appProperties).
    expect(() => checkBody(drive, 'File', { appProperties: { round: null } })).not.toThrow();
    expect(() =>
      checkBody(sheets, 'BatchUpdateSpreadsheetRequest', {
        requests: [{ updateCells: { rows: [{ values: [{ colour: 1 }] }] } }],
      }),
    ).toThrow(`Unknown name "colour" at 'requests[0].update_cells.rows[0].values[0]': Cannot find field.`);
  });

  it('takes an int64 as a string of digits only, and an int32 within its range', () => {
    // Drive's File.quotaBytesUsed is an int64 ("type": "string", "format": "int64").
    expect(() => checkBody(drive, 'File', { quotaBytesUsed: '12' })).not.toThrow();
    expect(() => checkBody(drive, 'File', { quotaBytesUsed: 12 })).toThrow('(TYPE_INT64), 12');
    expect(() => checkBody(drive, 'File', { quotaBytesUsed: '1.5' })).toThrow('(TYPE_INT64), "1.5"');
    expect(() => checkBody(drive, 'File', { quotaBytesUsed: '9223372036854775808' })).toThrow('TYPE_INT64');
    expect(() => checkBody(sheets, 'GridProperties', { rowCount: 2 ** 31 })).toThrow('(TYPE_INT32)');
  });

  it('refuses an empty Sheets Request and takes an empty cell value', () => {
    expect(() => checkBody(sheets, 'BatchUpdateSpreadsheetRequest', { requests: [{}] })).toThrow(
      'Invalid requests[0]: No request set.',
    );
    expect(() => checkBody(sheets, 'CellData', { userEnteredValue: {} })).not.toThrow();
  });

  it('refuses a body on a method that takes none, and answers every refusal at once', () => {
    const get = methodById(sheets, 'sheets.spreadsheets.get');
    expect(() => checkCall(sheets, get, { query: new URLSearchParams(), body: { requests: [] } })).toThrow(
      'takes no request body',
    );
    expect(() => checkCall(sheets, get, { query: new URLSearchParams('a=1&b=2'), body: undefined })).toThrow(
      /"a".*\n.*"b"/,
    );
  });

  it('checks the sandbox’s advanced services too: the add-on’s Sheets and Drive calls are Google’s REST calls', () => {
    const world = new Google({
      owner: 'host@example.com',
      start: '2026-11-01T10:00:00Z',
      dist: join(__dirname, '../../dist'),
    });
    const { Sheets, Drive } = world.services() as unknown as {
      Sheets: { Spreadsheets: { create(resource: object): { spreadsheetId: string } } };
      Drive: { Permissions: { create(resource: object, fileId: string, optionalArgs?: object): unknown } };
    };
    expect(() => Sheets.Spreadsheets.create({ properties: { title: 'Shared', colour: 'red' } })).toThrow(
      `GoogleJsonResponseException: API call to sheets.spreadsheets.create failed with error: Invalid JSON payload received. Unknown name "colour" at 'properties': Cannot find field.`,
    );
    const id = Sheets.Spreadsheets.create({ properties: { title: 'Shared' } }).spreadsheetId;
    expect(() =>
      Drive.Permissions.create({ role: 'reader', type: 'anyone' }, id, { sendNotificationEmail: false }),
    ).toThrow('sendNotificationEmail is not allowed for a permission of type "anyone"');
    expect(() => Drive.Permissions.create({ role: 'reader', type: 'anyone' }, id)).not.toThrow();
  });

  it('is the embedded workbook’s own check under test (test/schema-setup.ts)', () => {
    const workbook = new EmbeddedWorkbook();
    expect(() =>
      workbook.batchUpdate([
        {
          updateSheetProperties: {
            properties: { sheetId: 0, gridProperties: { frozenRowCount: 1.5 } },
            fields: 'gridProperties',
          },
        },
      ]),
    ).toThrow(
      `Invalid value at 'requests[0].update_sheet_properties.properties.grid_properties.frozen_row_count' (TYPE_INT32), 1.5`,
    );
  });
});
