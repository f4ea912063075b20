// The people around a sandboxed match: the host (the sidebar's call, menu prompts) and players who
// answer through their forms and their rows, with the game's bots choosing what to write. Faults
// are injected on purpose: invalid answers, answers sent twice, late answers, another player's
// address on a form, triggers that fire late, twice or not at all.
import { expect } from 'vitest';
import type { Answers, Question } from '../../src/engine/core/game.js';
import { type MatchFile, type ReplayResult, gameById, replayMatch } from '../../src/engine/index.js';
import { MatchLog } from '../../src/triggers/saved/match-log.js';
import type { Spreadsheet } from '../../src/triggers/google/ports.js';
import { ANSWERS_TAB } from '../../src/triggers/answers/public-rows.js';
import { Sandbox } from './sandbox.js';
import { FormError, type Google, type TriggerRecord } from './services.js';
import type { SheetFile } from './sheets.js';

export const HOST = 'host@example.com';

/** A Node-side view of a sandbox spreadsheet, to read the log as the add-on wrote it. */
export function spreadsheetOf(file: SheetFile): Spreadsheet {
  return {
    id: file.id,
    url: file.url,
    getMetadata: () => file.workbook.getMetadata(),
    batchUpdate: () => {
      throw new Error('read only');
    },
    readValues: (range) => (file.values(range, 'FORMULA').values ?? []).map((row) => row.map(String)),
  };
}

export function logOf(sandbox: Sandbox): MatchFile {
  const read = new MatchLog(spreadsheetOf(sandbox.google.host)).read();
  if (!read) throw new Error('no match log');
  return read.match;
}

export interface Execution {
  readonly name: string;
  readonly ms: number;
  readonly writes: number;
  readonly bytes: number;
  readonly closed: number;
}

export interface Faults {
  /** Every n-th answer is first sent invalid, then again valid. */
  readonly invalidEvery: number;
  /** Every n-th form answer's trigger does not fire; every m-th fires twice. */
  readonly missSubmitEvery: number;
  readonly doubleSubmitEvery: number;
  /** Seconds the tick is late after a deadline, cycling. */
  readonly tickLateSeconds: readonly number[];
  /**
   * After a missed form-submit trigger, the next minute tick is fired at once (Peg Domain's turn
   * clock needs it); otherwise the ticks in between change nothing and the deadline's tick
   * collects the answer.
   */
  readonly tickAfterMissed?: boolean;
  /** Answers that pass the form's own checks but break the rules, by question id (default: text without a pattern gets "Q99 nowhere"). */
  readonly invalid?: Readonly<Record<string, string>>;
}

/** A phase answered: still open until `deadline` (null: it ended early), `late` players yet to send. */
export interface PhaseAnswered {
  readonly phase: string;
  readonly deadline: string | null;
  readonly late: readonly string[];
}

export const DEFAULT_FAULTS: Faults = {
  invalidEvery: 4,
  missSubmitEvery: 3,
  doubleSubmitEvery: 5,
  tickLateSeconds: [75, 240, 20, 600],
};

export class Table {
  readonly sandbox: Sandbox;
  readonly executions: Execution[] = [];
  readonly stats = {
    formAnswers: 0,
    rowAnswers: 0,
    invalidSent: 0,
    refusedByForm: 0,
    lateSent: 0,
    lateClosed: 0,
    wrongAddress: 0,
    wrongAccountRefused: 0,
    missedTriggers: 0,
    doubledTriggers: 0,
    skippedTicks: 0,
    timeouts: 0,
  };
  /** Called before each execution the table runs (a test can break that execution first). */
  beforeRun: ((name: string, args: readonly unknown[]) => void) | null = null;
  private inBeforeRun = false;
  private answered = 0;
  private ticks = 0;
  private playersCache: MatchFile['players'] | null = null;

  /** Seats the test gave to a substitute (Substitute a player…): the bots answer for them from the new account. */
  readonly seatAccounts = new Map<string, string>();

