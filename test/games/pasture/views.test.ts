// What each audience sees. Public: fences, plans, which pasture each sheep is in, scores. A player
// also sees their own exact cell, orders and votes; the host sees everything. No view holds
// another player's cell or votes.
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/engine/core/replay.js';
import { simulate } from '../../../src/engine/core/simulate.js';
import type { Audience, Grid, View } from '../../../src/engine/core/view.js';
import { PALETTE } from '../../../src/engine/core/view.js';
import { viewFor } from '../../../src/engine/core/views.js';
import { pasture } from '../../../src/engine/games/pasture/index.js';
import { GATE_COLOUR } from '../../../src/engine/games/pasture/boards.js';
import type { PastureMove, PastureState } from '../../../src/engine/games/pasture/state.js';
import { boardOf, nameOf, orders, pastureFile, plans, players, start } from './helpers.js';

const sheepGrids = (view: View): Grid[] =>
  view.boards.flatMap((tab) => tab.grids.filter((g) => g.title.startsWith('Sheep')));
const grassGrid = (view: View, tab = 'Current'): Grid =>
  view.boards.find((b) => b.tab === tab)!.grids.find((g) => g.title.startsWith('Grass'))!;
/** The view as text, without pasture names (ranges such as A1:G7 name corners, not sheep). */
// The finished match's published file (the Seed tab, public at the end by the host's choice: docs/matchfile.md) is left out: these tests are about the boards and tables.
// So is the Rules tab, the game's own text alike for every audience (it names the kinds of vote, never a match's votes).
const withoutPublished = (view: View): View => ({ ...view, seed: undefined, rules: undefined });
const textOf = (view: View) => JSON.stringify(withoutPublished(view)).replace(/[A-N]\d{1,2}:[A-N]\d{1,2}/g, '');
const mentions = (text: string, cell: string) => new RegExp(`\\b${cell}\\b`).test(text);

