// Check this account…: before a match, the host learns what this Google account (and its domain)
// allows. On throwaway files it tries everything a match needs (docs/google.md lists each behaviour
// and the check item that checks it), removes what it made, and reports each item: works, or
// refused, with what a match does instead and what the host can do. Nothing of a match is touched:
// its own file names, its own trigger handler, its own property key.
/// <reference types="google-apps-script" />

import { GAME_LIST } from '../engine/index.js';
import { apiOffSteps, driveFiles, drivePermissions, driveRevisions, spreadsheetsApi } from './advanced.js';
import { type PublishingForm, protectForm } from './form-app.js';
import type { AccountKind } from '../triggers/schedule/trigger-time.js';
import { saidAccountKind } from './account-kind.js';
import { DAILY_TRIGGER_MINUTES, EXPECTED_TRIGGER_USE } from './trigger-use.js';
import { errorText } from '../engine/core/redact.js';

/** The handler of the check's own throwaway trigger (main.ts exports it; it does nothing). */
const CHECK_TRIGGER_HANDLER = 'checkAccountTrigger';
const CHECK_PROPERTY = 'genius-host-check';
const THROWAWAY = 'genius-host check: delete me';

export interface CheckItem {
  /** What was tried. */
  readonly item: string;
  readonly works: boolean;
  /** What Google answered (the refusal's message), or what was read back. */
  readonly detail: string;
  /** Where refused: what a match does instead, and what the host can do. */
  readonly instead?: string;
}

export interface AccountCheck {
  readonly items: readonly CheckItem[];
  /** The account's address as Drive reports the owner of a new file ('' if unknown). */
  readonly account: string;
  /** The kind the host said in the New match… sidebar, or personal (the smaller quota) until they do. */
  readonly kind: AccountKind;
  /** Whether the host has said it: Google does not tell a script which kind of account it runs as. */
  readonly kindSaid: boolean;
  readonly dailyTriggerMinutes: number;
  readonly games: readonly {
    readonly title: string;
    readonly players: number;
    readonly minutesPerDay: number;
    readonly fits: boolean;
    readonly why: string;
  }[];
  /** Throwaway files the check could not remove (delete them by hand). */
  readonly leftovers: readonly string[];
}

// A service's exception as text, redacted (core/redact.ts; not `instanceof Error`: an exception thrown by a service need not be this realm's Error).
const messageOf = errorText;

/** The items tried so far, and the throwaway files made (to remove at the end). */
class CheckRun {
  readonly items: CheckItem[] = [];
  readonly made: { id: string; url: string }[] = [];

  /**
   * Tries one item: its detail is what `work` returns, or the refusal's message with what a match
   * does `instead`; where Google says the service's API is off for this script, how the host turns
   * it on (advanced.ts) comes first.
   */
  attempt(item: string, work: () => string, instead: string): boolean {
    try {
      this.items.push({ item, works: true, detail: work() });
      return true;
    } catch (error) {
      const detail = messageOf(error);
      const steps = apiOffSteps(detail);
      this.items.push({ item, works: false, detail, instead: steps ? `${steps} Until then: ${instead}` : instead });
      return false;
    }
  }
}

export function checkAccount(): AccountCheck {
  const run = new CheckRun();
  const account = checkSpreadsheet(run);
  checkForm(run, account);
  checkTriggerAndProperties(run);
  const leftovers = removeThrowaways(run.made);
  return { items: run.items, account, ...triggerBudget(), leftovers };
}

/** A spreadsheet, as Start makes the shared and private sheets: made, owned, published, shared, protected. Returns the account's address ('' if unknown). */
function checkSpreadsheet(run: CheckRun): string {
  let sheetId = '';
  let firstTab = 0;
  let account = '';
  run.attempt(
    'Create a spreadsheet (Sheets API)',
    () => {
      const ss = spreadsheetsApi().create({ properties: { title: `${THROWAWAY} (spreadsheet)` } });
      if (!ss.spreadsheetId) throw new Error('Sheets made a spreadsheet without an id');
      sheetId = ss.spreadsheetId;
      firstTab = ss.sheets?.[0]?.properties?.sheetId ?? 0;
      run.made.push({ id: sheetId, url: ss.spreadsheetUrl ?? sheetId });
      // What it made, not where: its link (an id a host cannot use) is shown only if it could not be removed.
      return `made one; its first tab is "${ss.sheets?.[0]?.properties?.title ?? '?'}"`;
    },
    'No match can start: the add-on makes a spreadsheet per player and a shared one. Check that the advanced Sheets service is enabled and that your account may create files in Drive.',
  );
  if (!sheetId) return account;
  account = checkSharing(run, sheetId);
  checkProtection(run, sheetId, firstTab, account);
  return account;
}

