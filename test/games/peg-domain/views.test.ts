// Views: what each audience sees. A pending removal (and a pending Additional Peg) is the
// submitter's and the host's alone until the turn ends; everything else is public.
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/core/views.js';
import type { Grid, View } from '../../../src/engine/core/view.js';
import { START, at, pegMatch, replayPeg, sub } from './helpers.js';

function grid(view: View, title: string): Grid {
  const found = view.boards[0].grids.find((g) => g.title === title);
  if (!found) throw new Error(`no grid "${title}" in ${view.boards[0].grids.map((g) => g.title).join(', ')}`);
  return found;
}

/** A pallet cell's text by name, e.g. "E5". */
function cellText(g: Grid, name: string): string | undefined {
  const col = name.charCodeAt(0) - 65;
  const row = Number(name.slice(1)) - 1;
  return g.cells[row][col].text;
}

const audiences = ['host', 'public', 'player:p1', 'player:p2'] as const;

describe('privacy', () => {
  const match = pegMatch({ variant: 'final' }, [sub('turn-1', 'p2', { remove: 'E5' }, 10)], { startAt: START });

  it('a pending removal is seen only by its sender and the host', () => {
    const result = replayPeg(match, at(20));
    expect(result.open?.phase.id).toBe('turn-1');
    const views = Object.fromEntries(audiences.map((a) => [a, viewFor(result, a)]));
    const marks = Object.fromEntries(audiences.map((a) => [a, cellText(grid(views[a], 'Ann\'s pallet'), 'E5')]));
    expect(marks).toEqual({ host: '?', public: '', 'player:p1': '', 'player:p2': '?' });
    for (const a of ['public', 'player:p1'] as const) {
      const text = JSON.stringify({ ...views[a], legend: [] });
      expect(text).not.toContain('remove E5');
      expect(text).not.toContain('pending removal');
    }
    expect(views['player:p2'].sections.find((s) => s.title === 'Your submission for Turn 1 (Ann to move)')?.rows).toEqual([['remove E5']]);
    expect(views.host.sections.find((s) => s.title.startsWith('Submissions counted so far'))?.rows).toEqual([['Ben', 'remove E5'], ['Ann', 'nothing yet']]);
  });

  it('once the turn ends the removal is public', () => {
    const result = replayPeg(pegMatch({ variant: 'final' }, [
      sub('turn-1', 'p2', { remove: 'E5' }, 10),
      sub('turn-1', 'p1', { cut: 'A8 RR', place: 'E1 0' }, 20),
    ], { startAt: START }), at(30));
    const pub = viewFor(result, 'public');
    expect(cellText(grid(pub, 'Ann\'s pallet'), 'E5')).toBe('✕');
    expect(cellText(grid(pub, 'Ann\'s pallet'), 'A8')).toBe('1●');
    expect(cellText(grid(pub, 'Ann\'s pallet'), 'B8')).toBe('1');
    expect(pub.sections.find((s) => s.title === 'Turns')?.rows[0]).toEqual([
      1, 'Ann', 'Ann cut A8 RR and placed it at E1 turned 0°: +3 squares (2 from Ben)', '0:20', '', '8:00', 'Ben: removed E5',
    ]);
  });

  it('a pending Additional Peg is seen only by its holder and the host', () => {
    const result = replayPeg(pegMatch({ variant: 'final', items: { p1: ['additional-peg'] } }, [sub('pregame', 'p1', { extraPeg: 'H5' }, 5)], { startAt: START }), at(20));
    const marks = Object.fromEntries(audiences.map((a) => [a, cellText(grid(viewFor(result, a), 'Ann\'s pallet'), 'H5')]));
    expect(marks).toEqual({ host: '+?', public: '', 'player:p1': '+?', 'player:p2': '' });
  });
});

describe('the public view', () => {
  it('shows the domain with owners\' letters and pegs, the clocks and the standing', () => {
    const result = replayPeg(pegMatch({}, [
      sub('turn-1', 'p1', { cut: 'A8 RR', place: 'E1 0' }, 135),
    ], { startAt: START }), at(140));
    const view = viewFor(result, 'public');
    expect(view.boards.map((b) => b.tab)).toEqual(['Current', 'Turn 1']);
    const domain = grid(view, 'The domain after turn 1');
    expect(domain.cells[0].slice(3, 8).map((c) => c.text)).toEqual(['A', 'A●', 'A', 'A●', 'B']);
    expect(domain.cells[1][4].text).toBe('');
    expect(domain.cells[0][4].borders).toEqual({ top: { weight: 'thick' }, bottom: { weight: 'thick' }, left: { weight: 'thick' } });
    expect(view.sections.find((s) => s.title.startsWith('Clocks'))?.rows).toEqual([
      ['Ann', '7:40', '0:20', '2:15', '2:15', 1], // 15 s over the turn: two 10-second steps
      ['Ben', '8:00', '0:00', '', '', 0],
    ]);
    expect(view.scoreboard.rows).toEqual([
      ['Ann', 'columns A–D', 39, 3, 34, 0, 'playing'],
      ['Ben', 'columns F–I', 34, 0, 36, 0, 'to move'],
    ]);
    expect(view.sections.find((s) => s.title.startsWith('Legal moves'))?.rows).toEqual([['Ann', 'yes'], ['Ben', 'yes']]);
  });
});