  /** The players as the log holds them (fixed once the match has started), each seat with the account that answers for it. */
  players(): MatchFile['players'] {
    this.playersCache ??= logOf(this.sandbox).players;
    if (this.seatAccounts.size === 0) return this.playersCache;
    return this.playersCache.map((p) => ({ ...p, email: this.seatAccounts.get(p.id) ?? p.email }));
  }

  constructor(
    readonly gameId: string,
    readonly emails: readonly string[],
    readonly faults: Faults = DEFAULT_FAULTS,
    start = '2026-11-21T17:00:00.000Z',
  ) {
    this.sandbox = new Sandbox({ owner: HOST, start, timeZone: 'Europe/London' });
  }

  get google() {
    return this.sandbox.google;
  }

  /** Runs an entry point, recording its Sheets writes and whether it closed a phase. */
  run(name: string, ...args: unknown[]): unknown {
    return this.recorded(name, args, () => this.sandbox.call(name, ...args));
  }

  private recorded(name: string, args: readonly unknown[], execute: () => unknown): unknown {
    if (this.beforeRun && !this.inBeforeRun) {
      this.inBeforeRun = true;
      try {
        this.beforeRun(name, args);
      } finally {
        this.inBeforeRun = false;
      }
    }
    const before = this.writeCount();
    const closedBefore = this.closedCount();
    const started = performance.now();
    const out = execute();
    const ms = performance.now() - started;
    const after = this.writeCount();
    this.executions.push({
      name,
      ms,
      writes: after.writes - before.writes,
      bytes: after.bytes - before.bytes,
      closed: this.closedCount() - closedBefore,
    });
    return out;
  }

  /**
   * The sidebar's Start the match: startMatch, called again while it answers `more` (a few
   * players' files a call, then the first drawing), as the sidebar does. The last answer.
   */
  startMatch(setup: unknown): {
    ok: boolean;
    more?: boolean;
    errors?: { field: string; message: string }[];
    links?: unknown;
  } {
    for (let call = 0; call < 50; call++) {
      const answer = this.run('startMatch', setup) as { ok: boolean; more?: boolean };
      if (!answer.more) return answer;
    }
    throw new Error('startMatch kept answering more');
  }

  private writeCount(): { writes: number; bytes: number } {
    let writes = 0;
    let bytes = 0;
    for (const file of this.google.sheets.values())
      for (const w of file.writes) {
        writes += 1;
        bytes += w.bytes;
      }
    return { writes, bytes };
  }

  /** Phases the add-on has resolved and rendered (its own record of the state it last wrote). */
  private closedCount(): number {
    const state = this.google.properties.get('gh.state');
    const seen = state ? (JSON.parse(state) as { seen?: string }).seen : undefined;
    return seen ? Number(seen.split('|')[3]) : 0;
  }

  /**
   * From now on the installed clock triggers run as Apps Script runs them, whatever else runs: a
   * minute trigger every minute and an hourly one every hour, at `offsetSeconds` past the mark
   * (Apps Script picks the second), from its creation on; a one-shot trigger (`at`) once,
   * `delayMs` after its time (Google promises no precision for it: src/triggers/google/latency.ts
   * oneShotDelay), and never before it was created. A mark passed while an execution runs fires
   * in the middle of it (it waits for the lock, as there); the time is put back after each, since
   * executions run side by side.
   */
  clockTriggers(offsetSeconds = 30, delayMs = 0): void {
    const clock = this.google.clock;
    const ran = this.google.clockRan;
    let ticking = false;
    /** When `t` runs next after `after` (ms), or null: never again. */
    const nextRun = (t: TriggerRecord, after: number): number | null => {
      const created = t.created ?? -Infinity;
      if (t.at !== undefined) return ran[t.id] !== undefined ? null : Math.max(t.at + delayMs, created, after);
      const period = (t.minutes ?? 0) * 60_000 + (t.hours ?? 0) * 3_600_000;
      if (period === 0) return null;
      const from = Math.max(after - 1, created, ran[t.id] ?? -Infinity);
      return Math.floor((from - offsetSeconds * 1000) / period) * period + period + offsetSeconds * 1000;
    };
    clock.onMove = (from, to) => {
      if (ticking) return;
      ticking = true;
      try {
        let cursor = from + 1;
        for (;;) {
          let due: { trigger: TriggerRecord; at: number } | null = null;
          for (const t of this.google.triggers) {
            if (t.kind !== 'CLOCK' || t.disabled) continue;
            const at = nextRun(t, cursor);
            if (at !== null && at <= to && (due === null || at < due.at)) due = { trigger: t, at };
          }
          if (due === null) return;
          cursor = due.at;
          ran[due.trigger.id] = due.at;
          clock.jump(due.at);
          try {
            const trigger = due.trigger;
            this.recorded(trigger.handler, [{ triggerUid: trigger.id }], () => this.sandbox.fireTrigger(trigger));
          } catch (error) {
            // A tick's failure (a quota, the six minutes) is its own: recorded in its execution.
            if (!this.google.executions.at(-1)?.error) throw error;
          } finally {
            clock.jump(to);
          }
        }
      } finally {
        ticking = false;
      }
    };
  }

