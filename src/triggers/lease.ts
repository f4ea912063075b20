// The lease that stands for the document lock while a match is hosted from a machine: developer
// metadata on the store tab (sheet-store.ts) whose value names the runner holding it and until when.
// A machine takes it with a compare-and-set (src/node/lease.ts); the add-on only reads it, to wait
// for a machine's run to end before it takes the match back (handover.ts).

import type { WorkbookMetadata } from '../sheets/api.js';
import { STORE_TAB } from './sheet-store.js';

export const LEASE_KEY = 'genius-host.lease';
/** A fixed id: two runners making the lease at once make the same id, and Sheets refuses the second. */
export const LEASE_ID = 0x6e1ea5e;
/** The value of a lease nobody holds. */
export const FREE = 'free';

export interface Lease {
  /** The runner holding it (a random id per process). */
  readonly holder: string;
  /** When it lapses if its holder never gives it back (a crashed runner). */
  readonly until: string;
}

/** The lease's current value as read (null: there is no lease yet), and what it says. */
export function leaseIn(metadata: WorkbookMetadata): { value: string | null; lease: Lease | null } {
  const tab = (metadata.sheets ?? []).find((s) => s.properties?.title === STORE_TAB);
  const found = (tab?.developerMetadata ?? []).find((m) => m.metadataId === LEASE_ID && m.metadataKey === LEASE_KEY);
  if (!found) return { value: null, lease: null };
  const value = found.metadataValue ?? FREE;
  return { value, lease: parseLease(value) };
}

function parseLease(value: string): Lease | null {
  if (value === FREE) return null;
  try {
    const lease = JSON.parse(value) as Partial<Lease>;
    if (typeof lease.holder === 'string' && typeof lease.until === 'string' && !Number.isNaN(Date.parse(lease.until))) return lease as Lease;
  } catch {
    // A value nobody could have written: treated as lapsed, so the match is never stuck on it.
  }
  return null;
}

/** Whether a lease keeps others out at `now`: held, and not lapsed. */
export function leaseHeld(lease: Lease | null, now: string): lease is Lease {
  return lease !== null && Date.parse(lease.until) > Date.parse(now);
}
