// The ports the trigger logic is written against (docs/architecture.md). The add-on implements them
// with Apps Script services (src/addon/services.ts); the tests implement them in memory. Every port
// is synchronous, like Apps Script.

import type { Request, Workbook, WorkbookMetadata } from '../../sheets/api.js';
import type { FormSpec } from '../../forms/index.js';

/** The time now, as an ISO string. */
export interface Clock {
  now(): string;
  /** Waits (Utilities.sleep): run time like any other. */
  sleep(ms: number): void;
  /**
   * Milliseconds from some fixed moment of this process, never going back (a machine's
   * performance.now()): what the lease times its renewals by, so a wall clock set back an hour
   * mid-run cannot stop them (src/node/lease-swap.ts). Absent: the wall clock.
   */
  elapsedMs?(): number;
}

/** One lock per host spreadsheet (LockService.getDocumentLock()). */
export interface Lock {
  /** Waits up to `ms` for the lock; false when another execution holds it. */
  tryAcquire(ms: number): boolean;
  release(): void;
}

/** Small pointers kept between executions (PropertiesService: 9 KB a value). */
export interface Store {
  get(key: string): string | null;
  /** One key read on its own, as it stands now (get may answer from a copy read at once with every key). */
  peek(key: string): string | null;
  /** Every key as it stands now (keys may answer from that copy). */
  peekKeys(): string[];
  set(key: string, value: string): void;
  remove(key: string): void;
  keys(): string[];
}

/** A spreadsheet: the renderer's Workbook plus reading values back. */
export interface Spreadsheet extends Workbook {
  readonly id: string;
  readonly url: string;
  /**
   * The sheetId of the blank tab the spreadsheet was created with (known when `Files.create` made
   * it): the renderer drops that tab by its id, whatever the owner's language named it.
   */
  readonly firstSheetId?: number;
  /**
   * The values of an A1 range (`'Tab'!A1:C9`) as the player typed them: every cell as text,
   * trailing blanks left out (Sheets API values.get with valueRenderOption FORMULA).
   */
  readValues(range: string): string[][];
  /**
   * One batchUpdate that also answers the spreadsheet's metadata after it (the Sheets API's
   * `includeSpreadsheetInResponse`, without grid data), in METADATA_FIELDS' shape. Absent where a
   * port does not ask for it: the metadata is then read when next needed (saved/known-metadata.ts).
   */
  batchUpdateDescribed?(requests: readonly Request[]): WorkbookMetadata;
}

/** What sharing a file with a person came to: the account's own address, or Drive's refusal. */
export type ShareResult = { readonly account?: string; readonly refused?: undefined } | { readonly refused: string };

export interface PublishResult {
  /** Where spectators read the shared sheet. */
  readonly url: string;
  readonly published: boolean;
  /** What the host should know when publishing fell back to view-by-link, or was refused with it. */
  readonly note?: string;
}

/** Creating, opening, sharing and publishing spreadsheets (Sheets and Drive). */
export interface Files {
  /** The spreadsheet the add-on is bound to. */
  host(): Spreadsheet;
  /** A new spreadsheet, and nothing else done with it (the caller records its id first). */
  create(title: string): Spreadsheet;
  open(id: string): Spreadsheet;
  /**
   * Shares a file with one person; Drive's sharing email tells them, with `message`. Answers the
   * address Drive reports for the permission (the Google account's own), when it reports one, or
   * why Drive refused (a domain's sharing policy: asking again would be refused again). A failure
   * that may pass (a quota, a time-out, a server error) throws, so the caller tries again later. A
   * writer cannot share the file on (its writers may not change its sharing).
   */
  share(fileId: string, email: string, role: 'reader' | 'writer', message: string): ShareResult;
  /** The email addresses a file is shared with (to share again only with whom it is not). */
  sharedWith(fileId: string): string[];
  /**
   * Removes every permission `email`'s Google account has on a file, a form's responder permission
   * (view "published") included; the owner's stays. Nothing when it has none (Substitute a player…).
   */
  unshare(fileId: string, email: string): void;
  /**
   * Publishes to the web (updates automatically), or falls back to anyone-with-the-link. A
   * refusal of both is an answer (published false, with a note), not an error.
   */
  publish(fileId: string): PublishResult;
}

