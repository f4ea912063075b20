// Which kind of Google account the host has: personal (90 minutes of trigger time a day, 100 email
// recipients) or Google Workspace (6 hours, 1,500). Google's quota page sets the numbers by kind of
// account, and nothing a script can call says which kind it runs as; the address does not tell
// either (a personal Google account can be made on any address). So the host says it once, in the
// New match… sidebar, and the add-on keeps the answer in the host spreadsheet's document properties.
// Until the host has said, everything counts as personal: the smaller quota, never over-promised.
/// <reference types="google-apps-script" />

import type { AccountKind } from '../triggers/schedule/trigger-time.js';

/** A document property of the host spreadsheet, apart from any match's keys: it outlives matches. */
const ACCOUNT_KIND_PROPERTY = 'genius-host-account-kind';

function isAccountKind(value: unknown): value is AccountKind {
  return value === 'personal' || value === 'workspace';
}

/** The kind the host said, or null when they have not said yet. */
export function saidAccountKind(): AccountKind | null {
  const value = PropertiesService.getDocumentProperties().getProperty(ACCOUNT_KIND_PROPERTY);
  return isAccountKind(value) ? value : null;
}

/** Keeps the host's answer; anything but the two kinds is refused with one line. */
export function sayAccountKind(kind: unknown): AccountKind {
  if (!isAccountKind(kind))
    throw new Error(`The kind of account is "personal" or "workspace", not ${JSON.stringify(kind)}.`);
  PropertiesService.getDocumentProperties().setProperty(ACCOUNT_KIND_PROPERTY, kind);
  return kind;
}
