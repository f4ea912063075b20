// This game's part of npm run bench, section 6 (bench/sandbox.ts): the add-on in the sandbox.

/**
 * Executions of this game's phase-a-day match before issue 26 (a minute trigger all match long):
 * bench/results.md of 2026-11-24, the last run before it. The target is an eighth of these.
 */
export const executionsBefore = 104;

/**
 * Deadline to every board, the worst (seconds, pessimistic) of its phase-a-day match and its live
 * session before issue 42 (bench/results.md of c5d9355): no deadline may reach its boards later.
 */
export const boardsBefore = { day: 71, live: 71 };
