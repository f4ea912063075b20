// replay(matchFile) → the state of the match. Pure and deterministic: the same file (and the same
// `now`) always gives the same result, and nothing else changes game state.
//
// Phases run in the order the game announces them. Within a phase, each submission is checked
// against the state at the start of the phase; the last valid submission of each player counts,
// and every refusal is kept with its reason. A phase closes at its deadline, or early when the
// game says so (a Peg Domain move); in such a game, a phase's submissions are taken in the order
// they were sent (their `at`), so that one sent after the phase ended is refused wherever it is
// listed. A file without a schedule is a complete record: every phase in
// it closes. With a schedule, `now` decides which phases have closed.

import type {
  AnyGame,
  CheckResult,
  DecisionRequest,
  EmailEvent,
  Final,
  GameContext,
  PhaseSpec,
  ScheduleEvent,
  PhaseTiming,
  Player,
  RoundSummary,
  Submission,
} from './game.js';
import { type MatchFile, type Schedule, isIsoTime } from './matchfile.js';
import { sameAccount } from './email.js';
import { mention, quote } from './quote.js';
import { MAX_ANSWER_LENGTH, cleanAnswers, unknownQuestions } from './submission.js';
import { Random } from './random.js';

export interface Receipt {
  /** Position in the match file's `submissions`. */
  readonly index: number;
  readonly phase: string;
  readonly player: string;
  readonly at?: string;
  readonly status: 'accepted' | 'partial' | 'rejected';
  /** Why it was refused, or which parts were refused. */
  readonly reasons: readonly string[];
  /** What the game told the player about answers that count (never a refusal). */
  readonly notes?: readonly string[];
  /** A later valid submission of the same player replaced this one. */
  superseded: boolean;
}

export interface Rejection {
  readonly phase: string;
  readonly player: string;
  readonly reason: string;
  /** Position in `submissions`; absent for host decisions. */
  readonly submission?: number;
}

export interface ClosedPhase {
  readonly phase: PhaseSpec;
  readonly timing: PhaseTiming;
  /** Who had a move that counted. */
  readonly movers: readonly string[];
}

export interface OpenPhase<M = unknown> {
  readonly phase: PhaseSpec;
  readonly timing: PhaseTiming;
  readonly moves: ReadonlyMap<string, M>;
}

export interface ReplayResult<S = unknown, M = unknown> {
  readonly match: MatchFile;
  readonly game: AnyGame;
  readonly ctx: GameContext<unknown>;
  readonly state: S;
  readonly closed: readonly ClosedPhase[];
  readonly open: OpenPhase<M> | null;
  readonly receipts: readonly Receipt[];
  readonly rejected: readonly Rejection[];
  readonly pending: readonly DecisionRequest[];
  /** Null while the match is unfinished or waits on a host decision. */
  readonly final: Final | null;
}

export interface ReplayOptions {
  /** The current time; phases whose deadline has not passed stay open. Omit for a complete record. */
  readonly now?: string;
}

export function makeContext<O>(match: MatchFile, options: O): GameContext<O> {
  const root = new Random(match.seed);
  const names = new Map(match.players.map((p) => [p.id, p.name]));
  return {
    seed: match.seed,
    players: match.players,
    options,
    random: (label: string) => root.fork(label),
    playerName: (id: string) => names.get(id) ?? id,
  };
}

function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

function isAfter(a: string, b: string): boolean {
  return Date.parse(a) > Date.parse(b);
}

/** The deadline of a phase that opened at `opensAt`, from the game's clock or the schedule. */
function deadlineOf(phase: PhaseSpec, opensAt: string | undefined, schedule: Schedule | undefined): string | undefined {
  if (phase.maxSeconds !== undefined) return opensAt ? addSeconds(opensAt, phase.maxSeconds) : undefined;
  if (!schedule) return undefined;
  const explicit = schedule.deadlines[phase.id];
  if (explicit) return new Date(Date.parse(explicit)).toISOString();
  const minutes = schedule.minutes[phase.id] ?? schedule.minutes[phase.kind] ?? schedule.minutes.default;
  if (minutes === undefined || !opensAt) return undefined;
  return addSeconds(opensAt, minutes * 60);
}

