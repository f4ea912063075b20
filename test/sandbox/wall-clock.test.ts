// Wall-clock deadlines and every deadline in the reader's own time (issue 29 items 1 and 2), run by
// the built add-on (dist/Code.js) in the sandbox: a match on "20:00 Europe/Paris, at least 6 hours
// after it opens" whose Ben reads in New York. Each phase closes at 20:00 Paris; Ben's sheet, form
// and reminder emails give it in New York time; the spectators' sheet in UTC and Paris time, with how
// long is left as of its last drawing; Discord's posts in Discord's timestamp markup.
import { describe, expect, it } from 'vitest';
import { Table, logOf } from './players.js';
import { KINDS, SANDBOX_GAME } from '../helpers/sandbox-game.js';

const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/WallClock_0123456789-abcdefghijklmnopqrstuvw';
const NAMES = ['Ann', 'Ben', 'Cara', 'Dev'];
const EMAILS = NAMES.map((n) => `${n.toLowerCase()}@example.com`);
const CALM = { invalidEvery: 1000, missSubmitEvery: 1000, doubleSubmitEvery: 1000, tickLateSeconds: [0] };

/** A tab of a spreadsheet as label → text, its first two columns. */
function rows(table: Table, id: string, tab: string): Map<string, string> {
  const cells = table.google
    .spreadsheet(id)
    .sheet(tab)
    .cells.map((line) => (line ?? []).map((c) => c?.userEnteredValue?.stringValue ?? ''));
  return new Map(cells.filter((line) => line[0]).map((line) => [line[0], line[1]]));
}

describe("a match on wall-clock deadlines, read in each reader's own time", () => {
  it('closes each phase at 20:00 Paris and gives the deadline in New York time to Ben, in UTC and Paris time to the spectators, in markup to Discord', () => {
    const table = new Table(SANDBOX_GAME.id, EMAILS, CALM);
    table.google.discord.webhooks.add(WEBHOOK);
    table.google.promptAnswers.push({ button: 'OK', text: WEBHOOK });
    table.run('discordWebhook');
    const started = table.startMatch({
      game: SANDBOX_GAME.id,
      players: NAMES.map((name, i) => ({
        name,
        email: EMAILS[i],
        garnets: 0,
        ...(name === 'Ben' ? { timeZone: 'America/New_York' } : {}),
      })),
      // Saturday 21 November 2026, 18:00 UTC (19:00 Paris).
      startAt: '2026-11-21T18:00:00.000Z',
      timeZone: 'Europe/Paris',
      minutes: {},
      closeAt: { default: { time: '20:00', atLeastHours: 6 } },
      deadlines: {},
      closeWhenReady: { [KINDS[0]]: false, [KINDS[1]]: false },
    });
    expect(started.ok).toBe(true);
    expect(logOf(table.sandbox).schedule?.closeAt).toEqual({ default: { time: '20:00', atLeastHours: 6 } });
    table.clockTriggers(30);

    // 20:00 Paris that day is only an hour on: the pregame closes on Sunday at 20:00 Paris.
    expect(table.state().open?.timing.deadline).toBe('2026-11-22T19:00:00.000Z');
    const ben = table.playerFile('p2').sheet;
    expect(rows(table, ben, 'Status').get('Deadline')).toBe('Sun 22 Nov 2026, 14:00 America/New_York (UTC-05:00)');
    const spectators = rows(table, table.sharedId(), 'Status');
    expect(spectators.get('Deadline')).toBe('Sun 22 Nov 2026, 19:00 UTC (20:00 Europe/Paris, UTC+01:00)');
    // Drawn when the match was set up, an hour before it starts.
    expect(spectators.get('Closes in')).toBe(
      '1 d 2 h, as of the last update at Sat 21 Nov 2026, 17:00 UTC (18:00 Europe/Paris, UTC+01:00)',
    );

    // Ben's reminder gives the deadline in his time.
    const answered = table.answerPhase();
    if (answered === 'over' || answered === 'decided' || !answered.deadline) throw new Error('the pregame waits');
    table.passDeadline(answered);
    const toBen = table.google.mail.filter((m) => m.to === 'ben@example.com' && / closes in /.test(m.subject));
    expect(toBen.length).toBeGreaterThan(0);
    for (const mail of toBen)
      expect(mail.body).toContain('closes at Sun 22 Nov 2026, 14:00 America/New_York (UTC-05:00), in ');
    // The pregame's opening called him in his time too (docs/notices.md).
    const called = table.google.mail.filter((m) => m.to === 'ben@example.com' && / is open/.test(m.subject));
    expect(called[0]?.body).toContain('Answer by Sun 22 Nov 2026, 14:00 America/New_York (UTC-05:00).');

    // Round 1 opened at the pregame's deadline and closes the next day at 20:00 Paris.
    const round1 = table.state().open!;
    expect(round1.timing).toEqual({ opensAt: '2026-11-22T19:00:00.000Z', deadline: '2026-11-23T19:00:00.000Z' });
    expect(rows(table, ben, 'Status').get('Deadline')).toBe('Mon 23 Nov 2026, 14:00 America/New_York (UTC-05:00)');
    // Each player's form gives it in their own time too: Ben's in New York's, Ann's in the match's.
    const form = (id: string) => table.google.forms.get(table.playerFile(id).form)!.description;
    expect(form('p2')).toContain('Open until Mon 23 Nov 2026, 14:00 America/New_York (UTC-05:00).');
    expect(form('p1')).toContain('Open until Mon 23 Nov 2026, 20:00 Europe/Paris (UTC+01:00).');

    // The pregame's result post says when round 1 closes, in each reader's own time on Discord.
    const seconds = Date.parse('2026-11-23T19:00:00.000Z') / 1000;
    const result = table.google.discord.posts.find((p) => / is over\./.test(p.content));
    expect(result?.content).toContain(`is open until <t:${seconds}:F> (<t:${seconds}:R>)`);
    // The reminders' posts too: the pregame's deadline, Sunday 19:00 UTC.
    const waiting = table.google.discord.posts.filter(
      (p) => /Waiting for: /.test(p.content) && / closes /.test(p.content),
    );
    expect(waiting.length).toBeGreaterThan(0);
    for (const post of waiting) expect(post.content).toContain(`closes <t:1795374000:F> (<t:1795374000:R>)`);
  }, 240_000);
});
