// Substitute a player… while a machine hosts the match over HTTP (test/http/hosting.ts: genius-host
// host's ports against the loopback Google). After a phase the host
// takes the match back, gives a seat to Zed and hands it over again (README, "While a machine hosts
// the match"); from then on the machine judges the seat's answers: the old account's is refused with
// the reason (its forms are open to anyone with the link, so the answer reaches replay; a row's
// protection refuses it first), Zed's counts. Zed's account holds the seat's files and row, the old
// account none, and the privacy checker holds for both people to the end of the match.
import { describe, expect, it } from 'vitest';
import type { Answers, Question } from '../../src/engine/core/game.js';
import { EXAMPLE_GAME, GAME_LIST, gameById } from '../../src/engine/index.js';
import { accountsOn, logOf, privatePart } from '../sandbox/players.js';
import { checkFilesPrivate } from '../sandbox/whole-match.js';
import { HostChild, handedOver, playToEnd } from './hosting.js';
import { sampleOf } from '../helpers/depth.js';

const ZED = 'zed@example.org';

type Hosted = Awaited<ReturnType<typeof handedOver>>['table'];

/** The seat answering the open phase: one with a question its form asks where there is one. */
function answeringSeat(table: Hosted): { id: string; name: string; email: string; questions: readonly Question[] } {
  const open = table.state().open!;
  const ids = Object.keys(open.phase.questions);
  const id = ids.find((p) => open.phase.questions[p].some((q) => !q.public)) ?? ids[0];
  const player = table.players().find((p) => p.id === id)!;
  return { id, name: player.name, email: player.email!, questions: open.phase.questions[id] };
}

/** The seat's bot answer for the open phase. */
function botAnswer(table: Hosted, seat: string): Answers {
  const result = table.state();
  const open = result.open!;
  const game = gameById(table.gameId);
  return game.bots[game.defaultBot]({
    state: result.state,
    phase: open.phase,
    player: seat,
    ctx: result.ctx,
    random: result.ctx.random(`substitute/${open.phase.id}`),
  })!;
}

/** `account` answers for the seat: by its form where the phase asks there, else in its row. False when refused there. */
function answerAs(table: Hosted, seat: ReturnType<typeof answeringSeat>, account: string): boolean {
  const answers = botAnswer(table, seat.id);
  table.google.clock.advance(20);
  if (seat.questions.some((q) => !q.public))
    return table.submitOnly(seat.id, privatePart(answers, seat.questions), seat.questions, account);
  try {
    table.typeRow(seat.id, answers, seat.questions, account);
  } catch (error) {
    if (/protected/.test(String(error))) return false;
    throw error;
  }
  return true;
}

const accounts = (table: Hosted, fileId: string) => accountsOn(table.google, fileId);

