// Matches set up in the sandbox and stopped just before an execution worth breaking: a tick that
// closes a mid-match phase, a move arriving by form, a turn timing out. Every game of the registry,
// each with the cases its own test folder gives (test/helpers/game-cases.ts).
// The players before that point play as in the whole-match tests (invalid answers, impostors,
// doubled and missed triggers), so the log already holds the kinds of entries a real one does.
import { turnClockOf } from '../../src/engine/core/clock.js';
import type { Answers, Question } from '../../src/engine/core/game.js';
import { gameById, replayMatch } from '../../src/engine/index.js';
import { GAME_CASES, type MatchCase } from '../helpers/game-cases.js';
import { type PhaseAnswered, Table, logOf } from '../sandbox/players.js';

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jo', 'Kai', 'Lea'];
const START = '2026-11-21T18:00:00.000Z';

export type { MatchCase } from '../helpers/game-cases.js';

/** The cases the fault sweeps run by default: every game of the registry, small where the game allows. */
export const SMALL_CASES: readonly MatchCase[] = GAME_CASES.map((c) => c.small);

/** The largest matches (the execution budget's worst cases). */
export const LARGE_CASES: readonly MatchCase[] = GAME_CASES.map((c) => c.large);

export function emailsOf(c: MatchCase): string[] {
  return playerNames(c).map((n) => `${n.toLowerCase().replace(/\s+/g, '')}@example.com`);
}

function playerNames(c: MatchCase): string[] {
  return Array.from({ length: c.players }, (_, i) =>
    i < NAMES.length ? NAMES[i] : `${NAMES[i % NAMES.length]} ${Math.floor(i / NAMES.length) + 1}`,
  );
}

/** What the sidebar sends to start the case's match. */
export function setupOf(c: MatchCase): Record<string, unknown> {
  const emails = emailsOf(c);
  return {
    game: c.game,
    players: playerNames(c).map((name, i) => ({ name, email: emails[i], garnets: i % 3 })),
    startAt: START,
    timeZone: 'Europe/London',
    minutes: c.minutes,
    deadlines: {},
    ...(c.options ? { options: c.options } : {}),
  };
}

/** A table whose match the host has started (the sidebar's call), an hour before it begins. */
export function startedTable(c: MatchCase): Table {
  const table = new Table(c.game, emailsOf(c));
  const started = table.startMatch(setupOf(c));
  if (!started.ok) throw new Error(`${c.game}: the start was refused: ${JSON.stringify(started.errors)}`);
  return table;
}

/** Plays `phases` phases, then answers the next one: the table waits for its deadline. */
export function beforeResolution(
  c: MatchCase,
  phases: number,
): { table: Table; answered: PhaseAnswered & { deadline: string } } {
  const table = startedTable(c);
  for (let i = 0; i < phases; i++) table.playPhase();
  for (let guard = 0; guard < 20; guard++) {
    const answered = table.answerPhase();
    if (answered === 'over') throw new Error(`${c.game}: the match ended before phase ${phases}`);
    if (answered !== 'decided' && answered.deadline)
      return { table, answered: { ...answered, deadline: answered.deadline } };
  }
  throw new Error(`${c.game}: no phase waits for its deadline`);
}

export const at = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();

/** The bot's answers for `player` in the open phase, and its questions. */
export function botAnswers(table: Table, player: string): { answers: Answers; questions: readonly Question[] } | null {
  const state = table.state();
  if (!state.open) return null;
  const questions = state.open.phase.questions[player];
  if (!questions) return null;
  const game = gameById(table.gameId);
  const answers = game.bots[game.defaultBot]({
    state: state.state,
    phase: state.open.phase,
    player,
    ctx: state.ctx,
    random: state.ctx.random(`reliability/${player}/${state.open.phase.id}`),
  });
  return answers ? { answers, questions } : null;
}

/**
 * The deadlines the played match closed phases at (a phase that ended early, as a Peg Domain turn
 * on its move, has none), and every spreadsheet of the match: what deadlineToBoards measures.
 */
export function deadlinesAndSheets(table: Table): { deadlines: number[]; spreadsheets: string[] } {
  const result = replayMatch(logOf(table.sandbox));
  const deadlines: number[] = [];
  result.closed.forEach((c, i) => {
    const deadline = c.timing.deadline ? Date.parse(c.timing.deadline) : NaN;
    const next = result.closed[i + 1]?.timing.opensAt;
    // A phase that closed before its deadline (a move, or every player ready) has no deadline to reach.
    const closedEarly = c.timing.closedAt !== undefined && Date.parse(c.timing.closedAt) < deadline;
    if (Number.isFinite(deadline) && !closedEarly && (next === undefined || Date.parse(next) >= deadline))
      deadlines.push(deadline);
  });
  const spreadsheets = [
    table.google.host.id,
    table.sharedId(),
    ...result.match.players.map((p) => table.playerFile(p.id).sheet),
  ];
  return { deadlines, spreadsheets };
}

/**
 * The largest matches on the sidebar's default schedule, a phase a day (a game on its own turn
 * clock keeps it: Game.turnClock): what a day of a running match costs (bench, budget.test.ts).
 */
export const DAY_CASES: readonly MatchCase[] = LARGE_CASES.map((c) =>
  turnClockOf(gameById(c.game), c.options) ? c : { ...c, minutes: { default: 1440 } },
);
