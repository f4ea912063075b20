// The small pointers an execution leaves for the next one (the Store port: Apps Script's document
// properties). The log is the match; these only say where its files are and how far the last
// execution got, so every getter checks what it reads and fails with a message that names the key:
// a damaged or hand-edited property must not turn into a wrong board or a lost answer.
//
// Every key the add-on keeps is named here and nowhere else (KEY, OTHER_KEYS, LEGACY_STATE_KEYS;
// test/build/saved-keys.test.ts): other files use these names, so a reader finds every saved thing
// in one list.

import * as z from 'zod/mini';
import type { FormRef, Store } from '../google/ports.js';
import { EXECUTION_STATE, type ExecutionState } from './execution-state.js';

/**
 * What the public answers tab (answers/public-rows.ts) is set up for: the phase its rows answer,
 * its public questions, its first row. Kept here, with the key that holds it.
 */
export interface RowsSetup {
  readonly phase: string | null;
  readonly questions: readonly string[];
  /** The texts of the tab's first row (absent in pointers written before it was kept). */
  readonly header?: readonly string[];
  /** When an execution began writing the tab for this setup: an edit from then on answers it. */
  readonly since?: string;
}

/** What the rows were last set up for, and the setup before it. */
export interface RowsPointer extends RowsSetup {
  /** When the rows were last read (pointers of the add-on before the edit trigger; unused now). */
  readonly readAt?: string;
  /** The setup the tab showed before this one: an edit made before `since` answers it. */
  readonly previous?: RowsSetup;
  /**
   * The setup being written. The tab changes in one atomic write, but an execution may stop
   * between it and recording the new setup here: until then the tab shows either setup, and its
   * first row tells which.
   */
  readonly next?: RowsSetup;
}

export const KEY = {
  /** The execution's own record (ExecutionState in execution-state.ts: when the forms were last all read, what was last drawn). */
  state: 'gh.state',
  /** A form answer's ask for its form to be read, a key per form (see run in execution/pipeline.ts). */
  askPrefix: 'gh.ask.',
  /** A start under way (StartProgress). */
  starting: 'gh.starting',
  /** The setup the match in the log was started with (a fingerprint). */
  setup: 'gh.setup',
  shared: 'gh.shared',
  player: (id: string) => `gh.player.${id}`,
  form: (id: string) => `gh.form.${id}`,
  /** A player's or the public spreadsheet's metadata as its last write answered it (known-metadata.ts). */
  metadataPrefix: 'gh.meta.',
  metadata: (spreadsheetId: string) => `gh.meta.${spreadsheetId}`,
  /** The public answer rows of the shared sheet (RowsPointer). */
  rows: 'gh.rows',
  quiet: 'gh.quiet',
  /** The clock triggers the last execution armed (schedule/clock-triggers.ts). */
  armed: 'gh.armed',
  /** The log tab's sheet id (match-log.ts): the log is read by it without the host's metadata. */
  logTab: 'gh.log-tab',
  /** A finished match's triggers removed: 'clock' (the form and edit triggers kept) or 'all' (schedule/retire.ts). */
  retired: 'gh.retired',
  /** An edit of the shared sheet's answers tab, recorded by the edit trigger (see answers/row-edits.ts): a key per edit. */
  editPrefix: 'gh.edit.',
  /**
   * Since when Discord posts go out (the webhook URL itself is a secret, in the script properties:
   * see messages/discord-webhook.ts). The host's setting, not a match's: outside `gh.`, so a new match keeps it.
   */
  discord: 'genius-host.discord',
  /**
   * Who hosts the match: 'machine' (genius-host host; host/handover.ts), otherwise Apps Script. Kept in
   * both stores; a runner whose own store names the other does nothing.
   */
  runner: 'gh.runner',
  /** A machine's last read of the public answer rows (see readRows in answers/row-edits.ts). */
  rowsRead: 'gh.rows-read',
  /** What Host from Apps Script again last saw of a machine's lease, by Apps Script's clock (LeaseSighting: host/handover.ts). */
  leaseSeen: 'gh.lease-seen',
  /** Set once a machine has re-keyed the forms' item maps by the Forms API's question ids (src/node/adopt-forms.ts). */
  itemsKeyedBy: 'gh.items-keyed-by',
  /**
   * Why the account runs on menu-made triggers (saved/menu-triggers.ts): the host's setting, not a
   * match's; outside `gh.`, so it outlives the match.
   */
  menuTriggers: 'genius-host.menu-triggers',
  /** This match was started on the minute trigger (saved/menu-triggers.ts): a `gh.` key, it goes with the match. */
  menuMinute: 'gh.menu-minute',
  /**
   * A webhook Discord refused for good: its id and why (messages/discord-webhook.ts). The host's
   * setting, as `discord`: outside `gh.`, so a new match keeps it until the host sets a webhook again.
   */
  discordStopped: 'genius-host.discord-stopped',
  /** Google measured where it runs (google/measured.ts): outside `gh.`, so a new match keeps it, as it keeps the account. */
  latency: 'genius-host.latency',
} as const;

