// Whole matches through replay: groups, placement rejections, priority purchases, rank tiebreaks
// from worked boards, the end with its awards and host decision, and who sees what.
import { describe, expect, it } from 'vitest';
import type { Submission } from '../../../src/engine/core/game.js';
import type { MatchFile } from '../../../src/engine/core/matchfile.js';
import { type Grid, PALETTE, playerAudience } from '../../../src/engine/core/view.js';
import type { FasState } from '../../../src/engine/games/fair-and-square/state.js';
import { replayMatch, replayOutput, viewFor } from '../../../src/engine/index.js';
import { baseFile, matchOf } from '../../helpers/match.js';
import { sq } from './worked.js';

// Walkers hold on a point square they have not captured, else step east; Posts and Pillars stay.
const PIECES = [
  { name: 'Walker', rank: 1, options: ['hold', 'step E'] },
  { name: 'Post', rank: 1, options: ['stay'] },
  { name: 'Pillar', rank: 1, options: ['stay'] },
];
const FAR = ['1......', '.......', '.......', '.......', '.......', '.......', '.......'];
const ROUND_2 = ['.......', '..1....', '.......', '.......', '.......', '....1..', '.......'];
const ROUND_3 = ['.......', '..1....', '.......', '...3...', '.......', '....2..', '.......'];

/** Two players, numbers 0 and 1: apart in round 1, together (group 0) in rounds 2 and 3. */
function duel(
  submissions: Submission[],
  extra: { garnets?: number; decisions?: MatchFile['decisions'] } = {},
): MatchFile {
  const file = baseFile('fair-and-square', 2, {
    options: {
      numbers: { p1: 0, p2: 1 },
      boards: [FAR, FAR, ROUND_2, FAR, ROUND_3, FAR],
      pieces: [PIECES, PIECES, PIECES],
    },
    submissions,
    decisions: extra.decisions ?? [],
  });
  (file.players as { garnets: number }[])[0].garnets = extra.garnets ?? 0;
  return matchOf(file);
}

const at = (phase: string, player: string, pieces: string, priority?: string): Submission => ({
  phase,
  player,
  answers: { pieces, ...(priority ? { priority } : {}) },
});

// Round 2: p1's Walker captures C2 after turn 2, p2's captures F6 after turn 5; both end on 1.
// Round 3: p2's Walker takes the 3 on D4 (turn 5); p1's two Walkers take C2 (1) and E6 (2).
const DUEL = [
  at('round-2', 'p1', 'Walker B2; Post A4; Pillar B4; Post C4'),
  at('round-2', 'p2', 'Walker A6; Post E4; Pillar F4; Post G4'),
  at('round-3', 'p1', 'Walker B2; Walker A6; Post A1; Pillar G7'),
  at('round-3', 'p2', 'Walker B4; Post A7; Pillar B7; Post C7'),
];

