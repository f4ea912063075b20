// Privacy of the rendered workbooks, over random bot matches of every game: nothing a player
// submitted reaches the public workbook or another player's workbook, and no text that only the
// host or another player may see turns up in a workbook it was not rendered for. Matches are
// checked when over and part-way through (a phase open with some moves in).
import { describe, expect, it } from 'vitest';
import { answersText } from '../../src/engine/core/views.js';
import type { Audience, View } from '../../src/engine/core/view.js';
import { GAME_LIST, type ReplayResult, audiencesOf, newMatch, playMatch, replayMatch, viewFor } from '../../src/engine/index.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { renderAudience } from '../../src/local/outputs.js';
import type { EmbeddedWorkbook } from '../../src/local/workbook.js';

/** Every text a reader of the workbook can see: values, notes and tab names. */
function workbookTexts(workbook: EmbeddedWorkbook): Set<string> {
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

/** A fact GAMES.md keeps from everyone but `visibleTo`, as it could be written in a sheet. */
interface Fact {
  readonly text: string;
  readonly visibleTo: readonly Audience[];
}

/**
 * Facts per game beyond the submissions themselves. Not Flower Field (GAMES.md 5): what each
 * player placed stays with the host (and the player, for their own).
 */
const GAME_FACTS: Readonly<Record<string, (result: ReplayResult) => Fact[]>> = {
  'not-flower-field': (result) => result.match.submissions.flatMap((s, index) => {
    const own = s.answers.own;
    const receipt = result.receipts.find((r) => r.index === index);
    if (typeof own !== 'string' || receipt?.status === 'rejected') return [];
    const cells = own.trim().toUpperCase().split(/[\s,;]+/).join(' ');
    return [{ text: `own ${cells}`, visibleTo: ['host', `player:${s.player}`] }];
  }),
};

/**
 * What a player answered to private questions (not their public row), as the log writes it:
 * only the host and whoever sent the same text may see it.
 */
function submissionFacts(result: ReplayResult): Fact[] {
  const phases = new Map([...result.closed.map((c) => c.phase), ...(result.open ? [result.open.phase] : [])].map((p) => [p.id, p]));
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

function scheduledMatch(gameId: string, seed: string): MatchFile {
  const game = GAME_LIST.find((g) => g.id === gameId)!;
  const fresh = newMatch(gameId, { seed, startAt: '2026-11-21T18:00:00.000Z' });
  if (!fresh.ok) throw new Error(fresh.error);
  const bots = game.bots.random ? 'random' : game.defaultBot;
  return playMatch({ ...fresh.value, schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} } }, { bots, answerDecisions: true });
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

type Renderer = (result: ReplayResult, audience: Audience) => EmbeddedWorkbook;
const honest: Renderer = (result, audience) => renderAudience(result, audience).workbook;

function check(result: ReplayResult, render: Renderer = honest): number {
  const audiences = audiencesOf(result);
  const workbooks = new Map(audiences.map((a) => [a, workbookTexts(render(result, a))]));
  const views = new Map(audiences.map((a) => [a, viewTexts(viewFor(result, a))]));
  const facts = merged([...submissionFacts(result), ...(GAME_FACTS[result.match.game]?.(result) ?? [])]);
  let checked = 0;
  for (const audience of audiences) {
    // Team workbooks are shared inside the team; they are checked through their members' own.
    if (audience === 'host' || audience.startsWith('team:')) continue;
    // A player's log lists their own answers verbatim; a short answer of someone else's can be
    // part of one of those lines without anything having leaked.
    const viewer = audience.startsWith('player:') ? audience.slice('player:'.length) : null;
    const ownAnswers = new Set(result.match.submissions.filter((s) => s.player === viewer).map((s) => answersText(s.answers)));
    const texts = [...workbooks.get(audience)!].filter((t) => !ownAnswers.has(t));
    for (const fact of facts) {
      if (fact.visibleTo.includes(audience)) continue;
      const leak = texts.find((t) => t.includes(fact.text));
      expect(leak, `${result.match.game}: "${fact.text}" (for ${fact.visibleTo.join(', ')}) appears in ${audience}'s workbook as "${leak}"`).toBeUndefined();
      checked += 1;
    }
    // Texts only the host's or another player's view holds never reach this workbook.
    const own = views.get(audience)!;
    for (const other of audiences) {
      if (other === audience || other.startsWith('team:')) continue;
      for (const text of views.get(other)!) {
        if (own.has(text) || text.length < 8 || !workbooks.get(other)!.has(text)) continue;
        expect(workbooks.get(audience)!.has(text), `${result.match.game}: "${text}" from ${other}'s view appears in ${audience}'s workbook`).toBe(false);
        checked += 1;
      }
    }
  }
  return checked;
}

describe('privacy of the rendered workbooks', () => {
  for (const game of GAME_LIST) {
    it(`${game.title}: no private fact reaches the public workbook or another player's, over bot matches`, () => {
      let checked = 0;
      for (const seed of ['privacy-1', 'privacy-2']) {
        const match = scheduledMatch(game.id, seed);
        checked += check(replayMatch(match));
        // Part-way: just after a submission in the middle of the match, its phase still open,
        // with the log as it stood then (nothing sent later, no host decision yet).
        const middle = match.submissions[Math.floor(match.submissions.length / 2)];
        const now = new Date(Date.parse(middle.at!) + 1000).toISOString();
        const sentBy = (s: MatchFile['submissions'][number]) => Date.parse(s.at!) <= Date.parse(now);
        const partway = replayMatch({ ...match, submissions: match.submissions.filter(sentBy), decisions: [] }, { now });
        expect(partway.open).not.toBeNull();
        checked += check(partway);
      }
      expect(checked).toBeGreaterThan(50);
    });
  }

  it('catches a leak: a public workbook rendered from the host\'s view fails the check', () => {
    const leaky: Renderer = (result, audience) => renderAudience(result, audience === 'public' ? 'host' : audience).workbook;
    const result = replayMatch(scheduledMatch('not-flower-field', 'privacy-1'));
    expect(() => check(result, leaky)).toThrow(/appears in public's workbook/);
  });

  it('Not Flower Field: a player sees their own open-round placement, nobody else does', () => {
    const match = scheduledMatch('not-flower-field', 'privacy-open');
    const round = match.submissions.find((s) => s.phase === 'round-2')!;
    const now = new Date(Date.parse(round.at!) + 1000).toISOString();
    const partway = replayMatch({ ...match, submissions: match.submissions.filter((s) => Date.parse(s.at!) <= Date.parse(now)) }, { now });
    const placed = `own ${String(round.answers.own).toUpperCase()}`;
    const has = (audience: Audience) => [...workbookTexts(renderAudience(partway, audience).workbook)].some((t) => t.includes(placed));
    expect(has(`player:${round.player}`)).toBe(true);
    expect(has('host')).toBe(true);
    expect(has('public')).toBe(false);
    for (const p of match.players.filter((p) => p.id !== round.player)) expect(has(`player:${p.id}`)).toBe(false);
  });
});
