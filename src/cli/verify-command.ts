// `genius-host verify FILE --commitment HASH`: checks a match file published at the end of a match
// (the Seed tab of the spectators' sheet) against the commitment shown there from the start. Two
// checks: the SHA-256 of the file's seed is the commitment (so the host did not change the seed, and
// with it every board, team and tie-break drawn from it), and replaying the file gives exactly the
// final result the file was published with; and the log's chain holds (core/chain.ts).
// `--receipt CODE[,CODE…]`: what became of each move a player's receipts were given for
// (core/receipt-check.ts): found, the log before it unchanged, counted or what replaced it, and
// what was logged after it for the seat. Exit 0 only when every move counted (or was replaced by
// the player's own later answer) and nothing before it was changed.

import { isRecord } from '../engine/core/guards.js';
import { isCommitment, seedCommitment } from '../engine/core/commitment.js';
import { receiptOf } from '../engine/core/receipt.js';
import { chainBreak, checkReceipts, isChained, shortCode } from '../engine/core/receipt-check.js';
import { inert, quote, shorten } from '../engine/core/quote.js';
import { type MatchFile, loadMatch, replayMatch } from '../engine/index.js';
import { InputError, inFile } from '../node/errors.js';
import { parseJsonFile } from '../node/json-text.js';

/**
 * The JSON text of a published file as a spectator copied it from the sheet, or null when it
 * does not read that way. Copied cells arrive one a line; some programs put a cell in quotes
 * (doubling the quotes it holds), and a line the sheet cut into pieces arrives as several lines.
 * A line of the file starts with `{`, `}` or an indent, so a line in quotes whose every quote
 * inside is doubled is a quoted cell; and a raw line break is never part of a JSON string, so
 * joining the lines without one gives back the file (its layout aside), from its first `{` line
 * to its last `}`.
 */
export function copiedFileText(text: string): string | null {
  const lines = text.split(/\r?\n/).map((line) => {
    const quoted = /^"((?:[^"]|"")*)"\t*$/.exec(line);
    return quoted ? quoted[1].replace(/""/g, '"') : line;
  });
  const first = lines.findIndex((line) => line.trim() === '{');
  let last = lines.length - 1;
  while (last > first && lines[last].trim() !== '}') last -= 1;
  if (first < 0 || last <= first) return null;
  return lines.slice(first, last + 1).join('');
}

/** The match file in `text`, as saved or as copied from the Seed tab; a file that reads neither way gets the JSON error of the text as it is. */
export function publishedFile(text: string, file: string): MatchFile {
  let json: unknown;
  try {
    json = parseJsonFile(text, file);
  } catch (error) {
    const copied = copiedFileText(text);
    if (copied === null) throw error;
    try {
      json = JSON.parse(copied);
    } catch {
      throw error;
    }
  }
  const match = loadMatch(json);
  if (!match.ok) throw inFile(file, match.error);
  return match.value;
}

