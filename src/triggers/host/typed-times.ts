// Times the host types into a prompt: an ISO time with its zone, or a span from now.

const UNITS: Record<string, number> = { m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** `+90m`, `+2h`, `+1d`, or `2026-11-24T20:00Z` → an ISO time; throws with an example otherwise. */
export function parseWhen(text: string, now: string): string {
  const trimmed = text.trim();
  const span = /^\+\s*(\d+(?:\.\d+)?)\s*(m|min|h|d)$/i.exec(trimmed);
  if (span) return new Date(Date.parse(now) + Number(span[1]) * UNITS[span[2].toLowerCase()]).toISOString();
  if (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(trimmed) &&
    !Number.isNaN(Date.parse(trimmed))
  ) {
    return new Date(Date.parse(trimmed)).toISOString();
  }
  throw new Error(`"${text}" is not a time: write +2h, +1d, +90m, or a time with its zone such as 2026-11-24T20:00Z`);
}