/**
 * A match in progress, one phase at a time. `replay` feeds it a whole file; the bot simulator
 * and the add-on feed it submissions as they come.
 */
export class MatchRun<S = unknown, M = unknown> {
  readonly ctx: GameContext<unknown>;
  state: S;
  phase: PhaseSpec | null = null;
  timing: PhaseTiming = {};
  readonly receipts: Receipt[] = [];
  readonly rejected: Rejection[] = [];
  readonly closed: ClosedPhase[] = [];
  private moves = new Map<string, M>();
  private countedReceipt = new Map<string, Receipt>();
  private closedEarlyAt: string | undefined;
  private closedEarly = false;
  /** When the open phase was last reopened by the host (an early close before it is undone). */
  private reopenedAt: string | undefined;
  private movesSinceReopen = new Map<string, M>();
  /** The host's changes to the schedule, and corrections of players' emails, as of `now`. */
  private readonly events: readonly ScheduleEvent[];
  private readonly emailEvents: readonly EmailEvent[];

  /** `now` (a replay as of that time): host events after it have not happened yet. */
  constructor(
    readonly game: AnyGame,
    readonly match: MatchFile,
    now?: string,
  ) {
    const happened = (match.events ?? []).filter((event) => now === undefined || !isAfter(event.at, now));
    this.events = happened.filter((event): event is ScheduleEvent => event.type === 'extend' || event.type === 'reopen');
    this.emailEvents = happened.filter((event): event is EmailEvent => event.type === 'email');
    this.ctx = makeContext(match, match.options);
    this.state = game.setup(this.ctx) as S;
    this.openNext(match.startAt);
  }

  get currentMoves(): ReadonlyMap<string, M> {
    return this.moves;
  }

  /** True once a closing submission (a Peg Domain move) has ended the open phase. */
  get hasClosedEarly(): boolean {
    return this.closedEarly;
  }

  private openNext(opensAt: string | undefined): void {
    this.phase = this.game.currentPhase(this.state, this.ctx);
    this.moves = new Map();
    this.countedReceipt = new Map();
    this.closedEarly = false;
    this.closedEarlyAt = undefined;
    this.reopenedAt = undefined;
    this.movesSinceReopen = new Map();
    if (!this.phase) {
      this.timing = {};
      return;
    }
    let deadline = deadlineOf(this.phase, opensAt, this.match.schedule);
    // The host's last word on this opening of the phase: events issued before it opened belong to
    // an earlier opening (undone by reopening an earlier phase) and no longer count.
    for (const event of this.events) {
      if (event.phase !== this.phase.id || (opensAt && isAfter(opensAt, event.at))) continue;
      deadline = new Date(Date.parse(event.deadline)).toISOString();
      if (event.type === 'reopen') this.reopenedAt = event.at;
    }
    this.timing = { ...(opensAt ? { opensAt } : {}), ...(deadline ? { deadline } : {}) };
  }

  /** Why a submission cannot be the player's own (another player's form, another address), or null. */
  private identityProblem(submission: Submission): string | null {
    const player = this.match.players.find((p) => p.id === submission.player);
    if (!player) return null;
    const name = player.name;
    if (submission.form !== undefined && player.form !== undefined && submission.form !== player.form) {
      const owner = this.match.players.find((p) => p.form === submission.form);
      return `sent through ${owner ? `${owner.name}'s form` : `a form that is not ${name}'s (${submission.form})`}, not ${name}'s own form`;
    }
    const email = this.emailOf(player);
    if (submission.via === 'form' && email !== undefined) {
      if (submission.from === undefined)
        return `the form did not verify the sender's email; ${name}'s form only takes answers from ${name}'s own Google account`;
      if (!sameAccount(submission.from, email)) return `sent from ${submission.from}, which is not ${name}'s address`;
    }
    return null;
  }

