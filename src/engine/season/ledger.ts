// The season ledger (docs/season.md): replaying a season's match files in order gives each player's
// garnets, Tokens of Life and status after every match, and the first places where a match does not
// start from where the one before it ended. Nothing in it is typed by hand: it is derived from the
// match files alone (each one's players, result and `season` field), so the log stays the only state.
// It reads only what every match result carries (awards, Tokens of Life, the elimination candidate,
// winners and losers), never which game a match was.

import type { Final } from '../core/game.js';
import type { MatchFile } from '../core/matchfile.js';
import { matchHash } from './match-hash.js';
import { DEFAULT_SEASON_RULES, type SeasonRules } from './schema.js';
import { canonicalJson } from './match-hash.js';

export type SeasonStatus = 'playing' | 'candidate' | 'death-match' | 'eliminated' | 'winner';

/** One match of the season, replayed: `final` is null while it is not over. */
export interface SeasonMatchInput {
  /** How a person names the file (its file name, or "Main match 1" in the add-on). */
  readonly label: string;
  readonly match: MatchFile;
  readonly final: Final | null;
  /** The game's title, for the column's heading. */
  readonly title: string;
  /** The result in one line of words (core/outcome.ts resultLine), or what the match waits on. */
  readonly summary: string;
}

/** A player after one match. */
export interface SeasonCell {
  readonly garnets: number;
  readonly tokensOfLife: number;
  readonly status: SeasonStatus;
  /** Whether the player played this match. */
  readonly played: boolean;
  /** What happened to the player in and around this match, in words. */
  readonly notes: readonly string[];
}

export interface SeasonColumn {
  /** 1 for the season's first match. */
  readonly number: number;
  readonly label: string;
  readonly kind: 'main' | 'death';
  /** "Main match 1" or "Death match 1": counted by kind. */
  readonly heading: string;
  readonly title: string;
  readonly summary: string;
  readonly over: boolean;
  /** This match's hash, which the next match names (null while it is not over). */
  readonly hash: string | null;
  /** What happened around the match (host changes of balance, tokens used, eliminations), in words. */
  readonly events: readonly string[];
  /** Every player of the season met so far, by id. */
  readonly cells: Readonly<Record<string, SeasonCell>>;
}

/** A place where the chain breaks: a match that does not start where the last one ended. */
export interface SeasonIssue {
  /** 1-based, as the columns. */
  readonly match: number;
  readonly label: string;
  /** The player concerned, when one is. */
  readonly player?: string;
  readonly message: string;
}

export interface SeasonLedger {
  readonly name: string;
  readonly rules: SeasonRules;
  /** Every player of the season, in the order they were first met. */
  readonly players: readonly { readonly id: string; readonly name: string }[];
  readonly columns: readonly SeasonColumn[];
  /** Empty when every match starts from the balances and players the one before ended with. */
  readonly issues: readonly SeasonIssue[];
}

