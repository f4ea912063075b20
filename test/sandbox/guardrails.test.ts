// The host's guardrails in the built add-on (issue 29): the caps chosen at New match… are in the
// match file and on every player's and spectator's sheet; the menu refuses an extension or a pause
// past them with one line and logs nothing; every host action is on the spectators' Host actions
// list with the reason the host gave.
import { describe, expect, it } from 'vitest';
import { HOST, type Table, logOf } from './players.js';
import { startedSmallMatch } from './small-match.js';

// The guardrails are the host's, not a game's: the example game carries them.
function started(guardrails: object = { extensionMinutes: 120, pauses: 1 }): Table {
  return startedSmallMatch({ guardrails });
}

/** Every entry of the log, as the host spreadsheet's log tab holds it. */
function entries(table: Table): number {
  const log = logOf(table.sandbox);
  return log.submissions.length + log.decisions.length + (log.events ?? []).length;
}

/** The menu item run with the prompts answered in order; answers the alert it ended with (after the menu's title). */
function menu(table: Table, item: string, ...answers: string[]): string {
  for (const text of answers) table.google.promptAnswers.push({ button: 'OK', text });
  table.run(item);
  return String(table.google.ui.alerts.at(-1)).replace(/^Genius Host: /, '');
}

const texts = (table: Table, fileId: string) =>
  JSON.stringify(table.google.spreadsheet(fileId).workbook.tabs.map((t) => t.cells));

