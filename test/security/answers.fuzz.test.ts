// Hostile submissions to every game (GAME_LIST, so a new game is covered the day it is listed),
// offered through the real path: MatchRun.offer, and replay of a match file that carries them.
// Properties: nothing throws; every refusal has a reason of sane length; a refused submission
// changes nothing (not the state, not the counted moves, not the phase's end); replay is
// deterministic and keeps a receipt for every submission.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Answers, AnyGame, PhaseSpec, Submission } from '../../src/engine/core/game.js';
import { type MatchRun, type Receipt } from '../../src/engine/core/replay.js';
import { GAME_LIST, audiencesOf, loadMatch, replayMatch, replayOutput, viewFor } from '../../src/engine/index.js';
import { LONG_STRINGS, SHEETS_CELL_MAX, hostileValue, leaves, reasonProblem, runs, snapshot } from './hostile.js';
import { longAnswers } from './long-answers.js';
import { type Scenario, after, phaseAt, runTo, scenarioOf, submissionsBefore } from './scenario.js';

// Runs per game; each run plays the match up to a checkpoint and offers up to 6 submissions.
const OFFER_RUNS = 40;
const REPLAY_RUNS = 8;
const UNTYPED_RUNS = 15;

/** Phase ids that are not `id` but come close to it: its number 0 or 999 or another script's digit, another case, spaces, a slash, a bidi mark. */
function weirdPhases(id: string): string[] {
  return [
    '',
    ' ',
    id.replace(/\d+/, '0'),
    id.toUpperCase(),
    ` ${id}`,
    `${id} `,
    id.replace(/\d+/, '999'),
    `${id}/`,
    '__proto__',
    'constructor',
    'toString',
    '=1+1',
    `\u202E${id}`,
    id.replace(/\d/, '\u0661'),
  ].filter((weird) => weird !== id);
}
const WEIRD_PLAYERS = [
  '',
  'nobody',
  'P1',
  'p1 ',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '=1+1',
  '\u0000',
];
const WEIRD_KEYS = [
  '',
  'colour',
  'answer',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '=1+1',
  'own ',
  'OWN',
];

function expectSaneReasons(receipt: Receipt): void {
  if (receipt.status === 'rejected') expect(receipt.reasons).toHaveLength(1);
  if (receipt.status === 'partial') expect(receipt.reasons.length).toBeGreaterThan(0);
  if (receipt.status === 'accepted') expect(receipt.reasons).toEqual([]);
  for (const reason of receipt.reasons) expect(reasonProblem(reason), reason.slice(0, 200)).toBeNull();
}

/** Everything an offer may change: the state (never), the counted moves and the phase's end. */
function runSnapshot(run: MatchRun): { state: string; moves: string; closedEarly: boolean; phase: string | undefined } {
  return {
    state: snapshot(run.state),
    moves: snapshot([...run.currentMoves]),
    closedEarly: run.hasClosedEarly,
    phase: run.phase?.id,
  };
}

function questionIds(phase: PhaseSpec, player: string): string[] {
  return Object.hasOwn(phase.questions, player) ? phase.questions[player].map((q) => q.id) : [];
}

