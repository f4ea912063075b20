// Reminder emails at least once (issue 45): a MailApp.sendEmail that throws is not a reminder
// skipped for good. Refused, it is logged as failed and tried again by the next tick, and marked
// sent only once MailApp returned; timed out (Google may have sent it), the log says it may have
// been sent, and it is tried again: a player may get it twice, never none.
import { describe, expect, it } from 'vitest';
import type { MessageEvent } from '../../src/engine/core/game.js';
import { Table, logOf } from './players.js';
import { EMAILS, startedSmallMatch } from './small-match.js';

const started = startedSmallMatch;

// The phase's opening notices (docs/notices.md) went out at 18:00, before the reminder: these are the reminder's.
const emailEvents = (table: Table) =>
  (logOf(table.sandbox).events ?? []).filter(
    (e): e is MessageEvent => e.type === 'message' && e.channel === 'email' && e.key.startsWith('remind:'),
  );

/** The mail sent after the phase's opening notices (the three of them, checked here). */
function reminders(table: Table) {
  const openings = table.google.mail.slice(0, EMAILS.length);
  expect(openings.map((m) => m.subject)).toEqual(EMAILS.map(() => expect.stringMatching(/ is open, answer by /)));
  return table.google.mail.slice(EMAILS.length);
}

/** To the reminder 5 minutes before the 19:00 deadline, with MailApp.sendEmail failing `when` (before it took effect, or after). */
function reminderFails(table: Table, when: 'before' | 'after'): void {
  table.google.clock.set('2026-11-21T18:55:10.000Z');
  table.google.onCall = (call, _i, moment) => {
    if (call.name === 'MailApp.sendEmail' && moment === when)
      throw new Error(
        when === 'before'
          ? 'Exception: Service invoked too many times for one day: email.'
          : 'Exception: Service unavailable: Mail. Try again later.',
      );
  };
  table.fire('CLOCK');
  table.google.onCall = null;
}

describe('a reminder email Google does not confirm', () => {
  it('refused: logged as failed, not skipped; the next tick sends it and only then marks it sent', () => {
    const table = started();
    reminderFails(table, 'before');
    expect(reminders(table)).toEqual([]);
    const first = emailEvents(table);
    expect(first.map((e) => e.status)).toEqual(['failed', 'failed', 'failed']);
    expect(first[0].note).toMatch(/may have been sent or not; it is tried again/);
    table.google.clock.advance(60);
    table.fire('CLOCK');
    expect(
      reminders(table)
        .map((m) => m.to)
        .sort(),
    ).toEqual([...EMAILS].sort());
    expect(emailEvents(table).map((e) => e.status)).toEqual(['failed', 'failed', 'failed', 'sent', 'sent', 'sent']);
    // Sent once it is sent: the tick after sends nothing more.
    table.google.clock.advance(60);
    table.fire('CLOCK');
    expect(reminders(table)).toHaveLength(3);
  });

  it('timed out (Google sent it, the script never heard): the log says it may have been sent, and it is tried again', () => {
    const table = started();
    reminderFails(table, 'after');
    // Sent all the same: Google did the work.
    expect(reminders(table)).toHaveLength(3);
    const events = emailEvents(table);
    expect(events.map((e) => e.status)).not.toContain('skipped');
    expect(events.every((e) => /may have been sent/.test(e.note ?? ''))).toBe(true);
    table.google.clock.advance(60);
    table.fire('CLOCK');
    // At least once: a second copy rather than none.
    expect(reminders(table)).toHaveLength(6);
    expect(emailEvents(table).filter((e) => e.status === 'sent')).toHaveLength(3);
  });
});
