// dist/Code.js in node:vm with only the fakes as globals (and the language's own builtins), the
// clock faked through `Date`, Math.random refused. Entry points are called as Apps Script calls
// them: by name, for menus, triggers and google.script.run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { Google, type GoogleOptions } from './services.js';

export const ROOT = join(__dirname, '../..');
export const DIST = join(ROOT, 'dist');

export const SERVICE_NAMES = ['SpreadsheetApp', 'Sheets', 'Drive', 'FormApp', 'ScriptApp', 'LockService', 'PropertiesService', 'Session', 'Utilities', 'HtmlService', 'MailApp'] as const;

let bundle: vm.Script | null = null;

export class Sandbox {
  readonly google: Google;
  readonly context: vm.Context;
  /** Executions run, and their wall time in ms. */
  readonly executions: { name: string; ms: number }[] = [];

  constructor(options: Omit<GoogleOptions, 'dist'>) {
    this.google = new Google({ ...options, dist: DIST });
    this.context = vm.createContext({ ...this.google.services() });
    // The clock: `new Date()` and Date.now() read the sandbox clock; Math.random is not allowed.
    const clock = this.google.clock;
    this.context.__sandboxNow = () => clock.now();
    vm.runInContext(`(function () {
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
    })();`, this.context);
    delete this.context.__sandboxNow;
    bundle ??= new vm.Script(readFileSync(join(DIST, 'Code.js'), 'utf8'), { filename: 'Code.js' });
    bundle.runInContext(this.context);
  }

  /** Calls a top-level function of the script, as Apps Script does. */
  call<T = unknown>(name: string, ...args: unknown[]): T {
    const fn = this.context[name];
    if (typeof fn !== 'function') throw new Error(`the script has no top-level function ${name}`);
    const started = performance.now();
    try {
      // Arguments cross as JSON, as google.script.run and trigger events do.
      return fn(...args.map((a) => (a === undefined ? a : JSON.parse(JSON.stringify(a))))) as T;
    } finally {
      this.executions.push({ name, ms: performance.now() - started });
    }
  }

  /** Fires an installed trigger (it must exist, as in Apps Script). */
  fire(kind: 'CLOCK' | 'ON_FORM_SUBMIT'): void {
    const trigger = this.google.triggers.find((t) => t.kind === kind);
    if (!trigger) throw new Error(`no ${kind} trigger is installed`);
    this.call(trigger.handler, { triggerUid: trigger.id });
  }

  /** The globals the script can see beyond the language's builtins. */
  globals(): string[] {
    return Object.keys(this.context).sort();
  }
}