  /**
   * Fires the first installed trigger of `kind`; with none installed nothing runs, as in Apps Script
   * (a finished match removes its triggers: src/triggers/schedule/retire.ts).
   */
  fire(kind: 'CLOCK' | 'ON_FORM_SUBMIT'): void {
    const trigger = this.google.triggers.find((t) => t.kind === kind);
    if (!trigger) return;
    // As Apps Script fires it: as its owner, its run time counted against the day's trigger time.
    this.recorded(trigger.handler, [{ triggerUid: trigger.id }], () => this.sandbox.fire(kind));
  }

  state(): ReplayResult {
    return replayMatch(logOf(this.sandbox), { now: this.google.clock.iso() });
  }

  playerFile(id: string): { form: string; sheet: string } {
    const pointer = JSON.parse(this.google.properties.get(`gh.player.${id}`)!);
    return { form: pointer.form.id, sheet: pointer.sheet.id };
  }

  /** The questions as the player is asked them: an anonymous match asks its public ones by form too (src/triggers/answers/public-rows.ts). */
  private asked(questions: readonly Question[]): readonly Question[] {
    this.anonymousCache ??= logOf(this.sandbox).anonymous === true;
    return this.anonymousCache ? questions.map((q) => ({ ...q, public: false })) : questions;
  }

  private anonymousCache: boolean | undefined;

  sharedId(): string {
    return JSON.parse(this.google.properties.get('gh.shared')!).id;
  }

  /**
   * The player (or `as`, someone else signed in) presses Send on the player's form; no trigger
   * fires. False when Forms refused it (closed, or its own checks).
   */
  submitOnly(player: string, answers: Answers, questions: readonly Question[], as?: string): boolean {
    const email = as ?? this.players().find((p) => p.id === player)!.email!;
    const byTitle: Record<string, string | readonly string[]> = {};
    for (const [id, value] of Object.entries(answers)) {
      const q = questions.find((x) => x.id === id);
      // A person ticks boxes: a multi-select answer written as text ("P2 P1") is the boxes ticked.
      if (q)
        byTitle[q.label] =
          q.kind === 'multi' && typeof value === 'string' ? value.split(/[\s,;]+/).filter((v) => v !== '') : value;
    }
    try {
      this.google.submitForm(this.playerFile(player).form, email, byTitle);
    } catch (error) {
      if (!(error instanceof FormError)) throw error;
      this.stats.refusedByForm += 1;
      if (process.env.SANDBOX_DEBUG)
        console.log(`[form refused] ${(error as Error).message} ${JSON.stringify(byTitle)}`);
      return false;
    }
    return true;
  }

