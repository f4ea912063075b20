// The one game the add-on's, the triggers' and Google's own tests (test/sandbox, test/triggers,
// test/addon) play where they need a real match but test none of its rules: chosen here, once,
// never by its id (test/build/names.test.ts). It is the first registered game whose own test
// folder describes a calm match of it (test/games/<id>/calm-match.ts: its phase lengths), and the
// answers those tests send are that game's. A test names its phases as PHASES[0], PHASES[1]…; the
// calm match itself is started in the sandbox by test/sandbox/calm-match.ts.
import type { AnyGame } from '../../src/engine/core/game.js';
import { GAME_LIST, newMatch, playMatch, replayMatch } from '../../src/engine/index.js';
import { ownTestModule } from './game-cases.js';

/** What a game's own calm-match.ts says. */
interface CalmMatch {
  /** The phase lengths in minutes, with the schedule's default `defaultMinutes`. */
  minutes(defaultMinutes?: number): Record<string, number>;
}

async function choose(): Promise<{ game: AnyGame; calm: CalmMatch }> {
  for (const game of GAME_LIST) {
    const own = await ownTestModule<{ calm?: CalmMatch }>(game, 'calm-match');
    if (own?.calm) return { game, calm: own.calm };
  }
  throw new Error('no registered game has a test/games/<id>/calm-match.ts');
}
const chosen = await choose();

/** The game. */
export const SANDBOX_GAME: AnyGame = chosen.game;

/** A calm match's phase lengths (minutes), each phase the schedule's `defaultMinutes` but where the game says otherwise. */
export const calmMinutes = (defaultMinutes = 60): Record<string, number> => chosen.calm.minutes(defaultMinutes);

/** The four players of a calm match. */
export const PLAYERS = ['Ann', 'Ben', 'Cara', 'Dev'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));

const botMatch = (() => {
  const fresh = newMatch(SANDBOX_GAME.id, { seed: 'sandbox-game', players: PLAYERS.length });
  if (!fresh.ok) throw new Error(fresh.error);
  return replayMatch(playMatch(fresh.value)).closed.map((closed) => closed.phase);
})();

/** The phases a match of four opens, in order, as a bot match of it shows them. */
export const PHASES: readonly string[] = botMatch.map((phase) => phase.id);

/** Those phases' kinds, each once, in the order they first open (KINDS[0] is the first phase's). */
export const KINDS: readonly string[] = [...new Set(botMatch.map((phase) => phase.kind))];
