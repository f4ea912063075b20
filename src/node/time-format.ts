// Times as players read them, the way Apps Script's Utilities.formatDate writes them with the
// pattern the add-on uses ('EEE d MMM yyyy, HH:mm z'): for a machine's host (host-ports.ts) and for
// the sandbox's fake of Utilities.formatDate, so both write what the add-on writes.

/** 'Tue 24 Nov 2026, 20:00 GMT+1', as the add-on formats times for players (Utilities.formatDate 'EEE d MMM yyyy, HH:mm z'). */
export function formatTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}
