// The lock between machines hosting the same match (genius-host host): a lease in the host
// spreadsheet's developer metadata (src/triggers/saved/store-lease.ts), taken with a compare-and-set. One
// batchUpdate holds one updateDeveloperMetadata whose data filter names the lease's current value
// (DeveloperMetadataLookup metadataValue: it selects only metadata with that value); the batch is
// atomic, and its reply lists the metadata it updated: the lease is ours exactly when that list holds
// it. A runner that read the same value a moment earlier and tries too finds the value changed, so
// its filter matches nothing. Every document this relies on is named in docs/google.md ("From a machine").
//
// The lease holds no time, so no two clocks are ever compared (src/triggers/saved/store-lease.ts): a free lease
// is taken at once; a held one only after this runner has seen the same value for LEASE_MS of its
// own clock (its holder stopped renewing: it crashed). While it runs, the holder renews before a
// call once RENEW_AFTER_MS of its clock have passed since its last renewal (guard(), called before
// every call to Google), and a holder whose renewal finds the lease changed has lost it: it drops
// what it has not written and stops (LeaseLost), writing nothing more.
//
// A reply that does not say (a refusal, or a retried call whose first try took effect) is settled by
// reading the lease again: it is ours if it names us.
//
// Fencing (store-lease.ts): taking over a held lease raises the fence in the same batch, and every
// write the holder sends to the host spreadsheet goes through write(), which opens it with the
// check of its token: a holder that lost the lease without knowing it (asleep, or its write on the
// way) has that write refused whole by Google, and stops (LeaseLost) on learning why.

import { randomUUID } from 'node:crypto';
import type { Request, WorkbookMetadata } from '../sheets/api.js';
import { isRecord } from '../engine/core/guards.js';
import {
  FREE,
  fenceCheck,
  LEASE_ID,
  LEASE_KEY,
  LEASE_MS,
  type LeaseSighting,
  RENEW_AFTER_MS,
  leaseIn,
  leaseValue,
  raiseFence,
  watchLease,
} from '../triggers/saved/store-lease.js';
import type { Clock, Lock } from '../triggers/google/ports.js';
import type { SheetStore } from '../triggers/saved/sheet-store.js';

/** How often a runner waiting for the lease looks again. */
const POLL_MS = 2_000;

/** The spreadsheet as the lease needs it: its metadata, and a batchUpdate that answers its replies. */
export interface LeaseTarget {
  getMetadata(): WorkbookMetadata;
  batchUpdateReplies(requests: readonly Request[]): readonly object[];
}

/**
 * Where a runner keeps what it saw of a held lease between its runs (a process running `--once`
 * from cron starts afresh each minute: host-ports.ts keeps it in a file). Times in it are this
 * machine's own clock's, read only by this machine.
 */
export interface LeaseMemory {
  get(): LeaseSighting | null;
  set(seen: LeaseSighting | null): void;
}

/** A memory for the life of this process. */
function memoryInProcess(): LeaseMemory {
  let kept: LeaseSighting | null = null;
  return { get: () => kept, set: (seen) => void (kept = seen) };
}

/** The holder found the lease taken over when it renewed it: it has written nothing since, and writes nothing more. */
export class LeaseLost extends Error {}

export class LeaseLock implements Lock {
  /** The value we hold, and when (our clock) we sent the write that set it. */
  private held: { value: string; sentAt: number } | null = null;
  /**
   * How many values this runner has written: each take and each renewal writes a new one, never
   * one written before (a watcher that saw a value, missed its giving back, and sees the same
   * value again would take a live lease for a dead one).
   */
  private written = 0;
  /** A lease call is under way (its own writes are not guarded). */
  private busy = false;
  /** The fencing token of the lease held, and the store tab its fences are on (null: none held). */
  private fence: { token: number; sheetId: number } | null = null;

  constructor(
    private readonly target: LeaseTarget,
    private readonly store: SheetStore,
    private readonly clock: Clock,
    readonly holder: string = randomUUID(),
    private readonly memory: LeaseMemory = memoryInProcess(),
    private readonly leaseMs = LEASE_MS,
  ) {}

  tryAcquire(ms: number): boolean {
    const giveUp = this.now() + ms;
    for (;;) {
      if (this.tryOnce()) {
        // Under the lease, the store is read afresh: never older than the last holder's writes.
        this.store.refresh();
        return true;
      }
      if (this.now() + POLL_MS > giveUp) return false;
      this.clock.sleep(POLL_MS);
    }
  }

  release(): void {
    if (this.held === null) return;
    // What the run wrote reaches the spreadsheet before the next holder reads it (a renewal first, if due).
    this.store.flush();
    const mine = this.held;
    if (mine === null) return;
    this.held = null;
    this.fence = null;
    this.withoutGuard(() => this.swap(mine.value, FREE));
  }

  /** The token of the lease held (null: none): the number every write of this holder carries. */
  get token(): number | null {
    return this.fence?.token ?? null;
  }

