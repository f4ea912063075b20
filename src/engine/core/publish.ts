// The match file as the spectators get it at the end (docs/matchfile.md, "A seed anyone can check"):
// the whole file, so anyone can replay it, with its final result, and without what identifies the
// players' Google accounts and files, where they live (no player's time zone), or quotes a refusal
// (no message's note), and without the host's secret or the person behind an alias. Email
// addresses (the players', the host's corrections, the verified sender of each form answer) become
// one pseudonym per Google account, form ids one per form, entry ids one per id, and form response
// ids are left out: replay compares accounts with sameAccount, forms and entry ids by equality and
// never reads a response id, so the published file replays to exactly the same result. A match with
// a secret gets pseudonyms keyed with it (core/chain.ts), the ones its log's chain was made with, so
// every link and receipt holds in the published file; an older one `account1@accounts.invalid`, …
// in the order met. Each submission lists its receipt (core/receipt.ts).

import { accountKey } from './email.js';
import type { Final, MatchEvent, Player, Submission } from './game.js';
import { isRecord } from './guards.js';
import { type MatchFile, stringifyMatchFile, withoutRepeats } from './matchfile.js';
import { receiptOf } from './receipt.js';
import {
  PSEUDONYM_DOMAIN,
  type Pseudonyms,
  keyedPseudonyms,
  publicDecision,
  publicEvent,
  publicPlayer,
  publicSubmission,
} from './chain.js';

/** Pseudonyms handed out in the order things are first met, the same one for the same key. */
class Numbered {
  private readonly names = new Map<string, string>();

  constructor(private readonly make: (n: number) => string) {}

  of(key: string): string {
    let name = this.names.get(key);
    if (name === undefined) {
      name = this.make(this.names.size + 1);
      this.names.set(key, name);
    }
    return name;
  }
}

/**
 * The pseudonyms of a match without a secret (made before the chain): `account1@accounts.invalid`,
 * `form1`, `entry1`, … in the order first met. A chained match's are keyed with its secret
 * (core/chain.ts), so the links of its published entries are the links logged.
 */
function numberedPseudonyms(): Pseudonyms {
  const accounts = new Numbered((n) => `account${n}@${PSEUDONYM_DOMAIN}`);
  const forms = new Numbered((n) => `form${n}`);
  const uids = new Numbered((n) => `entry${n}`);
  return {
    account: (email) => accounts.of(accountKey(email)),
    form: (id) => forms.of(id),
    entry: (uid) => uids.of(uid),
  };
}

/**
 * The match file to publish: `match` with `final`, addresses replaced by pseudonyms (two addresses
 * of one Google account get one, so "came from the player's own account" holds exactly where it
 * held), form ids and entry ids too, no response ids, no message notes, no secret, no player's
 * time zone or person behind an alias; each submission with its receipt.
 */
export function publishedMatch(logged: MatchFile, final: Final): MatchFile {
  const match = withoutRepeats(logged);
  const names = match.secret === undefined ? numberedPseudonyms() : keyedPseudonyms(match.secret);
  const players = match.players.map((p) => inOrder<Player>(publicPlayer(p, names), PLAYER_FIELDS));
  // The players first, then events, then submissions: the order numbered pseudonyms were always given in.
  const events = match.events?.map((event) =>
    inOrder<MatchEvent>({ ...publicEvent(event, names), after: event.after }, EVENT_FIELDS),
  );
  const submissions = match.submissions.map((s) =>
    inOrder<Submission>(
      {
        ...publicSubmission(s, names),
        after: s.after,
        // Each code as the player was shown it, so anyone can check the file against it (core/receipt.ts).
        receipt: receiptOf(match, s),
      },
      SUBMISSION_FIELDS,
    ),
  );
  const decisions = match.decisions.map((d) => ({
    ...publicDecision(d, names),
    ...(d.after !== undefined ? { after: d.after } : {}),
  }));
  // A JSON copy: the published result is what its JSON says (no undefined fields).
  const published: unknown = JSON.parse(JSON.stringify(final));
  if (!isRecord(published)) throw new Error('internal: a final result is an object');
  const { secret: _secret, ...open } = match;
  return {
    ...open,
    players,
    submissions,
    decisions,
    ...(events ? { events } : {}),
    final: published,
  };
}

// The fields in the order of docs/matchfile.md, so the published file reads the same whatever
// order the log kept them in (the add-on's log and an exported file may differ).
const PLAYER_FIELDS = ['id', 'name', 'email', 'garnets', 'form'];
const SUBMISSION_FIELDS = [
  'phase',
  'player',
  'at',
  'answers',
  'via',
  'from',
  'form',
  'editedBy',
  'uid',
  'after',
  'receipt',
];
const EVENT_FIELDS = ['type', 'player', 'name', 'email', 'at', 'uid'];

/** `value` with `fields` first, in that order, then any others; undefined fields left out. */
function inOrder<T extends object>(value: T, fields: readonly string[]): T {
  const record = new Map(Object.entries(value));
  const keys = [...fields.filter((k) => record.has(k)), ...[...record.keys()].filter((k) => !fields.includes(k))];
  // The same members in another order: still a T, which no check at run time could say.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- see above
  return Object.fromEntries(keys.filter((k) => record.get(k) !== undefined).map((k) => [k, record.get(k)])) as T;
}

/** A sheet cell holds at most 50,000 characters; a longer line of the file continues on the next row. */
export const PUBLISHED_LINE_MAX = 40_000;

/** The published file's text, a line a row: its own lines, an over-long one cut into pieces (genius-host verify joins them again). */
export function publishedLines(match: MatchFile, final: Final): string[] {
  const lines = stringifyMatchFile(publishedMatch(match, final)).replace(/\n$/, '').split('\n');
  return lines.flatMap((line) => {
    const pieces: string[] = [];
    for (let i = 0; i < line.length; i += PUBLISHED_LINE_MAX) pieces.push(line.slice(i, i + PUBLISHED_LINE_MAX));
    return pieces.length > 0 ? pieces : [''];
  });
}