  /**
   * The player's email for the open phase: the host's last correction made before the phase's
   * deadline (or at all, for a phase without one), else the email the match started with.
   */
  private emailOf(player: Player): string | undefined {
    let email = player.email;
    for (const event of this.emailEvents) {
      if (event.player !== player.id) continue;
      if (this.timing.deadline && isAfter(event.at, this.timing.deadline)) continue;
      email = event.email;
    }
    return email;
  }

  private refuse(index: number, submission: Submission, reason: string): Receipt {
    const receipt: Receipt = {
      index,
      phase: submission.phase,
      player: submission.player,
      ...(typeof submission.at === 'string' && isIsoTime(submission.at) ? { at: submission.at } : {}),
      status: 'rejected',
      reasons: [reason],
      superseded: false,
    };
    this.receipts.push(receipt);
    this.rejected.push({ phase: submission.phase, player: submission.player, reason, submission: index });
    return receipt;
  }

  /** Why a submission's time does not fit the open phase (unreadable, before it opened, after its deadline or its early end), or null. */
  private timingProblem(submission: Submission, phase: PhaseSpec): string | null {
    const { at } = submission;
    // A time without a zone would read as the machine's local time, and an unreadable one would
    // pass every deadline: the loader refuses both, and so does a submission offered directly.
    if (at !== undefined && at !== '' && (typeof at !== 'string' || !isIsoTime(at))) {
      return `arrived at an unreadable time ${typeof at === 'string' ? mention(at) : `(a ${typeof at})`}; a time is ISO 8601 with a zone, e.g. 2026-11-21T18:00:00Z`;
    }
    if (at && this.timing.opensAt && isAfter(this.timing.opensAt, at)) {
      return `arrived at ${mention(at)}, before ${phase.title} opened at ${this.timing.opensAt}`;
    }
    if (at && this.timing.deadline && isAfter(at, this.timing.deadline)) {
      return `arrived at ${mention(at)}, after the deadline of ${phase.title} (${this.timing.deadline})`;
    }
    if (this.closedEarly && (!at || !this.closedEarlyAt || isAfter(at, this.closedEarlyAt))) {
      return `${phase.title} had already ended`;
    }
    return null;
  }

  /** Makes a checked submission the player's counted move, with its receipt; the phase may end on it. */
  private count(index: number, submission: Submission, phase: PhaseSpec, result: Extract<CheckResult<M>, { ok: true }>, unknown: readonly string[]): Receipt {
    const { at } = submission;
    const parts = [...(unknown.length > 0 ? [unknownQuestions(unknown, phase.title)] : []), ...(result.partsRejected ?? [])];
    const receipt: Receipt = {
      index,
      phase: phase.id,
      player: submission.player,
      ...(at ? { at } : {}),
      status: parts.length > 0 ? 'partial' : 'accepted',
      reasons: parts,
      ...(result.notes?.length ? { notes: result.notes } : {}),
      superseded: false,
    };
    const earlier = this.countedReceipt.get(submission.player);
    if (earlier) earlier.superseded = true;
    this.countedReceipt.set(submission.player, receipt);
    this.receipts.push(receipt);
    for (const reason of parts) this.rejected.push({ phase: phase.id, player: submission.player, reason, submission: index });
    this.moves.set(submission.player, result.move);

    // After the host reopened the phase, only moves sent since then can close it early (a Peg
    // Domain turn reopened ends at the mover's next move, not at the move that ended it before).
    let closing: ReadonlyMap<string, M> = this.moves;
    if (this.reopenedAt !== undefined) {
      if (at && isAfter(at, this.reopenedAt)) this.movesSinceReopen.set(submission.player, result.move);
      closing = this.movesSinceReopen;
    }
    if (!this.closedEarly && closing.size > 0 && this.game.closesEarly?.(this.state, phase, closing, this.ctx)) {
      this.closedEarly = true;
      this.closedEarlyAt = at;
    }
    return receipt;
  }

