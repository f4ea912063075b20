// A machine hosting a sandbox's match in this process: the trigger logic (src/triggers) with the
// ports of genius-host host (src/node/host-ports.ts) as they are, the store tab and the lease on the
// sandbox's spreadsheets, time on the sandbox's clock, and the forms read and changed through the
// add-on's Forms port on the sandbox's FormApp fakes (the Forms REST port is built on its own
// branch; the HTTP tests of test/http drive the built command). What the machine does differently
// from Apps Script (the store, the lease, polling forms and rows) is all here.
import { randomUUID } from 'node:crypto';
import { LeaseLock, type LeaseMemory, type LeaseTarget } from '../../src/node/lease-swap.js';
import { METADATA_FIELDS, type Request, type WorkbookMetadata } from '../../src/sheets/api.js';
import { MatchHost, type RunReport } from '../../src/triggers/host/match-host.js';
import type { Clock, Forms, HostPorts, Spreadsheet } from '../../src/triggers/google/ports.js';
import { SheetStore } from '../../src/triggers/saved/sheet-store.js';
import { WEBHOOK_SECRET } from '../../src/triggers/messages/discord-webhook.js';
import { AppsScriptForms } from '../../src/addon/form-app.js';
import { FORMS_EVERY_MINUTES, MachineWake } from '../../src/node/host-ports.js';
import type { Table } from './players.js';
import type { SheetFile } from './sheets.js';

export interface Machine {
  readonly holder: string;
  readonly lock: LeaseLock;
  readonly store: SheetStore;
  /** Calls this machine made, by kind (as genius-host host counts them). */
  readonly calls: Record<string, number>;
  /** One execution of genius-host host (as an execution of the sandbox, so the fakes count it). */
  tick(): RunReport;
  /** Runs `hook` before each of this machine's calls (a test interleaves another runner there). */
  before: ((call: string) => void) | null;
  /**
   * Runs after the lease's guard, as a call leaves the machine (not the lease's own calls): a test
   * stops the machine there, its call on the way, for another runner to take over meanwhile.
   */
  sending: ((call: string, fileId: string | undefined) => void) | null;
}

/**
 * A machine hosting `table`'s match. `skewMs`: how far its clock is ahead of the sandbox's (behind,
 * when negative); `memory`: what it saw of another's lease before (a machine running again);
 * `discordWebhook`: the webhook the host gave it (GENIUS_HOST_DISCORD_WEBHOOK).
 */
