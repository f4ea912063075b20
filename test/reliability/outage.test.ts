// A player answers while the add-on is half-way: the tick closing a phase failed at some call,
// and before the next execution a player of the next phase answers whatever their form or the
// shared sheet shows (a form showing the next phase's questions, or a row whose tab shows them).
// Whatever they could send must be logged once, for the phase they saw, with its questions'
// answers; nothing else may differ from a clean run, where the same answer went in the same way.
import { expect, it } from 'vitest';
import { logOf, privatePart, type Table } from '../sandbox/players.js';
import { ANSWERS_TAB } from '../../src/triggers/answers/public-rows.js';
import { chainBreak } from '../../src/engine/core/receipt-check.js';
import { summary } from './fault-suite.js';
import { sampledSweep } from './faults.js';
import { GAME_CASES } from '../helpers/game-cases.js';
import { at, beforeResolution, botAnswers } from './scenarios.js';
import { sampleOf } from '../helpers/depth.js';

type Sent = 'form' | 'row' | null;

/** The first player of the open phase answers, if what they see is that phase. */
function answerWhatIsShown(table: Table, phase: { id: string; title: string }): Sent {
  const state = table.state();
  if (state.open?.phase.id !== phase.id) return null;
  for (const player of Object.keys(state.open.phase.questions)) {
    const bot = botAnswers(table, player);
    if (!bot) continue;
    if (bot.questions.some((q) => !q.public)) {
      const form = table.google.forms.get(table.playerFile(player).form)!;
      // Only a form that shows this phase (its description starts with the phase's title).
      if (!form.accepting || !form.description.startsWith(phase.title)) return null;
      if (!table.submitOnly(player, privatePart(bot.answers, bot.questions), bot.questions)) return null;
      table.sandbox.fire('ON_FORM_SUBMIT');
      return 'form';
    }
    const tab = table.google.spreadsheet(table.sharedId()).sheet(ANSWERS_TAB);
    const header = tab.cells[0]?.[1]?.userEnteredValue?.stringValue ?? '';
    if (!header.endsWith(`(${phase.title})`)) return null;
    table.typeRow(player, bot.answers, bot.questions);
    return 'row';
  }
  return null;
}

/**
 * The log, an entry a line. A row edit's id is its time and a UUID drawn as it is recorded; a
 * faulted run draws more UUIDs before it (each trigger it arms again takes one in the sandbox), so
 * only the time of the edit is compared.
 */
function lines(table: Table): string[] {
  const match = logOf(table.sandbox);
  expect(chainBreak(match), 'the log is one unbroken chain').toBeNull();
  // The chain's links hash those UUIDs and the messages' times: the chain is checked whole above.
  const unlinked = <T extends { readonly after?: string }>(e: T) => ({ ...e, after: 'chained' });
  // A message at least once (a run stopped after sending, the next sends again, at its own time):
  // what went out (or was skipped) to whom, each once; a try the fault made fail is not the clean run's.
  const messages = (match.events ?? []).flatMap((e) =>
    e.type === 'message' && e.status !== 'failed'
      ? [`message ${e.channel} ${e.key} ${e.player ?? ''} ${e.status}`]
      : [],
  );
  return [
    ...match.submissions.map((s) => JSON.stringify(unlinked(s))),
    ...(match.events ?? []).filter((e) => e.type !== 'message').map((e) => JSON.stringify(unlinked(e))),
    ...new Set(messages),
  ].map((line) => line.replace(/(edit:\d+)\.[0-9a-f-]{36}/g, '$1.(uuid)'));
}

// The games whose own cases name the phase to fail (test/games/<id>/cases.ts, reliability.outageAfter).
for (const {
  game: { id: game },
  small: c,
  reliability,
} of sampleOf(
  'outage',
  GAME_CASES.filter((c) => c.reliability.outageAfter !== undefined),
  1,
)) {
  const phasesBefore = reliability.outageAfter;
  if (phasesBefore === undefined) continue;
  // Up to 10 minutes, not the default minute: the resolution runs once more for each of its calls failing, with a player answering after each, on 2 busy cores.
  it(`${game}: an answer sent while a failed resolution waits for the next tick is logged once, for the phase the player saw`, () => {
    const { table, answered } = beforeResolution(c, phasesBefore);
    const deadline = answered.deadline;
    const next = (() => {
      const probe = table.google.snapshot();
      table.google.clock.set(at(deadline, 30));
      table.sandbox.fire('CLOCK');
      const open = table.state().open!.phase;
      table.google.restore(probe);
      return { id: open.id, title: open.title };
    })();
    let sent: Sent = null;
    let cleanLines: string[] | null = null;
    const got = { form: 0, row: 0, blocked: 0 };
    // A seeded sample of the writes (one of each neighbourhood, faults.ts); FAULTS=classes for every write.
    const result = sampledSweep({
      label: `${game} ${answered.phase} closing, ${next.id} answered before the next tick`,
      table,
      act: (t) => {
        t.google.clock.set(at(deadline, 30));
        t.sandbox.fire('CLOCK');
      },
      after: (t) => {
        t.google.clock.set(at(deadline, 40));
        sent = answerWhatIsShown(t, next);
        t.google.clock.set(at(deadline, 90));
        t.sandbox.fire('CLOCK');
        t.google.clock.set(at(deadline, 150));
        t.sandbox.fire('CLOCK');
        if (cleanLines === null) {
          // The clean run: the form (or the tab) showed the next phase at once.
          expect(sent, 'the clean run').not.toBeNull();
          cleanLines = lines(t);
        }
      },
      // The resolution sends the next phase's opening notices: `lines` takes messages at least once.
      comparesMessages: true,
      // The log read by its kept tab id (src/triggers/saved/match-log.ts, keptRows): a refused read is let go and
      // the tab looked for in the metadata. Compared like the rest below.
      expectAbort: (c) => !(c.name === 'Sheets.Spreadsheets.Values.get' && c.spreadsheet === table.google.host.id),
      compare: (_clean, _world, t, plan, call) => {
        const label = `${game}: ${call.name} (call ${plan.index}) ${plan.mode === 'quota' ? 'refused' : 'timed out'}, then ${sent ?? 'nothing could be'} sent`;
        const now = lines(t);
        expect(
          now.filter((l) => !cleanLines!.includes(l)),
          `${label}: logged beyond the clean run`,
        ).toEqual([]);
        // A phase's opening notice whose sending the fault made fail is tried again by the next tick
        // only while its player is still awaited: one who answered meanwhile is not called again.
        const answeredNext = new Set(
          logOf(t.sandbox)
            .submissions.filter((s) => s.phase === next.id)
            .map((s) => s.player),
        );
        const missing = cleanLines!.filter((l) => {
          if (now.includes(l)) return false;
          const notice = /^message email open:\S+ (\S+) sent$/.exec(l);
          return !(notice && answeredNext.has(notice[1]));
        });
        if (sent) expect(missing, `${label}: lost`).toEqual([]);
        else
          expect(
            missing.filter((l) => l.startsWith('message ') || JSON.parse(l).phase !== next.id),
            `${label}: lost`,
          ).toEqual([]);
        got[sent ?? 'blocked'] += 1;
      },
    });
    console.log(
      `[faults] ${result.label}: ${summary([result])}; sent by form ${got.form}, by row ${got.row}, not shown yet ${got.blocked}`,
    );
    expect(got.form + got.row).toBeGreaterThan(0);
  }, 600_000);
}
