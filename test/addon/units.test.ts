// The pure parts of the add-on: forms from phases, responses back to answers, host times, the
// projected daily trigger time, and the house rule that src/forms and src/triggers touch neither Apps Script
// nor Node.
import { readFileSync, readdirSync } from 'node:fs';
import {
  DAILY_TRIGGER_MINUTES,
  busiestDay,
  phasesPerDay,
  projectTriggerUse,
} from '../../src/triggers/schedule/trigger-time.js';
import { EXPECTED_TRIGGER_USE } from '../../src/addon/trigger-use.js';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PhaseSpec } from '../../src/engine/core/game.js';
import { answersFromItems, formPattern, formSpecFor } from '../../src/forms/index.js';
import { parseWhen } from '../../src/triggers/host/typed-times.js';
import { GAME_LIST, newMatch, playMatch, replayMatch } from '../../src/engine/index.js';

const root = join(__dirname, '../..');

describe('forms', () => {
  const phase: PhaseSpec = {
    id: 'leg-1/moves',
    title: 'Leg 1: moves',
    kind: 'moves',
    questions: {
      p1: [
        { id: 'move', label: 'Move to', help: 'e.g. C5', kind: 'text', pattern: '\\s*[A-Na-n]\\s*\\d{1,2}\\s*' },
        { id: 'votes', label: 'Vote', help: 'ballots', kind: 'multi', choices: ['P1', 'P2'] },
        { id: 'plan', label: 'Plan', help: 'public', kind: 'text', public: true },
      ],
      p2: [{ id: 'plan', label: 'Plan', help: 'public', kind: 'text', public: true }],
    },
  };

  it('shows the private questions of the open phase, with anchored, case-free validation', () => {
    const spec = formSpecFor('p1', {
      gameTitle: 'Pasture',
      playerName: 'Ann',
      phase,
      deadline: 'Sat 21 Nov 2026, 20:00 GMT',
      playerSheetUrl: 'https://sheet',
    });
    expect(spec.accepting).toBe(true);
    expect(spec.items.map((i) => [i.questionId, i.kind, i.validation])).toEqual([
      ['move', 'text', '(?i)^(?:\\s*[A-Na-n]\\s*\\d{1,2}\\s*)$'],
      ['votes', 'multi', undefined],
    ]);
    expect(spec.description).toMatch(/Open until Sat 21 Nov 2026, 20:00 GMT.*https:\/\/sheet/);
    const re = new RegExp(formPattern(phase.questions.p1[0].pattern!).slice(4), 'i');
    expect(re.test(' c 12 ')).toBe(true);
    expect(re.test('C12 and more')).toBe(false);
  });

  it('closes the form, saying why, when the player has nothing private to answer', () => {
    expect(
      formSpecFor('p2', { gameTitle: 'Pasture', playerName: 'Ben', phase, sharedSheetUrl: 'https://shared' }),
    ).toMatchObject({
      accepting: false,
      items: [],
      closedMessage: expect.stringMatching(
        /answered in public: type your answer in your own row of the shared sheet \(https:\/\/shared, tab "Your answers"\)/,
      ),
    });
    expect(formSpecFor('p3', { gameTitle: 'Pasture', playerName: 'Cara', phase }).closedMessage).toMatch(
      /^Nothing for you to answer in Leg 1: moves/,
    );
    expect(formSpecFor('p1', { gameTitle: 'Pasture', playerName: 'Ann', phase: null }).closedMessage).toBe(
      'The match is over. Thank you for playing!',
    );
  });

  it('maps a response back to answers by question id, dropping blanks', () => {
    expect(
      answersFromItems([
        { questionId: 'move', value: 'C5' },
        { questionId: 'votes', value: ['P1', 'P2'] },
        { questionId: 'gate', value: ' ' },
        { questionId: 'extra', value: [] },
      ]),
    ).toEqual({ move: 'C5', votes: ['P1', 'P2'] });
  });

  it("every question pattern of every phase of every game compiles as the form's validation", () => {
    for (const game of GAME_LIST) {
      const m = newMatch(game.id, { seed: 'forms' });
      if (!m.ok) throw new Error(m.error);
      // Every phase a bot match opens, not only the first: later phases ask other questions.
      const phases = replayMatch(playMatch(m.value)).closed.map((c) => c.phase);
      expect(phases.length, game.id).toBeGreaterThan(0);
      for (const phase of phases)
        for (const list of Object.values(phase.questions))
          for (const q of list)
            if (q.pattern) expect(() => new RegExp(formPattern(q.pattern!).slice(4), 'i')).not.toThrow();
    }
  });
});

