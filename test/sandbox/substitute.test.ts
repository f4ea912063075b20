// Substitute a player… in the built add-on (dist/Code.js in the Apps Script sandbox), in every game
// of the registry: mid-match the host gives a seat to Zed. Zed's account gets the seat's form,
// private sheet and row; the old account loses them, and its answer sent after the switch is
// refused (by Forms, by the row's protection, or by replay with the reason); Zed's counts; the
// spectators read "Zed (sub for Ann)" and the Host actions list.
import { describe, expect, it } from 'vitest';
import { GAME_LIST, gameById } from '../../src/engine/index.js';
import { checkFilesPrivate } from './whole-match.js';
import { Table, accountsOn, logOf, privatePart } from './players.js';
import { machineFor } from './machine.js';
import { workbookTexts } from '../helpers/privacy.js';
import { sampleOf } from '../helpers/depth.js';

// A sample of the games in each sweep (test/helpers/depth.ts); npm run test:deep substitutes in every one.
const SAMPLE = sampleOf('substitute', GAME_LIST, 2);
const SAMPLE_MACHINE = sampleOf('substitute then a machine', GAME_LIST, 2);

const NAMES = ['Ann', 'Ben', 'Cara', 'Dev', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jo', 'Kai', 'Lea'];
const ZED = 'zed@example.org';

/**
 * A match of `gameId` started from the sidebar; `openForms`: its forms open to anyone with the link
 * (so a wrong account's answer reaches replay); `anonymous`: an anonymous match.
 */
function started(gameId: string, openForms: boolean, anonymous = false): Table {
  const game = gameById(gameId);
  const count = Math.min(Math.max(game.playerCount.min, 3), game.playerCount.max);
  const emails = NAMES.slice(0, count).map((n) => `${n.toLowerCase()}@example.com`);
  const table = new Table(gameId, emails);
  Object.assign(table.google.options, { refuseResponderRestriction: openForms });
  const result = table.startMatch({
    game: gameId,
    players: NAMES.slice(0, count).map((name, i) => ({ name, email: emails[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60 },
    deadlines: {},
    ...(anonymous ? { anonymous: true } : {}),
  });
  expect(result.ok).toBe(true);
  // One phase played, so the seat changes hands mid-match.
  table.playPhase();
  return table;
}

/** The seat that answers in the open phase: its id, name and email at the start. */
function answeringSeat(table: Table): { id: string; name: string; email: string } {
  const open = table.state().open!;
  const id = Object.keys(open.phase.questions)[0];
  const player = table.players().find((p) => p.id === id)!;
  return { id, name: player.name, email: player.email! };
}

/** The host gives `seat` to Zed through the menu, with a reason. */
function substitute(table: Table, seat: { name: string }): void {
  table.google.promptAnswers.push({ button: 'OK', text: `${seat.name}, Zed, ${ZED}` });
  table.google.promptAnswers.push({ button: 'OK', text: `${seat.name} moved abroad` });
  table.run('substitutePlayer');
}

/**
 * The seat's bot answer for the open phase, from `account`: its private part through the seat's
 * form (false when Forms refused it), its public part typed into the seat's row (false when the
 * row's protection refused it).
 */
function answerAs(table: Table, seat: string, account: string, tick = () => table.fire('ON_FORM_SUBMIT')): boolean {
  const result = table.state();
  const open = result.open!;
  const game = gameById(table.gameId);
  const questions = open.phase.questions[seat];
  const answers = game.bots[game.defaultBot]({
    state: result.state,
    phase: open.phase,
    player: seat,
    ctx: result.ctx,
    random: result.ctx.random(`substitute/${open.phase.id}`),
  })!;
  table.google.clock.advance(20);
  if (questions.some((q) => !q.public)) {
    if (!table.submitOnly(seat, privatePart(answers, questions), questions, account)) return false;
    tick();
    return true;
  }
  try {
    table.typeRow(seat, answers, questions, account);
  } catch (error) {
    if (/protected/.test(String(error))) return false;
    throw error;
  }
  table.google.clock.advance(60);
  table.fire('CLOCK');
  return true;
}

const accounts = (table: Table, fileId: string) => accountsOn(table.google, fileId);

describe.each(SAMPLE.map((game) => [game.title, game.id]))('Substitute a player… in %s', (_title, gameId) => {
  it("passes a seat to Zed mid-match: the files and the row go to Zed's account, Ann's loses them, and everyone reads it", () => {
    const table = started(gameId, false);
    const seat = answeringSeat(table);
    substitute(table, seat);
    const { google } = table;
    expect(google.ui.prompts.at(-1)).toMatch(new RegExp(`^Why give ${seat.name}'s seat to Zed\\?`));
    expect(logOf(table.sandbox).events?.find((e) => e.type === 'substitute')).toMatchObject({
      player: seat.id,
      name: 'Zed',
      email: ZED,
      reason: `${seat.name} moved abroad`,
    });
    // The files: Zed's account has the seat's form, private sheet and the shared sheet; the old account none.
    const files = table.playerFile(seat.id);
    expect(accounts(table, files.sheet)).toEqual([ZED]);
    expect(accounts(table, table.sharedId())).toContain(ZED);
    for (const file of google.files.values()) expect(accounts(table, file.id), file.id).not.toContain(seat.email);
    const rowEditors = JSON.stringify(
      [...google.spreadsheet(table.sharedId()).protections.values()].map((p) => p.editors),
    );
    expect(rowEditors).toContain(ZED);
    expect(rowEditors).not.toContain(seat.email);
    // The old account can no longer answer (Forms or the row's protection refuses it); Zed's answer counts.
    expect(answerAs(table, seat.id, seat.email)).toBe(false);
    expect(answerAs(table, seat.id, ZED)).toBe(true);
    const counted = table
      .state()
      .receipts.filter((r) => r.player === seat.id)
      .at(-1);
    expect(counted?.status).toMatch(/accepted|partial/);
    // What everyone reads; and privacy for both people (each seat's files shared with its account alone).
    const texts = JSON.stringify(google.spreadsheet(table.sharedId()).workbook.tabs.map((t) => t.cells));
    expect(texts).toContain(`Zed (sub for ${seat.name})`);
    expect(texts).toContain(`Zed took ${seat.name}'s seat`);
    expect(texts).toContain(`${seat.name} moved abroad`);
    expect(texts).not.toContain(ZED);
    expect(texts).not.toContain(seat.email);
    // (The views are checked for privacy at the end of a match; mid-phase a player's own "nothing yet" reads like the host's.)
    checkFilesPrivate(table, `${gameId} after the substitution`, false);
  }, 240_000);

  it('refuses, with the reason, an answer the old account sends after the switch where a form is open to anyone with the link', () => {
    const table = started(gameId, true);
    const seat = answeringSeat(table);
    const questions = table.state().open!.phase.questions[seat.id];
    if (!questions.some((q) => !q.public)) return; // a row-only phase: its protection refuses the old account (above)
    substitute(table, seat);
    expect(answerAs(table, seat.id, seat.email)).toBe(true);
    const refused = table.state().receipts.at(-1)!;
    expect(refused).toMatchObject({ player: seat.id, status: 'rejected' });
    expect(refused.reasons[0]).toMatch(
      new RegExp(`^sent from ${seat.name}'s Google account after the host gave this seat to Zed \\(from `),
    );
    expect(answerAs(table, seat.id, ZED)).toBe(true);
    expect(
      table
        .state()
        .receipts.filter((r) => r.player === seat.id)
        .at(-1)?.status,
    ).toMatch(/accepted|partial/);
  }, 240_000);
});

describe.each(SAMPLE_MACHINE.map((game) => [game.title, game.id]))(
  'Substitute a player… then a machine hosts %s',
  (_title, gameId) => {
    it("judges the old account's answer after the switch refused with the reason, and the new account's counted", () => {
      const table = started(gameId, true);
      const seat = answeringSeat(table);
      const questions = table.state().open!.phase.questions[seat.id];
      if (!questions.some((q) => !q.public)) return; // a row-only phase: its protection refuses the old account
      substitute(table, seat);
      table.run('hostFromMachine');
      expect(table.google.properties.get('gh.runner')).toBe('machine');
      const machine = machineFor(table, 'machine-1');
      // A machine has no form trigger: it reads the forms on its tick, every few minutes, and judges
      // each answer by the time it was sent (both sent before the tick, as a short turn needs).
      expect(answerAs(table, seat.id, seat.email, () => {})).toBe(true);
      expect(answerAs(table, seat.id, ZED, () => {})).toBe(true);
      table.google.clock.advance(6 * 60);
      machine.tick();
      const [refused, counted] = table
        .state()
        .receipts.filter((r) => r.player === seat.id)
        .slice(-2);
      expect(refused).toMatchObject({ status: 'rejected' });
      expect(refused.reasons[0]).toMatch(
        new RegExp(`^sent from ${seat.name}'s Google account after the host gave this seat to Zed \\(from `),
      );
      expect(counted.status).toMatch(/accepted|partial/);
      // The machine draws the spectators' sheet with the seat's new name.
      expect(JSON.stringify(table.google.spreadsheet(table.sharedId()).workbook.tabs.map((t) => t.cells))).toContain(
        `Zed (sub for ${seat.name})`,
      );
    }, 240_000);
  },
);

describe('Substitute a player… in an anonymous match', () => {
  it("gives Zed the seat's form and private sheet, never the shared sheet, which no player's account has (its sharing would show them)", () => {
    const table = started(GAME_LIST[0].id, false, true);
    const seat = answeringSeat(table);
    substitute(table, seat);
    expect(logOf(table.sandbox).events?.find((e) => e.type === 'substitute')).toMatchObject({ email: ZED });
    expect(accounts(table, table.playerFile(seat.id).sheet)).toEqual([ZED]);
    expect(accounts(table, table.sharedId())).toEqual([]);
    for (const file of table.google.files.values()) expect(accounts(table, file.id), file.id).not.toContain(seat.email);
    checkFilesPrivate(table, 'an anonymous match after the substitution', false);
    // Zed plays under the seat's alias: only the host's sheet names Zed (issue 38).
    expect(logOf(table.sandbox).events?.find((e) => e.type === 'substitute')).toMatchObject({
      name: seat.name,
      person: 'Zed',
    });
    const named = (texts: Set<string>) => [...texts].filter((text) => /\bZed\b/.test(text));
    expect(named(workbookTexts(table.google.host.workbook)).length).toBeGreaterThan(0);
    expect(named(workbookTexts(table.google.spreadsheet(table.sharedId()).workbook))).toEqual([]);
    for (const player of table.players())
      expect(
        named(workbookTexts(table.google.spreadsheet(table.playerFile(player.id).sheet).workbook)),
        player.id,
      ).toEqual([]);
  }, 240_000);
});