interface Standing {
  name: string;
  garnets: number;
  tokensOfLife: number;
  status: SeasonStatus;
  /** The match (1-based) in which the player left the season. */
  eliminatedIn?: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 || n === -1 ? '' : 's'}`;
const signed = (n: number, word: string) => `${n > 0 ? '+' : ''}${plural(n, word)}`;
const short = (hash: string) => `${hash.slice(0, 12)}…`;

/** What `seasonLedger` works through one match at a time. */
class Replay {
  readonly people = new Map<string, Standing>();
  readonly issues: SeasonIssue[] = [];
  readonly columns: SeasonColumn[] = [];
  /** The elimination candidate waiting for the death match, and the match that named them. */
  candidate: { id: string; match: number } | null = null;
  previous: { hash: string | null; number: number } | null = null;
  mains = 0;
  deaths = 0;

  constructor(
    readonly name: string,
    readonly rules: SeasonRules,
  ) {}

  nameOf(id: string): string {
    return this.people.get(id)?.name ?? id;
  }

  stillIn(): string[] {
    return [...this.people].filter(([, p]) => p.status !== 'eliminated' && p.status !== 'winner').map(([id]) => id);
  }
}

/** The ledger of a season: `matches` in the order they were played. */
export function seasonLedger(matches: readonly SeasonMatchInput[]): SeasonLedger {
  const first = matches.at(0)?.match.season;
  const season = new Replay(first?.name ?? '', first?.rules ?? DEFAULT_SEASON_RULES);
  matches.forEach((input, index) => playMatch(season, input, index + 1));
  return ledgerOf(season);
}

function ledgerOf(season: Replay): SeasonLedger {
  return {
    name: season.name,
    rules: season.rules,
    players: [...season.people].map(([id, p]) => ({ id, name: p.name })),
    columns: season.columns,
    issues: season.issues,
  };
}

/**
 * The ledger `before` (the season's matches before this one) with `input` played after it: the
 * same ledger as seasonLedger over every match, without the matches before (the add-on keeps
 * `before` from the Start of the match: docs/season.md, "The Season tab"). Everything the replay
 * carries from match to match is in the ledger's last column: each player's balance and status,
 * the candidate waiting, the last match's hash, how many matches of each kind were played.
 */
export function continueLedger(before: SeasonLedger, input: SeasonMatchInput): SeasonLedger {
  const season = new Replay(before.name, before.rules);
  season.columns.push(...before.columns);
  season.issues.push(...before.issues);
  const last = before.columns.at(-1);
  for (const { id, name } of before.players) {
    const cell = last?.cells[id];
    if (!cell) continue;
    const left = before.columns.find((c) => c.cells[id]?.status === 'eliminated');
    season.people.set(id, {
      name,
      garnets: cell.garnets,
      tokensOfLife: cell.tokensOfLife,
      status: cell.status,
      ...(left ? { eliminatedIn: left.number } : {}),
    });
    if (cell.status === 'candidate' && last) season.candidate = { id, match: last.number };
  }
  if (last) season.previous = { hash: last.hash, number: last.number };
  season.mains = before.columns.filter((c) => c.kind === 'main').length;
  season.deaths = before.columns.filter((c) => c.kind === 'death').length;
  playMatch(season, input, before.columns.length + 1);
  return ledgerOf(season);
}

function playMatch(season: Replay, input: SeasonMatchInput, number: number): void {
  const issue = (message: string, player?: string) =>
    season.issues.push({ match: number, label: input.label, ...(player !== undefined ? { player } : {}), message });
  const field = input.match.season;
  const kind = field?.kind ?? 'main';
  checkChain(season, input, number, issue);

  const notes = new Map<string, string[]>();
  const note = (id: string, text: string) => notes.set(id, [...(notes.get(id) ?? []), text]);
  const events: string[] = [];

  if (number === 1) {
    for (const p of input.match.players)
      season.people.set(p.id, { name: p.name, garnets: p.garnets, tokensOfLife: 0, status: 'playing' });
    if ((field?.adjustments ?? []).length > 0)
      issue(
        "season.adjustments: the season's first match sets every opening balance in its players; a change of balance belongs to a later match",
      );
  } else {
    if (kind === 'main' && season.rules.tokens === 'next-main-match') expireTokens(season, note, events);
    adjust(season, input, note, events, issue);
    checkPlayers(season, input, kind, number, issue);
    // The names the players go by now (a match may spell a name anew; the id is the player).
    for (const p of input.match.players) {
      const standing = season.people.get(p.id);
      if (standing) standing.name = p.name;
    }
  }

  const playing = new Set(input.match.players.map((p) => p.id));
  if (input.final === null) {
    for (const id of playing) {
      const standing = season.people.get(id);
      if (standing && standing.status !== 'eliminated') standing.status = kind === 'death' ? 'death-match' : 'playing';
    }
  } else {
    award(season, input.final, playing, note, issue);
    if (kind === 'main') mainResult(season, input.final, playing, number, note, events);
    else deathResult(season, input.final, playing, number, note, events, issue);
    const left = season.stillIn();
    if (season.people.size > 1 && left.length === 1) {
      const winner = season.people.get(left[0]);
      if (winner) winner.status = 'winner';
      note(left[0], 'won the season');
      events.push(`${season.nameOf(left[0])} is the last player standing and wins the season`);
    }
  }

  const heading = kind === 'main' ? `Main match ${(season.mains += 1)}` : `Death match ${(season.deaths += 1)}`;
  const hash = input.final === null ? null : matchHash(input.match, input.final);
  season.previous = { hash, number };
  season.columns.push({
    number,
    label: input.label,
    kind,
    heading,
    title: input.title,
    summary: input.summary,
    over: input.final !== null,
    hash,
    events,
    cells: Object.fromEntries(
      [...season.people].map(([id, p]) => [
        id,
        {
          garnets: p.garnets,
          tokensOfLife: p.tokensOfLife,
          status: p.status,
          played: playing.has(id),
          notes: notes.get(id) ?? [],
        },
      ]),
    ),
  });
}

type IssueOf = (message: string, player?: string) => void;
type NoteOf = (player: string, text: string) => void;

/** The match's season field against the season's: its name, the match before it, the rules. */
function checkChain(season: Replay, input: SeasonMatchInput, number: number, issue: IssueOf): void {
  const field = input.match.season;
  if (!field) {
    issue('names no season (it has no "season" field), so nothing chains it to the match before it');
    return;
  }
  if (field.name !== season.name) issue(`season.name: names the season "${field.name}", not "${season.name}"`);
  if (number === 1) {
    if (field.previous !== undefined) issue("season.previous: the season's first match names no match before it");
    return;
  }
  const previous = season.previous;
  if (previous === null) return;
  if (previous.hash === null)
    issue(`follows match ${previous.number}, which is not over: a match chains only to a finished one`);
  else if (field.previous === undefined)
    issue(`season.previous: names no match before it (match ${previous.number}'s hash is ${previous.hash})`);
  else if (field.previous.toLowerCase() !== previous.hash)
    issue(
      `season.previous: names the match before it as ${short(field.previous)}, but match ${previous.number}'s hash is ${short(previous.hash)} (that match was changed, or another file stands in its place)`,
    );
  if (field.rules !== undefined && canonicalJson(field.rules) !== canonicalJson(season.rules))
    issue("season.rules: differ from the rules the season's first match set (a season keeps its rules)");
}

