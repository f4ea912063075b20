// The add-on hosting Peg Domain in the Apps Script sandbox (the rest of the add-on's scenarios are in
// test/sandbox/host-actions.test.ts): a move resolves its turn on submission.
import { describe, expect, it } from 'vitest';
import { gameById } from '../../../src/engine/index.js';
import { Table, logOf } from '../../sandbox/players.js';

const START = '2026-11-21T18:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(START) + minutes * 60_000).toISOString();
const PLAYERS = ['Ann', 'Ben'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));

describe('answers', () => {
  it("Peg Domain: a valid move resolves the turn on submission and opens the next mover's form", () => {
    const table = new Table('peg-domain', ['ann@example.com', 'ben@example.com']);
    const result = table.startMatch({
      game: 'peg-domain',
      players: PLAYERS,
      startAt: START,
      timeZone: 'UTC',
      minutes: {},
      deadlines: {},
    });
    expect(result.ok).toBe(true);
    table.google.clock.set(at(0.5));
    table.fire('CLOCK');
    const [p1, p2] = logOf(table.sandbox).players;
    expect(table.google.forms.get(p1.form!)!.accepting).toBe(true);
    expect(table.google.forms.get(p2.form!)!.accepting).toBe(false);
    expect(table.google.forms.get(p2.form!)!.closedMessage).toMatch(
      /^Nothing for you to answer in Turn 1 \(Ann to move\)/,
    );
    const state = table.state();
    const game = gameById('peg-domain');
    const answers = game.bots.greedy({
      state: state.state,
      phase: state.open!.phase,
      player: 'p1',
      ctx: state.ctx,
      random: state.ctx.random('t'),
    })!;
    table.google.clock.set(at(1.5));
    table.sendForm('p1', answers, state.open!.phase.questions.p1);
    expect(table.state().open?.phase.id).toBe('turn-2');
    expect(table.google.forms.get(p2.form!)!.accepting).toBe(true);
    expect(table.google.forms.get(p2.form!)!.items.map((i) => i.title)).toEqual(['Cut-out', 'Placement', 'Finish']);
    expect(table.google.forms.get(p1.form!)!.accepting).toBe(false);
  });
});

describe('the ticks of a turn', () => {
  it("read the mover's form every other minute, not every minute (issue 42)", () => {
    const table = new Table('peg-domain', ['ann@example.com', 'ben@example.com']);
    const options = { turnSeconds: 1200, reserveSeconds: 0 };
    const setup = { game: 'peg-domain', players: PLAYERS, startAt: START, timeZone: 'UTC', minutes: {}, deadlines: {} };
    expect(table.startMatch({ ...setup, options }).ok).toBe(true);
    table.google.clock.set(at(0.5));
    table.fire('CLOCK');
    expect(table.state().open?.phase.id).toBe('turn-1');
    // Ten minute ticks with nothing sent: the form that may hold a move is read on half of them.
    const before = table.google.executions.length;
    for (let minute = 1; minute <= 10; minute++) {
      table.google.clock.set(at(minute + 0.5));
      table.fire('CLOCK');
    }
    const ticks = table.google.executions.slice(before);
    expect(ticks).toHaveLength(10);
    const reads = ticks.flatMap((e) => e.calls.filter((c) => c.name === 'Form.getResponses'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThanOrEqual(5);
  });
});
