// The match file as the spectators get it at the end (docs/matchfile.md, "A seed anyone can check"):
// the whole file, so anyone can replay it, with its final result, and without what identifies the
// players' Google accounts and files, where they live (no player's time zone), or quotes a refusal
// (no message's note). Email addresses (the players', the host's corrections, the
// verified sender of each form answer) become one pseudonym per Google account, form ids one per
// form, and form response ids are left out: replay compares accounts with sameAccount and forms by
// id and never reads a response id, so the published file replays to exactly the same result.
// Entry ids (`uid`: a form response's id is one) become one pseudonym per id, `entry1`, …, after
// repeated entries are dropped: replay only compares them, so it still reads the same file. Each
// submission lists its receipt (core/receipt.ts), so anyone can check the file against them.

import { accountKey } from './email.js';
import type { Final, MatchEvent, Player, Submission } from './game.js';
import { isRecord } from './guards.js';
import { type MatchFile, stringifyMatchFile, withoutRepeats } from './matchfile.js';
import { receiptCode } from './receipt.js';

/** The domain of the pseudonyms: `.invalid` is reserved (RFC 2606), so no mail can ever go there. */
const PSEUDONYM_DOMAIN = 'accounts.invalid';

/** Pseudonyms handed out in the order things are first met, the same one for the same key. */
class Pseudonyms {
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
 * The match file to publish: `match` with `final`, addresses replaced by `account1@accounts.invalid`,
 * … (two addresses of one Google account get one pseudonym, so "came from the player's own account"
 * holds exactly where it held), form ids by `form1`, …, entry ids by `entry1`, … and no response ids.
 */
export function publishedMatch(logged: MatchFile, final: Final): MatchFile {
  const match = withoutRepeats(logged);
  const uids = new Pseudonyms((n) => `entry${n}`);
  const uid = <T extends { readonly uid?: string }>(entry: T): T =>
    entry.uid === undefined ? entry : { ...entry, uid: uids.of(entry.uid) };
  const accounts = new Pseudonyms((n) => `account${n}@${PSEUDONYM_DOMAIN}`);
  const forms = new Pseudonyms((n) => `form${n}`);
  const account = (email: string) => accounts.of(accountKey(email));
  const players = match.players.map((p) =>
    inOrder<Player>(
      // A player's time zone is theirs (it sets their reminders' times), and replay never reads it.
      {
        ...p,
        email: p.email === undefined ? undefined : account(p.email),
        form: p.form === undefined ? undefined : forms.of(p.form),
        timeZone: undefined,
        // Who plays under an alias is the host's only (core/anonymity.ts).
        person: undefined,
        // A Discord account is the player's, like their address: the host's only.
        discord: undefined,
      },
      PLAYER_FIELDS,
    ),
  );
  const events = match.events?.map((event): MatchEvent => {
    const e = uid(event);
    // A substitute's address is theirs as much as a player's: the same pseudonym rule.
    if (e.type === 'email' || e.type === 'substitute') return inOrder({ ...e, email: account(e.email) }, EVENT_FIELDS);
    // A message's note quotes a refusal, which can name an address or a secret (UrlFetchApp's errors
    // quote the webhook's URL): the status says enough, so no note of any message is published.
    if (e.type === 'message' && e.note !== undefined) return { ...e, note: undefined };
    return e;
  });
  const submissions = match.submissions.map((s) =>
    inOrder<Submission>(
      {
        ...uid(s),
        from: s.from === undefined ? undefined : account(s.from),
        form: s.form === undefined ? undefined : forms.of(s.form),
        response: undefined,
        // Each code as the player was shown it, so anyone can check the file against it (core/receipt.ts).
        receipt: receiptCode(match.seed, s),
      },
      SUBMISSION_FIELDS,
    ),
  );
  // A JSON copy: the published result is what its JSON says (no undefined fields).
  const published: unknown = JSON.parse(JSON.stringify(final));
  if (!isRecord(published)) throw new Error('internal: a final result is an object');
  return {
    ...match,
    players,
    submissions,
    decisions: match.decisions.map(uid),
    ...(events ? { events } : {}),
    final: published,
  };
}

// The fields in the order of docs/matchfile.md, so the published file reads the same whatever
// order the log kept them in (the add-on's log and an exported file may differ).
const PLAYER_FIELDS = ['id', 'name', 'email', 'garnets', 'form'];
const SUBMISSION_FIELDS = ['phase', 'player', 'at', 'answers', 'via', 'from', 'form', 'uid', 'receipt'];
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