  /**
   * Sends a write to the host spreadsheet: while the lease is held, after the check of its token, so
   * Google refuses it whole once the lease was taken over. A refusal is read as that (LeaseLost,
   * having dropped the store's unwritten keys) when the fence has risen past the token; any other
   * is the write's own and is thrown as it came.
   */
  write(requests: readonly Request[], send: (requests: readonly Request[]) => void): void {
    const fence = this.fence;
    if (fence === null || this.busy) {
      send(requests);
      return;
    }
    try {
      send([...fenceCheck(fence.token, fence.sheetId), ...requests]);
    } catch (error) {
      if (this.fenceNow() > fence.token) {
        // Fenced out while the lease may still name us (a take-over whose compare-and-set missed our
        // renewal): given back, so nobody waits for it to lapse. A compare-and-set: it changes
        // nothing once another holds it.
        const mine = this.held;
        if (mine !== null) this.withoutGuard(() => this.swap(mine.value, FREE));
        this.lost();
      }
      throw error;
    }
  }

  /** The token as the spreadsheet has it now; -1 when it cannot be read (the write's own error then stands). */
  private fenceNow(): number {
    try {
      return this.withoutGuard(() => leaseIn(this.target.getMetadata()).token);
    } catch {
      return -1;
    }
  }

  private lost(): never {
    this.held = null;
    this.fence = null;
    this.store.discard();
    throw new LeaseLost(
      'another runner took the lease over while this run went on (it had not been renewed for too long): this run stops, writing nothing more',
    );
  }

  /**
   * Called before every call to Google while the lease is held: renews it once RENEW_AFTER_MS of this
   * runner's clock have passed since the last renewal. Throws LeaseLost, having dropped the
   * store's unwritten keys, when the renewal finds the lease taken over.
   */
  guard(): void {
    const mine = this.held;
    if (mine === null || this.busy) return;
    if (this.now() - mine.sentAt < RENEW_AFTER_MS) return;
    const sentAt = this.now();
    const next = leaseValue(this.holder, ++this.written);
    const check = this.fence ? fenceCheck(this.fence.token, this.fence.sheetId) : [];
    if (this.withoutGuard(() => this.swap(mine.value, next, check))) {
      this.held = { value: next, sentAt };
      return;
    }
    this.lost();
  }

  /** A call of the lease itself is under way: nothing goes before it (the store's writes wait for the lease). */
  get calling(): boolean {
    return this.busy;
  }

  /** This process's own time, for renewals and polling: monotonic where the clock has it (Clock.elapsedMs). */
  private now(): number {
    return this.clock.elapsedMs?.() ?? Date.parse(this.clock.now());
  }

  private withoutGuard<T>(work: () => T): T {
    const was = this.busy;
    this.busy = true;
    try {
      return work();
    } finally {
      this.busy = was;
    }
  }

  private tryOnce(): boolean {
    return this.withoutGuard(() => {
      const { value, lease, token, sheetId } = leaseIn(this.target.getMetadata());
      let fence: Request[] = [];
      if (lease !== null && lease.holder !== this.holder) {
        // Held by another: taken over only once the same value has stood for the lease's length of our clock.
        const watched = watchLease(value ?? '', this.memory.get(), this.clock.now(), this.leaseMs);
        this.memory.set(watched.seen);
        if (!watched.lapsed) return false;
        // Its holder did not give it back: the fence rises with the take-over, in the same batch.
        if (sheetId !== null) fence = [raiseFence(token + 1, sheetId)];
      }
      const mine = leaseValue(this.holder, ++this.written);
      const sentAt = this.now();
      const won = value === null ? this.create(mine) : this.swap(value, mine, fence);
      if (won) {
        this.held = { value: mine, sentAt };
        this.fence = { token: token + fence.length, sheetId: sheetId ?? this.store.ensureTab() };
        this.memory.set(null);
      }
      return won;
    });
  }

  /** The first lease of this spreadsheet, with its fixed id: of two runners making it at once, Sheets refuses the second. */
  private create(mine: string): boolean {
    const sheetId = this.store.ensureTab();
    try {
      this.target.batchUpdateReplies([
        {
          createDeveloperMetadata: {
            developerMetadata: {
              metadataId: LEASE_ID,
              metadataKey: LEASE_KEY,
              metadataValue: mine,
              location: { sheetId },
              visibility: 'DOCUMENT',
            },
          },
        },
      ]);
      return true;
    } catch {
      return this.names(mine);
    }
  }

  /** The compare-and-set: `from` becomes `to` if the lease still holds `from`. */
  private swap(from: string, to: string, before: readonly Request[] = []): boolean {
    let replies: readonly object[];
    try {
      replies = this.target.batchUpdateReplies([
        ...before,
        {
          updateDeveloperMetadata: {
            dataFilters: [
              { developerMetadataLookup: { metadataId: LEASE_ID, metadataKey: LEASE_KEY, metadataValue: from } },
            ],
            developerMetadata: { metadataValue: to },
            fields: 'metadataValue',
          },
        },
      ]);
    } catch {
      return this.names(to);
    }
    // The reply is { updateDeveloperMetadata: { developerMetadata: [...] } } (Sheets API, Response).
    const reply: unknown = replies[before.length];
    const update = isRecord(reply) ? reply.updateDeveloperMetadata : undefined;
    const updated = isRecord(update) ? update.developerMetadata : undefined;
    if (Array.isArray(updated) && updated.some((m) => isRecord(m) && m.metadataId === LEASE_ID)) return true;
    return this.names(to);
  }

  /** Whether the lease holds exactly `value` now (one read). */
  private names(value: string): boolean {
    return leaseIn(this.target.getMetadata()).value === value;
  }
}