  /** A form answer by the player (or by `as`, someone else signed in), then the trigger, maybe. */
  sendForm(player: string, answers: Answers, questions: readonly Question[], as?: string): boolean {
    if (!this.submitOnly(player, answers, questions, as)) return false;
    this.stats.formAnswers += 1;
    this.answered += 1;
    if (this.answered % this.faults.missSubmitEvery === 0) {
      // The form-submit trigger never fires: the next minute tick picks the answer up.
      this.stats.missedTriggers += 1;
      if (this.faults.tickAfterMissed) {
        this.google.clock.advance(45);
        this.fire('CLOCK');
      }
    } else {
      this.fire('ON_FORM_SUBMIT');
      if (this.answered % this.faults.doubleSubmitEvery === 0) {
        this.stats.doubledTriggers += 1;
        this.fire('ON_FORM_SUBMIT');
      }
    }
    return true;
  }

  /** The player types their public answers into their row of the shared sheet. */
  typeRow(player: string, answers: Answers, questions: readonly Question[], as?: string): void {
    const players = this.players();
    const index = players.findIndex((p) => p.id === player);
    const email = as ?? players[index].email!;
    questions
      .filter((q) => q.public)
      .forEach((q, c) => {
        const value = answers[q.id];
        this.google.typeInSheet(
          this.sharedId(),
          email,
          ANSWERS_TAB,
          1 + index,
          1 + c,
          Array.isArray(value) ? value.join(' ') : String(value ?? ''),
        );
      });
    this.stats.rowAnswers += 1;
  }

  /** The clock trigger after a deadline: late by a varying amount, sometimes skipped, sometimes twice. */
  tickAfter(deadline: string): void {
    this.ticks += 1;
    const late = this.faults.tickLateSeconds[this.ticks % this.faults.tickLateSeconds.length];
    this.google.clock.set(new Date(Date.parse(deadline) + late * 1000).toISOString());
    if (this.ticks % 4 === 0) {
      // This tick never fires; the next one, a minute later, does the work.
      this.stats.skippedTicks += 1;
      this.google.clock.advance(60);
    }
    this.fire('CLOCK');
    if (this.ticks % 3 === 0) this.fire('CLOCK');
  }

  /** Plays the open phase: every player answers (with faults), then time passes the deadline. */
  playPhase(): 'played' | 'over' {
    const answered = this.answerPhase();
    if (answered === 'over' || answered === 'decided') return answered === 'over' ? 'over' : 'played';
    if (answered.deadline) this.passDeadline(answered);
    return 'played';
  }

  /**
   * Every player answers the open phase (with faults), or the host answers a pending decision.
   * Returns the phase still open after the answers, with its deadline (null when it ended early,
   * as a Peg Domain turn does on a move), and the players who will answer only after it.
   */
  answerPhase(): PhaseAnswered | 'over' | 'decided' {
    let result = this.state();
    if (!result.open) {
      if (result.pending.length === 0) return 'over';
      const request = result.pending[0];
      this.google.promptAnswers.push({ button: 'OK', text: request.choices[0] });
      this.google.promptAnswers.push({ button: 'OK', text: '' }); // the reason
      this.run('answerHostDecision');
      return 'decided';
    }
    const phase = result.open.phase;
    const game = gameById(this.gameId);
    const players = Object.keys(phase.questions);
    const late: string[] = [];
    for (const [i, player] of players.entries()) {
      if (phase.maxSeconds !== undefined) {
        // A turn can end early (a Peg Domain move): look again before each answer.
        result = this.state();
        if (result.open?.phase.id !== phase.id) break;
      }
      const questions = this.asked(phase.questions[player]);
      const answers = game.bots[game.defaultBot]({
        state: result.state,
        phase,
        player,
        ctx: result.ctx,
        random: result.ctx.random(`sandbox/${player}/${phase.id}`),
      });
      this.google.clock.advance(20);
      if (!answers) continue;
      // Every few phases, one player answers only after the deadline.
      if (i === players.length - 1 && players.length > 2 && this.ticks % 3 === 1) {
        late.push(player);
        continue;
      }
      this.answer(player, answers, questions);
    }
    result = this.state();
    if (result.open?.phase.id === phase.id && result.open.timing.deadline) {
      if (phase.maxSeconds !== undefined && result.open.moves.size === 0) this.stats.timeouts += 1;
      return { phase: phase.id, deadline: result.open.timing.deadline, late };
    }
    return { phase: phase.id, deadline: null, late };
  }

