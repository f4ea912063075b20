// What a match of each game is expected to spend of the host account's daily trigger time, from
// the cost model (test/reliability/cost.ts) as bench/results.md last measured it, each game at its
// largest player count. Here, in the bundle, for Check this account…; the bench regenerates the
// measurements (npm run bench), and this table follows bench/results.md by hand.

/** Apps Script's daily trigger time ("Quotas for Google Services": Triggers total runtime). */
export const DAILY_TRIGGER_MINUTES = { personal: 90, workspace: 360 } as const;

export interface ExpectedUse {
  readonly game: string;
  /** The player count it was measured with (each game's largest). */
  readonly players: number;
  /** Trigger minutes a day under the cost model (conservative: 1.2 s a Sheets API call). */
  readonly minutesPerDay: number;
  /** When the use is that high (most games idle most of the day). */
  readonly why: string;
}

export const EXPECTED_TRIGGER_USE: readonly ExpectedUse[] = [
  { game: 'pasture', players: 20, minutesPerDay: 250, why: 'public fence plans are read every minute while open, and twenty forms take long to read' },
  { game: 'paint', players: 12, minutesPerDay: 13, why: 'idle ticks end after one read' },
  { game: 'peg-domain', players: 2, minutesPerDay: 13, why: 'idle ticks end after one read' },
  { game: 'fair-and-square', players: 8, minutesPerDay: 13, why: 'idle ticks end after one read' },
  { game: 'not-flower-field', players: 6, minutesPerDay: 13, why: 'idle ticks end after one read' },
];
