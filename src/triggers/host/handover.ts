// Handing a match between Apps Script and a machine (genius-host host), from the add-on's menu.
// Apps Script keeps the match's Store in document properties (cheap: most ticks end on one
// Properties read); a machine keeps the same keys in the host spreadsheet's store tab
// (saved/sheet-store.ts), with a lease for a lock (saved/store-lease.ts). The key KEY.runner in each store says who
// hosts the match; a runner whose own store names the other does nothing (execution/pipeline.ts), so a
// trigger left behind, or a machine still scheduled, changes nothing.
//
//   Host from a machine…       copies every property into the store tab, naming the machine;
//                              removes the add-on's triggers; names the machine in the properties.
//   Host from Apps Script again names Apps Script in the store tab first (a machine's next run
//                              stops there), waits for a machine's run under way to end (its lease),
//                              copies the store tab back into the properties, installs the triggers.
//                              A lease whose value stood unchanged for LEASE_MS of Apps Script's clock
//                              (seen over several tries: the sighting is kept in the properties) is a
//                              crashed machine's: it is given back (FREE) and the take-back goes on.

import { type HostContext, withLock } from '../saved/context.js';
import { hostedElsewhere } from '../saved/runner.js';
import {
  FREE,
  LEASE_ID,
  LEASE_KEY,
  LEASE_MS,
  leaseIn,
  raiseFence,
  sightingIn,
  watchLease,
} from '../saved/store-lease.js';
import { disarmed, wakeSoon } from '../schedule/clock-triggers.js';
import { KEY } from '../saved/pointers.js';
import { SheetStore, STORE_TAB } from '../saved/sheet-store.js';

const BUSY = 'Another genius-host execution is running; choose this again in a minute.';
/** How long taking a match back waits for a machine's run to end (a run usually takes seconds). */
const LEASE_WAIT_MS = 30_000;
const LEASE_POLL_MS = 2_000;

function locked(ctx: HostContext, work: () => string): string {
  const answer = withLock(ctx, null, work);
  if (answer === null) throw new Error(BUSY);
  return answer;
}

/** Host from a machine…: the match's store into the spreadsheet, and the add-on's triggers removed. */
export function handToMachine(ctx: HostContext): string {
  return locked(ctx, () => {
    if (hostedElsewhere(ctx) === 'machine')
      throw new Error('This match is hosted from a machine already (genius-host host).');
    if (!ctx.log.read()) throw new Error('No match here yet: use Genius Host → New match… first.');
    const store = ctx.ports.store;
    const entries: Record<string, string> = {};
    // Kept metadata is the add-on's alone: a machine reads metadata each time, and what it draws would make it stale.
    for (const key of store.keys())
      if (
        key !== KEY.quiet &&
        key !== KEY.armed &&
        key !== KEY.runner &&
        key !== KEY.leaseSeen &&
        !key.startsWith(KEY.metadataPrefix)
      )
        entries[key] = store.get(key) ?? '';
    // The machine's first run looks at everything (no quiet pointer), and reads the forms.
    new SheetStore(ctx.ports.files.host()).replaceAll({ ...entries, [KEY.runner]: 'machine' });
    ctx.ports.scheduler.remove();
    disarmed(ctx);
    store.set(KEY.runner, 'machine');
    store.remove(KEY.quiet);
    return `The match is ready to be hosted from a machine: its state is in the hidden "${STORE_TAB}" tab and the add-on's triggers are removed. Run genius-host host --spreadsheet ${ctx.ports.files.host().id} --every 60s on the machine (docs/machine-host.md: Hosting from a machine). Until it runs, nothing resolves the match.`;
  });
}

/** Host from Apps Script again: the spreadsheet's store back into the properties, and the triggers installed. */
export function takeBack(ctx: HostContext): string {
  return locked(ctx, () => {
    if (hostedElsewhere(ctx) !== 'machine')
      throw new Error('This match is hosted by Apps Script already: there is nothing to take back.');
    const host = ctx.ports.files.host();
    const sheetStore = new SheetStore(host);
    // The claim first: a machine's next run reads it and does nothing.
    sheetStore.set(KEY.runner, 'apps-script');
    sheetStore.flush();
    const waitUntil = Date.parse(ctx.ports.clock.now()) + LEASE_WAIT_MS;
    const store = ctx.ports.store;
    for (;;) {
      const { value, lease, token, sheetId } = leaseIn(host.getMetadata());
      if (value === null || lease === null) break;
      const now = ctx.ports.clock.now();
      // Only Apps Script's clock: the value unchanged for the lease's length since this add-on first saw it.
      const watched = watchLease(value, sightingIn(store.get(KEY.leaseSeen)), now);
      store.set(KEY.leaseSeen, JSON.stringify(watched.seen));
      if (watched.lapsed) {
        // A crashed machine's: given back, so a machine hosting later need not watch it lapse again,
        // with the fence raised (store-lease.ts): if that machine was only asleep, nothing it still
        // sends to this spreadsheet lands. A refusal (another took the lease meanwhile) looks again.
        try {
          host.batchUpdate([
            ...(sheetId !== null ? [raiseFence(token + 1, sheetId)] : []),
            {
              updateDeveloperMetadata: {
                dataFilters: [
                  { developerMetadataLookup: { metadataId: LEASE_ID, metadataKey: LEASE_KEY, metadataValue: value } },
                ],
                developerMetadata: { metadataValue: FREE },
                fields: 'metadataValue',
              },
            },
          ]);
          break;
        } catch {
          // Looked at again below: a new value (another took the lease) starts a new watch by itself.
        }
      }
      if (Date.parse(now) >= waitUntil)
        throw new Error(
          `A machine is in the middle of a run (it holds the lease). It will stop after this run; choose Host from Apps Script again in a minute. (A machine that stopped without giving the lease back loses it once it has stood unchanged for ${LEASE_MS / 60_000} minutes.)`,
        );
      ctx.ports.clock.sleep(LEASE_POLL_MS);
    }
    store.remove(KEY.leaseSeen);
    sheetStore.refresh();
    const keep = new Set(
      sheetStore.keys().filter((k) => k !== KEY.runner && k !== KEY.rowsRead && k !== KEY.itemsKeyedBy),
    );
    for (const key of store.keys()) if (!keep.has(key) && key !== KEY.runner) store.remove(key);
    for (const key of keep) store.set(key, sheetStore.get(key) ?? '');
    store.remove(KEY.runner);
    store.remove(KEY.quiet);
    // Installed afresh: a finished match's next execution removes them again (schedule/retire.ts).
    store.remove(KEY.retired);
    ctx.ports.scheduler.install(ctx.pointers.requireShared().id);
    // What the machine armed is not Apps Script's: the next execution in a minute arms afresh.
    disarmed(ctx);
    wakeSoon(ctx);
    return 'Apps Script hosts the match again: its triggers are installed and the next execution, in a minute, resolves what is due. Stop genius-host host on the machine (it does nothing from now on).';
  });
}