  /** Late answers (sent after the deadline, before the tick: logged and refused), then the tick. */
  passDeadline(answered: PhaseAnswered): void {
    const deadline = answered.deadline!;
    const result = this.state();
    const phase = [...result.closed.map((c) => c.phase), ...(result.open ? [result.open.phase] : [])].find(
      (p) => p.id === answered.phase,
    )!;
    const game = gameById(this.gameId);
    this.google.clock.set(new Date(Date.parse(deadline) + 10_000).toISOString());
    for (const player of answered.late) {
      const questions = this.asked(phase.questions[player]);
      const answers = game.bots[game.defaultBot]({
        state: result.state,
        phase,
        player,
        ctx: result.ctx,
        random: result.ctx.random(`sandbox/${player}/${phase.id}`),
      });
      if (!answers) continue;
      if (questions.some((q) => !q.public)) {
        // Refused by Forms itself when the deadline's execution closed the form already.
        if (this.sendForm(player, privatePart(answers, questions), questions)) this.stats.lateSent += 1;
        else this.stats.lateClosed += 1;
      }
    }
    this.tickAfter(deadline);
  }

  private answer(player: string, answers: Answers, questions: readonly Question[]): void {
    const hasPublic = questions.some((q) => q.public);
    const hasPrivate = questions.some((q) => !q.public);
    const n = this.stats.formAnswers + this.stats.rowAnswers + 1;
    if (n % this.faults.invalidEvery === 0) {
      const bad = questions.find((q) => this.faults.invalid?.[q.id] !== undefined) ?? invalidOf(questions);
      if (bad) {
        const value = this.faults.invalid?.[bad.id] ?? 'Q99 nowhere';
        this.stats.invalidSent += 1;
        if (bad.public) this.typeRow(player, { [bad.id]: value }, questions);
        else this.sendForm(player, { ...privatePart(answers, questions), [bad.id]: value }, questions);
        this.google.clock.advance(15);
      }
    }
    if (n % 7 === 3 && hasPrivate) {
      // Someone signed in with another player's account uses this player's form: Forms lets them
      // in only where the form could not be kept to its player (then the add-on refuses it).
      const other = this.players().find((p) => p.id !== player)!;
      if (this.sendForm(player, privatePart(answers, questions), questions, other.email)) this.stats.wrongAddress += 1;
      else this.stats.wrongAccountRefused += 1;
      this.google.clock.advance(10);
    }
    if (hasPublic) {
      this.typeRow(player, answers, questions);
      // A player may not type into another player's row.
      const other = this.players().find((p) => p.id !== player)!;
      expect(() =>
        this.typeRow(other.id, answers, questions, this.players().find((p) => p.id === player)!.email),
      ).toThrow(/protected/);
    }
    if (hasPrivate) this.sendForm(player, privatePart(answers, questions), questions);
  }

  /** Plays to the end (with a bound). */
  playToEnd(maxPhases = 400): void {
    for (let i = 0; i < maxPhases; i++) if (this.playPhase() === 'over') return;
    throw new Error(`${this.gameId} did not end within ${maxPhases} phases`);
  }
}

/** Who besides the owner holds a permission on one of the fake Drive's files (its sharing, a form's responders). */
export function accountsOn(google: Google, fileId: string): (string | undefined)[] {
  return google.files
    .get(fileId)!
    .permissions.filter((p) => p.role !== 'owner')
    .map((p) => p.emailAddress);
}

export function privatePart(answers: Answers, questions: readonly Question[]): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([id]) => questions.some((q) => q.id === id && !q.public)));
}

/** A question where "Q99 nowhere" passes the form's own checks but not the rules, if any. */
function invalidOf(questions: readonly Question[]): Question | undefined {
  return questions.find((q) => q.kind === 'text' && !q.pattern);
}