/** The same value as JSON, key order aside. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (isRecord(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical(value[key])]),
    );
  return value;
}

/** The first place where two JSON values differ (`final.winners[0]`), with both values, or null when they are equal. */
function firstDifference(a: unknown, b: unknown, path: string): { path: string; a: unknown; b: unknown } | null {
  if (JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))) return null;
  if (
    a !== null &&
    b !== null &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    Array.isArray(a) === Array.isArray(b)
  ) {
    // An array's members by index, an object's by key: both as a record of own members.
    const ra: Record<string, unknown> = { ...a };
    const rb: Record<string, unknown> = { ...b };
    const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])];
    for (const key of keys) {
      // Own members only: a key such as `constructor` must not read the member every object inherits.
      const inner = firstDifference(
        Object.hasOwn(ra, key) ? ra[key] : undefined,
        Object.hasOwn(rb, key) ? rb[key] : undefined,
        Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`,
      );
      if (inner) return inner;
    }
  }
  return { path, a, b };
}

// Values and the seed are the file's text, printed to the terminal: inert (src/engine/core/quote.ts).
const shown = (value: unknown) => (value === undefined ? 'nothing' : inert(shorten(JSON.stringify(value), 80)));

/** What verify is asked to check: the seed against its commitment, one player's receipt, or both. */
export interface VerifyChecks {
  readonly commitment?: string;
  readonly receipt?: string;
}

/**
 * Checks `text` (the file `file`): against the seed's commitment (the seed, the replay, and every
 * receipt the file lists), and for one player's receipt (which submission it is). Writes a line per
 * check to `out` and returns 0 when all hold, else throws the one line that says which does not.
 */
export function verify(text: string, file: string, checks: VerifyChecks, out: (text: string) => void): number {
  const { commitment, receipt } = checks;
  if (commitment === undefined && receipt === undefined)
    throw new InputError(
      `verify needs --commitment HASH, the SHA-256 shown on the Seed tab of the spectators' sheet, e.g. genius-host verify ${file} --commitment 64-hex-digits; or --receipt CODE, a receipt from your private sheet`,
    );
  if (commitment !== undefined && !isCommitment(commitment.trim()))
    throw new InputError(
      `--commitment: ${quote(commitment)} is not a SHA-256 (64 hexadecimal digits, as the Seed tab of the spectators' sheet shows it)`,
    );
  const codes = receipt === undefined ? [] : receipt.split(/[\s,]+/).filter((code) => code !== '');
  if (receipt !== undefined && codes.length === 0)
    throw new InputError(
      '--receipt: give a receipt (64 hexadecimal digits, as the Receipt column of your private sheet shows it)',
    );
  const notCode = codes.find((code) => !isCommitment(code));
  if (notCode !== undefined)
    throw new InputError(
      `--receipt: ${quote(notCode)} is not a receipt (64 hexadecimal digits, as the Receipt column of your private sheet shows it); give several separated by commas`,
    );
  const match = publishedFile(text, file);
  // Every check runs and says its part; the refusal then names every one that does not hold.
  const failures = [
    ...(commitment !== undefined ? checkPublished(match, file, commitment.trim().toLowerCase(), out) : []),
    ...(codes.length > 0
      ? checkMoves(
          match,
          file,
          codes.map((code) => code.toLowerCase()),
          out,
        )
      : []),
  ];
  if (failures.length > 0) throw new InputError(`verify: ${failures.join('; and ')}`);
  return 0;
}

/** The seed against the commitment, the replay against the published result, the chain, and each listed receipt against its submission; answers what fails. */
function checkPublished(match: MatchFile, file: string, expected: string, out: (text: string) => void): string[] {
  if (match.final === undefined)
    throw new InputError(
      `${file} carries no published result (no "final"): verify checks the match file published on the Seed tab at the end of a match; genius-host replay ${file} replays any file`,
    );
  const result = replayMatch(match);
  const failures: string[] = [];

  out(`${file}: ${result.game.title}, ${match.players.length} players, ${match.submissions.length} submissions\n`);
  const actual = seedCommitment(match.seed);
  if (actual === expected) {
    out(`seed ${quote(match.seed)}: its SHA-256 is the commitment ${expected}\n`);
  } else {
    out(`seed ${quote(match.seed)}: its SHA-256 is ${actual}, NOT the commitment ${expected}\n`);
    failures.push(`the seed does not match the commitment (its SHA-256 is ${actual})`);
  }
  const replayed: unknown = result.final === null ? null : JSON.parse(JSON.stringify(result.final));
  // `final.tieBreak` came after the first published files: a file published without it is compared
  // without it (the loser and everything else still are).
  if (isRecord(replayed) && match.final && !('tieBreak' in match.final)) delete replayed.tieBreak;
  const difference = firstDifference(match.final, replayed, 'final');
  if (difference === null) {
    out(
      `replay: the final result is exactly the published one (winners: ${(result.final?.winners ?? []).map((id) => inert(match.players.find((p) => p.id === id)?.name ?? id)).join(', ') || 'none'})\n`,
    );
  } else if (replayed === null) {
    const waits =
      result.pending.length > 0
        ? `waits on ${result.pending.length} host decision${result.pending.length === 1 ? '' : 's'}`
        : 'does not finish';
    out(`replay: the match ${waits}, yet the file was published with a final result\n`);
    failures.push('replaying the file does not reach a final result');
  } else {
    out(
      `replay: ${difference.path} is ${shown(difference.b)}, but the file was published with ${shown(difference.a)}\n`,
    );
    failures.push(`replaying the file does not give the published result (${difference.path})`);
  }
  const broken = chainBreak(match);
  if (broken !== null) {
    out(`chain: ${inert(broken)}\n`);
    failures.push(`the log's chain breaks: ${inert(broken)}`);
  } else if (isChained(match))
    out("chain: every entry was logged after one this file holds, back to the match's head\n");
  // Every receipt is salted from the seed: with another seed none can match, and saying so adds nothing.
  if (actual === expected) {
    const receipts = listedReceipts(match, out);
    if (receipts) failures.push(receipts);
  } else out('receipts: not checked, as they are drawn from the seed, which is not the committed one\n');
  if (failures.length === 0)
    out('verified: the seed is the one committed to at the start, and the file replays to the published result\n');
  return failures;
}

