// What became of a move, from a player's receipt (docs/trust.md; `genius-host verify FILE --receipt
// CODE`): which submission the code was given for, whether the log before it is the log the code
// was made after (core/chain.ts), whether the move counted when its phase resolved and, if not, what
// took its place; and every entry logged after it that touches the seat. Pure: the same file and
// codes always give the same answer. The words are the player's: no JSON, no field names.

import { type ChainEntry, chainNames, chainStart, entriesOf, linkOf } from './chain.js';
import type { MatchEvent, Submission } from './game.js';
import type { MatchFile } from './matchfile.js';
import { isAfter } from './zones.js';
import { isIsoTime } from './matchfile.js';
import { receiptOf } from './receipt.js';
import type { ReplayResult } from './replay-result.js';

type Entry = ChainEntry & { readonly index: number };

/** Where an entry is in the file, as a reader finds it: `submissions[3]`. */
function entryPlace(entry: { readonly kind: ChainEntry['kind']; readonly index: number }): string {
  const list = entry.kind === 'submission' ? 'submissions' : entry.kind === 'decision' ? 'decisions' : 'events';
  return `${list}[${entry.index}]`;
}

/** A receipt code, short enough to read and still tell apart: its first 12 digits. */
export function shortCode(code: string): string {
  return `${code.slice(0, 12)}…`;
}

/** The links of a file's entries, each to its entry (the first one met for a link). */
function linksOf(match: MatchFile): Map<string, Entry> {
  const names = chainNames(match);
  const out = new Map<string, Entry>();
  for (const entry of entriesOf(match)) {
    const link = linkOf(entry, names);
    if (!out.has(link)) out.set(link, entry);
  }
  return out;
}

/** Whether a file is chained: any entry carries the link it was logged after. */
export function isChained(match: MatchFile): boolean {
  return entriesOf(match).some((entry) => entry.value.after !== undefined);
}

/**
 * Where the chain of a whole file breaks, in a sentence, or null: an entry without a link where
 * others have one, or logged after a link no entry of the file (nor its head) has. An edit of an
 * entry breaks the chain at the entry logged next, which names it.
 */
export function chainBreak(match: MatchFile): string | null {
  if (!isChained(match)) return null;
  const links = linksOf(match);
  const start = chainStart(match);
  for (const entry of entriesOf(match)) {
    const after = entry.value.after;
    if (after === undefined)
      return `${entryPlace(entry)} carries no link to the entry before it, where the others do: it was added to the log by hand`;
    if (after !== start && !links.has(after))
      return `${entryPlace(entry)} (${describe(match, entry)}) was logged after an entry this file does not hold: the entry before it, or the match's head (players, options, schedule), was changed, added or taken out`;
  }
  return null;
}

/** The time of an entry, when it has a readable one. */
function timeOf(entry: ChainEntry): string | undefined {
  const at = entry.value.at;
  return typeof at === 'string' && isIsoTime(at) ? at : undefined;
}

function playerName(match: MatchFile, id: string): string {
  return match.players.find((p) => p.id === id)?.name ?? id;
}

/** One entry in a player's words. */
function describe(match: MatchFile, entry: ChainEntry): string {
  const at = timeOf(entry);
  const when = at ? ` at ${at}` : '';
  if (entry.kind === 'submission') {
    const s = entry.value;
    const who =
      s.via === 'host'
        ? `the host typed in an answer for ${playerName(match, s.player)}`
        : s.via === 'bot'
          ? `a bot answered for ${playerName(match, s.player)}`
          : `an answer from ${playerName(match, s.player)}`;
    return `${who} in ${s.phase}${when}`;
  }
  if (entry.kind === 'decision')
    return `the host answered the decision ${entry.value.id}: ${entry.value.choice}${when}`;
  return eventWords(match, entry.value);
}

