// The advanced Google services the add-on calls (Sheets v4, Drive v3), each collection through a
// typed accessor, and an error's message whatever realm threw it.
/// <reference types="google-apps-script" />
import { errorText } from '../engine/core/redact.js';

/**
 * How a host turns on an advanced service, in the Apps Script editor's own words ("Advanced Google
 * services", Method A: "At the left, click Editor. At the left, next to Services, click Add a
 * service. Select an advanced Google service and click Add."). Google documents that the editor
 * turns the service's API on in the script's Cloud project "when the script project is saved", and
 * nothing that a copy of the spreadsheet or a manifest sent by the Apps Script API does so
 * (docs/google.md): so a service already listed is removed and added again, in the editor.
 */
function addServiceSteps(service: 'Google Sheets API' | 'Drive API', symbol: 'Sheets' | 'Drive'): string {
  return [
    `Google has not turned on the ${service} for this spreadsheet's script, which genius-host needs. To turn it on:`,
    '1. In this spreadsheet, open Extensions → Apps Script.',
    '2. At the left, click Editor.',
    `3. Under Services, if "${symbol}" is listed: click it, then Remove.`,
    `4. Next to Services, click Add a service (+), choose ${service}, and click Add.`,
    '5. Close the Apps Script tab, and run Genius Host → Check this account… again.',
  ].join(' ');
}

/** Google's answer to an advanced service whose API is not on in the script's Cloud project. */
const API_OFF = /Google (Sheets|Drive) API has not been used in project \d+ before or it is disabled/;

/** The steps that turn the service on, when `message` is Google's "has not been used in project … or it is disabled"; else null. */
export function apiOffSteps(message: string): string | null {
  const off = API_OFF.exec(message)?.[1];
  if (off === 'Sheets') return addServiceSteps('Google Sheets API', 'Sheets');
  if (off === 'Drive') return addServiceSteps('Drive API', 'Drive');
  return null;
}

// An advanced service that is not enabled is not even declared: `!Sheets` would throw a
// ReferenceError instead of this message, so the check is `typeof`.
function sheetsService(): GoogleAppsScript.Sheets {
  if (typeof Sheets === 'undefined' || !Sheets) throw new Error(addServiceSteps('Google Sheets API', 'Sheets'));
  return Sheets;
}

function driveService(): GoogleAppsScript.Drive {
  if (typeof Drive === 'undefined' || !Drive) throw new Error(addServiceSteps('Drive API', 'Drive'));
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
