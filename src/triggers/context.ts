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
  return { ports, pointers: new Pointers(ports.store), log: new MatchLog(ports.files.host()) };
}

/** `work` under the document lock, or `busy` when another execution holds it. */
export function withLock<T>(ctx: HostContext, busy: T, work: () => T): T {
  if (!ctx.ports.lock.tryAcquire(LOCK_WAIT_MS)) return busy;
  try {
    return work();
  } finally {
    ctx.ports.lock.release();
  }
}
