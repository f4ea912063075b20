// Formula-like player text (names and answers such as =IMPORTXML(…), +1, -1, @SUM(A1)) through a
// whole bot match of every game, then every view of every audience. The engine's part of "player
// text is always written as text, never as a formula": such text reaches views only inside string
// fields, verbatim (not evaluated, not turned into a number, not dropped), in the host's log and
// in the player's own receipts, and a refused private answer reaches no one else. (The renderer
// writes every string as a Sheets stringValue; that is its own test.)

import { describe, expect, it } from 'vitest';
import type { AnyGame, Submission } from '../../src/engine/core/game.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import type { Audience, View } from '../../src/engine/core/view.js';
import { answersText } from '../../src/engine/core/views.js';
import {
  GAME_LIST,
  audiencesOf,
  loadMatchText,
  newMatch,
  playMatch,
  replayMatch,
  stringifyMatchFile,
  viewFor,
} from '../../src/engine/index.js';
import { leaves } from './hostile.js';
import { START, after } from './scenario.js';

/** Formula-like names, each already trimmed (names are) and different ignoring case. */
const NAMES = [
  '=IMPORTXML("http://x","//a")',
  '=1+1',
  '+1',
  '-1',
  '@SUM(A1)',
  "'=",
  '=HYPERLINK("http://x","click me")',
  "=cmd|' /C calc'!A0",
  '=A1',
  '+A1',
  '-A1 B2',
  '@A1',
  '=IMAGE("http://x/a.png")',
  '=2+2',
  '+44 20 7946 0000',
  '-',
  '=',
  '@',
  '+',
  '=TRUE',
  '0012',
  '1e3',
];

/** A formula-like answer unique to one player and phase, so where it shows up can be traced. */
function formulaAnswer(player: string, phase: string): string {
  return `=IMPORTXML("http://x/${player}/${phase}","//a")`;
}

function strings(view: View): string[] {
  return leaves(view)
    .map(([, v]) => v)
    .filter((v): v is string => typeof v === 'string');
}

interface Played {
  readonly match: MatchFile;
  /** Index in `match.submissions` of each formula-like answer, with who sent it. */
  readonly formulas: readonly { index: number; player: string; text: string }[];
}

/**
 * A bot match whose players have formula-like names, with a schedule (so a replay part-way has an
 * open phase), and before each bot submission a formula-like answer from the same player to the
 * same phase (refused or replaced by the bot's, so the match still plays out).
 */
function played(game: AnyGame): Played {
  const players = Array.from({ length: game.playerCount.default }, (_, i) => ({
    id: `p${i + 1}`,
    name: NAMES[i],
    garnets: 1,
  }));
  const fresh = newMatch(game.id, { seed: 'formula', startAt: START, players });
  if (!fresh.ok) throw new Error(fresh.error);
  const scheduled: MatchFile = {
    ...fresh.value,
    schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} },
  };
  const bots = playMatch(scheduled, { answerDecisions: true });

  const submissions: Submission[] = [];
  const formulas: { index: number; player: string; text: string }[] = [];
  for (const submission of bots.submissions) {
    const question = Object.keys(submission.answers)[0];
    if (question !== undefined) {
      const text = formulaAnswer(submission.player, submission.phase);
      formulas.push({ index: submissions.length, player: submission.player, text });
      submissions.push({
        ...submission,
        ...(submission.at ? { at: after(submission.at, -1) } : {}),
        answers: { [question]: text },
      });
    }
    submissions.push(submission);
  }
  // Through the real loader, as the add-on reads its log.
  const loaded = loadMatchText(stringifyMatchFile({ ...bots, submissions }));
  if (!loaded.ok) throw new Error(loaded.error);
  return { match: loaded.value, formulas };
}

