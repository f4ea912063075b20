// The Files port (src/triggers/google/ports.ts) on the Sheets API v4 and Drive API v3 from Node: what
// src/addon/services.ts does with the advanced Sheets and Drive services, with the same fallbacks,
// notes and refusals. Node-only.

import { sameAccount } from '../engine/core/email.js';
import { linkSharedNote, notPublishedNote } from '../triggers/google/refusal-notes.js';
import type { Files, PublishResult, ShareResult, Spreadsheet } from '../triggers/google/ports.js';
import type { GoogleCalls } from './bridge.js';
import { RestSpreadsheet } from './rest-spreadsheet.js';
import { mayPass, refusalOf } from './refusal.js';

const spreadsheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

export class RestFiles implements Files {
  /** Files whose writers may no longer share them on (set once a run, before the first writer). */
  private readonly reshareLocked = new Set<string>();

  constructor(
    private readonly google: GoogleCalls,
    /** The host spreadsheet (the add-on's is the one it is bound to; here the one the command names, when it names one). */
    private readonly hostId?: string,
  ) {}

  host(): Spreadsheet {
    if (this.hostId === undefined)
      throw new Error('no host spreadsheet named (genius-host start and host take --spreadsheet ID)');
    return new RestSpreadsheet(this.google, this.hostId);
  }

  /**
   * spreadsheets.create with the command's own credential: a file the app created, which drive.file
   * lets it share and publish. The answer names the blank first tab, to drop by its id later.
   */
  create(title: string): Spreadsheet {
    const made = this.google.call('createSpreadsheet', { title }, `a new spreadsheet "${title}"`);
    const id = made.spreadsheetId;
    if (!id) throw new Error('Sheets made a spreadsheet without an id');
    const first = made.sheets?.[0]?.properties?.sheetId;
    return new RestSpreadsheet(this.google, id, typeof first === 'number' ? first : undefined);
  }

  open(id: string): Spreadsheet {
    return new RestSpreadsheet(this.google, id);
  }

  share(fileId: string, email: string, role: 'reader' | 'writer', message: string): ShareResult {
    // A writer could otherwise share the file on, with anyone (Drive API v3 File.writersCanShare).
    if (role === 'writer' && !this.reshareLocked.has(fileId)) {
      this.google.call('updateFile', { fileId, file: { writersCanShare: false } }, `file ${fileId}`);
      this.reshareLocked.add(fileId);
    }
    try {
      // `fields`: a permission's emailAddress is not in the default answer; it is the account's own address.
      const permission = this.google.call(
        'createPermission',
        {
          fileId,
          permission: { role, type: 'user', emailAddress: email },
          sendNotificationEmail: true,
          emailMessage: message,
          fields: 'id,emailAddress',
        },
        `file ${fileId}`,
      );
      return permission.emailAddress ? { account: permission.emailAddress } : {};
    } catch (error) {
      if (mayPass(error)) throw error;
      return { refused: refusalOf(error) };
    }
  }

  /** Every permission of `email`'s account on the file, a form's responder's included, removed (as the add-on's). */
  unshare(fileId: string, email: string): void {
    const permissions = this.google.call('listAccountPermissions', { fileId }, `file ${fileId}`);
    for (const p of permissions)
      if (p.id && p.role !== 'owner' && p.emailAddress && sameAccount(p.emailAddress, email))
        this.google.call('deletePermission', { fileId, permissionId: p.id }, `file ${fileId}`);
  }

  /** The addresses the file is shared with (as the add-on's Drive.Permissions.list). */
  sharedWith(fileId: string): string[] {
    return this.google.call('listPermissionEmails', { fileId }, `file ${fileId}`);
  }

  /**
   * Publishes the head revision to the web (new revisions published automatically), or shares with
   * anyone who has the link where publishing is refused; both refused is an answer, not an error.
   */
  publish(fileId: string): PublishResult {
    try {
      const revisions = this.google.call('listRevisionIds', { fileId }, `file ${fileId}`);
      const head = revisions[revisions.length - 1];
      if (!head) throw new Error('the file has no revision to publish');
      const revision = this.google.call(
        'updateRevision',
        { fileId, revisionId: head, revision: { published: true, publishAuto: true, publishedOutsideDomain: true } },
        `file ${fileId}`,
      );
      // Where Drive says the published revision is (Revision.publishedLink); the file's pubhtml where it gives none.
      return {
        url: revision.publishedLink || `https://docs.google.com/spreadsheets/d/${fileId}/pubhtml`,
        published: true,
      };
    } catch (error) {
      if (mayPass(error)) throw error;
      try {
        // No sendNotificationEmail: Drive allows it for users and groups only (permissions.create).
        this.google.call(
          'createPermission',
          { fileId, permission: { role: 'reader', type: 'anyone' } },
          `file ${fileId}`,
        );
      } catch (linked) {
        if (mayPass(linked)) throw linked;
        return {
          url: spreadsheetUrl(fileId),
          published: false,
          note: notPublishedNote(refusalOf(error), refusalOf(linked)),
        };
      }
      return {
        url: `https://docs.google.com/spreadsheets/d/${fileId}/view`,
        published: false,
        note: linkSharedNote(refusalOf(error)),
      };
    }
  }
}