/**
 * The keys kept outside the match's document properties: the script properties (the host's, across
 * matches: the Discord webhook's URL, a secret; what a rehearsal is and what each of its
 * executions saw, src/addon/rehearsal-record.ts) and the developer metadata of a machine's lease
 * (store-lease.ts). Named here with the others, so no other file writes a key.
 */
export const OTHER_KEYS = {
  /** The Discord webhook's URL (messages/discord-webhook.ts): a secret, in the script properties. */
  discordWebhook: 'genius-host.discord-webhook',
  /** What a rehearsal is (script properties), written by its start and its end. */
  rehearsal: 'genius-host.rehearsal',
  /** What one execution saw during a rehearsal: one key each, written once without the lock. */
  rehearsalSeenPrefix: 'genius-host.rehearsal.seen.',
  /** The machines' lease: developer metadata on the store tab. */
  lease: 'genius-host.lease',
  /** The machines' fences: developer metadata on the store tab, one per lease taken over (store-lease.ts). */
  fence: 'genius-host.fence',
} as const;

/** The keys each field was kept under before they were one record (a match running when the add-on was updated). */
const LEGACY_STATE_KEYS = {
  polled: 'gh.polled',
  seen: 'gh.seen',
  drawnAt: 'gh.drawn-at',
  rendered: 'gh.rendered',
} as const;

/** A spreadsheet the add-on made, with the id of the blank tab it was created with (to drop it by id). */
const fileRef = z.object({ id: z.string(), url: z.string(), firstSheetId: z.optional(z.number()) });
const protection = z.object({
  published: z.union([z.boolean(), z.literal('legacy')]),
  responders: z.enum(['player', 'anyone', 'none']),
  emails: z.enum(['verified', 'responder-input', 'unknown']),
  notes: z.array(z.string()),
});
const formRef = z.object({ id: z.string(), url: z.string(), editUrl: z.string() });
const rowsSetup = z.object({
  phase: z.nullable(z.string()),
  questions: z.array(z.string()),
  header: z.optional(z.array(z.string())),
  since: z.optional(z.string()),
});
const itemLayout = z.object({
  kind: z.string(),
  title: z.string(),
  help: z.string(),
  required: z.boolean(),
  choices: z.string(),
  validation: z.string(),
});
const formLayout = z.object({
  title: z.string(),
  description: z.string(),
  closedMessage: z.string(),
  items: z.array(itemLayout),
});

