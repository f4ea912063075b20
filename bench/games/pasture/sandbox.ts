// This game's part of npm run bench, section 6 (bench/sandbox.ts): the add-on in the sandbox.

/**
 * Executions of this game's phase-a-day match before issue 26 (a minute trigger all match long):
 * bench/results.md of 2026-11-24, the last run before it. The target is an eighth of these.
 */
export const executionsBefore = 10322;

/** A live session plays Pasture's five rounds (its largest case plays fewer). */
export const liveOptions = { rounds: 5 };
