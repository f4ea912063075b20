// Plays a match with bots: each phase, every player's bot answers as a form would, the answers
// are offered to the match like real submissions, and the phase closes. The result is an ordinary
// match file, so `replay` of it must give exactly the same state (a property the tests check).

import type { AnyGame, Decision, Submission } from './game.js';
import type { MatchFile } from './matchfile.js';
import { MatchRun } from './replay.js';

export interface SimulateOptions {
  /** Bot name for everyone, or per player id; defaults to the game's default bot. */
  readonly bots?: string | Readonly<Record<string, string>>;
  /** Answer host decisions with a seeded draw so the match reaches its final result. */
  readonly answerDecisions?: boolean;
  /** Called as each phase closes (progress output). */
  readonly onPhase?: (phaseTitle: string) => void;
  /** Seconds between one bot's submission and the next, when the match has times. */
  readonly secondsBetween?: number;
}

const MAX_PHASES = 10_000;

function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** Plays `match` (its submissions are ignored) to the end with bots; returns the completed file. */
export function simulate(game: AnyGame, match: MatchFile, options: SimulateOptions = {}): MatchFile {
  const base: MatchFile = { ...match, submissions: [], decisions: [] };
  const run = new MatchRun(game, base);
  const submissions: Submission[] = [];
  const botFor = (player: string) => {
    const name = typeof options.bots === 'string' ? options.bots : (options.bots?.[player] ?? game.defaultBot);
    const bot = game.bots[name];
    if (!bot) throw new Error(`${game.title} has no bot "${name}" (it has ${Object.keys(game.bots).join(', ')})`);
    return bot;
  };
  const step = options.secondsBetween ?? 30;

  for (let count = 0; run.phase; count++) {
    if (count >= MAX_PHASES) throw new Error(`simulate: ${game.title} did not end within ${MAX_PHASES} phases`);
    const phase = run.phase;
    let clock = run.timing.opensAt;
    for (const player of Object.keys(phase.questions)) {
      if (run.hasClosedEarly) break;
      const answers = botFor(player)({
        state: run.state,
        phase,
        player,
        ctx: run.ctx,
        random: run.ctx.random(`bot/${player}/${phase.id}`),
      });
      if (!answers) continue;
      clock = clock ? addSeconds(clock, step) : undefined;
      const submission: Submission = { phase: phase.id, player, ...(clock ? { at: clock } : {}), answers };
      run.offer(submission, submissions.length);
      submissions.push(submission);
    }
    run.close();
    options.onPhase?.(phase.title);
  }

  const decisions: Decision[] = [];
  if (options.answerDecisions) {
    const random = run.ctx.random('simulated-host-decisions');
    for (let guard = 0; guard < 100; guard++) {
      const { pending } = run.finish(decisions);
      if (pending.length === 0) break;
      for (const request of pending) decisions.push({ id: request.id, choice: random.pick(request.choices) });
    }
  }
  return { ...base, submissions, decisions };
}