export interface FormRef {
  readonly id: string;
  /** The link players answer at. */
  readonly url: string;
  readonly editUrl: string;
}

/**
 * How well a player's form is kept to its player: what setting it up achieved. The README promises
 * a form published to its player's account only, recording the verified address; where Google
 * refused a setting the next safest one is used and `notes` say so (the host sees them).
 */
export interface FormProtection {
  /** Published; 'legacy' for a form without a publish state (accepting is its only switch). */
  readonly published: boolean | 'legacy';
  /** Who can open it: the player's account only, anyone with the link, or nobody (both refused). */
  readonly responders: 'player' | 'anyone' | 'none';
  /** What Forms records as the sender's address: verified (the account's), typed by the sender, or not known. */
  readonly emails: 'verified' | 'responder-input' | 'unknown';
  /** Each refusal, what the match does instead, and what the host can do (empty: as promised). */
  readonly notes: readonly string[];
}

/** A form response as the add-on reads it. */
export interface FormResponse {
  readonly id: string;
  /** When Forms received it (ISO). */
  readonly at: string;
  /** The email Forms verified, if any. */
  readonly email?: string;
  /** Item id → the answer (text, a choice, or the choices ticked). */
  readonly items: Readonly<Record<string, string | readonly string[]>>;
}

/** Which parts of a form already show what a spec asks (true: leave it). */
export interface FormParts {
  readonly title: boolean;
  readonly description: boolean;
  readonly closedMessage: boolean;
  /** The form's items in order, each with the kind it has and which of its parts match the spec's item at that place; null when not known (every item is made again). */
  readonly items: readonly ItemParts[] | null;
  /**
   * Which parts of each of the form's items (rows, in the order of `items`) show each of the spec's
   * items (columns) already: an item may be kept in another place. Absent: only in place.
   */
  readonly across?: readonly (readonly ItemParts[])[];
}

export interface ItemParts {
  readonly kind: string;
  readonly title: boolean;
  readonly help: boolean;
  readonly required: boolean;
  readonly choices: boolean;
  readonly validation: boolean;
}

export interface Forms {
  /** A new form, and nothing else done with it (the caller records its id first). */
  create(title: string): FormRef;
  /**
   * Makes a new form a player's: responses to the spreadsheet `destination`, published but not
   * accepting, open to `responder`'s account only, recording the verified address. Refusals are
   * answered in the protection (with the next safest setting), not thrown. Safe to call again.
   */
  setUp(formId: string, destination: string, responder: string): FormProtection;
  /**
   * Makes the form show `spec` (questions, texts, closed message) without opening or closing it:
   * the caller opens it with startAccepting once it has recorded the returned map. `items` maps the
   * form's current item ids to question ids; the result is the new map. Parts marked in `same` are
   * as the form shows them already and are left alone (each change is a call to Forms): an item of
   * the same kind is changed in place, field by field. A spec without items (a closed form) leaves
   * the questions as they are, hidden behind the closed message, so a form that reopens with the
   * same questions keeps its items.
   */
  show(
    formId: string,
    spec: FormSpec,
    items: Readonly<Record<string, string>>,
    same?: FormParts,
  ): Record<string, string>;
  /**
   * Resumes accepting responses without changing the questions; publishes a form that is not
   * published yet. `published`: what setting the form up found (FormProtection), when it is to be
   * trusted (not on Re-render): a form found published (or legacy) is opened with one call, not
   * asked first whether it is published.
   */
  startAccepting(formId: string, published?: FormProtection['published']): void;
  /** Stops accepting responses without changing the questions; `message` is what the closed form says. */
  stopAccepting(formId: string, message?: string): void;
  /**
   * Lets one more Google account open a form kept to its player's account (Correct a player's
   * email…); nothing for a form open to anyone with the link, or a legacy form.
   */
  addResponder(formId: string, email: string): void;
  /** The form's responses: all, or those received after `since` (ISO; Forms' getResponses(timestamp)). */
  responses(formId: string, since?: string): FormResponse[];
  /** Opens these forms ahead, each kept for the rest of the execution (a tick waiting for a deadline: schedule/next-due.ts). */
  prepare?(formIds: readonly string[]): void;
}

