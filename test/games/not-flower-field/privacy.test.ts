// Privacy of the rendered workbooks (every game's in test/sheets/privacy.test.ts) in an open round
// of Not Flower Field: a placement is its player's and the host's until the round closes.
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../../src/engine/core/view.js';
import { newMatch, playMatch, replayMatch } from '../../../src/engine/index.js';
import { renderAudience } from '../../../src/cli/outputs.js';
import { workbookTexts } from '../../helpers/privacy.js';

/** A bot match of random players on a schedule of an hour a phase. */
function scheduledMatch(gameId: string, seed: string) {
  const fresh = newMatch(gameId, { seed, startAt: '2026-11-21T18:00:00.000Z' });
  if (!fresh.ok) throw new Error(fresh.error);
  return playMatch(
    { ...fresh.value, schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} } },
    { bots: 'random', answerDecisions: true },
  );
}

describe('privacy of the rendered workbooks', () => {
  it('Not Flower Field: a player sees their own open-round placement, nobody else does', () => {
    const match = scheduledMatch('not-flower-field', 'privacy-open');
    const round = match.submissions.find((s) => s.phase === 'round-2')!;
    const now = new Date(Date.parse(round.at!) + 1000).toISOString();
    const partway = replayMatch(
      { ...match, submissions: match.submissions.filter((s) => Date.parse(s.at!) <= Date.parse(now)) },
      { now },
    );
    const placed = `own ${String(round.answers.own).toUpperCase()}`;
    const has = (audience: Audience) =>
      [...workbookTexts(renderAudience(partway, audience).workbook)].some((t) => t.includes(placed));
    expect(has(`player:${round.player}`)).toBe(true);
    expect(has('host')).toBe(true);
    expect(has('public')).toBe(false);
    for (const p of match.players.filter((p) => p.id !== round.player)) expect(has(`player:${p.id}`)).toBe(false);
  });
});
