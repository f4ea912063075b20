// genius-host host --spreadsheet ID [--once | --every 60s]: the add-on's clock triggers, from a machine
// (src/node/host-ports.ts). One line per execution on standard error; --every keeps going, survives
// a failing call (logged, tried again next time) and stops on Ctrl-C between executions, or when
// Google refuses the saved sign-in (no later execution could pass: the line says what to do).

import type { GoogleCalls } from '../node/bridge.js';
import { GoogleError } from '../node/bridge.js';
import { adoptItemMaps } from '../node/adopt-forms.js';
import { type MachineParts, machinePorts } from '../node/host-ports.js';
import { inert } from '../engine/core/quote.js';
import { MatchHost, type RunReport } from '../triggers/host/match-host.js';
import { elsewhereMessage } from '../triggers/saved/runner.js';
import { KEY } from '../triggers/saved/pointers.js';
import { errorText } from '../engine/core/redact.js';
import { InputError } from '../node/errors.js';

/** The shortest --every: a tick a minute is the add-on's pace; faster only spends quota. */
const SHORTEST_EVERY_S = 10;

/** `60s`, `2m`, `90` (seconds) → milliseconds. */
export function everyOption(value: string): number {
  const match = /^(\d+)\s*(s|m)?$/.exec(value.trim());
  const seconds = match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : NaN;
  if (!match || seconds < SHORTEST_EVERY_S)
    throw new InputError(
      `--every: "${value}" is not a time between executions of ${SHORTEST_EVERY_S} seconds or more (e.g. --every 60s or --every 2m)`,
    );
  return seconds * 1000;
}

/** The Google calls made since `before`, by kind, for the execution's line. */
function callsSince(google: GoogleCalls, before: Readonly<Record<string, number | undefined>>): string {
  const made = Object.entries(google.counts)
    .map(([name, n]) => [name, (n ?? 0) - (before[name] ?? 0)] as const)
    .filter(([, n]) => n > 0);
  return made.length === 0 ? 'no calls' : made.map(([name, n]) => `${n} ${name}`).join(', ');
}

function reportLine(report: RunReport): string {
  if (report.elsewhere) return elsewhereMessage(report.elsewhere);
  if (!report.ran) return 'another runner holds the lease: it does this work';
  if (report.logged === 0 && report.writes.length === 0 && report.formsUpdated === 0)
    return report.open
      ? `nothing due (open: ${report.open})`
      : report.over
        ? 'nothing due (the match is over)'
        : 'nothing due';
  const wrote = report.writes.map((w) => w.target).join(', ');
  return `logged ${report.logged}, wrote ${report.writes.length === 0 ? 'nothing' : wrote}, updated ${report.formsUpdated} form${report.formsUpdated === 1 ? '' : 's'}; ${report.open ? `open: ${report.open}` : 'the match is over'}`;
}

export interface HostCommand {
  readonly spreadsheet: string;
  /** Milliseconds between the starts of two executions; undefined: one execution (--once). */
  readonly everyMs?: number;
  readonly google: GoogleCalls;
  readonly parts: (google: GoogleCalls, hostId: string) => MachineParts;
  readonly log: (line: string) => void;
}

/** Runs the tick once, or every `everyMs` until Ctrl-C. Exit status 1 when the match is not the machine's, or --once failed. */
export async function hostMatch({ spreadsheet, everyMs, google, parts, log }: HostCommand): Promise<number> {
  const { ports, store, lock, wake: armed } = machinePorts(google, spreadsheet, parts(google, spreadsheet));
  // One read says whether the match is the machine's: a refusal is one line, before anything else.
  if (store.peek(KEY.runner) !== 'machine')
    throw new InputError(`spreadsheet ${spreadsheet}: ${elsewhereMessage('apps-script')}`);
  if (ports.secrets) {
    // Given a webhook (src/node/machine-discord.ts): posts go out from now on where the add-on had none on;
    // where it had, its pointer came with the match, and the posts Discord refused it are sent too.
    if (store.get(KEY.discord) === null) store.set(KEY.discord, ports.clock.now());
    log(
      'Discord: posting with the webhook given in GENIUS_HOST_DISCORD_WEBHOOK (posts Discord refused Apps Script are tried again from here)',
    );
  }
  // The add-on's item maps, re-keyed for the Forms API once (under the lease; a machine holding it does it instead).
  if (store.get(KEY.itemsKeyedBy) === null && lock.tryAcquire(0)) {
    try {
      adoptItemMaps(google, store);
    } finally {
      lock.release();
    }
  }
  const host = new MatchHost(ports);
  let stopping = false;
  let wake: (() => void) | null = null;
  const stop = () => {
    if (stopping) process.exit(130);
    stopping = true;
    log('stopping (between executions; Ctrl-C again to stop at once)');
    wake?.();
  };
  if (everyMs !== undefined) process.on('SIGINT', stop);
  try {
    for (;;) {
      const started = Date.now();
      const before: Readonly<Record<string, number | undefined>> = { ...google.counts };
      try {
        const report = host.run('tick');
        // The report names players' sheets: their names are their own text (inert: src/engine/core/quote.ts).
        log(
          `${new Date(started).toISOString()} ${inert(reportLine(report))} (${callsSince(google, before)}; ${Date.now() - started} ms)`,
        );
        if (report.elsewhere) return 1;
      } catch (error) {
        const line = errorText(error).replace(/\s*\n\s*/g, ' ');
        // A refused sign-in refuses every later execution too: stop, saying what to do.
        if (error instanceof GoogleError && error.signInRefused) throw error;
        if (everyMs === undefined)
          throw error instanceof InputError || error instanceof GoogleError ? error : new InputError(line);
        log(
          `${new Date(started).toISOString()} failed: ${line} (${callsSince(google, before)}); trying again at the next execution`,
        );
      }
      if (everyMs === undefined || stopping) return 0;
      await new Promise<void>((resolve) => {
        // Until the next moment something is due (src/triggers/schedule/clock-triggers.ts), at most --every after this one started.
        const timer = setTimeout(resolve, Math.max(0, armed.next(Date.now(), started + everyMs) - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (stopping) return 0;
    }
  } finally {
    if (everyMs !== undefined) process.off('SIGINT', stop);
  }
}
