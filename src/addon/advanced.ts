// The advanced Google services the add-on calls (Sheets v4, Drive v3), each collection through a
// typed accessor, and an error's message whatever realm threw it.
/// <reference types="google-apps-script" />
import { errorText } from '../engine/core/redact.js';

// An advanced service that is not enabled is not even declared: `!Sheets` would throw a
// ReferenceError instead of this message, so the check is `typeof`.
function sheetsService(): GoogleAppsScript.Sheets {
  if (typeof Sheets === 'undefined' || !Sheets)
    throw new Error(
      'The advanced Sheets service is not enabled for this script. In the Apps Script editor: Services (+) → Google Sheets API → Add (or push dist/appsscript.json again, which lists it).',
    );
  return Sheets;
}

function driveService(): GoogleAppsScript.Drive {
  if (typeof Drive === 'undefined' || !Drive)
    throw new Error(
      'The advanced Drive service is not enabled for this script. In the Apps Script editor: Services (+) → Drive API (v3) → Add (or push dist/appsscript.json again, which lists it).',
    );
  return Drive;
}

/** A collection of an advanced service: the typings mark each one optional; an enabled service has them all. */
function collection<T>(value: T | undefined, name: string): T {
  if (value === undefined || value === null)
    throw new Error(`the advanced service has no ${name}: is its version the one appsscript.json names?`);
  return value;
}

export const spreadsheetsApi = () => collection(sheetsService().Spreadsheets, 'Sheets.Spreadsheets');
export const valuesApi = () => collection(spreadsheetsApi().Values, 'Sheets.Spreadsheets.Values');
export const drivePermissions = () => collection(driveService().Permissions, 'Drive.Permissions');
export const driveRevisions = () => collection(driveService().Revisions, 'Drive.Revisions');
export const driveFiles = () => collection(driveService().Files, 'Drive.Files');

// A service's exception as text: the one redacting function (core/redact.ts), which also does not
// rely on `instanceof Error` (an exception thrown by a service need not be this realm's Error).
export const messageOf = errorText;