function eventWords(match: MatchFile, e: MatchEvent): string {
  switch (e.type) {
    case 'email':
      return `the host changed the email of ${playerName(match, e.player)}'s seat, from ${e.at}`;
    case 'substitute':
      return `the host gave ${playerName(match, e.player)}'s seat to ${e.name}, from ${e.at}`;
    case 'pause':
      return `the host paused the match at ${e.at}`;
    case 'resume':
      return `the host let the match go on at ${e.at}`;
    case 'extend':
      return `the host moved the deadline of ${e.phase} to ${e.deadline} (at ${e.at})`;
    case 'reopen':
      return `the host undid the end of ${e.phase}, open again until ${e.deadline} (at ${e.at})`;
    case 'close':
      return `${e.phase} closed at ${e.at}, every player being ready`;
    case 'resolve':
      return `the host resolved what was overdue at ${e.at}`;
    case 'message':
      return `a message was sent at ${e.at}`;
  }
}

/** Whether an entry logged after a move touches that move's seat or phase (a pause touches every phase). */
function touches(entry: ChainEntry, move: Submission): boolean {
  if (entry.kind === 'submission') return entry.value.player === move.player;
  if (entry.kind === 'decision') return false;
  const e = entry.value;
  if (e.type === 'email' || e.type === 'substitute') return e.player === move.player;
  if (e.type === 'pause' || e.type === 'resume') return true;
  if (e.type === 'extend' || e.type === 'reopen' || e.type === 'close') return e.phase === move.phase;
  return false;
}

/** A submission the player sent themselves, by the file's word (not typed by the host, not a bot's). */
function fromPlayer(s: Submission): boolean {
  return s.via !== 'host' && s.via !== 'bot';
}

export interface LaterEntry {
  readonly place: string;
  readonly words: string;
  /** A host's entry logged after the move but dated before it. */
  readonly backdated: boolean;
  /** An answer "from" the player that none of the receipts given covers. */
  readonly uncovered: boolean;
  /** An answer in the move's own phase (one that could replace it). */
  readonly samePhase: boolean;
}

export interface ReceiptFinding {
  readonly code: string;
  /** The submission the code was given for, or null when none of the file is. */
  readonly submission: { readonly index: number; readonly value: Submission } | null;
  /** Why nothing matches (when `submission` is null). */
  readonly missing?: string;
  /** Where the log before the move is not the log the code was made after, or null. */
  readonly broken: string | null;
  /** Whether the move counted when its phase resolved, in the player's words. */
  readonly fate: string;
  readonly counted: boolean;
  /** The answer that counts instead, when one replaced it and no receipt given covers it. */
  readonly replacedUncovered: boolean;
  /** The entries logged after the move (not under it in the chain) that touch its seat or phase. */
  readonly later: readonly LaterEntry[];
  /** Every reason the move is not verified, or none. */
  readonly problems: readonly string[];
}

/**
 * What became of the move each of `codes` was given for, in `result`'s match (a complete replay of
 * the file). The codes are one player's: an answer "from" them that none covers is named.
 */
export function checkReceipts(result: ReplayResult, codes: readonly string[]): ReceiptFinding[] {
  const match = result.match;
  const given = new Set(codes);
  const covered = (s: Submission) => given.has(receiptOf(match, s));
  return codes.map((code) => checkOne(result, code, covered));
}

/** The most codes tried when looking for a move logged under another link (a few seconds at most). */
const MOST_TRIES = 200_000;

/**
 * Why no submission is the one `code` was given for. One that lists it but no longer matches it is
 * named. A move still there as sent, but now logged after another link (the host relinked the
 * chain after adding or changing something before it), is found by trying each link of the file
 * as the one it was logged after: when the link it was given after is still in the file, what now
 * lies between is named.
 */
function missingLine(match: MatchFile, code: string): string {
  const listed = match.submissions.findIndex((s) => s.receipt === code);
  const moved = listed >= 0 ? null : movedMove(match, code);
  if (moved) return moved;
  return listed >= 0
    ? `submissions[${listed}] (${describe(match, { kind: 'submission', value: match.submissions[listed] })}) lists this receipt, but no longer holds what it was given for: it was changed after it was logged`
    : 'no submission of this file is the one this receipt was given for: it was changed or taken out, or something logged before it was (or the file is another match)';
}

