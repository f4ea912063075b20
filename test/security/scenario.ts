// A bot match of one game, cut at chosen phases, to offer hostile submissions to the phase that
// is open there. Works for every game in GAME_LIST without knowing its rules: phases, questions
// and valid answers all come from the game itself and its bots.

import type { AnyGame, PhaseSpec, Player, Submission } from '../../src/engine/core/game.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { MatchRun } from '../../src/engine/core/replay.js';
import { newMatch, playMatch, replayMatch } from '../../src/engine/index.js';

export const START = '2026-11-21T18:00:00Z';

export interface Scenario {
  readonly game: AnyGame;
  /** The match file without submissions. */
  readonly base: MatchFile;
  /** The whole bot match. */
  readonly played: MatchFile;
  /** Every phase of the bot match, in order. */
  readonly phases: readonly PhaseSpec[];
  /** The bot submissions of each phase, by phase id. */
  readonly byPhase: ReadonlyMap<string, readonly Submission[]>;
  /** Answers the bots gave to each question id, anywhere in the match. */
  readonly validAnswers: ReadonlyMap<string, readonly string[]>;
  /**
   * Phase indices to cut at: the first and last phase of each kind, the middle one, and
   * `phases.length` (the match is over).
   */
  readonly checkpoints: readonly number[];
}

export function scenarioOf(game: AnyGame, setup: { players?: readonly Player[]; seed?: string } = {}): Scenario {
  const fresh = newMatch(game.id, {
    seed: setup.seed ?? 'security',
    startAt: START,
    ...(setup.players ? { players: setup.players } : {}),
  });
  if (!fresh.ok) throw new Error(fresh.error);
  const played = playMatch(fresh.value, { answerDecisions: true });
  const phases = replayMatch(played).closed.map((c) => c.phase);

  const byPhase = new Map<string, Submission[]>();
  const validAnswers = new Map<string, string[]>();
  for (const submission of played.submissions) {
    byPhase.set(submission.phase, [...(byPhase.get(submission.phase) ?? []), submission]);
    for (const [key, value] of Object.entries(submission.answers)) {
      const texts = validAnswers.get(key) ?? [];
      for (const text of Array.isArray(value) ? [value.join(' '), ...value] : [value as string]) {
        if (!texts.includes(text) && texts.length < 40) texts.push(text);
      }
      validAnswers.set(key, texts);
    }
  }

  const points = new Set<number>([Math.floor(phases.length / 2), phases.length]);
  for (const kind of new Set(phases.map((p) => p.kind))) {
    points.add(phases.findIndex((p) => p.kind === kind));
    points.add(phases.map((p) => p.kind).lastIndexOf(kind));
  }
  return {
    game,
    base: { ...played, submissions: [], decisions: [] },
    played,
    phases,
    byPhase,
    validAnswers,
    checkpoints: [...points].sort((a, b) => a - b),
  };
}

/** The bot submissions of every phase before `checkpoint`, then `prefix` of that phase's own. */
export function submissionsBefore(scenario: Scenario, checkpoint: number, prefix: number): Submission[] {
  const out: Submission[] = [];
  scenario.phases.forEach((phase, i) => {
    const own = scenario.byPhase.get(phase.id) ?? [];
    if (i < checkpoint) out.push(...own);
    if (i === checkpoint) out.push(...own.slice(0, prefix));
  });
  return out;
}

/**
 * A match run at `checkpoint` (phase index) with `prefix` of that phase's bot submissions already
 * offered. Returns the run and the next submission index.
 */
export function runTo(scenario: Scenario, checkpoint: number, prefix: number): { run: MatchRun; next: number } {
  const run = new MatchRun(scenario.game, scenario.base);
  let next = 0;
  for (const [i, phase] of scenario.phases.entries()) {
    if (i > checkpoint) break;
    if (run.phase?.id !== phase.id) throw new Error(`runTo: expected ${phase.id} to be open, found ${run.phase?.id}`);
    const own = scenario.byPhase.get(phase.id) ?? [];
    for (const submission of i < checkpoint ? own : own.slice(0, prefix)) run.offer(submission, next++);
    if (i < checkpoint) run.close();
  }
  return { run, next };
}

/** The phase whose questions hostile submissions aim at (the last one once the match is over). */
export function phaseAt(scenario: Scenario, checkpoint: number): PhaseSpec {
  return scenario.phases[Math.min(checkpoint, scenario.phases.length - 1)];
}

/** ISO time `seconds` after `iso`. */
export function after(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}
