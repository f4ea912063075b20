// Views: the canvas grid, and what each audience may see (tests prove what it may not).
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../src/engine/core/game.js';
import { MatchRun } from '../../../src/engine/core/replay.js';
import { audiencesOf, viewFor } from '../../../src/engine/core/views.js';
import type { Audience, GameView } from '../../../src/engine/core/view.js';
import { PALETTE } from '../../../src/engine/core/view.js';
import { paint } from '../../../src/engine/games/paint/index.js';
import type { PaintContext, PaintMove, PaintState } from '../../../src/engine/games/paint/state.js';
import { paintMatch, run, say, strip, teamRound } from './helpers.js';

const THICK = { weight: 'thick' };

describe('the canvas grid', () => {
  it('fills painted pixels with the team colour and letter, numbers first pixels, outlines segments', () => {
    const result = run({
      canvas: [
        [1, 1, 2],
        [1, 3, 2],
      ],
      submissions: [say(1, 'p1', { segment: '1' })],
    });
    const view = viewFor(result, 'public');
    // Current is round 3's canvas; the round tabs are the history before it.
    expect(view.boards.map((b) => b.tab)).toEqual(['Current', 'Round 2', 'Round 1']);
    expect(view.boards[0].title).toBe('The canvas after round 3');
    const grid = view.boards[0].grids[0];
    expect(grid.columnLabels).toEqual(['1', '2', '3']);
    expect(grid.rowLabels).toEqual(['1', '2']);
    expect(grid.cells[0][0]).toEqual({
      text: '1',
      fill: PALETTE.red,
      textColour: '#FFFFFF',
      borders: { top: THICK, left: THICK },
    });
    expect(grid.cells[0][1]).toEqual({
      text: 'R',
      fill: PALETTE.red,
      textColour: '#FFFFFF',
      borders: { top: THICK, right: THICK, bottom: THICK },
    });
    expect(grid.cells[1][1]).toEqual({ text: '3', borders: { top: THICK, right: THICK, bottom: THICK, left: THICK } });
    expect(grid.cells[1][2]).toEqual({ borders: { right: THICK, bottom: THICK, left: THICK } });
    expect(view.boards[2].grids[0].cells[0][1].text).toBe('R');
  });
});