/** Drive's part of a spreadsheet: who owns it, publishing, link sharing, writers kept from re-sharing; the owner's address. */
function checkSharing(run: CheckRun, sheetId: string): string {
  let account = '';
  run.attempt(
    'Read who owns it (Drive, drive.file scope)',
    () => {
      const owners = (
        drivePermissions().list(sheetId, { fields: 'permissions(emailAddress)' }).permissions ?? []
      ).flatMap((p) => (p.emailAddress ? [p.emailAddress] : []));
      account = owners[0] ?? '';
      return owners.join(', ');
    },
    'The add-on cannot tell whom a file is shared with: pressing Start again after a failure may share a file twice (harmless, one more email).',
  );
  run.attempt(
    'Publish a spreadsheet to the web',
    () => {
      const revisions = driveRevisions().list(sheetId, { fields: 'revisions(id)' }).revisions ?? [];
      const head = revisions[revisions.length - 1];
      if (!head?.id) throw new Error('the file has no revision to publish');
      driveRevisions().update({ published: true, publishAuto: true, publishedOutsideDomain: true }, sheetId, head.id);
      return 'published, updating automatically';
    },
    'The shared sheet is shared as "anyone with the link can view" instead (the next item), and the sidebar and Links tab say so. A Workspace administrator can allow publishing (Admin console → Drive and Docs → Sharing settings).',
  );
  run.attempt(
    'Share a spreadsheet with anyone who has the link',
    () => {
      drivePermissions().create({ role: 'reader', type: 'anyone' }, sheetId);
      return 'anyone with the link can view';
    },
    'Where publishing is refused too, spectators cannot open the shared sheet (the match still runs; the sidebar and Links tab say so). A Workspace administrator can allow link sharing.',
  );
  run.attempt(
    'Stop writers from sharing a spreadsheet on',
    () => {
      driveFiles().update({ writersCanShare: false }, sheetId);
      return 'writers cannot change its sharing';
    },
    'Start stops at sharing the shared sheet with players (it refuses to let a player re-share it): press Start again later, or ask your administrator.',
  );
  return account;
}

/** A protected range one editor may change, as each player's row of the shared sheet. */
function checkProtection(run: CheckRun, sheetId: string, firstTab: number, account: string): void {
  run.attempt(
    'Protect a range for one editor',
    () => {
      spreadsheetsApi().batchUpdate(
        {
          requests: [
            {
              addProtectedRange: {
                // No protectedRangeId: Sheets draws one (AddProtectedRangeRequest).
                protectedRange: {
                  range: { sheetId: firstTab, startRowIndex: 0, endRowIndex: 1 },
                  description: THROWAWAY,
                  editors: { users: account ? [account] : [] },
                },
              },
            },
          ],
        },
        sheetId,
      );
      return `row 1 editable by ${account || 'the owner'} only`;
    },
    "Each player's row of the shared sheet cannot be kept to that player: public answers (Pasture, Not Flower Field) would be open to every player.",
  );
}

