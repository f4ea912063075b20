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
    // Every core: vitest's default leaves one idle for itself, which on 2 cores runs the files one at a time.
    maxWorkers: availableParallelism(),
  },
});
