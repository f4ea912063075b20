// Least privilege: the Apps Script manifest asks for exactly the narrow scopes of docs/architecture.md
// and nothing more. Adding a scope, or widening one (drive.file → drive), fails this test: such a
// change has to be made here too, on purpose, where a reviewer sees it.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

/** docs/architecture.md, "What Apps Script imposes": the narrowest scopes that let the add-on do its work. */
const SCOPES = [
  // Read and write the host's spreadsheet, the spectator sheet and the player sheets.
  'https://www.googleapis.com/auth/spreadsheets',
  // Create each player's form and read its responses.
  'https://www.googleapis.com/auth/forms',
  // The clock trigger and the form-submit trigger.
  'https://www.googleapis.com/auth/script.scriptapp',
  // The menu and the sidebar in the host's spreadsheet.
  'https://www.googleapis.com/auth/script.container.ui',
  // Only the files the add-on creates or the host opens with it, never the whole Drive.
  'https://www.googleapis.com/auth/drive.file',
  // Reminder emails (MailApp): sending only, never reading the host's mail.
  'https://www.googleapis.com/auth/script.send_mail',
  // Discord's webhook (UrlFetchApp), the one outside address the add-on calls.
  'https://www.googleapis.com/auth/script.external_request',
];

interface Manifest {
  readonly timeZone?: unknown;
  readonly runtimeVersion?: unknown;
  readonly exceptionLogging?: unknown;
  readonly oauthScopes?: unknown;
  readonly dependencies?: { readonly enabledAdvancedServices?: unknown; readonly libraries?: unknown };
  readonly [key: string]: unknown;
}

function manifestAt(path: string): Manifest {
  return JSON.parse(readFileSync(join(root, path), 'utf8')) as Manifest;
}

describe.each(['appsscript.json', 'dist/appsscript.json'])('%s', (path) => {
  // dist/ is what clasp pushes (the global setup builds it before the tests run).
  const manifest = manifestAt(path);

  it('asks for exactly the narrow scopes, each once', () => {
    expect(manifest.oauthScopes).toEqual(SCOPES);
  });

  it('runs on V8 in an explicit time zone, logging exceptions', () => {
    expect(manifest.runtimeVersion).toBe('V8');
    expect(typeof manifest.timeZone).toBe('string');
    // A real IANA zone: Intl refuses an unknown one.
    expect(() => new Intl.DateTimeFormat('en', { timeZone: manifest.timeZone as string })).not.toThrow();
    expect(manifest.exceptionLogging).toBe('STACKDRIVER');
  });

  it('enables the advanced services Sheets v4 and Drive v3, by serviceId, and nothing else', () => {
    expect(manifest.dependencies?.enabledAdvancedServices).toEqual([
      { userSymbol: 'Sheets', serviceId: 'sheets', version: 'v4' },
      { userSymbol: 'Drive', serviceId: 'drive', version: 'v3' },
    ]);
    // No libraries: their code would run with the add-on's scopes, outside our bundle and tests.
    expect(manifest.dependencies?.libraries).toBeUndefined();
  });

  it('opens no other door: no web app, no API executable, no outside URLs', () => {
    for (const key of ['webapp', 'executionApi', 'urlFetchWhitelist']) expect(manifest[key], key).toBeUndefined();
    // Any new section is a deliberate change to this list.
    expect(Object.keys(manifest).sort()).toEqual([
      'dependencies',
      'exceptionLogging',
      'oauthScopes',
      'runtimeVersion',
      'timeZone',
    ]);
  });
});

describe('the two manifests', () => {
  it('are the same: the pushed one is the reviewed one', () => {
    expect(manifestAt('dist/appsscript.json')).toEqual(manifestAt('appsscript.json'));
  });
});