/** A form, set up as Start sets up each player's: published closed, one responder, verified emails. */
function checkForm(run: CheckRun, account: string): void {
  let formId = '';
  let form: PublishingForm | null = null;
  run.attempt(
    'Create a form',
    () => {
      form = FormApp.create(`${THROWAWAY} (form)`);
      formId = form.getId();
      run.made.push({ id: formId, url: form.getEditUrl() });
      return 'made one';
    },
    'No match can start: every player answers in a form of their own.',
  );
  if (form && formId) {
    const protection = protectForm(form, formId, account || 'you@example.com');
    const said = (pattern: RegExp) => protection.notes.find((n) => pattern.test(n));
    run.items.push(
      protection.published === 'legacy'
        ? {
            item: 'Publish a form (keep it closed until its phase)',
            works: false,
            detail: 'a legacy form: no publish state',
            instead: said(/legacy/) ?? '',
          }
        : protection.published
          ? { item: 'Publish a form (keep it closed until its phase)', works: true, detail: 'published, not accepting' }
          : {
              item: 'Publish a form (keep it closed until its phase)',
              works: false,
              detail: said(/publish/i) ?? 'not published',
              instead:
                'The add-on tries again when each phase opens; if it stays refused, players cannot open their forms: publish each form by hand (its edit link on the Links tab → Publish).',
            },
    );
    // Read back from Drive (form-app.ts): who besides this account may answer. The account is the
    // form's owner here, on whom addPublishedReader "has no effect": what this item shows is
    // that nobody else (anyone with the link above all) may answer; each player's own form is read
    // back the same way at Start.
    const responderNote = said(/account|responder|answered by/i) ?? '';
    run.items.push(
      protection.responders === 'player'
        ? {
            item: "Open a form to one player's account only",
            works: true,
            detail: `read back: only ${account || 'the account given'} can answer it`,
          }
        : {
            item: "Open a form to one player's account only",
            works: false,
            detail:
              protection.responders === 'anyone'
                ? 'read back: others than the player can answer it'
                : 'nobody can open it',
            instead: apiOffSteps(responderNote) ?? responderNote,
          },
    );
    run.items.push(
      protection.emails === 'verified'
        ? {
            item: 'Collect verified email addresses (read back)',
            works: true,
            detail: "Forms records the signed-in account's address",
          }
        : {
            item: 'Collect verified email addresses (read back)',
            works: false,
            detail: protection.emails === 'responder-input' ? 'Forms records what the sender types' : 'not confirmed',
            instead: said(/address/i) ?? '',
          },
    );
  }
}

/** A trigger, as Start installs two, and the document properties each execution leaves the next. */
function checkTriggerAndProperties(run: CheckRun): void {
  run.attempt(
    'Install and delete a trigger',
    () => {
      const trigger = ScriptApp.newTrigger(CHECK_TRIGGER_HANDLER).timeBased().everyMinutes(30).create();
      ScriptApp.deleteTrigger(trigger);
      const mine = ScriptApp.getProjectTriggers().length;
      return `works (${mine} of your 20 triggers for this script are in use)`;
    },
    'No match can run: the minute tick and the form-submit trigger resolve phases. Delete unused triggers (Extensions → Apps Script → Triggers) and try again.',
  );
  run.attempt(
    'Keep small pointers (document properties)',
    () => {
      const properties = PropertiesService.getDocumentProperties();
      properties.setProperty(CHECK_PROPERTY, 'ok');
      const back = properties.getProperty(CHECK_PROPERTY);
      properties.deleteProperty(CHECK_PROPERTY);
      if (back !== 'ok') throw new Error(`read back "${back}"`);
      return 'written, read back, removed';
    },
    'No match can run: each execution leaves the next its pointers there. The daily Properties quota may be spent: try again tomorrow.',
  );
}

/** Removes the throwaway files (drive.file lets the script delete what it made); returns those it could not. */
function removeThrowaways(made: readonly { id: string; url: string }[]): string[] {
  const leftovers: string[] = [];
  for (const file of made) {
    try {
      driveFiles().remove(file.id);
    } catch (error) {
      leftovers.push(`${file.url} (${messageOf(error)})`);
    }
  }
  return leftovers;
}

/**
 * The account's kind as the host said it (never guessed from the address: a personal account can
 * have any address), its daily trigger minutes, and which games fit in them.
 */
function triggerBudget(): Pick<AccountCheck, 'kind' | 'kindSaid' | 'dailyTriggerMinutes' | 'games'> {
  const said = saidAccountKind();
  const kind = said ?? 'personal';
  const dailyTriggerMinutes = DAILY_TRIGGER_MINUTES[kind];
  const games = EXPECTED_TRIGGER_USE.map((use) => ({
    title: GAME_LIST.find((g) => g.id === use.game)?.title ?? use.game,
    players: use.players,
    minutesPerDay: use.minutesPerDay,
    fits: use.minutesPerDay <= dailyTriggerMinutes,
    why: use.why,
  }));
  return { kind, kindSaid: said !== null, dailyTriggerMinutes, games };
}