/** The show's Token of Life is good until the next main match: what was not used is gone. */
function expireTokens(season: Replay, note: NoteOf, events: string[]): void {
  for (const [id, p] of season.people) {
    if (p.tokensOfLife <= 0 || p.status === 'eliminated') continue;
    note(id, `${plural(p.tokensOfLife, 'Token')} of Life expired unused`);
    events.push(`${p.name}'s ${plural(p.tokensOfLife, 'Token')} of Life expired unused`);
    p.tokensOfLife = 0;
  }
}

/** The host's changes of balance between the last match and this one: public, each with its reason. */
function adjust(season: Replay, input: SeasonMatchInput, note: NoteOf, events: string[], issue: IssueOf): void {
  for (const [index, change] of (input.match.season?.adjustments ?? []).entries()) {
    const p = season.people.get(change.player);
    if (!p) {
      issue(`season.adjustments[${index}].player: "${change.player}" is no player of the season`);
      continue;
    }
    const garnets = change.garnets ?? 0;
    const tokens = change.tokensOfLife ?? 0;
    const what = [
      garnets !== 0 ? signed(garnets, 'garnet') : '',
      tokens !== 0 ? signed(tokens, 'Token') + ' of Life' : '',
    ]
      .filter(Boolean)
      .join(' and ');
    if (what === '') {
      issue(`season.adjustments[${index}]: changes nothing (give garnets or tokensOfLife)`, change.player);
      continue;
    }
    p.garnets += garnets;
    p.tokensOfLife += tokens;
    if (p.garnets < 0 || p.tokensOfLife < 0)
      issue(
        `season.adjustments[${index}]: leaves ${p.name} with ${plural(p.garnets, 'garnet')} and ${plural(p.tokensOfLife, 'Token')} of Life; a balance cannot go below 0`,
        change.player,
      );
    note(change.player, `host: ${what} (${change.reason})`);
    events.push(`The host gave ${p.name} ${what}: ${change.reason}`);
  }
}

