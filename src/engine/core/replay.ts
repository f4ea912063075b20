// replay(matchFile) → the state of the match. Pure and deterministic: the same file (and the same
// `now`) always gives the same result, and nothing else changes game state.
//
// Phases run in the order the game announces them. Within a phase, each submission is checked
// against the state at the start of the phase; the last valid submission of each player counts,
// and every refusal is kept with its reason. A phase closes at its deadline, or early when the
// game says so (a Peg Domain move); in such a game, a phase's submissions are taken in the order
// they were sent (their `at`), so that one sent after the phase ended is refused wherever it is
// listed. A file without a schedule is a complete record: every phase in
// it closes. With a schedule, `now` decides which phases have closed. The host's events move
// deadlines (extend, reopen, and a resume after a pause: deadlines.ts), close a phase every player
// was ready for (close: ready.ts), and while a pause goes on nothing closes and nothing sent counts.

import type {
  AnyGame,
  CheckResult,
  CloseEvent,
  DecisionRequest,
  EmailEvent,
  Final,
  GameContext,
  MatchEvent,
  PhaseSpec,
  ScheduleEvent,
  PhaseTiming,
  Player,
  Submission,
} from './game.js';
import { type MatchFile, isIsoTime, withoutRepeats } from './matchfile.js';
import type { ClosedPhase, Receipt, Rejection, ReplayOptions, ReplayResult } from './replay-result.js';
import { sameAccount } from './email.js';
import { seatAccountAt } from './seats.js';
import { mention, quote } from './quote.js';
import {
  MAX_ANSWER_LENGTH,
  MAX_SUBMISSIONS_PER_PHASE,
  cleanAnswers,
  inSendingOrder,
  lengthSent,
  unknownQuestions,
  withoutDone,
  NOT_DONE_NOTE,
} from './submission.js';
import { Random } from './random.js';
import { isAfter } from './zones.js';
import { type Pause, deadlineOf, openPause, pauseAt, pausedBetween, pausesOf, shiftedDeadline } from './deadlines.js';