describe('privacy in a worked match', () => {
  // Four sheep, two rounds; p2 uses a gate and votes, p3 votes from outside its pasture.
  const file = pastureFile({
    players: players(4, { p3: 2 }),
    options: { rounds: 2 },
    submissions: [
      ...start({ p1: 'C5', p2: 'F3', p3: 'J10', p4: 'L6' }),
      ...plans(1, [
        ['p1', 'H:9'],
        ['p3', 'V:K'],
      ]),
      ...orders(1, {
        p1: { votes: 'P1' },
        p2: { move: 'I3', gate: 'G3 H3', votes: 'P1' },
        p3: { votes: 'P1 P2', extra: 'P2' },
        p4: { move: 'L12' },
      }),
      ...plans(2, [['p4', 'H:11']]),
      ...orders(2, { p1: { move: 'C2' }, p4: { votes: 'P1' } }),
    ],
  });
  const result = replay(pasture, file);
  const state = result.state as PastureState;
  const ownCells: Record<string, string[]> = {
    p1: ['C5', 'C2'],
    p2: ['F3', 'I3', 'G3', 'H3'],
    p3: ['J10'],
    p4: ['L6', 'L12'],
  };

  it("keeps every sheep's cell out of the public view, and other players' cells out of each player's view", () => {
    expect(result.rejected).toEqual([]);
    const publicText = textOf(viewFor(result, 'public'));
    for (const cell of Object.values(ownCells).flat())
      expect(mentions(publicText, cell), `public view names ${cell}`).toBe(false);
    for (const viewer of ['p1', 'p2', 'p3', 'p4']) {
      const text = textOf(viewFor(result, `player:${viewer}`));
      for (const cell of ownCells[viewer]) expect(mentions(text, cell), `${viewer} sees own ${cell}`).toBe(true);
      for (const [other, cells] of Object.entries(ownCells)) {
        if (other === viewer) continue;
        for (const cell of cells) expect(mentions(text, cell), `${viewer}'s view names ${other}'s ${cell}`).toBe(false);
      }
    }
    const hostText = textOf(viewFor(result, 'host'));
    for (const cell of Object.values(ownCells).flat())
      expect(mentions(hostText, cell), `host view names ${cell}`).toBe(true);
  });

  it('shows votes and tallies to the host only, and each player only their own votes', () => {
    const publicView = viewFor(result, 'public');
    expect(publicView.sections.map((s) => s.title)).toEqual([
      'Pastures now',
      'Fences (the plan that passed in each pasture)',
    ]);
    expect(JSON.stringify(withoutPublished(publicView))).not.toMatch(/Dominant|Influence|extra vote/i);
    const mine = viewFor(result, 'player:p3').sections.find((s) => s.title === 'Your orders and votes by round')!;
    expect(mine.rows).toEqual([
      [1, 'Cara', 'J10', 'stay', 'J10', 'P1 P2', 'P2', '—', '—'],
      [2, 'Cara', 'J10', 'stay', 'J10', '—', '—', '—', '—'],
    ]);
    expect(JSON.stringify(withoutPublished(viewFor(result, 'player:p1')))).not.toMatch(/Dominant|Influence/);
    // The result in words names a purchase (Cara's extra vote, a garnet spent) to the host and to Cara only.
    const spent = /^Award: Cara −1 garnet \(Garnets spent during the game: 1 extra vote\)$/;
    expect(viewFor(result, 'host').status.result).toContainEqual(expect.stringMatching(spent));
    expect(viewFor(result, 'player:p3').status.result).toContainEqual(expect.stringMatching(spent));
    expect(publicView.status.result).toContainEqual(expect.stringMatching(/^Award: Ann \+2 garnets/));
    expect(viewFor(result, 'player:p1').status.result).not.toContainEqual(expect.stringMatching(spent));
    const tallies = viewFor(result, 'host').sections.find((s) => s.title === 'Votes and tallies (host only)')!;
    expect(tallies.rows.filter((r) => r[0] === 1 && r[1] === 'A1:G14')).toEqual([
      [1, 'A1:G14', 'P1', 'H:9', 2, 1, 'P1 passed (only plan)'],
    ]);
    expect(tallies.rows.filter((r) => r[0] === 1 && r[1] === 'H1:N14')).toEqual([
      [1, 'H1:N14', 'P2', 'V:K', 2, 0, 'P2 passed (only plan)'],
    ]);
  });

  it("marks exact cells only in the host's and the owner's sheep grids, and each pasture's count everywhere", () => {
    const latest = state.rounds[1].positions;
    for (const grid of sheepGrids(viewFor(result, 'public'))) {
      for (const cell of grid.cells.flat()) {
        expect(cell.text ?? '').toMatch(cell.italic ? /^(Ann|Ben|Cara|Dev)$/ : /^(\(\d+\))?$/);
        expect(cell.fill).not.toBe(PALETTE.orange);
      }
    }
    // Each pasture names who is in it (never where): every player once, on the final board.
    const names = sheepGrids(viewFor(result, 'public'))[0]
      .cells.flat()
      .filter((cell) => cell.italic)
      .map((cell) => cell.text)
      .sort();
    expect(names).toEqual(['Ann', 'Ben', 'Cara', 'Dev']);
    const current = sheepGrids(viewFor(result, 'player:p2'))[0];
    const starred = current.cells.flatMap((row, r) =>
      row.flatMap((cell, c) => (cell.text?.includes('★') ? [nameOf({ row: r, col: c })] : [])),
    );
    expect(starred).toEqual([nameOf(latest.p2)]);
    const hostGrid = sheepGrids(viewFor(result, 'host'))[0];
    const marked = hostGrid.cells
      .flatMap((row, r) => row.flatMap((cell, c) => (cell.fill === PALETTE.orange ? [nameOf({ row: r, col: c })] : [])))
      .sort();
    expect(marked).toEqual(Object.values(latest).map(nameOf).sort());
    // p1 and p4 are alone in their pastures; p2 sits in H1:N9 with p3 out of it.
    const counts = hostGrid.cells
      .flat()
      .map((cell) => /\((\d+)\)/.exec(cell.text ?? '')?.[1])
      .filter(Boolean)
      .map(Number);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it("draws fences as thick borders, gates in red for the host and their owner only, and grass as this round's worth", () => {
    const host = viewFor(result, 'host');
    const grass = grassGrid(host);
    const at = (name: string) => grass.cells[Number(name.slice(1)) - 1][name.charCodeAt(0) - 65];
    expect(at('G1').borders).toEqual({ top: { weight: 'thick' }, right: { weight: 'thick' } });
    expect(at('H1').borders?.left).toEqual({ weight: 'thick' });
    expect(at('C3').borders).toEqual({});
    expect(at('C3').text).toBe('2'); // base 1 × 2 in round 2, the last
    expect(grass.caption).toContain('worth in round 2');
    const round1 = grassGrid(host, 'Round 1');
    expect(round1.cells[2][6].borders?.right).toEqual({ weight: 'thick', colour: GATE_COLOUR, overMarker: true }); // the gate G3–H3
    expect(grassGrid(viewFor(result, 'player:p2'), 'Round 1').cells[2][6].borders?.right?.colour).toBe(GATE_COLOUR);
    expect(grassGrid(viewFor(result, 'player:p1'), 'Round 1').cells[2][6].borders?.right).toEqual({ weight: 'thick' });
    expect(grassGrid(viewFor(result, 'public'), 'Round 1').cells[2][6].borders?.right).toEqual({ weight: 'thick' });
    // The tab's caption names the gates its reader may see, and no other.
    const caption = (audience: Audience) =>
      viewFor(result, audience).boards.find((b) => b.tab === 'Round 1')?.caption ?? '';
    expect(caption('host')).toMatch(/^Gates \(red lines\): G3–H3 \(\w+\)$/);
    expect(caption('player:p2')).toBe('Gates (red lines): G3–H3 (yours)');
    expect(caption('public')).toBe('');
    expect(caption('player:p1')).toBe('');
    // The match is over: Current is round 2's board, the round tabs the history before it.
    expect(host.boards.map((b) => b.tab)).toEqual(['Current', 'Round 1']);
  });

  it("reports rounds for replay without any sheep's cell", () => {
    const text = JSON.stringify(pasture.rounds(state, result.ctx as never)).replace(/[A-N]\d{1,2}:[A-N]\d{1,2}/g, '');
    for (const cell of Object.values(ownCells).flat()) expect(mentions(text, cell), cell).toBe(false);
  });
});

describe('views while a phase is open', () => {
  const schedule = { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} };
  const file = pastureFile({
    players: 3,
    options: { board: boardOf(2), rounds: 2 },
    submissions: [
      ...start({ p1: 'B2', p2: 'C4', p3: 'K8' }),
      ...plans(1, [
        ['p1', 'H:3'],
        ['p2', 'V:B'],
        ['p1', 'H:5'],
      ]).map((s, i) => ({ ...s, at: `2026-01-01T01:0${i + 1}:00Z` })),
      ...orders(1, { p1: { move: 'B9', votes: 'P2' }, p3: { votes: 'P3' } }).map((s) => ({
        ...s,
        at: '2026-01-01T02:30:00Z',
      })),
    ].map((s) => ({ at: '2026-01-01T00:30:00Z', ...s })),
  });
  const at = (now: string) =>
    replay<PastureState, PastureMove>(pasture, { ...file, startAt: '2026-01-01T00:00:00Z', schedule }, { now });

  it('shows the plans so far to everyone while the plans phase is open', () => {
    const result = at('2026-01-01T01:30:00Z');
    expect(result.open?.phase.id).toBe('round-1/plans');
    const table = viewFor(result, 'public').sections.find((s) => s.title.startsWith('Fence plans'))!;
    expect(table.title).toBe('Fence plans for round 1 (so far)');
    expect(table.rows).toEqual([
      ['P2', 'Ben', 'V:B', 'between columns B and C', 'A1:G14'],
      ['P3', 'Ann', 'H:5', 'between rows 5 and 6', 'A1:G14'],
    ]);
  });

  it("shows orders so far to the host and each player's own to that player only", () => {
    const result = at('2026-01-01T02:45:00Z');
    expect(result.open?.phase.id).toBe('round-1/orders');
    const own = (audience: Audience) =>
      viewFor(result, audience).sections.find((s) => s.title === 'Your submission for Round 1: orders');
    expect(own('player:p1')!.rows).toEqual([['move B9; votes P2; extra —; gate —; buy gate —']]);
    expect(own('player:p2')!.rows).toEqual([['nothing yet']]);
    const publicText = JSON.stringify(viewFor(result, 'public'));
    expect(publicText).not.toContain('B9');
    expect(publicText).not.toContain('Counts now');
    const host = viewFor(result, 'host').sections.find(
      (s) => s.title === 'Submissions counted so far for Round 1: orders',
    )!;
    expect(host.rows).toEqual([
      ['Ann', 'move B9; votes P2; extra —; gate —; buy gate —'],
      ['Ben', 'nothing yet'],
      ['Cara', 'move stay; votes P3; extra —; gate —; buy gate —'],
    ]);
    const grass = grassGrid(viewFor(result, 'public'));
    expect(grass.cells[0][0].text).toBe('2'); // round 1: base value
  });
});

describe('privacy over bot matches', () => {
  it("never marks another sheep in a player's or the public grids", () => {
    const list = players(10, { p1: 3, p2: 2, p5: 4 });
    const file = simulate(
      pasture,
      pastureFile({ players: list, options: { rounds: 5, board: undefined }, seed: 'views', submissions: [] }),
      {
        bots: { p1: 'random', p2: 'random', p3: 'random', p4: 'greedy' },
      },
    );
    const result = replay<PastureState, PastureMove>(pasture, file);
    expect(result.state.rounds.some((r) => r.gates.length > 0)).toBe(true);
    for (const audience of ['public', ...list.map((p) => `player:${p.id}`)] as Audience[]) {
      for (const grid of sheepGrids(viewFor(result, audience))) {
        for (const cell of grid.cells.flat()) {
          // A pasture's count, the viewer's own ★, or (in italics) a name: who, never where.
          const names = new Set(list.filter((p) => `player:${p.id}` !== audience).map((p) => p.name));
          if (cell.italic) expect(names.has(cell.text ?? ''), `${audience} ${grid.title}: ${cell.text}`).toBe(true);
          else
            expect(cell.text ?? '', `${audience} ${grid.title}`).toMatch(
              audience === 'public' ? /^(\(\d+\))?$/ : /^(\(\d+\)|★)?$/,
            );
        }
      }
      const gates = viewFor(result, audience)
        .boards.flatMap((b) => b.grids.flatMap((g) => g.cells.flat()))
        .filter((c) => Object.values(c.borders ?? {}).some((e) => e?.colour === GATE_COLOUR)).length;
      const own =
        audience === 'public'
          ? 0
          : result.state.rounds.filter((r) => r.gates.some((g) => `player:${g.player}` === audience)).length;
      if (own === 0) expect(gates, audience).toBe(0);
    }
  });
});