/** Hostile answers for `player`: real question ids (theirs and others'), unknown ids, hostile values. */
function answersArb(scenario: Scenario, phase: PhaseSpec, player: string): fc.Arbitrary<Answers> {
  const own = questionIds(phase, player);
  const everyone = [...new Set(Object.keys(phase.questions).flatMap((p) => questionIds(phase, p)))];
  const allIds = [
    ...new Set(scenario.phases.flatMap((p) => Object.keys(p.questions).flatMap((id) => questionIds(p, id)))),
  ];
  const key = fc.oneof(
    ...(own.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...own) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...everyone, ...allIds) },
    { weight: 1, arbitrary: fc.constantFrom(...WEIRD_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const entry = key.chain((k) => hostileValue(scenario.validAnswers.get(k) ?? []).map((v) => [k, v] as const));
  const pure = fc.array(entry, { maxLength: 5 }).map((entries) => Object.fromEntries(entries) as Answers);
  // A bot's valid answers with one or two answers replaced: reaches the rule checks behind parsing.
  const mine = (scenario.byPhase.get(phase.id) ?? []).filter((s) => s.player === player).map((s) => s.answers);
  if (mine.length === 0) return pure;
  const patched = fc
    .tuple(fc.constantFrom(...mine), fc.array(entry, { minLength: 1, maxLength: 2 }))
    .map(([valid, entries]) => ({ ...valid, ...Object.fromEntries(entries) }) as Answers);
  return fc.oneof(pure, patched);
}

/** A hostile submission aimed at `phase` (a phase of the match), with a time when the match has them. */
function submissionArb(
  scenario: Scenario,
  phase: PhaseSpec,
  opensAt: string | undefined,
  knownPlayersOnly: boolean,
): fc.Arbitrary<Submission> {
  const asked = Object.keys(phase.questions);
  const everyone = scenario.base.players.map((p) => p.id);
  const phaseId = fc.oneof(
    { weight: 10, arbitrary: fc.constant(phase.id) },
    { weight: 1, arbitrary: fc.constantFrom(...scenario.phases.map((p) => p.id)) },
    { weight: 1, arbitrary: fc.constantFrom(...weirdPhases(phase.id)).filter((id) => !knownPlayersOnly || id !== '') },
  );
  const player = fc.oneof(
    ...(asked.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...asked) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...everyone) },
    ...(knownPlayersOnly ? [] : [{ weight: 1, arbitrary: fc.constantFrom(...WEIRD_PLAYERS) }]),
  );
  // Times around the phase: before it opened, during it, after a clock's deadline.
  const at = opensAt
    ? fc.option(
        fc.integer({ min: -120, max: 2 * 3600 }).map((s) => after(opensAt, s)),
        { nil: undefined },
      )
    : fc.constant(undefined);
  return fc.record({ phase: phaseId, player, at }).chain(({ phase: id, player: who, at: time }) =>
    answersArb(scenario, phase, who).map((answers): Submission => ({
      phase: id,
      player: who,
      ...(time ? { at: time } : {}),
      answers,
    })),
  );
}

function checkpointArb(
  scenario: Scenario,
): fc.Arbitrary<{ checkpoint: number; prefix: number; phase: PhaseSpec; opensAt: string | undefined }> {
  return fc.constantFrom(...scenario.checkpoints).chain((checkpoint) => {
    const phase = phaseAt(scenario, checkpoint);
    const own = scenario.byPhase.get(phase.id)?.length ?? 0;
    const opensAt = runTo(scenario, checkpoint, 0).run.timing.opensAt;
    return fc.nat(own).map((prefix) => ({ checkpoint, prefix, phase, opensAt }));
  });
}

