// Issue 38's forgeries: a host with the honest published file of a match in hand edits one player's
// move four ways (its `from` changed; a later submission forged for the same player; a pause put
// around it; an `email` event added, which changes the winner) and publishes the result with every
// receipt, link and the final result recomputed to fit, as a host who knows every secret can. Before
// the chain, each passed `genius-host verify FILE --commitment H --receipt CODE` with "verified" and
// exit 0. Now each fails, saying what became of the move; and an edit before a receipt breaks the
// chain, named where.

import { describe, expect, it } from 'vitest';
import { type ChainEntry, chainNames, chainOn, chainStart, entriesOf, linkOf } from '../../../src/engine/core/chain.js';
import { seedCommitment } from '../../../src/engine/core/commitment.js';
import type { MatchEvent, Submission } from '../../../src/engine/core/game.js';
import { type MatchFile, stringifyMatchFile } from '../../../src/engine/core/matchfile.js';
import { publishedLines } from '../../../src/engine/core/publish.js';
import { receiptOf } from '../../../src/engine/core/receipt.js';
import { verify } from '../../../src/cli/verify-command.js';
import { loadMatch, replayMatch, viewFor } from '../../../src/engine/index.js';

const SEED = 'forgery-seed';
const SECRET = 'the-hosts-own-secret-never-published';
const ACCOUNTS = { p1: 'ann@example.com', p2: 'ben@example.com', p3: 'cal@example.com' } as const;

const answer = (player: keyof typeof ACCOUNTS, phase: string, at: string, pick: string): Submission => ({
  phase,
  player,
  at,
  answers: { pick },
  via: 'form',
  from: ACCOUNTS[player],
  response: `r-${player}-${phase}`,
  uid: `response:r-${player}-${phase}`,
});

/**
 * The host's log of a two-round Highest Unique: Ann picks 9 then 3 and wins with 12; without her
 * first pick Ben's 7 is the highest unique of round 1 and Ben wins. Logged in time order.
 */
function hostLog(): MatchFile {
  const entries: ChainEntry[] = [
    answer('p1', 'round-1', '2026-11-21T18:05:00Z', '9'),
    answer('p2', 'round-1', '2026-11-21T18:10:00Z', '7'),
    answer('p3', 'round-1', '2026-11-21T18:20:00Z', '5'),
    answer('p1', 'round-2', '2026-11-21T19:05:00Z', '3'),
    answer('p2', 'round-2', '2026-11-21T19:10:00Z', '8'),
    answer('p3', 'round-2', '2026-11-21T19:15:00Z', '8'),
  ].map((value) => ({ kind: 'submission', value }));
  const head = load({
    game: 'highest-unique',
    seed: SEED,
    secret: SECRET,
    startAt: '2026-11-21T18:00:00Z',
    players: [
      { id: 'p1', name: 'Ann', email: ACCOUNTS.p1 },
      { id: 'p2', name: 'Ben', email: ACCOUNTS.p2 },
      { id: 'p3', name: 'Cal', email: ACCOUNTS.p3 },
    ],
    options: { rounds: 2 },
    schedule: { timeZone: 'UTC', minutes: { default: 60 } },
  });
  return withEntries(head, chainOn(entries, chainStart(head), chainNames(head)).entries);
}

function load(json: unknown): MatchFile {
  const loaded = loadMatch(json);
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.value;
}

function withEntries(match: MatchFile, entries: readonly ChainEntry[]): MatchFile {
  const submissions: Submission[] = [];
  const decisions: MatchFile['decisions'][number][] = [];
  const events: MatchEvent[] = [];
  for (const entry of entries) {
    if (entry.kind === 'submission') submissions.push(entry.value);
    else if (entry.kind === 'decision') decisions.push(entry.value);
    else events.push(entry.value);
  }
  return { ...match, submissions, decisions, ...(events.length > 0 ? { events } : {}) };
}

/** The match file published at the end, as text, and the file it reads as. */
function published(match: MatchFile): { text: string; file: MatchFile } {
  const final = replayMatch(match).final;
  if (!final) throw new Error('the match did not finish');
  const text = `${publishedLines(match, final).join('\n')}\n`;
  return { text, file: load(JSON.parse(text)) };
}

