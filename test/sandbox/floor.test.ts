// Trigger time at the floor (issue 26): an execution only when something is due, and no work done
// twice. These check the add-on's share of it in the sandbox, each on a small match; npm run bench
// measures the whole matches (bench/results.md).
import { describe, expect, it } from 'vitest';
import { botAnswers } from '../reliability/scenarios.js';
import { Table, privatePart } from './players.js';

const START = '2026-11-21T18:00:00.000Z';
const PLAYERS = ['Ann', 'Ben', 'Cara', 'Dev'].map((name) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  garnets: 0,
}));
/** No faults: every answer valid, every trigger fires once, ticks on time. */
const CALM = { invalidEvery: 10_000, missSubmitEvery: 10_000, doubleSubmitEvery: 10_000, tickLateSeconds: [5] };

function started(game: string): Table {
  const table = new Table(
    game,
    PLAYERS.map((p) => p.email),
    CALM,
    '2026-11-21T17:45:00.000Z',
  );
  const setup = {
    game,
    players: PLAYERS,
    startAt: START,
    timeZone: 'Europe/London',
    minutes: { default: 60, pregame: 30 },
    deadlines: {},
  };
  expect(table.startMatch(setup).ok).toBe(true);
  return table;
}

/** The spreadsheets an execution wrote to. */
function written(table: Table, index: number): Set<string> {
  return new Set(
    table.google.executions[index].calls
      .filter((c) => c.name === 'Sheets.Spreadsheets.batchUpdate' && !c.failed)
      .map((c) => c.spreadsheet!),
  );
}

describe('forms left to a later execution', () => {
  it('an answer meanwhile draws only its sender’s sheet (and the log), and finishes the forms', () => {
    const table = started('not-flower-field');
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('no deadline');
    // Forms are slow today: the deadline's execution changes one form, then leaves the rest (forms-sync.ts).
    table.google.onCall = (call, _index, when) => {
      if (when === 'after' && /^(FormItem\.|Form\.add)/.test(call.name)) table.google.clock.advance(20);
    };
    table.passDeadline(answered);
    table.google.onCall = null;
    const open = table.state().open!;
    const forms = table.players().map((p) => JSON.parse(table.google.properties.get(`gh.form.${p.form}`)!));
    const shown = forms.filter((f: { phase?: string; key: string }) => f.phase === open.phase.id && f.key !== '');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(PLAYERS.length);
    // The first player's form shows the new phase: their answer comes in.
    const player = table.players()[0].id;
    const bot = botAnswers(table, player)!;
    const before = table.google.executions.length;
    expect(table.sendForm(player, privatePart(bot.answers, bot.questions), bot.questions)).toBe(true);
    const answer = table.google.executions.findIndex((e, i) => i >= before && e.name === 'onFormSubmitted');
    expect([...written(table, answer)].sort()).toEqual([table.google.host.id, table.playerFile(player).sheet].sort());
    // It changed the forms left over too: every form shows the open phase, and nothing is left.
    for (const p of table.players())
      expect(JSON.parse(table.google.properties.get(`gh.form.${p.form}`)!)).toMatchObject({ phase: open.phase.id });
    expect(JSON.parse(table.google.properties.get('gh.state')!).formsLeft).toBeUndefined();
  });
});
