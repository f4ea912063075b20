// The matches the generic tests play of each game (reliability scenarios, fault sweeps, sandbox
// whole matches, the bench), read from the registry: a game needs nothing here. What only a game
// knows (a small board that keeps a sweep quick, faults its clock needs, options worth covering)
// it says in its own test folder, `test/games/<id>/cases.ts` exporting `cases: GameCases`; what it
// leaves out comes from its definition (docs/authoring.md, "Tests for free").
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AnyGame } from '../../src/engine/core/game.js';
import { GAME_LIST } from '../../src/engine/index.js';
import type { Faults } from '../sandbox/players.js';

/** One match to set up: the game, how many players, the schedule's minutes, the options. */
export interface MatchCase {
  readonly game: string;
  readonly players: number;
  readonly minutes: Readonly<Record<string, number>>;
  readonly options?: Readonly<Record<string, unknown>>;
}

type CaseParts = Partial<Omit<MatchCase, 'game'>>;

/** What a game's own `cases.ts` may say; every part is optional. */
export interface GameCases {
  /** The match the fault sweeps and the reliability scenarios play: small and quick. */
  readonly small?: CaseParts;
  /** The largest match (the execution budget's worst case). */
  readonly large?: CaseParts;
  /** The sandbox whole match, and the faults the players and triggers make in it. */
  readonly whole?: CaseParts & { readonly faults?: Partial<Faults> };
  /**
   * False where the game's own test folder sweeps its resolutions itself (a phase that closes on a
   * move has no deadline to wait for): the generic sweep of a tick after a deadline is skipped.
   */
  readonly deadlineSweep?: boolean;
  /**
   * The reliability suite's heavier scenarios, played on a few games only to keep the suite's time
   * (npm run bench measures every game): `dayBudget` plays the largest match a phase a day within
   * the execution budget (test/reliability/budget.test.ts); `outageAfter` is how many phases close
   * before the resolution that fails while a player answers the next one (outage.test.ts).
   */
  readonly reliability?: { readonly dayBudget?: boolean; readonly outageAfter?: number };
}

/** A module of a game's own test folder (test/games/<id>/<name>.ts), or null where it has none. */
export async function ownTestModule<T>(game: AnyGame, name: string): Promise<T | null> {
  const url = new URL(`../games/${game.id}/${name}.ts`, import.meta.url);
  return existsSync(fileURLToPath(url)) ? ((await import(url.href)) as T) : null;
}

/** A game's own cases (test/games/<id>/cases.ts), or none. */
async function ownCases(game: AnyGame): Promise<GameCases> {
  return (await ownTestModule<{ cases?: GameCases }>(game, 'cases'))?.cases ?? {};
}

/**
 * The schedule the definition implies: an hour a phase, or nothing where the game times its own
 * phases (its phaseLengths has no kinds and says how it is timed).
 */
function defaultMinutes(game: AnyGame): Record<string, number> {
  return game.phaseLengths.timedBy && Object.keys(game.phaseLengths.kinds).length === 0 ? {} : { default: 60 };
}

function caseOf(game: AnyGame, players: number, parts: CaseParts | undefined): MatchCase {
  return { game: game.id, players, minutes: defaultMinutes(game), ...parts };
}

/** Every game's cases, in the registry's order. */
export const GAME_CASES: readonly {
  readonly game: AnyGame;
  readonly small: MatchCase;
  readonly large: MatchCase;
  readonly whole: MatchCase & { readonly faults?: Partial<Faults> };
  readonly deadlineSweep: boolean;
  readonly reliability: NonNullable<GameCases['reliability']>;
}[] = await Promise.all(
  GAME_LIST.map(async (game) => {
    const own = await ownCases(game);
    return {
      game,
      small: caseOf(game, game.playerCount.min, own.small),
      large: caseOf(game, game.playerCount.max, own.large),
      whole: {
        ...caseOf(game, game.playerCount.default, own.whole),
        ...(own.whole?.faults ? { faults: own.whole.faults } : {}),
      },
      deadlineSweep: own.deadlineSweep ?? true,
      reliability: own.reliability ?? {},
    };
  }),
);