export type { ClosedPhase, OpenPhase, Receipt, Rejection, ReplayOptions, ReplayResult } from './replay-result.js';

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
  /** Every host decision the end asked for, answered or not, in the order asked (the Host actions list names each by its question). */
  readonly asked: DecisionRequest[] = [];
  readonly closed: ClosedPhase[] = [];
  private moves = new Map<string, M>();
  private countedReceipt = new Map<string, Receipt>();
  /** How many submissions each player sent in time for the open phase (MAX_SUBMISSIONS_PER_PHASE). */
  private sent = new Map<string, number>();
  private closedEarlyAt: string | undefined;
  private closedEarly = false;
  /** When the open phase was last reopened by the host (an early close before it is undone). */
  private reopenedAt: string | undefined;
  private movesSinceReopen = new Map<string, M>();
  /** When the open phase closed because every player was ready (a `close` event), if it did. */
  private readyAt: string | undefined;
  /** The host's changes to the schedule, the ready closes, and corrections of players' emails, as of `now`. */
  private readonly events: readonly (ScheduleEvent | CloseEvent)[];
  private readonly emailEvents: readonly EmailEvent[];
  /** The host's pauses as of `now` (the last may still go on). */
  readonly pauses: readonly Pause[];

  /** `now` (a replay as of that time): host events after it have not happened yet. */
  constructor(
    readonly game: AnyGame,
    readonly match: MatchFile,
    now?: string,
  ) {
    const happened = (match.events ?? []).filter((event) => now === undefined || !isAfter(event.at, now));
    this.events = happened.filter(
      (event): event is ScheduleEvent | CloseEvent =>
        event.type === 'extend' || event.type === 'reopen' || event.type === 'close',
    );
    this.emailEvents = happened.filter((event): event is EmailEvent => event.type === 'email');
    // The guardrails' paused time, when the file has it, ends a pause by itself (deadlines.ts).
    this.pauses = pausesOf(happened, match.guardrails?.pauseMinutes, now);
    this.ctx = makeContext(match, match.options);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- AnyGame erases the game's state type: S is the caller's word for it
    this.state = game.setup(this.ctx) as S;
    // A start not yet reached at a pause moves with it, like every deadline.
    this.openNext(match.startAt ? shiftedDeadline(match.startAt, undefined, this.pauses) : undefined);
  }

  /** The players ready to close the open phase: their answer that counts was accepted whole (a part refused asks for a correction), not marked Not yet, and sent since the host reopened the phase. */
  get ready(): string[] {
    return [...this.countedReceipt.entries()]
      .filter(
        ([, r]) =>
          r.status === 'accepted' &&
          !r.notDone &&
          (this.reopenedAt === undefined || (r.at !== undefined && isAfter(r.at, this.reopenedAt))),
      )
      .map(([player]) => player);
  }

  /** The pause holding the open phase (going on, begun before its deadline), or null. */
  private get holdingPause(): Pause | null {
    const pause = openPause(this.pauses);
    return pause && (this.timing.deadline === undefined || isAfter(this.timing.deadline, pause.from)) ? pause : null;
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
    this.sent = new Map();
    this.closedEarly = false;
    this.closedEarlyAt = undefined;
    this.reopenedAt = undefined;
    this.readyAt = undefined;
    this.movesSinceReopen = new Map();
    if (!this.phase) {
      this.timing = {};
      return;
    }
    let deadline = deadlineOf(this.phase, opensAt, this.match.schedule, this.pauses);
    // The host's last word on this opening of the phase: events issued before it opened belong to
    // an earlier opening (undone by reopening an earlier phase) and no longer count. A reopen
    // undoes a close when ready before it; a new deadline moves with the pauses after it was set.
    for (const event of this.events) {
      if (event.phase !== this.phase.id || (opensAt && isAfter(opensAt, event.at))) continue;
      if (event.type === 'close') {
        this.readyAt = event.at;
        continue;
      }
      deadline = shiftedDeadline(event.deadline, event.at, this.pauses);
      if (event.type === 'reopen') {
        this.reopenedAt = event.at;
        this.readyAt = undefined;
      }
    }
    // A close when ready after the deadline came too late: the deadline closed the phase.
    if (this.readyAt !== undefined && deadline !== undefined && !isAfter(deadline, this.readyAt))
      this.readyAt = undefined;
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
    if (submission.via !== 'form') return null;
    const at = typeof submission.at === 'string' && isIsoTime(submission.at) ? submission.at : undefined;
    const seat = seatAccountAt(this.match, player, at, (event) => this.countsForPhase(event), submission.from);
    if (seat.passedOn)
      return `sent from ${seat.passedOn.from}'s Google account after the host gave this seat to ${seat.passedOn.to} (from ${seat.passedOn.at}); only ${seat.passedOn.to}'s account answers for it now`;
    if (seat.email === undefined) return null;
    if (submission.from === undefined)
      return `the form did not verify the sender's email; ${name}'s form only takes answers from ${name}'s own Google account`;
    if (!sameAccount(submission.from, seat.email))
      return `sent from ${submission.from}, which is not ${name}'s address`;
    return null;
  }

  /** Whether a host's email correction counts for the open phase: made (as of `now`) before its deadline, if it has one. */
  private countsForPhase(event: MatchEvent): boolean {
    if (!this.emailEvents.some((known) => known === event)) return false;
    return !(this.timing.deadline && isAfter(event.at, this.timing.deadline));
  }

  private refuse(index: number, submission: Submission, reason: string, overLimit = false): Receipt {
    const receipt: Receipt = {
      index,
      phase: submission.phase,
      player: submission.player,
      ...(typeof submission.at === 'string' && isIsoTime(submission.at) ? { at: submission.at } : {}),
      status: 'rejected',
      reasons: [reason],
      superseded: false,
      ...(overLimit ? { overLimit: true as const } : {}),
    };
    this.receipts.push(receipt);
    this.rejected.push({ phase: submission.phase, player: submission.player, reason, submission: index });
    return receipt;
  }

  /** The receipt of a submission past MAX_SUBMISSIONS_PER_PHASE: which of the player's answers counts instead. */
  private overLimitReason(player: string): string {
    const counted = this.countedReceipt.get(player);
    const last = counted
      ? `submission #${counted.index + 1}${counted.at ? `, sent ${counted.at}` : ''}`
      : 'none (no earlier answer was valid)';
    return `more than ${MAX_SUBMISSIONS_PER_PHASE} answers this phase, so this one was not read; the last that counts is ${last}`;
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
    const pause = at ? pauseAt(at, this.pauses) : null;
    if (at && pause) {
      return `arrived at ${mention(at)}, while the host had paused the match (from ${pause.from}${pause.until ? ` until ${pause.until}` : ''}); nothing sent during a pause counts: send it again once the match goes on`;
    }
    if (at && this.timing.deadline && isAfter(at, this.timing.deadline)) {
      return `arrived at ${mention(at)}, after the deadline of ${phase.title} (${this.timing.deadline})`;
    }
    if (at && this.readyAt && isAfter(at, this.readyAt)) {
      return `arrived at ${mention(at)}, after ${phase.title} closed at ${this.readyAt}, when every player was ready`;
    }
    if (this.closedEarly && (!at || !this.closedEarlyAt || isAfter(at, this.closedEarlyAt))) {
      return `${phase.title} had already ended`;
    }
    return null;
  }

  /** Makes a checked submission the player's counted move, with its receipt; the phase may end on it. */
  private count(
    index: number,
    submission: Submission,
    phase: PhaseSpec,
    result: Extract<CheckResult<M>, { ok: true }>,
    unknown: readonly string[],
    notDone: boolean,
  ): Receipt {
    const { at } = submission;
    const parts = [
      ...(unknown.length > 0 ? [unknownQuestions(unknown, phase.title)] : []),
      ...(result.partsRejected ?? []),
    ];
    const receipt: Receipt = {
      index,
      phase: phase.id,
      player: submission.player,
      ...(at ? { at } : {}),
      status: parts.length > 0 ? 'partial' : 'accepted',
      reasons: parts,
      ...(result.notes?.length || notDone
        ? { notes: [...(result.notes ?? []), ...(notDone ? [NOT_DONE_NOTE] : [])] }
        : {}),
      superseded: false,
      ...(notDone ? { notDone: true as const } : {}),
    };
    const earlier = this.countedReceipt.get(submission.player);
    if (earlier) earlier.superseded = true;
    this.countedReceipt.set(submission.player, receipt);
    this.receipts.push(receipt);
    for (const reason of parts)
      this.rejected.push({ phase: phase.id, player: submission.player, reason, submission: index });
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
    const questions = Object.prototype.hasOwnProperty.call(phase.questions, submission.player)
      ? phase.questions[submission.player]
      : undefined;
    if (!questions) {
      return this.refuse(
        index,
        submission,
        `${mention(this.ctx.playerName(submission.player))} has nothing to answer in ${phase.title}`,
      );
    }
    const { at } = submission;
    const late = this.timingProblem(submission, phase);
    if (late) return this.refuse(index, submission, late);
    const sent = (this.sent.get(submission.player) ?? 0) + 1;
    this.sent.set(submission.player, sent);
    if (sent > MAX_SUBMISSIONS_PER_PHASE)
      return this.refuse(index, submission, this.overLimitReason(submission.player), true);

    if (submission.answers === null || typeof submission.answers !== 'object' || Array.isArray(submission.answers)) {
      return this.refuse(
        index,
        submission,
        'the answers are not a list of questions and answers; nothing of this submission was counted',
      );
    }
    const done = withoutDone(submission.answers);
    const { answers, unknown, notText, tooLong } = cleanAnswers(done.answers, new Set(questions.map((q) => q.id)));
    if (notText !== undefined) {
      return this.refuse(
        index,
        submission,
        `${notText}: an answer is text or a list of text; nothing of this submission was counted`,
      );
    }
    if (tooLong) {
      return this.refuse(
        index,
        submission,
        `${tooLong.key}: this answer has ${lengthSent(tooLong, submission)} and an answer has at most ${MAX_ANSWER_LENGTH}; nothing of this submission was counted`,
      );
    }
    const cleaned: Submission = { ...submission, answers };
    const result: CheckResult<M> = this.game.check(this.state, phase, cleaned, this.ctx, {
      moves: this.moves,
      ...(at ? { at } : {}),
      timing: this.timing,
    });
    if (!result.ok) return this.refuse(index, submission, result.reason);

    return this.count(index, submission, phase, result, unknown, done.notDone);
  }

  /** Whether the open phase has ended by `now` (omitted: a complete record, so yes). */
  isDue(now: string | undefined): boolean {
    if (!this.phase) return false;
    // A close when ready is logged once its `at` has passed (later ones are not read as of `now`).
    if (this.closedEarly || this.readyAt !== undefined || now === undefined) return true;
    // While the host's pause goes on, nothing closes (a deadline passed before it has closed its phase).
    if (this.holdingPause) return false;
    return this.timing.deadline !== undefined && !isAfter(this.timing.deadline, now);
  }

  /** Resolves the open phase with the moves that count, and opens the next. */
  close(): void {
    const phase = this.phase;
    if (!phase) throw new Error('MatchRun.close: no phase is open');
    const closedAt = this.closedEarly ? this.closedEarlyAt : (this.readyAt ?? this.timing.deadline);
    const timing: PhaseTiming = { ...this.timing, ...(closedAt ? { closedAt } : {}) };
    // A turn clock does not run while the match is paused: the game sees the phase open later by the paused time.
    const paused = timing.opensAt && closedAt ? pausedBetween(timing.opensAt, closedAt, this.pauses) : 0;
    const played =
      paused > 0 && timing.opensAt
        ? { ...timing, opensAt: new Date(Date.parse(timing.opensAt) + paused).toISOString() }
        : timing;
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- as setup's above: AnyGame erases S
    this.state = this.game.resolve(this.state, phase, this.moves, this.ctx, played) as S;
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
      if (!this.asked.some((a) => a.id === request.id)) this.asked.push(request);
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
        this.rejected.push({
          phase: 'decisions',
          player: 'host',
          reason: `no decision ${quote(decision.id)} was asked for in this match`,
        });
      }
    }
    return { final: pending.length > 0 ? null : final, pending };
  }
}

/** Replays a validated match file, ignoring an entry whose `uid` an earlier one has (two hosts logged it): the result's `match` is without it. */
export function replay<S = unknown, M = unknown>(
  game: AnyGame,
  file: MatchFile,
  options: ReplayOptions = {},
): ReplayResult<S, M> {
  const run = new MatchRun<S, M>(game, withoutRepeats(file), options.now);
  const byPhase = new Map<string, { submission: Submission; index: number }[]>();
  run.match.submissions.forEach((submission, index) => {
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

  const { final, pending } = run.finish(run.match.decisions);
  return {
    match: run.match,
    game,
    ctx: run.ctx,
    state: run.state,
    closed: run.closed,
    open: run.phase ? { phase: run.phase, timing: run.timing, moves: run.currentMoves, ready: run.ready } : null,
    receipts: run.receipts,
    rejected: run.rejected,
    pending,
    asked: run.asked,
    final,
    paused: openPause(run.pauses),
  };
}

export type { Player };
