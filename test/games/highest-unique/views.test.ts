// What each audience sees of Highest Unique: every pick of a finished round, on a board with the
// unique high pick outlined; the open round's numbers only to their sender and the host.
import { describe, expect, it } from 'vitest';
import { replay } from '../../../src/engine/core/replay.js';
import { Random } from '../../../src/engine/core/random.js';
import type { Grid, GridCell } from '../../../src/engine/core/view.js';
import { PALETTE } from '../../../src/engine/core/view.js';
import { viewFor } from '../../../src/engine/core/views.js';
import { oddsBot } from '../../../src/engine/games/highest-unique/bots.js';
import { markOf } from '../../../src/engine/games/highest-unique/board.js';
import { highestUnique } from '../../../src/engine/games/highest-unique/index.js';
import type { HuState } from '../../../src/engine/games/highest-unique/state.js';
import { baseFile, matchOf } from '../../helpers/match.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
const sub = (round: number, player: string, pick: string, minutes: number) => ({
  phase: `round-${round}`,
  player,
  answers: { pick },
  at: at(minutes),
});

// Round 1 (closed at 01:00): Ann 9, Ben 9, Cara 4 → Cara scores 4. Round 2 open at 01:30: Ann 8, Ben 6 so far.
const file = matchOf(
  baseFile('highest-unique', 3, {
    startAt: at(0),
    schedule: { timeZone: 'UTC', minutes: { default: 60 } },
    submissions: [
      sub(1, 'p1', '9', 10),
      sub(1, 'p2', '9', 11),
      sub(1, 'p3', '4', 12),
      sub(2, 'p1', '8', 70),
      sub(2, 'p2', '6', 71),
    ],
  }),
);
const result = replay<HuState>(highestUnique, file, { now: at(90) });
const board = (audience: Parameters<typeof viewFor>[1]): Grid => viewFor(result, audience).boards[0].grids[0];
/** The cells of one round's column (column 0 is the swatch), one per player, then the ★ row. */
const column = (grid: Grid, round: number): GridCell[] => grid.cells.map((row) => row[round]);

describe('the board', () => {
  it('shows every pick of a finished round, the unique high one outlined in its sender’s colour', () => {
    expect(result.open?.phase.id).toBe('round-2');
    const grid = board('public');
    expect(grid.rowLabels).toEqual(['1', '2', '3', '★']);
    expect(grid.columnLabels).toEqual(['', 'R1', 'R2', 'R3', 'R4', 'R5']);
    expect(grid.cells.map((row) => row[0].text)).toEqual(['A', 'B', 'C', undefined]);
    expect(grid.cells.slice(0, 3).map((row) => row[0].fill)).toEqual([PALETTE.red, PALETTE.blue, PALETTE.yellow]);
    const [ann, ben, cara, high] = column(grid, 1);
    expect([ann.text, ben.text, cara.text, high.text]).toEqual(['9', '9', '4', '4']);
    // The shared 9s score nothing: grey italic, no outline.
    expect(ann).toMatchObject({ italic: true, textColour: PALETTE.darkGrey });
    expect(ann.borders).toBeUndefined();
    // Cara's 4 is the unique high pick: outlined on every side, in yellow.
    expect(cara).toMatchObject({ bold: true, fill: PALETTE.yellow });
    expect(Object.values(cara.borders ?? {}).map((edge) => edge?.weight)).toEqual(['thick', 'thick', 'thick', 'thick']);
    expect(cara.note).toBe('Cara, round 1: 4, the highest number nobody else sent: scores 4');
  });

  it('keeps the open round secret on the board of every audience', () => {
    for (const audience of ['public', 'host', 'player:p1', 'player:p2', 'player:p3'] as const)
      expect(column(board(audience), 2).every((cell) => cell.text === undefined)).toBe(true);
  });
});

