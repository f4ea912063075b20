import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/fast-check-setup.ts', 'test/schema-setup.ts'],
    // Property tests play whole matches; give them room on a 2-core CI machine.
    testTimeout: 60_000,
    pool: 'threads',
    // One file more than the cores: vitest's default leaves one idle for itself, which on 2 cores runs
    // the files one at a time; and the HTTP, CLI and sidebar tests spend much of their time waiting on
    // a child process, a browser or a client's time-out, which a third file fills (on 2 quiet cores
    // the suite took 11 min 7 s with 2, 10 min 7 s with 3).
    maxWorkers: availableParallelism() + 1,
  },
});