  /** Checks a submission for the open phase and, if valid, makes it the player's counted move. */
  offer(submission: Submission, index: number): Receipt {
    const identity = this.identityProblem(submission);
    if (identity) return this.refuse(index, submission, identity);
    const phase = this.phase;
    if (!phase) return this.refuse(index, submission, `the match is over: no ${mention(submission.phase)} is open`);
    if (submission.phase !== phase.id) {
      return this.refuse(index, submission, `${mention(submission.phase)} is not open (the open phase is ${phase.id})`);
    }
    // An own property only: a player id such as "constructor" must not find Object's members.
    const questions = Object.prototype.hasOwnProperty.call(phase.questions, submission.player) ? phase.questions[submission.player] : undefined;
    if (!questions) {
      return this.refuse(index, submission, `${mention(this.ctx.playerName(submission.player))} has nothing to answer in ${phase.title}`);
    }
    const { at } = submission;
    const late = this.timingProblem(submission, phase);
    if (late) return this.refuse(index, submission, late);

    if (submission.answers === null || typeof submission.answers !== 'object' || Array.isArray(submission.answers)) {
      return this.refuse(index, submission, 'the answers are not a list of questions and answers; nothing of this submission was counted');
    }
    const { answers, unknown, notText, tooLong } = cleanAnswers(submission.answers, new Set(questions.map((q) => q.id)));
    if (notText !== undefined) {
      return this.refuse(index, submission, `${notText}: an answer is text or a list of text; nothing of this submission was counted`);
    }
    if (tooLong) {
      return this.refuse(
        index,
        submission,
        `${tooLong.key}: this answer has ${tooLong.length} characters and an answer has at most ${MAX_ANSWER_LENGTH}; nothing of this submission was counted`,
      );
    }
    const cleaned: Submission = { ...submission, answers };
    const result: CheckResult<M> = this.game.check(this.state, phase, cleaned, this.ctx, {
      moves: this.moves,
      ...(at ? { at } : {}),
      timing: this.timing,
    });
    if (!result.ok) return this.refuse(index, submission, result.reason);

    return this.count(index, submission, phase, result, unknown);
  }

  /** Whether the open phase has ended by `now` (omitted: a complete record, so yes). */
  isDue(now: string | undefined): boolean {
    if (!this.phase) return false;
    if (this.closedEarly || now === undefined) return true;
    return this.timing.deadline !== undefined && !isAfter(this.timing.deadline, now);
  }

  /** Resolves the open phase with the moves that count, and opens the next. */
  close(): void {
    const phase = this.phase;
    if (!phase) throw new Error('MatchRun.close: no phase is open');
    const closedAt = this.closedEarly ? this.closedEarlyAt : this.timing.deadline;
    const timing: PhaseTiming = { ...this.timing, ...(closedAt ? { closedAt } : {}) };
    this.state = this.game.resolve(this.state, phase, this.moves, this.ctx, timing) as S;
    this.closed.push({ phase, timing, movers: [...this.moves.keys()] });
    this.openNext(closedAt);
  }

  /** The end of the match: final (or null while decisions are pending) and the pending decisions. */
  finish(decisions: MatchFile['decisions']): { final: Final | null; pending: DecisionRequest[] } {
    if (this.phase) return { final: null, pending: [] };
    const answers = new Map(decisions.map((d) => [d.id, d.choice]));
    const asked = new Set<string>();
    const pending: DecisionRequest[] = [];
    const final = this.game.finish(this.state, this.ctx, (request: DecisionRequest) => {
      asked.add(request.id);
      const choice = answers.get(request.id);
      if (choice === undefined) {
        if (!pending.some((p) => p.id === request.id)) pending.push(request);
        return undefined;
      }
      const match = request.choices.find((c) => c.toLowerCase() === choice.trim().toLowerCase());
      if (match === undefined) {
        this.rejected.push({
          phase: 'decisions',
          player: 'host',
          reason: `decision "${request.id}": ${quote(choice)} is not one of ${request.choices.join(', ')}`,
        });
        if (!pending.some((p) => p.id === request.id)) pending.push(request);
        return undefined;
      }
      return match;
    });
    for (const decision of decisions) {
      if (!asked.has(decision.id)) {
        this.rejected.push({ phase: 'decisions', player: 'host', reason: `no decision ${quote(decision.id)} was asked for in this match` });
      }
    }
    return { final: pending.length > 0 ? null : final, pending };
  }
}

