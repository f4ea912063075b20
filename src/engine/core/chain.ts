// The match log as a hash chain (docs/matchfile.md, "The chain"). Each entry logged (submission,
// decision, event) carries `after`: the link of the entry logged just before it, as its writer read
// the log (the first entry: the link of the match's head). An entry's own link is the SHA-256 of
// `after`, its kind and the entry in its public form. So an entry commits to everything logged
// before it, and a player's receipt (core/receipt.ts), made from the link of their submission,
// commits to the whole log up to their move: a change, insertion or removal anywhere before it
// leaves a link that no entry of the file has.
//
// The link is made from the entry as the spectators get it at the end (core/publish.ts): addresses,
// form ids and entry ids become pseudonyms keyed with the match's `secret` (never published), a
// form response's id and a message's note are left out. So the host's log and the published file
// give the same links, and nobody who holds only the published file can test a guessed address.
// A match without a secret (files made before the chain) has no chain, and loads as it always did.

import { sha256Hex } from './commitment.js';
import { accountKey } from './email.js';
import type { Decision, MatchEvent, Player, Submission } from './game.js';
import { isRecord } from './guards.js';

/** Marks the texts hashed here, so no other hash of the same words can pass for a link. */
const CHAIN_LABEL = 'genius-host chain 1';
const PSEUDONYM_LABEL = 'genius-host pseudonym 1';
/** The domain of the address pseudonyms: `.invalid` is reserved (RFC 2606), so no mail can ever go there. */
export const PSEUDONYM_DOMAIN = 'accounts.invalid';

export type EntryKind = 'submission' | 'decision' | 'event';

/** A logged entry of any kind, with the list it belongs to. */
export type ChainEntry =
  | { readonly kind: 'submission'; readonly value: Submission }
  | { readonly kind: 'decision'; readonly value: Decision }
  | { readonly kind: 'event'; readonly value: MatchEvent };

/** How private values become public ones: an address, a form id, an entry id. */
export interface Pseudonyms {
  account(email: string): string;
  form(id: string): string;
  entry(uid: string): string;
}

/** Hashes of pseudonyms already made, by the text hashed: a pure cache. */
const pseudonymHashes = new Map<string, string>();

/** Pseudonyms keyed with the match's secret: the same value always gives the same one, and without the secret none can be tested. */
export function keyedPseudonyms(secret: string): Pseudonyms {
  const keyed = (what: string, value: string) => {
    // A match names the same few accounts and forms over and over: each is hashed once.
    const text = JSON.stringify([PSEUDONYM_LABEL, secret, what, value]);
    let hash = pseudonymHashes.get(text);
    if (hash === undefined) {
      if (pseudonymHashes.size >= 10_000) pseudonymHashes.clear();
      hash = sha256Hex(text);
      pseudonymHashes.set(text, hash);
    }
    return hash;
  };
  return {
    // Two addresses of one Google account get one pseudonym, so "from the player's own account" holds where it held.
    account: (email) => `${keyed('account', accountKey(email)).slice(0, 20)}@${PSEUDONYM_DOMAIN}`,
    form: (id) => `form-${keyed('form', id).slice(0, 16)}`,
    entry: (uid) => `entry-${keyed('entry', uid).slice(0, 16)}`,
  };
}

/** The values as they are: a published file's entries are public already. */
const AS_THEY_ARE: Pseudonyms = { account: (e) => e, form: (f) => f, entry: (u) => u };