function movedMove(match: MatchFile, code: string): string | null {
  if (!isChained(match)) return null;
  const links = linksOf(match);
  const start = chainStart(match);
  const candidates = [start, ...links.keys()];
  if (candidates.length * match.submissions.length > MOST_TRIES) return null;
  for (const [index, s] of match.submissions.entries()) {
    if (s.after === undefined) continue;
    const given = candidates.find((link) => link !== s.after && receiptOf(match, { ...s, after: link }) === code);
    if (given === undefined) continue;
    const move = `submissions[${index}] (${describe(match, { kind: 'submission', value: s })}) is your move as you sent it`;
    const was = given === start ? 'it was logged first' : `it was logged right after ${placeOf(links.get(given))}`;
    const now = s.after === start ? 'first' : `after ${placeOf(links.get(s.after))}`;
    return `${move}, but not where it was logged: ${was}, and this file logs it ${now}; what lies between was added or changed after your receipt was given`;
  }
  return null;

  function placeOf(entry: Entry | undefined): string {
    return entry ? `${entryPlace(entry)} (${describe(match, entry)})` : 'an entry this file does not hold';
  }
}

/**
 * The log under a move: every entry it was logged after, back to the match's head; and where the
 * chain breaks on the way, in a sentence (null: it holds, or the move is not chained).
 */
function chainUnder(match: MatchFile, move: Submission, index: number): { under: Set<Entry>; broken: string | null } {
  const under = new Set<Entry>();
  if (move.after === undefined) return { under, broken: null };
  const links = linksOf(match);
  const start = chainStart(match);
  let child: Entry = { kind: 'submission', value: move, index };
  for (let link: string | undefined = move.after; link !== start;) {
    const parent: Entry | undefined = link === undefined ? undefined : links.get(link);
    if (parent === undefined || under.has(parent)) {
      const broken =
        child.kind === 'submission' && child.index === index
          ? 'the entry your move was logged after is not in this file: the log just before your move was changed, or an entry there was added or taken out'
          : `${entryPlace(child)} (${describe(match, child)}), logged before your move, was logged after an entry this file does not hold: the log just before it, or the match's head, was changed, added to or cut`;
      return { under, broken };
    }
    under.add(parent);
    child = parent;
    link = parent.value.after;
  }
  return { under, broken: null };
}

/** Whether the move counted when its phase resolved and, if not, what took its place. */
function fateOf(
  result: ReplayResult,
  index: number,
  covered: (s: Submission) => boolean,
): { fate: string; counted: boolean; replacedUncovered: boolean } {
  const match = result.match;
  const receipt = result.receipts.find((r) => r.index === index);
  if (!receipt)
    return { fate: 'it was never read: its phase did not open in this file', counted: false, replacedUncovered: false };
  if (receipt.status === 'rejected')
    return { fate: `it did not count: ${receipt.reasons[0] ?? 'refused'}`, counted: false, replacedUncovered: false };
  if (!receipt.superseded)
    return {
      fate:
        receipt.status === 'partial'
          ? `it counted, in part: ${receipt.reasons.join('; ')}`
          : 'it counted: it is the answer of yours that stood when its phase resolved',
      counted: true,
      replacedUncovered: false,
    };
  const instead = result.receipts.find(
    (r) => r.player === receipt.player && r.phase === receipt.phase && r.status !== 'rejected' && !r.superseded,
  );
  const other = instead ? match.submissions[instead.index] : undefined;
  const words = other ? describe(match, { kind: 'submission', value: other }) : 'a later answer';
  if (other && !fromPlayer(other))
    return { fate: `it did not count: ${words} replaced it`, counted: false, replacedUncovered: false };
  if (other && covered(other))
    return {
      fate: `it was replaced by your own later answer (${words}, receipt ${shortCode(receiptOf(match, other))}), which counted`,
      counted: true,
      replacedUncovered: false,
    };
  return {
    fate: `it did not count: ${words} replaced it, and no receipt you gave covers that answer`,
    counted: false,
    replacedUncovered: true,
  };
}