/**
 * Each receipt the file lists, recomputed from its submission: a line saying all match, or the
 * failure naming the first that does not (files published before receipts list none, and pass).
 */
function listedReceipts(match: MatchFile, out: (text: string) => void): string | null {
  const listed = match.submissions.filter((s) => s.receipt !== undefined).length;
  if (listed === 0) {
    out('receipts: the file lists none (it was published before receipts were given)\n');
    return null;
  }
  for (const [index, submission] of match.submissions.entries()) {
    const where = `submissions[${index}] (${inert(playerName(match, submission.player))}, ${inert(submission.phase)})`;
    if (submission.receipt === undefined) {
      out(`receipts: ${where} lists no receipt, where the others do\n`);
      return `${where} lists no receipt`;
    }
    if (receiptOf(match, submission) !== submission.receipt) {
      out(
        `receipts: ${submission.receipt} of ${where} does not match its submission: its phase, player, time or answers are not what the receipt was given for\n`,
      );
      return `receipt ${submission.receipt} does not match ${where}`;
    }
  }
  out(`receipts: all ${listed} match their submissions\n`);
  return null;
}

function playerName(match: MatchFile, id: string): string {
  return match.players.find((p) => p.id === id)?.name ?? id;
}

/**
 * What became of the move each receipt was given for: a block of lines each, then the verdict.
 * Answers the line saying which move did not count or where the file was changed (none: verified).
 */
function checkMoves(match: MatchFile, file: string, codes: readonly string[], out: (text: string) => void): string[] {
  const result = replayMatch(match);
  const findings = checkReceipts(result, codes);
  if (!isChained(match))
    out(
      `${file} was made before the log was chained: a receipt shows which submission it was given for, not what was logged before or after it\n`,
    );
  for (const finding of findings) {
    const head = `receipt ${shortCode(finding.code)}`;
    if (finding.submission === null) {
      out(`${head}: ${inert(finding.missing ?? 'not found')}\n`);
      continue;
    }
    const s = finding.submission.value;
    const answers = Object.entries(s.answers)
      .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
      .join(' | ');
    out(
      `${head}: submissions[${finding.submission.index}], ${inert(playerName(match, s.player))} in ${inert(s.phase)}${s.at ? ` at ${inert(s.at)}` : ''}: ${inert(shorten(answers, 200))}\n`,
    );
    if (s.after !== undefined)
      out(
        finding.broken === null
          ? '  the log before it is the one it was given after: nothing logged before your move was changed since\n'
          : `  the log before it was CHANGED: ${inert(finding.broken)}\n`,
      );
    out(`  ${inert(finding.fate)}\n`);
    if (finding.later.length === 0) out('  logged after it for this seat: nothing\n');
    else {
      out('  logged after it for this seat or its phase:\n');
      for (const entry of finding.later) {
        const marks = [
          ...(entry.uncovered && entry.samePhase
            ? ['no receipt you gave covers it: if you did not send it, it is not yours']
            : entry.uncovered
              ? ['give its receipt too to check it']
              : []),
          ...(entry.backdated ? ['logged after your move, yet dated before it'] : []),
        ];
        out(`    ${entry.place}: ${inert(entry.words)}${marks.length > 0 ? ` (${marks.join('; ')})` : ''}\n`);
      }
    }
  }
  const problems = findings.flatMap((finding) =>
    finding.problems.map((problem) => `receipt ${shortCode(finding.code)}: ${problem}`),
  );
  if (problems.length > 0) return [inert(problems.join('; and '))];
  out(
    `verified: ${codes.length === 1 ? 'the move of this receipt' : `the moves of these ${codes.length} receipts`} counted, and nothing logged before ${codes.length === 1 ? 'it' : 'them'} was changed\n`,
  );
  return [];
}
