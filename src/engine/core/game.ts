// The shape of a game: one plain definition object per game (after boardgame.io), which the core
// replays. A game never reads the clock or Math.random: time comes in through phase timing, and
// randomness through `ctx.random(label)`, derived from the match seed.

import type { News } from './news.js';
import type * as z from 'zod/mini';
import type { Random } from './random.js';
import type { Audience, GameView } from './view.js';

export interface Player {
  readonly id: string;
  readonly name: string;
  readonly email?: string;
  readonly garnets: number;
  /** The id of the player's own Google Form (the add-on): a form submission must come through it. */
  readonly form?: string;
  /** The IANA time zone the player reads times in (reminders); absent: the schedule's. */
  readonly timeZone?: string;
  /** In an anonymous match, who plays under the alias `name`: the host's only (core/anonymity.ts). */
  readonly person?: string;
  /** The player's Discord user id: the post at a phase's opening mentions them (triggers/messages/opening-notices.ts). Never published. */
  readonly discord?: string;
}

/** A player's answers for one phase: question id → text (or a list, for multi-select). */
export type Answers = Readonly<Record<string, string | readonly string[]>>;

export interface Submission {
  readonly phase: string;
  readonly player: string;
  /** ISO time the submission arrived; optional except where time matters (Peg Domain). */
  readonly at?: string;
  readonly answers: Answers;
  /** How it arrived (the add-on): the player's form, their public row, typed in by the host, or a bot's answer for a seat the add-on plays (a rehearsal). */
  readonly via?: 'form' | 'row' | 'host' | 'bot';
  /** The sender's email as the form verified it; replay refuses one that is not the player's. */
  readonly from?: string;
  /** The id of the form it came through; replay refuses one that is not the player's form. */
  readonly form?: string;
  /** The form response id, so a response is logged once however often it is read. */
  readonly response?: string;
  /**
   * A public row's change (via `row`) that Google did not attribute to the row's player: to
   * another account (`other`), or to no one (`unknown`: the edit event named nobody). Listed on
   * the Host actions list (core/host-actions.ts); replay counts it as the row's answer all the same.
   */
  readonly editedBy?: 'other' | 'unknown';
  /** The entry's own id (docs/matchfile.md, "Entry ids"): two hosts logging the same thing log the same id, and replay keeps the first. */
  readonly uid?: string;
  /**
   * The link of the entry logged just before it (core/chain.ts): the log is a hash chain, each
   * entry committing to everything logged before it. Absent in files made before the chain.
   */
  readonly after?: string;
  /**
   * The receipt code its player was shown (core/receipt.ts), as the published file lists it;
   * replay never reads it, `genius-host verify` checks it against the submission.
   */
  readonly receipt?: string;
}

/**
 * A host's change to the schedule, kept in the log so replay stays the single truth:
 * `extend` moves the deadline of a phase; `reopen` ("undo last phase") opens a closed phase again
 * until `deadline`, undoing an early close (a Peg Domain move) that happened before `at`.
 * An event counts only for a phase that opened at or before `at` (a later opening of that phase,
 * after an earlier phase was reopened, keeps its schedule), and only once `at` has passed.
 */