describe.concurrent('Substitute a player… while a machine hosts the match over HTTP', () => {
  // Up to 5 minutes, not the default minute: a whole match hosted by the built command over HTTP, on 2 busy cores.
  // Each case is a whole match over HTTP (two minutes on a busy machine), and the substitution is
  // the same code whatever the game: every game is substituted in the sandbox, by the add-on and by
  // a machine (test/sandbox/substitute.test.ts). Here the example game, with forms open to anyone (the
  // answer reaches replay, which refuses it with its reason) and forms kept to their players (Forms
  // itself refuses, and the form's responder moves to Zed); and a game whose phases end on a move,
  // whose machine reads the forms every tick (forms open to anyone).
  const endsOnMove = GAME_LIST.find((game) => game.closesEarly !== undefined);
  const cases = [EXAMPLE_GAME, ...(endsOnMove ? [endsOnMove] : [])].flatMap((game) =>
    (game.id === EXAMPLE_GAME.id ? [false, true] : [true]).map((openForms) => ({
      game: game.id,
      players: Math.min(Math.max(game.playerCount.min, 3), game.playerCount.max),
      openForms,
      forms: openForms ? 'open to anyone with the link' : 'kept to their players',
    })),
  );
  // Two of the cases by default, every one in the deep run (test/helpers/depth.ts).
  it.each(sampleOf('substitute over HTTP', cases, 2))(
    "$game, forms $forms: the old account is refused, Zed's counts, the files follow the seat, and privacy holds for both",
    { timeout: 300_000 },
    async ({ game, players, openForms }) => {
      const world = { refuseResponderRestriction: openForms };
      const { table, google, key } = await handedOver(game, players, {}, {}, world);
      const machine = new HostChild(google, table.google.host.id, key);
      const clock = table.google.clock;
      try {
        await playToEnd(game, table, machine, undefined, false, 1);
        const seat = answeringSeat(table);
        table.google.promptAnswers.push({ button: 'OK', text: `${seat.name}, Zed, ${ZED}` });
        table.google.promptAnswers.push({ button: 'OK', text: `${seat.name} moved abroad` });
        table.run('substitutePlayer');
        expect(table.google.properties.get('gh.runner')).toBe('machine');
        expect(logOf(table.sandbox).events?.find((e) => e.type === 'substitute')).toMatchObject({
          player: seat.id,
          name: 'Zed',
          email: ZED,
        });

        // Both accounts answer; the machine reads them on its next tick (it polls the forms). Forms
        // refuses the old account where the form is kept to the seat's, a row's protection refuses
        // it in the row, and replay refuses it, with the reason, where the form is open to anyone.
        const byForm = seat.questions.some((q) => !q.public);
        const reachesReplay = byForm && openForms;
        expect(answerAs(table, seat, seat.email)).toBe(reachesReplay);
        expect(answerAs(table, seat, ZED)).toBe(true);
        clock.advance(6 * 60);
        const tick = await machine.tick(clock.iso());
        expect(tick.error, JSON.stringify(tick)).toBeUndefined();
        const receipts = table.state().receipts.filter((r) => r.player === seat.id);
        const [refused, counted] = reachesReplay ? receipts.slice(-2) : [undefined, receipts.at(-1)];
        if (refused) {
          expect(refused).toMatchObject({ status: 'rejected' });
          expect(refused.reasons[0]).toMatch(
            new RegExp(`^sent from ${seat.name}'s Google account after the host gave this seat to Zed \\(from `),
          );
        }
        expect(counted?.status).toMatch(/accepted|partial/);
        expect(Date.parse(counted!.at!)).toBeGreaterThan(Date.parse(refused?.at ?? '1970-01-01T00:00:00Z'));

        // The files: Zed's account has the seat's private sheet, the shared sheet and (kept to the
        // seat's account) the form; the old account nothing.
        expect(accounts(table, table.playerFile(seat.id).sheet)).toEqual([ZED]);
        if (!openForms) expect(accounts(table, table.playerFile(seat.id).form)).toEqual([ZED]);
        expect(accounts(table, table.sharedId())).toContain(ZED);
        for (const file of table.google.files.values())
          expect(accounts(table, file.id), file.id).not.toContain(seat.email);
        const rowEditors = JSON.stringify(
          [...table.google.spreadsheet(table.sharedId()).protections.values()].map((p) => p.editors),
        );
        expect(rowEditors).toContain(ZED);
        expect(rowEditors).not.toContain(seat.email);
        checkFilesPrivate(table, `${game} after the substitution`, false, openForms);

        // The machine plays on to the end, Zed answering for the seat; the privacy checker holds for both people.
        table.seatAccounts.set(seat.id, ZED);
        await playToEnd(game, table, machine);
        const shared = JSON.stringify(table.google.spreadsheet(table.sharedId()).workbook.tabs.map((t) => t.cells));
        expect(shared).toContain(`Zed (sub for ${seat.name})`);
        expect(shared).not.toContain(ZED);
        expect(shared).not.toContain(seat.email);
        for (const file of table.google.files.values())
          expect(accounts(table, file.id), file.id).not.toContain(seat.email);
        expect(checkFilesPrivate(table, `${game} at the end`, true, openForms)).toBeGreaterThan(0);
      } finally {
        machine.close();
        await google.close();
      }
    },
  );
});