/**
 * A phase's submissions in the order they were sent, for a game whose phases end on a move (a Peg
 * Domain turn ends at the mover's move): a removal counts by its time, not its place in the file,
 * so one sent after the move is refused wherever it is listed. The submissions with a time take
 * the places of those with a time, earliest first (equal times in file order); one without a time
 * keeps its place.
 */
function inSendingOrder<T extends { submission: Submission; index: number }>(list: readonly T[]): T[] {
  const timeOf = (entry: T) => (typeof entry.submission.at === 'string' && isIsoTime(entry.submission.at) ? Date.parse(entry.submission.at) : null);
  const timed = list.filter((entry) => timeOf(entry) !== null).sort((a, b) => (timeOf(a) as number) - (timeOf(b) as number) || a.index - b.index);
  let next = 0;
  return list.map((entry) => (timeOf(entry) === null ? entry : timed[next++]));
}

/** Replays a validated match file. */
export function replay<S = unknown, M = unknown>(game: AnyGame, match: MatchFile, options: ReplayOptions = {}): ReplayResult<S, M> {
  const run = new MatchRun<S, M>(game, match, options.now);
  const byPhase = new Map<string, { submission: Submission; index: number }[]>();
  match.submissions.forEach((submission, index) => {
    const list = byPhase.get(submission.phase) ?? [];
    list.push({ submission, index });
    byPhase.set(submission.phase, list);
  });

  while (run.phase) {
    const phaseId = run.phase.id;
    const sent = byPhase.get(phaseId) ?? [];
    for (const { submission, index } of game.closesEarly ? inSendingOrder(sent) : sent) run.offer(submission, index);
    byPhase.delete(phaseId);
    if (!run.isDue(options.now)) break;
    run.close();
  }

  // What is left was sent to a phase that never opened (or has not opened yet).
  const leftovers = [...byPhase.values()].flat().sort((a, b) => a.index - b.index);
  for (const { submission, index } of leftovers) run.offer(submission, index);
  run.receipts.sort((a, b) => a.index - b.index);
  run.rejected.sort((a, b) => (a.submission ?? Infinity) - (b.submission ?? Infinity));

  const { final, pending } = run.finish(match.decisions);
  return {
    match,
    game,
    ctx: run.ctx,
    state: run.state,
    closed: run.closed,
    open: run.phase ? { phase: run.phase, timing: run.timing, moves: run.currentMoves } : null,
    receipts: run.receipts,
    rejected: run.rejected,
    pending,
    final,
  };
}

/** The JSON object `genius-host replay` prints (docs/matchfile.md, "The replay command"). */
export interface ReplayOutput {
  readonly game: string;
  readonly rounds: RoundSummary[];
  readonly rejected: readonly Rejection[];
  readonly pending: readonly DecisionRequest[];
  readonly final: Final | null;
  /** The phase still open (a match replayed mid-way), or null. */
  readonly open: { readonly phase: string; readonly deadline?: string; readonly submitted: readonly string[] } | null;
}

export function replayOutput(result: ReplayResult): ReplayOutput {
  return {
    game: result.match.game,
    rounds: result.game.rounds(result.state, result.ctx),
    rejected: result.rejected,
    pending: result.pending,
    final: result.final,
    open: result.open
      ? {
          phase: result.open.phase.id,
          ...(result.open.timing.deadline ? { deadline: result.open.timing.deadline } : {}),
          submitted: [...result.open.moves.keys()],
        }
      : null,
  };
}

export type { Player };
