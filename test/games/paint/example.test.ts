// examples/paint.json replays to the result its guide (docs/games/paint.md) describes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMatchText, replayMatch, replayOutput, viewFor } from '../../../src/engine/index.js';

const text = readFileSync(join(__dirname, '../../../examples/paint.json'), 'utf8');

describe('examples/paint.json', () => {
  const loaded = loadMatchText(text);
  if (!loaded.ok) throw new Error(loaded.error);
  const result = replayMatch(loaded.value);
  const out = replayOutput(result);

  it('replays to its documented result', () => {
    expect(out.rounds.map((r) => (r.painted as { segment: number }[]).map((p) => p.segment))).toEqual([
      [1, 16, 5],
      [26, 20, 30, 28, 13],
      [32, 9, 7, 21, 11],
    ]);
    expect(out.final?.scores).toEqual({ red: 4, blue: 4, yellow: 5 });
    expect(out.final?.detail.pixels).toEqual({ red: 495, blue: 406, yellow: 494 });
    expect(out.final?.winners).toEqual(['red', 'yellow']);
    expect(out.final?.losers).toEqual(['blue']);
    expect(out.final?.eliminationCandidate).toBe('p6');
    expect(out.final?.awards.filter((a) => a.garnets < 0).map((a) => a.player)).toEqual(['p1', 'p4']);
    expect(out.rejected.map((r) => r.reason)).toEqual([
      'segment: there is no segment 200 (the canvas has segments 1–40); your other answers still count',
      'reveal: costs 1 garnet and you have 0; your other answers still count',
    ]);
  });

  it('waits on the elimination tie without its decision', () => {
    const waiting = replayMatch({ ...loaded.value, decisions: [] });
    expect(waiting.final).toBeNull();
    expect(waiting.pending.map((p) => [p.id, p.choices])).toEqual([['elimination-tie', ['p7', 'p6', 'p4']]]);
  });

  it("shows Dev the captain votes he bought, and blue's 2-2 tally to team blue", () => {
    const dev = viewFor(result, 'player:p4');
    expect(dev.sections.find((s) => s.title.startsWith('Captain votes on your team'))?.rows).toEqual([
      ['Gus', 'Gus'],
      ['Finn', 'Hana'],
      ['Hana', 'Hana'],
      ['Dev', 'Gus'],
    ]);
    expect(viewFor(result, 'team:blue').sections.find((s) => s.title === 'Team blue')?.caption).toBe(
      'Captain vote: 2-2 (4 of 4 voted); no captain (no one had strictly the most votes)',
    );
  });
});