describe('guardrails', () => {
  it('keeps the caps in the match file and shows them to players and spectators', () => {
    const table = started();
    expect(logOf(table.sandbox).guardrails).toEqual({ extensionMinutes: 120, pauses: 1, pauseMinutes: 2880 });
    const line = 'The host may extend a phase';
    expect(texts(table, table.sharedId())).toContain(
      `${line}'s deadline by 2 hours in all, and may pause the match 1 time for 2 days in all`,
    );
    expect(texts(table, table.playerFile('p1').sheet)).toContain(line);
  });

  it('refuses an extension past the cap with one line, and logs nothing', () => {
    const table = started();
    const { deadline, title } = {
      deadline: table.state().open!.timing.deadline!,
      title: table.state().open!.phase.title,
    };
    menu(table, 'extendDeadline', '+90m', 'Ben lost power');
    expect(logOf(table.sandbox).events?.at(-1)).toMatchObject({ type: 'extend', reason: 'Ben lost power' });
    const before = entries(table);
    const refused = menu(table, 'extendDeadline', '+4h', 'more time');
    expect(refused).toBe(
      `Refused: this match's guardrails allow 2 hours of extension a phase, so ${title} can close at ${new Date(Date.parse(deadline) + 2 * 3600_000).toISOString()} at the latest (its schedule says ${deadline}); nothing was changed.`,
    );
    expect(refused).not.toContain('\n');
    expect(entries(table)).toBe(before);
    expect(table.google.promptAnswers).toEqual([]);
  });

  it('refuses a pause past the cap with one line, and logs nothing; the Host actions list shows what was done and why', () => {
    const table = started();
    expect(menu(table, 'pauseMatch', 'a storm')).not.toMatch(/Refused/);
    table.google.clock.advance(600);
    expect(menu(table, 'resumeMatch', 'power is back')).not.toMatch(/Refused/);
    const before = entries(table);
    const refused = menu(table, 'pauseMatch', 'again');
    expect(refused).toBe(
      "Refused: this match's guardrails allow 1 pause, and the match has had 1; nothing was changed.",
    );
    expect(entries(table)).toBe(before);
    const shown = texts(table, table.sharedId());
    for (const text of ['Paused the match', 'a storm', 'Resumed the match', 'power is back'])
      expect(shown).toContain(text);
  });

  it("keeps a reason as text, never a formula, and refuses one too long for everyone's sheet", () => {
    const table = started();
    menu(table, 'extendDeadline', '+90m', '=HYPERLINK("http://evil.example","click")');
    const cells = table.google
      .spreadsheet(table.sharedId())
      .workbook.tabs.find((t) => t.title === 'Host actions')!
      .cells.flat()
      .map((c) => c?.userEnteredValue)
      .filter((v) => v !== undefined);
    expect(cells).toContainEqual({ stringValue: '=HYPERLINK("http://evil.example","click")' });
    expect(cells.some((v) => v && 'formulaValue' in v)).toBe(false);
    const before = entries(table);
    expect(menu(table, 'extendDeadline', '+100m', 'x'.repeat(301))).toMatch(
      /^The reason is 301 characters; .* keep it to 300\. Nothing was changed\.$/,
    );
    expect(entries(table)).toBe(before);
  });

  // Around the caps, not only at them (issue 45).
  const closeOpen = (table: Table) => {
    table.google.clock.set(new Date(Date.parse(table.state().open!.timing.deadline!) + 30_000).toISOString());
    table.fire('CLOCK');
  };
  const iso = (table: Table, minutes: number) => new Date(table.google.clock.now() + minutes * 60_000).toISOString();

  it('refuses an Undo last phase that would reopen a phase for longer than the cap (30 days with 2 hours), and logs nothing', () => {
    const table = started();
    const title = table.state().open!.phase.title;
    closeOpen(table);
    const before = entries(table);
    expect(menu(table, 'undoLastPhase', '+30d', 'one more try')).toBe(
      `Refused: this match's guardrails allow 2 hours of extra time a phase, and ${title} has had 0 minutes, so it can reopen until ${iso(table, 120)} at the latest; nothing was changed.`,
    );
    expect(entries(table)).toBe(before);
  });

  it('counts several small undos together: the third, past the cap, is refused', () => {
    const table = started();
    const title = table.state().open!.phase.title;
    closeOpen(table);
    for (let i = 0; i < 2; i += 1) {
      expect(menu(table, 'undoLastPhase', '+50m', `undo ${i}`)).not.toMatch(/Refused/);
      expect(table.state().open?.phase.title).toBe(title);
      closeOpen(table);
    }
    const before = entries(table);
    expect(menu(table, 'undoLastPhase', '+50m', 'and again')).toBe(
      `Refused: this match's guardrails allow 2 hours of extra time a phase, and ${title} has had 1 hour 40 minutes, so it can reopen until ${iso(table, 20)} at the latest; nothing was changed.`,
    );
    expect(entries(table)).toBe(before);
  });

  it('counts an extension and a later undo of the same phase together', () => {
    const table = started();
    const title = table.state().open!.phase.title;
    // The whole cap: 19:00 to 21:00.
    expect(menu(table, 'extendDeadline', '2026-11-21T21:00Z', 'Ben lost power')).not.toMatch(/Refused/);
    closeOpen(table);
    const before = entries(table);
    expect(menu(table, 'undoLastPhase', '+10m', 'a little more')).toBe(
      `Refused: this match's guardrails allow 2 hours of extra time a phase, and ${title} has had it all; nothing was changed.`,
    );
    expect(entries(table)).toBe(before);
  });

  it('never shortens: an "extension" to a sooner deadline (60 minutes to 2) is refused, and logs nothing', () => {
    const table = started();
    const { deadline, title } = {
      deadline: table.state().open!.timing.deadline!,
      title: table.state().open!.phase.title,
    };
    const before = entries(table);
    const refused = menu(table, 'extendDeadline', '+2m', 'hurry up');
    expect(refused).toBe(
      `Refused: Extend deadline… only moves a deadline later, and ${iso(table, 2)} is before ${title}'s deadline ${deadline}; nothing was changed.`,
    );
    expect(entries(table)).toBe(before);
    expect(table.state().open!.timing.deadline).toBe(deadline);
  });

  it('counts paused time: a pause ends by itself when the time runs out (a 30-day pause lasts 2 hours)', () => {
    const table = started({ extensionMinutes: 120, pauses: 3, pauseMinutes: 120 });
    const deadline = table.state().open!.timing.deadline!;
    const phase = table.state().open!.phase.id;
    expect(menu(table, 'pauseMatch', 'a storm')).not.toMatch(/Refused/);
    const pausedAt = table.google.clock.now();
    expect(table.state().paused?.endsAt).toBe(new Date(pausedAt + 120 * 60_000).toISOString());
    // Thirty days later, with no Resume: the pause ended after 2 hours, the deadline moved by 2 hours, and the phase closed.
    table.google.clock.advance(30 * 24 * 3600);
    table.fire('CLOCK');
    const result = table.state();
    expect(result.paused).toBeNull();
    const closed = result.closed.find((c) => c.phase.id === phase)!;
    expect(closed.timing.deadline).toBe(new Date(Date.parse(deadline) + 120 * 60_000).toISOString());
    expect(menu(table, 'resumeMatch', 'back')).toMatch(/not paused/);
  });

  it('counts paused time across pauses: a pause then another ends when the total runs out, and a third is refused', () => {
    const table = started({ extensionMinutes: 120, pauses: 3, pauseMinutes: 60 });
    expect(menu(table, 'pauseMatch', 'a storm')).not.toMatch(/Refused/);
    table.google.clock.advance(50 * 60);
    expect(menu(table, 'resumeMatch', 'power is back')).not.toMatch(/Refused/);
    expect(menu(table, 'pauseMatch', 'another storm')).not.toMatch(/Refused/);
    expect(table.state().paused?.endsAt).toBe(iso(table, 10));
    table.google.clock.advance(20 * 60);
    expect(table.state().paused).toBeNull();
    const before = entries(table);
    expect(menu(table, 'pauseMatch', 'a third')).toBe(
      "Refused: this match's guardrails allow 1 hour paused in all, and the match has been paused that long; nothing was changed.",
    );
    expect(entries(table)).toBe(before);
  });

  it("lists on Host actions a change of a player's public row that Google did not attribute to that player", () => {
    const table = started();
    const open = table.state().open!;
    const questions = open.phase.questions.p1;
    const question = questions.find((q) => q.public)!;
    const answer = question.choices?.[0] ?? 'red';
    // The host (the triggers' owner, whom the edit event names) types into Ann's row.
    table.typeRow('p1', { [question.id]: answer }, questions, HOST);
    table.google.clock.advance(60);
    table.fire('CLOCK');
    const logged = logOf(table.sandbox).submissions.filter((s) => s.via === 'row' && s.player === 'p1');
    expect(logged.map((s) => s.editedBy)).toEqual(['other']);
    expect(texts(table, table.sharedId())).toContain(
      "Ann's public row was changed from another Google account than Ann's",
    );
    // Ben types into his own row: the event names no one (he never authorized the add-on). It is
    // listed under its own heading of the Host actions tab, as Ben's or the host's (the row's
    // protection lets no one else edit it), and not among the host's actions.
    const ben = open.phase.questions.p2;
    const benQuestion = ben.find((q) => q.public)!;
    table.typeRow('p2', { [benQuestion.id]: benQuestion.choices?.[1] ?? 'blue' }, ben);
    table.google.clock.advance(60);
    table.fire('CLOCK');
    const tab = table.google.spreadsheet(table.sharedId()).workbook.tabs.find((t) => t.title === 'Host actions')!;
    const columns = (text: string) =>
      tab.cells.flatMap((row, r) =>
        row.flatMap((cell, c) => (cell?.userEnteredValue?.stringValue?.includes(text) ? [[r, c]] : [])),
      );
    const [heading] = columns('Row edits Google did not name an editor for');
    const [actionsHeading] = columns('Host actions: everything the host did');
    expect(heading, 'the heading of its own').toBeDefined();
    const [benRow] = columns("Ben's row");
    expect(columns('Ben or the host')).toHaveLength(1);
    // Under the row edits' heading (its table's rows), not under the host's actions.
    const under = (cell: number[], head: number[]) => cell[0] > head[0] && cell[1] >= head[1];
    expect(under(benRow, heading)).toBe(true);
    expect(columns('Ben').filter((cell) => under(cell, actionsHeading) && !under(cell, heading))).toEqual([]);
    expect(texts(table, table.sharedId())).not.toContain("Ben's public row was changed");
    // The host's own typing stays a host action.
    const [annAction] = columns("Ann's public row was changed from another Google account than Ann's");
    expect(under(annAction, actionsHeading) && !under(annAction, heading)).toBe(true);
  });
});
