// The season a host spreadsheet keeps (docs/season.md, "Starting the next match"): New match…
// archives an ended match's log in a tab of its own (saved/match-log.ts, archive), so the spreadsheet holds
// every match of the season played in it. Put in the order of their chain, they give the season's
// ledger, and from it the next match: Next match… and Death match… fill the New match sidebar
// with its players, their balances and the season field that chains it to the last match.

import { type MatchFile, type SeasonLedger, seasonChain, seasonOf } from '../../engine/index.js';
import { type Result, err, ok } from '../../engine/core/result.js';
import { choosableOpponents, nextMatch, waitingCandidate } from '../../engine/season/next.js';
import type { SeasonField } from '../../engine/season/schema.js';
import { MatchLog } from './match-log.js';
import type { Spreadsheet } from '../google/ports.js';

/** The season of the match this spreadsheet holds, from its log and its archived logs; null when the match names none. */
export function spreadsheetSeason(sheet: Spreadsheet): { ledger: SeasonLedger; matches: MatchFile[] } | null {
  const log = new MatchLog(sheet);
  const archived = log.archivedTabs().flatMap((tab) => {
    const read = new MatchLog(sheet, undefined, tab).read();
    return read ? [{ label: tab, match: read.match }] : [];
  });
  const current = log.read();
  // After New match… archived the last match, the newest archived log is the season's last match.
  const last = current ? { label: 'this match', match: current.match } : archived.at(-1);
  if (!last) return null;
  const ordered = seasonChain(
    archived.filter((a) => a !== last),
    last,
  );
  if (!ordered) return null;
  return { ledger: seasonOf(ordered), matches: ordered.map((m) => m.match) };
}

/** How the Season tab names where a match of the add-on's season is kept (no tab's title: it carries a time). */
const ARCHIVED_LABEL = 'its log, archived in this spreadsheet';
export const CURRENT_LABEL = 'this match';

/**
 * The ledger of the season's matches before `match` (about to start: its log not made yet), from
 * the archived logs of this spreadsheet, in the order of their chain: kept in the new match's log
 * (season/kept.ts) so that no execution reads an archived log again. Null when `match` names no
 * match before it, or the archived logs do not chain to it.
 */
export function seasonBefore(sheet: Spreadsheet, match: MatchFile): SeasonLedger | null {
  if (match.season?.previous === undefined) return null;
  const archived = new MatchLog(sheet).archivedTabs().flatMap((tab) => {
    const read = new MatchLog(sheet, undefined, tab).read();
    return read ? [{ label: ARCHIVED_LABEL, match: read.match }] : [];
  });
  const current = { label: CURRENT_LABEL, match };
  const ordered = seasonChain(archived, current);
  if (!ordered || ordered.length < 2) return null;
  return seasonOf(ordered.slice(0, -1));
}

/** What the sidebar is filled with: the players in order, each with their balance, and the season field. */
export interface SeasonPrefill {
  readonly kind: 'main' | 'death';
  readonly game?: string;
  readonly players: readonly { id: string; name: string; email?: string; garnets: number }[];
  readonly season: SeasonField;
  /** One line for the host: what this match is in the season. */
  readonly note: string;
}

/** The death match's opponent the host may name: who may be chosen, and who chooses by the season's rules. */
export function opponentQuestion(
  sheet: Spreadsheet,
): Result<{ candidate: string; chooser: string; choices: { id: string; name: string }[] }> {
  const season = spreadsheetSeason(sheet);
  if (!season) return err('this match is not one of a season (its match file has no season field)');
  const candidate = waitingCandidate(season.ledger);
  if (!candidate) return err('no elimination candidate waits for a death match in this season');
  const chooser = season.ledger.rules.opponent === 'candidate' ? candidate.name : 'you, the host';
  return ok({ candidate: candidate.name, chooser, choices: choosableOpponents(season.ledger) });
}

/** The next match of the spreadsheet's season: a main match, or the death match against `opponent` (an id or a name). */
export function seasonPrefill(sheet: Spreadsheet, kind: 'main' | 'death', opponent?: string): Result<SeasonPrefill> {
  const season = spreadsheetSeason(sheet);
  if (!season) return err('this match is not one of a season (its match file has no season field)');
  const chosen =
    opponent === undefined
      ? undefined
      : (season.ledger.players.find(
          (p) => p.id === opponent.trim() || p.name.toLowerCase() === opponent.trim().toLowerCase(),
        )?.id ?? opponent.trim());
  const next = nextMatch(season.ledger, kind, chosen);
  if (!next.ok) return next;
  // Each player's address from the latest match they played: the season's files keep it.
  const emailOf = (id: string) =>
    [...season.matches].reverse().flatMap((m) => m.players.filter((p) => p.id === id && p.email !== undefined))[0]
      ?.email;
  const sameKind = [...season.matches].reverse().find((m) => m.season?.kind === kind);
  const number = season.ledger.columns.filter((c) => c.kind === kind).length + 1;
  return ok({
    kind,
    ...(sameKind ? { game: sameKind.game } : {}),
    players: next.value.players.map((p) => {
      const email = emailOf(p.id);
      return { ...p, ...(email !== undefined ? { email } : {}) };
    }),
    season: next.value.season,
    note: `${kind === 'main' ? 'Main' : 'Death'} match ${number} of the season "${season.ledger.name}": its players and their garnets are where the season's last match left them, and it names that match by its hash.`,
  });
}