describe('privacy', () => {
  // Red elects Ann 2-1-1, blue Eve 4-0, yellow Jo 2 (two passes). In round 2 Ben buys the reveal.
  const round1: Submission[] = [
    say(1, 'p1', { segment: '1', captain: 'p1' }),
    say(1, 'p2', { segment: '1', captain: 'Ann' }),
    say(1, 'p3', { captain: 'p3' }),
    say(1, 'p4', { captain: 'p4' }),
    ...['p5', 'p6', 'p7', 'p8'].map((p) => say(1, p, { segment: '3', captain: 'p5' })),
    say(1, 'p9', { captain: 'p10' }),
    say(1, 'p10', { captain: 'p10' }),
    say(1, 'p11', { captain: 'pass' }),
  ];
  const round2: Submission[] = [
    say(2, 'p2', { segment: '5', reveal: 'yes' }),
    say(2, 'p3', { segment: '7', reveal: 'no' }),
  ];
  const match = paintMatch({
    canvas: strip([4, 1, 4, 1, 4, 1, 4]),
    garnets: { p2: 1 },
    submissions: [...round1, ...round2],
  });

  function openAfter(rounds: number, extra: Submission[] = []) {
    const running = new MatchRun<PaintState, PaintMove>(paint, match);
    match.submissions.forEach((s, i) => {
      if (Number(s.phase.slice(6)) <= rounds) {
        if (running.phase?.id !== s.phase) running.close();
        running.offer(s, i);
      }
    });
    while (running.phase && Number(running.phase.id.slice(6)) <= rounds) running.close();
    extra.forEach((s, i) => running.offer(s, 100 + i));
    const open = running.phase ? { phase: running.phase, moves: running.currentMoves, timing: running.timing } : null;
    return (audience: Audience): GameView => paint.view(running.state, audience, running.ctx as PaintContext, open);
  }
  const titles = (view: GameView) => view.sections.map((s) => s.title);

  it('the public sees the canvas, the teams and the counts: no captain, tally or vote', () => {
    const view = openAfter(2)('public');
    expect(titles(view)).toEqual(['Segments']);
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/captain|2-1-1|votes per segment/i);
    expect(view.scoreboard.rows.map((r) => r[0])).toEqual(['red (R)', 'blue (B)', 'yellow (Y)']);
  });

  it('a team sees its own tally shape, captain and votes per segment, nothing of the other teams', () => {
    const view = openAfter(2)('team:red');
    expect(titles(view)).toEqual(['Segments', 'Team red', 'Team red: votes per segment']);
    expect(view.sections[1].caption).toBe('Captain vote: 2-1-1 (4 of 4 voted); captain Ann');
    expect(view.sections[1].rows).toEqual([
      ['Ann', 'captain'],
      ['Ben', ''],
      ['Cara', ''],
      ['Dev', ''],
    ]);
    expect(view.sections[2].rows).toEqual([
      [1, 1, 2, 'painted red'],
      [2, 5, 1, 'painted red'],
      [2, 7, 1, 'painted red'],
    ]);
    expect(JSON.stringify(view.sections.slice(1))).not.toMatch(/Eve|blue|yellow|Jo/);
    expect(openAfter(2)('team:yellow').sections[1].caption).toBe('Captain vote: 2 (2 of 4 voted); captain Jo');
  });

  it('a player sees their team, their own votes and garnets, and the captain votes only once the bought reveal is due', () => {
    const at3 = openAfter(2, [say(3, 'p2', { segment: '4' })]);
    const ben = at3('player:p2');
    expect(titles(ben)).toEqual([
      'Segments',
      'Team red',
      'Team red: votes per segment',
      'Your votes',
      'Captain votes on your team (you bought this reveal in round 2)',
      'Your submission for Round 3',
    ]);
    expect(ben.sections[3].rows).toEqual([
      [1, '1 (1 vote)', 'Ann', '', '1'],
      [2, '5 (1 vote)', '', 'bought', '5'],
    ]);
    expect(ben.sections[3].caption).toBe("Your garnets: 0 (round 2: bought the reveal of teammates' captain votes)");
    expect(ben.sections[4].rows).toEqual([
      ['Ann', 'Ann'],
      ['Ben', 'Ann'],
      ['Cara', 'Cara'],
      ['Dev', 'Dev'],
    ]);
    expect(ben.sections[5].rows).toEqual([['segment 4 (1 vote)']]);
    // Cara did not buy it; Eve is on another team; in round 2 Ben's purchase is not yet answered.
    expect(titles(at3('player:p3'))).not.toContain('Captain votes on your team (you bought this reveal in round 2)');
    expect(titles(at3('player:p5'))).toEqual([
      'Segments',
      'Team blue',
      'Team blue: votes per segment',
      'Your votes',
      'Your submission for Round 3',
    ]);
    expect(JSON.stringify(at3('player:p3'))).not.toMatch(/segment 4/);
    const at2 = openAfter(1, [say(2, 'p2', { segment: '5', reveal: 'yes' })]);
    expect(titles(at2('player:p2'))).not.toContain('Captain votes on your team (you bought this reveal in round 2)');
    expect(at2('player:p2').sections.at(-1)?.rows).toEqual([['segment 5 (1 vote); reveal bought']]);
  });

  it('the host sees everything', () => {
    const view = openAfter(2, [say(3, 'p2', { segment: '4' })])('host');
    expect(titles(view)).toEqual([
      'Segments',
      'Team red',
      'Team red: votes per segment',
      'Team blue',
      'Team blue: votes per segment',
      'Team yellow',
      'Team yellow: votes per segment',
      'Submissions counted so far for Round 3',
      'Every vote (host only)',
      'Votes per segment and team (host only)',
      'Captain election (host only)',
      'Garnets (host only)',
    ]);
    const election = view.sections.find((s) => s.title.startsWith('Captain election'));
    expect(election?.rows[0]).toEqual(['red', 'Ann', '2-1-1', 'Ann → Ann, Ben → Ann, Cara → Cara, Dev → Dev']);
  });

  it('has one audience per team beside host, public and the players', () => {
    const result = run({ canvas: [[1]] });
    expect(audiencesOf(result).slice(-3)).toEqual(['team:red', 'team:blue', 'team:yellow']);
    expect(viewFor(result, 'team:blue').title).toBe('Paint You a Picture (team blue)');
  });

  it('keeps a full default canvas view lean: no notes, text only where it helps', () => {
    const result = run({ canvas: strip([2, 2]), submissions: teamRound(1, { red: 1 }) });
    const cells = viewFor(result, 'public').boards.flatMap((b) => b.grids.flatMap((g) => g.cells.flat()));
    expect(cells.some((c) => c.note !== undefined)).toBe(false);
  });
});
