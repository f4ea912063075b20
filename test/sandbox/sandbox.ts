// dist/Code.js in node:vm with only the fakes as globals (and the language's own builtins), the
// clock faked through `Date`, Math.random refused. Entry points are called as Apps Script calls
// them: by name, for menus, triggers and google.script.run. As in Apps Script, every execution
// starts from a fresh global scope (nothing the bundle keeps in module state survives it) and
// releases the document lock when it ends, however it ends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type { ExecutionRecord } from './calls.js';
import { Google, type GoogleOptions } from './services.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = join(ROOT, 'dist');

export const SERVICE_NAMES = [
  'SpreadsheetApp',
  'Sheets',
  'Drive',
  'FormApp',
  'ScriptApp',
  'LockService',
  'PropertiesService',
  'Session',
  'Utilities',
  'HtmlService',
  'MailApp',
  'UrlFetchApp',
] as const;

let bundle: vm.Script | null = null;

/**
 * The most replays one execution may make: the first, and one more after what it calls for
 * (execution.ts). A menu item's prompt is the first while it stands (ctx.standing).
 */
export const MAX_REPLAYS = 2;

/** The replays an entry point's answer reports: a run's report, or a start's (StartResult.report). */
function replaysOf(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('replays' in value && typeof value.replays === 'number') return value.replays;
  return 'report' in value ? replaysOf(value.report) : undefined;
}

const BUILTINS = [
  'Object',
  'Function',
  'Array',
  'Number',
  'Boolean',
  'String',
  'Symbol',
  'Date',
  'RegExp',
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'JSON',
  'Math',
  'Intl',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Proxy',
  'Reflect',
  'Promise',
  'BigInt',
  'Uint8Array',
  'Uint32Array',
  'Int32Array',
  'Float64Array',
  'ArrayBuffer',
  'DataView',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
];

export class Sandbox {
  readonly google: Google;
  /** The global scope of the latest execution (a fresh one for each). */
  context: vm.Context;
  /** Executions run, and their wall time in ms. */
  readonly executions: { name: string; ms: number }[] = [];

  constructor(options: Omit<GoogleOptions, 'dist'>) {
    this.google = new Google({ ...options, dist: DIST });
    this.context = this.newContext();
    // A person's edit runs the spreadsheet's edit triggers at once (the fake clock stands still
    // meanwhile: the handler starts at the moment of the edit; see docs/google.md on the latency).
    this.google.onUserEdit = (trigger, edit) =>
      this.runTrigger(trigger, () => [this.google.editEvent(trigger, edit, this.google.eventHandles!)]);
  }

  /** A global scope with the fakes and the bundle loaded, as Apps Script gives each execution. */
  private newContext(): vm.Context {
    const context = vm.createContext({ ...this.google.services() });
    // The clock: `new Date()` and Date.now() read the sandbox clock; Math.random is not allowed.
    const clock = this.google.clock;
    context.__sandboxNow = () => clock.now();
    vm.runInContext(
      `(function () {
      var RealDate = Date, now = __sandboxNow;
      function FakeDate() {
        var args = Array.prototype.slice.call(arguments);
        if (!(this instanceof FakeDate)) return new RealDate(now()).toString();
        return args.length === 0 ? new RealDate(now()) : new (Function.prototype.bind.apply(RealDate, [null].concat(args)))();
      }
      FakeDate.prototype = RealDate.prototype;
      FakeDate.now = function () { return now(); };
      FakeDate.parse = RealDate.parse;
      FakeDate.UTC = RealDate.UTC;
      Object.defineProperty(globalThis, 'Date', { value: FakeDate, writable: true, configurable: true, enumerable: false });
      Math.random = function () { throw new Error('Math.random called'); };
    })();`,
      context,
    );
    delete context.__sandboxNow;
    // The builtins as script-level bindings: node:vm reaches a context's global object through an
    // interceptor, so every `Math.imul` in a loop would cost ~100× what it costs in Apps Script
    // (the fingerprints hash whole views). The same objects; only the lookups get fast.
    vm.runInContext(`const ${BUILTINS.map((name) => `${name} = globalThis.${name}`).join(', ')};`, context);
    bundle ??= new vm.Script(readFileSync(join(DIST, 'Code.js'), 'utf8'), { filename: 'Code.js' });
    bundle.runInContext(context);
    return context;
  }

