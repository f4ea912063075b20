// Wall-clock time in an IANA time zone, from the platform's own time-zone database through
// Intl.DateTimeFormat (Node's ICU, and Apps Script's V8, which supports Intl's timeZone). No
// library: every zone rule comes from that database, so a match replays the same wherever its
// data agrees, and test/core/zones.test.ts fails on a platform whose data gives another answer
// for a set of known transitions. Nothing here depends on the machine's own zone (TZ).
//
// A local time that does not exist (the spring gap, when clocks jump forward) is read as the first
// instant after the gap: the moment the clocks jump. One that exists twice (the autumn overlap,
// when clocks go back) is read as the earlier of the two instants.

/** A date and time on a zone's clocks. `month` 1–12, `weekday` 0 (Sunday) to 6 (Saturday). */
interface LocalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly weekday: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// One formatter a zone: making one is far slower than using it.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's clocks at the instant `ms` (milliseconds since 1970 UTC). */
export function localTime(ms: number, zone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(ms)) if (part.type !== 'literal') parts[part.type] = +part.value;
  // Some engines said 24 for midnight before hourCycle existed.
  const hour = parts.hour % 24;
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour,
    minute: parts.minute,
    second: parts.second,
    weekday: new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay(),
  };
}

/** The zone's offset from UTC at the instant `ms`, in milliseconds (Paris in winter: +3,600,000). */
export function offsetAt(ms: number, zone: string): number {
  const t = localTime(ms, zone);
  const wall = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The clock reading as if it were UTC: what `offsetAt` adds to the instant. */
function wallOf(ms: number, zone: string): number {
  return ms + offsetAt(ms, zone);
}

/**
 * The instant the zone's clocks read `hour:minute` on `year-month-day`: in a gap, the first instant
 * after it (the moment the clocks jump); in an overlap, the earlier instant.
 */
export function instantOf(
  date: { readonly year: number; readonly month: number; readonly day: number },
  hour: number,
  minute: number,
  zone: string,
): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  // The offsets in force around that day; a zone changes its offset at most once within it.
  const offsets = [
    ...new Set([offsetAt(wall - 36 * HOUR, zone), offsetAt(wall, zone), offsetAt(wall + 36 * HOUR, zone)]),
  ];
  const fits = offsets.map((offset) => wall - offset).filter((t) => wallOf(t, zone) === wall);
  if (fits.length > 0) return Math.min(...fits);
  // A gap: at wall − (the larger offset) the clocks still read before it, at wall − (the smaller)
  // past it. The jump lies between; find its second.
  let before = Math.floor((wall - Math.max(...offsets)) / 1000);
  let after = Math.ceil((wall - Math.min(...offsets)) / 1000);
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (wallOf(mid * 1000, zone) < wall) before = mid;
    else after = mid;
  }
  return after * 1000;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** `+01:00`, `-04:00`, `+05:30`. */
function offsetText(offset: number): string {
  const minutes = Math.round(Math.abs(offset) / MINUTE);
  return `${offset < 0 ? '-' : '+'}${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/**
 * A time as a person reads it on the zone's clocks, the same on every machine (no locale):
 * `Thu 26 Nov 2026, 20:00 Europe/Paris (UTC+01:00)`, or `Thu 26 Nov 2026, 19:00 UTC`.
 */
export function zonedText(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const t = localTime(ms, zone);
  const clock = `${WEEKDAYS[t.weekday]} ${t.day} ${MONTHS[t.month - 1]} ${t.year}, ${two(t.hour)}:${two(t.minute)}`;
  return zone === 'UTC' ? `${clock} UTC` : `${clock} ${zone} (UTC${offsetText(offsetAt(ms, zone))})`;
}

/**
 * A time in each of the reader's zones, the first in full and the others after it in brackets,
 * their date only where it differs: `Thu 26 Nov 2026, 19:00 UTC (20:00 Europe/Paris, UTC+01:00)`.
 */
export function zonedTexts(iso: string, zones: readonly string[]): string {
  const [first = 'UTC', ...others] = zones;
  const full = zonedText(iso, first);
  if (others.length === 0) return full;
  const day = full.slice(0, full.indexOf(','));
  const rest = others.map((zone) => {
    const text = zonedText(iso, zone).replace(' (UTC', ', UTC').replace(/\)$/, '');
    return text.startsWith(`${day}, `) ? text.slice(day.length + 2) : text;
  });
  return `${full} (${rest.join('; ')})`;
}

/** A span of time as words, to the minute: `2 d 3 h`, `5 h 12 min`, `7 min` (at least 1 min). */
export function spanText(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/**
 * Changes of the clocks every platform's time-zone database agrees on (IANA: the EU changes on
 * the last Sunday of March and October at 01:00 UTC, the US on the second Sunday of March and the
 * first of November at 02:00 local, New South Wales on the first Sunday of April and of October):
 * the zone, the instant, the offset in hours just before it and from it.
 */
export const KNOWN_CHANGES: readonly (readonly [zone: string, at: string, before: number, after: number])[] = [
  ['Europe/Paris', '2026-03-29T01:00:00Z', 1, 2],
  ['Europe/Paris', '2026-10-25T01:00:00Z', 2, 1],
  ['America/New_York', '2026-03-08T07:00:00Z', -5, -4],
  ['America/New_York', '2026-11-01T06:00:00Z', -4, -5],
  ['Australia/Sydney', '2026-04-04T16:00:00Z', 11, 10],
  ['Australia/Sydney', '2026-10-03T16:00:00Z', 10, 11],
];

/**
 * Null when this platform's time-zone data gives every known change as it is; else what it gets
 * wrong, in one line: wall-clock deadlines computed here would differ from another machine's.
 */
export function zoneDataProblem(): string | null {
  for (const [zone, at, before, after] of KNOWN_CHANGES) {
    const ms = Date.parse(at);
    const got = [offsetAt(ms - 1000, zone), offsetAt(ms, zone)].map((offset) => offset / HOUR);
    if (got[0] !== before || got[1] !== after)
      return `this platform's time-zone data puts ${zone} at UTC${got[0]} then UTC${got[1]} around ${at}, not UTC${before} then UTC${after}`;
  }
  return null;
}

/** Whether the ISO time `a` is after `b` (kept here, with time, so the seats and the match file's checks need not import the deadlines). */
export function isAfter(a: string, b: string): boolean {
  return Date.parse(a) > Date.parse(b);
}