describe('times the host types', () => {
  const now = '2026-11-21T18:00:00.000Z';
  it('reads spans and zoned times, and refuses the rest with an example', () => {
    expect(parseWhen('+2h', now)).toBe('2026-11-21T20:00:00.000Z');
    expect(parseWhen('+90m', now)).toBe('2026-11-21T19:30:00.000Z');
    expect(parseWhen(' +1d ', now)).toBe('2026-11-22T18:00:00.000Z');
    expect(parseWhen('2026-11-24T20:00+01:00', now)).toBe('2026-11-24T19:00:00.000Z');
    expect(() => parseWhen('2026-11-24 20:00', now)).toThrow(/with its zone/);
  });
});

describe('src/forms and src/triggers stay pure', () => {
  // zod/mini: the pure validator the engine's match-file schema uses too (the stored pointers are checked with it).
  it('import only the engine, the renderer, each other and zod; no Apps Script or Node globals', () => {
    // src/triggers is in subfolders by concern: every file under either folder, at any depth.
    const files = ['src/forms', 'src/triggers'].flatMap((dir) =>
      (readdirSync(join(root, dir), { recursive: true }) as string[])
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(dir, name)),
    );
    const pure = ['src/engine/', 'src/sheets/', 'src/forms/', 'src/triggers/'];
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [, spec] of text.matchAll(/from\s+'([^']+)'/g)) {
        const target = spec.startsWith('.') ? posix.join(posix.dirname(file), spec) : spec;
        expect(pure.some((folder) => target.startsWith(folder)) || spec === 'zod/mini', `${file} imports ${spec}`).toBe(
          true,
        );
      }
      const code = text.replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const banned of [
        /SpreadsheetApp|FormApp|ScriptApp|LockService|PropertiesService|DriveApp|HtmlService|Utilities\.|Session\./,
        /\bSheets\./,
        /\bDrive\./,
        /Math\.random/,
        /Date\.now\(/,
        /new Date\(\)/,
        /\bprocess\./,
        /\brequire\(/,
        /setTimeout/,
      ]) {
        expect(banned.test(code), `${file} uses ${banned}`).toBe(false);
      }
    }
  });
});

describe('the projected daily trigger time (the sidebar, Check this account…)', () => {
  it("counts phases a day by the schedule's shortest phase", () => {
    expect(phasesPerDay({ default: 1440 })).toBe(1);
    expect(phasesPerDay({ default: 60, plans: 30 })).toBe(48);
    expect(phasesPerDay({})).toBe(1);
    expect(phasesPerDay({ default: 5000 })).toBe(1);
  });
  it("counts a match's own deadlines in its busiest 24 hours, when the setup gives them", () => {
    const t = (hours: number) => new Date(Date.parse('2026-11-21T18:00:00Z') + hours * 3_600_000).toISOString();
    expect(busiestDay([t(1), t(2), t(25), t(26), t(27)])).toBe(3);
    expect(busiestDay([])).toBe(1);
    // Seven phases of an hour (Pasture's three rounds): seven closes, not forty-eight.
    const seven = projectTriggerUse({
      players: 20,
      minutes: { default: 60, plans: 30 },
      deadlines: [1, 1.5, 2.5, 3, 4, 4.5, 5.5].map(t),
    });
    expect(seven.phasesPerDay).toBe(7);
    expect(seven.minutesPerDay).toBeLessThan(
      projectTriggerUse({ players: 20, minutes: { default: 60, plans: 30 } }).minutesPerDay,
    );
  });
  it('grows with the players and with shorter phases, and every game at its largest fits a personal account a phase a day (pessimistic latencies)', () => {
    const at = (players: number, minutes: number) =>
      projectTriggerUse({ players, minutes: { default: minutes } }).minutesPerDay;
    expect(at(20, 1440)).toBeGreaterThan(at(5, 1440));
    expect(at(10, 60)).toBeGreaterThan(at(10, 240));
    expect(at(10, 60)).toBeGreaterThan(DAILY_TRIGGER_MINUTES.personal);
    // On the pessimistic latencies (src/triggers/google/latency.ts) the projection bounds the bench's
    // measurement from far above (bench/results.md): within the quota, no longer within half of it.
    for (const use of EXPECTED_TRIGGER_USE)
      expect(use.minutesPerDay, use.game).toBeLessThanOrEqual(DAILY_TRIGGER_MINUTES.personal);
    // Its parts add up (each rounded to a tenth, the whole up to the minute).
    const use = projectTriggerUse({ players: 20, minutes: { default: 1440 } });
    expect(Math.abs(use.minutesPerDay - Object.values(use.parts).reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(1);
  });
});
