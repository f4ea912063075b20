// A tiny game for testing the core: at each step every player names a number from 1 to 10, and
// totals add up. A tie for the most asks the host to decide. With `closeEarly`, a 10 ends the
// step at once (like a move that closes a phase). Its id and phase kind are its own, not a
// registered game's, so the core's tests name no game (test/build/names.test.ts).
import * as z from 'zod/mini';
import type { AnyGame, Game } from '../../src/engine/core/game.js';

interface TinyOptions {
  rounds: number;
  closeEarly: boolean;
}
interface TinyState {
  round: number;
  totals: Record<string, number>;
  log: string[];
}
interface TinyMove {
  n: number;
  bonus: boolean;
}

const tiny: Game<TinyOptions, TinyState, TinyMove> = {
  id: 'tiny',
  title: 'Tiny',
  blurb: 'test game',
  playerCount: { min: 1, max: 9, default: 2 },
  optionsSchema: z.strictObject({ rounds: z._default(z.int(), 2), closeEarly: z._default(z.boolean(), false) }),
  prepareOptions: (options) => ({ options, issues: [] }),
  phaseLengths: { kinds: { step: 'each step' } },
  setup: (ctx) => ({ round: 0, totals: Object.fromEntries(ctx.players.map((p) => [p.id, 0])), log: [] }),
  currentPhase(state, ctx) {
    if (state.round >= ctx.options.rounds) return null;
    const q = [
      { id: 'n', label: 'n', help: '1–10', kind: 'text' as const },
      { id: 'bonus', label: 'bonus', help: 'yes', kind: 'text' as const },
    ];
    return {
      id: `step-${state.round + 1}`,
      title: `Step ${state.round + 1}`,
      kind: 'step',
      questions: Object.fromEntries(ctx.players.map((p) => [p.id, q])),
    };
  },
  check(_state, _phase, submission, ctx) {
    const n = Number(submission.answers.n);
    if (!Number.isInteger(n) || n < 1 || n > 10)
      return { ok: false, reason: `n: "${submission.answers.n ?? ''}" is not a number from 1 to 10` };
    const wantsBonus = submission.answers.bonus === 'yes';
    const rich = (ctx.players.find((p) => p.id === submission.player)?.garnets ?? 0) > 0;
    if (wantsBonus && !rich)
      return { ok: true, move: { n, bonus: false }, partsRejected: ['bonus: costs 1 garnet and you have none'] };
    return { ok: true, move: { n, bonus: wantsBonus } };
  },
  closesEarly: (_state, _phase, moves, ctx) => ctx.options.closeEarly && [...moves.values()].some((m) => m.n === 10),
  resolve(state, phase, moves, _ctx, timing) {
    const totals = { ...state.totals };
    for (const [player, move] of moves) totals[player] += move.n + (move.bonus ? 5 : 0);
    return {
      round: state.round + 1,
      totals,
      log: [...state.log, `${phase.id} closed ${timing.closedAt ?? 'untimed'}`],
    };
  },
  rounds: (state) => [{ round: state.round, totals: state.totals }],
  finish(state, ctx, decide) {
    const best = Math.max(...Object.values(state.totals));
    const top = ctx.players.filter((p) => state.totals[p.id] === best).map((p) => p.id);
    const winner = top.length === 1 ? top[0] : decide({ id: 'tie', question: 'who wins?', choices: top });
    return {
      scores: state.totals,
      winners: winner ? [winner] : [],
      losers: [],
      awards: [],
      eliminationCandidate: null,
      detail: {},
    };
  },
  view: () => ({
    title: 'tiny',
    boards: [],
    scoreboard: { title: '', header: [], rows: [] },
    legend: [],
    sections: [],
  }),
  bots: { count: ({ random }) => ({ n: String(random.int(1, 10)) }) },
  defaultBot: 'count',
};

export const tinyGame = tiny as AnyGame;