describe('the open round', () => {
  const texts = (audience: Parameters<typeof viewFor>[1]) =>
    viewFor(result, audience).sections.map((s) => ({ title: s.title, rows: s.rows }));

  it('shows a player their own number only, the host every number, the spectators none', () => {
    expect(texts('player:p1')).toContainEqual({ title: 'Your number for Round 2', rows: [['8']] });
    expect(texts('player:p3')).toContainEqual({ title: 'Your number for Round 2', rows: [['nothing yet']] });
    expect(texts('host')).toContainEqual({
      title: 'Numbers counted so far for Round 2 (host only)',
      rows: [
        ['Ann', '8'],
        ['Ben', '6'],
        ['Cara', 'nothing yet'],
      ],
    });
    // Ann's view names no number Ben sent in round 2, nor the spectators' any: only round 1 is in them.
    for (const [audience, hidden] of [
      ['player:p1', '6'],
      ['player:p2', '8'],
      ['public', '8'],
      ['public', '6'],
    ] as const) {
      const view = viewFor(result, audience);
      const text = JSON.stringify({ boards: view.boards, sections: view.sections, scoreboard: view.scoreboard });
      expect(text.includes(`"${hidden}"`), `${audience} sees ${hidden}`).toBe(false);
    }
  });
});

describe('the odds bot', () => {
  const ctxOf = (players: number) => {
    const match = matchOf(baseFile('highest-unique', players));
    return replay<HuState>(highestUnique, match).ctx as Parameters<typeof oddsBot>[0]['ctx'];
  };
  const picks = (state: HuState, players: number) => {
    const ctx = ctxOf(players);
    const phase = highestUnique.currentPhase(state, ctx)!;
    const sent = new Set<string>();
    for (let i = 0; i < 40; i++)
      sent.add(String(oddsBot({ state, phase, player: 'p1', ctx, random: new Random(`try-${i}`) })?.pick));
    return [...sent].sort((a, b) => Number(a) - Number(b));
  };

  it('sends 10 on even odds against two others (worth 8.1 on average; 9 is worth 5.85)', () => {
    expect(picks({ rounds: [] }, 3)).toEqual(['10']);
  });

  it('also sends 9 once the others have sent 10 (10 worth 5.6, 9 worth 4.6, within a fifth of the best)', () => {
    const state: HuState = { rounds: [{ round: 1, picks: { p1: 4, p2: 10, p3: 10 }, number: 4, scorer: 'p1' }] };
    expect(picks(state, 3)).toEqual(['9', '10']);
  });
});

describe("a player's sheet starts with what to do", () => {
  it('the open round, what to send, the form, the deadline on their clock, and whether their number was received, with its receipt', () => {
    const form = 'https://docs.google.com/forms/d/e/ann-form/viewform';
    const ann = viewFor(result, 'player:p1', { formUrl: form }).status.todo ?? [];
    expect(ann[0]).toBe('Now: Round 2 is open until Thu 1 Jan 2026, 02:00 UTC.');
    expect(ann[1]).toMatch(/^Answer: .+: .*1 to 10/);
    expect(ann).toContain(`Your form: ${form}`);
    expect(ann.at(-1)).toMatch(/^Received: your answer sent Thu 1 Jan 2026, 01:10 UTC counts\. Receipt: [0-9a-f]{64}$/);
    // The receipt is the one the player's log gives for that answer (its Receipt column; a note on
    // what checking it after the match will say follows it).
    const log = viewFor(result, 'player:p1').log!;
    const receiptColumn = log.header.indexOf('Receipt');
    expect(receiptColumn).toBeGreaterThan(0);
    expect(log.rows.some((row) => ann.at(-1)!.endsWith(String(row[receiptColumn])))).toBe(true);
    // Cara has sent nothing for round 2 yet.
    expect((viewFor(result, 'player:p3').status.todo ?? []).at(-1)).toMatch(/^Not received yet: /);
    // Nobody else reads it: the spectators' view has none.
    expect(viewFor(result, 'public').status.todo).toBeUndefined();
  });
});

describe('the board reads without the Legend', () => {
  it('says under it whose each row is, by the mark in its swatch and the name, and what each kind of number means', () => {
    const caption = board('public').caption ?? '';
    expect(caption).toMatch(/^Rows: 1 A: Ann, 2 B: Ben, 3 C: Cara\. /);
    expect(caption).toContain('the highest number nobody else sent, which scores');
    expect(caption).toContain('grey italics: sent by two or more, which scores nothing');
  });
});

describe('the swatches tell players apart without the Legend', () => {
  it('two names starting alike get the letters that differ, never the same mark', () => {
    const players = ['Ann', 'Abe', 'Anna', 'Bo'].map((name, i) => ({ id: `p${i + 1}`, name, garnets: 0 }));
    const marks = players.map((p) => markOf({ players }, p.id));
    expect(marks).toEqual(['An1', 'Ab', 'Anna', 'B']);
    expect(new Set(marks).size).toBe(marks.length);
  });
});
