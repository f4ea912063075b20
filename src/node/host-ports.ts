// The ports of src/triggers/google/ports.ts for a machine hosting a match (genius-host host): the same
// executions as the add-on's minute tick, through Google's REST APIs. What differs from Apps Script:
// the Store is the host spreadsheet's store tab and the Lock a lease (src/triggers/saved/sheet-store.ts,
// src/node/lease-swap.ts), so the match can move between Apps Script and a machine; there are no
// triggers, so form answers and public rows are polled (`machine` below); time is this machine's.

import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from '../sheets/api.js';
import type { Clock, Files, Forms, HostPorts, Http, Scheduler, Secrets } from '../triggers/google/ports.js';
import { SheetStore } from '../triggers/saved/sheet-store.js';
import type { GoogleCalls } from './bridge.js';
import { LeaseLock, type LeaseMemory } from './lease-swap.js';
import { type LeaseSighting, sightingIn } from '../triggers/saved/store-lease.js';
import { RestSpreadsheet } from './rest-spreadsheet.js';
import { makeDirs, stateDir } from './dirs.js';

/** How often a machine reads the forms that may hold an answer (Apps Script's form-submit trigger reads one at once). */
export const FORMS_EVERY_MINUTES = 5;

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** The calls that change nothing in Google (a Discord post is not Google's): the store's pending writes need not go before them. */
const READS = new Set<string>([
  'getSpreadsheet',
  'getValues',
  'identity',
  'getForm',
  'listResponses',
  'listPermissionEmails',
  'listAccountPermissions',
  'listRevisionIds',
  'postJson',
]);

/** This machine's clock; a sleep blocks the thread, as Utilities.sleep does. */
const machineClock: Clock = {
  now: () => new Date().toISOString(),
  sleep: (ms) => {
    if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
  },
  // Monotonic: the lease's renewals go on however the wall clock is set (src/node/lease-swap.ts).
  elapsedMs: () => performance.now(),
};

/**
 * What this machine saw of another's lease, kept in a file of this user's own state folder
 * (stateDir: made 0700, the file 0600), one per spreadsheet, so a run of `--once` a minute (cron)
 * carries it to the next run: a crashed holder's lease is taken over once this machine has seen it
 * unchanged for the lease's length. Not the shared temporary folder: a file planted there saying
 * the lease was seen long ago let a run take a live lease at once. A run that cannot keep it (a job
 * with no disk of its own) keeps it for its own life only.
 */
export function leaseMemoryFile(spreadsheetId: string, env: NodeJS.ProcessEnv = process.env): LeaseMemory {
  const dir = join(stateDir(env), 'leases');
  const file = join(dir, `${spreadsheetId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
  let kept: LeaseSighting | null = null;
  return {
    get: () => {
      let text: string | null = null;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // No file yet, or one this machine cannot read: what this process saw.
      }
      return sightingIn(text) ?? kept;
    },
    set: (seen) => {
      kept = seen;
      try {
        makeDirs(dir, 0o700);
        writeFileSync(file, JSON.stringify(seen), { mode: 0o600 });
      } catch {
        // Kept in the process only.
      }
    },
  };
}

/**
 * A machine has no triggers: what an execution arms (src/triggers/schedule/clock-triggers.ts) is kept here, and
 * genius-host host sleeps until it (`next`), instead of running every minute.
 */
export class MachineWake implements Scheduler {
  private wake: string | null = null;
  private minute = false;
  install(): void {}
  remove(): void {
    this.wake = null;
    this.minute = false;
  }
  stopClock(): void {
    this.remove();
  }
  wakeAt(at: string | null): void {
    this.wake = at;
  }
  everyMinute(on: boolean): void {
    this.minute = on;
  }
  /** When the next execution is due (ms), at most `latest`: a minute on while the minute trigger would run. */
  next(now: number, latest: number): number {
    const times = [latest];
    if (this.wake !== null) times.push(Date.parse(this.wake));
    if (this.minute) times.push(now + 60_000);
    return Math.max(now, Math.min(...times));
  }
}

/** What a machine's ports are built from besides Sheets: Forms and Drive (src/node), or a test's. */
export interface MachineParts {
  readonly forms: Forms;
  /** Creating, sharing and publishing files: a tick never does (New match… does). */
  readonly files?: Pick<Files, 'create' | 'share' | 'sharedWith' | 'unshare' | 'publish'>;
  /** Discord posts, when the host gave this machine the webhook (src/node/machine-discord.ts); absent: none. */
  readonly discord?: { readonly http: Http; readonly secrets: Secrets };
}

/** The host spreadsheet's spreadsheet port, with the replies a lease needs, its writes fenced by the lease. */
class HostSpreadsheet extends RestSpreadsheet {
  /** Set once the lease is made (it is made on this spreadsheet). */
  lock: LeaseLock | null = null;

  override batchUpdate(requests: readonly Request[]): void {
    const send = (fenced: readonly Request[]) => super.batchUpdate(fenced);
    if (this.lock) this.lock.write(requests, send);
    else send(requests);
  }

  batchUpdateReplies(requests: readonly Request[]): readonly object[] {
    return (
      this.google.call('batchUpdate', { spreadsheetId: this.id, requests: [...requests] }, this.what).replies ?? []
    );
  }
}

function notFromATick(what: string): never {
  throw new Error(
    `${what} is not part of hosting a match from a machine (genius-host host resolves matches; start them with New match… or genius-host start)`,
  );
}

/** Every port for hosting the match of spreadsheet `hostId` from this machine. */
export function machinePorts(
  google: GoogleCalls,
  hostId: string,
  parts: MachineParts,
  clock: Clock = machineClock,
): { ports: HostPorts; store: SheetStore; lock: LeaseLock; wake: MachineWake } {
  const host = new HostSpreadsheet(google, hostId);
  const wake = new MachineWake();
  const store = new SheetStore(host);
  const lock = new LeaseLock(host, store, clock, randomUUID(), leaseMemoryFile(hostId));
  // Every write to the host spreadsheet (the log, the store, the host's tabs) carries the lease's token.
  host.lock = lock;
  // Before any call to Google, the lease renewed when due, so a run however long keeps it (a run
  // that lost it stops here, writing nothing); before any write, the store's writes (a read depends
  // on none of them; the store's own calls do not flush it again, and the lease's own calls go
  // alone: the store is written only under the lease).
  let flushing = false;
  google.beforeCall = (name) => {
    if (lock.calling) return;
    lock.guard();
    if (flushing || !store.dirty || READS.has(name)) return;
    flushing = true;
    try {
      store.flush();
    } finally {
      flushing = false;
    }
  };
  const files: Files = {
    host: () => host,
    open: (id) => (id === hostId ? host : new RestSpreadsheet(google, id)),
    create: (title) => (parts.files ? parts.files.create(title) : notFromATick('Creating a spreadsheet')),
    share: (fileId, email, role, message) =>
      parts.files ? parts.files.share(fileId, email, role, message) : notFromATick('Sharing a file'),
    sharedWith: (fileId) =>
      parts.files ? parts.files.sharedWith(fileId) : notFromATick('Reading who a file is shared with'),
    unshare: (fileId, email) =>
      parts.files ? parts.files.unshare(fileId, email) : notFromATick('Removing a person from a file'),
    publish: (fileId) => (parts.files ? parts.files.publish(fileId) : notFromATick('Publishing a spreadsheet')),
  };
  const ports: HostPorts = {
    clock,
    lock,
    store,
    files,
    forms: parts.forms,
    scheduler: wake,
    flush: () => store.flush(),
    newId: () => randomUUID(),
    ...(parts.discord ? { http: parts.discord.http, secrets: parts.discord.secrets } : {}),
    machine: { formsEveryMinutes: FORMS_EVERY_MINUTES },
  };
  return { ports, store, lock, wake };
}