/** The entries not under the move in the chain (logged after it, or beside it) that touch its seat or phase. */
function laterEntries(
  match: MatchFile,
  move: Submission,
  index: number,
  under: ReadonlySet<Entry>,
  covered: (s: Submission) => boolean,
): LaterEntry[] {
  const later: LaterEntry[] = [];
  const moveAt = timeOf({ kind: 'submission', value: move });
  // By place, not by object: each listing of the entries makes new ones.
  const below = new Set([...under].map(entryPlace));
  for (const entry of entriesOf(match)) {
    if (entry.kind === 'submission' && entry.index === index) continue;
    if (below.has(entryPlace(entry)) || !touches(entry, move)) continue;
    const at = timeOf(entry);
    const backdated = entry.kind !== 'submission' && at !== undefined && moveAt !== undefined && isAfter(moveAt, at);
    const uncovered = entry.kind === 'submission' && fromPlayer(entry.value) && !covered(entry.value);
    const samePhase = entry.kind === 'submission' && entry.value.phase === move.phase;
    later.push({ place: entryPlace(entry), words: describe(match, entry), backdated, uncovered, samePhase });
  }
  return later;
}

function checkOne(result: ReplayResult, code: string, covered: (s: Submission) => boolean): ReceiptFinding {
  const match = result.match;
  const index = match.submissions.findIndex((s) => receiptOf(match, s) === code);
  if (index < 0) {
    const missing = missingLine(match, code);
    const nothing = { broken: null, fate: 'not found', counted: false, replacedUncovered: false, later: [] };
    return { code, submission: null, missing, ...nothing, problems: [missing] };
  }
  const move = match.submissions[index];
  const { under, broken } = chainUnder(match, move, index);
  const { fate, counted, replacedUncovered } = fateOf(result, index, covered);
  const later = laterEntries(match, move, index, under, covered);
  const problems = [...(broken ? [broken] : []), ...(counted ? [] : [`your move ${fate.replace(/^it /, '')}`])];
  // An uncovered answer of the same phase could have taken the move's place: that fails the check.
  // One of another phase is named only (the player may not have given every receipt they hold).
  const forged = later.filter((entry) => entry.uncovered && entry.samePhase);
  if (forged.length > 0 && !replacedUncovered)
    problems.push(
      `${forged.length === 1 ? 'an answer' : `${forged.length} answers`} "from" you in ${move.phase} that no receipt you gave covers: ${forged.map((entry) => entry.place).join(', ')}`,
    );
  return { code, submission: { index, value: move }, broken, fate, counted, replacedUncovered, later, problems };
}

/**
 * What `genius-host verify FILE --receipt CODE` will say of a move, as its player's sheet shows it
 * beside the receipt: in the player's words, with the sheet's own row numbers (#) and no times.
 * `open`: its phase is still open, so a later answer may still take its place.
 */
export function receiptNote(result: ReplayResult, index: number, open: boolean): string {
  const receipt = result.receipts.find((r) => r.index === index);
  if (!receipt) return '';
  if (receipt.overLimit) return 'Will show: not read (over the limit of answers a phase)';
  if (receipt.status === 'rejected') return 'Will show: it did not count (see Why)';
  if (!receipt.superseded) {
    if (open) return 'Counts for now: your last valid answer when this phase closes is the one that counts';
    return receipt.status === 'partial' ? 'Will show: it counted, in part (see Why)' : 'Will show: it counted';
  }
  const instead = result.receipts.find(
    (r) => r.player === receipt.player && r.phase === receipt.phase && r.status !== 'rejected' && !r.superseded,
  );
  if (!instead) return 'Will show: a later answer replaced it';
  const other = result.match.submissions[instead.index];
  const row = `#${instead.index + 1}`;
  if (other.via === 'host') return `Will show: replaced by an answer the host typed in for you (${row})`;
  if (other.via === 'bot') return `Will show: replaced by a bot's answer (${row})`;
  return `Will show: replaced by your later answer ${row}, which has its own receipt`;
}