describe('a worked duel', () => {
  const result = replayMatch(duel(DUEL));
  const state = result.state as FasState;

  it('puts players in groups by the bits of their numbers', () => {
    expect(state.rounds.map((r) => r.groups.map((g) => g.players))).toEqual([
      [['p1'], ['p2']],
      [['p1', 'p2'], []],
      [['p1', 'p2'], []],
    ]);
  });

  it('a player without a placement has no pieces and still ranks (alone in round 1: place 1)', () => {
    const round1 = replayOutput(result).rounds[0] as unknown as {
      groups: { rankPoints: Record<string, number>; placements: Record<string, string> }[];
    };
    expect(round1.groups[0].rankPoints).toEqual({ p1: 3 });
    expect(round1.groups[0].placements).toEqual({ p1: 'no valid placement (no pieces)' });
  });

  it('round 2 ties on points, 3s, 2s and pieces: p1 was last strictly ahead (after turn 4)', () => {
    const group = state.rounds[1].groups[0];
    expect(group.turns[2].captures[sq('C2')]).toBe('p1');
    expect(group.turns[5].captures[sq('E6')]).toBe('p2');
    expect(group.standings.map((s) => [s.points, s.threes, s.twos, s.pieces])).toEqual([
      [1, 0, 0, 4],
      [1, 0, 0, 4],
    ]);
    expect(group.rankPoints).toEqual({ p1: 3, p2: 2 });
    expect(group.ranking.notes).toEqual([
      'Ann and Ben tied on 1 point, 3s, 2s and pieces; Ann was last strictly ahead (after turn 4, 1 to 0)',
    ]);
  });

  it('round 3 ties on 3 points: p2 has more 3s', () => {
    const group = state.rounds[2].groups[0];
    expect(group.standings.map((s) => [s.player, s.points, s.threes, s.twos])).toEqual([
      ['p1', 3, 0, 1],
      ['p2', 3, 1, 0],
    ]);
    expect(group.rankPoints).toEqual({ p1: 2, p2: 3 });
  });

  it('ends level on 8: both win, both earn a Token of Life; the match tiebreak (3s) makes p1 the candidate', () => {
    const final = result.final!;
    expect(final.scores).toEqual({ p1: 8, p2: 8 });
    expect(final.winners).toEqual(['p1', 'p2']);
    expect(final.eliminationCandidate).toBe('p1');
    expect(final.losers).toEqual(['p1']);
    expect(final.awards.filter((a) => a.player === 'p1').map((a) => [a.garnets, a.tokensOfLife])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(final.awards.find((a) => a.player === 'p2' && a.garnets === 1 && a.tokensOfLife === 0)?.note).toBe(
      'Took 3 points in round 1 (one garnet per match)',
    );
    expect(final.detail.tiebreaks).toEqual([
      'Ben and Ann tied on 8 points; Ben placed ahead on more 3s captured (1 to 0)',
    ]);
    expect(final.tieBreak).toBe('Ben and Ann tied on 8 points; Ben placed ahead on more 3s captured (1 to 0)');
  });
});

describe('placements', () => {
  const rejected = (pieces: string, round = 'round-3') =>
    replayMatch(duel([at(round, 'p1', pieces)])).rejected.map((r) => r.reason);

  it('names the cell and the rule for every restriction', () => {
    expect(rejected('Walker D4; Post A1; Pillar G1; Post A7')).toEqual([
      'pieces: D4 is a point square (worth 3); no piece may start on a point square',
    ]);
    expect(rejected('Walker D3; Post A1; Pillar G1; Post A7')).toEqual([
      'pieces: D3 is orthogonally next to the 3 on D4; no piece may start orthogonally next to a 2 or 3',
    ]);
    expect(rejected('Walker E7; Post A1; Pillar G1; Post A7')).toEqual([
      'pieces: E7 is orthogonally next to the 2 on E6; no piece may start orthogonally next to a 2 or 3',
    ]);
    expect(rejected('Walker C5; Post A1; Pillar G1; Post A7')).toEqual([
      'pieces: C5 is diagonally next to the 3 on D4; no piece may start diagonally next to a 3',
    ]);
    // Diagonally next to a 2, or orthogonally next to a 1, is allowed.
    expect(rejected('Walker D7; Post C3 ; Pillar G1; Post B2')).toEqual([
      'pieces: C3 is diagonally next to the 3 on D4; no piece may start diagonally next to a 3',
    ]);
    expect(rejected('Walker F7; Post B2; Pillar G1; Post A7')).toEqual([]);
  });

  it('needs four pieces of at least three types on four different cells of the board', () => {
    expect(rejected('Walker A1; Post A1; Pillar G1; Post A7')).toEqual([
      'pieces: A1 is named twice: your 4 pieces need 4 different cells',
    ]);
    expect(rejected('Walker A1; Post B1; Walker G1; Post A7')).toEqual([
      'pieces: only 2 different piece types (Walker, Post); use at least 3',
    ]);
    expect(rejected('Walker A1; Post B1; Pillar G1')).toEqual([
      'pieces: name exactly 4 pieces, not 3 (e.g. "Walker B2; Post F2; Pillar B6")',
    ]);
    expect(rejected('Knight A1; Post B1; Pillar G1; Post H7')).toEqual([
      'pieces: "Knight" is not a piece type this round (Walker, Post, Pillar); pieces: H7 is off the board (columns A–G, rows 1–7)',
    ]);
    expect(rejected('A1 Walker; Post B1; Pillar G1; Post A7')).toEqual([
      'pieces: A1 has no piece type before it; write Type Cell pairs, e.g. "Sprinter C3; Fortress E5"',
    ]);
    expect(rejected('walker a 1, post b1 and pillar G1 / Po A7.')).toEqual([]);
  });

  it("is checked against the player's own group board", () => {
    // In round 1 p1 plays the FAR board: D4 is free there.
    expect(rejected('Walker D4; Post A3; Pillar G1; Post A7', 'round-1')).toEqual([]);
  });
});

describe('priority', () => {
  const round2 = (p1: Submission, garnets: number) =>
    replayMatch(
      duel([p1, DUEL[1], at('round-3', 'p1', 'Walker B2; Walker A6; Post A1; Pillar G7', 'Walker: B')], { garnets }),
    );

  it("reorders that type's options for one round and costs a garnet; refused alone when unaffordable", () => {
    const bought = round2(at('round-2', 'p1', 'Walker B2; Post A4; Pillar B4; Post C4', 'walker: B A'), 1);
    const state = bought.state as FasState;
    // Stepping east first, the Walker walks over C2 without stopping.
    expect(state.rounds[1].groups[0].turns[2].cells[0]).toBe(sq('D2'));
    expect(state.rounds[1].moves.p1?.priority).toEqual({ type: 0, order: [1, 0] });
    // Round 3 wants another, with no garnet left: the priority alone is refused.
    expect(bought.rejected.map((r) => r.reason)).toEqual([
      'priority: costs 1 garnet and you have none to spend; your pieces still count',
    ]);
    expect(state.rounds[2].moves.p1).toEqual({ placements: expect.any(Array), priority: null });
    expect(bought.receipts.map((r) => r.status)).toEqual(['accepted', 'accepted', 'partial']);
    expect(bought.final!.awards.find((a) => a.garnets < 0)).toEqual({
      player: 'p1',
      garnets: -1,
      tokensOfLife: 0,
      note: 'Priority bought in round 2',
    });
  });

  it('refuses a priority that changes nothing or cannot be read, keeping the pieces', () => {
    const reasons = (priority: string) =>
      round2(at('round-2', 'p1', 'Walker B2; Post A4; Pillar B4; Post C4', priority), 1).rejected.map(
        (r) => r.reason,
      )[0];
    expect(reasons('Walker: A B')).toBe("priority: A hold, B step E is already Walker's order; no garnet spent");
    expect(reasons('Knight: B A')).toBe(
      'priority: start with a piece type of this round (Walker, Post, Pillar), then its option letters, e.g. "Walker: B A"; no garnet spent, your pieces still count',
    );
    expect(reasons('Walker: C')).toBe(
      'priority: Walker has options A–B (A hold, B step E); "C" is not one of them; no garnet spent, your pieces still count',
    );
    expect(reasons('Walker: B B')).toBe(
      'priority: B is named twice for Walker; no garnet spent, your pieces still count',
    );
    const fortress = matchOf(
      baseFile('fair-and-square', 8, {
        options: { boards: [FAR, FAR, FAR, FAR, FAR, FAR] },
        submissions: [at('round-1', 'p1', 'Fortress B2; Marauder C2; Dasher D2; Sprinter E2', 'Ranger: B A')],
      }),
    );
    expect(replayMatch(fortress).rejected[0].reason).toBe(
      'priority: you placed no Ranger this round, so its order would change nothing; no garnet spent',
    );
  });
});

describe('the end', () => {
  it('with everyone tied on every tiebreak, waits for the host to name the candidate', () => {
    const idle = matchOf(baseFile('fair-and-square', 8));
    const pending = replayMatch(idle);
    expect(pending.final).toBeNull();
    expect(pending.pending).toEqual([
      {
        id: 'elimination',
        question:
          'Ann, Ben, Cara, Dev, Eve, Finn, Gus, Hana are tied for the fewest points on every tiebreak; the winners (Ann, Ben, Cara, Dev, Eve, Finn, Gus, Hana) choose the elimination candidate',
        choices: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'],
      },
    ]);
    const answered = replayMatch({ ...idle, decisions: [{ id: 'elimination', choice: 'p6' }] });
    expect(answered.final?.eliminationCandidate).toBe('p6');
    expect(answered.final?.tieBreak).toBe(
      'Ann, Ben, Cara, Dev, Eve, Finn, Gus, Hana tied for the fewest points on every tiebreak; the winners chose',
    );
    expect(answered.final?.scores.p1).toBe(9);
  });
});

describe('views', () => {
  const texts = (grids: readonly Grid[]) => grids.flatMap((g) => g.cells.flat().map((c) => c.text ?? ''));
  const open = {
    ...duel([
      at('round-2', 'p1', 'Walker B2; Post A4; Pillar B4; Post C4'),
      at('round-2', 'p2', 'Walker A6; Post E4; Pillar F4; Post G4'),
    ]),
    startAt: '2026-01-01T00:00:00Z',
    schedule: { timeZone: 'UTC', minutes: { default: 60 }, deadlines: {} },
  };
  const midway = replayMatch(open, { now: '2026-01-01T01:30:00Z' });

  it("keeps the open round's placements private: own in a player's view, all in the host's, none in public", () => {
    expect(midway.open?.phase.id).toBe('round-2');
    const publicView = JSON.stringify(viewFor(midway, 'public'));
    expect(publicView).not.toMatch(/Walker B2|Walker A6|0 Walker|1 Walker/);
    const ann = viewFor(midway, playerAudience('p1'));
    expect(JSON.stringify(ann)).toContain('Walker B2; Post A4; Pillar B4; Post C4');
    expect(JSON.stringify(ann)).not.toContain('Walker A6');
    expect(texts(ann.boards[0].grids)).toContain('0 Walker');
    expect(texts(ann.boards[0].grids)).not.toContain('1 Walker');
    // The caption says what this audience sees: Ann her own placement, the public only where no piece may start.
    expect(ann.boards[0].grids[0].caption).toMatch(/^Your placement counted so far is drawn; nobody sees it/);
    expect(viewFor(midway, 'public').boards[0].grids[0].caption).toBe(
      'No piece may start on a square marked ×, nor on a point square.',
    );
    const host = JSON.stringify(viewFor(midway, 'host'));
    expect(host).toContain('Walker B2; Post A4');
    expect(host).toContain('Walker A6; Post E4');
  });

  it("shows every resolved round to the public turn by turn, captures in the capturer's colour and number", () => {
    const done = replayMatch(duel(DUEL));
    const view = viewFor(done, 'public');
    expect(view.boards.map((b) => b.tab)).toEqual(['Current', 'Round 3', 'Round 2', 'Round 1']);
    const round2 = view.boards[2];
    expect(round2.grids).toHaveLength(32);
    expect(round2.grids[0].title).toBe('Group 0: 0 Ann, 1 Ben · turn 0');
    const turn2 = round2.grids[4];
    expect(turn2.title).toBe('Group 0: 0 Ann, 1 Ben · turn 2');
    // Squares read in words: Ann (number 0)'s Walker steps east from B2 onto the 1 on C2 in turn 1,
    // holds it in turn 2 (1 turn: the square's worth, so she captures it), and steps on to D2 in
    // turn 3, leaving C2 hers, filled in her colour.
    const turn1 = round2.grids[2].cells[1][2];
    expect(turn1).toMatchObject({ text: '0 Walker', fill: PALETTE.red });
    expect(turn1.note).toBe('C2: a point square worth 1 point; 0 Ann’s Walker');
    expect(turn2.cells[1][2]).toMatchObject({ text: '0 Walker', fill: PALETTE.red });
    expect(turn2.caption).toBe('0 Ann captured C2 (1 pt)');
    expect(turn2.cells[1][2].note).toBe(
      'C2: a point square worth 1 point, captured by 0 Ann; 0 Ann’s Walker, held 1 turn',
    );
    const turn3 = round2.grids[6];
    expect(turn3.title).toBe('Group 0: 0 Ann, 1 Ben · turn 3');
    expect(turn3.cells[1][2]).toMatchObject({ text: '0’s 1 pt', fill: PALETTE.red, bold: true });
    expect(turn3.cells[1][3].text).toBe('0 Walker');
    // After the match, each final board says its players' points in words: in round 3 Ann's two
    // Walkers took C2 (1) and E6 (2), Ben's the 3 on D4.
    expect(view.boards[0].grids[0].caption).toBe('Points on this board: 0 Ann: 3 pts, 1 Ben: 3 pts');
    // The results say in words what the tiebreaks count.
    expect(view.sections.find((t) => t.title === 'Round 3 results')?.header).toEqual([
      'Group',
      'Player',
      'Points',
      'Squares worth 3',
      'Squares worth 2',
      'Pieces left',
      'Place',
      'Rank points',
      'Priority',
    ]);
    // Before anyone moves, the point squares say their worth.
    expect(round2.grids[0].cells[1][2]).toMatchObject({ text: '1 pt', bold: true });
    // No cell of any board needs the Legend: no code such as "+1·0", "0W" or "0F+2".
    for (const tab of view.boards)
      for (const text of texts(tab.grids)) expect(text).toMatch(/^(|×|\d+ [A-Z][a-z]+|\d+ pieces|(\d+’s )?\d+ pts?)$/);
  });
});