/** The players a match must start with, and the balances each must start from. */
function checkPlayers(
  season: Replay,
  input: SeasonMatchInput,
  kind: 'main' | 'death',
  number: number,
  issue: IssueOf,
): void {
  const inFile = new Set(input.match.players.map((p) => p.id));
  const previous = number - 1;
  let expected: Set<string>;
  if (kind === 'main') {
    if (season.candidate !== null) {
      const id = season.candidate.id;
      issue(
        `is a main match, but ${season.nameOf(id)}, the elimination candidate of match ${season.candidate.match}, has played no death match`,
        id,
      );
      const standing = season.people.get(id);
      if (standing) standing.status = 'playing';
      season.candidate = null;
    }
    expected = new Set(season.stillIn());
  } else if (season.candidate === null) {
    issue(`is a death match, but match ${previous} left no elimination candidate waiting for one`);
    expected = inFile;
  } else {
    const candidate = season.candidate.id;
    expected = new Set([candidate, ...[...inFile].filter((id) => id !== candidate)]);
    checkOpponents(
      season,
      [...inFile].filter((id) => id !== candidate),
      candidate,
      issue,
    );
  }
  for (const id of expected) {
    const p = season.people.get(id);
    if (p && !inFile.has(id) && p.status !== 'eliminated')
      issue(
        kind === 'death'
          ? `${p.name}, the elimination candidate of match ${previous}, is not in this death match`
          : `${p.name} is still in the season but is not in this match`,
        id,
      );
  }
  for (const player of input.match.players) {
    const p = season.people.get(player.id);
    if (!p) {
      issue(
        `${player.name} ("${player.id}") is no player of the season: a season's players are its first match's`,
        player.id,
      );
      continue;
    }
    if (p.status === 'eliminated') {
      issue(`${p.name} left the season in match ${p.eliminatedIn ?? '?'} and cannot play again`, player.id);
      continue;
    }
    if (p.status === 'winner') issue(`${p.name} has already won the season`, player.id);
    if (player.garnets !== p.garnets)
      issue(
        `${p.name} starts with ${plural(player.garnets, 'garnet')}, but the season's ledger says ${p.garnets} (what match ${previous} ended with${(input.match.season?.adjustments ?? []).some((a) => a.player === player.id) ? ", after the host's changes" : ''}); a change of balance outside a match is logged in season.adjustments with its reason`,
        player.id,
      );
  }
}

/** The death match's opponents: players still in, not the candidate, without a Token of Life (unless everyone has one). */
function checkOpponents(season: Replay, opponents: readonly string[], candidate: string, issue: IssueOf): void {
  const choosable = season
    .stillIn()
    .filter((id) => id !== candidate && (season.people.get(id)?.tokensOfLife ?? 0) === 0);
  for (const id of opponents) {
    const p = season.people.get(id);
    if (!p || p.status === 'eliminated') continue; // said once, by checkPlayers
    if (p.tokensOfLife > 0 && choosable.length > 0)
      issue(
        `${p.name} holds a Token of Life, so cannot be chosen as the death match's opponent (choosable: ${choosable.map((c) => season.nameOf(c)).join(', ')})`,
        id,
      );
  }
}

