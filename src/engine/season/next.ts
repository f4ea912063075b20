// The next match of a season, as the ledger says it starts (docs/season.md, "The next match"): its
// players with the balances they ended with, and the `season` field that chains it to the last
// match. The add-on's Next match… and Death match… fill the New match sidebar with it, and
// `npm start` plays its demo season with it, so nobody copies a balance by hand.

import { type Result, err, ok } from '../core/result.js';
import type { SeasonLedger } from './ledger.js';
import type { SeasonField } from './schema.js';

export interface NextPlayer {
  readonly id: string;
  readonly name: string;
  readonly garnets: number;
}

export interface NextMatch {
  readonly kind: 'main' | 'death';
  readonly players: readonly NextPlayer[];
  readonly season: SeasonField;
}

/** Where the season stands: the last match's cells, or null before its first match. */
function last(ledger: SeasonLedger) {
  return ledger.columns.at(-1) ?? null;
}

/** The players an opponent may be chosen from: still in, not the candidate, without a Token of Life (anyone still in, when all hold one). */
export function choosableOpponents(ledger: SeasonLedger): NextPlayer[] {
  const column = last(ledger);
  if (!column) return [];
  const inSeason = ledger.players.filter((p) => {
    const cell = column.cells[p.id];
    return cell !== undefined && cell.status === 'playing';
  });
  const free = inSeason.filter((p) => column.cells[p.id].tokensOfLife === 0);
  return (free.length > 0 ? free : inSeason).map((p) => ({ ...p, garnets: column.cells[p.id].garnets }));
}

/** The elimination candidate waiting for a death match, or null. */
export function waitingCandidate(ledger: SeasonLedger): NextPlayer | null {
  const column = last(ledger);
  if (!column) return null;
  const p = ledger.players.find((q) => column.cells[q.id]?.status === 'candidate');
  return p ? { ...p, garnets: column.cells[p.id].garnets } : null;
}

/**
 * The next match: `main` takes every player still in; `death` the elimination candidate and
 * `opponent` (whom the season's rules let the candidate or the host choose). Refused, with the
 * reason, where the season is not at that point (its last match not over, no candidate waiting).
 */
export function nextMatch(ledger: SeasonLedger, kind: 'main' | 'death', opponent?: string): Result<NextMatch> {
  const column = last(ledger);
  if (!column) return err('the season has no match yet: its first match sets its players and balances');
  if (!column.over || column.hash === null)
    return err(`${column.heading} is not over yet: the next match starts from where it ends`);
  const season: SeasonField = { name: ledger.name, kind, previous: column.hash };
  const candidate = waitingCandidate(ledger);
  if (kind === 'main') {
    if (candidate) return err(`${candidate.name}, the elimination candidate, plays a death match first`);
    const players = ledger.players
      .filter((p) => column.cells[p.id]?.status === 'playing')
      .map((p) => ({ ...p, garnets: column.cells[p.id].garnets }));
    if (players.length < 2) return err('the season is over: fewer than two players are still in it');
    return ok({ kind, players, season });
  }
  if (!candidate) return err(`${column.heading} left no elimination candidate: no death match follows it`);
  const choosable = choosableOpponents(ledger);
  if (choosable.length === 0) return err('nobody is left to play the death match against the candidate');
  if (opponent === undefined)
    return err(`choose an opponent for ${candidate.name}: one of ${choosable.map((p) => p.name).join(', ')}`);
  const chosen = choosable.find((p) => p.id === opponent);
  if (!chosen)
    return err(
      `${ledger.players.find((p) => p.id === opponent)?.name ?? opponent} cannot be chosen: the opponent is one of ${choosable.map((p) => p.name).join(', ')}`,
    );
  return ok({ kind, players: [candidate, chosen], season });
}
