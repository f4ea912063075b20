// The lease that stands for the document lock while a match is hosted from a machine: developer
// metadata on the store tab (sheet-store.ts) whose value names the runner holding it and counts its
// writes of it. A machine takes it with a compare-and-set (src/node/lease-swap.ts); the add-on
// only reads it, to wait for a machine's run to end before it takes the match back (host/handover.ts).
//
// One clock, never two: the value holds no time. A holder renews the lease by changing its value
// (the count goes up) at least every RENEW_AFTER_MS of its own clock while it runs, and gives it
// back (FREE) at the end of a run; a runner finding it held takes it over only once it has seen the
// very same value for LEASE_MS by its own clock (a holder that stopped renewing has crashed). So no
// runner ever compares its clock with another's: a machine whose clock is 12 minutes fast waits as
// long as any other (docs/architecture.md, "Two hosts at once").
//
// Fencing. A holder can still lose the lease without knowing it: its process stopped (a laptop
// asleep, whose monotonic clock did not count the sleep) or its write was on its way when another
// took over. So the lease has a token, a number that rises each time the lease is taken from a
// holder that did not give it back: the highest FENCE on the store tab. Taking a lease over makes
// the next fence in the same atomic batchUpdate as the compare-and-set, and every write a holder
// sends to the host spreadsheet opens with fenceCheck: it makes the fence after its own token and
// deletes it again. A metadata id is unique in a spreadsheet, so once a newer fence exists that
// create is refused, and with it the whole batch (a batchUpdate is all or nothing): nothing of the
// old holder's write lands. A lease given back (FREE) keeps its token: its holder wrote everything
// before it gave it back.

import { isRecord } from '../../engine/core/guards.js';
import type { Request, WorkbookMetadata } from '../../sheets/api.js';
import { OTHER_KEYS } from './pointers.js';
import { STORE_TAB } from './sheet-store.js';

export const LEASE_KEY = OTHER_KEYS.lease;
/** A fixed id: two runners making the lease at once make the same id, and Sheets refuses the second. */
export const LEASE_ID = 0x6e1ea5e;
const FENCE_KEY = OTHER_KEYS.fence;
/** Fence k has the id FENCE_BASE + k (k = 1, 2, …): spreadsheet-unique, as every metadata id. */
const FENCE_BASE = 0x6e1f000;
/** The value of a lease nobody holds. */
export const FREE = 'free';
/** How long a value must stand unchanged, by the watcher's own clock, before its holder counts as gone. */
export const LEASE_MS = 10 * 60_000;
/**
 * How long a holder writes on one renewal, by its own clock, before it renews again. A write sent
 * within it must land before LEASE_MS has passed since the renewal (the clients' retries end well
 * within the rest: src/node/rest.ts).
 */
export const RENEW_AFTER_MS = 2 * 60_000;

export interface Lease {
  /** The runner holding it (a random id per process). */
  readonly holder: string;
  /** How many values the holder has written (takes and renewals): each write changes the value, which is what a watcher looks for. */
  readonly renewal: number;
}

/**
 * The lease's current value as read (null: there is no lease yet), what it says (null: free), its
 * token (the highest fence, 0 for none) and the store tab it is on.
 */
export function leaseIn(metadata: WorkbookMetadata): {
  value: string | null;
  lease: Lease | null;
  token: number;
  sheetId: number | null;
} {
  const tab = (metadata.sheets ?? []).find((s) => s.properties?.title === STORE_TAB);
  const sheetId = tab?.properties?.sheetId ?? null;
  const own = tab?.developerMetadata ?? [];
  const token = Math.max(
    0,
    ...own.filter((m) => m.metadataKey === FENCE_KEY).map((m) => (m.metadataId ?? FENCE_BASE) - FENCE_BASE),
  );
  const found = own.find((m) => m.metadataId === LEASE_ID && m.metadataKey === LEASE_KEY);
  if (!found) return { value: null, lease: null, token, sheetId };
  const value = found.metadataValue ?? FREE;
  return { value, lease: parseLease(value), token, sheetId };
}

/** The request that raises the fence to `token` (taking a lease over, or giving a lapsed one back). */
export function raiseFence(token: number, sheetId: number): Request {
  return {
    createDeveloperMetadata: {
      developerMetadata: {
        metadataId: FENCE_BASE + token,
        metadataKey: FENCE_KEY,
        metadataValue: String(token),
        location: { sheetId },
        visibility: 'DOCUMENT',
      },
    },
  };
}

/**
 * The two requests a holder of `token` puts before its own in every write: the next fence made and
 * deleted again. Refused, with the whole batch, once the lease was taken over (that fence exists).
 */
export function fenceCheck(token: number, sheetId: number): Request[] {
  return [
    raiseFence(token + 1, sheetId),
    { deleteDeveloperMetadata: { dataFilter: { developerMetadataLookup: { metadataId: FENCE_BASE + token + 1 } } } },
  ];
}

function parseLease(value: string): Lease | null {
  if (value === FREE) return null;
  try {
    const lease: unknown = JSON.parse(value);
    // A lease of an earlier version (with an `until` time and no count) is held the same way.
    if (isRecord(lease) && typeof lease.holder === 'string')
      return { holder: lease.holder, renewal: typeof lease.renewal === 'number' ? lease.renewal : 0 };
  } catch {
    // A value nobody could have written: treated as free, so the match is never stuck on it.
  }
  return null;
}

/** The value a holder writes: `holder`'s `renewal`th write of the lease. */
export function leaseValue(holder: string, renewal: number): string {
  return JSON.stringify({ holder, renewal } satisfies Lease);
}

/** What a runner last saw of a held lease, by its own clock: the value, and when it first saw it. */
export interface LeaseSighting {
  readonly value: string;
  readonly since: string;
}

/**
 * Whether a held lease's holder counts as gone: `value` is what `seen` saw, unchanged for LEASE_MS
 * of this runner's clock since. Answers the sighting to keep for the next look (a new value starts
 * a new one).
 */
export function watchLease(
  value: string,
  seen: LeaseSighting | null,
  now: string,
  leaseMs = LEASE_MS,
): { lapsed: boolean; seen: LeaseSighting } {
  if (seen?.value === value) return { lapsed: Date.parse(now) - Date.parse(seen.since) >= leaseMs, seen };
  return { lapsed: false, seen: { value, since: now } };
}

/** A sighting as a runner keeps it (JSON text), or null for none or anything else. */
export function sightingIn(text: string | null): LeaseSighting | null {
  if (text === null) return null;
  try {
    const seen: unknown = JSON.parse(text);
    if (
      seen !== null &&
      typeof seen === 'object' &&
      'value' in seen &&
      'since' in seen &&
      typeof seen.value === 'string' &&
      typeof seen.since === 'string'
    )
      return { value: seen.value, since: seen.since };
  } catch {
    // Not a sighting: none.
  }
  return null;
}