/** `value` without its undefined fields. */
function defined<T extends object>(value: T): T {
  // The same members less the undefined ones: still a T.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- see above
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A player as the published file lists them: no time zone, no person behind an alias, addresses and forms as pseudonyms. */
export function publicPlayer(player: Player, names: Pseudonyms): Player {
  return defined({
    ...player,
    email: player.email === undefined ? undefined : names.account(player.email),
    form: player.form === undefined ? undefined : names.form(player.form),
    timeZone: undefined,
    person: undefined,
  });
}

/**
 * A submission as the published file lists it, without `after` and `receipt` (which the chain
 * adds): its address and form as pseudonyms, no response id.
 */
export function publicSubmission(s: Submission, names: Pseudonyms): Submission {
  return defined<Submission>({
    ...s,
    from: s.from === undefined ? undefined : names.account(s.from),
    form: s.form === undefined ? undefined : names.form(s.form),
    response: undefined,
    uid: s.uid === undefined ? undefined : names.entry(s.uid),
    after: undefined,
    receipt: undefined,
  });
}

export function publicDecision(d: Decision, names: Pseudonyms): Decision {
  return defined<Decision>({ ...d, uid: d.uid === undefined ? undefined : names.entry(d.uid), after: undefined });
}

/** An event as published: addresses as pseudonyms, no message's note (it can quote a refusal naming an address or a secret). */
export function publicEvent(e: MatchEvent, names: Pseudonyms): MatchEvent {
  const uid = e.uid === undefined ? undefined : names.entry(e.uid);
  if (e.type === 'email') return defined<MatchEvent>({ ...e, uid, email: names.account(e.email), after: undefined });
  // Who an anonymous match's substitute is stays the host's, as a player's person does.
  if (e.type === 'substitute')
    return defined<MatchEvent>({ ...e, uid, email: names.account(e.email), person: undefined, after: undefined });
  if (e.type === 'message') return defined<MatchEvent>({ ...e, uid, note: undefined, after: undefined });
  return defined<MatchEvent>({ ...e, uid, after: undefined });
}

/** An entry in its public form, without `after` and `receipt`. */
function publicEntry(entry: ChainEntry, names: Pseudonyms): ChainEntry['value'] {
  if (entry.kind === 'submission') return publicSubmission(entry.value, names);
  if (entry.kind === 'decision') return publicDecision(entry.value, names);
  return publicEvent(entry.value, names);
}

/** The same value as JSON with every object's keys sorted: the same data always gives the same text. */
function canonicalJson(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (isRecord(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .filter((key) => v[key] !== undefined)
          .map((key) => [key, sorted(v[key])]),
      );
    return v;
  };
  return JSON.stringify(sorted(value)) ?? 'null';
}

/** What the chain reads of a match: its head, and the secret when the reader is the host. */
export interface ChainedMatch {
  readonly game: string;
  readonly seed: string;
  readonly startAt?: string;
  readonly players: readonly Player[];
  readonly options: unknown;
  readonly schedule?: unknown;
  readonly guardrails?: unknown;
  readonly publish?: boolean;
  readonly anonymous?: boolean;
  readonly secret?: string;
}

/** The pseudonyms a match's entries are linked with: keyed with its secret (the host's log), or none (a published file). */
export function chainNames(match: { readonly secret?: string }): Pseudonyms {
  return match.secret === undefined ? AS_THEY_ARE : keyedPseudonyms(match.secret);
}

/** The link the first entry is logged after: the match's head (game, seed, players, options, schedule) as published. */
export function chainStart(match: ChainedMatch): string {
  const names = chainNames(match);
  const head = {
    game: match.game,
    seed: match.seed,
    startAt: match.startAt,
    players: match.players.map((p) => publicPlayer(p, names)),
    options: match.options,
    schedule: match.schedule,
    guardrails: match.guardrails,
    publish: match.publish,
    anonymous: match.anonymous,
  };
  return sha256Hex(JSON.stringify([CHAIN_LABEL, 'match', canonicalJson(head)]));
}

/** An entry's own link: what it was logged after, its kind, and the entry in its public form. */
export function linkOf(entry: ChainEntry, names: Pseudonyms): string {
  const after = entry.value.after ?? null;
  return sha256Hex(JSON.stringify([CHAIN_LABEL, after, entry.kind, canonicalJson(publicEntry(entry, names))]));
}

/** Every entry of a match, each with its list and place in it: submissions, decisions, events. */
export function entriesOf(match: {
  readonly submissions: readonly Submission[];
  readonly decisions: readonly Decision[];
  readonly events?: readonly MatchEvent[];
}): (ChainEntry & { readonly index: number })[] {
  return [
    ...match.submissions.map((value, index) => ({ kind: 'submission' as const, value, index })),
    ...match.decisions.map((value, index) => ({ kind: 'decision' as const, value, index })),
    ...(match.events ?? []).map((value, index) => ({ kind: 'event' as const, value, index })),
  ];
}

/**
 * `entries` each logged after the one before it, the first after `head`: each gets its `after`,
 * and the answer holds the link of the last (the head the next entry is logged after).
 */
export function chainOn<E extends ChainEntry>(
  entries: readonly E[],
  head: string,
  names: Pseudonyms,
): { entries: E[]; head: string } {
  let last = head;
  const out = entries.map((entry) => {
    // The same entry with `after` set: still an E of the same kind.
    const linked = { ...entry, value: { ...entry.value, after: last } } as E;
    last = linkOf(linked, names);
    return linked;
  });
  return { entries: out, head: last };
}