  /** Calls a top-level function of the script, as Apps Script does: one execution. */
  call<T = unknown>(name: string, ...args: unknown[]): T {
    return this.execute<T>(name, ...args).value;
  }

  /** Like call, with the execution's record (its calls, and the exception that ended it). */
  execute<T = unknown>(name: string, ...args: unknown[]): { value: T; record: ExecutionRecord } {
    return this.run<T>(name, false, args);
  }

  private run<T>(
    name: string,
    trigger: boolean,
    args: readonly unknown[] | (() => unknown[]),
  ): { value: T; record: ExecutionRecord } {
    if (this.executions.length > 0 || this.google.executions.length > 0) this.context = this.newContext();
    const fn = this.context[name];
    if (typeof fn !== 'function') throw new Error(`the script has no top-level function ${name}`);
    const started = performance.now();
    const record = this.google.beginExecution(name, trigger);
    let result: { value: T; record: ExecutionRecord };
    try {
      // Arguments cross as JSON, as google.script.run does; a trigger's event is built in the
      // execution's own services (its range and spreadsheet are handles the script calls).
      const value = fn(
        ...(typeof args === 'function'
          ? args()
          : args.map((a) => (a === undefined ? a : JSON.parse(JSON.stringify(a))))),
      ) as T;
      // Ended at the six-minute limit: whatever the script caught, the execution failed.
      if (record.killed) throw new Error(record.killed);
      const replays = replaysOf(value);
      if (replays !== undefined) record.replays = replays;
      this.google.endExecution(record);
      result = { value, record };
    } catch (error) {
      this.google.endExecution(record, error);
      throw error;
    } finally {
      record.ms = performance.now() - started;
      this.executions.push({ name, ms: record.ms });
    }
    // One execution is one pipeline (src/triggers/execution/pipeline.ts): every scenario checks it.
    if (record.replays !== undefined && record.replays > MAX_REPLAYS)
      throw new Error(`${name} replayed the match ${record.replays} times in one execution (at most ${MAX_REPLAYS})`);
    return result;
  }

  /**
   * Fires an installed trigger (it must exist, as in Apps Script), as the user who installed it.
   * Once the day's trigger time is spent Apps Script starts no trigger until the quota resets:
   * the firing is recorded as refused and nothing runs.
   */
  fire(kind: 'CLOCK' | 'ON_FORM_SUBMIT'): void {
    const trigger = this.google.triggers.find((t) => t.kind === kind);
    if (!trigger) throw new Error(`no ${kind} trigger is installed`);
    // A form-submit event names the response's row in its form's responses tab ("Event objects",
    // Google Sheets, Form submit: range); the clock's carries no range.
    const response = kind === 'ON_FORM_SUBMIT' ? this.google.lastResponse : null;
    this.runTrigger(trigger, () => [
      {
        triggerUid: trigger.id,
        ...(response
          ? { range: this.google.eventHandles!.responseRange(response.formId, response.tab, response.row) }
          : {}),
      },
    ]);
  }

  /** Fires one installed trigger (a clock trigger the fake clock finds due: Table.clockTriggers). */
  fireTrigger(trigger: { id: string; handler: string; owner: string }): void {
    this.runTrigger(trigger, () => [{ triggerUid: trigger.id }]);
  }

  /** Runs a trigger's handler as its owner, unless the day's trigger time is spent. */
  private runTrigger(trigger: { handler: string; owner: string }, event: () => unknown[]): void {
    if (!this.google.triggerTimeLeft()) {
      this.google.triggersRefused.push({ name: trigger.handler, at: this.google.clock.now() });
      return;
    }
    const user = this.google.currentUser;
    this.google.currentUser = trigger.owner;
    try {
      this.run(trigger.handler, true, event);
    } finally {
      this.google.currentUser = user;
    }
  }

  /** The globals the script can see beyond the language's builtins. */
  globals(): string[] {
    return Object.keys(this.context).sort();
  }
}