export interface ScheduleEvent {
  readonly type: 'extend' | 'reopen';
  readonly phase: string;
  readonly deadline: string;
  readonly at: string;
  /** Why, in the host's words (player-visible text; the Host actions list shows it). */
  readonly reason?: string;
  /** The entry's own id (see Submission.uid). */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/**
 * The host's correction of a player's email (Correct a player's email…): from the phase open at
 * `at` on (a phase whose deadline passed before `at` keeps the email it had), the player's form
 * answers must come from `email`'s account (docs/matchfile.md, "Host events").
 */
export interface EmailEvent {
  readonly type: 'email';
  readonly player: string;
  readonly email: string;
  readonly at: string;
  /** Why, in the host's words (player-visible text; the Host actions list shows it). */
  readonly reason?: string;
  /** The entry's own id (see Submission.uid). */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/**
 * A phase closed before its deadline because every player who may answer was ready (the match's
 * `schedule.closeWhenReady`): the execution logs it, and replay closes the phase at `at`. It counts
 * only for an opening of the phase at or before `at`, and a later `reopen` of the phase undoes it.
 */
export interface CloseEvent {
  readonly type: 'close';
  readonly phase: string;
  readonly at: string;
  /** The entry's own id (see Submission.uid). */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/**
 * The host paused the match (`pause`) or let it go on (`resume`): while paused nothing closes and
 * nothing sent counts; a resume moves every deadline not yet passed at the pause by the time the
 * match stood paused (docs/matchfile.md, "Host events").
 */
export interface PauseEvent {
  readonly type: 'pause' | 'resume';
  readonly at: string;
  /** Why, in the host's words (player-visible text; the Host actions list shows it). */
  readonly reason?: string;
  /** The entry's own id (see Submission.uid). */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/**
 * A message the add-on sent (a reminder email, a Discord post), skipped (the mail quota spent),
 * failed to send (a post: pending, tried again for a few hours, core/posts.ts) or dropped: logged so each is sent once and the host sees what
 * went out. Replay ignores it (docs/matchfile.md, "Messages").
 */
export interface MessageEvent {
  readonly type: 'message';
  readonly channel: 'email' | 'discord';
  /** What the message is, the same for every try of it: `remind:<phase>@<deadline>:<minutes>`, `result:<phase>@<deadline>`. */
  readonly key: string;
  readonly status: 'sent' | 'skipped' | 'failed' | 'dropped';
  /** The player an email went to. */
  readonly player?: string;
  /** Why it was skipped, failed or dropped (never a secret: see core/redact.ts). */
  readonly note?: string;
  /** A failed post: not tried again before this time (Discord's retry_after, or the back-off: core/posts.ts). */
  readonly retry?: string;
  readonly at: string;
  /** The entry's own id (see Submission.uid). */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/**
 * The host gave a player's seat to a substitute (Substitute a player…): from `at` on, the seat is
 * `name`'s, answering from `email`'s Google account; everything the seat holds stays with it
 * (score, garnets, history, team). Replay judges each form answer by the seat's account at the
 * answer's time (docs/matchfile.md, "Host events").
 */
export interface SubstituteEvent {
  readonly type: 'substitute';
  /** The seat: the id of the player whose place the substitute takes. */
  readonly player: string;
  /** The name the seat is read by from `at` on: in an anonymous match the seat's alias, which the substitute takes. */
  readonly name: string;
  /** In an anonymous match, who the substitute is: the host's only, as `Player.person` (core/anonymity.ts). */
  readonly person?: string;
  readonly email: string;
  readonly at: string;
  /** Why, in the host's words (player-visible text; the Host actions list shows it). */
  readonly reason?: string;
  /** The entry's own id (see Submission.uid). */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/**
 * The host chose Resolve overdue now: whatever was overdue at `at` was resolved then rather than at
 * the next clock trigger. Replay ignores it (replay as of any time resolves every deadline passed
 * by then); it is logged so everyone reads it on the Host actions list (docs/matchfile.md, "Host
 * events").
 */
export interface ResolveEvent {
  readonly type: 'resolve';
  readonly at: string;
  /** Why, in the host's words (player-visible text; the Host actions list shows it). */
  readonly reason?: string;
  /** The entry's own id: `resolve:<at>` (see Submission.uid). */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/** Everything the host (or the execution, for a close when every player is ready) does to a running match besides answering a decision, and the messages the add-on sent. */
export type MatchEvent =
  ScheduleEvent | EmailEvent | CloseEvent | PauseEvent | MessageEvent | SubstituteEvent | ResolveEvent;

export interface Decision {
  readonly id: string;
  readonly choice: string;
  /** When the host answered (the add-on's menu; a hand-written file may leave it out). */
  readonly at?: string;
  /** Why, in the host's words (player-visible text; the Host actions list shows it). */
  readonly reason?: string;
  /** The entry's own id (see Submission.uid); `id` names the decision asked for. */
  readonly uid?: string;
  /** The link of the entry logged before it (see Submission.after). */
  readonly after?: string;
}

/** A question a player's form (or public row) shows in one phase. */
export interface Question {
  readonly id: string;
  readonly label: string;
  /** What to write, with an example. */
  readonly help: string;
  readonly kind: 'text' | 'choice' | 'multi';
  readonly choices?: readonly string[];
  /** A regular expression (source, whole answer, case-insensitive) for answers with a fixed shape. */
  readonly pattern?: string;
  readonly required?: boolean;
  /** Answered publicly (the player's protected row of the shared sheet) rather than by form. */
  readonly public?: boolean;
}

/** One phase of play, as the game announces it when it opens. */
export interface PhaseSpec {
  /** The phase name used in match files: `pregame`, `round-2`, `round-1/plans`, `turn-7`. */
  readonly id: string;
  readonly title: string;
  /** What schedules group by: `pregame`, `round`, `plans`, `orders`, `turn`, … */
  readonly kind: string;
  /** Who may submit in this phase, and the questions each of them sees. */
  readonly questions: Readonly<Record<string, readonly Question[]>>;
  /**
   * A length the game itself imposes (Peg Domain's turn clock), in seconds from the phase
   * opening. Otherwise the match schedule decides the deadline.
   */
  readonly maxSeconds?: number;
}

export interface PhaseTiming {
  /** When the phase opened (the previous phase's close, or the match start), if known. */
  readonly opensAt?: string;
  /** The deadline, if the match has a schedule or the game a clock. */
  readonly deadline?: string;
  /** When the phase actually closed: its deadline, or the moment a closing submission arrived. */
  readonly closedAt?: string;
}

/** A host decision the rules leave to people; the match waits for its answer. */
export interface DecisionRequest {
  readonly id: string;
  readonly question: string;
  readonly choices: readonly string[];
}

export interface Award {
  readonly player: string;
  readonly garnets: number;
  readonly tokensOfLife: number;
  readonly note: string;
}

/** The end of a match, as the `final` of docs/matchfile.md. */
export interface Final {
  readonly scores: Readonly<Record<string, number>>;
  readonly winners: readonly string[];
  readonly losers: readonly string[];
  readonly awards: readonly Award[];
  readonly eliminationCandidate: string | null;
  /**
   * Where the scores alone did not place the loser (they tied with another), how the rules' tie-breaks
   * did, in words that name the players: what every audience reads beside the loser's name
   * (core/outcome.ts). Absent where the loser simply scored least.
   */
  readonly tieBreak?: string;
  readonly detail: Readonly<Record<string, unknown>>;
}

/** A live session's pace (Game.livePace). */
export interface LivePace {
  readonly minutes: Readonly<Record<string, number>>;
  /** A game whose turns run on its own clock (Peg Domain): each turn's seconds and each player's reserve. */
  readonly turnClock?: { readonly turnSeconds: number; readonly reserveSeconds: number };
}

/** A live session's pace where the rules give none: a round an hour. */
export const LIVE_PACE: LivePace = { minutes: { default: 60 } };

/** What the core gives a game: the match's fixed facts and seeded randomness. */
export interface GameContext<O> {
  readonly seed: string;
  readonly players: readonly Player[];
  readonly options: O;
  /** An independent seeded stream for one purpose; same label, same numbers. */
  random(label: string): Random;
  playerName(id: string): string;
}

/** The outcome of checking one submission. */
export type CheckResult<M> =
  | {
      readonly ok: true;
      readonly move: M;
      /** Parts refused while the rest counts. */
      readonly partsRejected?: readonly string[];
      /** What the player should know about an answer that counts (a Paint vote for a painted segment paints nothing). */
      readonly notes?: readonly string[];
    }
  | { readonly ok: false; readonly reason: string };

export interface PhaseProgress<M> {
  /** The move that currently counts for each player (their last valid submission). */
  readonly moves: ReadonlyMap<string, M>;
  /** The time of the submission being checked, if known. */
  readonly at?: string;
  readonly timing: PhaseTiming;
}

/** Host decisions, asked for while computing the end: returns the answer or undefined (pending). */
export type Decide = (request: DecisionRequest) => string | undefined;

export interface BotInput<S, O> {
  readonly state: S;
  readonly phase: PhaseSpec;
  readonly player: string;
  readonly ctx: GameContext<O>;
  readonly random: Random;
}

/** A bot answers like a form would: with text, so the same parsing checks it. */
export type Bot<S, O> = (input: BotInput<S, O>) => Answers | null;

export interface RoundSummary {
  readonly round: number;
  readonly [key: string]: unknown;
}

export interface OpenPhaseInfo<M> {
  readonly phase: PhaseSpec;
  readonly moves: ReadonlyMap<string, M>;
  readonly timing: PhaseTiming;
}

/** A game's own turn clock (Game.turnClock): a turn's seconds, then each player's reserve. */
export interface TurnClock {
  readonly turnSeconds: number;
  readonly reserveSeconds: number;
}

/** A problem with a match file's options: where (a path inside `options`) and what. */
export interface OptionIssue {
  readonly path: (string | number)[];
  readonly message: string;
}

/** What `prepareOptions` is given besides the options: the match's seed, players and seeded randomness. */
export interface OptionsSetup {
  readonly seed: string;
  readonly players: readonly Player[];
  readonly random: Random;
}

/** The options with every default filled, and what is wrong with them. */
export interface PreparedOptions<O> {
  readonly options: O;
  readonly issues: readonly OptionIssue[];
}

/**
 * A game definition. `O` is its resolved options, `S` its state (treated as immutable: resolve
 * returns a new state), `M` a checked move, `I` the options as the schema reads them (before the
 * seed-dependent defaults are filled).
 */
export interface Game<O = unknown, S = unknown, M = unknown, I = O> {
  /** The match file's `game`; the registry (games/index.ts) is the one list of them. */
  readonly id: string;
  readonly title: string;
  /** One line for menus and the README. */
  readonly blurb: string;
  /**
   * The rules in a player's words, a paragraph a line: the public sheet's (and each player's) Rules
   * tab. Absent: the tab gives the blurb and says to ask the host for the rules.
   */
  readonly rules?: readonly string[];
  readonly playerCount: { readonly min: number; readonly max: number; readonly default: number };
  /** Validates the match file's `options`, filling fixed defaults. */
  readonly optionsSchema: z.ZodMiniType<I, unknown>;
  /**
   * Fills defaults that depend on the seed or the players (generated boards) and checks options
   * against the players. Returns issues as `path: message` pairs (path inside `options`).
   */
  prepareOptions(options: I, setup: OptionsSetup): PreparedOptions<O>;