export function machineFor(
  table: Table,
  holder: string = randomUUID(),
  { skewMs = 0, memory, discordWebhook }: { skewMs?: number; memory?: LeaseMemory; discordWebhook?: string } = {},
): Machine {
  const google = table.google;
  const calls: Record<string, number> = {};
  let store: SheetStore | null = null;
  let flushing = false;
  const machine: {
    before: ((call: string) => void) | null;
    sending: ((call: string, fileId: string | undefined) => void) | null;
  } = { before: null, sending: null };
  let lock: LeaseLock | null = null;
  const call = <T>(name: string, work: () => T, fileId?: string): T => {
    // The store's writes before any other write, and the lease renewed when due before every call, as src/node/host-ports.ts does.
    const read = ['getSpreadsheet', 'getValues', 'forms.responses', 'discord'].includes(name);
    if (!flushing && store?.dirty && !read && !lock?.calling) {
      flushing = true;
      try {
        store.flush();
      } finally {
        flushing = false;
      }
    }
    machine.before?.(name);
    // Checked last before the call goes (a test's hook may stop the machine for minutes just before).
    if (!lock?.calling) lock?.guard();
    calls[name] = (calls[name] ?? 0) + 1;
    if (!lock?.calling) machine.sending?.(name, fileId);
    return work();
  };
  const sheetOf = (file: SheetFile): Spreadsheet & LeaseTarget => ({
    id: file.id,
    url: file.url,
    getMetadata: () => call('getSpreadsheet', () => file.get(METADATA_FIELDS) as WorkbookMetadata),
    batchUpdate: (requests: readonly Request[]) =>
      call(
        'batchUpdate',
        // The host spreadsheet's writes carry the lease's token, as src/node/host-ports.ts sends them.
        () =>
          file === google.host && lock
            ? lock.write(requests, (fenced) => void file.batchUpdate(fenced))
            : void file.batchUpdate(requests),
        file.id,
      ),
    batchUpdateReplies: (requests: readonly Request[]) => call('batchUpdate', () => file.batchUpdate(requests).replies),
    readValues: (range: string) =>
      call('getValues', () => (file.values(range, 'FORMULA').values ?? []).map((row) => row.map((v) => String(v)))),
  });
  const clock: Clock = {
    now: () => new Date(Date.parse(google.clock.iso()) + skewMs).toISOString(),
    sleep: (ms) => google.clock.jump(google.clock.now() + ms),
  };
  const host = sheetOf(google.host);
  store = new SheetStore(host);
  lock = new LeaseLock(host, store, clock, holder, memory);
  const appsScriptForms = new AppsScriptForms();
  const forms = new Proxy(appsScriptForms, {
    get: (target, name: keyof Forms) => {
      const method = target[name];
      return typeof method === 'function'
        ? (...args: never[]) =>
            call(`forms.${String(name)}`, () => (method as (...a: never[]) => unknown).apply(target, args))
        : method;
    },
  });
  const refused = (what: string) => () => {
    throw new Error(`${what}: not part of a tick`);
  };
  const ports: HostPorts = {
    clock,
    lock,
    store,
    files: {
      host: () => host,
      open: (id) => {
        const file = google.sheets.get(id);
        if (!file) throw new Error(`no spreadsheet ${id}`);
        return sheetOf(file);
      },
      create: refused('create'),
      share: refused('share'),
      sharedWith: refused('sharedWith'),
      unshare: refused('unshare'),
      publish: refused('publish'),
    },
    forms,
    scheduler: new MachineWake(),
    flush: () => store?.flush(),
    newId: () => randomUUID(),
    // The webhook the host gave the machine (GENIUS_HOST_DISCORD_WEBHOOK: src/node/machine-discord.ts), posting from the machine's own address.
    ...(discordWebhook
      ? {
          secrets: {
            get: (key: string) => (key === WEBHOOK_SECRET ? (discordWebhook ?? null) : null),
            set: refused('set'),
            remove: refused('remove'),
          },
          http: {
            postJson: (url: string, body: unknown) =>
              call('discord', () => {
                const reply = google.discordFetch(
                  url,
                  {
                    method: 'post',
                    contentType: 'application/json',
                    payload: JSON.stringify(body),
                    muteHttpExceptions: true,
                  },
                  'machine',
                );
                return {
                  status: reply.getResponseCode(),
                  text: reply.getContentText(),
                  headers: reply.getAllHeaders(),
                };
              }),
          },
        }
      : {}),
    machine: { formsEveryMinutes: FORMS_EVERY_MINUTES },
  };
  const matchHost = new MatchHost(ports);
  return {
    holder,
    lock,
    store,
    calls,
    get before() {
      return machine.before;
    },
    set before(hook) {
      machine.before = hook;
    },
    get sending() {
      return machine.sending;
    },
    set sending(hook) {
      machine.sending = hook;
    },
    tick: () => {
      // The Forms port calls FormApp and Drive as globals: the sandbox's fakes, for this execution.
      const services = google.services();
      const globals = globalThis as Record<string, unknown>;
      const saved = { FormApp: globals.FormApp, Drive: globals.Drive };
      Object.assign(globals, { FormApp: services.FormApp, Drive: services.Drive });
      const record = google.beginExecution(`machine ${holder}`);
      record.machine = true;
      try {
        const report = matchHost.run('tick');
        google.endExecution(record);
        return report;
      } catch (error) {
        google.endExecution(record, error);
        throw error;
      } finally {
        Object.assign(globals, saved);
      }
    },
  };
}
