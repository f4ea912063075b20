// The host's guardrails in the built add-on (issue 29): the caps chosen at New match… are in the
// match file and on every player's and spectator's sheet; the menu refuses an extension or a pause
// past them with one line and logs nothing; every host action is on the spectators' Host actions
// list with the reason the host gave.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_GAME } from '../../src/engine/index.js';
import { Table, logOf } from './players.js';

const NAMES = ['Ann', 'Ben', 'Cara'];
const EMAILS = NAMES.map((n) => `${n.toLowerCase()}@example.com`);

// The guardrails are the host's, not a game's: the example game carries them.
function started(): Table {
  const table = new Table(EXAMPLE_GAME.id, EMAILS);
  const result = table.startMatch({
    game: EXAMPLE_GAME.id,
    players: NAMES.map((name, i) => ({ name, email: EMAILS[i], garnets: 0 })),
    startAt: '2026-11-21T18:00:00.000Z',
    timeZone: 'Europe/London',
    minutes: { default: 60 },
    deadlines: {},
    guardrails: { extensionMinutes: 120, pauses: 1 },
  });
  expect(result.ok).toBe(true);
  table.google.clock.set('2026-11-21T18:00:30.000Z');
  table.fire('CLOCK');
  return table;
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
    expect(logOf(table.sandbox).guardrails).toEqual({ extensionMinutes: 120, pauses: 1 });
    const line = 'The host may extend a phase';
    expect(texts(table, table.sharedId())).toContain(
      `${line}'s deadline by 2 hours in all, and may pause the match 1 time`,
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
    menu(table, 'extendDeadline', '+30m', '=HYPERLINK("http://evil.example","click")');
    const cells = table.google
      .spreadsheet(table.sharedId())
      .workbook.tabs.find((t) => t.title === 'Host actions')!
      .cells.flat()
      .map((c) => c?.userEnteredValue)
      .filter((v) => v !== undefined);
    expect(cells).toContainEqual({ stringValue: '=HYPERLINK("http://evil.example","click")' });
    expect(cells.some((v) => v && 'formulaValue' in v)).toBe(false);
    const before = entries(table);
    expect(menu(table, 'extendDeadline', '+40m', 'x'.repeat(301))).toMatch(
      /^The reason is 301 characters; .* keep it to 300\. Nothing was changed\.$/,
    );
    expect(entries(table)).toBe(before);
  });
});