/** A published file's entries in the order they were logged: from the match's head, each after the one before. */
function logOrder(file: MatchFile): ChainEntry[] {
  const names = chainNames(file);
  const byAfter = new Map(entriesOf(file).map((entry) => [entry.value.after, entry]));
  const out: ChainEntry[] = [];
  for (let next = byAfter.get(chainStart(file)); next !== undefined; next = byAfter.get(linkOf(next, names)))
    out.push(next);
  return out;
}

/**
 * What a host who knows every secret publishes instead: the log edited by `edit`, every entry
 * linked again after the one before it, every listed receipt and the final result recomputed.
 * `relink: false` leaves the links as they were (a quick edit by hand).
 */
function forge(
  honest: MatchFile,
  edit: (entries: ChainEntry[]) => ChainEntry[],
  { relink = true }: { relink?: boolean } = {},
): string {
  const edited = edit(logOrder(honest));
  const entries = relink ? chainOn(edited, chainStart(honest), chainNames(honest)).entries : edited;
  const file = withEntries({ ...honest, final: undefined }, entries);
  const relisted = { ...file, submissions: file.submissions.map((s) => ({ ...s, receipt: receiptOf(file, s) })) };
  const final = replayMatch(relisted).final;
  if (!final) throw new Error('the forged match did not finish');
  return stringifyMatchFile({ ...relisted, final: JSON.parse(JSON.stringify(final)) as Record<string, unknown> });
}

function run(text: string, receipt: string): { code: number | 'refused'; out: string } {
  let out = '';
  try {
    const code = verify(text, 'match.json', { commitment: seedCommitment(SEED), receipt }, (t) => (out += t));
    return { code, out };
  } catch (error) {
    return { code: 'refused', out: `${out}${error instanceof Error ? error.message : String(error)}` };
  }
}

const honest = published(hostLog());
const receiptOfAnn = (phase: string) => {
  const s = honest.file.submissions.find((x) => x.player === 'p1' && x.phase === phase);
  if (!s?.receipt) throw new Error('no receipt');
  return s.receipt;
};
const annsFirst = receiptOfAnn('round-1');
const winners = (text: string) => replayMatch(load(JSON.parse(text))).final?.winners;

/** Index in the log of Ann's first move. */
const isAnnsFirst = (entry: ChainEntry) =>
  entry.kind === 'submission' && entry.value.player === 'p1' && entry.value.phase === 'round-1';

describe('the honest published file', () => {
  it('verifies: the chain holds and every player receipt says its move counted', () => {
    expect(winners(honest.text)).toEqual(['p1']);
    for (const s of honest.file.submissions) {
      const { code, out } = run(honest.text, s.receipt ?? '');
      expect(code, out).toBe(0);
      expect(out).toContain('it counted');
      expect(out).toContain('nothing logged before your move was changed since');
    }
    const { out } = run(honest.text, annsFirst);
    expect(out).toContain("chain: every entry was logged after one this file holds, back to the match's head");
  });

  it('lists after a move only what was logged after it: her last move has nothing after it, her first has her second', () => {
    expect(run(honest.text, receiptOfAnn('round-2')).out).toContain('logged after it for this seat: nothing');
    const first = run(honest.text, annsFirst).out;
    expect(first).toContain('submissions[3]: an answer from Ann in round-2');
    expect(first).not.toContain('submissions[0]: an answer');
  });

  it('lists no address, form or response of the host log, nor the secret', () => {
    for (const text of [...Object.values(ACCOUNTS), SECRET, 'r-p1-round-1']) expect(honest.text).not.toContain(text);
  });

  it("gives each receipt to the link it was logged with: the host's sheet and the published file show the same code", () => {
    const log = hostLog();
    expect(log.submissions.map((s) => receiptOf(log, s))).toEqual(honest.file.submissions.map((s) => s.receipt));
  });
});

