// What every part of an execution works with: the ports, the pointers kept between executions,
// and the match log.

import { MatchLog } from './log.js';
import { Pointers } from './pointers.js';
import type { HostPorts } from './ports.js';

/** How long an execution waits for the document lock before leaving the work to the one holding it. */
const LOCK_WAIT_MS = 30_000;

export interface HostContext {
  readonly ports: HostPorts;
  readonly pointers: Pointers;
  readonly log: MatchLog;
}

export function hostContext(ports: HostPorts): HostContext {
  // The log opens the host spreadsheet (a call) only when read: a quiet tick never does.
  let log: MatchLog | null = null;
  return {
    ports,
    pointers: new Pointers(ports.store),
    get log() {
      return (log ??= new MatchLog(ports.files.host()));
    },
  };
}

/**
 * `work` under the document lock, or `busy` when another execution holds it after `waitMs`. A
 * wait is trigger time like any other: a trigger whose work the holder (or the next tick) does
 * anyway does not wait (0).
 */
export function withLock<T>(ctx: HostContext, busy: T, work: () => T, waitMs = LOCK_WAIT_MS): T {
  if (!ctx.ports.lock.tryAcquire(waitMs)) return busy;
  try {
    return work();
  } finally {
    ctx.ports.lock.release();
  }
}
