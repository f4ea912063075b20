// Views: what each audience sees. A pending removal (and a pending Additional Peg) is the
// submitter's and the host's alone until the turn ends; everything else is public.
import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../src/engine/core/views.js';
import type { Grid, View } from '../../../src/engine/core/view.js';
import type { PegState } from '../../../src/engine/games/peg-domain/state.js';
import { newMatch, playMatch, replayMatch } from '../../../src/engine/index.js';
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
    const marks = Object.fromEntries(audiences.map((a) => [a, cellText(grid(views[a], "Ann's pallet"), 'E5')]));
    expect(marks).toEqual({ host: '?', public: '', 'player:p1': '', 'player:p2': '?' });
    for (const a of ['public', 'player:p1'] as const) {
      const text = JSON.stringify({ ...views[a], legend: [] });
      expect(text).not.toContain('remove E5');
      expect(text).not.toContain('pending removal');
    }
    // The spectators' legend does not explain marks they never see.
    expect(JSON.stringify(views.public.legend)).not.toMatch(/pending/);
    expect(
      views['player:p2'].sections.find((s) => s.title === 'Your submission for Turn 1 (Ann to move)')?.rows,
    ).toEqual([['remove E5']]);
    expect(views.host.sections.find((s) => s.title.startsWith('Submissions counted so far'))?.rows).toEqual([
      ['Ben', 'remove E5'],
      ['Ann', 'nothing yet'],
    ]);
  });

  it('once the turn ends the removal is public', () => {
    const result = replayPeg(
      pegMatch(
        { variant: 'final' },
        [sub('turn-1', 'p2', { remove: 'E5' }, 10), sub('turn-1', 'p1', { cut: 'A8 RR', place: 'E1 0' }, 20)],
        { startAt: START },
      ),
      at(30),
    );
    const pub = viewFor(result, 'public');
    expect(cellText(grid(pub, "Ann's pallet"), 'E5')).toBe('✕');
    expect(cellText(grid(pub, "Ann's pallet"), 'A8')).toBe('1●');
    expect(cellText(grid(pub, "Ann's pallet"), 'B8')).toBe('1');
    expect(pub.sections.find((s) => s.title === 'Turns')?.rows[0]).toEqual([
      1,
      'Ann',
      'Ann cut A8 RR and placed it at E1 turned 0°: +3 squares (2 from Ben)',
      '0:20',
      '',
      '8:00',
      'Ben: removed E5',
    ]);
  });

  it('a pending Additional Peg is seen only by its holder and the host', () => {
    const result = replayPeg(
      pegMatch({ variant: 'final', items: { p1: ['additional-peg'] } }, [sub('pregame', 'p1', { extraPeg: 'H5' }, 5)], {
        startAt: START,
      }),
      at(20),
    );
    const marks = Object.fromEntries(
      audiences.map((a) => [a, cellText(grid(viewFor(result, a), "Ann's pallet"), 'H5')]),
    );
    expect(marks).toEqual({ host: '+?', public: '', 'player:p1': '+?', 'player:p2': '' });
  });
});

describe('the public view', () => {
  it("shows the domain with owners' letters and pegs, the clocks and the standing", () => {
    const result = replayPeg(
      pegMatch({}, [sub('turn-1', 'p1', { cut: 'A8 RR', place: 'E1 0' }, 135)], { startAt: START }),
      at(140),
    );
    const view = viewFor(result, 'public');
    // Current is turn 1's board: there is no history yet.
    expect(view.boards.map((b) => b.tab)).toEqual(['Current']);
    expect(view.boards[0].grids[0].caption).toBe(
      'Ann cut A8 RR and placed it at E1 turned 0°: +3 squares (2 from Ben). Ann: playing · Ben: to move',
    );
    const domain = grid(view, 'The domain after turn 1');
    // Owners by shape (▲ Ann, ■ Ben), never a letter a reader takes for a column.
    expect(domain.cells[0].slice(3, 8).map((c) => c.text)).toEqual(['▲', '▲●', '▲', '▲●', '■']);
    expect(domain.cells[1][4].text).toBe('');
    // The cut-out placed in the turn (D1:F1, captures included) carries the shared marker of what changed.
    expect(domain.cells[0].map((c) => c.changed === true)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(view.sections.find((s) => s.title.startsWith('Clocks'))?.rows).toEqual([
      ['Ann', '7:40', '0:20', '2:15', '2:15', 1], // 15 s over the turn: two 10-second steps
      ['Ben', '8:00', '0:00', '', '', 0],
    ]);
    expect(view.scoreboard.rows).toEqual([
      ['Ann', '▲', 'columns A–D', 39, 3, 34, 0, 'playing'],
      ['Ben', '■', 'columns F–I', 34, 0, 36, 0, 'to move'],
    ]);
    expect(view.sections.find((s) => s.title.startsWith('Legal moves'))?.rows).toEqual([
      ['Ann', 'yes'],
      ['Ben', 'yes'],
    ]);
  });
});

describe('the turn tabs', () => {
  it('hold the history four turns a tab, newest tab first, and leave the latest turn to Current', () => {
    const fresh = newMatch('peg-domain', { seed: 'turn-tabs' });
    if (!fresh.ok) throw new Error(fresh.error);
    const result = replayMatch(playMatch(fresh.value));
    const turns = (result.state as PegState).turns.length;
    expect(turns).toBeGreaterThan(9);
    const history = viewFor(result, 'host').boards.slice(1);
    expect(history).toHaveLength(Math.ceil((turns - 1) / 4));
    expect(history[history.length - 1].tab).toBe('Turns 1–4');
    expect(history[history.length - 1].grids.map((g) => g.title)).toEqual([
      'After turn 1',
      'After turn 2',
      'After turn 3',
      'After turn 4',
    ]);
    const titles = history.flatMap((tab) => tab.grids.map((g) => g.title));
    expect(titles.sort()).toEqual(Array.from({ length: turns - 1 }, (_, i) => `After turn ${i + 1}`).sort());
  });
});