/** Every award of the result, to the players who played. */
function award(season: Replay, final: Final, playing: ReadonlySet<string>, note: NoteOf, issue: IssueOf): void {
  for (const a of final.awards) {
    const p = season.people.get(a.player);
    if (!p || !playing.has(a.player)) continue;
    p.garnets += a.garnets;
    p.tokensOfLife += a.tokensOfLife;
    const what = [
      a.garnets !== 0 ? signed(a.garnets, 'garnet') : '',
      a.tokensOfLife !== 0 ? `${signed(a.tokensOfLife, 'Token')} of Life` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    if (what !== '') note(a.player, a.note === '' ? what : `${what} (${a.note})`);
  }
  for (const id of playing) {
    const p = season.people.get(id);
    if (p && p.garnets < 0) issue(`${p.name}'s awards leave them with ${p.garnets} garnets`, id);
  }
}

/** A main match names the elimination candidate, whom a Token of Life may save. */
function mainResult(
  season: Replay,
  final: Final,
  playing: ReadonlySet<string>,
  number: number,
  note: NoteOf,
  events: string[],
): void {
  for (const id of playing) {
    const p = season.people.get(id);
    if (p && p.status !== 'eliminated') p.status = 'playing';
  }
  const id = final.eliminationCandidate;
  const p = id === null ? undefined : season.people.get(id);
  if (id === null || !p || !playing.has(id)) {
    events.push('No elimination candidate: no death match follows');
    return;
  }
  if (p.tokensOfLife > 0 && season.rules.tokenSavesCandidate) {
    p.tokensOfLife -= 1;
    note(id, 'elimination candidate: used a Token of Life, no death match');
    events.push(`${p.name}, the elimination candidate, used a Token of Life: no death match follows`);
    return;
  }
  p.status = 'candidate';
  note(id, 'elimination candidate');
  events.push(
    `${p.name} is the elimination candidate and plays the next death match, against an opponent ${season.rules.opponent === 'candidate' ? `${p.name} chooses` : 'the host chooses'}`,
  );
  season.candidate = { id, match: number };
}

/** A death match's losers leave the season; their garnets go to its winner, by the season's rules. */
function deathResult(
  season: Replay,
  final: Final,
  playing: ReadonlySet<string>,
  number: number,
  note: NoteOf,
  events: string[],
  issue: IssueOf,
): void {
  season.candidate = null;
  const losers = final.losers.filter((id) => playing.has(id) && season.people.has(id));
  const winners = final.winners.filter((id) => playing.has(id) && season.people.has(id));
  if (losers.length === 0)
    issue('is a death match whose result names no loser among its players: nobody leaves the season');
  for (const id of playing) {
    const p = season.people.get(id);
    if (p && p.status !== 'eliminated') p.status = 'playing';
  }
  for (const id of losers) {
    const p = season.people.get(id);
    if (!p) continue;
    const pot = p.garnets;
    p.status = 'eliminated';
    p.eliminatedIn = number;
    p.garnets = 0;
    p.tokensOfLife = 0;
    const heir = season.rules.eliminatedGarnets === 'to-winner' && winners.length === 1 ? winners[0] : null;
    const heirStanding = heir === null ? undefined : season.people.get(heir);
    if (heir !== null && heirStanding && pot > 0) {
      heirStanding.garnets += pot;
      note(heir, `${signed(pot, 'garnet')} from ${p.name}, eliminated`);
      note(id, `eliminated: ${plural(pot, 'garnet')} to ${heirStanding.name}`);
      events.push(
        `${p.name} lost the death match and leaves the season; ${plural(pot, 'garnet')} go to ${heirStanding.name}`,
      );
    } else {
      note(id, pot > 0 ? `eliminated: ${plural(pot, 'garnet')} forfeited` : 'eliminated');
      events.push(`${p.name} lost the death match and leaves the season`);
    }
  }
}
