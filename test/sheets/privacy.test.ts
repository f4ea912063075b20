// Privacy of the rendered workbooks, over random bot matches of every game: nothing a player
// submitted reaches the public workbook or another player's workbook, and no text that only the
// host or another player may see turns up in a workbook it was not rendered for. Matches are
// checked when over and part-way through (a phase open with some moves in).
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import {
  EXAMPLE_GAME,
  GAME_LIST,
  type ReplayResult,
  newMatch,
  playMatch,
  replayMatch,
} from '../../src/engine/index.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { renderAudience } from '../../src/cli/outputs.js';
import type { EmbeddedWorkbook } from '../../src/workbook/workbook.js';
import { checkPrivacy } from '../helpers/privacy.js';
import { sampleOf } from '../helpers/depth.js';

function scheduledMatch(gameId: string, seed: string): MatchFile {
  const game = GAME_LIST.find((g) => g.id === gameId)!;
  const fresh = newMatch(gameId, { seed, startAt: '2026-11-21T18:00:00.000Z' });
  if (!fresh.ok) throw new Error(fresh.error);
  const bots = game.bots.random ? 'random' : game.defaultBot;
  return playMatch(
    { ...fresh.value, schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} } },
    { bots, answerDecisions: true },
  );
}

type Renderer = (result: ReplayResult, audience: Audience) => EmbeddedWorkbook;
const honest: Renderer = (result, audience) => renderAudience(result, audience).workbook;

function check(result: ReplayResult, render: Renderer = honest): number {
  return checkPrivacy(result, (audience) => render(result, audience));
}

describe('privacy of the rendered workbooks', () => {
  for (const game of GAME_LIST) {
    it(`${game.title}: no private fact reaches the public workbook or another player's, over bot matches`, () => {
      let checked = 0;
      // One seed by default, both in the deep run (test/helpers/depth.ts): each is a whole match and one part-way.
      for (const seed of sampleOf(`privacy seeds of ${game.id}`, ['privacy-1', 'privacy-2'], 1)) {
        const match = scheduledMatch(game.id, seed);
        checked += check(replayMatch(match));
        // Part-way: just after a submission in the middle of the match, its phase still open,
        // with the log as it stood then (nothing sent later, no host decision yet).
        const middle = match.submissions[Math.floor(match.submissions.length / 2)];
        const now = new Date(Date.parse(middle.at!) + 1000).toISOString();
        const sentBy = (s: MatchFile['submissions'][number]) => Date.parse(s.at!) <= Date.parse(now);
        const partway = replayMatch(
          { ...match, submissions: match.submissions.filter(sentBy), decisions: [] },
          { now },
        );
        expect(partway.open).not.toBeNull();
        checked += check(partway);
      }
      expect(checked).toBeGreaterThan(25);
      // Up to 4 minutes, not the default minute: some 14 s of CPU for Paint, which two busy cores stretch past 60 s.
    }, 240_000);
  }

  it("catches a leak: a public workbook rendered from the host's view fails the check", () => {
    const leaky: Renderer = (result, audience) =>
      renderAudience(result, audience === 'public' ? 'host' : audience).workbook;
    const result = replayMatch(scheduledMatch(EXAMPLE_GAME.id, 'privacy-1'));
    expect(() => check(result, leaky)).toThrow(/appears in public's workbook/);
  });
});
