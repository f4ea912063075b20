// The lock between machines hosting the same match (genius-host host): a lease in the host
// spreadsheet's developer metadata (src/triggers/lease.ts), taken with a compare-and-set. One
// batchUpdate holds one updateDeveloperMetadata whose data filter names the lease's current value
// (DeveloperMetadataLookup metadataValue: it selects only metadata with that value); the batch is
// atomic, and its reply lists the metadata it updated: the lease is ours exactly when that list holds
// it. A runner that read the same value a moment earlier and tries too finds the value changed, so
// its filter matches nothing. A lease whose time is over (a crashed runner) is taken the same way.
// Every document this relies on is named in docs/google.md ("From a machine").
//
// A reply that does not say (a refusal, or a retried call whose first try took effect) is settled by
// reading the lease again: it is ours if it names us.

import { randomUUID } from 'node:crypto';
import type { Request, WorkbookMetadata } from '../sheets/api.js';
import { FREE, LEASE_ID, LEASE_KEY, type Lease, leaseHeld, leaseIn } from '../triggers/lease.js';
import type { Clock, Lock } from '../triggers/ports.js';
import type { SheetStore } from '../triggers/sheet-store.js';

/** How long a lease keeps others out unless given back: longer than any run (a run takes seconds; a call retries for about a minute). */
const LEASE_MS = 10 * 60_000;
/** How often a runner waiting for the lease looks again. */
const POLL_MS = 2_000;

/** The spreadsheet as the lease needs it: its metadata, and a batchUpdate that answers its replies. */
export interface LeaseTarget {
  getMetadata(): WorkbookMetadata;
  batchUpdateReplies(requests: readonly Request[]): readonly object[];
}

export class LeaseLock implements Lock {
  private held: string | null = null;

  constructor(
    private readonly target: LeaseTarget,
    private readonly store: SheetStore,
    private readonly clock: Clock,
    readonly holder: string = randomUUID(),
    private readonly leaseMs = LEASE_MS,
  ) {}

  tryAcquire(ms: number): boolean {
    const giveUp = Date.parse(this.clock.now()) + ms;
    for (;;) {
      if (this.tryOnce()) {
        // Under the lease, the store is read afresh: never older than the last holder's writes.
        this.store.refresh();
        return true;
      }
      if (Date.parse(this.clock.now()) + POLL_MS > giveUp) return false;
      this.clock.sleep(POLL_MS);
    }
  }

  release(): void {
    const mine = this.held;
    if (mine === null) return;
    // What the run wrote reaches the spreadsheet before the next holder reads it.
    this.store.flush();
    this.held = null;
    this.swap(mine, FREE);
  }

  /** Who holds the lease now, if anyone does (for the command's one line). */
  current(): Lease | null {
    const { lease } = leaseIn(this.target.getMetadata());
    return leaseHeld(lease, this.clock.now()) ? lease : null;
  }

  private tryOnce(): boolean {
    const now = this.clock.now();
    const { value, lease } = leaseIn(this.target.getMetadata());
    if (leaseHeld(lease, now) && lease.holder !== this.holder) return false;
    const mine = JSON.stringify({ holder: this.holder, until: new Date(Date.parse(now) + this.leaseMs).toISOString() } satisfies Lease);
    const won = value === null ? this.create(mine) : this.swap(value, mine);
    if (won) this.held = mine;
    return won;
  }

  /** The first lease of this spreadsheet, with its fixed id: of two runners making it at once, Sheets refuses the second. */
  private create(mine: string): boolean {
    const sheetId = this.store.ensureTab();
    try {
      this.target.batchUpdateReplies([
        {
          createDeveloperMetadata: {
            developerMetadata: { metadataId: LEASE_ID, metadataKey: LEASE_KEY, metadataValue: mine, location: { sheetId }, visibility: 'DOCUMENT' },
          },
        },
      ]);
      return true;
    } catch {
      return this.names(mine);
    }
  }

  /** The compare-and-set: `from` becomes `to` if the lease still holds `from`. */
  private swap(from: string, to: string): boolean {
    let replies: readonly object[];
    try {
      replies = this.target.batchUpdateReplies([
        {
          updateDeveloperMetadata: {
            dataFilters: [{ developerMetadataLookup: { metadataId: LEASE_ID, metadataKey: LEASE_KEY, metadataValue: from } }],
            developerMetadata: { metadataValue: to },
            fields: 'metadataValue',
          },
        },
      ]);
    } catch {
      return this.names(to);
    }
    const updated = (replies[0] as { updateDeveloperMetadata?: { developerMetadata?: { metadataId?: number }[] } } | undefined)?.updateDeveloperMetadata
      ?.developerMetadata;
    if (updated?.some((m) => m.metadataId === LEASE_ID)) return true;
    return this.names(to);
  }

  /** Whether the lease holds exactly `value` now (one read). */
  private names(value: string): boolean {
    return leaseIn(this.target.getMetadata()).value === value;
  }
}