describe.each(GAME_LIST.map((game): [string, AnyGame] => [game.id, game]))('formula-like text in %s', (_id, game) => {
  const { match, formulas } = played(game);
  // Part-way: the log as it stands at its middle submission, replayed as of that moment, so a
  // phase is open and the status lists by name who has submitted.
  const half = match.submissions.slice(0, Math.floor(match.submissions.length / 2) + 1);
  const now = half[half.length - 1].at;
  const results = [
    { label: 'the whole match', result: replayMatch(match) },
    ...(now ? [{ label: 'part-way', result: replayMatch({ ...match, submissions: half }, { now }) }] : []),
  ];

  it("is refused as an answer, and the bots' answers still play the match to its end", () => {
    const [whole, partWay] = results;
    expect(whole.result.final).not.toBeNull();
    if (partWay) expect(partWay.result.open).not.toBeNull();
    for (const { index } of formulas) {
      const receipt = whole.result.receipts[index];
      expect(receipt.status === 'rejected' || receipt.superseded).toBe(true);
    }
  });

  it.each(results.map((r) => [r.label, r] as const))(
    'reaches every view of %s only as strings',
    (_label, { result }) => {
      for (const audience of audiencesOf(result)) {
        for (const [path, value] of leaves(viewFor(result, audience))) {
          expect(
            ['string', 'number', 'boolean', 'undefined'].includes(typeof value) || value === null,
            `${audience}${path}`,
          ).toBe(true);
          if (typeof value === 'number') expect(Number.isFinite(value), `${audience}${path} is ${value}`).toBe(true);
        }
      }
    },
  );

  it.each(results.map((r) => [r.label, r] as const))('keeps names verbatim in %s', (_label, { result }) => {
    const host = viewFor(result, 'host');
    const publicView = strings(viewFor(result, 'public'));
    for (const player of match.players) {
      // Every name is shown publicly as written, not evaluated or turned into a number.
      expect(
        publicView.some((text) => text.includes(player.name)),
        `public view shows ${player.name}`,
      ).toBe(true);
    }
    // Who has submitted in the open phase is listed by name, exactly.
    const names = match.players.map((p) => p.name);
    for (const name of [...host.status.submitted, ...host.status.waitingFor]) expect(names).toContain(name);
    // The log's Player column holds each sender's name exactly.
    for (const row of host.log!.rows.filter((r) => r[0] !== '')) {
      const submission = result.match.submissions[(row[0] as number) - 1];
      expect(row[2]).toBe(match.players.find((p) => p.id === submission.player)!.name);
    }
  });

  it.each(results.map((r) => [r.label, r] as const))(
    "keeps formula-like answers verbatim in the host log and the sender's receipts only (%s)",
    (_label, { result }) => {
      const views = new Map<Audience, View>(audiencesOf(result).map((a) => [a, viewFor(result, a)]));
      // All of a view's text in one string, to search it once per answer.
      const texts = new Map([...views].map(([audience, view]) => [audience, strings(view).join('\u0000')]));
      const logged = (audience: Audience) =>
        new Map((views.get(audience)!.log?.rows ?? []).map((row) => [row[0], row]));
      const hostLog = logged('host');
      let seen = 0;
      for (const { index, player, text } of formulas) {
        if (index >= result.receipts.length) continue;
        const submission = result.match.submissions[index];
        if (result.receipts[index]?.index !== index) continue;
        seen++;
        const hostRow = hostLog.get(index + 1);
        expect(hostRow?.[4]).toBe(answersText(submission.answers));
        expect(hostRow?.[4]).toContain(text);
        expect(logged(`player:${player}`).get(index + 1)?.[4]).toBe(hostRow?.[4]);
        // A refused private answer is the sender's and the host's business only.
        for (const [audience, all] of texts) {
          if (audience === 'host' || audience === `player:${player}`) continue;
          expect(all.includes(text), `${audience} sees ${player}'s refused answer`).toBe(false);
        }
      }
      expect(seen).toBeGreaterThan(0);
    },
  );
});