  setup(ctx: GameContext<O>): S;
  /** The phase now open, or null when the game is over. */
  currentPhase(state: S, ctx: GameContext<O>): PhaseSpec | null;
  /** Checks one submission against the state at the start of the phase. */
  check(
    state: S,
    phase: PhaseSpec,
    submission: Submission,
    ctx: GameContext<O>,
    progress: PhaseProgress<M>,
  ): CheckResult<M>;
  /**
   * Phase kinds that close as soon as every player who may answer is ready, unless the match's
   * `schedule.closeWhenReady` says otherwise: where the rules leave the round length open.
   */
  readonly closeWhenReady?: Readonly<Record<string, boolean>>;
  /**
   * The phase lengths a host sets (the New match… sidebar, `schedule.minutes` by kind): each phase
   * kind the game has, in the host's words. None: the game times its own phases, and `timedBy` says
   * how.
   */
  readonly phaseLengths: { readonly kinds: Readonly<Record<string, string>>; readonly timedBy?: string };
  /**
   * The pace of a live session as the rules give it (the bench plays it; the sidebar projects its
   * trigger time): phase lengths in minutes by kind, as `schedule.minutes` takes them, and for a
   * game on its own turn clock, the clock. None: a round an hour (LIVE_PACE).
   */
  readonly livePace?: LivePace;
  /**
   * A game whose turns run on its own clock and end on a move (Peg Domain): the seconds a turn and
   * each player's reserve take with these options (as the schema reads them, fixed defaults filled).
   * The add-on projects its daily trigger time from it (src/triggers/schedule/trigger-time.ts). Absent: the
   * schedule times every phase.
   */
  turnClock?(options: I): TurnClock;
  /** True when the phase ends before its deadline (Peg Domain: a valid move ends the turn). */
  closesEarly?(state: S, phase: PhaseSpec, moves: ReadonlyMap<string, M>, ctx: GameContext<O>): boolean;
  /** Applies a phase's moves (missing players submitted nothing). */
  resolve(state: S, phase: PhaseSpec, moves: ReadonlyMap<string, M>, ctx: GameContext<O>, timing: PhaseTiming): S;

  /** The public summary of each finished round, for `replay` output. */
  rounds(state: S, ctx: GameContext<O>): RoundSummary[];
  /**
   * What the latest resolution did, in words a spectator reads (core/news.ts): the round's public
   * facts and each side's points before and after it; null before any. The result's post and every
   * Status tab give it. Absent: they give the headline only.
   */
  news?(state: S, ctx: GameContext<O>): News | null;
  /** The end of the game (only called once `currentPhase` is null). */
  finish(state: S, ctx: GameContext<O>, decide: Decide): Final;

  /** What one audience may see. `open` is the phase in progress, with the moves counted so far. */
  view(state: S, audience: Audience, ctx: GameContext<O>, open: OpenPhaseInfo<M> | null): GameView;
  /** The audiences this game has beyond host, public and one per player (Paint: teams). */
  extraAudiences?(state: S, ctx: GameContext<O>): Audience[];

  readonly bots: Readonly<Record<string, Bot<S, O>>>;
  /** Which bot `npm start` uses when none is named. */
  readonly defaultBot: string;
}

/** A game with its type parameters erased, as the registry holds it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any>;
