// Seats the add-on plays itself (Rehearse a match…: every seat but the host's). When a phase opens
// that asks such a seat, the execution logs the game's default bot's answer for it, `via: "bot"`,
// as one more input of the run (execution/pipeline.ts), so it is checked, replayed and drawn like a
// player's. Its id names the phase and the seat: logged twice (a retried run, two hosts), it counts
// once, and a seat answers a phase once.

import type { Submission } from '../../engine/core/game.js';
import type { ReplayResult } from '../../engine/index.js';
import type { LogEntry } from '../saved/match-log.js';

/** The bots' answers due in `result`'s open phase for `seats` not answered yet, at `now`. */
export function botAnswers(result: ReplayResult, seats: readonly string[], now: string): LogEntry[] {
  const open = result.open;
  if (!open || seats.length === 0 || result.paused) return [];
  const phase = open.phase;
  const bot = result.game.bots[result.game.defaultBot];
  if (!bot) return [];
  const answered = new Set(
    result.match.submissions.filter((s) => s.phase === phase.id && s.via === 'bot').map((s) => s.player),
  );
  const entries: LogEntry[] = [];
  for (const seat of seats) {
    if (answered.has(seat) || phase.questions[seat] === undefined) continue;
    const answers = bot({
      state: result.state,
      phase,
      player: seat,
      ctx: result.ctx,
      random: result.ctx.random(`bot/${seat}/${phase.id}`),
    });
    if (!answers) continue;
    const submission: Submission = {
      phase: phase.id,
      player: seat,
      at: now,
      answers,
      via: 'bot',
      uid: `bot:${phase.id}:${seat}`,
    };
    entries.push({ kind: 'submission', value: submission });
  }
  return entries;
}