const SCHEMAS = {
  legacyPolled: z.object({ at: z.string() }),
  legacyRendered: z.record(z.string(), z.string()),
  // `sharp`: `until` is a deadline or a phase's opening (the tick before it waits for it).
  quiet: z.object({
    until: z.string(),
    ask: z.string(),
    open: z.nullable(z.string()),
    sharp: z.optional(z.boolean()),
    // The open phase's deadline or the next phase's opening (schedule/clock-triggers.ts: the minute trigger before it).
    edge: z.optional(z.string()),
    // A rehearsal watches the match (ExecutionState.rehearsal): the one place a quiet tick learns it.
    rehearsal: z.optional(z.boolean()),
  }),
  /** `seed`: an anonymous match's, from the first call on; `secret`: the host's (its aliases and order are drawn from it before the log exists). */
  starting: z.object({ setup: z.string(), seed: z.optional(z.string()), secret: z.optional(z.string()) }),
  startedPlayer: z.object({
    form: z.optional(formRef),
    protection: z.optional(protection),
    sheet: z.optional(fileRef),
    shares: z.optional(z.array(z.string())),
    account: z.optional(z.string()),
    notes: z.optional(z.array(z.string())),
  }),
  // `publishing`: made and recorded, not yet published (a start that stopped there publishes it next time).
  shared: z.object({
    id: z.string(),
    url: z.string(),
    firstSheetId: z.optional(z.number()),
    spectators: z.string(),
    published: z.boolean(),
    publishing: z.optional(z.boolean()),
    note: z.optional(z.string()),
  }),
  player: z.object({ sheet: fileRef, form: formRef }),
  // `open`: the form may hold answers not read yet (false once it was closed and read again).
  form: z.object({
    phase: z.nullable(z.string()),
    key: z.string(),
    items: z.record(z.string(), z.string()),
    layout: z.optional(formLayout),
    open: z.optional(z.boolean()),
  }),
  rows: z.object({
    phase: z.nullable(z.string()),
    questions: z.array(z.string()),
    header: z.optional(z.array(z.string())),
    since: z.optional(z.string()),
    readAt: z.optional(z.string()),
    next: z.optional(rowsSetup),
    previous: z.optional(rowsSetup),
  }),
};

/**
 * Until when a tick has nothing to do (no deadline, no phase opening, no form reading due, no
 * public rows to read, nothing left half-done), as long as no form answer has asked since (`ask`).
 */
export type QuietPointer = z.infer<typeof SCHEMAS.quiet>;
/** A start under way: which setup (a fingerprint of what the host chose). */
export type StartProgress = z.infer<typeof SCHEMAS.starting>;
/**
 * A player's pointer while the start makes their files: what exists so far, whom each file is
 * shared with, and the address Drive reported for the player's account when sharing.
 */
export type StartedPlayer = z.infer<typeof SCHEMAS.startedPlayer>;
export type SharedPointer = z.infer<typeof SCHEMAS.shared>;
export type PlayerPointer = z.infer<typeof SCHEMAS.player>;
/** What a form shows, part by part: fingerprints, to change only what differs (each change is a call to Forms). */
export type FormLayout = z.infer<typeof formLayout>;
export type ItemLayout = z.infer<typeof itemLayout>;
/** The phase a form shows, the fingerprint of its spec once it shows it, and its item ids → question ids. */
export type FormPointer = z.infer<typeof SCHEMAS.form>;

/** A form that has shown nothing yet. */
export const BLANK_FORM: FormPointer = { phase: null, key: '', items: {} };

/** The Store with a typed getter and setter per pointer. */
export class Pointers {
  constructor(readonly store: Store) {}

