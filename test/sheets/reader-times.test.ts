// Every deadline in the reader's own time (issue 29 item 2): a player's sheet gives times in the
// player's zone (else the match's); the spectators' and the host's in UTC and the match's zone,
// with how long the open phase has left "as of the last update"; that line alone never makes a
// sheet drawn again.
import { describe, expect, it } from 'vitest';
import type { MatchFile } from '../../src/engine/core/matchfile.js';
import { publishedLines } from '../../src/engine/core/publish.js';
import { newMatch, replayMatch, viewFor, viewKey } from '../../src/engine/index.js';
import { renderAudience } from '../../src/cli/outputs.js';
import { sheetOf } from './helpers.js';
import { SANDBOX_GAME } from '../helpers/sandbox-game.js';

// The sandbox's game (test/helpers/sandbox-game.ts) on "20:00 Europe/Paris, at least 12 hours", started Thursday 26 November 2026 at
// 09:00 UTC: the pregame closes that evening at 20:00 Paris (19:00 UTC). Ben reads in New York,
// Cara in Kolkata; Ann and Dev set no zone.
const START = '2026-11-26T09:00:00.000Z';
function scheduled(): MatchFile {
  const fresh = newMatch(SANDBOX_GAME.id, { seed: 'reader-times', startAt: START });
  if (!fresh.ok) throw new Error(fresh.error);
  const zones: Record<string, string> = { p2: 'America/New_York', p3: 'Asia/Kolkata' };
  return {
    ...fresh.value,
    players: fresh.value.players.map((p) => (zones[p.id] ? { ...p, timeZone: zones[p.id] } : p)),
    schedule: {
      timeZone: 'Europe/Paris',
      minutes: {},
      deadlines: {},
      closeAt: { default: { time: '20:00', atLeastHours: 6 } },
    },
  };
}

const NOW = '2026-11-26T13:48:00.000Z';
const result = replayMatch(scheduled(), { now: NOW });

/** The Status tab's rows as label → text. */
function statusRows(audience: Parameters<typeof renderAudience>[1], now?: string): Map<string, string> {
  const { workbook } = renderAudience(result, audience, now);
  const cells = sheetOf(workbook, 'Status').cells.map((line) =>
    (line ?? []).map((c) => c?.userEnteredValue?.stringValue ?? ''),
  );
  return new Map(cells.filter((line) => line[0]).map((line) => [line[0], line[1]]));
}

describe("a deadline in the reader's own time", () => {
  it('is the pregame closing at 20:00 Paris', () => {
    expect(result.open?.timing.deadline).toBe('2026-11-26T19:00:00.000Z');
  });

  it("gives a player's sheet the player's zone, or the match's when they set none", () => {
    expect(statusRows('player:p2').get('Deadline')).toBe('Thu 26 Nov 2026, 14:00 America/New_York (UTC-05:00)');
    expect(statusRows('player:p3').get('Deadline')).toBe('Fri 27 Nov 2026, 00:30 Asia/Kolkata (UTC+05:30)');
    expect(statusRows('player:p1').get('Deadline')).toBe('Thu 26 Nov 2026, 20:00 Europe/Paris (UTC+01:00)');
    expect(viewFor(result, 'player:p2').status.headline).toBe(
      'Pregame: colour choice is open until Thu 26 Nov 2026, 14:00 America/New_York (UTC-05:00)',
    );
    // Nothing of another player's zone reaches a sheet.
    expect(JSON.stringify(viewFor(result, 'player:p2'))).not.toContain('Kolkata');
    expect(JSON.stringify(viewFor(result, 'public'))).not.toMatch(/Kolkata|New_York/);
  });

  it("gives the spectators and the host UTC and the match's zone, and how long is left as of the drawing", () => {
    for (const audience of ['public', 'host'] as const) {
      const rows = statusRows(audience, NOW);
      expect(rows.get('Deadline')).toBe('Thu 26 Nov 2026, 19:00 UTC (20:00 Europe/Paris, UTC+01:00)');
      expect(rows.get('Closes in')).toBe(
        '5 h 12 min, as of the last update at Thu 26 Nov 2026, 13:48 UTC (14:48 Europe/Paris, UTC+01:00)',
      );
    }
    // Without a time to draw as of (a complete record), no such line.
    expect(statusRows('public').has('Closes in')).toBe(false);
  });

  it('redraws nothing because time passed: the view is keyed without its drawing time', () => {
    const earlier = viewFor(result, 'public', { now: NOW });
    const later = viewFor(result, 'public', { now: '2026-11-26T14:48:00.000Z' });
    expect(later.status.asOf?.closesIn).toBe('4 h 12 min');
    expect(viewKey(later)).toBe(viewKey(earlier));
    expect(viewKey(viewFor(result, 'player:p1', { now: NOW }))).not.toBe(viewKey(earlier));
  });

  it('says nothing is left while the host has paused the match', () => {
    const paused = replayMatch(
      { ...scheduled(), events: [{ type: 'pause', at: '2026-11-26T12:00:00.000Z' }] },
      { now: NOW },
    );
    expect(viewFor(paused, 'public', { now: NOW }).status.asOf).toBeUndefined();
    expect(viewFor(paused, 'player:p2').status.headline).toMatch(
      /^The match is paused \(since Thu 26 Nov 2026, 07:00 America\/New_York \(UTC-05:00\)\)/,
    );
  });

  it('published files carry no player zone, so a published view reads in the match zone', () => {
    const published = JSON.parse(
      publishedLines(scheduled(), {
        scores: {},
        winners: [],
        losers: [],
        awards: [],
        eliminationCandidate: null,
        detail: {},
      }).join('\n'),
    ) as MatchFile;
    expect(published.players.every((p) => p.timeZone === undefined)).toBe(true);
  });
});
