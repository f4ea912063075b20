// No JSON, id, code or ISO time on any sheet a player or a spectator reads (issue 40, "Results in
// words"): a whole match of every game, on a schedule (so every time is shown), with a host's
// extension and its decisions answered, drawn as each player, team and the spectators read it after
// its first phase, half way and at the end; every cell of every tab is scanned. Kept apart: the Seed
// tab's published match file (the file itself, for `genius-host verify` to check: README, "A seed
// anyone can check") and the 64-hex codes a reader copies on purpose (the seed's commitment, a
// receipt).
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../src/engine/core/view.js';
import {
  GAME_LIST,
  audiencesOf,
  loadMatch,
  newMatch,
  playMatch,
  replayMatch,
  viewFor,
} from '../../src/engine/index.js';
import { botNames } from '../../src/cli/demo.js';
import { displayText } from '../../src/workbook/sheet-model.js';
import { rendered } from '../helpers/demo-match.js';
import { tinyGame } from '../helpers/tiny-game.js';
import { replay } from '../../src/engine/core/replay.js';
import type { MatchFile } from '../../src/engine/core/matchfile.js';

const START = '2026-11-21T18:00:00.000Z';

/** What a reader must not meet, each with what it is. */
const UNREADABLE: readonly [RegExp, string][] = [
  [/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, 'an ISO time'],
  [/[{[]\s*"[^"]*"\s*:/, 'JSON'],
  [/"[a-z]\w*"\s*:\s*["{[\d]/i, 'JSON'],
  [/\bp\d{1,2}\b/, "a player's id"],
  [/\b(round|turn)-\d+(\/\w+)?\b/, "a phase's id"],
  [/\b(remind|open|result|response|host|row):[\w-]+/, "an entry's id"],
];

/** The whole match of `game`, on an hour-a-phase schedule in London, its host extending the first phase once. */
function scheduledMatch(gameId: string) {
  const game = GAME_LIST.find((g) => g.id === gameId)!;
  const fresh = newMatch(gameId, { seed: `readable-${gameId}`, startAt: START });
  if (!fresh.ok) throw new Error(fresh.error);
  const names = botNames(game);
  const bots = Object.fromEntries(fresh.value.players.map((p, i) => [p.id, names[i % names.length]]));
  const scheduled = {
    ...fresh.value,
    schedule: { timeZone: 'Europe/London', minutes: { default: 60 }, deadlines: {} },
  };
  const played = playMatch(scheduled, { bots, answerDecisions: true });
  // The last phase: an extension moves no later phase, so every answer stays in time.
  const first = replayMatch(played).closed.at(-1)!;
  const extended = loadMatch({
    ...played,
    events: [
      ...(played.events ?? []),
      {
        type: 'extend',
        phase: first.phase.id,
        deadline: new Date(Date.parse(first.timing.deadline ?? START) + 60_000).toISOString(),
        at: new Date(Date.parse(first.timing.opensAt ?? START) + 60_000).toISOString(),
        reason: 'Ben asked for a minute',
      },
    ],
    decisions: played.decisions.map((d) => ({ ...d, at: new Date(Date.parse(START) + 30 * 86_400_000).toISOString() })),
  });
  if (!extended.ok) throw new Error(extended.error);
  return extended.value;
}

/** Every cell's text a reader meets in `audience`'s workbook, with where it is; the Seed tab's published file left out. */
function readerCells(result: ReturnType<typeof replayMatch>, audience: Audience): { where: string; text: string }[] {
  const workbook = rendered(viewFor(result, audience));
  const out: { where: string; text: string }[] = [];
  for (const tab of workbook.tabs) {
    let file = false;
    tab.cells.forEach((row, r) =>
      row.forEach((cell, c) => {
        const text = displayText(cell);
        // The published match file runs from its first line ("{") to the end of the Seed tab.
        if (tab.title === 'Seed' && text.trim() === '{') file = true;
        if (!file && text !== '') out.push({ where: `${audience} ${tab.title}!R${r + 1}C${c + 1}`, text });
      }),
    );
  }
  return out;
}

/** The match as its log stood at `time` (only what was sent by then), replayed as of then. */
function asOf(match: ReturnType<typeof scheduledMatch>, time: string) {
  const by = (at?: string) => at === undefined || Date.parse(at) <= Date.parse(time);
  return replayMatch(
    {
      ...match,
      submissions: match.submissions.filter((s) => by(s.at)),
      events: (match.events ?? []).filter((e) => by(e.at)),
      decisions: match.decisions.filter((d) => by(d.at)),
    },
    { now: time },
  );
}

describe('nothing a player or a spectator reads is JSON, an id or an ISO time', () => {
  for (const game of GAME_LIST) {
    it(`${game.id}: every cell of every public, team and player sheet, after the first phase, half way and at the end`, () => {
      const match = scheduledMatch(game.id);
      const whole = replayMatch(match);
      const closes = whole.closed.map((c) => c.timing.closedAt ?? c.timing.deadline ?? START);
      const moments = [closes[0], closes[Math.floor(closes.length / 2)], undefined];
      const found: string[] = [];
      for (const now of moments) {
        const result = now === undefined ? whole : asOf(match, new Date(Date.parse(now) + 1000).toISOString());
        for (const audience of audiencesOf(result).filter((a) => a !== 'host'))
          for (const { where, text } of readerCells(result, audience))
            for (const [pattern, what] of UNREADABLE)
              if (pattern.test(text.replace(/\b[0-9a-f]{64}\b/g, '')))
                found.push(`${where}: ${what} in ${JSON.stringify(text.slice(0, 160))}`);
      }
      expect([...new Set(found)].slice(0, 30)).toEqual([]);
    }, 120_000);
  }
});

describe('a Rules tab on every sheet, from the game’s own definition', () => {
  it('every game’s public and player sheets carry its rules, a paragraph a row', () => {
    for (const game of GAME_LIST) {
      expect(game.rules?.length, game.id).toBeGreaterThan(2);
      const result = replayMatch(scheduledMatch(game.id));
      for (const audience of ['public', audiencesOf(result).find((a) => a.startsWith('player:'))!] as Audience[]) {
        const workbook = rendered(viewFor(result, audience));
        const tab = workbook.tabs.find((t) => t.title === 'Rules');
        expect(tab, `${game.id} ${audience}`).toBeDefined();
        const texts = tab!.cells.flat().map((cell) => displayText(cell));
        for (const line of game.rules ?? []) expect(texts).toContain(line);
      }
    }
  });

  it('a host’s own game without rules gets a Rules tab with its one line, and says who has the rules', () => {
    const match: MatchFile = {
      game: tinyGame.id,
      seed: 't',
      players: [{ id: 'a', name: 'Ann', garnets: 0 }],
      options: { rounds: 2, closeEarly: false },
      submissions: [],
      decisions: [],
    };
    const result = replay(tinyGame, match);
    const texts = rendered(viewFor(result, 'public'))
      .tabs.find((t) => t.title === 'Rules')!
      .cells.flat()
      .map((cell) => displayText(cell));
    expect(texts).toContain(tinyGame.blurb);
    expect(texts).toContain('The host has the complete rules of this game: ask them.');
  });
});