  private read<T>(key: string, schema: z.ZodMiniType<T>, text = this.store.get(key)): T | null {
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`genius-host's stored property ${key} is not JSON; Re-render or a new match sets it again`);
    }
    const checked = schema.safeParse(value);
    if (!checked.success)
      throw new Error(
        `genius-host's stored property ${key} is damaged (${checked.error.issues[0]?.message ?? 'unexpected shape'}); Re-render or a new match sets it again`,
      );
    return checked.data;
  }

  private write(key: string, value: unknown): void {
    this.store.set(key, JSON.stringify(value));
  }

  /** The text of a plain pointer (a fingerprint or a counter). */
  text(key: string): string | null {
    return this.store.get(key);
  }

  setText(key: string, value: string): void {
    this.store.set(key, value);
  }

  remove(key: string): void {
    if (this.store.get(key) !== null) this.store.remove(key);
  }

  /** Forgets every pointer (of an earlier match, or of a start left part-way). */
  clear(): void {
    for (const key of this.store.keys()) if (key.startsWith('gh.')) this.store.remove(key);
  }

  /** The execution's own record (execution-state.ts). */
  state(): ExecutionState {
    const kept = this.read(KEY.state, EXECUTION_STATE);
    if (kept) return kept;
    // Four keys before it was one record: a match running when the add-on was updated goes on.
    const polled = this.read(LEGACY_STATE_KEYS.polled, SCHEMAS.legacyPolled);
    const rendered = this.read(LEGACY_STATE_KEYS.rendered, SCHEMAS.legacyRendered);
    const seen = this.store.get(LEGACY_STATE_KEYS.seen);
    const drawnAt = this.store.get(LEGACY_STATE_KEYS.drawnAt);
    return {
      ...(polled ? { polledAt: polled.at } : {}),
      ...(seen !== null ? { seen } : {}),
      ...(drawnAt !== null ? { drawnAt } : {}),
      ...(rendered ? { rendered } : {}),
    };
  }
  /** Changes the fields given, keeping the others (one write of one key). */
  updateState(change: ExecutionState): void {
    this.write(KEY.state, { ...this.state(), ...change });
    for (const key of Object.values(LEGACY_STATE_KEYS)) this.remove(key);
  }

  quiet(): QuietPointer | null {
    return this.read(KEY.quiet, SCHEMAS.quiet);
  }
  /** The quiet pointer by one read of that key alone (a quiet tick reads nothing else). */
  peekQuiet(): QuietPointer | null {
    return this.read(KEY.quiet, SCHEMAS.quiet, this.store.peek(KEY.quiet));
  }

  starting(): StartProgress | null {
    return this.read(KEY.starting, SCHEMAS.starting);
  }
  setStarting(value: StartProgress): void {
    this.write(KEY.starting, value);
  }

  startedPlayer(id: string): StartedPlayer {
    return this.read(KEY.player(id), SCHEMAS.startedPlayer) ?? {};
  }
  setStartedPlayer(id: string, value: StartedPlayer): void {
    this.write(KEY.player(id), value);
  }

  shared(): SharedPointer | null {
    return this.read(KEY.shared, SCHEMAS.shared);
  }
  /** The shared sheet of a match that has one (every match past its start). */
  requireShared(): SharedPointer {
    const shared = this.shared();
    if (!shared)
      throw new Error(
        `genius-host's stored property ${KEY.shared} is missing: the shared sheet of this match is not known; start the match again`,
      );
    return shared;
  }
  setShared(value: SharedPointer): void {
    this.write(KEY.shared, value);
  }

  /** A player's files, once their start made them all. */
  player(id: string): PlayerPointer | null {
    const started = this.read(KEY.player(id), SCHEMAS.startedPlayer);
    return started?.form && started.sheet ? { form: started.form, sheet: started.sheet } : null;
  }
  /** What setting up a player's form achieved (null for a match started before it was recorded). */
  protection(id: string): StartedPlayer['protection'] | null {
    return this.read(KEY.player(id), SCHEMAS.startedPlayer)?.protection ?? null;
  }
  requirePlayer(id: string): PlayerPointer {
    const player = this.player(id);
    if (!player)
      throw new Error(
        `genius-host's stored property ${KEY.player(id)} is missing: player ${id}'s form and sheet are not known; press Start the match again to finish setting up`,
      );
    return player;
  }

  form(formId: string): FormPointer {
    return this.read(KEY.form(formId), SCHEMAS.form) ?? BLANK_FORM;
  }
  setForm(formId: string, value: FormPointer): void {
    this.write(KEY.form(formId), value);
  }

  rows(): RowsPointer | null {
    return this.read(KEY.rows, SCHEMAS.rows);
  }
  setRows(value: RowsPointer): void {
    this.write(KEY.rows, value);
  }
}

export type { FormRef };
