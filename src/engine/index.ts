// The engine's public face: load a match file, replay it, start a new one, play one with bots.
// Pure: nothing here touches Node, Apps Script, the clock or the network.

import type { AnyGame, Player } from './core/game.js';
import { type MatchFile, parseMatchFile, parseMatchFileText } from './core/matchfile.js';
import { type ReplayOptions, type ReplayResult, replay } from './core/replay.js';
import { type SimulateOptions, simulate } from './core/simulate.js';
import { type Result, err } from './core/result.js';
import { GAMES, gameById } from './games/index.js';
import { resultLine } from './core/outcome.js';
import { type SeasonLedger, seasonLedger } from './season/ledger.js';
import { chainOrder } from './season/order.js';
import { keptLedger, ledgerWith } from './season/kept.js';
import { matchHash } from './season/match-hash.js';

export { EXAMPLE_GAME, GAMES, GAME_LIST, REHEARSAL_GAME, gameById } from './games/index.js';
export { replayOutput } from './core/replay-output.js';
export { stringifyMatchFile } from './core/matchfile.js';
export { viewFor, viewKey, audiencesOf } from './core/views.js';
export { resultLine } from './core/outcome.js';
export { matchHash } from './season/match-hash.js';
export type { SeasonLedger, SeasonColumn, SeasonCell, SeasonIssue, SeasonStatus } from './season/ledger.js';
export type { MatchFile } from './core/matchfile.js';
export type { ReplayResult, Receipt, Rejection } from './core/replay.js';
export type { ReplayOutput } from './core/replay-output.js';

export function loadMatch(input: unknown): Result<MatchFile> {
  return parseMatchFile(input, GAMES);
}

export function loadMatchText(text: string): Result<MatchFile> {
  return parseMatchFileText(text, GAMES);
}

export function replayMatch(match: MatchFile, options: ReplayOptions = {}): ReplayResult {
  return replay(gameById(match.game), match, options);
}

/** Default players for a game: p1…pN named after the first letters. */
export function samplePlayers(count: number): Player[] {
  const names = [
    'Ann',
    'Ben',
    'Cara',
    'Dev',
    'Eve',
    'Finn',
    'Gus',
    'Hana',
    'Ivo',
    'Jo',
    'Kai',
    'Lea',
    'Max',
    'Nia',
    'Oz',
    'Pia',
    'Quin',
    'Rae',
    'Sol',
    'Tam',
  ];
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    name: names[i] ?? `Player ${i + 1}`,
    email: `${(names[i] ?? `player${i + 1}`).toLowerCase()}@example.com`,
    garnets: 0,
  }));
}

export interface NewMatchOptions {
  readonly seed?: string;
  readonly players?: number | readonly Player[];
  readonly options?: Record<string, unknown>;
  readonly startAt?: string;
}

/** A complete match file with default options (boards generated from the seed) and no submissions. */
export function newMatch(gameId: string, setup: NewMatchOptions = {}): Result<MatchFile> {
  const game: AnyGame | undefined = GAMES.get(gameId);
  if (!game) return err(`unknown game "${gameId}" (one of ${[...GAMES.keys()].join(', ')})`);
  const { min, max } = game.playerCount;
  const count = typeof setup.players === 'object' ? setup.players.length : (setup.players ?? game.playerCount.default);
  // Checked before any player is made: a count far out of range is an answer, not an array too long to make.
  if (!Number.isInteger(count) || count < min || count > max)
    return err(`players: ${game.title} takes ${min === max ? min : `${min}–${max}`} players, got ${count}`);
  const players = Array.isArray(setup.players) ? setup.players : samplePlayers(count);
  return loadMatch({
    game: gameId,
    seed: setup.seed ?? 'genius',
    ...(setup.startAt ? { startAt: setup.startAt } : {}),
    players,
    options: setup.options ?? {},
    submissions: [],
    decisions: [],
  });
}

/** Plays a whole match with bots and returns the completed match file. */
export function playMatch(match: MatchFile, options: SimulateOptions = {}): MatchFile {
  return simulate(gameById(match.game), match, options);
}

/**
 * The ledger of a season (docs/season.md): its match files in the order they were played, each
 * replayed as a complete record (every phase closed), then chained one to the next.
 */
export function seasonOf(matches: readonly { readonly label: string; readonly match: MatchFile }[]): SeasonLedger {
  return seasonLedger(
    matches.map(({ label, match }) => {
      const result = replayMatch(match);
      return { label, match, final: result.final, title: gameById(match.game).title, summary: resultLine(result) };
    }),
  );
}

/**
 * The season's ledger with the match `result` replays as its last column, `kept` the ledger of the
 * matches before it as kept at its Start (season/kept.ts, checked against the match's season
 * field); null for a match of no season, or a later match whose season before it is not kept.
 */
export function seasonWith(result: ReplayResult, kept: unknown, label: string): SeasonLedger | null {
  const before = keptLedger(kept, result.match.season);
  return ledgerWith(before, {
    label,
    match: result.match,
    final: result.final,
    title: result.game.title,
    summary: resultLine(result),
  });
}

/**
 * The season of `current` among `matches` (a host spreadsheet's archived logs and its log), in the
 * order of their chain, ending with `current`; null when `current` names no season or does not
 * chain to its season's first match.
 */
export function seasonChain<T extends { readonly match: MatchFile }>(matches: readonly T[], current: T): T[] | null {
  const name = current.match.season?.name;
  if (name === undefined) return null;
  const chained = [...matches.filter((m) => m !== current), current].map((item) => {
    const final = replayMatch(item.match).final;
    return {
      item,
      season: item.match.season?.name,
      previous: item.match.season?.previous,
      hash: final === null ? null : matchHash(item.match, final),
    };
  });
  const ordered = chainOrder(chained, name);
  return ordered.at(-1) === current ? ordered : null;
}