describe.each(GAME_LIST.map((game): [string, AnyGame] => [game.id, game]))('hostile answers to %s', (_id, game) => {
  const scenario = scenarioOf(game);

  it('are refused with a reason and change nothing, through MatchRun.offer', () => {
    const arb = checkpointArb(scenario).chain(({ checkpoint, prefix, phase, opensAt }) =>
      fc
        .array(submissionArb(scenario, phase, opensAt, false), { minLength: 1, maxLength: 6 })
        .map((subs) => ({ checkpoint, prefix, subs })),
    );
    fc.assert(
      fc.property(arb, ({ checkpoint, prefix, subs }) => {
        const { run, next } = runTo(scenario, checkpoint, prefix);
        const counted: { submission: Submission; index: number }[] = [];
        subs.forEach((submission, i) => {
          const before = runSnapshot(run);
          const receipt = run.offer(submission, next + i);
          expect(receipt.index).toBe(next + i);
          expectSaneReasons(receipt);
          // The state at the start of the phase is never touched by checking a submission.
          expect(snapshot(run.state)).toBe(before.state);
          if (receipt.status === 'rejected') expect(runSnapshot(run)).toEqual(before);
          else counted.push({ submission, index: next + i });
        });
        expect(run.receipts).toHaveLength(next + subs.length);

        // Resolving the phase with the hostile submissions in it gives the same state as resolving it
        // with only those that counted: a refused submission leaves no trace.
        const control = runTo(scenario, checkpoint, prefix).run;
        for (const { submission, index } of counted) control.offer(submission, index);
        expect(runSnapshot(control)).toEqual(runSnapshot(run));
        if (run.phase) {
          run.close();
          control.close();
          expect(snapshot(run.state)).toBe(snapshot(control.state));
        }
      }),
      { numRuns: runs(OFFER_RUNS) },
    );
  });

  it('of any JavaScript type, with any time, as an adapter could pass them, are refused with a reason and change nothing', () => {
    const value = fc.anything({
      maxDepth: 2,
      withBigInt: true,
      withDate: true,
      withMap: true,
      withNullPrototype: true,
      withTypedArray: true,
      withBoxedValues: true,
    });
    const time = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom<unknown>(
        '',
        'garbage',
        '2026-11-21T18:00:00',
        '2026-11-21',
        '2026-02-30T25:61:00Z',
        'x'.repeat(10_000),
        1_700_000_000_000,
        new Date(0),
        null,
        {},
        Object.create(null),
      ),
      fc.date({ noInvalidDate: true }).map((d) => d.toString()),
    );
    const arb = checkpointArb(scenario).chain(({ checkpoint, prefix, phase }) => {
      const players = Object.keys(phase.questions);
      const keys = [...new Set(players.flatMap((p) => questionIds(phase, p)))];
      const answers = fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .array(fc.tuple(keys.length > 0 ? fc.constantFrom(...keys) : fc.string(), value), { maxLength: 3 })
            .map((e) => Object.fromEntries(e)),
        },
        { weight: 1, arbitrary: value },
      );
      const submission = fc
        .record({ player: players.length > 0 ? fc.constantFrom(...players) : fc.constant('p1'), at: time, answers })
        .map(({ player, at, answers: a }) => ({ phase: phase.id, player, at, answers: a }) as unknown as Submission);
      return fc.array(submission, { minLength: 1, maxLength: 4 }).map((subs) => ({ checkpoint, prefix, subs }));
    });
    fc.assert(
      fc.property(arb, ({ checkpoint, prefix, subs }) => {
        const { run, next } = runTo(scenario, checkpoint, prefix);
        subs.forEach((submission, i) => {
          const before = runSnapshot(run);
          const receipt = run.offer(submission, next + i);
          expectSaneReasons(receipt);
          expect(receipt.at === undefined || typeof receipt.at === 'string').toBe(true);
          expect(snapshot(run.state)).toBe(before.state);
          if (receipt.status === 'rejected') expect(runSnapshot(run)).toEqual(before);
        });
        if (run.phase) run.close();
      }),
      { numRuns: runs(UNTYPED_RUNS) },
    );
  });

  it('in a match file replay deterministically, keep a receipt for each, and leave no trace when refused', () => {
    const arb = checkpointArb(scenario).chain(({ checkpoint, prefix, phase, opensAt }) =>
      fc
        .array(submissionArb(scenario, phase, opensAt, true), { minLength: 1, maxLength: 6 })
        .map((subs) => ({ checkpoint, prefix, subs })),
    );
    fc.assert(
      fc.property(arb, ({ checkpoint, prefix, subs }) => {
        const baseSubmissions = submissionsBefore(scenario, checkpoint, prefix);
        const withHostile = { ...scenario.base, submissions: [...baseSubmissions, ...subs] };
        // Through the real loader, as the add-on reads its log.
        const loaded = loadMatch(JSON.parse(JSON.stringify(withHostile)));
        if (!loaded.ok) throw new Error(loaded.error);
        const first = replayMatch(loaded.value);
        const second = replayMatch(loaded.value);
        expect(snapshot(replayOutput(second))).toBe(snapshot(replayOutput(first)));
        expect(snapshot(second.state)).toBe(snapshot(first.state));
        expect(snapshot(second.receipts)).toBe(snapshot(first.receipts));

        const count = withHostile.submissions.length;
        expect(first.receipts.map((r) => r.index)).toEqual([...Array(count).keys()]);
        for (const receipt of first.receipts) expectSaneReasons(receipt);
        for (const rejection of first.rejected) expect(reasonProblem(rejection.reason)).toBeNull();

        for (const audience of audiencesOf(first)) {
          const view = viewFor(first, audience);
          expect(snapshot(viewFor(second, audience))).toBe(snapshot(view));
          if (audience === 'host') expect(view.log?.rows.filter((row) => row[0] !== '')).toHaveLength(count);
        }

        const hostile = first.receipts.slice(baseSubmissions.length);
        if (hostile.every((r) => r.status === 'rejected')) {
          const without = replayMatch({ ...loaded.value, submissions: baseSubmissions });
          expect(snapshot(first.state)).toBe(snapshot(without.state));
          const output = replayOutput(first);
          expect(
            snapshot({
              ...output,
              rejected: output.rejected.filter((r) => (r.submission ?? 0) < baseSubmissions.length),
            }),
          ).toBe(snapshot(replayOutput(without)));
        }
      }),
      { numRuns: runs(REPLAY_RUNS) },
    );
  });

  it('of 100 KB, or just under the length limit, are refused with a short reason and change nothing', () => {
    // How long each takes is a target of npm run bench (bench/bench.ts, "Hostile answers"), not of this test.
    for (const { run, submission, index, label, question } of longAnswers(scenario)) {
      const before = runSnapshot(run);
      const receipt = run.offer(submission, index);
      expectSaneReasons(receipt);
      // Padding around a valid cell is trimmed away like any padding; everything else is refused.
      if (label !== 'spaces then a cell')
        expect(receipt.status, `${submission.phase} ${question}: ${label}`).not.toBe('accepted');
      if (receipt.status === 'rejected') expect(runSnapshot(run)).toEqual(before);
    }
  });

  it('of 100 KB, or by the thousand, in a match file leave every text of every view within a Sheets cell', () => {
    const checkpoint = scenario.checkpoints[Math.min(1, scenario.checkpoints.length - 1)];
    const phase = phaseAt(scenario, checkpoint);
    const player = Object.keys(phase.questions)[0];
    const question = questionIds(phase, player)[0];
    const { text } = LONG_STRINGS.find((s) => s.label === 'formulas')!;
    const bot = (scenario.byPhase.get(phase.id) ?? []).find((s) => s.player === player);
    const at = bot?.at ? { at: bot.at } : {};
    const manyKeys = Object.fromEntries(
      Array.from({ length: 5_000 }, (_, i) => [`unknown question ${i}`, `answer ${i}`]),
    );
    const hostile: Submission[] = [
      // A 100 KB answer, and a 50 KB question id that is no question.
      { phase: phase.id, player, ...at, answers: { [question]: text, [`${text.slice(0, 50_000)}?`]: text } },
      // 5 000 answers to questions that do not exist.
      { phase: phase.id, player, ...at, answers: manyKeys },
      // A 100 KB phase name.
      { phase: text, player, ...at, answers: { [question]: 'A1' } },
    ];
    const file = { ...scenario.base, submissions: [...submissionsBefore(scenario, checkpoint, 0), ...hostile] };
    const loaded = loadMatch(JSON.parse(JSON.stringify(file)));
    if (!loaded.ok) throw new Error(loaded.error);
    const result = replayMatch(loaded.value);
    for (const audience of audiencesOf(result)) {
      for (const [path, value] of leaves(viewFor(result, audience))) {
        if (typeof value === 'string')
          expect(value.length, `${audience}${path}: ${value.slice(0, 80)}`).toBeLessThanOrEqual(SHEETS_CELL_MAX);
      }
    }
  });
});