describe("issue 38's forgeries of Ann's first move no longer pass verify", () => {
  it("its `from` changed to another account: the receipt no longer matches, and the file's own receipt says so", () => {
    const text = forge(honest.file, (log) =>
      log.map((entry) =>
        isAnnsFirst(entry) && entry.kind === 'submission'
          ? { kind: 'submission', value: { ...entry.value, from: 'someone-else@accounts.invalid' } }
          : entry,
      ),
    );
    const { code, out } = run(text, annsFirst);
    expect(code).toBe('refused');
    expect(out).toContain('no submission of this file is the one this receipt was given for');
    // Left with the receipt it listed, the submission is named.
    const kept = JSON.parse(text) as { submissions: { receipt?: string }[] };
    kept.submissions[0].receipt = annsFirst;
    const named = run(JSON.stringify(kept), annsFirst);
    expect(named.code).toBe('refused');
    expect(named.out).toContain('submissions[0]');
    expect(named.out).toContain('no longer holds what it was given for');
  });

  it('a later submission forged for her in the same round: named as an answer "from" her that no receipt of hers covers', () => {
    const text = forge(honest.file, (log) => {
      const first = log.find(isAnnsFirst);
      if (first?.kind !== 'submission') throw new Error('no first move');
      const forged: ChainEntry = {
        kind: 'submission',
        value: { ...first.value, at: '2026-11-21T18:40:00Z', answers: { pick: '1' }, uid: 'entry-forged' },
      };
      return [...log, forged];
    });
    expect(winners(text)).toEqual(['p2']);
    const { code, out } = run(text, annsFirst);
    expect(code).toBe('refused');
    expect(out).toContain('no receipt you gave covers that answer');
    expect(out).toMatch(
      /submissions\[\d\]: an answer from Ann in round-1 at 2026-11-21T18:40:00Z \(no receipt you gave covers it/,
    );
    // Her own later answer, with its receipt given too, is hers: that is no forgery.
    const own = run(text, `${annsFirst},${receiptOfAnn('round-2')}`);
    expect(own.code).toBe('refused');
  });

  it('her own later answer, with both receipts given, verifies: replaced by her own answer', () => {
    const log = hostLog();
    const again = answer('p1', 'round-1', '2026-11-21T18:30:00Z', '6');
    const last = log.submissions[log.submissions.length - 1];
    const [linked] = chainOn(
      [{ kind: 'submission', value: { ...again, uid: 'response:again' } }],
      linkOf({ kind: 'submission', value: last }, chainNames(log)),
      chainNames(log),
    ).entries;
    const twice = published({ ...log, submissions: [...log.submissions, linked.value as Submission] });
    const second = twice.file.submissions[twice.file.submissions.length - 1].receipt ?? '';
    const { code, out } = run(twice.text, `${annsFirst},${second}`);
    expect(code, out).toBe(0);
    expect(out).toContain('replaced by your own later answer');
    const alone = run(twice.text, annsFirst);
    expect(alone.code).toBe('refused');
  });

  it('a pause put around it, logged after it: it did not count, and the pause is named as logged after it yet dated before', () => {
    const pause: ChainEntry = { kind: 'event', value: { type: 'pause', at: '2026-11-21T18:04:00Z', uid: 'p' } };
    const resume: ChainEntry = { kind: 'event', value: { type: 'resume', at: '2026-11-21T18:06:00Z', uid: 'r' } };
    const text = forge(honest.file, (log) => [...log, pause, resume]);
    expect(winners(text)).toEqual(['p2']);
    const { code, out } = run(text, annsFirst);
    expect(code).toBe('refused');
    expect(out).toContain('it did not count');
    expect(out).toContain('paused');
    expect(out).toContain(
      'the host paused the match at 2026-11-21T18:04:00Z (logged after your move, yet dated before it)',
    );
  });

  it('a pause put around it, logged before it: the chain under her receipt breaks', () => {
    const pause: ChainEntry = { kind: 'event', value: { type: 'pause', at: '2026-11-21T18:04:00Z', uid: 'p' } };
    const resume: ChainEntry = { kind: 'event', value: { type: 'resume', at: '2026-11-21T18:06:00Z', uid: 'r' } };
    const text = forge(honest.file, (log) => [pause, ...log, resume]);
    const { code, out } = run(text, annsFirst);
    expect(code).toBe('refused');
    // Relinked, her submission's link changed: her code is found by the link it was given after, and what came between is named.
    expect(out).toContain(
      'submissions[0] (an answer from Ann in round-1 at 2026-11-21T18:05:00Z) is your move as you sent it, but not where it was logged: it was logged first, and this file logs it after events[0] (the host paused the match at 2026-11-21T18:04:00Z)',
    );
  });

  it('an `email` event for her seat, which changes the winner: it did not count, and the event is named', () => {
    const email: ChainEntry = {
      kind: 'event',
      value: { type: 'email', player: 'p1', email: 'x@accounts.invalid', at: '2026-11-21T18:00:00Z', uid: 'e' },
    };
    const text = forge(honest.file, (log) => [...log, email]);
    expect(winners(text)).toEqual(['p2']);
    const { code, out } = run(text, annsFirst);
    expect(code).toBe('refused');
    expect(out).toContain('it did not count: sent from');
    expect(out).toContain(
      "the host changed the email of Ann's seat, from 2026-11-21T18:00:00Z (logged after your move, yet dated before it)",
    );
  });
});

describe('an edit before a receipt', () => {
  it("of another player's earlier answer, links left as they were: the whole-file check and the receipt name where", () => {
    const text = forge(
      honest.file,
      (log) =>
        log.map((entry) =>
          entry.kind === 'submission' && entry.value.player === 'p2' && entry.value.phase === 'round-1'
            ? { kind: 'submission', value: { ...entry.value, answers: { pick: '10' } } }
            : entry,
        ),
      { relink: false },
    );
    const { code, out } = run(text, receiptOfAnn('round-2'));
    expect(code).toBe('refused');
    // Cal's round-1 answer was logged next: the chain breaks there.
    expect(out).toMatch(
      /chain: submissions\[2\] \(an answer from Cal in round-1 at 2026-11-21T18:20:00Z\) was logged after an entry this file does not hold/,
    );
    expect(out).toContain('logged before your move, was logged after an entry this file does not hold');
  });

  it('relinked by the host: the receipt of any later move no longer matches', () => {
    const text = forge(honest.file, (log) =>
      log.map((entry) =>
        entry.kind === 'submission' && entry.value.player === 'p2' && entry.value.phase === 'round-1'
          ? { kind: 'submission', value: { ...entry.value, answers: { pick: '10' } } }
          : entry,
      ),
    );
    for (const phase of ['round-2']) {
      const { code, out } = run(text, receiptOfAnn(phase));
      expect(code).toBe('refused');
      expect(out).toContain('no submission of this file is the one this receipt was given for');
    }
  });
});

describe("the player's private sheet", () => {
  const column = (view: ReturnType<typeof viewFor>, name: string) => {
    const log = view.log;
    if (!log) throw new Error('no log');
    const at = log.header.indexOf(name);
    return log.rows.map((row) => String(row[at]));
  };

  it('shows each receipt with what verify --receipt will say of it, in words with no time, and how to check', () => {
    const log = hostLog();
    const again = answer('p1', 'round-1', '2026-11-21T18:30:00Z', '6');
    const last = log.submissions[log.submissions.length - 1];
    const [linked] = chainOn(
      [{ kind: 'submission', value: { ...again, uid: 'response:again' } }],
      linkOf({ kind: 'submission', value: last }, chainNames(log)),
      chainNames(log),
    ).entries;
    const match = { ...log, submissions: [...log.submissions, linked.value as Submission] };
    const view = viewFor(replayMatch(match), 'player:p1');
    expect(column(view, 'Receipt')).toEqual(
      match.submissions.filter((s) => s.player === 'p1').map((s) => receiptOf(match, s)),
    );
    expect(column(view, 'Checked after the match')).toEqual([
      'Will show: replaced by your later answer #7, which has its own receipt',
      'Will show: it counted',
      'Will show: it counted',
    ]);
    for (const note of column(view, 'Checked after the match')) expect(note).not.toMatch(/\d{4}-\d\d-\d\dT|[{}"]/);
    expect(view.log?.caption).toContain('genius-host verify FILE --receipt RECEIPT');
    expect(view.log?.caption).toContain('has no receipt here was never logged');
  });

  it('says a move counts only for now while its phase is open', () => {
    const log = hostLog();
    const sofar = { ...log, submissions: log.submissions.slice(0, 3) };
    const view = viewFor(replayMatch(sofar, { now: '2026-11-21T18:30:00Z' }), 'player:p1');
    expect(column(view, 'Checked after the match')).toEqual([
      'Counts for now: your last valid answer when this phase closes is the one that counts',
    ]);
  });

  it('matches what verify says after the match', () => {
    const { out } = run(honest.text, annsFirst);
    const view = viewFor(replayMatch(hostLog()), 'player:p1');
    expect(column(view, 'Checked after the match')[0]).toBe('Will show: it counted');
    expect(out).toContain('it counted');
  });
});
