// This game's part of npm run bench, section 6 (bench/sandbox.ts): the add-on in the sandbox.

/**
 * Executions of this game's phase-a-day match before issue 26 (a minute trigger all match long):
 * bench/results.md of 2026-11-24, the last run before it. The target is an eighth of these.
 */
export const executionsBefore = 10322;

/** A live session plays Pasture's five rounds (its largest case plays fewer). */
export const liveOptions = { rounds: 5 };

/**
 * Deadline to every board, the worst (seconds, pessimistic) of its phase-a-day match and its live
 * session before issue 42 (bench/results.md of c5d9355): no deadline may reach its boards later.
 */
export const boardsBefore = { day: 154, live: 227 };

/** Issue 42: a live session of Pasture at 20 players within a personal account's day, with room for the host's own runs. */
export const liveTargetMinutes = 80;
