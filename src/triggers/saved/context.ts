// What every part of an execution works with: the ports, the pointers kept between executions,
// the match log, and the one way this layer replays the match (counted: see replay below).

import { GAMES, type MatchFile, type ReplayResult, replayMatch } from '../../engine/index.js';
import { KnownMetadata } from './known-metadata.js';
import { MatchLog } from './match-log.js';
import { KEY, Pointers } from './pointers.js';
import type { HostPorts } from '../google/ports.js';

/** How long an execution waits for the document lock before leaving the work to the one holding it. */
const LOCK_WAIT_MS = 30_000;

export interface HostContext {
  readonly ports: HostPorts;
  readonly pointers: Pointers;
  readonly log: MatchLog;
  /** Each spreadsheet's metadata, known without reading it where it can be (known-metadata.ts). */
  readonly metadata: KnownMetadata;
  /**
   * The match replayed as of `now`. Every replay of an execution goes through here, so the
   * execution can say how many it made (RunReport.replays: the pipeline makes at most two, see
   * execution/pipeline.ts). One still current is reused: the same log, with no deadline, opening or host
   * event between the two times (a menu item's prompt, then its run).
   */
  replay(match: MatchFile, now: string): ReplayResult;
  /**
   * The execution's last replay, when it still stands for `match` as of `now` (null otherwise):
   * nothing it reads the time for came between, and `match` adds to its log at most submissions
   * in a game where no move ends a phase. Those leave every phase's opening, deadline and close,
   * and every pending decision, where that replay put them: what a menu item's prompt showed the
   * host is still the frame of the match, so the host's entry is built against it, and the
   * submissions are one more input (execution/pipeline.ts). Counts no replay.
   */
  standing(match: MatchFile, now: string): ReplayResult | null;
  /** How many replays this context has made (a context lives for one execution). */
  readonly replays: number;
  /**
   * Whether a rehearsal watches the match (ExecutionState.rehearsal, or the quiet pointer's), as
   * this execution's run read it; undefined until it has read either. Its caller asks after the
   * run, a failed one too, at no read of its own (src/addon/rehearsal.ts).
   */
  rehearsal?: boolean;
}

export function hostContext(ports: HostPorts): HostContext {
  // The log opens the host spreadsheet (a call) only when read: a quiet tick never does.
  let log: MatchLog | null = null;
  let replays = 0;
  let last: { text: string; match: MatchFile; now: string; result: ReplayResult } | null = null;
  const pointers = new Pointers(ports.store);
  const metadata = new KnownMetadata(pointers);
  return {
    ports,
    pointers,
    metadata,
    // The log's metadata read is the host render's too, and its append answers the metadata after it.
    get log() {
      return (log ??= new MatchLog(metadata.sheet(ports.files.host(), { keep: false }), {
        get: () => {
          const text = pointers.text(KEY.logTab);
          return text !== null && /^\d+$/.test(text) ? Number(text) : null;
        },
        set: (id) => pointers.setText(KEY.logTab, String(id)),
      }));
    },
    replay(match, now) {
      const text = JSON.stringify(match);
      if (last && last.text === text && stillCurrent(last.result, last.now, now)) return last.result;
      replays += 1;
      const result = replayMatch(match, { now });
      last = { text, match, now, result };
      return result;
    },
    standing(match, now) {
      if (!last || !stillCurrent(last.result, last.now, now)) return null;
      return last.text === JSON.stringify(match) || onlySubmissionsAdded(last.match, match) ? last.result : null;
    },
    get replays() {
      return replays;
    },
  };
}

/**
 * Whether a replay as of `then` is the replay as of `now` too: `now` is not earlier, and nothing
 * that replay reads the time for falls between them (the open phase's opening or deadline, a
 * host event, a pause's end). Only a still-open phase is waiting on the clock; a finished match
 * or one waiting for the host is not.
 */
function stillCurrent(result: ReplayResult, then: string, now: string): boolean {
  const from = Date.parse(then);
  const to = Date.parse(now);
  if (to < from) return false;
  if (to === from) return true;
  const between = (at: string | undefined) => at !== undefined && Date.parse(at) > from && Date.parse(at) <= to;
  const timing = result.open?.timing;
  if (between(timing?.opensAt) || between(timing?.deadline)) return false;
  return !(result.match.events ?? []).some((e) => between(e.at));
}

/**
 * Whether `after` is `before` with submissions added and nothing else that replay reads: the
 * same players, schedule, decisions and events (a sent message's record aside: replay reads none),
 * and every submission of `before` still first, in order. A move may end a phase in some games
 * (Game.closesEarly): there, any new submission may have moved the match.
 */
function onlySubmissionsAdded(before: MatchFile, after: MatchFile): boolean {
  if (GAMES.get(after.game)?.closesEarly !== undefined) return false;
  const frame = ({ submissions: _, events, ...rest }: MatchFile) =>
    JSON.stringify({ ...rest, events: (events ?? []).filter((e) => e.type !== 'message') });
  const kept = after.submissions.slice(0, before.submissions.length);
  return frame(before) === frame(after) && JSON.stringify(kept) === JSON.stringify(before.submissions);
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
