// This game's part of npm run bench, section 6 (bench/sandbox.ts): the add-on in the sandbox.

/**
 * Deadline to every board, the worst (seconds, pessimistic) of its phase-a-day match and its live
 * session before issue 42 (bench/results.md of c5d9355): no deadline may reach its boards later.
 */
export const boardsBefore = { day: 77, live: 91 };
