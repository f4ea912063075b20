// Privacy checks shared by the rendered-workbook tests (test/sheets/privacy.test.ts) and the
// sandbox's whole matches (test/sandbox/whole-match.ts): nothing a player submitted privately
// reaches a workbook not meant for them, and no text that only the host's or another player's
// view holds turns up in a workbook it was not rendered for.
import { expect } from 'vitest';
import { accountKey } from '../../src/engine/core/email.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { answersText } from '../../src/engine/core/views.js';
import type { Audience, View } from '../../src/engine/core/view.js';
import { GAME_LIST, type ReplayResult, audiencesOf, viewFor } from '../../src/engine/index.js';
import type { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import type { Fact, GameFacts } from './facts.js';
import { ownTestModule } from './game-cases.js';

/** Every text a reader of the workbook can see: values, notes and tab names. */
export function workbookTexts(workbook: EmbeddedWorkbook): Set<string> {
  const out = new Set<string>();
  for (const sheet of workbook.tabs) {
    out.add(sheet.title);
    for (const line of sheet.cells) {
      for (const cell of line ?? []) {
        const value = cell?.userEnteredValue;
        if (value?.stringValue) out.add(value.stringValue);
        if (typeof value?.numberValue === 'number') out.add(String(value.numberValue));
        if (cell?.note) out.add(cell.note);
      }
    }
  }
  return out;
}

/** Every text a view holds. */
function viewTexts(view: View): Set<string> {
  const out = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.add(value);
    else if (typeof value === 'number') out.add(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(view);
  return out;
}

/**
 * Facts per game beyond the submissions themselves, from each game's own test folder
 * (test/games/<id>/facts.ts exporting `facts(result)`: what the rules keep private, and from whom).
 */
export const GAME_FACTS: ReadonlyMap<string, (result: ReplayResult) => Fact[]> = new Map(
  (
    await Promise.all(
      GAME_LIST.map(async (game) => [game.id, (await ownTestModule<GameFacts>(game, 'facts'))?.facts] as const),
    )
  ).filter((entry): entry is readonly [string, (result: ReplayResult) => Fact[]] => entry[1] !== undefined),
);

/**
 * What a player answered to private questions (not their public row), as the log writes it:
 * only the host and whoever sent the same text may see it.
 */
function submissionFacts(result: ReplayResult): Fact[] {
  const phases = new Map(
    [...result.closed.map((c) => c.phase), ...(result.open ? [result.open.phase] : [])].map((p) => [p.id, p]),
  );
  const visible = new Map<string, Set<Audience>>();
  for (const s of result.match.submissions) {
    const questions = phases.get(s.phase)?.questions[s.player] ?? [];
    const isPrivate = (key: string) => questions.some((q) => q.id === key && !q.public);
    const text = answersText(Object.fromEntries(Object.entries(s.answers).filter(([key]) => isPrivate(key))));
    if (text.length < 8) continue;
    const readers = visible.get(text) ?? new Set<Audience>(['host']);
    readers.add(`player:${s.player}`);
    visible.set(text, readers);
  }
  return [...visible].map(([text, readers]) => ({ text, visibleTo: [...readers] }));
}

/**
 * What identifies the players' Google accounts and files (docs/matchfile.md, "A seed anyone can
 * check"): every email address the match holds (as written, and as the account it names), every
 * form id and form response id. The host sees them all; a player's own receipts may name the
 * address and form their own submissions came from.
 */
function accountFacts(match: MatchFile): Fact[] {
  const facts: Fact[] = [];
  const add = (text: string | undefined, player: string) => {
    if (text === undefined || text.length < 8) return;
    for (const form of new Set([text, text.toLowerCase(), accountKey(text)]))
      facts.push({ text: form, visibleTo: ['host', `player:${player}`] });
  };
  for (const p of match.players) {
    add(p.email, p.id);
    add(p.form, p.id);
  }
  for (const e of match.events ?? []) if (e.type === 'email') add(e.email, e.player);
  for (const s of match.submissions) {
    add(s.from, s.player);
    add(s.form, s.player);
    if (s.via === 'form') add(s.response, s.player);
  }
  return facts;
}

/**
 * Checks a published match file's text (the Seed tab, as a spectator copies it): none of the
 * match's account facts appears in it, in any case. Returns how many facts were checked.
 */
export function checkPublishedFile(match: MatchFile, text: string): number {
  const lower = text.toLowerCase();
  const facts = accountFacts(match);
  for (const fact of facts)
    expect(lower.includes(fact.text.toLowerCase()), `${match.game}: the published file holds "${fact.text}"`).toBe(
      false,
    );
  return facts.length;
}

/** The match file the Seed tab of a workbook publishes, its cells joined a line a cell, or null. */
export function publishedText(workbook: EmbeddedWorkbook): string | null {
  const seed = workbook.tabs.find((t) => t.title === 'Seed');
  const column = (seed?.cells ?? []).map((line) => line?.[0]?.userEnteredValue?.stringValue ?? '');
  const label = column.findIndex((text) => text.startsWith('The match file: copy cells'));
  return label < 0 ? null : column.slice(label + 1).join('\n');
}

/** Facts with the same text are visible to whoever may see any of them. */
function merged(facts: readonly Fact[]): Fact[] {
  const readers = new Map<string, Set<Audience>>();
  for (const fact of facts) {
    const set = readers.get(fact.text) ?? new Set<Audience>();
    for (const a of fact.visibleTo) set.add(a);
    readers.set(fact.text, set);
  }
  return [...readers].map(([text, set]) => ({ text, visibleTo: [...set] }));
}

/**
 * Checks the workbooks `workbookOf` gives (null: that audience has none to check) against the
 * facts of `result`; returns how many (fact, workbook) pairs were checked. `views: false` checks
 * the submitted facts only: for workbooks drawn at different times (a live match), where a text
 * drawn earlier may since have left one view and stayed in another.
 */
export function checkPrivacy(
  result: ReplayResult,
  workbookOf: (audience: Audience) => EmbeddedWorkbook | null,
  options: { views?: boolean } = {},
): number {
  const audiences = audiencesOf(result);
  const books = new Map(
    audiences.map((a) => [a, workbookOf(a)]).filter((e): e is [Audience, EmbeddedWorkbook] => e[1] !== null),
  );
  const workbooks = new Map([...books].map(([a, w]) => [a, workbookTexts(w)]));
  const views = new Map(audiences.map((a) => [a, viewTexts(viewFor(result, a))]));
  const facts = merged([
    ...submissionFacts(result),
    ...(GAME_FACTS.get(result.match.game)?.(result) ?? []),
    ...accountFacts(result.match),
  ]);
  let checked = 0;
  for (const audience of audiences) {
    // Team workbooks are shared inside the team; they are checked through their members' own.
    if (audience === 'host' || audience.startsWith('team:') || !workbooks.has(audience)) continue;
    // A player's log lists their own answers verbatim; a short answer of someone else's can be
    // part of one of those lines without anything having leaked.
    const viewer = audience.startsWith('player:') ? audience.slice('player:'.length) : null;
    const ownAnswers = new Set(
      result.match.submissions.filter((s) => s.player === viewer).map((s) => answersText(s.answers)),
    );
    const texts = [...workbooks.get(audience)!].filter((t) => !ownAnswers.has(t));
    // The published match file, joined again: an address cut across two rows is still found.
    const published = audience === 'public' ? publishedText(books.get(audience)!) : null;
    if (published !== null) checked += checkPublishedFile(result.match, published);
    for (const fact of facts) {
      if (fact.visibleTo.includes(audience)) continue;
      const leak = texts.find((t) => t.includes(fact.text));
      expect(
        leak,
        `${result.match.game}: "${fact.text}" (for ${fact.visibleTo.join(', ')}) appears in ${audience}'s workbook as "${leak}"`,
      ).toBeUndefined();
      checked += 1;
    }
    if (options.views === false) continue;
    // Texts only the host's or another player's view holds never reach this workbook.
    const own = views.get(audience)!;
    for (const other of audiences) {
      if (other === audience || other.startsWith('team:')) continue;
      const shown = workbooks.get(other);
      for (const text of views.get(other)!) {
        // Only texts the other audience's workbook really shows (a view holds data the renderer
        // turns into other words, or leaves out); with no workbook to ask, every text of the view.
        if (own.has(text) || text.length < 8 || (shown && !shown.has(text))) continue;
        expect(
          workbooks.get(audience)!.has(text),
          `${result.match.game}: "${text}" from ${other}'s view appears in ${audience}'s workbook`,
        ).toBe(false);
        checked += 1;
      }
    }
  }
  return checked;
}

/**
 * The messages sent outside the sheets (reminder emails, Discord posts), each with the audience
 * that reads it (an email: its player; a post: the public), against the same facts as the
 * workbooks: nothing private to someone else in any of them. Returns how many (fact, message)
 * pairs were checked.
 */
export function checkMessagesPrivacy(
  result: ReplayResult,
  messages: readonly { readonly audience: Audience; readonly text: string }[],
): number {
  const facts = merged([...submissionFacts(result), ...(GAME_FACTS.get(result.match.game)?.(result) ?? [])]);
  let checked = 0;
  for (const message of messages) {
    for (const fact of facts) {
      if (fact.visibleTo.includes(message.audience)) continue;
      expect(
        message.text.includes(fact.text),
        `${result.match.game}: "${fact.text}" (for ${fact.visibleTo.join(', ')}) appears in a message to ${message.audience}: ${message.text}`,
      ).toBe(false);
      checked += 1;
    }
  }
  return checked;
}

/** Who a player of an anonymous match is: their real name (players[].person) and every address of theirs. */
export interface Person {
  readonly player: string;
  readonly name: string;
  readonly emails: readonly string[];
}

/** The people behind the aliases of an anonymous match, with every address the log ever gave each. */
export function peopleOf(match: MatchFile): Person[] {
  return match.players.map((p) => ({
    player: p.id,
    name: p.person ?? '',
    emails: [
      ...(p.email ? [p.email] : []),
      ...(match.events ?? []).flatMap((e) => (e.type === 'email' && e.player === p.id ? [e.email] : [])),
    ],
  }));
}

/** Whether `text` names the person: their name as a whole word, or any of their addresses (any case). */
function names(text: string, person: Person): boolean {
  const name = person.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (name !== '' && new RegExp(`(^|[^\\p{L}\\p{N}])${name}($|[^\\p{L}\\p{N}])`, 'u').test(text)) return true;
  const lower = text.toLowerCase();
  return person.emails.some((email) => lower.includes(email.toLowerCase()));
}

/**
 * The anonymity rule (issue 30): in an anonymous match no player's real name or address reaches
 * anyone but the host, or that player through their own files. `texts`: what each reader sees (a
 * workbook's texts, a message), by audience (`host` is never checked); `shares`: every file
 * shared with an address, and whose own file it is (null: nobody's, e.g. the spectators' sheet).
 * Returns how many (person, text) pairs were checked.
 */
export function checkAnonymity(
  people: readonly Person[],
  texts: readonly { readonly audience: Audience; readonly what: string; readonly text: string }[],
  shares: readonly { readonly file: string; readonly owner: string | null; readonly email: string }[],
): number {
  let checked = 0;
  for (const person of people) {
    expect(person.name, `${person.player}: an anonymous match keeps the person behind each alias`).not.toBe('');
    for (const { audience, what, text } of texts) {
      if (audience === 'host') continue;
      expect(names(text, person), `${person.player}'s name or address appears in ${what} (${audience}): ${text}`).toBe(
        false,
      );
      checked += 1;
    }
    for (const share of shares) {
      if (!person.emails.some((email) => accountKey(email) === accountKey(share.email))) continue;
      expect(share.owner, `${share.file} is shared with ${person.player}'s address, and is not their own file`).toBe(
        person.player,
      );
      checked += 1;
    }
  }
  return checked;
}