/** The add-on's three triggers. */
export interface Scheduler {
  /**
   * Makes sure exactly these exist: the hourly tick (the safety net), the host spreadsheet's
   * form-submit trigger, and the edit trigger of the shared sheet `sharedId` (its answers tab's
   * edits, see answers/row-edits.ts). No one-shot or minute trigger: schedule/clock-triggers.ts adds them. `everyMinute`: where
   * triggers made inside a trigger's execution do not fire (saved/menu-triggers.ts, menuTriggersOnly), a minute
   * trigger made here, from the host's own call, instead of the hourly one, for the whole match.
   */
  install(sharedId: string, everyMinute?: boolean): void;
  /** Removes every trigger of the match (a hand-over, a rehearsal's end, a finished match: schedule/retire.ts). */
  remove(): void;
  /** Removes the clock triggers (hourly, one-shot, minute), keeping the form-submit and edit triggers (schedule/retire.ts). */
  stopClock(): void;
  /** The one-shot clock trigger at `at` (`.at(date)`), replacing any earlier one; null: none. */
  wakeAt(at: string | null): void;
  /** The minute trigger on or off (around a deadline: schedule/clock-triggers.ts). */
  everyMinute(on: boolean): void;
}

/** One plain-text email (MailApp.sendEmail(recipient, subject, body)). */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/** Email to players (Apps Script's MailApp; docs/google.md, "Reminders and Discord"). */
export interface Mail {
  /** How many more recipients may be emailed today (MailApp.getRemainingDailyQuota: 100 a day for a personal account). */
  remainingDailyQuota(): number;
  /** Sends one email; throws when Google refuses it (the quota spent, a bad address). */
  send(message: MailMessage): void;
}

/** What an HTTP server answered: its status and body, whatever the status (4xx and 5xx included). */
export interface HttpAnswer {
  readonly status: number;
  readonly text: string;
  /** The answer's headers as the server named them (HTTPResponse.getAllHeaders: a header given twice is an array). */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
}

/** HTTP requests (Apps Script's UrlFetchApp.fetch with muteHttpExceptions): Discord's webhook. */
export interface Http {
  /**
   * POSTs `body` as JSON. Throws only when no answer came (a name that does not resolve, a time-out);
   * the error's text may quote the URL (UrlFetchApp's "Address unavailable: <url>"), so it is kept
   * only through errorText (src/engine/core/redact.ts).
   */
  postJson(url: string, body: unknown): HttpAnswer;
}

/**
 * Secrets of the script (Apps Script's script properties, readable only through this script's
 * code): the Discord webhook URL. Never in a sheet, a form or the match file.
 */
export interface Secrets {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Everything the trigger logic talks to. */
export interface HostPorts {
  readonly clock: Clock;
  readonly lock: Lock;
  readonly store: Store;
  readonly files: Files;
  readonly forms: Forms;
  readonly scheduler: Scheduler;
  /** Makes pending writes visible (SpreadsheetApp.flush()). */
  flush(): void;
  /** A new unique id (Utilities.getUuid()). */
  newId(): string;
  /** Reminder emails; absent where a host cannot send mail (no reminders are sent, none logged). */
  readonly mail?: Mail;
  /** Discord posts; absent: no posts. */
  readonly http?: Http;
  /** Where the Discord webhook URL is kept; absent: Discord cannot be set up. */
  readonly secrets?: Secrets;
  /**
   * Set when the ports are a machine's (genius-host host, src/node): no triggers there, so form
   * answers are read by polling every `formsEveryMinutes`, and the public rows are read by every
   * run and just before each deadline (see readRows in answers/row-edits.ts). Unset: Apps Script.
   */
  readonly machine?: { readonly formsEveryMinutes: number };
}
